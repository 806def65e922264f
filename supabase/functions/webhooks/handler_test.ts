import { RefusedAddressError } from '../_shared/net_guard.ts';
import { assert } from '../_shared/testing.ts';
import { createWebhooksHandler, MESSAGES, NOT_ADMIN, type SubscriptionRow, type WebhooksDeps } from './handler.ts';
import { INVALID_URL } from './input.ts';

const ACME = 'a0000000-0000-4000-8000-000000000001';
const BORIS = 'a1000000-0000-4000-8000-000000000005';
const STORED_SECRET = `whsec_${'S'.repeat(43)}=`;
const NOW = new Date('2026-12-01T12:00:00Z');

function setup(answer: (url: string) => Response | Error = () => new Response('ok')) {
  const db = new Map<string, SubscriptionRow & { signing_secret: string }>();
  const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
  let n = 0;
  const deps: WebhooksDeps = {
    resolveCaller: (token) => Promise.resolve(token === 'ada' ? { userId: 'ada', profile: { tenantId: ACME, panelType: 'admin', status: 'active' } } : token === 'dana' ? { userId: 'dana', profile: { tenantId: ACME, panelType: 'dispatcher', status: 'active' } } : null),
    store: () => ({
      modules: () => Promise.resolve({ ok: true, value: [{ id: 'deliveries', name: 'Deliveries', event_types: ['delivery.created'] }, { id: 'exceptions', name: 'Exceptions', event_types: ['exception.created'] }] }),
      listFor: (userId) => Promise.resolve({ ok: true, value: [...db.values()].filter((s) => s.user_id === userId).map(({ signing_secret: _s, ...row }) => row) }),
      get: (id) => {
        const row = db.get(id);
        if (!row) return Promise.resolve({ ok: true, value: null });
        const { signing_secret: _s, ...visible } = row;
        return Promise.resolve({ ok: true, value: visible });
      },
      insert: (row) => {
        const id = `00000000-0000-4000-8000-00000000000${++n}`;
        const stored = { id, ...row, disabled_reason: null, created_at: NOW.toISOString(), updated_at: NOW.toISOString() };
        db.set(id, stored);
        const { signing_secret: _s, ...visible } = stored;
        return Promise.resolve({ ok: true, value: visible });
      },
      update: (id, patch) => {
        const stored = { ...db.get(id)!, ...patch };
        db.set(id, stored);
        const { signing_secret: _s, ...visible } = stored;
        return Promise.resolve({ ok: true, value: visible });
      },
    }),
    signingSecretOf: (id) => Promise.resolve(db.get(id)?.signing_secret ?? null),
    send: (url, init) => {
      sent.push({ url, headers: init.headers as Record<string, string>, body: init.body as string });
      const result = answer(url);
      return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
    },
    now: () => NOW,
    newMessageId: () => 'msg_test',
    log: () => {},
  };
  return { handler: createWebhooksHandler(deps), db, sent };
}

