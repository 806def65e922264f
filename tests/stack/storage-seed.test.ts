import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from './clients.ts';

// `supabase seed buckets` as `supabase start` / `db reset` run it on the fixture project: the
// [storage.buckets.*] sections of tests/stack/fixture/supabase/config.toml, and their objects_path files.

const supabaseDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixture', 'supabase');
const fixtureFile = (rel: string) => new Uint8Array(readFileSync(path.join(supabaseDir, rel)));

describe('storage buckets seeded from config.toml', () => {
  it('creates a configured bucket with its properties, the file size limit in bytes', async () => {
    const got = await serviceClient().storage.getBucket('conformance-seeded');
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({ id: 'conformance-seeded', name: 'conformance-seeded', public: true, file_size_limit: 1024 * 1024, allowed_mime_types: null });
  });

  it('updates a bucket that already exists: public and the size limit change, unset mime types stay', async () => {
    const got = await serviceClient().storage.getBucket('conformance-seeded-existing');
    expect(got.data).toMatchObject({ public: true, file_size_limit: 2048, allowed_mime_types: ['text/plain'] });
  });

  it('uploads every file under objects_path, named by its relative path, bytes intact', async () => {
    const from = serviceClient().storage.from('conformance-seeded');
    const top = await from.list('', { sortBy: { column: 'name', order: 'asc' } });
    expect(top.error).toBeNull();
    expect(top.data?.map((o) => o.name)).toEqual(['nested', 'readme.txt']);
    const nested = await from.list('nested', { sortBy: { column: 'name', order: 'asc' } });
    expect(nested.data?.map((o) => o.name)).toEqual(['data.json', 'deeper']);
    const deeper = await from.list('nested/deeper');
    expect(deeper.data?.map((o) => o.name)).toEqual(['pixel.png']);

    for (const rel of ['readme.txt', 'nested/data.json', 'nested/deeper/pixel.png']) {
      const down = await from.download(rel);
      expect(down.error).toBeNull();
      expect(new Uint8Array(await (down.data as Blob).arrayBuffer())).toEqual(fixtureFile(`seed-objects/${rel}`));
    }
  });

  it('gives each object the content type sniffed from its bytes (refined by extension for text) and the default cache control', async () => {
    const from = serviceClient().storage.from('conformance-seeded');
    const png = await from.info('nested/deeper/pixel.png');
    expect(png.data).toMatchObject({ contentType: 'image/png', size: fixtureFile('seed-objects/nested/deeper/pixel.png').length, cacheControl: 'max-age=3600' });
    expect(png.data?.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await from.info('nested/data.json')).data?.contentType).toBe('application/json');
    expect((await from.info('readme.txt')).data?.contentType).toMatch(/^text\/plain/);
  });

  it('uploads a single-file objects_path under its file name, within the updated limit', async () => {
    const from = serviceClient().storage.from('conformance-seeded-existing');
    const down = await from.download('seed-one.txt');
    expect(down.error).toBeNull();
    expect(await (down.data as Blob).text()).toBe('second seed file\n');
  });

  it('serves a seeded public bucket to anyone', async () => {
    const url = anonClient().storage.from('conformance-seeded').getPublicUrl('nested/deeper/pixel.png').data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(fixtureFile('seed-objects/nested/deeper/pixel.png'));
  });
});
