/**
 * `npm run bench`: the stack benchmark, then the realtime benchmark (bench/README.md);
 * `--suite deliveries`: the deliveries list and transitions (Postgres only, asked for by name).
 * `--suite solver`: the auto-assign solver, 150 deliveries over 20 drivers (no stack; asked for by name).
 * `--suite field`: assignments to 200 drivers on their own topics, commit to callback (Postgres only, asked for by name).
 * `--suite board`: the dispatcher's live board under 2,000 deliveries and 200 drivers (Postgres and headless Chromium, asked for by name).
 * `--suite wire`: first-load bytes on the wire of the sign-in page and the board, compressed and not (Postgres and headless Chromium, asked for by name).
 * `--suite webhooks`: deliveries' events to a local receiver through the outbox, pg_cron and the dispatcher: deliveries/s and event-to-receiver p99 when healthy; a receiver down for two hours of the dispatcher's clock, then every event delivered exactly once (Postgres only, asked for by name).
 * `--suite inventory`: ledger writes at 16 clients (distinct bins, reorder crossings, one item over 16 bins, one hot bin) and pick order completion (Postgres only, asked for by name).
 * `--suite soak`: the stack under the console's traffic for 30 minutes (3 with --quick): memory, event loop, latency drift, nothing lost (Postgres, asked for by name).
 *
 *   npm run bench                          both suites, PGlite and Postgres, full profile (about 5 minutes on 2 cores)
 *   npm run bench -- --suite realtime      one suite only (repeatable: stack, realtime, deliveries, solver)
 *   npm run bench -- --quick               a short smoke run of the bench itself
 *   npm run bench -- --backend pglite      one backend only (repeatable)
 *   npm run bench -- --check               exit 1 when a target of a suite that ran is not met
 */
import { parseArgs } from 'node:util';
import { runBoardBench } from './board/main.ts';
import { runDeliveriesBench } from './deliveries/main.ts';
import { runFieldBench } from './field/main.ts';
import { runInventoryBench } from './inventory/main.ts';
import { runWebhooksBench } from './webhooks/main.ts';
import { runRealtimeBench } from './realtime/main.ts';
import { runSoakBench } from './soak/main.ts';
import { runSolverBench } from './solver/main.ts';
import { BACKENDS, type BackendName } from './stack/backends.ts';
import { runStackBench } from './stack/main.ts';
import { runWireBench } from './wire/main.ts';

const SUITES = ['stack', 'realtime', 'deliveries', 'solver', 'field', 'board', 'wire', 'soak', 'inventory', 'webhooks'] as const;
/** Run by a plain `npm run bench` (deliveries loads a million rows: it runs when asked for by name). */
const DEFAULT_SUITES: readonly Suite[] = ['stack', 'realtime'];
type Suite = (typeof SUITES)[number];

function parseSuites(values: string[] | undefined): Suite[] {
  if (!values || values.length === 0) return [...DEFAULT_SUITES];
  for (const v of values) {
    if (!(SUITES as readonly string[]).includes(v)) throw new Error(`unknown suite "${v}"; choose from ${SUITES.join(', ')}`);
  }
  return SUITES.filter((s) => values.includes(s));
}

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
      suite: { type: 'string', multiple: true },
      quick: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const suites = parseSuites(values.suite);
  const opts = { backends: parseBackends(values.backend), quick: values.quick ?? false };
  let met = true;
  if (suites.includes('stack')) {
    const report = await runStackBench(opts);
    met &&= report.target.verdict === 'PASS';
  }
  if (suites.includes('realtime')) {
    if (suites.includes('stack')) console.log('');
    const report = await runRealtimeBench(opts);
    met &&= report.targets.broadcastP99.verdict === 'PASS' && report.targets.sustainedRatio.verdict === 'PASS' && report.targets.fanoutP99.verdict === 'PASS';
  }
  if (suites.includes('deliveries')) {
    if (suites.length > 1) console.log('');
    const report = await runDeliveriesBench({ quick: opts.quick });
    met &&= report.listTarget.verdict === 'PASS';
  }
  if (suites.includes('solver')) {
    if (suites.length > 1) console.log('');
    const report = await runSolverBench({ quick: opts.quick });
    met &&= report.target.verdict === 'PASS';
  }
  if (suites.includes('field')) {
    if (suites.length > 1) console.log('');
    const report = await runFieldBench({ quick: opts.quick });
    met &&= report.target.verdict === 'PASS';
  }
  if (suites.includes('board')) {
    if (suites.length > 1) console.log('');
    const report = await runBoardBench({ quick: opts.quick });
    met &&= Object.values(report.targets).every((t) => t.verdict === 'PASS');
  }
  if (suites.includes('wire')) {
    if (suites.length > 1) console.log('');
    // Reported, no target.
    await runWireBench({ quick: opts.quick });
  }
  if (suites.includes('soak')) {
    if (suites.length > 1) console.log('');
    const report = await runSoakBench({ quick: opts.quick });
    met &&= Object.values(report.targets).every((t) => t.verdict === 'PASS');
  }
  if (suites.includes('inventory')) {
    if (suites.length > 1) console.log('');
    // Reported, no target; a balance that differs from its ledger is a failure.
    const report = await runInventoryBench({ quick: opts.quick });
    met &&= !report.error && report.ledgerCheck?.mismatched === 0;
  }
  if (suites.includes('webhooks')) {
    if (suites.length > 1) console.log('');
    // Reported, no target; an event lost or delivered twice after the outage is a failure.
    const report = await runWebhooksBench({ quick: opts.quick });
    const o = report.outage;
    met &&= !report.error && o !== undefined && o.missing === 0 && o.deliveredTwiceOrMore === 0 && o.pendingOrFailed === 0 && o.deliveredOnce === o.expected;
  }
  return values.check && !met ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`bench failed: ${(e as Error).message}`);
    process.exit(2);
  },
);
