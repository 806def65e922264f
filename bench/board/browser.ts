import { writeFile } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * The board in headless Chromium (Debian's, through playwright-core: Playwright cannot download its
 * own browsers here): signed in as the dispatcher, the board opened afresh, first paint with data
 * measured, then long tasks collected while the caller streams changes.
 *
 * First paint with data: from the navigation's start (the page's `performance.timeOrigin`) to the
 * first frame painted once the unassigned queue shows a card and the drivers list shows a driver.
 * An init script watches the DOM (MutationObserver); when both are there it waits for the next
 * animation frame and then a task queued from it, which runs after that frame is painted.
 *
 * Long tasks: a PerformanceObserver on 'longtask' (buffered) from the document's start; the stream's
 * are those that start inside its window.
 */

export const CHROMIUM = '/usr/bin/chromium';
const BASE_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-dev-shm-usage', '--no-first-run'];

/**
 * How Chromium renders the page. There is no GPU here, so each is a way of doing without one:
 * - 'default': headless Chromium as it starts (Playwright's own switches, which include
 *   `--enable-unsafe-swiftshader`, and no GPU flag of ours). Chromium finds no usable GPU: it
 *   composites and rasterizes the page in software and gives WebGL alone to SwiftShader, so the map
 *   draws. The run the targets judge.
 * - 'swiftshader': `--use-angle=swiftshader` makes SwiftShader Chromium's GPU for everything: WebGL,
 *   and also compositing and rasterizing every frame of the page through an emulated GPU.
 * - 'off': no WebGL at all (the map shows its fallback): the board's own cost, apart from the map's.
 */
export type RenderMode = 'default' | 'swiftshader' | 'off';
export const RENDER_MODES: readonly RenderMode[] = ['default', 'swiftshader', 'off'];

