import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { inject } from 'vitest';
import ws from 'ws';

export const app = inject('app');

/** The password of every demo user of supabase/seed.sql. */
export const DEMO_PASSWORD = 'Waypost!2026';

/** The seed's fixed ids. */
export const TENANT = { acme: 'a0000000-0000-4000-8000-000000000001', globex: 'b0000000-0000-4000-8000-000000000001' } as const;
export const USER = {
  acmeAdmin: 'a1000000-0000-4000-8000-000000000001',
  acmeDispatcher: 'a1000000-0000-4000-8000-000000000002',
  acmeDriver: 'a1000000-0000-4000-8000-000000000003',
  acmeCustomer: 'a1000000-0000-4000-8000-000000000004',
  acmeBusiness: 'a1000000-0000-4000-8000-000000000005',
  orphan: 'a1000000-0000-4000-8000-0000000000ff',
  globexAdmin: 'b2000000-0000-4000-8000-000000000001',
  globexDispatcher: 'b2000000-0000-4000-8000-000000000002',
  globexDriver: 'b2000000-0000-4000-8000-000000000003',
  globexCustomer: 'b2000000-0000-4000-8000-000000000004',
} as const;

const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // Node 20 has no global WebSocket (ARCHITECTURE.md).
  realtime: { transport: ws as unknown as WebSocketLikeConstructor },
};

/**
 * Each client comes from its own address, as the browser tests' users do: Auth's rate limits key on
 * X-Forwarded-For (GoTrue's GetIPAddress), and the growing suite signs in far more than 30 times in
 * 5 minutes from one machine. A test of the limits themselves sets its own address.
 */
function ownAddress(): { headers: Record<string, string> } {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return { headers: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` } };
}

/** A supabase-js client as the app builds one, signed in as nobody. */
export function anonClient(): SupabaseClient {
  return createClient(app.url, app.anonKey, { ...options, global: ownAddress() });
}

export function serviceClient(): SupabaseClient {
  return createClient(app.url, app.serviceRoleKey, options);
}

/** A client signed in with a password (default: the demo password); the session stays in the client. */
export async function signedIn(email: string, password = DEMO_PASSWORD): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
  const { data } = await client.auth.getSession();
  if (data.session) await client.realtime.setAuth(data.session.access_token);
  return client;
}

/** The signed-in clients of one test file: sign in with `as`, and `release` them in afterAll (their realtime channels left). */
export function testUsers(): { as(email: string): Promise<SupabaseClient>; release(): Promise<void> } {
  const clients: SupabaseClient[] = [];
  return {
    async as(email) {
      const client = await signedIn(email);
      clients.push(client);
      return client;
    },
    async release() {
      for (const client of clients) await client.removeAllChannels();
    },
  };
}

/** Joins a private topic as the client's user; resolves once subscribed, with every broadcast it receives from then on. */
export function listen(client: SupabaseClient, topic: string): Promise<{ channel: RealtimeChannel; received: unknown[] }> {
  const received: unknown[] = [];
  const channel = client.channel(topic, { config: { private: true } });
  channel.on('broadcast', { event: '*' }, (message) => received.push(message));
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve({ channel, received });
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
}

/** Resolves once check() holds, checking every 50 ms; throws after timeoutMs. */
export async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A unique suffix so that test files running in parallel never collide. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** GET/POST a function path (e.g. '/public/tenants') with the anon key, as supabase-js's functions client does. */
export function callFunction(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', app.anonKey);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${app.anonKey}`);
  return fetch(`${app.url}/functions/v1${pathAndQuery}`, { ...init, headers });
}
