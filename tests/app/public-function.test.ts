import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import ws from 'ws';
import { createPublicHandler } from '../../supabase/functions/public/handler.ts';
import { databaseRateLimit } from '../../supabase/functions/public/platform.ts';
import { supabaseTenants } from '../../supabase/functions/public/tenants.ts';
import { app, callFunction, serviceClient, TENANT, unique } from './clients.ts';

/**
 * The `public` edge function served by the stack from supabase/functions/public. Each test sends
 * its own client address (x-forwarded-for), so that the rate limit of one never affects another.
 */
function fromClient(path: string, ip: string, init: RequestInit = {}): Promise<Response> {
  return callFunction(path, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': ip } });
}

let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

interface TenantRow {
  id: string;
  slug: string;
  name: { en: string };
  logo_url: unknown;
  contact_info: unknown;
}

const service = serviceClient();
const marker = unique('zz-pick').replace(/[^a-z0-9-]/g, '');
const extra: { slug: string; name: string; status: string }[] = [];

beforeAll(async () => {
  // Twelve active tenants sharing a marker, plus an inactive and a suspended one, to page and search through.
  for (let i = 1; i <= 12; i++) extra.push({ slug: `${marker}-${String(i).padStart(2, '0')}`, name: `Picker ${marker} ${String(i).padStart(2, '0')}`, status: 'active' });
  extra.push({ slug: `${marker}-off`, name: `Picker ${marker} off`, status: 'inactive' });
  extra.push({ slug: `${marker}-sus`, name: `Picker ${marker} sus`, status: 'suspended' });
  const { error } = await service.from('tenants').insert(
    extra.map((t) => ({ slug: t.slug, name: { en: t.name }, status: t.status, settings: { secret: 'members only' }, contact_info: { email: `${t.slug}@example.test` } })),
  );
  if (error) throw new Error(error.message);
});

afterAll(async () => {
  await service.from('tenants').delete().like('slug', `${marker}-%`);
});

describe('GET /public/verify-domain/{slug}', () => {
  it('answers the id of an active tenant', async () => {
    const res = await fromClient('/public/verify-domain/acme', nextIp());
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ data: { tenantId: TENANT.acme } });
  });

  it('works without any key or token (verify_jwt = false)', async () => {
    const res = await fetch(`${app.url}/functions/v1/public/verify-domain/globex`, { headers: { 'x-forwarded-for': nextIp() } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { tenantId: TENANT.globex } });
  });

  it('answers 404 Business not found for unknown, inactive, suspended and malformed slugs', async () => {
    for (const slug of ['no-such-business', `${marker}-off`, `${marker}-sus`, 'ACME', 'a%20b', '%27or%201%3D1']) {
      const res = await fromClient(`/public/verify-domain/${slug}`, nextIp());
      expect(res.status, slug).toBe(404);
      expect(await res.json(), slug).toEqual({ error: { code: 'business_not_found', key: 'directory.business_not_found', message: 'Business not found' } });
    }
  });
});

describe('GET /public/tenants', () => {
  async function list(query: string): Promise<{ status: number; body: { tenants: TenantRow[]; total: number } }> {
    const res = await fromClient(`/public/tenants${query}`, nextIp());
    return { status: res.status, body: (await res.json()) as { tenants: TenantRow[]; total: number } };
  }

  it('lists active tenants with their public fields only, 25 per page by default', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.total).toBeGreaterThanOrEqual(14);
    expect(body.tenants.length).toBe(Math.min(25, body.total));
    for (const t of body.tenants) expect(Object.keys(t).sort()).toEqual(['contact_info', 'id', 'logo_url', 'name', 'slug']);
    const acme = body.tenants.find((t) => t.slug === 'acme');
    expect(acme).toMatchObject({ id: TENANT.acme, name: { en: 'Acme Logistics' }, contact_info: { email: 'hello@acme.test' } });
    expect(body.tenants.some((t) => t.slug === `${marker}-off` || t.slug === `${marker}-sus`)).toBe(false);
  });

  it('searches name.en and slug, case-insensitively', async () => {
    const byName = await list('?search=acme%20LOGISTICS');
    expect(byName.body).toEqual({ tenants: [expect.objectContaining({ slug: 'acme' })], total: 1 });
    const bySlug = await list('?search=GLOBEX');
    expect(bySlug.body.tenants.map((t) => t.slug)).toEqual(['globex']);
    const marked = await list(`?search=${marker.toUpperCase()}`);
    expect(marked.body.total).toBe(12);
    const none = await list('?search=nothing-matches-this');
    expect(none.body).toEqual({ tenants: [], total: 0 });
  });

  it('takes search characters literally (LIKE wildcards, PostgREST syntax)', async () => {
    for (const term of ['%', '_', 'a,b', 'x)', '"', '\\', 'name.eq.acme']) {
      const { status, body } = await list(`?search=${encodeURIComponent(term)}`);
      expect(status, term).toBe(200);
      expect(body, term).toEqual({ tenants: [], total: 0 });
    }
  });

  it('pages 1-based through the results with the total of all pages', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push((await list(`?search=${marker}&limit=5&page=${page}`)).body);
    expect(pages.map((p) => p.total)).toEqual([12, 12, 12]);
    expect(pages.map((p) => p.tenants.length)).toEqual([5, 5, 2]);
    const slugs = pages.flatMap((p) => p.tenants.map((t) => t.slug));
    expect(slugs).toEqual(extra.slice(0, 12).map((t) => t.slug));
    const beyond = await list(`?search=${marker}&limit=5&page=9`);
    expect(beyond).toEqual({ status: 200, body: { tenants: [], total: 12 } });
  });

  it('accepts a limit up to 100 and refuses bad parameters with a clear 400', async () => {
    expect((await list('?limit=100')).status).toBe(200);
    const cases: [string, string, string, Record<string, unknown>][] = [
      ['?limit=101', 'limit must be at most 100', 'directory.parameter_too_large', { name: 'limit', max: 100 }],
      ['?limit=0', 'limit must be a whole number of at least 1', 'directory.parameter_not_positive', { name: 'limit' }],
      ['?page=0', 'page must be a whole number of at least 1', 'directory.parameter_not_positive', { name: 'page' }],
      ['?page=two', 'page must be a whole number of at least 1', 'directory.parameter_not_positive', { name: 'page' }],
      [`?search=${'x'.repeat(101)}`, 'search must be at most 100 characters', 'directory.search_too_long', { max: 100 }],
      ['?status=inactive', 'Unknown query parameter status: use search, page and limit', 'directory.parameter_unknown', { name: 'status' }],
      ['?select=settings', 'Unknown query parameter select: use search, page and limit', 'directory.parameter_unknown', { name: 'select' }],
    ];
    for (const [query, message, key, params] of cases) {
      const res = await fromClient(`/public/tenants${query}`, nextIp());
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toEqual({ error: { code: 'invalid_query', key, message, params } });
    }
  });

  it('never returns settings, brand settings or status', async () => {
    const res = await fromClient(`/public/tenants?search=${marker}&limit=100`, nextIp());
    const text = await res.text();
    expect(text).not.toContain('members only');
    expect(text).not.toContain('settings');
    expect(text).not.toContain('status');
  });
});

