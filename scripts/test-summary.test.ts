import { describe, expect, it } from 'vitest';
import { countStep, parseDeno, parsePgProve, parsePlaywright, parseVitest, stripAnsi } from './test-summary.ts';

const ESC = '\x1b';

describe('parseVitest', () => {
  it('reads a green run', () => {
    const out = ' Test Files  13 passed (13)\n      Tests  173 passed (173)\n   Start at  06:24:09\n   Duration  17.50s\n';
    expect(parseVitest(out)).toEqual({ passed: 173, failed: 0, skipped: 0 });
  });

  it('reads failed, skipped and todo, in colour', () => {
    const out =
      `${ESC}[2m Test Files ${ESC}[22m ${ESC}[1m${ESC}[31m1 failed${ESC}[39m${ESC}[22m${ESC}[2m | ${ESC}[22m${ESC}[1m${ESC}[32m12 passed${ESC}[39m${ESC}[22m${ESC}[90m (13)${ESC}[39m\n` +
      `${ESC}[2m      Tests ${ESC}[22m ${ESC}[1m${ESC}[31m2 failed${ESC}[39m${ESC}[22m${ESC}[2m | ${ESC}[22m${ESC}[1m${ESC}[32m138 passed${ESC}[39m${ESC}[22m${ESC}[2m | ${ESC}[22m${ESC}[33m12 skipped${ESC}[39m${ESC}[2m | ${ESC}[22m1 todo${ESC}[90m (153)${ESC}[39m\n`;
    expect(parseVitest(out)).toEqual({ passed: 138, failed: 2, skipped: 13 });
  });

  it('reads a run with no tests, and finds nothing in other output', () => {
    expect(parseVitest(' Test Files  1 failed (1)\n      Tests  no tests\n')).toEqual({ passed: 0, failed: 0, skipped: 0 });
    expect(parseVitest('Test Files  3 passed (3)\nsome log line about Tests\n')).toBeNull();
  });

  it('adds up several runs', () => {
    const out = '      Tests  3 passed (3)\n...\n      Tests  1 failed | 4 passed (5)\n';
    expect(parseVitest(out)).toEqual({ passed: 7, failed: 1, skipped: 0 });
  });
});

describe('parsePlaywright', () => {
  it('reads the list reporter summary', () => {
    const out = [
      'Running 9 tests using 2 workers',
      '  ✓  1 [chromium] › tests/e2e/app.spec.ts:3:1 › loads (1.2s)',
      '  ✘  2 [chromium] › tests/e2e/app.spec.ts:9:1 › signs in (3.0s)',
      '',
      '  1 failed',
      '    [chromium] › tests/e2e/app.spec.ts:9:1 › signs in',
      '  1 flaky',
      '    [chromium] › tests/e2e/app.spec.ts:20:1 › lists',
      '  2 skipped',
      '  5 passed (12.3s)',
    ].join('\n');
    expect(parsePlaywright(out)).toEqual({ passed: 6, failed: 1, skipped: 2 });
  });

  it('reads a green run and finds nothing without a summary', () => {
    expect(parsePlaywright('\n  5 passed (4.1s)\n')).toEqual({ passed: 5, failed: 0, skipped: 0 });
    expect(parsePlaywright('Error: Cannot find module playwright.config.ts\n')).toBeNull();
  });
});

