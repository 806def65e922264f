import { measureEachBackend, type BackendName } from './backends.ts';
import { measureBackend, type BackendResult } from './measure-backend.ts';
import { PAGE_SIZE, STATUS } from './orders-query.ts';
import { machineInfo, renderTable, verdict, type StackBenchReport } from './report.ts';
import { FULL, QUICK } from './settings.ts';
import { writeResults } from '../results.ts';


export interface StackBenchOptions {
  backends: BackendName[];
  quick: boolean;
}

const QUERY_DESCRIPTION =
  `supabase.from('bench_orders').select('id, code, amount, status, customer:bench_customers(id, name)', { count: 'exact' })` +
  `.eq('status', '${STATUS}').order('created_at', { ascending: false }).range(0, ${PAGE_SIZE - 1})`;

/** Measures each backend in turn, prints the table, writes the JSON. */
export async function runStackBench(opts: StackBenchOptions): Promise<StackBenchReport> {
  const settings = opts.quick ? QUICK : FULL;
  const startedAt = new Date().toISOString();
  const machine = machineInfo();
  const backends: BackendResult[] = await measureEachBackend(opts.backends, (backend) => measureBackend(backend, settings));
  const report: StackBenchReport = {
    benchmark: 'stack',
    schemaVersion: 5,
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
  console.log(`\nwritten: ${writeResults('stack', report)} (and stack-latest.json)`);
  return report;
}
