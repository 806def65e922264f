import { RefusedAddressError } from '../_shared/net_guard.ts';
import { signatureFor } from '../_shared/standard_webhooks.ts';
import { assert } from '../_shared/testing.ts';
import { type AttemptResult, BATCH, BUDGET_MS, type ClaimedDelivery, LANES, createDispatchHandler, type DispatchDeps } from './handler.ts';

const SERVICE_KEY = 'service-role-key';
const SECRET = `whsec_${'S'.repeat(43)}=`;
const NOW = new Date('2026-12-01T12:00:00Z');

/** A dispatcher slot always free: the tests about what one call does. */
const freeSlot = { enter: () => Promise.resolve('slot-1'), leave: () => Promise.resolve() };

function claimed(n: number, patch: Partial<ClaimedDelivery> = {}): ClaimedDelivery {
  return {
    delivery_id: `d${n}`, message_id: `msg_${n}`, attempt: 1, event_type: 'delivery.created', webhook_url: `https://shop.example/hooks/${n}`,
    secret_header_key: 'Authorization', secret_header_value: 'Bearer receiver', signing_secret: SECRET,
    payload: { type: 'delivery.created', timestamp: NOW.toISOString(), data: { id: `delivery-${n}` } }, ...patch,
  };
}

function setup(queue: ClaimedDelivery[][], answer: (url: string) => Response | Error) {
  const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
  const recorded: AttemptResult[][] = [];
  const deps: DispatchDeps = {
    serviceRoleKey: SERVICE_KEY,
    ...freeSlot,
    claim: () => Promise.resolve(queue.shift() ?? []),
    record: (results) => (recorded.push(results), Promise.resolve()),
    send: (url, init) => {
      sent.push({ url, headers: init.headers as Record<string, string>, body: init.body as string });
      const a = answer(url);
      return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
    },
    now: () => NOW,
    log: () => undefined,
  };
  return { handler: createDispatchHandler(deps), sent, recorded };
}

function call(handler: (req: Request) => Promise<Response>, key = SERVICE_KEY, method = 'POST'): Promise<Response> {
  return handler(new Request('http://localhost/functions/v1/webhook-dispatch', { method, headers: { authorization: `Bearer ${key}` }, body: method === 'POST' ? '{}' : undefined }));
}

Deno.test('only the holder of the service key dispatches', async () => {
  const { handler, sent } = setup([[claimed(1)]], () => new Response('ok'));
  const res = await call(handler, 'someone-else');
  assert.equal(res.status, 401);
  assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'not_the_dispatcher');
  assert.equal((await call(handler, SERVICE_KEY, 'GET')).status, 405);
  assert.equal(sent.length, 0, 'nothing sent');
});

Deno.test('a delivery is sent signed as Standard Webhooks with the receiver header, and its answer recorded', async () => {
  const { handler, sent, recorded } = setup([[claimed(1)]], () => new Response('thanks', { status: 202 }));
  const res = await call(handler);
  assert.deepEqual(await res.json(), { sent: 1, succeeded: 1, failed: 0 });
  assert.equal(sent.length, 1);
  const { headers, body } = sent[0];
  assert.equal(headers['webhook-id'], 'msg_1');
  assert.equal(headers['webhook-timestamp'], String(NOW.getTime() / 1000));
  assert.equal(headers['webhook-signature'], await signatureFor(SECRET, 'msg_1', NOW.getTime() / 1000, body));
  assert.equal(headers.Authorization, 'Bearer receiver');
  assert.equal((JSON.parse(body) as { type: string }).type, 'delivery.created');
  assert.equal(recorded[0][0].status_code, 202);
  assert.equal(recorded[0][0].response_excerpt, 'thanks');
  assert.equal(recorded[0][0].error, null);
});

