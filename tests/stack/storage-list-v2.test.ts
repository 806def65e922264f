import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, serviceClient, stack, unique } from './clients.ts';

/**
 * Storage's list-v2 (storage-js `listV2`): cursor pages of objects, and with `with_delimiter` the
 * prefix's direct objects and its folders. Expectations follow Storage's ObjectStorage.listObjectsV2
 * and its object-list-v2 tests: names in byte order, full object names, folders ending in '/'.
 */
const service = serviceClient();
const bucket = unique('listv2');
const NAMES = ['b.txt', 'a.txt', 'docs/one.txt', 'docs/two.txt', 'docs/deep/three.txt', 'img/x.png', 'under_/f.txt', 'underX/g.txt'];

interface Listed {
  hasNext: boolean;
  nextCursor?: string;
  folders: Array<{ name: string }>;
  objects: Array<{ name: string; id: string; metadata: { size?: number } | null; created_at: string; updated_at: string }>;
}

async function listV2(body: Record<string, unknown>): Promise<Listed> {
  const { data, error } = await service.storage.from(bucket).listV2(body);
  expect(error).toBeNull();
  return data as unknown as Listed;
}

const names = (entries: Array<{ name: string }>) => entries.map((e) => e.name);

beforeAll(async () => {
  const { error } = await service.storage.createBucket(bucket, { public: false });
  if (error) throw error;
  for (const name of NAMES) {
    const up = await service.storage.from(bucket).upload(name, `content of ${name}`, { contentType: 'text/plain' });
    if (up.error) throw up.error;
  }
});

afterAll(async () => {
  await service.storage.emptyBucket(bucket);
  await service.storage.deleteBucket(bucket);
});

describe('storage list-v2', () => {
  it('lists every object under the prefix without a delimiter, in byte order, with their metadata', async () => {
    const all = await listV2({});
    expect(all.hasNext).toBe(false);
    expect(all.nextCursor).toBeUndefined();
    expect(all.folders).toEqual([]);
    expect(names(all.objects)).toEqual(['a.txt', 'b.txt', 'docs/deep/three.txt', 'docs/one.txt', 'docs/two.txt', 'img/x.png', 'underX/g.txt', 'under_/f.txt']);
    const a = all.objects[0];
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.metadata).toMatchObject({ size: 'content of a.txt'.length, mimetype: 'text/plain' });
    expect(new Date(a.created_at).toISOString()).toBe(a.created_at);
    const docs = await listV2({ prefix: 'docs/' });
    expect(names(docs.objects)).toEqual(['docs/deep/three.txt', 'docs/one.txt', 'docs/two.txt']);
  });

  it('groups by folder with with_delimiter: direct objects and folders ending in "/"', async () => {
    const root = await listV2({ with_delimiter: true });
    expect(names(root.objects)).toEqual(['a.txt', 'b.txt']);
    expect(names(root.folders)).toEqual(['docs/', 'img/', 'underX/', 'under_/']);
    const docs = await listV2({ with_delimiter: true, prefix: 'docs/' });
    expect(names(docs.objects)).toEqual(['docs/one.txt', 'docs/two.txt']);
    expect(names(docs.folders)).toEqual(['docs/deep/']);
  });

  it('gives each folder its key (the last path segment) and name, and nothing else, as search_v2 does', async () => {
    const root = await listV2({ with_delimiter: true });
    expect(root.folders[0]).toEqual({ key: 'docs', name: 'docs/', id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    expect(root.objects[0]).toMatchObject({ key: 'a.txt', name: 'a.txt' });
    const docs = await listV2({ with_delimiter: true, prefix: 'docs/' });
    expect(docs.folders).toEqual([{ key: 'deep', name: 'docs/deep/', id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null }]);
    expect(docs.objects.map((o) => (o as unknown as { key: string }).key)).toEqual(['one.txt', 'two.txt']);
  });

  it('pages with limit, hasNext and nextCursor, folders counting as entries', async () => {
    const first = await listV2({ with_delimiter: true, limit: 3 });
    expect(first.hasNext).toBe(true);
    expect(names(first.objects)).toEqual(['a.txt', 'b.txt']);
    expect(names(first.folders)).toEqual(['docs/']);
    expect(Buffer.from(first.nextCursor!, 'base64').toString()).toBe('l:docs/');
    const second = await listV2({ with_delimiter: true, limit: 3, cursor: first.nextCursor });
    expect(second.hasNext).toBe(false);
    expect(second.nextCursor).toBeUndefined();
    expect(second.objects).toEqual([]);
    expect(names(second.folders)).toEqual(['img/', 'underX/', 'under_/']);

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await listV2({ limit: 3, cursor });
      seen.push(...names(page.objects));
      if (!page.hasNext) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['a.txt', 'b.txt', 'docs/deep/three.txt', 'docs/one.txt', 'docs/two.txt', 'img/x.png', 'underX/g.txt', 'under_/f.txt']);
  });

  it('sorts by name descending, and by creation time', async () => {
    const desc = await listV2({ sortBy: { column: 'name', order: 'desc' } });
    expect(names(desc.objects)).toEqual(['under_/f.txt', 'underX/g.txt', 'img/x.png', 'docs/two.txt', 'docs/one.txt', 'docs/deep/three.txt', 'b.txt', 'a.txt']);
    const pageOne = await listV2({ sortBy: { column: 'name', order: 'desc' }, limit: 2 });
    const pageTwo = await listV2({ limit: 2, cursor: pageOne.nextCursor });
    expect(names(pageTwo.objects)).toEqual(['img/x.png', 'docs/two.txt']);
    const byCreation = await listV2({ sortBy: { column: 'created_at', order: 'asc' }, prefix: 'docs/' });
    const created = byCreation.objects.map((o) => o.created_at);
    expect(created).toEqual([...created].sort());
    expect(byCreation.objects).toHaveLength(3);
  });

  it('treats _ (a LIKE wildcard) in the prefix as literal characters', async () => {
    const literal = await listV2({ prefix: 'under_/' });
    expect(names(literal.objects)).toEqual(['under_/f.txt']);
  });

  it('refuses a limit below 1 and a malformed cursor', async () => {
    const zero = await service.storage.from(bucket).listV2({ limit: 0 });
    expect(zero.error).toMatchObject({ statusCode: '400' });
    const bad = await api(`/storage/v1/object/list-v2/${bucket}`, {
      method: 'POST',
      key: stack.serviceRoleKey,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cursor: Buffer.from('nonsense').toString('base64') }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: '400', error: 'InvalidParameter', message: 'Invalid Parameter continuation token' });
  });
});

describe('storage object info', () => {
  it('answers metadata {} for an object uploaded without user metadata', async () => {
    const info = await service.storage.from(bucket).info('a.txt');
    expect(info.error).toBeNull();
    expect(info.data?.metadata).toEqual({});
  });
});
