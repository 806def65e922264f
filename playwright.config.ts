import { defineConfig, devices } from '@playwright/test';

const STACK_PORT = Number(process.env.E2E_STACK_PORT ?? 54331);
const baseURL = `http://127.0.0.1:${STACK_PORT}`;
const onCI = Boolean(process.env.CI);

/**
 * Chromium keeps only the last --disable-features it is given, so this one repeats the list Playwright
 * passes (playwright-core's chromiumSwitches.ts, as of 1.5x) and adds the omnibox popups: every
 * window of new-headless Chromium preloads them as WebUI pages in renderers of their own, a fifth of
 * the browser's CPU in a run where each test opens a fresh context (measured on 2 cores: 37 s of CPU
 * for seven contexts' page loads with them, 29 s without).
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

const chromium = {
  ...devices['Desktop Chrome'],
  // Playwright cannot download its browsers here: drive Debian's Chromium instead.
  headless: true,
  launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
};

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: onCI,
  retries: onCI ? 1 : 0,
  // Two workers on CI as locally. The suite is nearly CPU-bound on 2 cores (Chromium's renderers and
  // software GPU, the stack: load average 10-11 with two), so the second worker gains little (e2e
  // 23m37s for 256 tests, where one worker took 21 min for 248 before the axe sweep); specs that
  // share demo data (a tenant's brand) must tolerate it, and CI retries once.
  workers: 2,
  reporter: onCI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Recording a trace costs a test about a third of its time (screencast frames and DOM snapshots on
    // every action): CI records one on the retry of a failed test, where it explains the failure.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The built app registers a service worker that precaches its files (vite.config.ts): a spec that
    // routes an asset (shell.spec's chunk-load screen) would be answered from its cache instead. Specs
    // run without it; driver-app-offline.spec allows it on its own contexts.
    serviceWorkers: 'block',
  },
  projects: [
    {
      // Most specs never look at a map, yet maplibre draws every map on the page in software
      // (SwiftShader: no GPU here), which costs more CPU than the rest of a board or dashboard page
      // together. Without WebGL, MapView shows its "Map unavailable" fallback and the page works as
      // in a browser that cannot draw maps. Specs about the map itself are tagged @map and run below.
      name: 'chromium',
      grepInvert: /@map/,
      use: { ...chromium, launchOptions: { ...chromium.launchOptions, args: [...CHROMIUM_ARGS, '--disable-webgl'] } },
    },
    { name: 'chromium-map', grep: /@map/, use: chromium },
  ],
  webServer: {
    // `npm start` on its own ports and a fresh data dir (removed afterwards), so tests see the seed and never touch .data.
    command: 'npx tsx tests/e2e/serve-stack.ts',
    // E2E_RUNNER_PID: the runner that starts the server; the server stops when it is gone (tests/e2e/serve-stack.ts).
    env: { STACK_PORT: String(STACK_PORT), STACK_DB_PORT: String(STACK_PORT + 1), STACK_LOG: 'error', E2E_RUNNER_PID: String(process.pid) },
    url: `${baseURL}/sign-in`,
    reuseExistingServer: !onCI,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
