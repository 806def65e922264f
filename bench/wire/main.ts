import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { buildAppIfStale } from '../../stack/app-build.ts';
import { startAppStack, type AppStack } from '../app-stack.ts';
import { CHROMIUM, chromiumArgs } from '../board/browser.ts';
import { BOARD_PASSWORD, BOARD_SLUG, DISPATCHER_EMAIL, loadBoardData } from '../board/data.ts';
import { postgresUnavailable } from '../stack/backends.ts';
import { machineInfo } from '../stack/report.ts';
import { writeResults } from '../results.ts';

/**
 * `npm run bench -- --suite wire`: what a first visit costs on the wire. The stack serves the built app
 * (`dist/`) on the app's project (migrations, seed, and the board suite's data: 2,000 open deliveries,
 * 200 drivers on duty) on a throwaway Postgres; headless Chromium opens
 *   - the sign-in page, with an empty cache;
 *   - the dispatcher's board, signed in, with an empty cache (the session kept, every asset and answer
 *     fetched again), until its data is on screen and the network has been quiet for a second;
 * once as the browser asks (its own Accept-Encoding) and once with `Accept-Encoding: identity` (what
 * every answer cost before the stack compressed). Bytes are CDP's `encodedDataLength` of each request
 * (headers and body as received) and the decoded body's length beside it. The service worker is blocked:
 * its precache is a download of its own after the load, not part of the page's first load. Realtime's
 * websocket frames are not counted.
 */

const PROJECT_DIR = fileURLToPath(new URL('../..', import.meta.url));
const PANEL_PATH = `/${BOARD_SLUG}/dispatcher`;
const TIMEOUT_MS = 90_000;

type Kind = 'document' | 'script' | 'stylesheet' | 'api' | 'other';
type Encoding = 'negotiated' | 'identity';

interface Totals {
  requests: number;
  /** Headers and bodies as received. */
  wireBytes: number;
  /** The bodies once decoded. */
  bodyBytes: number;
}

interface Load {
  page: 'sign-in' | 'board';
  encoding: Encoding;
  total: Totals;
  byKind: Record<Kind, Totals>;
  /** Responses by Content-Encoding (`identity` when none). */
  contentEncodings: Record<string, number>;
  /** The five largest on the wire. */
  largest: { url: string; wireBytes: number; bodyBytes: number; contentEncoding: string }[];
}

export interface WireBenchReport {
  benchmark: 'wire';
  schemaVersion: 1;
  startedAt: string;
  finishedAt: string;
  machine: ReturnType<typeof machineInfo>;
  workingSet?: { deliveries: number; drivers: number };
  loads: Load[];
  error?: string;
}

interface Seen {
  url: string;
  kind: Kind;
  contentEncoding: string;
  wireBytes: number;
  bodyBytes: number;
  done: boolean;
}

function kindOf(type: string | undefined, url: string): Kind {
  if (type === 'Document') return 'document';
  if (type === 'Script') return 'script';
  if (type === 'Stylesheet') return 'stylesheet';
  if (/\/(rest|auth|storage|functions)\/v1\//.test(url)) return 'api';
  return 'other';
}

/** Counts every request of a page from now on, through CDP's Network domain. */
class WireMeter {
  private readonly seen = new Map<string, Seen>();

  private constructor(cdp: CDPSession) {
    cdp.on('Network.responseReceived', (e) => {
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      this.seen.set(e.requestId, {
        url: e.response.url,
        kind: kindOf(e.type, e.response.url),
        contentEncoding: headers['content-encoding'] ?? 'identity',
        wireBytes: 0,
        bodyBytes: 0,
        done: false,
      });
    });
    cdp.on('Network.dataReceived', (e) => {
      const s = this.seen.get(e.requestId);
      if (s) s.bodyBytes += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = this.seen.get(e.requestId);
      if (!s) return;
      s.wireBytes = e.encodedDataLength;
      s.done = true;
    });
  }

  static async attach(page: Page, encoding: Encoding): Promise<WireMeter> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (encoding === 'identity') await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    return new WireMeter(cdp);
  }

  reset(): void {
    this.seen.clear();
  }

  result(pageName: Load['page'], encoding: Encoding): Load {
    const empty = (): Totals => ({ requests: 0, wireBytes: 0, bodyBytes: 0 });
    const byKind: Record<Kind, Totals> = { document: empty(), script: empty(), stylesheet: empty(), api: empty(), other: empty() };
    const total = empty();
    const contentEncodings: Record<string, number> = {};
    const done = [...this.seen.values()].filter((s) => s.done);
    for (const s of done) {
      for (const t of [total, byKind[s.kind]]) {
        t.requests += 1;
        t.wireBytes += s.wireBytes;
        t.bodyBytes += s.bodyBytes;
      }
      contentEncodings[s.contentEncoding] = (contentEncodings[s.contentEncoding] ?? 0) + 1;
    }
    const largest = done
      .sort((a, b) => b.wireBytes - a.wireBytes)
      .slice(0, 5)
      .map((s) => ({ url: new URL(s.url).pathname, wireBytes: s.wireBytes, bodyBytes: s.bodyBytes, contentEncoding: s.contentEncoding }));
    return { page: pageName, encoding, total, byKind, contentEncodings, largest };
  }
}

