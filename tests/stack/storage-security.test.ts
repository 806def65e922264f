import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, stack, unique } from './clients.ts';
import { clientWithToken, rawRequest, signToken, userClient } from './storage-users.ts';

const USERS = 'conformance-users';

describe('storage.objects RLS', () => {
  it('lets each user write and read only under their own uid folder; anon is refused; the service role sees all', async () => {
    const a = await userClient();
    const b = await userClient();
    const mine = `${a.id}/${unique('doc')}.txt`;

    const anonUp = await anonClient().storage.from(USERS).upload(`${a.id}/anon.txt`, 'x', { contentType: 'text/plain' });
    expect(anonUp.error).toMatchObject({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' });

    expect((await a.client.storage.from(USERS).upload(mine, 'private to A', { contentType: 'text/plain' })).error).toBeNull();
    expect(await (await a.client.storage.from(USERS).download(mine)).data?.text()).toBe('private to A');

    const intoB = await a.client.storage.from(USERS).upload(`${b.id}/intruder.txt`, 'x', { contentType: 'text/plain' });
    expect(intoB.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });

    expect((await b.client.storage.from(USERS).download(mine)).error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    expect((await b.client.storage.from(USERS).list(a.id)).data).toEqual([]);
    expect((await b.client.storage.from(USERS).createSignedUrl(mine, 60)).error).toMatchObject({ statusCode: '404' });
    expect((await b.client.storage.from(USERS).remove([mine])).data).toEqual([]);
    expect((await b.client.storage.from(USERS).move(mine, `${b.id}/stolen.txt`)).error).toMatchObject({ statusCode: '404' });
    expect((await anonClient().storage.from(USERS).download(mine)).error).toMatchObject({ statusCode: '404' });

    expect(await (await serviceClient().storage.from(USERS).download(mine)).data?.text()).toBe('private to A');
    expect((await a.client.storage.from(USERS).list(a.id)).data?.map((o) => o.name)).toContain(mine.split('/')[1]);

    const upsert = await a.client.storage.from(USERS).upload(mine, 'changed', { contentType: 'text/plain', upsert: true });
    expect(upsert.error).toBeNull();
    expect((await a.client.storage.from(USERS).createSignedUploadUrl(`${b.id}/x.txt`)).error).toMatchObject({ statusCode: '403' });

    const removed = await a.client.storage.from(USERS).remove([mine]);
    expect(removed.data?.map((o) => o.name)).toEqual([mine]);
  });

  it('records the uploader as owner', async () => {
    const a = await userClient();
    const name = `${a.id}/owned.txt`;
    await a.client.storage.from(USERS).upload(name, 'x', { contentType: 'text/plain' });
    const removed = await serviceClient().storage.from(USERS).remove([name]);
    expect(removed.data?.[0]).toMatchObject({ name, owner: a.id });
  });

  it('refuses expired and forged user tokens', async () => {
    const expired = clientWithToken(await signToken({ sub: crypto.randomUUID(), role: 'authenticated', aud: 'authenticated' }, -10));
    expect((await expired.storage.from(USERS).list()).error).toMatchObject({ status: 400, statusCode: '403', message: 'jwt expired' });
    const token = await signToken({ sub: crypto.randomUUID(), role: 'service_role' });
    const forged = clientWithToken(token.slice(0, -3) + (token.endsWith('abc') ? 'xyz' : 'abc'));
    expect((await forged.storage.listBuckets()).error).toMatchObject({ statusCode: '403', message: 'invalid signature' });
  });
});

describe('storage bucket rules', () => {
  it('refuses files over the bucket size limit and types the bucket does not allow', async () => {
    const { client } = await userClient();
    const limits = client.storage.from('conformance-limits');
    const base = unique('limits');
    expect((await limits.upload(`${base}/ok.txt`, 'small', { contentType: 'text/plain' })).error).toBeNull();
    expect((await limits.upload(`${base}/ok.png`, new Blob([new Uint8Array(100)], { type: 'image/png' }))).error).toBeNull();

    const big = await limits.upload(`${base}/big.txt`, 'x'.repeat(2048), { contentType: 'text/plain' });
    expect(big.error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const bigForm = await limits.upload(`${base}/big.png`, new Blob([new Uint8Array(4096)], { type: 'image/png' }));
    expect(bigForm.error).toMatchObject({ statusCode: '413' });

    const pdf = await limits.upload(`${base}/doc.pdf`, 'x', { contentType: 'application/pdf' });
    expect(pdf.error).toMatchObject({ status: 400, statusCode: '415', message: 'mime type application/pdf is not supported' });

    // A streamed body of unknown length is cut off at the limit, never stored whole.
    const stream = new ReadableStream<Uint8Array>({
      start(ctl) {
        for (let i = 0; i < 32; i++) ctl.enqueue(new Uint8Array(64 * 1024));
        ctl.close();
      },
    });
    const streamed = await limits.upload(`${base}/stream.txt`, stream, { contentType: 'text/plain' });
    expect(streamed.error).toMatchObject({ statusCode: '413' });

    const listed = await serviceClient().storage.from('conformance-limits').list(base);
    expect(listed.data?.map((o) => o.name)).toEqual(['ok.png', 'ok.txt']);
  });
});

describe.skipIf(stack.target === 'supabase')('storage paths cannot leave the bucket', () => {
  // Real Supabase keeps keys in S3, where `..` is an ordinary character; the stack keeps them on disk and refuses them.
  const headers = { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'text/plain' };

  it.each([
    '/storage/v1/object/conformance-private/a%2F..%2F..%2F..%2Fescaped.txt',
    '/storage/v1/object/conformance-private/%2E%2E%2Fescaped.txt',
    '/storage/v1/object/conformance-private/ok%2F.%2Fescaped.txt',
    '/storage/v1/object/conformance-private/a//escaped.txt',
    '/storage/v1/object/conformance-private/%2Fescaped.txt',
    '/storage/v1/object/conformance-private/nul%00.txt',
    '/storage/v1/object/conformance-private/bad%E0%A4%A.txt',
  ])('refuses %s', async (path) => {
    const res = await rawRequest('POST', path, headers, 'escape attempt');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
  });

  it('resolves literal dot segments before routing, so they never reach a bucket path', async () => {
    for (const path of ['/storage/v1/object/conformance-private/../../escaped.txt', '/storage/v1/object/conformance-private/a/%2e%2e/%2e%2e/%2e%2e/x']) {
      const res = await rawRequest('POST', path, headers, 'escape attempt');
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    const listed = await serviceClient().storage.from('conformance-private').list();
    expect(listed.data?.map((o) => o.name)).not.toContain('escaped.txt');
    expect((await serviceClient().storage.listBuckets()).error).toBeNull();
  });
});
