import { existsSync, readFileSync } from 'node:fs';
import type { Logger } from '../log.ts';

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)?\s*$/;

const CLOSED_DOUBLE_QUOTE = /^\s*"(?:[^"\\]|\\.)*"/s;

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

function unquote(raw: string): string {
  const value = raw.trim();
  const doubleQuoted = /^"((?:[^"\\]|\\.)*)"\s*(?:#.*)?$/s.exec(value);
  if (doubleQuoted) return doubleQuoted[1].replace(/\\([nrt"\\])/g, (_, c: string) => ESCAPES[c] ?? c);
  const singleQuoted = /^'([^']*)'\s*(?:#.*)?$/s.exec(value);
  if (singleQuoted) return singleQuoted[1];
  const comment = value.search(/\s#/);
  return (comment >= 0 ? value.slice(0, comment) : value).trim();
}

/** dotenv syntax as the Supabase CLI reads supabase/functions/.env: KEY=value, quotes, comments, `export`. */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*(#|$)/.test(line)) continue;
    const m = LINE.exec(line);
    if (!m) continue;
    let raw = m[2] ?? '';
    // A double-quoted value may span lines.
    if (/^\s*"/.test(raw)) {
      while (i + 1 < lines.length && !CLOSED_DOUBLE_QUOTE.test(raw)) raw += '\n' + lines[++i];
    }
    out[m[1]] = unquote(raw);
  }
  return out;
}

/**
 * The project's function secrets. Names starting with SUPABASE_ are reserved for the platform
 * and skipped, as the CLI does.
 */
export function readFunctionSecrets(file: string, log: Logger): Record<string, string> {
  if (!existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parseDotenv(readFileSync(file, 'utf8')))) {
    if (key.startsWith('SUPABASE_')) {
      log.error(`functions: ${file}: env name cannot start with SUPABASE_, skipping ${key}`);
      continue;
    }
    out[key] = value;
  }
  return out;
}

export interface PlatformVars {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  SUPABASE_SERVICE_ROLE_KEY: string;
  SUPABASE_DB_URL: string;
}

/** The whole environment of a function process: nothing of the stack's own environment leaks in. */
export function functionEnv(platform: PlatformVars, secrets: Record<string, string>, runtime: Record<string, string>): Record<string, string> {
  return { ...secrets, ...platform, ...runtime };
}