/** Until no request has been in flight for `quietMs`. */
async function networkQuiet(page: Page, quietMs: number): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: TIMEOUT_MS });
  await page.waitForTimeout(quietMs);
  await page.waitForLoadState('networkidle', { timeout: TIMEOUT_MS });
}

async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 1440, height: 1000 }, serviceWorkers: 'block' });
}

async function measureSignIn(browser: Browser, baseURL: string, encoding: Encoding): Promise<Load> {
  const context = await newContext(browser, baseURL);
  try {
    const page = await context.newPage();
    const meter = await WireMeter.attach(page, encoding);
    await page.goto('/sign-in');
    await page.getByLabel('Email').waitFor({ timeout: TIMEOUT_MS });
    await networkQuiet(page, 1_000);
    return meter.result('sign-in', encoding);
  } finally {
    await context.close();
  }
}

async function measureBoard(browser: Browser, baseURL: string, encoding: Encoding): Promise<Load> {
  const context = await newContext(browser, baseURL);
  try {
    const page = await context.newPage();
    const meter = await WireMeter.attach(page, encoding);
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(DISPATCHER_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(BOARD_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === PANEL_PATH, { timeout: TIMEOUT_MS });
    await page.goto('about:blank');
    meter.reset();
    // The cache is disabled for the page: the board's document, every chunk and every read come
    // over the wire, as on a dispatcher's first visit (the session is kept in local storage).
    await page.goto(PANEL_PATH);
    await page.locator('[data-testid="board-driver"]').first().waitFor({ timeout: TIMEOUT_MS });
    await networkQuiet(page, 1_000);
    return meter.result('board', encoding);
  } finally {
    await context.close();
  }
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

function print(load: Load): void {
  const t = load.total;
  console.log(`${load.page} (${load.encoding}): ${t.requests} requests, ${kb(t.wireBytes)} on the wire, ${kb(t.bodyBytes)} decoded; encodings ${JSON.stringify(load.contentEncodings)}`);
  for (const [kind, k] of Object.entries(load.byKind)) {
    if (k.requests > 0) console.log(`  ${kind.padEnd(10)} ${String(k.requests).padStart(4)} requests ${kb(k.wireBytes).padStart(11)} on the wire ${kb(k.bodyBytes).padStart(11)} decoded`);
  }
  for (const l of load.largest) console.log(`    ${kb(l.wireBytes).padStart(10)} (${kb(l.bodyBytes)} decoded, ${l.contentEncoding}) ${l.url}`);
}

function finish(report: WireBenchReport): WireBenchReport {
  report.finishedAt = new Date().toISOString();
  const file = writeResults('wire', report);
  console.log(`written: ${file} (and wire-latest.json)`);
  return report;
}

export async function runWireBench(opts: { quick: boolean }): Promise<WireBenchReport> {
  const report: WireBenchReport = { benchmark: 'wire', schemaVersion: 1, startedAt: new Date().toISOString(), finishedAt: '', machine: machineInfo(), loads: [] };
  console.log(`\nWire benchmark: first-load bytes of the sign-in page and the dispatcher's board, ${report.machine.cpus} x ${report.machine.cpuModel}, Node ${report.machine.node}`);
  const missing = postgresUnavailable();
  if (missing) {
    report.error = missing;
    console.log(`postgres: ${missing}`);
    return finish(report);
  }
  console.log(`the app build (dist/): ${buildAppIfStale(PROJECT_DIR)}`);
  let appStack: AppStack | null = null;
  let browser: Browser | null = null;
  try {
    appStack = await startAppStack('wire', { serveApp: true });
    const stack = appStack.stack;
    const data = await loadBoardData(stack.db, opts.quick ? { deliveries: 500, drivers: 50 } : { deliveries: 2_000, drivers: 200 });
    report.workingSet = { deliveries: data.workingSet.deliveries, drivers: data.workingSet.drivers };
    console.log(`working set: ${data.workingSet.deliveries} deliveries, ${data.workingSet.drivers} drivers on duty`);
    // As headless Chromium starts (WebGL by SwiftShader): the board loads its map (maplibre and its
    // worker, the basemap) as a dispatcher's browser does.
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs('default') });
    for (const encoding of ['negotiated', 'identity'] as const) {
      for (const measure of [measureSignIn, measureBoard]) {
        const load = await measure(browser, stack.url, encoding);
        report.loads.push(load);
        print(load);
      }
    }
  } catch (e) {
    report.error = (e as Error).message;
    console.log(`wire bench failed: ${report.error}`);
  } finally {
    await browser?.close().catch(() => {});
    await appStack?.close();
  }
  return finish(report);
}
