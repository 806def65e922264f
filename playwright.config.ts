import { defineConfig, devices } from '@playwright/test';

const STACK_PORT = Number(process.env.E2E_STACK_PORT ?? 54331);
const baseURL = `http://127.0.0.1:${STACK_PORT}`;
const onCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: onCI,
  retries: onCI ? 1 : 0,
  workers: onCI ? 1 : 2,
  reporter: onCI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The built app registers a service worker that precaches its files (vite.config.ts): a spec that
    // routes an asset (shell.spec's chunk-load screen) would be answered from its cache instead. Specs
    // run without it; driver-app-offline.spec allows it on its own contexts.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Playwright cannot download its browsers here: drive Debian's Chromium instead.
        headless: true,
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-background-networking',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--no-first-run',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // `npm start` on its own ports and a fresh data dir (removed afterwards), so tests see the seed and never touch .data.
    command: 'npx tsx tests/e2e/serve-stack.ts',
    env: { STACK_PORT: String(STACK_PORT), STACK_DB_PORT: String(STACK_PORT + 1), STACK_LOG: 'error' },
    url: `${baseURL}/sign-in`,
    reuseExistingServer: !onCI,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
