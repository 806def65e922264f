import { performance } from 'node:perf_hooks';
import type { Database, RequestIdentity } from '../../stack/db/database.ts';
import { startBenchStack, type BackendName } from './backends.ts';
import { benchClient, captureRequest } from './clients.ts';
import { runLoopWindow, throughputOf, type LoopWindow, type ThroughputResult } from './closed-loop.ts';
import { clusterCpuOf, CpuWindows } from '../realtime/cpu.ts';
import { measureFunctionLatency, type FunctionLatency } from './edge-function.ts';
import { timeInterleaved } from './latency.ts';
import { differences, selectOrdersPage, selectOrdersPageDirect } from './orders-query.ts';
import { captureAnswer, NullServer } from './null-server.ts';
import { RawHttpReplay } from './raw-http.ts';
import type { BenchSettings } from './settings.ts';
import { round, type LatencySummary } from './stats.ts';
import { LoadClientProcess } from './throughput.ts';

/** A phase either produced its figures or says why not; one failing service never hides the others'. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

export interface Dataset {
  orders: number;
  customers: number;
  matching: number;
}

export interface SelectLatency {
  /** The same SQL through the driver, in this process, on the stack's own database handle. */
  floor: LatencySummary;
  /**
   * The floor inside the per-request transaction the stack runs (BEGIN, role and request.* settings,
   * query, COMMIT) as anon: separates what the transaction costs from what HTTP and REST cost.
   */
  floorAsAnon: LatencySummary;
  /** supabase-js -> HTTP -> stack -> database: what an app sees. */
  supabaseJs: LatencySummary;
  /** supabase-js's exact request replayed over node:http: the stack without the client library. */
  rawHttp: LatencySummary;
  /**
   * The same two clients against a server that does no work (null-server.ts: the stack's answer
   * from memory): what the client and the loopback transport cost alone, the least any server could
   * add for that client.
   */
  supabaseJsNullServer: LatencySummary;
  rawHttpNullServer: LatencySummary;
  /** rawHttp.p50 - floor.p50: what the stack adds to the direct query, the figure the target applies to (bench/README.md, "Target"). */
  overheadP50Ms: number;
  /** supabaseJs.p50 - floor.p50: the same with the client library's own cost in it (supabaseJsNullServer shows that cost). */
  supabaseJsOverheadP50Ms: number;
  /** The stack's page differed from the direct query's (null: identical). Figures of a wrong answer mean little. */
  mismatch: string | null;
}

/**
 * CPU time spent over a throughput path's measured windows (every round's, summed), per process, and per request answered.
 * On a shared machine requests/s move with the other work; CPU per request moves far less, and
 * shows which process pays for the difference between the stack and the floor.
 */
export interface PathCpu {
  /** The bench process: the stack (in process) during the stack's phase, the driver's loop during the floor's. */
  benchMs: number;
  /** The load client process (supabase-js and fetch, or node:http); 0 for the floor, which has none. */
  clientMs: number;
  /** The Postgres cluster (postmaster and backends); null on PGlite (inside the bench process) or without /proc. */
  postgresMs: number | null;
  perRequestUs: { bench: number; client: number; postgres: number | null; total: number | null };
}

export interface Throughput {
  /** Interleaved rounds: each path's figure is its windows of every round taken together. */
  rounds: number;
  /** Loaded by supabase-js clients: what an app's requests cost the machine, client included. */
  stack: ThroughputResult;
  /** Loaded by raw HTTP clients (supabase-js's request over node:http): the stack's own throughput, the figure the target applies to. */
  stackRawHttp: ThroughputResult;
  floor: ThroughputResult;
  cpu: { stack: PathCpu; stackRawHttp: PathCpu; floor: PathCpu };
}

export type BackendResult =
  | { backend: BackendName; available: false; reason: string }
  | {
      backend: BackendName;
      available: true;
      /** Start-up including the platform bootstrap and the fixture migration that generates the data. */
      startupMs: number;
      dataset: Dataset;
      select: Outcome<SelectLatency>;
      throughput: Outcome<Throughput>;
      edgeFunction: Outcome<FunctionLatency>;
    };

