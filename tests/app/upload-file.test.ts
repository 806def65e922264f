import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, callFunction, serviceClient, signedIn, TENANT } from './clients.ts';

/**
 * The upload-file edge function served by the stack from supabase/functions/upload-file, called
 * as the app calls it: multipart with file, bucket and path, the session's access token as bearer.
 */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const service = serviceClient();
const clients: SupabaseClient[] = [];
const uploaded: string[] = [];

let adminToken: string;
let dispatcherToken: string;
let globexToken: string;

async function tokenOf(email: string): Promise<string> {
  const client = await signedIn(email);
  clients.push(client);
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

beforeAll(async () => {
  [adminToken, dispatcherToken, globexToken] = await Promise.all(['admin@acme.test', 'dispatcher@acme.test', 'admin@globex.test'].map(tokenOf));
});

afterAll(async () => {
  if (uploaded.length > 0) await service.storage.from('tenants').remove(uploaded);
});

interface UploadFields {
  file?: [Uint8Array, string, string] | null;
  bucket?: string | null;
  path?: string | null;
  kind?: string;
}

function body(fields: UploadFields): FormData {
  const form = new FormData();
  const file = fields.file === undefined ? [PNG, 'van.png', 'image/png'] as const : fields.file;
  if (file) form.append('file', new Blob([file[0]], { type: file[2] }), file[1]);
  const bucket = fields.bucket === undefined ? 'tenants' : fields.bucket;
  if (bucket !== null) form.append('bucket', bucket);
  const path = fields.path === undefined ? `${TENANT.acme}/van.png` : fields.path;
  if (path !== null) form.append('path', path);
  if (fields.kind) form.append('kind', fields.kind);
  return form;
}

function upload(fields: UploadFields, token: string | null = adminToken, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return callFunction('/upload-file', { method: 'POST', body: body(fields), ...init, headers });
}

async function refusal(res: Response): Promise<{ status: number; code: string; key: string; message: string; params?: unknown }> {
  const json = (await res.json()) as { error?: { code: string; key?: string; message: string; params?: unknown }; code?: string; message?: string };
  const params = json.error?.params;
  return { status: res.status, code: json.error?.code ?? json.code ?? '', key: json.error?.key ?? '', message: json.error?.message ?? json.message ?? '', ...(params ? { params } : {}) };
}

describe('POST /functions/v1/upload-file', () => {
  it('stores a vehicle image as the admin and answers its public URL, which serves the bytes', async () => {
    const res = await upload({ kind: 'vehicle-image', path: `${TENANT.acme}/My Van.png` });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { data: { fileInfo: { publicUrl: string; path: string }; message: string } };
    expect(json.data.message).toBe('File uploaded successfully');
    expect(json.data.fileInfo.path).toMatch(new RegExp(`^${TENANT.acme}/[0-9a-f]{16}-My-Van\\.png$`));
    expect(json.data.fileInfo.publicUrl).toBe(`${app.url}/storage/v1/object/public/tenants/${json.data.fileInfo.path}`);
    uploaded.push(json.data.fileInfo.path);

    const served = await fetch(json.data.fileInfo.publicUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    // The stored path is a valid image_url of a vehicle, as a path and as the public URL.
    const admin = clients[0];
    for (const image_url of [json.data.fileInfo.path, json.data.fileInfo.publicUrl]) {
      const code = `T-IMG-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
      const { error } = await admin.from('vehicles').insert({ name: 'Pictured', code, description: 'With image', capacity_unit: 1, image_url, vehicle_requirements: { license_requirements: ['standard'], fuel_type: 'diesel' } });
      expect(error).toBeNull();
      await admin.from('vehicles').delete().eq('code', code);
    }
  });

  it('two uploads of the same name never overwrite each other', async () => {
    const [a, b] = await Promise.all([upload({}), upload({})]);
    const pa = ((await a.json()) as { data: { fileInfo: { path: string } } }).data.fileInfo.path;
    const pb = ((await b.json()) as { data: { fileInfo: { path: string } } }).data.fileInfo.path;
    uploaded.push(pa, pb);
    expect(pa).not.toBe(pb);
  });

  it('without a session: 401', async () => {
    const missing = await fetch(`${app.url}/functions/v1/upload-file`, { method: 'POST', body: body({}), headers: { apikey: app.anonKey } });
    expect(missing.status).toBe(401);
    await missing.body?.cancel();
    // The anon key passes the platform's JWT check but is no session: the function refuses it.
    expect(await refusal(await upload({}, app.anonKey))).toEqual({ status: 401, code: 'no_session', key: 'auth.no_session', message: 'No active session' });
    const forged = await upload({}, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.AAAA');
    expect(forged.status).toBe(401);
    await forged.body?.cancel();
  });

  it("another tenant's folder: 403", async () => {
    expect(await refusal(await upload({ path: `${TENANT.globex}/van.png` }))).toMatchObject({ status: 403, code: 'forbidden_path' });
    expect(await refusal(await upload({ path: `${TENANT.acme}/van.png` }, globexToken))).toMatchObject({ status: 403, code: 'forbidden_path' });
  });

  it("storage's policies refuse a dispatcher (admins only, for now): 403", async () => {
    expect(await refusal(await upload({}, dispatcherToken))).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('a name that escapes its folder: 400', async () => {
    for (const path of [
      `${TENANT.acme}/../${TENANT.globex}/van.png`,
      `${TENANT.acme}/sub/van.png`,
      `/${TENANT.acme}/van.png`,
      `${TENANT.acme}/%2e%2e%2fvan.png`,
      `${TENANT.acme}/van\u0001.png`,
      `${TENANT.acme}\\van.png`,
      'van.png',
    ]) {
      expect(await refusal(await upload({ path })), path).toMatchObject({ status: 400, code: 'invalid_path' });
    }
  });

  it('a type the form refuses, judged by the bytes: 400; a file over 3 MB: 413', async () => {
    const text = new TextEncoder().encode('just text, named like an image');
    expect(await refusal(await upload({ kind: 'vehicle-image', file: [text, 'van.png', 'image/png'] }))).toEqual({
      status: 400, code: 'invalid_file_type', key: 'uploads.type_not_allowed_use', message: 'This file type is not allowed: use jpg, jpeg, png, gif', params: { allowed: 'jpg, jpeg, png, gif' },
    });
    const pdf = new TextEncoder().encode('%PDF-1.7\n%%EOF');
    expect(await refusal(await upload({ kind: 'vehicle-image', file: [pdf, 'doc.pdf', 'application/pdf'], path: `${TENANT.acme}/doc.pdf` }))).toMatchObject({ status: 400, code: 'invalid_file_type' });
    expect(await refusal(await upload({ kind: 'vehicle-image', file: [PNG, 'van.gif', 'image/gif'], path: `${TENANT.acme}/van.gif` }))).toMatchObject({ status: 400, code: 'invalid_file_type' });
    const big = new Uint8Array(3 * 1024 * 1024 + 1);
    big.set(PNG);
    expect(await refusal(await upload({ kind: 'vehicle-image', file: [big, 'big.png', 'image/png'], path: `${TENANT.acme}/big.png` }))).toEqual({
      status: 413, code: 'file_too_large', key: 'uploads.file_too_large_max', message: 'The file is too large: the maximum is 3 MB', params: { max_mb: 3 },
    });
  });

  it('missing fields and an unknown bucket: 400', async () => {
    expect(await refusal(await upload({ file: null }))).toMatchObject({ status: 400, code: 'missing_file' });
    expect(await refusal(await upload({ bucket: null }))).toMatchObject({ status: 400, code: 'missing_bucket' });
    expect(await refusal(await upload({ path: null }))).toMatchObject({ status: 400, code: 'missing_path' });
    expect(await refusal(await upload({ bucket: 'avatars' }))).toMatchObject({ status: 400, code: 'invalid_bucket' });
  });

  it('other methods: 405; OPTIONS: the CORS preflight', async () => {
    const get = await callFunction('/upload-file', { method: 'GET', headers: { authorization: `Bearer ${adminToken}` } });
    expect(await refusal(get)).toMatchObject({ status: 405, code: 'method_not_allowed' });
    const options = await callFunction('/upload-file', { method: 'OPTIONS' });
    expect(options.status).toBe(200);
    expect(options.headers.get('access-control-allow-origin')).toBe('*');
    await options.body?.cancel();
  });
});

describe('the tenants bucket', () => {
  it('is public, and its policies let an admin write only under their tenant', async () => {
    const { data: bucket } = await service.storage.getBucket('tenants');
    expect(bucket).toMatchObject({ public: true, allowed_mime_types: ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'] });
    const admin = clients[0];
    const own = await admin.storage.from('tenants').upload(`${TENANT.acme}/direct-${Date.now()}.png`, PNG, { contentType: 'image/png' });
    expect(own.error).toBeNull();
    uploaded.push(own.data!.path);
    const foreign = await admin.storage.from('tenants').upload(`${TENANT.globex}/direct-${Date.now()}.png`, PNG, { contentType: 'image/png' });
    expect(foreign.error).not.toBeNull();
    const dispatcher = clients[1];
    const byDispatcher = await dispatcher.storage.from('tenants').upload(`${TENANT.acme}/d-${Date.now()}.png`, PNG, { contentType: 'image/png' });
    expect(byDispatcher.error).not.toBeNull();
  });
});
