import { assert } from '../_shared/testing.ts';
import { parseUploadPath, storedFileName } from './path.ts';

const TENANT = 'a0000000-0000-4000-8000-000000000001';

Deno.test('parseUploadPath accepts {tenantId}/{filename}', () => {
  assert.deepEqual(parseUploadPath(`${TENANT}/van photo.png`), { ok: true, tenantId: TENANT, filename: 'van photo.png' });
});

Deno.test('parseUploadPath refuses every way out of the folder', () => {
  const refused = [
    '',
    'van.png',
    `/${TENANT}/van.png`,
    `${TENANT}/../b0000000-0000-4000-8000-000000000001/van.png`,
    `${TENANT}/..`,
    `${TENANT}/.`,
    `${TENANT}/.hidden.png`,
    `${TENANT}/sub/van.png`,
    `${TENANT}/`,
    `${TENANT}\\..\\van.png`,
    `${TENANT}/%2e%2e%2fvan.png`,
    `${TENANT}/..%2fvan.png`,
    `${TENANT}/van\u0000.png`,
    `${TENANT}/van\n.png`,
    `not-a-uuid/van.png`,
    `${TENANT.toUpperCase()}/van.png`,
    `../${TENANT}/van.png`,
    `${TENANT}/${'a'.repeat(201)}.png`,
  ];
  for (const path of refused) {
    const parsed = parseUploadPath(path);
    assert.equal(parsed.ok, false, JSON.stringify(path));
    if (!parsed.ok) {
      assert.ok(parsed.message.startsWith('Invalid file path: '), path);
      assert.ok(/^uploads\.path_[a-z_]+$/.test(parsed.key), path);
    }
  }
});

Deno.test('a refused path names what is wrong by its key, with the limit it passed', () => {
  assert.deepEqual(parseUploadPath(`${TENANT}/a/b.png`), { ok: false, key: 'uploads.path_folders', message: 'Invalid file path: expected {tenantId}/{filename}, with no other folders' });
  assert.deepEqual(parseUploadPath(`${TENANT}/${'a'.repeat(201)}.png`), {
    ok: false,
    key: 'uploads.path_name_too_long',
    message: 'Invalid file path: the file name is longer than 200 characters',
    params: { max: 200 },
  });
});

Deno.test('storedFileName prefixes the id and keeps a URL-safe name', () => {
  assert.equal(storedFileName('van photo.PNG', 'r1'), 'r1-van-photo.png');
  assert.equal(storedFileName('Café (1).jpg', 'r1'), 'r1-Cafe-1.jpg');
  assert.equal(storedFileName('日本.gif', 'r1'), 'r1-file.gif');
  assert.equal(storedFileName('noext', 'r1'), 'r1-noext');
  assert.ok(/^r1-[A-Za-z0-9_-]+\.png$/.test(storedFileName(`${'x'.repeat(190)}.png`, 'r1')), 'long name');
  assert.ok(storedFileName(`${'x'.repeat(190)}.png`, 'r1').length <= 130, 'long name is shortened');
});