async function attempt<T>(label: string, fn: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (e) {
    const error = (e as Error).message;
    console.error(`  ${label}: ${error}`);
    return { ok: false, error };
  }
}

async function readDataset(db: Database): Promise<Dataset> {
  const { rows } = await db.query<{ orders: number; customers: number; matching: number }>(
    `select (select count(*) from public.bench_orders)::int as orders,
            (select count(*) from public.bench_customers)::int as customers,
            (select count(*) from public.bench_orders where status = 'open')::int as matching`,
  );
  return rows[0];
}

/** The identity the stack gives an anon-key request: the key's claims, as request.jwt.claims. */
function anonIdentity(anonKey: string, requestUrl: string): RequestIdentity {
  const claims = JSON.parse(Buffer.from(anonKey.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
  const url = new URL(requestUrl);
  return { role: 'anon', claims, method: 'GET', path: url.pathname, searchPath: '"public", "extensions"' };
}

async function measureSelect(url: string, anonKey: string, db: Database, settings: BenchSettings): Promise<SelectLatency> {
  const expected = await selectOrdersPageDirect(db);
  const { request, result } = await captureRequest(url, anonKey, selectOrdersPage);
  const mismatch = differences(expected, result);
  if (mismatch) console.error(`  select: the stack's page differs from the direct query's: ${mismatch}`);

  const supabase = benchClient(url, anonKey);
  const replay = new RawHttpReplay(request);
  const nullServer = await NullServer.start(await captureAnswer(replay)).catch((e: unknown) => {
    replay.close();
    throw e;
  });
  const anon = anonIdentity(anonKey, request.url);
  const onNullServer = new URL(request.url);
  onNullServer.host = new URL(nullServer.url).host;
  const supabaseNull = benchClient(nullServer.url, anonKey);
  const replayNull = new RawHttpReplay({ ...request, url: onNullServer.href });
  try {
    const t = await timeInterleaved(
      {
        floor: () => selectOrdersPageDirect(db),
        floorAsAnon: () => db.asRole(anon, (tx) => selectOrdersPageDirect(tx, { last: true })),
        supabaseJs: () => selectOrdersPage(supabase),
        rawHttp: () => replay.fetchPage(),
        supabaseJsNullServer: () => selectOrdersPage(supabaseNull),
        rawHttpNullServer: () => replayNull.fetchPage(),
      },
      { warmupRounds: settings.warmupRounds, rounds: settings.latencyRounds, budgetMs: settings.latencyBudgetMs },
    );
    return {
      ...t,
      overheadP50Ms: round(t.rawHttp.p50 - t.floor.p50),
      supabaseJsOverheadP50Ms: round(t.supabaseJs.p50 - t.floor.p50),
      mismatch,
    };
  } finally {
    replay.close();
    replayNull.close();
    await nullServer.close();
  }
}

/** One path's CPU over its windows: the bench process and the cluster (CpuWindows), and its load client. */
class PathCpuWindows extends CpuWindows {
  private clientMs = 0;

  end(clientMs = 0): void {
    super.end();
    this.clientMs += clientMs;
  }

  result(requests: number): PathCpu {
    const us = (ms: number) => (requests > 0 ? Math.round((ms * 1000) / requests) : 0);
    const pg = this.postgresMs;
    return {
      benchMs: Math.round(this.benchMs),
      clientMs: Math.round(this.clientMs),
      postgresMs: pg === null ? null : Math.round(pg),
      perRequestUs: { bench: us(this.benchMs), client: us(this.clientMs), postgres: pg === null ? null : us(pg), total: pg === null ? null : us(this.benchMs + this.clientMs + pg) },
    };
  }
}

type PathName = 'stack' | 'stackRawHttp' | 'floor';
const PATHS: PathName[] = ['stack', 'stackRawHttp', 'floor'];

/**
 * The three paths' closed loops in interleaved rounds (each round one window of each path, the first
 * path rotating), so that drift in the machine's state (another process, autovacuum, a cache) lands on
 * all three alike instead of on their ratio, as the latency samples are interleaved. Each path's
 * figure is its requests over its windows' summed time.
 */
async function measureThroughput(url: string, anonKey: string, db: Database, settings: BenchSettings): Promise<Throughput> {
  const { request } = await captureRequest(url, anonKey, selectOrdersPage);
  const cluster = await clusterCpuOf(db);
  const clients = {
    stack: new LoadClientProcess({ url, anonKey, request, client: 'supabase-js' }),
    stackRawHttp: new LoadClientProcess({ url, anonKey, request, client: 'raw-http' }),
  };
  const cpu = { stack: new PathCpuWindows(cluster), stackRawHttp: new PathCpuWindows(cluster), floor: new PathCpuWindows(cluster) };
  const windows: Record<PathName, LoopWindow[]> = { stack: [], stackRawHttp: [], floor: [] };
  const rounds = Math.max(1, settings.throughputRounds);
  try {
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < PATHS.length; i++) {
        const path = PATHS[(r + i) % PATHS.length]!;
        const loop = {
          concurrency: settings.concurrency,
          // The first window of a path fills sockets, pool connections and caches; later ones only refill the loop.
          warmupMs: r === 0 ? settings.throughputWarmupMs : settings.throughputRoundWarmupMs,
          durationMs: settings.throughputMs / rounds,
          maxRequests: Math.ceil(settings.throughputMaxRequests / rounds),
        };
        if (path === 'floor') {
          // The same closed loop straight on the driver: what the database itself sustains at that
          // concurrency (serialized on PGlite, the stack's pool on Postgres).
          windows.floor.push(await runLoopWindow(() => selectOrdersPageDirect(db), loop, { start: () => cpu.floor.start(), end: () => cpu.floor.end() }));
        } else {
          const run = await clients[path].run(loop, () => cpu[path].start());
          cpu[path].end(run.clientCpuMs);
          windows[path].push(run.window);
        }
      }
    }
  } finally {
    clients.stack.close();
    clients.stackRawHttp.close();
  }
  const result = (path: PathName) => throughputOf(settings.concurrency, windows[path]);
  const stack = result('stack');
  const stackRawHttp = result('stackRawHttp');
  const floor = result('floor');
  return {
    rounds,
    stack,
    stackRawHttp,
    floor,
    cpu: { stack: cpu.stack.result(stack.requests), stackRawHttp: cpu.stackRawHttp.result(stackRawHttp.requests), floor: cpu.floor.result(floor.requests) },
  };
}

