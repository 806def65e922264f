/**
 * `npm test`: the whole suite, in order, on a fresh machine. Installs missing system programs first
 * (scripts/ensure-system-deps.ts), then runs every step even when an earlier one fails, streaming its
 * output, and ends with a table per step and `<tests passed> passed, <tests failed> failed`: the counts
 * come from each runner's own summary (scripts/test-summary.ts), and CI reads that last line.
 *
 * Usage: tsx scripts/test.ts [step ...]   (no steps: all of them)
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureSystemDeps, MissingSystemDeps } from './ensure-system-deps.ts';
import { countStep, type StepCounts, type SummaryFormat } from './test-summary.ts';

interface Step {
  name: string;
  description: string;
  /** The npm script that runs the step. */
  script: string;
  /** Files the step cannot run without; a missing one fails the step rather than skipping it. */
  needs: string[];
  timeoutMinutes: number;
  /** Whose summary the step's output ends with. */
  format: SummaryFormat;
}

const STEPS: readonly Step[] = [
  { name: 'unit', description: 'unit tests (vitest)', script: 'test:unit', needs: ['vitest.config.ts'], timeoutMinutes: 10, format: 'vitest' },
  {
    name: 'stack',
    description: 'conformance on PGlite',
    script: 'test:stack',
    needs: ['vitest.config.ts', 'tests/stack/global-setup.ts'],
    timeoutMinutes: 12,
    format: 'vitest',
  },
  {
    name: 'stack-postgres',
    description: 'conformance on PostgreSQL 15',
    script: 'test:stack:postgres',
    needs: ['scripts/with-postgres.ts', 'tests/stack/global-setup.ts'],
    timeoutMinutes: 12,
    format: 'vitest',
  },
  {
    name: 'app',
    description: 'product API tests',
    script: 'test:app',
    needs: ['vitest.config.ts', 'tests/app/global-setup.ts'],
    timeoutMinutes: 5,
    format: 'vitest',
  },
  {
    name: 'db',
    description: 'database tests (pgTAP) on PostgreSQL 15 and PGlite',
    script: 'test:db',
    needs: ['scripts/test-db.ts'],
    timeoutMinutes: 5,
    format: 'pg_prove',
  },
  {
    name: 'functions',
    description: 'edge function tests (deno)',
    script: 'test:functions',
    needs: ['supabase/functions/deno.json'],
    timeoutMinutes: 5,
    format: 'deno',
  },
  {
    name: 'e2e',
    description: 'end-to-end (Playwright, Chromium)',
    script: 'test:e2e',
    needs: ['playwright.config.ts', 'stack/main.ts'],
    // A safety net above the suite's own time (about 24 min on 2 cores), not a budget to fill.
    timeoutMinutes: 30,
    format: 'playwright',
  },
];

interface Outcome {
  step: Step;
  passed: boolean;
  ms: number;
  note: string;
  counts: StepCounts;
}

/** Summaries come last; a runaway log only costs its head. */
const MAX_CAPTURE = 4 * 1024 * 1024;

let current: ReturnType<typeof spawn> | null = null;

/** Signals the child's whole process group; `evenAfterExit`: also when its leader (npm) has gone, since its runners may outlive it. */
function killGroup(signal: NodeJS.Signals, child = current, evenAfterExit = false): void {
  if (child?.pid === undefined || (child.exitCode !== null && !evenAfterExit)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killGroup(signal);
    process.exit(130);
  });
}

function runScript(step: Step): Promise<{ passed: boolean; note: string; output: string }> {
  return new Promise((resolve) => {
    // Piped, so the runner's summary can be read; keep its colours when we print to a terminal.
    const env = process.stdout.isTTY && process.env.FORCE_COLOR === undefined ? { ...process.env, FORCE_COLOR: '1' } : process.env;
    // Its own process group, so a timeout stops the whole tree (vitest workers, the stack, Chromium).
    const child = spawn('npm', ['run', step.script], { stdio: ['inherit', 'pipe', 'pipe'], detached: true, env });
    current = child;
    let captured = '';
    const capture = (chunk: Buffer) => {
      captured += chunk.toString('utf8');
      if (captured.length > MAX_CAPTURE) captured = captured.slice(-MAX_CAPTURE / 2);
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      capture(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      capture(chunk);
    });
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        console.error(`\n[test] ${step.name}: no result after ${step.timeoutMinutes} min, stopping it.`);
        killGroup('SIGTERM', child);
        // This step's group, not whichever step is current by then: the next one starts as soon as this one ends.
        setTimeout(() => killGroup('SIGKILL', child, true), 10_000).unref();
      },
      step.timeoutMinutes * 60_000,
    );
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ passed: false, note: `could not start npm: ${error.message}`, output: captured });
    });
    // 'close', not 'exit': the last of the output (the summary) has been read by then.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      current = null;
      // Whatever of the group outlived npm's exit (a runner still shutting down) goes now, before the next step binds its ports.
      if (timedOut) killGroup('SIGKILL', child, true);
      if (timedOut) resolve({ passed: false, note: `timed out after ${step.timeoutMinutes} min`, output: captured });
      else if (code === 0) resolve({ passed: true, note: '', output: captured });
      else resolve({ passed: false, note: signal ? `killed by ${signal}` : `exit code ${code}`, output: captured });
    });
  });
}

async function runStep(step: Step): Promise<Outcome> {
  console.log(`\n━━ ${step.name}: ${step.description} (npm run ${step.script})`);
  const started = performance.now();
  const missing = step.needs.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    const note = `cannot run: ${missing.join(', ')} missing`;
    console.error(`[test] ${step.name} FAILED: ${note}`);
    return { step, passed: false, ms: 0, note, counts: countStep(step.format, '', false) };
  }
  const { passed, note, output } = await runScript(step);
  return { step, passed, ms: performance.now() - started, note, counts: countStep(step.format, output, passed) };
}

function duration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  return `${Math.floor(seconds / 60)}m ${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
}

function summary(outcomes: Outcome[], totalMs: number): string {
  const rows = outcomes.map((o) => [
    o.step.name,
    o.passed ? 'ok' : 'FAILED',
    String(o.counts.passed),
    String(o.counts.failed),
    String(o.counts.skipped),
    duration(o.ms),
    [o.note, o.counts.note].filter(Boolean).join('; '),
  ]);
  const header = ['step', 'result', 'passed', 'failed', 'skipped', 'time', ''];
  const numeric = new Set([2, 3, 4, 5]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  const passed = outcomes.reduce((n, o) => n + o.counts.passed, 0);
  const failed = outcomes.reduce((n, o) => n + o.counts.failed, 0);
  return [
    '',
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    `total ${duration(totalMs)}`,
    `${passed} passed, ${failed} failed`,
  ].join('\n');
}

function selectSteps(names: string[]): Step[] {
  if (names.length === 0) return [...STEPS];
  const unknown = names.filter((name) => !STEPS.some((s) => s.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown step ${unknown.join(', ')}; the steps are: ${STEPS.map((s) => s.name).join(', ')}.`);
    process.exit(2);
  }
  return STEPS.filter((s) => names.includes(s.name));
}

async function main(): Promise<void> {
  const steps = selectSteps(process.argv.slice(2));
  try {
    ensureSystemDeps();
  } catch (error) {
    if (!(error instanceof MissingSystemDeps)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const started = performance.now();
  const outcomes: Outcome[] = [];
  for (const step of steps) outcomes.push(await runStep(step));
  console.log(summary(outcomes, performance.now() - started));
  process.exitCode = outcomes.every((o) => o.passed) ? 0 : 1;
}

await main();
