import { hashApiKey } from '../_shared/api_key.ts';
import { RateLimiter } from '../_shared/rate_limit.ts';
import { assert } from '../_shared/testing.ts';
import { type ApiData, type ApiDeps, type AuthOutcome, createApiHandler, type IdempotencyClaim, type KeyIdentity, MESSAGES, type Row } from './handler.ts';
import { signOwnerToken } from './owner_token.ts';
import { databaseFailure } from './platform.ts';

const ACME = 'a0000000-0000-4000-8000-000000000001';
const ADA = 'a1000000-0000-4000-8000-000000000001';
const NOAH = 'a1000000-0000-4000-8000-00000000010c';
const MEI = 'a1000000-0000-4000-8000-00000000010f';
const key = (c: string) => `wpk_${c.repeat(43)}`;
const KEYS = { tenant: key('T'), noah: key('N'), revoked: key('R'), expired: key('E'), inactive: key('I') };
const DELIVERIES: Row[] = [
  { id: 'd0000000-0000-4000-8000-000000000001', delivery_code: 'DL-1', status: 'pending', customer_id: NOAH, created_at: '2026-12-01T10:00:00.000001+00:00' },
  { id: 'd0000000-0000-4000-8000-000000000002', delivery_code: 'DL-2', status: 'delivered', customer_id: MEI, created_at: '2026-12-01T09:00:00+00:00' },
];

type Resolved = { ok: true; identity: KeyIdentity } | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'owner_inactive' };

/**
 * The handler's deps as the platform gives them; `limiter` stands for the database's per-key count
 * (public.authenticate_api_request): handlers given the same one share it, as workers share the
 * database.
 */
async function setup(options: { limit?: number; limiter?: RateLimiter } = {}) {
  const limiter = options.limiter ?? new RateLimiter({ limit: options.limit ?? 100, windowMs: 60_000, now: () => 0 });
  const outcomes = new Map<string, Resolved>([
    [await hashApiKey(KEYS.tenant), { ok: true, identity: { keyId: 'k-tenant', tenantId: ACME, ownerId: ADA, userId: null } }],
    [await hashApiKey(KEYS.noah), { ok: true, identity: { keyId: 'k-noah', tenantId: ACME, ownerId: NOAH, userId: NOAH } }],
    [await hashApiKey(KEYS.revoked), { ok: false, reason: 'revoked' }],
    [await hashApiKey(KEYS.expired), { ok: false, reason: 'expired' }],
    [await hashApiKey(KEYS.inactive), { ok: false, reason: 'owner_inactive' }],
  ]);
  const asked: string[] = [];
  const created: Row[] = [];
  const stored = new Map<string, { fingerprint: string; status: number | null; body: unknown }>();
  // What RLS would let each owner read: the admin everything, a customer their own deliveries.
  const visible = (owner: string) => DELIVERIES.filter((d) => owner === ADA || d.customer_id === owner);
  const deps: ApiDeps = {
    authenticate: (hash): Promise<AuthOutcome> => {
      asked.push(hash);
      const resolved = outcomes.get(hash) ?? { ok: false, reason: 'unknown' };
      return Promise.resolve(resolved.ok ? { ...resolved, rate: limiter.hit(resolved.identity.keyId) } : resolved);
    },
    asOwner: (identity: KeyIdentity): Promise<ApiData> =>
      Promise.resolve({
        createDelivery: (tenantId, input) => {
          const row = { id: `d0000000-0000-4000-8000-00000000010${created.length}`, tenant_id: tenantId, status: 'pending', ...input };
          created.push(row);
          return Promise.resolve({ ok: true, value: row });
        },
        getDelivery: (ref) => Promise.resolve({ ok: true, value: visible(identity.ownerId).find((d) => d.id === ref || d.delivery_code === ref) ?? null }),
        listDeliveries: (f) => Promise.resolve({ ok: true, value: visible(identity.ownerId).filter((d) => f.status.length === 0 || f.status.includes(String(d.status))).slice(0, f.limit + 1) }),
        cancelDelivery: () => Promise.resolve(identity.ownerId === ADA ? { ok: true, value: null } : databaseFailure({ code: '42501', message: 'Only admins and dispatchers can cancel a delivery' })),
        deliveryEvents: () => Promise.resolve({ ok: true, value: [{ seq: 1, status: 'pending' }] }),
        listStock: () => Promise.resolve({ ok: true, value: [] }),
      }),
    idempotency: {
      begin: (keyId, idem, fingerprint): Promise<IdempotencyClaim> => {
        const id = `${keyId}/${idem}`;
        const row = stored.get(id);
        if (!row) {
          stored.set(id, { fingerprint, status: null, body: null });
          return Promise.resolve({ state: 'new', id });
        }
        if (row.fingerprint !== fingerprint) return Promise.resolve({ state: 'conflict' });
        if (row.status === null) return Promise.resolve({ state: 'in_progress' });
        return Promise.resolve({ state: 'replay', status: row.status, body: row.body });
      },
      finish: (id, status, body) => {
        if (status === null) stored.delete(id);
        else stored.set(id, { ...stored.get(id)!, status, body });
        return Promise.resolve();
      },
    },
    log: () => undefined,
  };
  return { handler: createApiHandler(deps), asked, created, stored };
}