Deno.test('failures are recorded with why, and the answer excerpt is bounded', async () => {
  const { handler, recorded } = setup([[claimed(1), claimed(2), claimed(3), claimed(4, { secret_header_key: null, secret_header_value: null })]], (url) =>
    url.endsWith('/1') ? new RefusedAddressError('10.0.0.1 is a private address')
    : url.endsWith('/2') ? new DOMException('timed out', 'TimeoutError')
    : url.endsWith('/3') ? new TypeError('connection refused')
    : new Response('x'.repeat(5000), { status: 500 }));
  const res = await call(handler);
  assert.deepEqual(await res.json(), { sent: 4, succeeded: 0, failed: 4 });
  const byId = new Map(recorded[0].map((r) => [r.delivery_id, r]));
  assert.equal(byId.get('d1')!.error, 'Refused: 10.0.0.1 is a private address');
  assert.equal(byId.get('d2')!.error, 'The receiver did not answer within 15 seconds');
  assert.equal(byId.get('d3')!.error, 'The receiver could not be reached');
  assert.equal(byId.get('d4')!.status_code, 500);
  assert.equal(byId.get('d4')!.response_excerpt!.length, 1000);
});

Deno.test('a call drains: rounds go on until a claim comes back empty, however many that takes', async () => {
  const batch = (round: number) => Array.from({ length: BATCH }, (_, i) => claimed(round * BATCH + i));
  const queue = [...Array.from({ length: 10 }, (_, r) => batch(r)), [claimed(9999)]];
  const drained = setup(queue, () => new Response('ok'));
  assert.deepEqual(await (await call(drained.handler)).json(), { sent: 10 * BATCH + 1, succeeded: 10 * BATCH + 1, failed: 0 });
  assert.equal(drained.recorded.length, 11, 'every claimed round recorded');
  assert.equal(new Set(drained.sent.map((s) => s.headers['webhook-id'])).size, 10 * BATCH + 1, 'each delivery sent once');
  assert.equal(queue.length, 0);
});

Deno.test(`rounds run ${LANES} at a time: a slow receiver holds up only its own lane`, async () => {
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  const queue = [[claimed(0, { webhook_url: 'https://slow.example/hooks' })], ...Array.from({ length: 6 }, (_, r) => [claimed(r + 1)])];
  const recorded: AttemptResult[][] = [];
  const deps: DispatchDeps = {
    serviceRoleKey: SERVICE_KEY,
    ...freeSlot,
    claim: () => Promise.resolve(queue.shift() ?? []),
    record: (results) => {
      recorded.push(results);
      // The fast lanes drain the rest while the slow receiver has not answered yet.
      if (queue.length === 0 && recorded.length === 6) release();
      return Promise.resolve();
    },
    send: async (url) => {
      if (url.includes('slow')) await slow;
      return new Response('ok');
    },
    log: () => undefined,
  };
  assert.deepEqual(await (await call(createDispatchHandler(deps))).json(), { sent: 7, succeeded: 7, failed: 0 });
  assert.equal(recorded.at(-1)![0].delivery_id, 'd0', 'the slow delivery was recorded last');
});

Deno.test('a call starts no new round once its time budget is spent', async () => {
  let ms = 0;
  const queue = Array.from({ length: 10 }, (_, r) => [claimed(r)]);
  const recorded: AttemptResult[][] = [];
  const deps: DispatchDeps = {
    serviceRoleKey: SERVICE_KEY,
    ...freeSlot,
    claim: () => Promise.resolve(queue.shift() ?? []),
    record: (results) => {
      recorded.push(results);
      ms += BUDGET_MS / 4; // each round takes a quarter of the budget
      return Promise.resolve();
    },
    send: () => Promise.resolve(new Response('ok')),
    clock: () => ms,
    log: () => undefined,
  };
  await call(createDispatchHandler(deps));
  assert.ok(recorded.length < 10 && recorded.length >= 4, `stopped at the budget after ${recorded.length} rounds`);
  assert.equal(queue.length, 10 - recorded.length, 'what was not claimed waits for the next call');
});

