import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'stack/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['src/test/dom-setup.ts'],
          // A component file's first test also pays for loading its modules (maplibre, pdf.js, the atlas):
          // a safety net for a busy 2-core machine, not a speed check.
          testTimeout: 15_000,
          // Type tests (*.test-d.ts): tsc checks them, nothing runs (the typed client's guarantees).
          typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: 'tsconfig.typetest.json' },
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