function call(handler: (req: Request) => Promise<Response>, method: string, path: string, apiKey: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const all: Record<string, string> = { 'content-type': 'application/json', ...headers };
  if (apiKey) all.authorization = `Bearer ${apiKey}`;
  return handler(new Request(`http://localhost/functions/v1/api${path}`, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) }));
}

async function error(res: Response): Promise<{ code: string; message: string; details?: unknown }> {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

Deno.test('no key, a malformed one, an unknown, revoked, expired one or a deactivated owner\'s: 401 unauthorized, each saying why', async () => {
  const { handler, asked } = await setup();
  const cases: [string | null, string][] = [
    [null, MESSAGES.missingKey],
    ['not-a-key', MESSAGES.malformedKey],
    [key('U'), MESSAGES.unknownKey],
    [KEYS.revoked, MESSAGES.revokedKey],
    [KEYS.expired, MESSAGES.expiredKey],
    [KEYS.inactive, MESSAGES.ownerInactive],
  ];
  for (const [apiKey, message] of cases) {
    const res = await call(handler, 'GET', '/v1/deliveries', apiKey);
    assert.equal(res.status, 401, String(apiKey));
    assert.ok(res.headers.get('www-authenticate')?.startsWith('Bearer'), 'WWW-Authenticate');
    assert.deepEqual(await error(res), { code: 'unauthorized', message });
  }
  // A malformed key is never looked up, and what is looked up is the hash, never the key.
  assert.equal(asked.length, 4);
  assert.ok(asked.every((h) => /^[0-9a-f]{64}$/.test(h)), 'only hashes are looked up');
});

Deno.test("a user-scoped key acts as its business user: their deliveries only, another's is not found", async () => {
  const { handler } = await setup();
  const list = await (await call(handler, 'GET', '/v1/deliveries', KEYS.noah)).json();
  assert.deepEqual(list.deliveries.map((d: Row) => d.delivery_code), ['DL-1']);
  assert.equal((await call(handler, 'GET', '/v1/deliveries/DL-1', KEYS.noah)).status, 200);
  const other = await call(handler, 'GET', '/v1/deliveries/DL-2', KEYS.noah);
  assert.equal(other.status, 404);
  assert.deepEqual(await error(other), { code: 'not_found', message: MESSAGES.deliveryNotFound });
  const tenant = await (await call(handler, 'GET', '/v1/deliveries', KEYS.tenant)).json();
  assert.equal(tenant.deliveries.length, 2);
  // What the database refuses the owner is refused the key.
  const cancel = await call(handler, 'POST', '/v1/deliveries/DL-1/cancel', KEYS.noah, { reason: 'No longer needed' });
  assert.equal(cancel.status, 403);
  assert.equal((await error(cancel)).code, 'forbidden');
});

Deno.test('list: paging by cursor, filters checked', async () => {
  const { handler } = await setup();
  const first = await (await call(handler, 'GET', '/v1/deliveries?limit=1', KEYS.tenant)).json();
  assert.equal(first.deliveries.length, 1);
  assert.ok(typeof first.next_cursor === 'string', 'a next cursor while more remain');
  const bad = await call(handler, 'GET', '/v1/deliveries?status=lost&limit=500&created_from=yesterday&cursor=zzz', KEYS.tenant);
  assert.equal(bad.status, 422);
  const body = await error(bad);
  assert.equal(body.code, 'validation_failed');
  assert.deepEqual((body.details as { field: string }[]).map((d) => d.field).sort(), ['created_from', 'cursor', 'limit', 'status']);
});

Deno.test('create: fields checked before the database; tracking answers status and events', async () => {
  const { handler } = await setup();
  const bad = await call(handler, 'POST', '/v1/deliveries', KEYS.tenant, { customer_id: NOAH, pickup_lat: 'north', colour: 'red' });
  assert.equal(bad.status, 422);
  const fields = ((await error(bad)).details as { field: string }[]).map((d) => d.field);
  for (const f of ['service_id', 'pickup_lat', 'colour', 'packages']) assert.ok(fields.includes(f), f);
  const notJson = await handler(new Request('http://localhost/functions/v1/api/v1/deliveries', { method: 'POST', headers: { authorization: `Bearer ${KEYS.tenant}` }, body: '{' }));
  assert.equal(notJson.status, 400);
  assert.equal((await error(notJson)).code, 'bad_request');
  const tracking = await (await call(handler, 'GET', '/v1/deliveries/DL-1/tracking', KEYS.noah)).json();
  assert.deepEqual(tracking.tracking, { delivery_id: DELIVERIES[0].id, delivery_code: 'DL-1', status: 'pending', events: [{ seq: 1, status: 'pending' }] });
  assert.equal((await call(handler, 'GET', '/v1/nothing', KEYS.tenant)).status, 404);
  const wrongMethod = await call(handler, 'DELETE', '/v1/deliveries', KEYS.tenant);
  assert.equal(wrongMethod.status, 405);
  assert.equal(wrongMethod.headers.get('allow'), 'GET, POST');
});

const BOOKING = {
  customer_id: NOAH, service_id: 'a6100000-0000-4000-8000-000000000002',
  pickup_address: { full_address: '1 Market St' }, pickup_lat: 37.79, pickup_lng: -122.39,
  dropoff_address: { full_address: '600 Mission St' }, dropoff_lat: 37.77, dropoff_lng: -122.41,
  packages: [{ quantity: 1, weight_kg: 2 }],
};

Deno.test('Idempotency-Key: a retry gets the same answer without a second delivery; another body with the same key is refused', async () => {
  const { handler, created } = await setup();
  const first = await call(handler, 'POST', '/v1/deliveries', KEYS.tenant, BOOKING, { 'idempotency-key': 'order-42' });
  assert.equal(first.status, 201);
  const firstBody = await first.json();
  // The same fields in another order are the same request.
  const reordered = Object.fromEntries(Object.entries(BOOKING).reverse());
  const again = await call(handler, 'POST', '/v1/deliveries', KEYS.tenant, reordered, { 'idempotency-key': 'order-42' });
  assert.equal(again.status, 201);
  assert.equal(again.headers.get('idempotent-replayed'), 'true');
  assert.deepEqual(await again.json(), firstBody);
  assert.equal(created.length, 1);
  const conflict = await call(handler, 'POST', '/v1/deliveries', KEYS.tenant, { ...BOOKING, notes: 'other' }, { 'idempotency-key': 'order-42' });
  assert.equal(conflict.status, 409);
  assert.deepEqual(await error(conflict), { code: 'idempotency_conflict', message: MESSAGES.idempotencyConflict });
  assert.equal(created.length, 1);
  // Another key has its own Idempotency-Keys.
  assert.equal((await call(handler, 'POST', '/v1/deliveries', KEYS.noah, BOOKING, { 'idempotency-key': 'order-42' })).status, 201);
  assert.equal(created.length, 2);
});

Deno.test('a refused create is answered the same on retry', async () => {
  const { handler, created } = await setup();
  const bad = { ...BOOKING, colour: 'red' };
  const first = await call(handler, 'POST', '/v1/deliveries', KEYS.tenant, bad, { 'idempotency-key': 'x' });
  const again = await call(handler, 'POST', '/v1/deliveries', KEYS.tenant, bad, { 'idempotency-key': 'x' });
  assert.equal(first.status, 422);
  assert.equal(again.status, 422);
  assert.deepEqual(await again.json(), await first.json());
  assert.equal(created.length, 0);
});

Deno.test('rate limit per key: 429 rate_limited with Retry-After, other keys unaffected', async () => {
  const { handler } = await setup({ limit: 2 });
  assert.equal((await call(handler, 'GET', '/v1/deliveries', KEYS.tenant)).status, 200);
  assert.equal((await call(handler, 'GET', '/v1/deliveries', KEYS.tenant)).status, 200);
  const limited = await call(handler, 'GET', '/v1/deliveries', KEYS.tenant);
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get('retry-after'), '60');
  assert.deepEqual(await error(limited), { code: 'rate_limited', message: MESSAGES.rateLimited });
  assert.equal((await call(handler, 'GET', '/v1/deliveries', KEYS.noah)).status, 200);
});

