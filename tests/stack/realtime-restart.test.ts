import type { SupabaseClient } from '@supabase/supabase-js';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../../stack/server.ts';
import { Inbox, isLocalStack, RawSocket, realtimeClient, sleep, subscribed, unique } from './realtime-helpers.ts';

// Lifecycle of the local stack's Realtime: a stack of its own (a temp project whose config.toml
// shortens Phoenix's 60 s websocket timeout), stopped and started again on the same port.

type Broadcast = { event: string; payload: Record<string, unknown> };

describe.skipIf(!isLocalStack)('realtime: heartbeats, shutdown and restart of the local stack', () => {
  let dir: string;
  let running: RunningStack;
  let port: number;

  const start = (stackPort: number) =>
    startStack({
      overrides: { STACK_PORT: stackPort, STACK_DB_PORT: 0, STACK_PROJECT_DIR: dir, STACK_DATA_DIR: path.join(dir, 'data'), STACK_LOG: 'error' },
      inMemory: true,
      seed: false,
      appDir: null,
    });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'waypost-realtime-'));
    mkdirSync(path.join(dir, 'supabase'));
    writeFileSync(path.join(dir, 'supabase', 'config.toml'), '[realtime]\nenabled = true\nheartbeat_timeout_ms = 1500\n');
    running = await start(0);
    port = Number(new URL(running.url).port);
  });

  afterAll(async () => {
    await running?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('closes a socket that sends nothing, and keeps one that sends heartbeats', async () => {
    const silent = await RawSocket.open({}, running.url);
    const alive = await RawSocket.open({}, running.url);
    const started = Date.now();
    const beat = setInterval(() => alive.send([null, alive.nextRef(), 'phoenix', 'heartbeat', {}]), 400);
    try {
      await silent.closed;
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
      await sleep(1000);
      expect(alive.ws.readyState).toBe(alive.ws.OPEN);
      await alive.heartbeat();
    } finally {
      clearInterval(beat);
      alive.close();
    }
  });

  it('closes its sockets on shutdown, and clients rejoin their channels after it restarts on the same port', async () => {
    const topic = unique('restart');
    const inbox = new Inbox<Broadcast>();
    const statuses = new Inbox<string>();
    const listenerClient: SupabaseClient = await realtimeClient(undefined, running.url);
    const ch = listenerClient.channel(topic).on('broadcast', { event: '*' }, inbox.push);
    ch.subscribe((status) => statuses.push(status));
    await statuses.waitFor((s) => s === 'SUBSCRIBED');
    const raw = await RawSocket.open({}, running.url);

    await running.close();
    expect((await raw.closed).code).toBe(1001);
    running = await start(port);

    // realtime-js reconnects (1 s, 2 s, 5 s ...) and rejoins.
    await statuses.waitFor((s) => s === 'SUBSCRIBED', 2, 20_000);
    const senderClient = await realtimeClient(undefined, running.url);
    const sender = senderClient.channel(topic);
    await subscribed(sender);
    await sender.send({ type: 'broadcast', event: 'after-restart', payload: { ok: true } });
    await inbox.waitFor((m) => m.event === 'after-restart');
    await senderClient.removeAllChannels();
    await listenerClient.removeAllChannels();
  }, 40_000);
});
