import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const UNIT_INCLUDE = ['src/**/*.test.{ts,tsx}', 'stack/**/*.test.ts', 'scripts/**/*.test.ts'];

/**
 * The unit files that replace modules (`vi.mock`, `vi.doMock`, `vi.unmock`). Without isolation a
 * module is loaded once per worker and shared by the files that run there, so a mock would reach
 * (or miss) whichever file loaded the module first: these run in their own module graph each.
 * Read from the files themselves, so a new test that mocks a module lands here on its own.
 */
function unitFilesMockingModules(): string[] {
  const mocking = /\bvi\.(?:do)?(?:un)?mock\(/;
  return ['src', 'stack', 'scripts'].flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
      .map((file) => `${root}/${file.replaceAll('\\', '/')}`)
      .filter((file) => mocking.test(readFileSync(file, 'utf8'))),
  );
}

const MOCKING = unitFilesMockingModules();

/** What both unit projects share; they differ only in isolation and in which files they take. */
const UNIT = {
  environment: 'node' as const,
  setupFiles: ['src/test/dom-setup.ts'],
  // A component file's first test also pays for loading its modules (maplibre, pdf.js, the atlas):
  // a safety net for a busy 2-core machine, not a speed check.
  testTimeout: 15_000,
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, which left
    // a core idle through every step (unit 143 s at 122 % CPU; 95 s at 189 % with two). The stack and
    // app suites share one stack per run and run their files side by side as on any larger machine;
    // four at most, so a many-core laptop does not pile dozens of files onto that one stack.
    maxWorkers: Math.min(4, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          ...UNIT,
          name: 'unit',
          include: UNIT_INCLUDE,
          exclude: [...configDefaults.exclude, ...MOCKING],
          // One module graph per worker, reused from file to file: React, jsdom, the kit and the
          // catalogues load once per worker rather than once per file. A file must leave nothing
          // behind; file-cleanup.ts puts back at its end what tests change (timers, globals, spies,
          // the DOM, storage, the language). The files that mock modules run isolated, below.
          // Measured on 2 cores, back to back: every file isolated 126 s; this split 85 s and 83 s (forks).
          // pool 'threads' took 70-81 s but failed LiveAnnouncer's inert-dialog test: forks it stays.
          isolate: false,
          setupFiles: [...UNIT.setupFiles, 'src/test/file-cleanup.ts'],
          // Type tests (*.test-d.ts): tsc checks them, nothing runs (the typed client's guarantees).
          typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: 'tsconfig.typetest.json' },
        },
      },
      {
        extends: true,
        test: {
          ...UNIT,
          name: 'unit-isolated',
          include: MOCKING,
        },
      },
      {
        test: {
          name: 'stack',
          include: ['tests/stack/**/*.test.ts'],
          globalSetup: ['tests/stack/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'app',
          include: ['tests/app/**/*.test.ts'],
          globalSetup: ['tests/app/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
