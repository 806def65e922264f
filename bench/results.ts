import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where every bench writes its reports (kept out of git but for the figures bench/README.md quotes). */
export const RESULTS_DIR = fileURLToPath(new URL('./results', import.meta.url));

/**
 * Writes a bench's report as `<name>-<its start, a file name>.json` and as `<name>-latest.json` in
 * bench/results; answers the first file's path.
 */
export function writeResults(name: string, report: { startedAt: string }, resultsDir = RESULTS_DIR): string {
  mkdirSync(resultsDir, { recursive: true });
  const body = `${JSON.stringify(report, null, 2)}\n`;
  const file = path.join(resultsDir, `${name}-${report.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, body);
  writeFileSync(path.join(resultsDir, `${name}-latest.json`), body);
  return file;
}
