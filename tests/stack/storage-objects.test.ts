import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, unique } from './clients.ts';

const service = serviceClient();
const bucket = unique('objects');

beforeAll(async () => {
  const { error } = await service.storage.createBucket(bucket, { public: false });
  if (error) throw error;
});

afterAll(async () => {
  await service.storage.emptyBucket(bucket);
  await service.storage.deleteBucket(bucket);
});

describe('storage objects', () => {
  it('uploads a raw body and downloads it with its type, cache-control and etag', async () => {
    const up = await service.storage.from(bucket).upload('raw/hello.txt', 'hello world', { contentType: 'text/plain', cacheControl: '60' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: 'raw/hello.txt', fullPath: `${bucket}/raw/hello.txt` });
    expect(up.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const down = await service.storage.from(bucket).download('raw/hello.txt');
    expect(down.error).toBeNull();
    expect(await down.data?.text()).toBe('hello world');
    expect(down.data?.type).toBe('text/plain');

    const info = await service.storage.from(bucket).info('raw/hello.txt');
    expect(info.data).toMatchObject({ name: 'raw/hello.txt', bucketId: bucket, size: 11, contentType: 'text/plain', cacheControl: 'max-age=60' });
    expect(info.data?.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await service.storage.from(bucket).exists('raw/hello.txt')).data).toBe(true);
    expect((await service.storage.from(bucket).exists('raw/nope.txt')).data).toBe(false);
  });

  it('uploads a multipart Blob with user metadata', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 7) % 256);
    const file = new Blob([bytes], { type: 'application/octet-stream' });
    const up = await service.storage.from(bucket).upload('multi/data.bin', file, { metadata: { purpose: 'test' } });
    expect(up.error).toBeNull();
    const down = await service.storage.from(bucket).download('multi/data.bin');
    expect(new Uint8Array(await (down.data as Blob).arrayBuffer())).toEqual(bytes);
    const info = await service.storage.from(bucket).info('multi/data.bin');
    expect(info.data).toMatchObject({ size: 70_000, contentType: 'application/octet-stream', cacheControl: 'max-age=3600', metadata: { purpose: 'test' } });
  });

  it('refuses a second upload without upsert and replaces with upsert or update', async () => {
    const from = service.storage.from(bucket);
    await from.upload('up/file.txt', 'one', { contentType: 'text/plain' });
    const dup = await from.upload('up/file.txt', 'two', { contentType: 'text/plain' });
    expect(dup.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    expect(await (await from.download('up/file.txt')).data?.text()).toBe('one');

    expect((await from.upload('up/file.txt', 'three', { contentType: 'text/plain', upsert: true })).error).toBeNull();
    expect(await (await from.download('up/file.txt')).data?.text()).toBe('three');
    expect((await from.update('up/file.txt', 'four', { contentType: 'text/plain' })).error).toBeNull();
    expect(await (await from.download('up/file.txt')).data?.text()).toBe('four');
  });

  it('answers a missing object with storage not-found', async () => {
    const down = await service.storage.from(bucket).download('nothing/here.txt');
    expect(down.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
    const missingBucket = await service.storage.from(unique('nobucket')).upload('a.txt', 'x');
    expect(missingBucket.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('lists folders and files one level deep with prefix, limit, offset, sort and search', async () => {
    const from = service.storage.from(bucket);
    for (const name of ['list/b.txt', 'list/a.txt', 'list/c.md', 'list/sub/deep.txt', 'list/sub/deeper/x.txt'])
      expect((await from.upload(name, name, { contentType: 'text/plain' })).error).toBeNull();

    const all = await from.list('list');
    expect(all.error).toBeNull();
    expect(all.data?.map((o) => o.name)).toEqual(['a.txt', 'b.txt', 'c.md', 'sub']);
    const folder = all.data?.find((o) => o.name === 'sub');
    expect(folder).toMatchObject({ id: null, metadata: null });
    expect(all.data?.find((o) => o.name === 'a.txt')?.metadata).toMatchObject({ size: 10, mimetype: 'text/plain' });

    expect((await from.list('list/', { limit: 2 })).data?.map((o) => o.name)).toEqual(['a.txt', 'b.txt']);
    expect((await from.list('list', { sortBy: { column: 'name', order: 'desc' } })).data?.map((o) => o.name)).toEqual(['sub', 'c.md', 'b.txt', 'a.txt']);
    expect((await from.list('list', { search: 'c' })).data?.map((o) => o.name)).toEqual(['c.md']);
    expect((await from.list('list/sub')).data?.map((o) => o.name)).toEqual(['deep.txt', 'deeper']);
    expect((await from.list('nothing')).data).toEqual([]);
    expect((await from.list()).data?.map((o) => o.name)).toContain('list');
  });

  it('moves and copies objects, within and across buckets', async () => {
    const from = service.storage.from(bucket);
    await from.upload('mv/src.txt', 'move me', { contentType: 'text/plain' });
    expect(await from.move('mv/src.txt', 'mv/dst.txt')).toEqual({ data: { message: 'Successfully moved' }, error: null });
    expect((await from.download('mv/src.txt')).error).toMatchObject({ statusCode: '404' });
    expect(await (await from.download('mv/dst.txt')).data?.text()).toBe('move me');

    expect(await from.copy('mv/dst.txt', 'mv/copy.txt')).toEqual({ data: { path: `${bucket}/mv/copy.txt` }, error: null });
    expect(await (await from.download('mv/copy.txt')).data?.text()).toBe('move me');
    expect(await (await from.download('mv/dst.txt')).data?.text()).toBe('move me');

    const dup = await from.copy('mv/dst.txt', 'mv/copy.txt');
    expect(dup.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect((await from.move('mv/missing.txt', 'mv/other.txt')).error).toMatchObject({ statusCode: '404', message: 'Object not found' });

    const other = unique('objects-dest');
    await service.storage.createBucket(other);
    expect((await from.copy('mv/copy.txt', 'across.txt', { destinationBucket: other })).error).toBeNull();
    expect((await from.move('mv/copy.txt', 'moved.txt', { destinationBucket: other })).error).toBeNull();
    expect(await (await service.storage.from(other).download('moved.txt')).data?.text()).toBe('move me');
    expect(await (await service.storage.from(other).download('across.txt')).data?.text()).toBe('move me');
    await service.storage.emptyBucket(other);
    await service.storage.deleteBucket(other);
  });

  it('removes objects and returns what was removed', async () => {
    const from = service.storage.from(bucket);
    await from.upload('rm/1.txt', '1', { contentType: 'text/plain' });
    await from.upload('rm/2.txt', '2', { contentType: 'text/plain' });
    const removed = await from.remove(['rm/1.txt', 'rm/2.txt', 'rm/never.txt']);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((o) => o.name).sort()).toEqual(['rm/1.txt', 'rm/2.txt']);
    expect((await from.download('rm/1.txt')).error).toMatchObject({ statusCode: '404' });
    expect((await from.list('rm')).data).toEqual([]);
  });

  it('serves signed URLs, refuses expired and tampered tokens', async () => {
    const from = service.storage.from(bucket);
    await from.upload('signed/doc.txt', 'secret doc', { contentType: 'text/plain' });
    const signed = await from.createSignedUrl('signed/doc.txt', 60);
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('secret doc');

    const download = await fetch((await from.createSignedUrl('signed/doc.txt', 60, { download: 'report.txt' })).data!.signedUrl);
    expect(download.headers.get('content-disposition')).toContain('attachment');

    const expired = await from.createSignedUrl('signed/doc.txt', 1);
    await new Promise((r) => setTimeout(r, 2100));
    const late = await fetch(expired.data!.signedUrl);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ statusCode: '400', message: 'jwt expired' });

    const partial = await fetch(signed.data!.signedUrl, { headers: { range: 'bytes=7-9' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 7-9/10');
    expect(await partial.text()).toBe('doc');

    const tampered = await fetch(signed.data!.signedUrl.replace('signed/doc.txt', 'signed/other.txt'));
    expect(tampered.status).toBe(400);

    const many = await from.createSignedUrls(['signed/doc.txt', 'signed/missing.txt'], 60);
    expect(many.data?.[0]).toMatchObject({ path: 'signed/doc.txt', error: null });
    expect(many.data?.[1]).toMatchObject({ path: 'signed/missing.txt', signedUrl: null, error: 'Either the object does not exist or you do not have access to it' });
    expect(await (await fetch(many.data![0].signedUrl!)).text()).toBe('secret doc');
    expect((await from.createSignedUrl('signed/missing.txt', 60)).error).toMatchObject({ statusCode: '404' });
  });

  it('uploads through a signed upload URL', async () => {
    const from = service.storage.from(bucket);
    const created = await from.createSignedUploadUrl('signed-up/file.txt');
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ path: 'signed-up/file.txt' });
    const up = await from.uploadToSignedUrl('signed-up/file.txt', created.data!.token, 'via token', { contentType: 'text/plain' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: 'signed-up/file.txt', fullPath: `${bucket}/signed-up/file.txt` });
    expect(await (await from.download('signed-up/file.txt')).data?.text()).toBe('via token');

    const wrongPath = await from.uploadToSignedUrl('signed-up/other.txt', created.data!.token, 'x');
    expect(wrongPath.error).toMatchObject({ statusCode: '400' });
    const again = await from.createSignedUploadUrl('signed-up/file.txt');
    expect(again.error).toMatchObject({ statusCode: '409' });
    expect((await from.createSignedUploadUrl('signed-up/file.txt', { upsert: true })).error).toBeNull();
  });

  it('serves public buckets by public URL and refuses public URLs of private buckets', async () => {
    const name = `${unique('pub')}/image.txt`;
    const pub = service.storage.from('conformance-public');
    expect((await pub.upload(name, 'public bytes', { contentType: 'text/plain' })).error).toBeNull();
    const res = await fetch(pub.getPublicUrl(name).data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(await res.text()).toBe('public bytes');
    const asDownload = await fetch(pub.getPublicUrl(name, { download: true }).data.publicUrl);
    expect(asDownload.headers.get('content-disposition')).toContain('attachment');
    const transformed = await fetch(pub.getPublicUrl(name, { transform: { width: 10 } }).data.publicUrl);
    expect(transformed.status).toBe(200);

    await service.storage.from(bucket).upload('pub/private.txt', 'no', { contentType: 'text/plain' });
    const refused = await fetch(service.storage.from(bucket).getPublicUrl('pub/private.txt').data.publicUrl);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    await pub.remove([name]);
  });
});