Deno.test('two handlers (two workers) answer from one count: the limit is the key\'s, not each worker\'s', async () => {
  const shared = new RateLimiter({ limit: 3, windowMs: 60_000, now: () => 0 });
  const [a, b] = [(await setup({ limiter: shared })).handler, (await setup({ limiter: shared })).handler];
  const first = await call(a, 'GET', '/v1/deliveries', KEYS.tenant);
  assert.equal(first.headers.get('ratelimit-limit'), '3');
  assert.equal(first.headers.get('ratelimit-remaining'), '2');
  assert.equal((await call(b, 'GET', '/v1/deliveries', KEYS.tenant)).headers.get('ratelimit-remaining'), '1');
  assert.equal((await call(a, 'GET', '/v1/deliveries', KEYS.tenant)).status, 200);
  const limited = await call(b, 'GET', '/v1/deliveries', KEYS.tenant);
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get('ratelimit-remaining'), '0');
  assert.equal(limited.headers.get('retry-after'), '60');
});

Deno.test('the owner token is a one-minute HS256 session of the owner', async () => {
  const token = await signOwnerToken('s'.repeat(40), NOAH, new Date('2026-12-01T00:00:00Z'));
  const [header, payload, signature] = token.split('.');
  const decode = (part: string) => JSON.parse(atob(part.replaceAll('-', '+').replaceAll('_', '/')));
  assert.deepEqual(decode(header), { alg: 'HS256', typ: 'JWT' });
  const claims = decode(payload);
  assert.equal(claims.sub, NOAH);
  assert.equal(claims.role, 'authenticated');
  assert.equal(claims.exp - claims.iat, 60);
  const hmac = await crypto.subtle.importKey('raw', new TextEncoder().encode('s'.repeat(40)), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const raw = Uint8Array.from(atob(signature.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (signature.length % 4)) % 4)), (c) => c.charCodeAt(0));
  assert.ok(await crypto.subtle.verify('HMAC', hmac, raw, new TextEncoder().encode(`${header}.${payload}`)), 'the signature verifies');
});
