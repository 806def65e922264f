import { assert } from '../_shared/testing.ts';
import { createApiKeysHandler, GENERATED, KEY_INACTIVE, NOT_ADMIN, REVOKED, UPDATED, type ApiKeyRow, type ApiKeysDeps, type NewApiKeyRow } from './handler.ts';
import { EXPIRY_IN_PAST, NAME_REQUIRED, parseList } from './input.ts';
import { databaseFailure, searchTerm } from './platform.ts';

const ACME = 'a0000000-0000-4000-8000-000000000001';
const BORIS = 'a1000000-0000-4000-8000-000000000005';
const NOW = new Date('2026-12-01T12:00:00Z');
const KEY = `wpk_${'K'.repeat(43)}`;

function setup(rows: ApiKeyRow[] = []) {
  const db = new Map(rows.map((r) => [r.id, { ...r }]));
  const inserted: NewApiKeyRow[] = [];
  const logged: unknown[] = [];
  let n = 0;
  const callers: Record<string, { panelType: string; status: string }> = { ada: { panelType: 'admin', status: 'active' }, dana: { panelType: 'dispatcher', status: 'active' }, gone: { panelType: 'admin', status: 'inactive' } };
  const deps: ApiKeysDeps = {
    resolveCaller: (token) => Promise.resolve(callers[token] ? { userId: token, profile: { tenantId: ACME, ...callers[token] } } : null),
    store: () => ({
      list: () => Promise.resolve({ ok: true, value: { rows: [...db.values()], total: db.size } }),
      get: (id) => Promise.resolve({ ok: true, value: db.get(id) ?? null }),
      insert: (row) => {
        inserted.push(row);
        const id = `00000000-0000-4000-8000-00000000000${++n}`;
        const { key_hash: _hash, ...visible } = row;
        const stored: ApiKeyRow = { id, ...visible, is_active: true, last_used_at: null, revoked_at: null, created_at: NOW.toISOString(), updated_at: NOW.toISOString() };
        db.set(id, stored);
        return Promise.resolve({ ok: true, value: stored });
      },
      update: (id, patch) => {
        const row = { ...db.get(id)!, ...patch };
        db.set(id, row);
        return Promise.resolve({ ok: true, value: row });
      },
    }),
    generateKey: () => Promise.resolve({ key: KEY, prefix: KEY.slice(0, 12), hash: 'f'.repeat(64) }),
    now: () => NOW,
    log: (message, error) => logged.push([message, error]),
  };
  return { handler: createApiKeysHandler(deps), db, inserted, logged };
}

