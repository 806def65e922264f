/**
 * The board suite's dispatcher, in its own process (main.ts forks it with register-app-hooks.mjs):
 * the board's own data path, unmodified. The app's live sources (src/panels/dispatch-board/atoms.ts,
 * their reads in api.ts) over the app's registry (src/lib/realtime.ts) and a plain jotai store, with
 * supabase-js signed in as the dispatcher (app-supabase.ts stands in for src/lib/supabase.ts). Each
 * time the store's deliveries or drivers atom takes a new value, the rows whose status (deliveries) or
 * last fix (drivers) changed are stamped with this machine's wall clock (performance.timeOrigin +
 * now(), the same clock as the writer's process): the moment the board's atom holds the change.
 */
import { createStore } from 'jotai/vanilla';
import { performance } from 'node:perf_hooks';
import { createLiveRegistry, type LiveRegistry, type LiveSource, type Row, type Rows } from '../../src/lib/realtime.ts';
// The same module instance the board's api.ts reads through (app-hooks.mjs resolves src/lib/supabase.ts to it).
import { supabase } from './app-supabase.ts';

// The app's module, loaded at run time (the Node project does not type-check the app's sources; the
// slice used here is typed below): its live sources, their reads and their row schemas, unmodified.
type BoardDelivery = Row & { status: string };
type BoardDriver = Row & { last_position_at: string | null };
const ATOMS = new URL('../../src/panels/dispatch-board/atoms.ts', import.meta.url).href;
const { boardAssignmentsSource, boardDeliveriesSource, boardDriversSource } = (await import(ATOMS)) as {
  boardDeliveriesSource: LiveSource<BoardDelivery>;
  boardDriversSource: LiveSource<BoardDriver>;
  boardAssignmentsSource: LiveSource<Row>;
};

export interface BoardSetup {
  type: 'setup';
  email: string;
  password: string;
  tenantId: string;
  loadTimeoutMs: number;
}
export type BoardOrder = BoardSetup | { type: 'collect' } | { type: 'stop' };
/** [kind, row id, what changed (the delivery's status, or the fix's time in ms), arrival time in ms]. */
export type Arrival = ['delivery' | 'position', string, string, number];
export type BoardReply =
  | { type: 'ready'; signInMs: number; loadMs: number; deliveries: number; drivers: number; assignments: number }
  | { type: 'collected'; arrivals: Arrival[]; cpuMs: number; errors: string[]; states: string[] }
  | { type: 'error'; error: string };

const now = () => performance.timeOrigin + performance.now();
const store = createStore();
let registry: LiveRegistry | null = null;
const releases: (() => void)[] = [];
let arrivals: Arrival[] = [];
let cpuBase = process.cpuUsage();
let tenant: string | null = null;

function reply(message: BoardReply): Promise<void> {
  return new Promise((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));
}

/** Stamps every delivery whose status is new in this value of the atom, and every driver with a newer fix. */
function watch(tenantId: string): void {
  const deliveries = registry!.topic(boardDeliveriesSource, tenantId).rows;
  const drivers = registry!.topic(boardDriversSource, tenantId).rows;
  let shownDeliveries: Rows<BoardDelivery> = store.get(deliveries);
  let shownDrivers: Rows<BoardDriver> = store.get(drivers);
  store.sub(deliveries, () => {
    const at = now();
    const next = store.get(deliveries);
    for (const [id, row] of next) {
      const before = shownDeliveries.get(id);
      if (before !== row && before?.status !== row.status) arrivals.push(['delivery', id, row.status, at]);
    }
    shownDeliveries = next;
  });
  store.sub(drivers, () => {
    const at = now();
    const next = store.get(drivers);
    for (const [id, row] of next) {
      const before = shownDrivers.get(id);
      if (before !== row && row.last_position_at && before?.last_position_at !== row.last_position_at) {
        arrivals.push(['position', id, String(Date.parse(row.last_position_at)), at]);
      }
    }
    shownDrivers = next;
  });
}

async function setup(order: BoardSetup): Promise<BoardReply> {
  const t0 = now();
  const { error } = await supabase.auth.signInWithPassword({ email: order.email, password: order.password });
  if (error) throw new Error(`sign-in as ${order.email}: ${error.message}`);
  const signInMs = now() - t0;
  registry = createLiveRegistry(supabase, store, { lingerMs: 2_000 });
  const sources: LiveSource<Row>[] = [boardDeliveriesSource, boardDriversSource, boardAssignmentsSource];
  const t1 = now();
  for (const source of sources) releases.push(registry.acquire(source, order.tenantId));
  // Loaded: every source read and live (as the board shows its lanes).
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the working set was not read and live within ${order.loadTimeoutMs} ms`)), order.loadTimeoutMs);
    const check = () => {
      for (const source of sources) {
        const topic = registry!.topic(source, order.tenantId);
        const failed = store.get(topic.error);
        if (failed && !store.get(topic.fetching)) {
          clearTimeout(timer);
          reject(failed);
          return;
        }
        if (store.get(topic.fetching) || store.get(topic.state) !== 'live') {
          setTimeout(check, 5);
          return;
        }
      }
      clearTimeout(timer);
      resolve();
    };
    check();
  });
  const loadMs = now() - t1;
  watch(order.tenantId);
  tenant = order.tenantId;
  cpuBase = process.cpuUsage();
  const size = (source: LiveSource<Row>) => store.get(registry!.topic(source, order.tenantId).rows).size;
  return {
    type: 'ready',
    signInMs: Math.round(signInMs),
    loadMs: Math.round(loadMs),
    deliveries: size(boardDeliveriesSource),
    drivers: size(boardDriversSource),
    assignments: size(boardAssignmentsSource),
  };
}

process.on('message', (order: BoardOrder) => {
  void (async () => {
    try {
      if (order.type === 'setup') {
        await reply(await setup(order));
      } else if (order.type === 'collect') {
        const used = process.cpuUsage(cpuBase);
        cpuBase = process.cpuUsage();
        const taken = arrivals;
        arrivals = [];
        // Each source's connection state and last error: a channel that dropped during the run is said so.
        const topics = registry && tenant ? ([boardDeliveriesSource, boardDriversSource, boardAssignmentsSource] as LiveSource<Row>[]).map((s) => registry!.topic(s, tenant!)) : [];
        const errors = topics.flatMap((t) => {
          const e = store.get(t.error);
          return e ? [`${t.topic}: ${e.message}`] : [];
        });
        const states = topics.map((t) => `${t.topic}: ${store.get(t.state)}`);
        await reply({ type: 'collected', arrivals: taken, cpuMs: (used.user + used.system) / 1000, errors, states });
      } else {
        for (const release of releases) release();
        await registry?.dispose();
        void supabase.realtime.disconnect();
        process.exit(0);
      }
    } catch (e) {
      await reply({ type: 'error', error: (e as Error).message });
    }
  })();
});