export function chromiumArgs(mode: RenderMode): string[] {
  if (mode === 'swiftshader') return [...BASE_ARGS, '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
  if (mode === 'off') return [...BASE_ARGS, '--disable-gpu', '--disable-webgl', '--disable-3d-apis'];
  return BASE_ARGS;
}

export interface LongTask {
  start: number;
  duration: number;
  attribution: string;
}

export interface BrowserProbe {
  webgl: boolean;
  /** What the map area shows: the map's canvas, or its no-WebGL fallback. */
  map: 'canvas' | 'fallback' | 'none';
  firstPaintWithDataMs: number | null;
  /** Cards in the unassigned queue's DOM at first paint (virtualized: a screenful, not the lane's count). */
  queueCards: number;
  driverRows: number;
  /** The board's own counters at first paint. */
  counters: Record<string, string>;
  /** Long tasks between navigation and first paint with data. */
  loadLongTasks: LongTask[];
}

const INIT_SCRIPT = `(() => {
  const w = window;
  w.__boardBench = { longTasks: [], firstPaint: null };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        w.__boardBench.longTasks.push({ start: e.startTime, duration: e.duration,
          attribution: (e.attribution || []).map((a) => [a.containerType, a.containerName || a.containerSrc || a.name].filter(Boolean).join(':')).join(',') || e.name });
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) { w.__boardBench.longTaskError = String(e); }
  const ready = () => document.querySelector('[role="list"][aria-label="Unassigned queue"] [data-testid="board-card"]') && document.querySelector('[data-testid="board-driver"]');
  let armed = false;
  const arm = () => {
    if (armed || !ready()) return;
    armed = true;
    requestAnimationFrame(() => setTimeout(() => { w.__boardBench.firstPaint = performance.now(); }, 0));
  };
  const start = () => { arm(); if (!armed) { const mo = new MutationObserver(() => { arm(); if (armed) mo.disconnect(); }); mo.observe(document.documentElement, { childList: true, subtree: true }); } };
  if (document.documentElement) start(); else document.addEventListener('DOMContentLoaded', start);
})();`;

// Page-side expressions as strings: the bench's TypeScript project has no DOM types.
const COUNTERS_SCRIPT = `(() => {
  const counters = {};
  for (const el of document.querySelectorAll('[data-testid^="count-"]')) counters[el.getAttribute('data-testid').slice(6)] = el.textContent ?? '';
  return counters;
})()`;

const PROBE_SCRIPT = `(() => {
  const b = window.__boardBench;
  const canvas = document.createElement('canvas');
  const webgl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) != null;
  const map = document.querySelector('[data-testid="map-fallback"]') ? 'fallback' : document.querySelector('.maplibregl-canvas') ? 'canvas' : 'none';
  return {
    webgl,
    map,
    firstPaintWithDataMs: b.firstPaint,
    queueCards: document.querySelectorAll('[role="list"][aria-label="Unassigned queue"] [data-testid="board-card"]').length,
    driverRows: document.querySelectorAll('[data-testid="board-driver"]').length,
    counters: ${COUNTERS_SCRIPT},
    loadLongTasks: b.longTasks.filter((t) => t.start <= b.firstPaint),
  };
})()`;

export class BoardBrowser {
  private constructor(
    private readonly browser: Browser,
    private readonly page: Page,
  ) {}

  static async open(baseUrl: string, webgl: RenderMode): Promise<BoardBrowser> {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs(webgl) });
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    return new BoardBrowser(browser, page);
  }

  /** Signs in through the sign-in page (the session is then in the page's storage, as for a returning dispatcher). */
  async signIn(email: string, password: string, panelPath: string, timeoutMs: number): Promise<void> {
    const page = this.page;
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === panelPath, { timeout: timeoutMs });
    // Let the first visit's board load and its service worker install (it precaches the app's
    // assets: a returning dispatcher has them), then leave it for a blank page. Without the wait the
    // precache's downloads ran through the measured load.
    await page.locator('[data-testid="board-driver"]').first().waitFor({ timeout: timeoutMs });
    await page.evaluate(`navigator.serviceWorker ? navigator.serviceWorker.ready.then(() => true) : false`);
    await page.goto('about:blank');
  }

  /** Opens the board as a new document and waits for its first paint with data. */
  async openBoard(panelPath: string, timeoutMs: number): Promise<BrowserProbe> {
    const page = this.page;
    await page.addInitScript(INIT_SCRIPT);
    await page.goto(panelPath);
    await page.waitForFunction(() => (globalThis as unknown as { __boardBench: { firstPaint: number | null } }).__boardBench.firstPaint !== null, null, { timeout: timeoutMs, polling: 50 });
    return (await page.evaluate(PROBE_SCRIPT)) as BrowserProbe;
  }

  /**
   * Waits until the page has had no long task for `quietMs` (at most `limitMs`): the map compiles its
   * WebGL programs as its layers first draw, which in software (SwiftShader) takes seconds after the
   * first paint. The stream's long tasks are the board's steady state, not the end of its load.
   * Returns how long it waited, and whether it got quiet.
   */
  async settle(quietMs: number, limitMs: number): Promise<{ waitedMs: number; quiet: boolean }> {
    const started = Date.now();
    for (;;) {
      const idleFor = (await this.page.evaluate(
        `(() => { const t = window.__boardBench.longTasks; const last = t.length ? t[t.length - 1] : null; return performance.now() - (last ? last.start + last.duration : 0); })()`,
      )) as number;
      const waitedMs = Date.now() - started;
      if (idleFor >= quietMs) return { waitedMs, quiet: true };
      if (waitedMs >= limitMs) return { waitedMs, quiet: false };
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  /** The page's clock now (ms since its navigation): marks the stream's window. */
  async now(): Promise<number> {
    return this.page.evaluate(() => performance.now());
  }

  async longTasksBetween(from: number, to: number): Promise<LongTask[]> {
    return this.page.evaluate(([a, b]) => (globalThis as unknown as { __boardBench: { longTasks: LongTask[] } }).__boardBench.longTasks.filter((t) => t.start >= a && t.start <= b), [from, to] as const);
  }

  async counters(): Promise<Record<string, string>> {
    return (await this.page.evaluate(COUNTERS_SCRIPT)) as Record<string, string>;
  }

  /** Records a Chrome trace (devtools.timeline) over `body`, for long-task attribution when a target is missed. */
  async trace<T>(file: string, body: () => Promise<T>): Promise<T> {
    const browser = this.browser;
    await browser.startTracing(this.page, { path: file, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
    try {
      return await body();
    } finally {
      await browser.stopTracing();
    }
  }

  /** Records a CPU profile of the page (CDP Profiler, sampled every 250 µs) over `body`, written as a .cpuprofile: what the main thread ran. */
  async profile<T>(file: string, body: () => Promise<T>): Promise<T> {
    const session = await this.page.context().newCDPSession(this.page);
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 250 });
    await session.send('Profiler.start');
    try {
      return await body();
    } finally {
      const { profile } = await session.send('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
      await session.detach();
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
