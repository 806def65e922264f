/**
 * The field bench's drivers, in their own process (main.ts forks it): one supabase-js client per
 * driver, signed in as that driver, on their own private topic `tenant:<id>:driver_work:<driver>`
 * exactly as the driver app follows it. Every assignment INSERT a driver hears is stamped with this
 * machine's clock (performance.timeOrigin + now(): the same wall clock as the writer's process).
 */
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { performance } from 'node:perf_hooks';
import ws from 'ws';

export interface DriverSetup {
  type: 'setup';
  url: string;
  anonKey: string;
  drivers: { id: string; token: string; topic: string }[];
  joinTimeoutMs: number;
}
export type DriverOrder = DriverSetup | { type: 'collect' } | { type: 'stop' };
export type DriverReply =
  | { type: 'ready'; joined: number; failed: number; firstError: string | null; joinMs: number }
  /** Assignment id -> [driver id of the topic it arrived on, arrival time in ms]. */
  | { type: 'collected'; arrivals: [string, string, number][]; cpuMs: number }
  | { type: 'error'; error: string };

const clients: SupabaseClient[] = [];
const channels: RealtimeChannel[] = [];
let arrivals: [string, string, number][] = [];
let cpuBase = process.cpuUsage();
const now = () => performance.timeOrigin + performance.now();

function reply(message: DriverReply): Promise<void> {
  return new Promise((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));
}

async function follow(order: DriverSetup, driver: DriverSetup['drivers'][number]): Promise<void> {
  const client = createClient(order.url, order.anonKey, {
    accessToken: async () => driver.token,
    realtime: { transport: ws as unknown as WebSocketLikeConstructor },
  });
  clients.push(client);
  await client.realtime.setAuth();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no join within ${order.joinTimeoutMs} ms`)), order.joinTimeoutMs);
    const channel = client
      .channel(driver.topic, { config: { private: true } })
      .on('broadcast', { event: 'INSERT' }, (message: { payload?: { table?: string; record?: { id?: unknown } } }) => {
        const at = now();
        if (message.payload?.table === 'assignments' && typeof message.payload.record?.id === 'string') arrivals.push([message.payload.record.id, driver.id, at]);
      });
    channels.push(channel);
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') {
        clearTimeout(timer);
        resolve();
      } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' || status === 'CLOSED') {
        clearTimeout(timer);
        reject(new Error(`${status}${err ? `: ${err.message}` : ''}`));
      }
    });
  });
}

process.on('message', (order: DriverOrder) => {
  void (async () => {
    try {
      if (order.type === 'setup') {
        const t0 = now();
        let failed = 0;
        let firstError: string | null = null;
        // Joined a few at a time, as phones coming on duty would: 200 at once is a thundering herd, not this test.
        for (let i = 0; i < order.drivers.length; i += 20) {
          const results = await Promise.allSettled(order.drivers.slice(i, i + 20).map((d) => follow(order, d)));
          for (const r of results) {
            if (r.status === 'rejected') {
              failed += 1;
              firstError ??= (r.reason as Error).message;
            }
          }
        }
        cpuBase = process.cpuUsage();
        await reply({ type: 'ready', joined: order.drivers.length - failed, failed, firstError, joinMs: Math.round(now() - t0) });
      } else if (order.type === 'collect') {
        const used = process.cpuUsage(cpuBase);
        cpuBase = process.cpuUsage();
        const taken = arrivals;
        arrivals = [];
        await reply({ type: 'collected', arrivals: taken, cpuMs: (used.user + used.system) / 1000 });
      } else {
        await Promise.allSettled(channels.map((c) => c.unsubscribe()));
        for (const c of clients) void c.realtime.disconnect();
        process.exit(0);
      }
    } catch (e) {
      await reply({ type: 'error', error: (e as Error).message });
    }
  })();
});
