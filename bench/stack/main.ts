import { fileURLToPath } from 'node:url';
import { postgresUnavailable, type BackendName } from './backends.ts';
import { measureBackend, type BackendResult } from './measure-backend.ts';
import { PAGE_SIZE, STATUS } from './orders-query.ts';
import { machineInfo, renderTable, verdict, writeReport, type StackBenchReport } from './report.ts';
import { FULL, QUICK } from './settings.ts';

export const RESULTS_DIR = fileURLToPath(new URL('../results', import.meta.url));

export interface StackBenchOptions {
  backends: BackendName[];
  quick: boolean;
}

const QUERY_DESCRIPTION =
  `supabase.from('bench_orders').select('id, code, amount, status, customer:bench_customers(id, name)', { count: 'exact' })` +
  `.eq('status', '${STATUS}').order('created_at', { ascending: false }).range(0, ${PAGE_SIZE - 1})`;

/** Measures each backend in turn (never together: they would share the 2 cores), prints the table, writes the JSON. */
export async function runStackBench(opts: StackBenchOptions): Promise<StackBenchReport> {
  const settings = opts.quick ? QUICK : FULL;
  const startedAt = new Date().toISOString();
  const machine = machineInfo();
  const backends: BackendResult[] = [];
  for (const backend of opts.backends) {
    const missing = backend === 'postgres' ? postgresUnavailable() : null;
    if (missing) {
      console.log(`\n${backend}: ${missing}`);
      backends.push({ backend, available: false, reason: missing });
      continue;
    }
    try {
      backends.push(await measureBackend(backend, settings));
    } catch (e) {
      const reason = `the stack did not start: ${(e as Error).message}`;
      console.error(`${backend}: ${reason}`);
      backends.push({ backend, available: false, reason });
    }
  }
  const report: StackBenchReport = {
    benchmark: 'stack',
    schemaVersion: 1,
    startedAt,
    finishedAt: new Date().toISOString(),
    machine,
    profile: opts.quick ? 'quick' : 'full',
    settings,
    query: QUERY_DESCRIPTION,
    target: verdict(backends),
    backends,
  };
  const m = report.machine;
  console.log(`\nStack benchmark, ${report.profile} profile: ${m.cpus} x ${m.cpuModel}, Node ${m.node}`);
  console.log(`request: ${QUERY_DESCRIPTION}\n`);
  console.log(renderTable(report));
  console.log(`\nwritten: ${writeReport(report, RESULTS_DIR)} (and stack-latest.json)`);
  return report;
}
