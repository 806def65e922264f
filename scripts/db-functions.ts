import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../stack/config.ts';
import { PgliteDatabase } from '../stack/db/pglite.ts';
import { prepareDatabase } from '../stack/db/prepare.ts';
import { createLogger } from '../stack/log.ts';
import { functionSites, type FunctionSite } from './migration-functions.ts';

/**
 * `npm run db:functions`: where each function of the migrations is defined, and what it is now.
 *
 *   npm run db:functions                           every function of public and private, with the
 *                                                  migrations that define it (the last is current)
 *   npm run db:functions -- save_warehouse ...     each named function's current definition, as
 *                                                  pg_get_functiondef prints it (`private.x` for one schema)
 *
 * The definitions come from a throwaway PGlite in memory, prepared as the stack prepares a database
 * (bootstrap, then every migration; no seed): what the migrations make, whatever a data dir holds.
 */

const SCHEMAS = ['public', 'private'];

interface DbFunction {
  schema: string;
  name: string;
  args: string;
  definition: string;
  executors: string | null;
}

function describeSites(sites: FunctionSite[] | undefined): string {
  if (!sites || sites.length === 0) return 'no migration creates it by name';
  return sites.map((s) => (s.how === 'rewrite' ? `${s.file} (its text rewritten in place)` : s.file)).join(', ');
}

async function main(): Promise<number> {
  const names = process.argv.slice(2);
  const config = await loadConfig(process.env, { DATABASE_URL: undefined });
  const migrationsDir = path.join(config.supabaseDir, 'migrations');
  const files = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(migrationsDir, name), 'utf8') }));
  const sites = functionSites(files);

  const db = await PgliteDatabase.open();
  let functions: DbFunction[];
  try {
    await prepareDatabase(db, config, { seed: false, log: createLogger('error') });
    // Functions an extension installed are the extension's, not the migrations'.
    const { rows } = await db.query<DbFunction>(
      `select n.nspname as schema, p.proname as name, pg_get_function_identity_arguments(p.oid) as args,
         pg_get_functiondef(p.oid) as definition,
         (select string_agg(case when a.grantee = 0 then 'public' else a.grantee::regrole::text end, ', ' order by 1)
            from aclexplode(p.proacl) a where a.privilege_type = 'EXECUTE') as executors
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = any ($1) and p.prokind in ('f', 'p')
         and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
       order by 1, 2, 3`,
      [SCHEMAS],
    );
    functions = rows;
  } finally {
    await db.close();
  }

  if (names.length === 0) {
    let many = 0;
    for (const f of functions) {
      const s = sites.get(`${f.schema}.${f.name}`);
      if ((s?.length ?? 0) > 1) many++;
      console.log(`${f.schema}.${f.name}(${f.args}): ${describeSites(s)}`);
    }
    console.log(`\n${functions.length} functions; ${many} of them defined in more than one migration (the last one listed is the current definition).`);
    return 0;
  }

  let missing = false;
  for (const wanted of names) {
    const [schema, name] = wanted.includes('.') ? wanted.split('.', 2) : [null, wanted];
    const found = functions.filter((f) => f.name === name && (schema === null || f.schema === schema));
    if (found.length === 0) {
      console.error(`error: no function ${wanted} in ${SCHEMAS.join(' or ')}`);
      missing = true;
      continue;
    }
    for (const f of found) {
      console.log(`-- ${f.schema}.${f.name}(${f.args})`);
      console.log(`-- defined in: ${describeSites(sites.get(`${f.schema}.${f.name}`))}`);
      console.log(`-- execute granted to: ${f.executors ?? 'public (no grants recorded)'}`);
      console.log(`${f.definition.trimEnd()};\n`);
    }
  }
  return missing ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`error: ${(e as Error).message}`);
    process.exit(1);
  },
);
