import { corsHeaders, preflight } from './cors.ts';
import { errorResponse, jsonResponse, keyedFailure, words } from './http.ts';

// Plain assertions: jsr:@std/assert would need the network, and node:assert's types need @types/node in Deno's graph.
function fail(message: string): never {
  throw new Error(message);
}
const assert = {
  equal(actual: unknown, expected: unknown): void {
    if (!Object.is(actual, expected)) fail(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  },
  deepEqual(actual: unknown, expected: unknown): void {
    const a = JSON.stringify(actual);
    const e = JSON.stringify(expected);
    if (a !== e) fail(`expected ${e}, got ${a}`);
  },
  throws(fn: () => unknown, type: new (...args: never[]) => Error): void {
    try {
      fn();
    } catch (e) {
      if (e instanceof type) return;
      fail(`expected ${type.name}, got ${String(e)}`);
    }
    fail(`expected ${type.name} to be thrown`);
  },
};

Deno.test('jsonResponse serialises the body with CORS and JSON headers', async () => {
  const res = jsonResponse({ ok: true, n: 1 }, { status: 201, headers: { 'X-Request-Id': 'r1' } });
  assert.equal(res.status, 201);
  assert.equal(res.headers.get('content-type'), 'application/json');
  assert.equal(res.headers.get('x-request-id'), 'r1');
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
  assert.deepEqual(await res.json(), { ok: true, n: 1 });
});

Deno.test('jsonResponse keeps a caller-chosen CORS origin', () => {
  const res = jsonResponse(null, { headers: { 'Access-Control-Allow-Origin': 'https://app.example' } });
  assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example');
});

Deno.test('errorResponse answers in the {code, message} shape, details only when given', async () => {
  const plain = errorResponse(404, 'not_found', 'No such delivery');
  assert.equal(plain.status, 404);
  assert.deepEqual(await plain.json(), { code: 'not_found', message: 'No such delivery' });
  const detailed = errorResponse(422, 'invalid', 'Check the form', [{ field: 'email', message: 'Enter an email' }]);
  assert.deepEqual(await detailed.json(), {
    code: 'invalid',
    message: 'Check the form',
    details: [{ field: 'email', message: 'Enter an email' }],
  });
  assert.equal(detailed.headers.get('access-control-allow-headers'), corsHeaders['Access-Control-Allow-Headers']);
});

Deno.test('errorResponse and keyedFailure carry a key and its params beside the English', async () => {
  const keyed = errorResponse(404, 'item_not_found', words('labels.item_not_found', 'Inventory item not found'));
  assert.deepEqual(await keyed.json(), { code: 'item_not_found', key: 'labels.item_not_found', message: 'Inventory item not found' });
  const limited = keyedFailure(429, 'rate_limited', words('directory.rate_limited', 'Too many requests: try again in 5 seconds', { seconds: 5 }), {
    headers: { 'Retry-After': '5' },
  });
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get('retry-after'), '5');
  assert.deepEqual(await limited.json(), {
    error: { code: 'rate_limited', key: 'directory.rate_limited', message: 'Too many requests: try again in 5 seconds', params: { seconds: 5 } },
  });
});

Deno.test('errorResponse refuses a status that is not an error', () => {
  assert.throws(() => errorResponse(200, 'ok', 'fine'), RangeError);
  assert.throws(() => errorResponse(600, 'x', 'y'), RangeError);
});

Deno.test('preflight answers OPTIONS with the CORS headers and ignores other methods', async () => {
  const res = preflight(new Request('http://localhost/fn', { method: 'OPTIONS' }));
  if (!res) fail('expected a preflight response');
  assert.equal(res.status, 200);
  assert.equal(await res.text(), 'ok');
  assert.equal(res.headers.get('access-control-allow-methods'), corsHeaders['Access-Control-Allow-Methods']);
  assert.equal(preflight(new Request('http://localhost/fn', { method: 'POST' })), null);
});
