import { assert } from '../_shared/testing.ts';
import { createLabelsHandler, itemLink, NOT_ADMIN, SERVICE_ONLY, type Caller, type LabelDeps, type LabelItem, type Outcome } from './handler.ts';
import { LabelError } from './label.ts';

const ACME = 'a0000000-0000-4000-8000-000000000001';
const ITEM = 'c1000000-0000-4000-8000-000000000001';

function item(extra: Partial<LabelItem> = {}): LabelItem {
  return { id: ITEM, tenant_id: ACME, tenant_slug: 'acme', name: 'Chair', sku: 'CH-1', barcode: null, label_status: 'pending', label_url: null, label_error: null, ...extra };
}

function setup(items: LabelItem[], overrides: Partial<LabelDeps> = {}) {
  const stored: string[] = [];
  const finished: { id: string; outcome: Outcome }[] = [];
  const callers: Record<string, Caller> = {
    admin: { kind: 'user', userId: 'u1', tenantId: ACME, admin: true },
    dispatcher: { kind: 'user', userId: 'u2', tenantId: ACME, admin: false },
    service: { kind: 'service' },
  };
  const deps: LabelDeps = {
    appUrl: 'http://app.test/',
    resolveCaller: (token) => Promise.resolve(callers[token] ?? null),
    findItem: (id, tenant) => Promise.resolve(items.find((i) => i.id === id && (tenant === null || i.tenant_id === tenant)) ?? null),
    pendingItems: () => Promise.resolve(items.filter((i) => i.label_status === 'pending')),
    storeLabel: (path) => (stored.push(path), Promise.resolve()),
    finishLabel: (i, outcome) => (finished.push({ id: i.id, outcome }), Promise.resolve(true)),
    render: () => Promise.resolve(new Uint8Array([1, 2, 3])),
    log: () => {},
    ...overrides,
  };
  const call = async (token: string | null, body: unknown) => {
    const res = await createLabelsHandler(deps)(new Request('http://x/', {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      body: JSON.stringify(body),
    }));
    return { status: res.status, json: await res.json() };
  };
  return { call, stored, finished };
}

Deno.test('an admin renders a pending label: stored under the tenant, recorded as success', async () => {
  const t = setup([item()]);
  const res = await t.call('admin', { item_id: ITEM });
  assert.equal(res.status, 200, 'status');
  assert.deepEqual(t.stored, [`${ACME}/${ITEM}.pdf`], 'stored');
  assert.deepEqual(res.json.data.labels[0], { item_id: ITEM, label_status: 'success', label_url: `${ACME}/${ITEM}.pdf`, label_error: null }, 'answer');
});

Deno.test('a label the renderer refuses is recorded as failed with its reason', async () => {
  const t = setup([item()], { render: () => Promise.reject(new LabelError('The barcode has characters Code 128 cannot print')) });
  const res = await t.call('admin', { item_id: ITEM });
  assert.equal(res.json.data.labels[0].label_error, 'The barcode has characters Code 128 cannot print', 'reason');
  assert.deepEqual(t.stored, [], 'nothing stored');
});

Deno.test('a label already rendered is not drawn again; an item changed meanwhile stays pending', async () => {
  const done = setup([item({ label_status: 'success', label_url: 'x.pdf' })]);
  assert.equal((await done.call('admin', { item_id: ITEM })).json.data.labels[0].label_status, 'success', 'kept');
  assert.deepEqual(done.stored, [], 'not drawn');
  const stale = setup([item()], { finishLabel: () => Promise.resolve(false) });
  assert.equal((await stale.call('admin', { item_id: ITEM })).json.data.labels[0].label_status, 'pending', 'left pending');
});

Deno.test('refusals: no session, not an admin, another tenant, bad input, retry by a user', async () => {
  const t = setup([item({ tenant_id: 'b0000000-0000-4000-8000-000000000001' })]);
  assert.equal((await t.call(null, { item_id: ITEM })).status, 401, 'no session');
  const dispatcher = await t.call('dispatcher', { item_id: ITEM });
  assert.equal(dispatcher.status, 403, 'dispatcher');
  assert.equal(dispatcher.json.message, NOT_ADMIN, 'message');
  assert.equal(dispatcher.json.key, 'labels.not_admin', 'key');
  assert.equal((await t.call('admin', { item_id: ITEM })).status, 404, 'another tenant');
  assert.equal((await t.call('admin', { item_id: 'nope' })).status, 400, 'bad id');
  assert.equal((await t.call('admin', { retry: 'pending' })).json.message, SERVICE_ONLY, 'retry is the scheduler');
  assert.deepEqual(t.stored, [], 'nothing stored');
});

Deno.test('the scheduler retries every pending label it is given', async () => {
  const t = setup([item(), item({ id: 'c1000000-0000-4000-8000-000000000002', label_status: 'pending' })]);
  const res = await t.call('service', { retry: 'pending' });
  assert.equal(res.json.data.labels.length, 2, 'two rendered');
  assert.equal(t.finished.length, 2, 'two recorded');
});

Deno.test('the QR code links to the item in its tenant\'s admin panel', () => {
  assert.equal(itemLink('http://app.test/', item()), `http://app.test/acme/admin/inventory-items/${ITEM}/edit`, 'link');
});