function call(handler: (req: Request) => Promise<Response>, method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return handler(new Request(`http://localhost/functions/v1/webhooks${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
}

async function verify(secret: string, headers: Record<string, string>, body: string): Promise<boolean> {
  const raw = atob(secret.slice(6));
  const keyBytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) keyBytes[i] = raw.charCodeAt(i);
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)));
  return headers['webhook-signature'] === `v1,${btoa(String.fromCharCode(...mac))}`;
}

const card = { module_id: 'deliveries', webhook_url: 'https://shop.example/hooks', secret_header_key: 'Authorization', secret_header_value: 'Bearer abc', is_active: true, user_id: BORIS };

Deno.test('a test of a new card is signed with a draft secret that the save then keeps', async () => {
  const { handler, sent, db } = setup();
  const res = await call(handler, 'POST', '/test', 'ada', { webhook_url: card.webhook_url, secret_header_key: 'Authorization', secret_header_value: 'Bearer abc' });
  const answer = await res.json();
  assert.equal(res.status, 200);
  assert.equal(answer.success, true);
  assert.equal(answer.message, MESSAGES.testSuccessful);
  const draft = answer.signing_secret as string;
  assert.ok(/^whsec_/.test(draft), 'a draft secret');
  assert.equal(sent[0].headers.Authorization, 'Bearer abc');
  assert.equal(sent[0].headers['webhook-id'], 'msg_test');
  assert.equal(sent[0].headers['webhook-timestamp'], String(NOW.getTime() / 1000));
  assert.ok(await verify(draft, sent[0].headers, sent[0].body), 'the test verifies with the draft secret');

  const saved = await call(handler, 'POST', '', 'ada', { ...card, signing_secret: draft });
  assert.equal(saved.status, 201);
  const body = await saved.json();
  assert.equal(body.message, MESSAGES.saved);
  assert.equal(body.signing_secret, draft);
  assert.equal([...db.values()][0].signing_secret, draft);
});

Deno.test('a test of a saved subscription is signed with its own secret, never answered', async () => {
  const { handler, sent, db } = setup();
  await call(handler, 'POST', '', 'ada', card);
  const id = [...db.keys()][0];
  db.set(id, { ...db.get(id)!, signing_secret: STORED_SECRET });
  const answer = await (await call(handler, 'POST', '/test', 'ada', { ...card, subscription_id: id })).json();
  assert.equal(answer.success, true);
  assert.equal(answer.signing_secret, undefined);
  assert.ok(await verify(STORED_SECRET, sent[0].headers, sent[0].body), 'signed with the stored secret');
  assert.equal((await call(handler, 'POST', '/test', 'ada', { ...card, subscription_id: '00000000-0000-4000-8000-0000000000ff' })).status, 404);
});

Deno.test('test outcomes: a non-2xx answer, a refused address and an unreachable receiver', async () => {
  const failing = setup(() => new Response('no', { status: 500 }));
  const completed = await (await call(failing.handler, 'POST', '/test', 'ada', { webhook_url: card.webhook_url })).json();
  assert.deepEqual([completed.success, completed.message, completed.status_code], [false, MESSAGES.testCompleted, 500]);
  assert.deepEqual([completed.error, completed.error_key, completed.error_params], ['The receiver answered 500', 'webhooks.receiver_answered', { status: 500 }]);
  const refused = setup(() => new RefusedAddressError('169.254.169.254 is a link-local or metadata address'));
  const guard = await (await call(refused.handler, 'POST', '/test', 'ada', { webhook_url: 'http://169.254.169.254/' })).json();
  assert.deepEqual([guard.success, guard.message], [false, MESSAGES.testFailed]);
  assert.equal(guard.error_key, 'webhooks.receiver_refused');
  assert.equal(guard.error, `Refused: ${guard.error_params.reason}`);
  assert.ok(String(guard.error).includes('169.254.169.254'));
  const down = setup(() => new TypeError('connection refused'));
  const unreachable = await (await call(down.handler, 'POST', '/test', 'ada', { webhook_url: card.webhook_url })).json();
  assert.deepEqual([unreachable.success, unreachable.message], [false, MESSAGES.testFailed]);
  assert.deepEqual([unreachable.error, unreachable.error_key], ['The receiver could not be reached', 'webhooks.receiver_unreachable']);
});

Deno.test('an invalid URL is refused before anything is sent; half an auth header too', async () => {
  const { handler, sent } = setup();
  const res = await call(handler, 'POST', '/test', 'ada', { webhook_url: 'not a url' });
  assert.equal(res.status, 422);
  assert.deepEqual((await res.json()).error, {
    code: 'validation_failed',
    key: 'webhooks.url_invalid',
    message: INVALID_URL,
    details: [{ field: 'webhook_url', key: 'webhooks.url_invalid', message: INVALID_URL }],
  });
  const half = await call(handler, 'POST', '', 'ada', { ...card, secret_header_value: null });
  assert.equal(half.status, 422);
  assert.deepEqual((await half.json()).error.details, [
    { field: 'secret_header_value', key: 'webhooks.header_incomplete', message: 'Enter both the header name and its value, or neither' },
  ]);
  assert.equal(sent.length, 0);
});

Deno.test('the list has one entry per module, without id where none is configured', async () => {
  const { handler } = setup();
  await call(handler, 'POST', '', 'ada', card);
  const list = await (await call(handler, 'GET', `?userId=${BORIS}&limit=100`, 'ada')).json();
  assert.equal(list.subscriptions.length, 2);
  assert.equal(list.subscriptions[0].module_name, 'Deliveries');
  assert.ok(list.subscriptions[0].id, 'deliveries is configured');
  assert.equal(list.subscriptions[1].id, undefined);
  assert.equal(list.subscriptions[1].module_id, 'exceptions');
  assert.equal(JSON.stringify(list).includes('signing_secret'), false);
});

Deno.test('update: edits its own subscription, rotates on request; an unknown one is Webhook not found', async () => {
  const { handler, db } = setup();
  await call(handler, 'POST', '', 'ada', card);
  const id = [...db.keys()][0];
  const before = db.get(id)!.signing_secret;
  const res = await call(handler, 'PUT', `/${id}`, 'ada', { ...card, webhook_url: 'https://shop.example/v2', is_active: false });
  assert.equal((await res.json()).message, MESSAGES.saved);
  assert.equal(db.get(id)!.webhook_url, 'https://shop.example/v2');
  assert.equal(db.get(id)!.signing_secret, before);
  const rotated = await (await call(handler, 'PUT', `/${id}`, 'ada', { ...card, rotate_secret: true })).json();
  assert.ok(rotated.signing_secret && rotated.signing_secret !== before, 'a new secret, answered once');
  const missing = await call(handler, 'PUT', '/00000000-0000-4000-8000-0000000000ff', 'ada', card);
  assert.equal(missing.status, 404);
  assert.deepEqual((await missing.json()).error, { code: 'webhook_not_found', key: 'webhooks.not_found', message: MESSAGES.notFound });
});

Deno.test('only active admins; wrong routes and methods', async () => {
  const { handler } = setup();
  assert.equal((await call(handler, 'GET', `?userId=${BORIS}`, null)).status, 401);
  const dispatcher = await call(handler, 'POST', '/test', 'dana', { webhook_url: card.webhook_url });
  assert.equal(dispatcher.status, 403);
  assert.deepEqual((await dispatcher.json()).error, { code: 'not_admin', key: 'webhooks.not_admin', message: NOT_ADMIN });
  assert.equal((await call(handler, 'DELETE', '', 'ada')).status, 405);
  assert.equal((await call(handler, 'GET', '/test', 'ada')).status, 405);
  assert.equal((await call(handler, 'GET', '/a/b', 'ada')).status, 404);
});