describe('parsePgProve', () => {
  const green = [
    '/work/main/supabase/tests/demo_users.sql ............ ok',
    '/work/main/supabase/tests/rls_enabled.sql ........... ok',
    'All tests successful.',
    'Files=3, Tests=10,  1 wallclock secs ( 0.02 usr  0.01 sys +  0.05 cusr  0.02 csys =  0.10 CPU)',
    'Result: PASS',
  ].join('\n');

  const red = [
    '/p/a_fail.sql ................ ',
    '# Failed test 2: "deliberately wrong"',
    'Failed 1/3 subtests ',
    '/p/d_die.sql ................. ',
    'Dubious, test returned 3 (wstat 768, 0x300)',
    'Failed 1/2 subtests ',
    '/p/todo.sql .................. ok',
    '',
    'Test Summary Report',
    '-------------------',
    '/p/a_fail.sql              (Wstat: 0 Tests: 3 Failed: 1)',
    '  Failed test:  2',
    '/p/d_die.sql               (Wstat: 768 (exited 3) Tests: 1 Failed: 0)',
    '  Non-zero exit status: 3',
    '  Parse errors: Bad plan.  You planned 2 tests but ran 1.',
    '/p/todo.sql                (Wstat: 0 Tests: 2 Failed: 0)',
    '  TODO passed:   2',
    'Files=3, Tests=6,  0 wallclock secs ( 0.02 usr  0.01 sys +  0.12 cusr  0.04 csys =  0.19 CPU)',
    'Result: FAIL',
  ].join('\n');

  it('reads a passing run', () => {
    expect(parsePgProve(green)).toEqual({ passed: 10, failed: 0, skipped: 0 });
  });

  it('counts failed assertions, and a file that died as one failure more', () => {
    expect(parsePgProve(red)).toEqual({ passed: 5, failed: 2, skipped: 0 });
  });

  it('counts a clean-exit file with a broken plan as failed', () => {
    const out = '/p/x.sql (Wstat: 0 Tests: 2 Failed: 0)\n  Parse errors: Bad plan.  You planned 3 tests but ran 2.\nFiles=1, Tests=2, 0 wallclock secs\nResult: FAIL\n';
    expect(parsePgProve(out)).toEqual({ passed: 2, failed: 1, skipped: 0 });
  });

  it('adds up one run per backend', () => {
    expect(parsePgProve(`── PostgreSQL 15\n${green}\n\n── PGlite\n${red}\n`)).toEqual({ passed: 15, failed: 2, skipped: 0 });
  });

  it('counts a FAIL without a report as one failure, and finds nothing without a result', () => {
    expect(parsePgProve('Files=0, Tests=0, 0 wallclock secs\nResult: FAIL\n')).toEqual({ passed: 0, failed: 1, skipped: 0 });
    expect(parsePgProve('error: pg_prove not found.\n')).toBeNull();
  });
});

describe('parseDeno', () => {
  it('reads ok and FAILED summaries, in colour', () => {
    expect(parseDeno(`\n${ESC}[0m${ESC}[32mok${ESC}[0m | 5 passed | 0 failed ${ESC}[0m${ESC}[38;5;245m(46ms)${ESC}[0m\n`)).toEqual({
      passed: 5,
      failed: 0,
      skipped: 0,
    });
    expect(parseDeno('FAILED | 4 passed (3 steps) | 1 failed (1 step) | 2 ignored (1s)\n')).toEqual({ passed: 4, failed: 1, skipped: 2 });
  });

  it('ignores per-test lines', () => {
    expect(parseDeno('cors ... ok (1ms)\n')).toBeNull();
  });
});

describe('countStep', () => {
  it('takes the runner\'s counts', () => {
    expect(countStep('deno', 'ok | 5 passed | 0 failed (46ms)', true)).toEqual({ passed: 5, failed: 0, skipped: 0, note: '' });
  });

  it('counts a crash without a summary as one failed test', () => {
    expect(countStep('vitest', 'Error: Cannot find module', false)).toMatchObject({ passed: 0, failed: 1 });
  });

  it('counts a failed step whose summary shows no failure as one failed test', () => {
    const out = ' Test Files  1 failed | 12 passed (13)\n      Tests  138 passed | 12 skipped (150)\n';
    expect(countStep('vitest', out, false)).toMatchObject({ passed: 138, failed: 1, skipped: 12 });
  });

  it('does not invent a failure for a green step without a summary', () => {
    expect(countStep('playwright', '', true)).toMatchObject({ passed: 0, failed: 0 });
  });
});

describe('stripAnsi', () => {
  it('removes colour codes', () => {
    expect(stripAnsi(`${ESC}[1m${ESC}[32m3 passed${ESC}[39m${ESC}[22m`)).toBe('3 passed');
  });
});
