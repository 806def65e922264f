import { createPublicHandler } from './handler.ts';
import type { TenantListQuery } from './query.ts';
import { RateLimiter } from '../_shared/rate_limit.ts';
import type { PublicTenants, TenantSummary } from './tenants.ts';
import { assert } from '../_shared/testing.ts';

const ACME: TenantSummary = { id: 't-acme', slug: 'acme', name: { en: 'Acme Logistics' }, logo_url: null, contact_info: null };

function fakeTenants(): PublicTenants & { queries: TenantListQuery[] } {
  const queries: TenantListQuery[] = [];
  return {
    queries,
    findActiveTenantId: (slug) => Promise.resolve(slug === 'acme' ? ACME.id : null),
    listActiveTenants: (query) => {
      queries.push(query);
      return Promise.resolve({ tenants: [ACME], total: 1 });
    },
  };
}

function setup(limit = 100) {
  const tenants = fakeTenants();
  const handle = createPublicHandler({ tenants, limiter: new RateLimiter({ limit, windowMs: 60_000 }), log: () => {} });
  const call = (path: string, init: RequestInit = {}) => handle(new Request(`http://localhost${path}`, init), '127.0.0.1');
  return { tenants, call };
}

Deno.test('verify-domain answers the tenant id of an active slug', async () => {
  const res = await setup().call('/public/verify-domain/acme');
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
  assert.deepEqual(await res.json(), { data: { tenantId: 't-acme' } });
});

Deno.test('verify-domain answers 404 Business not found for unknown and malformed slugs', async () => {
  const { call } = setup();
  for (const path of ['/public/verify-domain/nope', '/public/verify-domain/Acme', '/public/verify-domain/%E0%A4%A']) {
    const res = await call(path);
    assert.equal(res.status, 404, path);
    assert.deepEqual(await res.json(), { error: { code: 'business_not_found', key: 'directory.business_not_found', message: 'Business not found' } }, path);
  }
});

Deno.test('tenants passes the validated query on and answers 400 on a bad one', async () => {
  const { call, tenants } = setup();
  const ok = await call('/public/tenants?search=ac&page=2&limit=5');
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), { tenants: [ACME], total: 1 });
  assert.deepEqual(tenants.queries, [{ search: 'ac', page: 2, limit: 5 }]);
  const bad = await call('/public/tenants?limit=1000');
  assert.equal(bad.status, 400);
  assert.deepEqual(await bad.json(), { error: { code: 'invalid_query', key: 'directory.parameter_too_large', message: 'limit must be at most 100', params: { name: 'limit', max: 100 } } });
});

Deno.test('other methods answer 405, unknown paths 404, OPTIONS the CORS preflight', async () => {
  const { call } = setup();
  const post = await call('/public/tenants', { method: 'POST', body: '{}' });
  assert.equal(post.status, 405);
  assert.equal(post.headers.get('allow'), 'GET, OPTIONS');
  assert.equal((await call('/public/verify-domain/acme', { method: 'DELETE' })).status, 405);
  const unknown = await call('/public/tenants/acme');
  assert.equal(unknown.status, 404);
  await unknown.body?.cancel();
  const options = await call('/public/tenants', { method: 'OPTIONS' });
  assert.equal(options.status, 200);
  assert.equal(await options.text(), 'ok');
});

Deno.test('the client past its limit gets 429 with Retry-After', async () => {
  const { call } = setup(2);
  await (await call('/public/tenants')).body?.cancel();
  await (await call('/public/tenants')).body?.cancel();
  const limited = await call('/public/tenants');
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get('retry-after')) >= 1, 'Retry-After');
  const refusal = (await limited.json()).error;
  assert.equal(refusal.code, 'rate_limited');
  assert.equal(refusal.key, 'directory.rate_limited');
  assert.deepEqual(refusal.params, { seconds: Number(limited.headers.get('retry-after')) });
  assert.equal(refusal.message, `Too many requests: try again in ${refusal.params.seconds} seconds`);
  const other = await call('/public/tenants', { headers: { 'x-forwarded-for': '203.0.113.9' } });
  assert.equal(other.status, 200);
  await other.body?.cancel();
});

Deno.test('two handlers (two workers) given one count share the limit of a client', async () => {
  const shared = new RateLimiter({ limit: 3, windowMs: 60_000 });
  const workers = [0, 1].map(() => createPublicHandler({ tenants: fakeTenants(), limiter: shared, log: () => {} }));
  const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => workers[i % 2](new Request('http://localhost/public/tenants'), '203.0.113.5')));
  assert.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 200, 429, 429]);
  for (const a of answers) await a.body?.cancel();
});

Deno.test('a limiter that cannot count answers 500 and queries nothing', async () => {
  const tenants = fakeTenants();
  const handle = createPublicHandler({ tenants, limiter: { hit: () => Promise.reject(new Error('database down')) }, log: () => {} });
  const res = await handle(new Request('http://localhost/public/tenants'));
  assert.equal(res.status, 500);
  assert.deepEqual(await res.json(), { error: { code: 'unexpected_failure', key: 'server.internal_error', message: 'Something went wrong!' } });
  assert.equal(tenants.queries.length, 0);
});

Deno.test('a failing database answers 500 without its details', async () => {
  const handle = createPublicHandler({
    tenants: { findActiveTenantId: () => Promise.reject(new Error('connection refused')), listActiveTenants: () => Promise.reject(new Error('x')) },
    limiter: new RateLimiter({ limit: 10, windowMs: 60_000 }),
    log: () => {},
  });
  const res = await handle(new Request('http://localhost/public/verify-domain/acme'));
  assert.equal(res.status, 500);
  assert.deepEqual(await res.json(), { error: { code: 'unexpected_failure', key: 'server.internal_error', message: 'Something went wrong!' } });
});