function call(handler: (req: Request) => Promise<Response>, method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return handler(new Request(`http://localhost/functions/v1/api-keys${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
}

Deno.test('POST answers the key once with the message; only its hash and prefix are stored', async () => {
  const { handler, inserted, db } = setup();
  const res = await call(handler, 'POST', '', 'ada', { name: '  Shop sync ', description: 'Orders', expires_at: null, user_id: BORIS });
  assert.equal(res.status, 201);
  const body = await res.json();
  assert.equal(body.message, GENERATED);
  assert.equal(body.apiKey.api_key, KEY);
  assert.equal(body.apiKey.name, 'Shop sync');
  assert.equal(inserted.length, 1);
  assert.deepEqual(inserted[0], { tenant_id: ACME, user_id: BORIS, name: 'Shop sync', description: 'Orders', expires_at: null, key_prefix: 'wpk_KKKKKKKK', key_hash: 'f'.repeat(64) });
  assert.ok(!JSON.stringify([...db.values()]).includes(KEY), 'the key is not in what was stored');
});

Deno.test('POST refuses a blank name, an expiry in the past and a missing scope, storing nothing', async () => {
  const { handler, inserted } = setup();
  const res = await call(handler, 'POST', '', 'ada', { name: ' ', expires_at: '2026-11-30T00:00:00Z' });
  assert.equal(res.status, 422);
  const body = await res.json();
  assert.deepEqual(body.error.details.map((d: { field: string }) => d.field), ['name', 'expires_at', 'tenant_id']);
  assert.equal(body.error.details[0].message, NAME_REQUIRED);
  assert.equal(body.error.details[1].message, EXPIRY_IN_PAST);
  // Each carries a stable key beside its English words, for the app to show in the user's language.
  assert.deepEqual(body.error.details.slice(0, 2).map((d: { key?: string }) => d.key), ['api_keys.name_required', 'api_keys.expiry_in_past']);
  assert.equal(inserted.length, 0);
  const malformed = await handler(new Request('http://localhost/functions/v1/api-keys', { method: 'POST', headers: { authorization: 'Bearer ada' }, body: '{' }));
  assert.equal(malformed.status, 400);
});

Deno.test('only an active admin: no session 401, other panels and inactive admins 403', async () => {
  const { handler } = setup();
  assert.equal((await call(handler, 'GET', '', null)).status, 401);
  assert.equal((await call(handler, 'GET', '', 'stranger')).status, 401);
  const dispatcher = await call(handler, 'POST', '', 'dana', { name: 'x', tenant_id: ACME });
  assert.equal(dispatcher.status, 403);
  assert.equal((await dispatcher.json()).error.message, NOT_ADMIN);
  assert.equal((await call(handler, 'GET', '', 'gone')).status, 403);
});

Deno.test('POST for another tenant is refused', async () => {
  const { handler, inserted } = setup();
  const res = await call(handler, 'POST', '', 'ada', { name: 'x', tenant_id: 'b0000000-0000-4000-8000-000000000001' });
  assert.equal(res.status, 403);
  assert.equal(inserted.length, 0);
});

Deno.test('PUT edits and DELETE revokes an active key; a revoked one is refused with 409; an unknown one is 404', async () => {
  const { handler, db } = setup();
  const created = await (await call(handler, 'POST', '', 'ada', { name: 'Key', tenant_id: ACME })).json();
  const id = created.apiKey.id;
  const put = await call(handler, 'PUT', `/${id}`, 'ada', { name: 'Renamed', description: 'd', expires_at: '2027-01-01T00:00:00Z', is_active: true });
  assert.equal(put.status, 200);
  assert.equal((await put.json()).message, UPDATED);
  assert.equal(db.get(id)!.name, 'Renamed');
  const del = await call(handler, 'DELETE', `/${id}`, 'ada');
  assert.equal((await del.json()).message, REVOKED);
  assert.equal(db.get(id)!.is_active, false);
  const again = await call(handler, 'DELETE', `/${id}`, 'ada');
  assert.equal(again.status, 409);
  const refusal = (await again.json()).error;
  assert.equal(refusal.message, KEY_INACTIVE);
  assert.equal(refusal.key, 'api_keys.inactive');
  assert.equal((await call(handler, 'PUT', `/${id}`, 'ada', { name: 'Back' })).status, 409);
  assert.equal((await call(handler, 'PUT', '/00000000-0000-4000-8000-0000000000ff', 'ada', { name: 'x' })).status, 404);
  const unknown = await call(handler, 'DELETE', '/not-a-uuid', 'ada');
  assert.equal(unknown.status, 404);
  assert.equal((await unknown.json()).error.key, 'api_keys.not_found');
});

Deno.test('PUT keeps an expiry that has passed when it is sent back unchanged, and refuses a new one in the past', async () => {
  const { handler, db } = setup();
  const created = await (await call(handler, 'POST', '', 'ada', { name: 'Key', tenant_id: ACME })).json();
  const id = created.apiKey.id;
  db.set(id, { ...db.get(id)!, expires_at: '2026-11-01T00:00:00.000Z' });
  assert.equal((await call(handler, 'PUT', `/${id}`, 'ada', { name: 'Key', expires_at: '2026-11-01T00:00:00Z' })).status, 200);
  assert.equal((await call(handler, 'PUT', `/${id}`, 'ada', { name: 'Key', expires_at: '2026-11-02T00:00:00Z' })).status, 422);
});

Deno.test('GET lists as {apiKeys, total}; another tenant lists nothing; bad paging is 400; wrong methods 405', async () => {
  const { handler } = setup();
  await call(handler, 'POST', '', 'ada', { name: 'Key', tenant_id: ACME });
  const list = await (await call(handler, 'GET', '?page=1&limit=10', 'ada')).json();
  assert.equal(list.total, 1);
  assert.equal(list.apiKeys.length, 1);
  assert.equal(list.apiKeys[0].key_hash, undefined);
  const other = await (await call(handler, 'GET', '?tenantId=b0000000-0000-4000-8000-000000000001', 'ada')).json();
  assert.deepEqual(other, { apiKeys: [], total: 0 });
  assert.equal((await call(handler, 'GET', '?page=0', 'ada')).status, 400);
  assert.equal((await call(handler, 'PATCH', '', 'ada')).status, 405);
  assert.equal((await call(handler, 'POST', '/00000000-0000-4000-8000-000000000001', 'ada', {})).status, 405);
});

Deno.test('parseList reads the screen\'s parameters', () => {
  const parsed = parseList(new URLSearchParams('page=2&limit=25&search=shop&userId=A1000000-0000-4000-8000-000000000005&sort=name&order=asc'));
  assert.deepEqual(parsed, { ok: true, value: { page: 2, limit: 25, search: 'shop', tenant_id: null, user_id: BORIS, sort: 'name', ascending: true } });
  assert.equal(parseList(new URLSearchParams('limit=500')).ok, false);
  assert.equal(parseList(new URLSearchParams('sort=key_hash')).ok, false);
});

Deno.test('search terms lose PostgREST and LIKE syntax; database refusals map to statuses', () => {
  assert.equal(searchTerm('a,name.eq.x)*%_'), 'a name.eq.x');
  assert.equal(databaseFailure({ code: '23514', message: 'Validation failed', details: '[{"field":"name","message":"Name is required"}]' }).status, 422);
  assert.equal(databaseFailure({ code: '42501', message: 'denied' }).status, 403);
  assert.equal(databaseFailure({ code: 'XX000', message: 'boom' }).status, 500);
});