describe('the public function as HTTP', () => {
  it('answers other methods with 405 and OPTIONS with the CORS preflight', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await fromClient('/public/tenants', nextIp(), { method, body: method === 'DELETE' ? undefined : '{}' });
      expect(res.status, method).toBe(405);
      expect(await res.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
    }
    const pre = await fetch(`${app.url}/functions/v1/public/tenants`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(pre.status).toBe(200);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    await pre.body?.cancel();
  });

  it('answers unknown paths with 404', async () => {
    const res = await fromClient('/public/tenants/acme/settings', nextIp());
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('rate-limits each client address: 60 requests a minute, then 429 with Retry-After', async () => {
    const ip = '203.0.113.250';
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await fromClient('/public/verify-domain/acme', ip);
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await fromClient('/public/tenants', ip);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toEqual({ error: { code: 'rate_limited', key: 'directory.rate_limited', message: `Too many requests: try again in ${retryAfter} seconds`, params: { seconds: retryAfter } } });
    const other = await fromClient('/public/tenants?limit=1', '203.0.113.251');
    expect(other.status).toBe(200);
    await other.body?.cancel();
  });

  it('two instances of the function share one limit per client address, under concurrent requests too', async () => {
    // Two handlers built as the function's index builds its one, as two edge workers would run: the
    // count is the database's, so the client gets its limit once, not once per worker.
    vi.stubGlobal('WebSocket', ws);
    onTestFinished(() => void vi.unstubAllGlobals());
    const worker = () =>
      createPublicHandler({
        tenants: supabaseTenants(createClient(app.url, app.anonKey, { auth: { persistSession: false, autoRefreshToken: false } })),
        limiter: databaseRateLimit({ url: app.url, serviceRoleKey: app.serviceRoleKey, limit: 5, windowSeconds: 60 }),
        log: () => undefined,
      });
    const workers = [worker(), worker()];
    const ip = nextIp();
    const request = () => new Request(`${app.url}/functions/v1/public/verify-domain/acme`, { headers: { 'x-forwarded-for': ip } });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => workers[i % 2](request())));
    const allowed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(allowed).toHaveLength(5);
    expect(refused).toHaveLength(7);
    // Each allowed request saw its own place in the one count.
    expect(allowed.map((a) => a.headers.get('ratelimit-remaining')).sort()).toEqual(['0', '1', '2', '3', '4']);
    for (const a of allowed) expect(await a.json()).toEqual({ data: { tenantId: TENANT.acme } });
    for (const a of refused) {
      expect(a.headers.get('ratelimit-limit')).toBe('5');
      expect(a.headers.get('ratelimit-remaining')).toBe('0');
      const retryAfter = Number(a.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await a.json()).toEqual({ error: { code: 'rate_limited', key: 'directory.rate_limited', message: `Too many requests: try again in ${retryAfter} seconds`, params: { seconds: retryAfter } } });
    }
    // The other worker is no fresh allowance; another address is.
    expect((await workers[0](request())).status).toBe(429);
    expect((await workers[1](request())).status).toBe(429);
    const other = await workers[1](new Request(`${app.url}/functions/v1/public/verify-domain/acme`, { headers: { 'x-forwarded-for': nextIp() } }));
    expect(other.status).toBe(200);
  });
});
