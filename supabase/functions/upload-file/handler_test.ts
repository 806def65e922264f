import { assert } from '../_shared/testing.ts';
import { createUploadHandler, type Caller, type StoreResult } from './handler.ts';

const ACME = 'a0000000-0000-4000-8000-000000000001';
const GLOBEX = 'b0000000-0000-4000-8000-000000000001';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

interface Stored {
  token: string;
  bucket: string;
  path: string;
  contentType: string;
  size: number;
}

function setup(opts: { callers?: Record<string, Caller>; storeResult?: StoreResult } = {}) {
  const stored: Stored[] = [];
  const callers = opts.callers ?? { admin: { userId: 'u1', tenantId: ACME }, orphan: { userId: 'u2', tenantId: null } };
  const handle = createUploadHandler({
    resolveCaller: (token) => Promise.resolve(callers[token] ?? null),
    store: (token, bucket, path, bytes, contentType) => {
      stored.push({ token, bucket, path, contentType, size: bytes.length });
      return Promise.resolve(opts.storeResult ?? { ok: true });
    },
    publicUrl: (bucket, path) => `http://api.test/storage/v1/object/public/${bucket}/${path}`,
    randomId: () => 'rnd',
    log: () => {},
  });
  return { stored, handle };
}

function form(fields: Record<string, string | Blob | [Blob, string]>): FormData {
  const fd = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) fd.append(name, value[0], value[1]);
    else fd.append(name, value);
  }
  return fd;
}

function post(body: FormData | string | null, token: string | null = 'admin', headers: Record<string, string> = {}): Request {
  const h = new Headers(headers);
  if (token) h.set('authorization', `Bearer ${token}`);
  return new Request('http://localhost/upload-file', { method: 'POST', body, headers: h });
}

const png = (name = 'van.png', type = 'image/png'): [Blob, string] => [new Blob([PNG], { type }), name];

async function errorOf(res: Response): Promise<{ status: number; code: string; key: string; message: string; params?: Record<string, unknown> }> {
  const body = (await res.json()) as { error: { code: string; key: string; message: string; params?: Record<string, unknown> } };
  const { code, key, message, params } = body.error;
  return params ? { status: res.status, code, key, message, params } : { status: res.status, code, key, message };
}

Deno.test('a valid image is stored as the caller under a unique name and answered with its public URL', async () => {
  const { handle, stored } = setup();
  const res = await handle(post(form({ file: png('van photo.png'), bucket: 'tenants', path: `${ACME}/van photo.png`, kind: 'vehicle-image' })));
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
  assert.deepEqual(await res.json(), {
    data: {
      fileInfo: { publicUrl: `http://api.test/storage/v1/object/public/tenants/${ACME}/rnd-van-photo.png`, path: `${ACME}/rnd-van-photo.png` },
      message: 'File uploaded successfully',
    },
  });
  assert.deepEqual(stored, [{ token: 'admin', bucket: 'tenants', path: `${ACME}/rnd-van-photo.png`, contentType: 'image/png', size: PNG.length }]);
});

Deno.test("an avatar is stored under its owner's id, the name storage lets every member write", async () => {
  const { handle, stored } = setup();
  const res = await handle(post(form({ file: png('me.png'), bucket: 'tenants', path: `${ACME}/me.png`, kind: 'avatar' })));
  assert.equal(res.status, 200);
  await res.body?.cancel();
  assert.deepEqual(stored.map((s) => s.path), [`${ACME}/avatar-u1-rnd-me.png`]);
});

Deno.test('no session: 401 No active session', async () => {
  const { handle, stored } = setup();
  for (const token of [null, 'not-a-session']) {
    const res = await handle(post(form({ file: png(), bucket: 'tenants', path: `${ACME}/van.png` }), token));
    assert.deepEqual(await errorOf(res), { status: 401, code: 'no_session', key: 'auth.no_session', message: 'No active session' });
  }
  assert.equal(stored.length, 0);
});

Deno.test('a user of no tenant is refused with the spec message', async () => {
  const res = await setup().handle(post(form({ file: png(), bucket: 'tenants', path: `${ACME}/van.png` }), 'orphan'));
  assert.deepEqual(await errorOf(res), { status: 403, code: 'no_tenant', key: 'account.no_tenant', message: 'You are not associated with any tanent. Please contact your administrator.' });
});

Deno.test("another tenant's folder: 403", async () => {
  const { handle, stored } = setup();
  const res = await handle(post(form({ file: png(), bucket: 'tenants', path: `${GLOBEX}/van.png` })));
  assert.deepEqual(await errorOf(res), { status: 403, code: 'forbidden_path', key: 'uploads.other_business_folder', message: "You can only upload files to your own business's folder" });
  assert.equal(stored.length, 0);
});

