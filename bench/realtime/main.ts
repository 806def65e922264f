import { measureEachBackend, type BackendName } from '../stack/backends.ts';
import { machineInfo } from '../stack/report.ts';
import { measureBackend, type BackendResult } from './measure-backend.ts';
import { renderTable, targets, type RealtimeBenchReport } from './report.ts';
import { FULL, QUICK } from './settings.ts';
import { writeResults } from '../results.ts';


export interface RealtimeBenchOptions {
  backends: BackendName[];
  quick: boolean;
}

/** Measures each backend in turn, prints the table, writes the JSON. */
export async function runRealtimeBench(opts: RealtimeBenchOptions): Promise<RealtimeBenchReport> {
  const settings = opts.quick ? QUICK : FULL;
  const startedAt = new Date().toISOString();
  const machine = machineInfo();
  const backends: BackendResult[] = await measureEachBackend(opts.backends, (backend) => measureBackend(backend, settings));
  const report: RealtimeBenchReport = {
    benchmark: 'realtime',
    schemaVersion: 3,
    startedAt,
    finishedAt: new Date().toISOString(),
    machine,
    profile: opts.quick ? 'quick' : 'full',
    settings,
    targets: targets(backends, settings),
    backends,
  };
  const m = report.machine;
  console.log(`\nRealtime benchmark, ${report.profile} profile: ${m.cpus} x ${m.cpuModel}, Node ${m.node}`);
  console.log(
    `latency: the row's commit time (database clock) to the subscriber's callback in the load client process: supabase-js in (a) and (b), protocol subscribers in (c) (bench/README.md)\n`,
  );
  console.log(renderTable(report));
  console.log(`\nwritten: ${writeResults('realtime', report)} (and realtime-latest.json)`);
  return report;
}