Deno.test('a failing claim in one lane ends the call with 500, and what the others sent is still recorded', async () => {
  let claims = 0;
  const recorded: AttemptResult[][] = [];
  const deps: DispatchDeps = {
    serviceRoleKey: SERVICE_KEY,
    ...freeSlot,
    claim: () => (++claims === 2 ? Promise.reject(new Error('database down')) : Promise.resolve(claims <= 4 ? [claimed(claims)] : [])),
    record: (results) => (recorded.push(results), Promise.resolve()),
    send: () => Promise.resolve(new Response('ok')),
    log: () => undefined,
  };
  assert.equal((await call(createDispatchHandler(deps))).status, 500);
  assert.deepEqual(recorded.flat().map((r) => r.delivery_id).sort(), ['d1', 'd3', 'd4']);
  assert.equal(claims, 4, 'no lane started a round after the failure');
});

Deno.test('a failing claim answers 500 and sends nothing', async () => {
  const deps: DispatchDeps = {
    serviceRoleKey: SERVICE_KEY,
    ...freeSlot,
    claim: () => Promise.reject(new Error('database down')),
    record: () => Promise.resolve(),
    send: () => Promise.reject(new Error('must not send')),
    log: () => undefined,
  };
  assert.equal((await call(createDispatchHandler(deps))).status, 500);
});

/** A database's slots, as webhook_dispatch_enter and webhook_dispatch_leave keep them. */
function slots(count: number) {
  const held = new Set<string>();
  let next = 0;
  return {
    held,
    enter: () => Promise.resolve(held.size < count ? (held.add(`slot-${++next}`), `slot-${next}`) : null),
    leave: (token: string) => (held.delete(token), Promise.resolve()),
  };
}

Deno.test('overlapping calls are capped: with every slot held a call returns at once, sending and claiming nothing', async () => {
  const pool = slots(2);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let claims = 0;
  const queue = [[claimed(1)], [claimed(2)]];
  const deps: DispatchDeps = {
    serviceRoleKey: SERVICE_KEY,
    enter: pool.enter,
    leave: pool.leave,
    claim: async () => (claims++, await gate, queue.shift() ?? []),
    record: () => Promise.resolve(),
    send: () => Promise.resolve(new Response('ok')),
    now: () => NOW,
    log: () => undefined,
  };
  const handler = createDispatchHandler(deps);
  const first = call(handler);
  const second = call(handler);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(pool.held.size, 2, 'two calls hold the two slots');
  const claimsBefore = claims;
  const third = await call(handler);
  assert.equal(third.status, 200);
  assert.deepEqual(await third.json(), { sent: 0, succeeded: 0, failed: 0, busy: true });
  assert.equal(claims, claimsBefore, 'the capped call claimed nothing');
  release();
  const answers = await Promise.all([first, second].map(async (res) => ((await (await res).json()) as { sent: number }).sent));
  assert.equal(answers[0] + answers[1], 2, 'the two calls drained the queue between them');
  assert.equal(pool.held.size, 0, 'both gave their slot back');
  assert.deepEqual(await (await call(handler)).json(), { sent: 0, succeeded: 0, failed: 0 }, 'the next call takes a slot again');
});

Deno.test('a call gives its slot back when dispatch fails, and answers 500 when no slot can be asked for', async () => {
  const pool = slots(1);
  const failing: DispatchDeps = {
    serviceRoleKey: SERVICE_KEY,
    enter: pool.enter,
    leave: pool.leave,
    claim: () => Promise.reject(new Error('database down')),
    record: () => Promise.resolve(),
    send: () => Promise.resolve(new Response('ok')),
    log: () => undefined,
  };
  assert.equal((await call(createDispatchHandler(failing))).status, 500);
  assert.equal(pool.held.size, 0, 'the slot is free again');
  const noSlots = createDispatchHandler({ ...failing, enter: () => Promise.reject(new Error('database down')) });
  const res = await call(noSlots);
  assert.equal(res.status, 500);
  assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'internal_error');
});