Deno.test('a path that escapes its folder: 400', async () => {
  const { handle } = setup();
  for (const path of [`${ACME}/../${GLOBEX}/van.png`, `${ACME}/a/van.png`, `/${ACME}/van.png`, `${ACME}/%2e%2e%2fvan.png`]) {
    const err = await errorOf(await handle(post(form({ file: png(), bucket: 'tenants', path }))));
    assert.equal(err.status, 400, path);
    assert.equal(err.code, 'invalid_path', path);
  }
});

Deno.test('missing fields, a second file, an unknown bucket or kind: 400', async () => {
  const { handle } = setup();
  const cases: [FormData, string][] = [
    [form({ bucket: 'tenants', path: `${ACME}/van.png` }), 'missing_file'],
    [form({ file: 'not a file', bucket: 'tenants', path: `${ACME}/van.png` }), 'missing_file'],
    [form({ file: png(), path: `${ACME}/van.png` }), 'missing_bucket'],
    [form({ file: png(), bucket: 'tenants' }), 'missing_path'],
    [form({ file: png(), bucket: 'avatars', path: `${ACME}/van.png` }), 'invalid_bucket'],
    [form({ file: png(), bucket: 'tenants', path: `${ACME}/van.png`, kind: 'anything' }), 'invalid_kind'],
  ];
  for (const [body, code] of cases) {
    const err = await errorOf(await handle(post(body)));
    assert.equal(err.status, 400, code);
    assert.equal(err.code, code);
  }
  const two = form({ file: png(), bucket: 'tenants', path: `${ACME}/van.png` });
  two.append('file', ...png('b.png'));
  assert.equal((await errorOf(await handle(post(two)))).code, 'too_many_files');
  const notMultipart = await handle(post('{"path": "x"}', 'admin', { 'content-type': 'application/json' }));
  assert.equal((await errorOf(notMultipart)).code, 'invalid_request');
});

Deno.test('a type the kind refuses, by its bytes: 400; too large: 413', async () => {
  const { handle, stored } = setup();
  const text = new Blob(['plain text pretending'], { type: 'image/png' });
  const err = await errorOf(await handle(post(form({ file: [text, 'van.png'], bucket: 'tenants', path: `${ACME}/van.png`, kind: 'vehicle-image' }))));
  assert.deepEqual(err, { status: 400, code: 'invalid_file_type', key: 'uploads.type_not_allowed_use', message: 'This file type is not allowed: use jpg, jpeg, png, gif', params: { allowed: 'jpg, jpeg, png, gif' } });
  const big = new Uint8Array(3 * 1024 * 1024 + 1);
  big.set(PNG);
  const tooBig = await errorOf(await handle(post(form({ file: [new Blob([big], { type: 'image/png' }), 'big.png'], bucket: 'tenants', path: `${ACME}/big.png`, kind: 'vehicle-image' }))));
  assert.equal(tooBig.status, 413);
  assert.equal(tooBig.code, 'file_too_large');
  assert.deepEqual(tooBig.params, { max_mb: 3 });
  assert.equal(tooBig.key, 'uploads.file_too_large_max');
  const huge = await handle(post(form({ file: png() }), 'admin', { 'content-length': String(64 * 1024 * 1024) }));
  assert.equal(huge.status, 413);
  await huge.body?.cancel();
  assert.equal(stored.length, 0);
});

Deno.test("storage's refusals: 409 for a taken name, 403 for its policies, 500 otherwise", async () => {
  const expectations: [StoreResult, number, string, string][] = [
    [{ ok: false, status: 409, message: 'The resource already exists' }, 409, 'A file with this name already exists', 'uploads.file_exists'],
    [{ ok: false, status: 403, message: 'new row violates row-level security policy' }, 403, 'You do not have permission to upload files here', 'uploads.forbidden'],
    [{ ok: false, status: 500, message: 'boom' }, 500, 'Error uploading file', 'uploads.failed'],
  ];
  for (const [storeResult, status, message, key] of expectations) {
    const res = await setup({ storeResult }).handle(post(form({ file: png(), bucket: 'tenants', path: `${ACME}/van.png` })));
    const err = await errorOf(res);
    assert.equal(err.status, status);
    assert.equal(err.message, message);
    assert.equal(err.key, key);
  }
});

Deno.test('other methods: 405; OPTIONS: the CORS preflight', async () => {
  const { handle } = setup();
  const get = await handle(new Request('http://localhost/upload-file', { method: 'GET', headers: { authorization: 'Bearer admin' } }));
  assert.equal(get.status, 405);
  assert.equal(get.headers.get('allow'), 'POST, OPTIONS');
  await get.body?.cancel();
  const options = await handle(new Request('http://localhost/upload-file', { method: 'OPTIONS' }));
  assert.equal(options.status, 200);
  assert.equal(await options.text(), 'ok');
});
