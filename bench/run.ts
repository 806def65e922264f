/**
 * `npm run bench`: the stack benchmark of issue 2 (bench/README.md).
 *
 *   npm run bench                          PGlite and Postgres, full profile (1-2 minutes on 2 cores)
 *   npm run bench -- --quick               a short smoke run of the bench itself
 *   npm run bench -- --backend pglite      one backend only (repeatable)
 *   npm run bench -- --check               exit 1 when the overhead target is not met
 */
import { parseArgs } from 'node:util';
import { BACKENDS, type BackendName } from './stack/backends.ts';
import { runStackBench } from './stack/main.ts';

function parseBackends(values: string[] | undefined): BackendName[] {
  if (!values || values.length === 0) return [...BACKENDS];
  for (const v of values) {
    if (!(BACKENDS as readonly string[]).includes(v)) throw new Error(`unknown backend "${v}"; choose from ${BACKENDS.join(', ')}`);
  }
  return BACKENDS.filter((b) => values.includes(b));
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      backend: { type: 'string', multiple: true },
      quick: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const report = await runStackBench({ backends: parseBackends(values.backend), quick: values.quick ?? false });
  return values.check && report.target.verdict !== 'PASS' ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`bench failed: ${(e as Error).message}`);
    process.exit(2);
  },
);
