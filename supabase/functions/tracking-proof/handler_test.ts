import { assert } from '../_shared/testing.ts';
import { createTrackingProofHandler, NOT_FOUND_MESSAGE, SIGNED_URL_SECONDS, type PhotoLookup } from './handler.ts';

const TOKEN = '0123456789abcdef0123456789abcdef';
const FOLDER = 'a0000000-0000-4000-8000-000000000001/d1000000-0000-4000-8000-000000000001/';

function setup(answer: PhotoLookup | Error, signError = false) {
  const lookups: { token: string; address: string | null }[] = [];
  const signed: { paths: string[]; expiresIn: number }[] = [];
  const handle = createTrackingProofHandler({
    lookup: (token, address) => {
      lookups.push({ token, address });
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    sign: (paths, expiresIn) => {
      signed.push({ paths, expiresIn });
      if (signError) return Promise.reject(new Error('storage down'));
      return Promise.resolve(paths.map((p) => `http://api.test/storage/v1/object/sign/proofs/${p}?token=t`));
    },
    now: () => Date.parse('2026-11-25T12:00:00Z'),
    log: () => {},
  });
  return { handle, lookups, signed };
}

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/tracking-proof', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

Deno.test('signs the photos of a delivered delivery, and answers nothing else', async () => {
  const { handle, lookups, signed } = setup({ kind: 'found', status: 'delivered', photos: [`${FOLDER}photo-1.jpg`, `${FOLDER}photo-2.jpg`] });
  const res = await handle(post({ token: TOKEN }, { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' }));
  assert.equal(res.status, 200, 'status');
  assert.equal(res.headers.get('cache-control'), 'no-store', 'not cached');
  assert.equal(res.headers.get('access-control-allow-origin'), '*', 'callable from the page');
  const body = (await res.json()) as { data: { status: string; photos: { url: string; expires_at: string }[] } };
  assert.deepEqual(Object.keys(body), ['data'], 'one key');
  assert.deepEqual(Object.keys(body.data), ['status', 'photos'], 'only the status and the photos');
  assert.equal(body.data.photos.length, 2, 'two photos');
  assert.deepEqual(Object.keys(body.data.photos[0]!), ['url', 'expires_at'], 'a URL and its expiry per photo');
  assert.equal(body.data.photos[0]!.url, `http://api.test/storage/v1/object/sign/proofs/${FOLDER}photo-1.jpg?token=t`, 'the signed URL');
  assert.equal(body.data.photos[0]!.expires_at, '2026-11-25T12:05:00.000Z', 'expires in five minutes');
  assert.deepEqual(signed, [{ paths: [`${FOLDER}photo-1.jpg`, `${FOLDER}photo-2.jpg`], expiresIn: SIGNED_URL_SECONDS }], 'signed once, short-lived');
  assert.deepEqual(lookups, [{ token: TOKEN, address: '203.0.113.9' }], 'the visitor\'s address is what the rate limit counts');
});

Deno.test('a delivery without photos (or not delivered yet) signs nothing', async () => {
  const { handle, signed } = setup({ kind: 'found', status: 'in_transit', photos: [] });
  const res = await handle(post({ token: TOKEN }));
  assert.equal(res.status, 200, 'status');
  assert.deepEqual(await res.json(), { data: { status: 'in_transit', photos: [] } }, 'body');
  assert.equal(signed.length, 0, 'nothing signed');
});

Deno.test('an unknown token gets the neutral not-found', async () => {
  const { handle } = setup({ kind: 'not_found' });
  const res = await handle(post({ token: 'ACME-000001' }));
  assert.equal(res.status, 404, 'status');
  assert.deepEqual(await res.json(), { error: { code: 'not_found', key: 'tracking.not_found', message: NOT_FOUND_MESSAGE } }, 'body');
});

Deno.test('the rate limit answers 429 with Retry-After', async () => {
  const { handle } = setup({ kind: 'rate_limited' });
  const res = await handle(post({ token: TOKEN }));
  assert.equal(res.status, 429, 'status');
  assert.equal(res.headers.get('retry-after'), '60', 'retry after a minute');
  assert.deepEqual(await res.json(), { error: { code: 'rate_limited', key: 'tracking.rate_limited', message: 'Too many tracking lookups; try again in a minute' } }, 'keyed');
});

Deno.test('bad requests change nothing and reach no database', async () => {
  const { handle, lookups } = setup({ kind: 'not_found' });
  for (const body of ['not json', {}, { token: 42 }, { token: '' }, { token: 'x'.repeat(201) }, null]) {
    const res = await handle(post(body));
    assert.equal(res.status, 400, `status for ${JSON.stringify(body)}`);
    await res.body?.cancel();
  }
  const get = await handle(new Request('http://localhost/tracking-proof?token=' + TOKEN));
  assert.equal(get.status, 405, 'GET is refused');
  assert.equal(get.headers.get('allow'), 'POST, OPTIONS', 'Allow');
  await get.body?.cancel();
  const options = await handle(new Request('http://localhost/tracking-proof', { method: 'OPTIONS' }));
  assert.equal(options.status, 200, 'preflight');
  await options.body?.cancel();
  assert.equal(lookups.length, 0, 'no lookup');
});

Deno.test('a failing database or storage is a 500 without details', async () => {
  const broken = setup(new Error('connection refused'));
  const res = await broken.handle(post({ token: TOKEN }));
  assert.equal(res.status, 500, 'lookup failure');
  assert.deepEqual(await res.json(), { error: { code: 'lookup_failed', key: 'tracking.proof_failed', message: 'Could not load the proof of delivery' } }, 'no internals');
  const unsigned = setup({ kind: 'found', status: 'delivered', photos: [`${FOLDER}photo-1.jpg`] }, true);
  const res2 = await unsigned.handle(post({ token: TOKEN }));
  assert.equal(res2.status, 500, 'signing failure');
  await res2.body?.cancel();
});
