import { describe, expect, it } from 'vitest';
import { anonClient, api, serviceClient, stack, unique } from './clients.ts';

describe('storage buckets', () => {
  it('creates, reads, lists, updates, empties and deletes a bucket with the service role', async () => {
    const service = serviceClient();
    const id = unique('bucket');
    expect(await service.storage.createBucket(id, { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['image/png'] })).toEqual({
      data: { name: id },
      error: null,
    });

    const got = await service.storage.getBucket(id);
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({ id, name: id, type: 'STANDARD', public: false, file_size_limit: 1_000_000, allowed_mime_types: ['image/png'] });
    expect(typeof got.data?.created_at).toBe('string');

    const listed = await service.storage.listBuckets();
    expect(listed.data?.map((b) => b.id)).toContain(id);
    expect(listed.data?.find((b) => b.id === id)).toMatchObject({ id, type: 'STANDARD' });

    expect(await service.storage.updateBucket(id, { public: true, fileSizeLimit: null, allowedMimeTypes: null })).toEqual({
      data: { message: 'Successfully updated' },
      error: null,
    });
    expect((await service.storage.getBucket(id)).data).toMatchObject({ public: true, file_size_limit: null, allowed_mime_types: null });

    await service.storage.from(id).upload('a.txt', 'x', { contentType: 'text/plain' });
    const notEmpty = await service.storage.deleteBucket(id);
    expect(notEmpty.error).toMatchObject({ statusCode: '409', message: 'The bucket you tried to delete is not empty' });

    // Current Storage's answer (emptying is queued there).
    expect(await service.storage.emptyBucket(id)).toEqual({ data: { message: 'Empty bucket has been queued. Completion may take up to an hour.' }, error: null });
    expect(await service.storage.deleteBucket(id)).toEqual({ data: { message: 'Successfully deleted' }, error: null });
    const gone = await service.storage.getBucket(id);
    expect(gone.error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
  });

  it('refuses a duplicate bucket', async () => {
    const service = serviceClient();
    const id = unique('dup');
    await service.storage.createBucket(id);
    const again = await service.storage.createBucket(id);
    expect(again.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    await service.storage.deleteBucket(id);
  });

  it('refuses anon: creating is an RLS violation, listing and reading see nothing', async () => {
    const anon = anonClient();
    const created = await anon.storage.createBucket(unique('anon'));
    expect(created.error).toMatchObject({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' });
    expect((await anon.storage.listBuckets()).data).toEqual([]);
    expect((await anon.storage.getBucket('conformance-public')).error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    expect((await anon.storage.deleteBucket('conformance-public')).error).toMatchObject({ statusCode: '404' });
    expect((await serviceClient().storage.getBucket('conformance-public')).data).toMatchObject({ public: true });
  });

  it('refuses invalid bucket names and unknown buckets', async () => {
    const service = serviceClient();
    const bad = await service.storage.createBucket('no/slashes');
    expect(bad.error).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' });
    expect((await service.storage.updateBucket(unique('missing'), { public: true })).error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    expect((await service.storage.emptyBucket(unique('missing'))).error).toMatchObject({ statusCode: '404' });
  });

  it('refuses a bad JWT with storage error shape and keeps serving', async () => {
    const res = await api('/storage/v1/bucket', { headers: { authorization: 'Bearer not.a.jwt' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
    const forged = stack.serviceRoleKey.slice(0, -4) + 'AAAA';
    const res2 = await api('/storage/v1/bucket', { headers: { authorization: `Bearer ${forged}` } });
    expect(await res2.json()).toMatchObject({ statusCode: '403', message: 'invalid signature' });
    const malformed = await api('/storage/v1/bucket', { method: 'POST', key: stack.serviceRoleKey, body: '{nope', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ statusCode: '400' });
    expect((await serviceClient().storage.listBuckets()).error).toBeNull();
  });
});
