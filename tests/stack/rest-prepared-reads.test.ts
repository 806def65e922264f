import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStack, type RunningStack } from '../../stack/server.ts';
import { startThrowawayCluster, type ThrowawayCluster } from '../../scripts/pg-cluster.ts';

/**
 * The REST service keeps what it derived from a request that does not depend on the caller (the
 * parsed headers, the plan, the compiled statement) for the next identical request, and remembers
 * verified tokens with their role. These cases prove the shortcuts change no answer: the same
 * request answers each caller by its own rights, an expired token is refused though it was accepted
 * before, and a migration followed by NOTIFY pgrst changes what the same request does (column
 * types, roles). They run on a stack of their own, as they change its schema.
 */
const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixture');
const onPostgres = Boolean(process.env.DATABASE_URL);
let cluster: ThrowawayCluster | null = null;
let stack: RunningStack;
let dataDir: string;

function sign(claims: Record<string, unknown>, expiresInSeconds = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(new TextEncoder().encode(stack.config.jwtSecret));
}

/** A request as supabase-js sends it: the anon key as apikey, the caller's token as bearer. */
function rest(pathAndQuery: string, token: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', stack.config.anonKey);
  headers.set('authorization', `Bearer ${token}`);
  return fetch(`${stack.url}/rest/v1${pathAndQuery}`, { ...init, headers });
}

async function answer(pathAndQuery: string, token: string): Promise<{ status: number; body: unknown }> {
  const res = await rest(pathAndQuery, token);
  return { status: res.status, body: await res.json() };
}

function suffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypost-rest-prepared-'));
  let url: string | undefined;
  if (onPostgres) {
    cluster = await startThrowawayCluster();
    url = cluster.url;
  }
  stack = await startStack({
    env: url ? { DATABASE_URL: url } : {},
    overrides: { STACK_PORT: 0, STACK_DB_PORT: 0, STACK_PROJECT_DIR: fixtureDir, STACK_DATA_DIR: dataDir, STACK_LOG: 'error' },
    inMemory: true,
    appDir: null,
  });
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('REST prepared reads and remembered callers', () => {
  it('answers the same request to each caller by its own rights (RLS), one after the other', async () => {
    const owner = randomUUID();
    const ownerToken = await sign({ sub: owner, role: 'authenticated', aud: 'authenticated' });
    const otherToken = await sign({ sub: randomUUID(), role: 'authenticated', aud: 'authenticated' });
    const body = `private ${suffix()}`;
    const created = await rest('/rest_notes', ownerToken, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify({ body, is_public: false }),
    });
    expect(created.status).toBe(201);

    const query = `/rest_notes?select=body,owner&body=eq.${encodeURIComponent(body)}`;
    const mine = [{ body, owner }];
    expect(await answer(query, ownerToken)).toEqual({ status: 200, body: mine });
    expect(await answer(query, stack.config.anonKey)).toEqual({ status: 200, body: [] });
    expect(await answer(query, otherToken)).toEqual({ status: 200, body: [] });
    expect(await answer(query, ownerToken)).toEqual({ status: 200, body: mine });
    expect(await answer(query, stack.config.serviceRoleKey)).toEqual({ status: 200, body: mine });
  });

  it('refuses a token once it has expired, though the same request was answered with it before', async () => {
    const token = await sign({ sub: randomUUID(), role: 'authenticated', aud: 'authenticated' }, 2);
    const query = '/rest_countries?select=id&limit=1';
    expect((await answer(query, token)).status).toBe(200);
    await vi.waitFor(
      async () => {
        const res = await answer(query, token);
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
      },
      { timeout: 10_000, interval: 200 },
    );
  });

  it('reads a column by its new type after a migration and NOTIFY pgrst, the request unchanged', async () => {
    const table = `rest_prepared_${suffix()}`;
    await stack.db.exec(
      `create table public.${table} (id integer primary key, n integer not null);
       grant select on public.${table} to anon, authenticated, service_role;
       insert into public.${table} values (1, 5);
       notify pgrst, 'reload schema';`,
    );
    const query = `/${table}?select=id,n&n=eq.5`;
    await vi.waitFor(async () => expect(await answer(query, stack.config.anonKey)).toEqual({ status: 200, body: [{ id: 1, n: 5 }] }), {
      timeout: 10_000,
      interval: 50,
    });
    // The statement prepared for this request compared n as an integer; after the migration the
    // same request must compare (and answer) text.
    await stack.db.exec(`alter table public.${table} alter column n type text using n::text; notify pgrst, 'reload schema';`);
    await vi.waitFor(async () => expect(await answer(query, stack.config.anonKey)).toEqual({ status: 200, body: [{ id: 1, n: '5' }] }), {
      timeout: 10_000,
      interval: 50,
    });
  });

  it('stops accepting a remembered token whose role a migration dropped, after NOTIFY pgrst', async () => {
    const role = `rest_prepared_role_${suffix()}`;
    await stack.db.exec(
      `create role ${role} nologin; grant ${role} to authenticator;
       grant usage on schema public to ${role}; grant select on public.rest_countries to ${role};
       notify pgrst, 'reload schema';`,
    );
    const token = await sign({ sub: randomUUID(), role });
    const query = '/rest_countries?select=id&limit=1';
    await vi.waitFor(async () => expect((await answer(query, token)).status).toBe(200), { timeout: 10_000, interval: 50 });

    await stack.db.exec(`drop owned by ${role}; drop role ${role}; notify pgrst, 'reload schema';`);
    await vi.waitFor(
      async () => {
        const res = await answer(query, token);
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ code: '22023', message: `role "${role}" does not exist` });
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
