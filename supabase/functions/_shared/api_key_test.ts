import { generateApiKey, hashApiKey, isApiKeyShaped } from './api_key.ts';
import { assert } from './testing.ts';

Deno.test('a generated key is wpk_ and 43 base64url characters, its prefix the first 12, its hash the SHA-256 of it', async () => {
  const { key, prefix, hash } = await generateApiKey();
  assert.ok(isApiKeyShaped(key), `key shape: ${key}`);
  assert.equal(prefix, key.slice(0, 12));
  assert.ok(/^wpk_[A-Za-z0-9_-]{8}$/.test(prefix), 'prefix shape (the database checks the same)');
  assert.ok(/^[0-9a-f]{64}$/.test(hash), 'hash is hex SHA-256');
  assert.equal(hash, await hashApiKey(key));
  assert.ok(!hash.includes(key.slice(4, 20)), 'the hash does not carry the key');
});

Deno.test('two keys never repeat', async () => {
  const keys = new Set<string>();
  for (let i = 0; i < 50; i++) keys.add((await generateApiKey()).key);
  assert.equal(keys.size, 50);
});

Deno.test('hashApiKey is the known SHA-256 digest', async () => {
  assert.equal(await hashApiKey('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

Deno.test('isApiKeyShaped refuses anything that is not a whole key', () => {
  assert.equal(isApiKeyShaped('wpk_short'), false);
  assert.equal(isApiKeyShaped(`Bearer wpk_${'a'.repeat(43)}`), false);
  assert.equal(isApiKeyShaped(`wpk_${'a'.repeat(43)}`), true);
});
