/**
 * Where the migrations define each function, read from their text: a `create [or replace]
 * function schema.name(` statement defines it; a `pg_get_functiondef('schema.name(...)')` marks a
 * migration that rewrote a definition's text in place (the project writes changed functions out
 * whole now; supabase/README.md). Line comments are ignored, so a comment quoting a definition
 * does not count.
 */

export interface MigrationFile {
  name: string;
  sql: string;
}

/** A migration that defines a function: by a create statement, or by rewriting its text. */
export interface FunctionSite {
  file: string;
  how: 'create' | 'rewrite';
}

const CREATE = /\bcreate\s+(?:or\s+replace\s+)?function\s+(?:"?([a-z_][a-z0-9_]*)"?\.)?"?([a-z_][a-z0-9_]*)"?\s*\(/gi;
const REWRITE = /\bpg_get_functiondef\s*\(\s*'(?:([a-z_][a-z0-9_]*)\.)?([a-z_][a-z0-9_]*)\s*\(/gi;

function withoutLineComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, '');
}

/**
 * `schema.name` (public when the statement names no schema) -> the migrations that define it, in
 * the order the files are given (oldest first: the last is the current definition), each once.
 */
export function functionSites(files: MigrationFile[]): Map<string, FunctionSite[]> {
  const sites = new Map<string, FunctionSite[]>();
  const add = (schema: string | undefined, name: string, site: FunctionSite) => {
    const key = `${(schema ?? 'public').toLowerCase()}.${name.toLowerCase()}`;
    const list = sites.get(key) ?? [];
    if (!list.some((s) => s.file === site.file && s.how === site.how)) list.push(site);
    sites.set(key, list);
  };
  for (const file of files) {
    const sql = withoutLineComments(file.sql);
    for (const m of sql.matchAll(CREATE)) add(m[1], m[2], { file: file.name, how: 'create' });
    for (const m of sql.matchAll(REWRITE)) add(m[1], m[2], { file: file.name, how: 'rewrite' });
  }
  return sites;
}