export async function measureBackend(backend: BackendName, settings: BenchSettings): Promise<BackendResult> {
  console.log(`\n${backend}: starting the stack and generating the data ...`);
  const t0 = performance.now();
  const bench = await startBenchStack(backend);
  const startupMs = round(performance.now() - t0, 0);
  const { url, db, config } = bench.stack;
  try {
    // Set the visibility map and statistics, as autovacuum would have on a database in use, so
    // both the stack and the floor get the plan a long-running database gets.
    await db.query('vacuum analyze public.bench_orders');
    await db.query('vacuum analyze public.bench_customers');
    const dataset = await readDataset(db);
    console.log(`${backend}: up in ${startupMs} ms; ${dataset.orders} orders, ${dataset.customers} customers, ${dataset.matching} open`);

    console.log(`${backend}: edge function, cold then warm ...`);
    const edgeFunction = await attempt('edge function', () => measureFunctionLatency(benchClient(url, config.anonKey), settings));
    console.log(`${backend}: select latency (floor, supabase-js and raw HTTP to the stack and to a do-nothing server, interleaved) ...`);
    const select = await attempt('select', () => measureSelect(url, config.anonKey, db, settings));
    console.log(`${backend}: throughput at ${settings.concurrency} clients ...`);
    const throughput = await attempt('throughput', () => measureThroughput(url, config.anonKey, db, settings));
    return { backend, available: true, startupMs, dataset, select, throughput, edgeFunction };
  } finally {
    await bench.close();
  }
}
