/**
 * Test counts from the summaries the runners print, so `npm test` can report tests rather than
 * steps. Each parser reads a runner's whole output (colours allowed) and returns null when it
 * finds no summary at all; several summaries in one output (one step running a tool twice) add up.
 */

export type SummaryFormat = 'vitest' | 'playwright' | 'pg_prove' | 'deno';

export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

function lines(output: string): string[] {
  return stripAnsi(output).split(/\r?\n/);
}

function add(a: TestCounts, b: TestCounts): TestCounts {
  return { passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped };
}

const ZERO: TestCounts = { passed: 0, failed: 0, skipped: 0 };

/** `Tests  2 failed | 170 passed | 1 skipped (173)`, `Tests  no tests`. */
export function parseVitest(output: string): TestCounts | null {
  let total: TestCounts | null = null;
  for (const line of lines(output)) {
    const m = /^\s*Tests\s{2,}(.+?)\s*$/.exec(line);
    if (!m) continue;
    const counts = { ...ZERO };
    if (m[1] !== 'no tests') {
      const parts = m[1].replace(/\s*\(\d+\)$/, '').split('|');
      let recognised = 0;
      for (const part of parts) {
        const p = /^\s*(\d+) (passed|failed|skipped|todo|expected fail)\s*$/.exec(part);
        if (!p) continue;
        recognised++;
        const n = Number(p[1]);
        if (p[2] === 'passed' || p[2] === 'expected fail') counts.passed += n;
        else if (p[2] === 'failed') counts.failed += n;
        else counts.skipped += n;
      }
      if (recognised === 0) continue;
    }
    total = add(total ?? ZERO, counts);
  }
  return total;
}

/** The block after the run: `  1 failed`, `  1 flaky`, `  2 skipped`, `  5 passed (12.3s)`. */
export function parsePlaywright(output: string): TestCounts | null {
  let total: TestCounts | null = null;
  for (const line of lines(output)) {
    const m = /^\s{0,4}(\d+) (passed|failed|flaky|skipped|interrupted|did not run)(?: \([^)]*\))?\s*$/.exec(line);
    if (!m) continue;
    const n = Number(m[1]);
    const counts = { ...ZERO };
    if (m[2] === 'passed' || m[2] === 'flaky') counts.passed = n;
    else if (m[2] === 'failed' || m[2] === 'interrupted') counts.failed = n;
    else counts.skipped = n;
    total = add(total ?? ZERO, counts);
  }
  return total;
}

/**
 * TAP::Harness: per run, `Files=3, Tests=10, ...` then `Result: PASS|FAIL`, after a `Test Summary
 * Report` with a `(Wstat: 0 Tests: 5 Failed: 1)` line per file worth a mention. Tests= counts the
 * assertions that ran, failed ones included. A file that died or broke its plan (non-zero wait
 * status, parse errors) counts as one failed test more.
 */
export function parsePgProve(output: string): TestCounts | null {
  let total: TestCounts | null = null;
  let failedAssertions = 0;
  let brokenFiles = 0;
  /** A reported file with no failed assertion and a clean exit: broken only if parse errors follow. */
  let cleanFile = false;
  let tests: number | null = null;
  for (const line of lines(output)) {
    const file = /\(Wstat: (\d+).*?Tests: (\d+) Failed: (\d+)\)\s*$/.exec(line);
    if (file) {
      failedAssertions += Number(file[3]);
      const died = Number(file[1]) !== 0;
      if (died && Number(file[3]) === 0) brokenFiles++;
      cleanFile = !died && Number(file[3]) === 0;
      continue;
    }
    if (cleanFile && /^\s+Parse errors:/.test(line)) {
      brokenFiles++;
      cleanFile = false;
      continue;
    }
    const files = /^Files=\d+, Tests=(\d+),/.exec(line);
    if (files) {
      tests = Number(files[1]);
      cleanFile = false;
      continue;
    }
    const result = /^Result: (PASS|FAIL|NOTESTS)\b/.exec(line);
    if (result) {
      const ran = tests ?? 0;
      let failed = failedAssertions + brokenFiles;
      if (result[1] === 'FAIL' && failed === 0) failed = 1;
      total = add(total ?? ZERO, { passed: Math.max(0, ran - failedAssertions), failed, skipped: 0 });
      failedAssertions = 0;
      brokenFiles = 0;
      cleanFile = false;
      tests = null;
    }
  }
  return total;
}

/** `ok | 5 passed | 0 failed (46ms)`, `FAILED | 4 passed (2 steps) | 1 failed | 1 ignored (1s)`. */
export function parseDeno(output: string): TestCounts | null {
  let total: TestCounts | null = null;
  for (const line of lines(output)) {
    const m = /^(?:ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed(?: \(\d+ steps?\))?(?: \| (\d+) ignored)?/.exec(line.trim());
    if (!m) continue;
    total = add(total ?? ZERO, { passed: Number(m[1]), failed: Number(m[2]), skipped: Number(m[3] ?? 0) });
  }
  return total;
}

const PARSERS: Record<SummaryFormat, (output: string) => TestCounts | null> = {
  vitest: parseVitest,
  playwright: parsePlaywright,
  pg_prove: parsePgProve,
  deno: parseDeno,
};

export function parseSummary(format: SummaryFormat, output: string): TestCounts | null {
  return PARSERS[format](output);
}

export interface StepCounts extends TestCounts {
  /** Why the counts are not simply the runner's own, when they are not. */
  note: string;
}

/**
 * What one step contributes to the total. A step that failed without a summary (it crashed, timed
 * out, could not start) counts as one failed test, and so does one whose summary shows no failed
 * test although it failed (a test file that did not load, an unhandled error).
 */
export function countStep(format: SummaryFormat, output: string, succeeded: boolean): StepCounts {
  const counts = parseSummary(format, output);
  if (!counts) {
    return succeeded
      ? { ...ZERO, note: 'no test summary found' }
      : { ...ZERO, failed: 1, note: 'no test summary: counted as 1 failed' };
  }
  if (!succeeded && counts.failed === 0) return { ...counts, failed: 1, note: 'failed outside any test: counted as 1 failed' };
  return { ...counts, note: '' };
}
