import { DEFAULT_LIMIT, ilikeContains, isPlausibleSlug, MAX_LIMIT, parseTenantListQuery } from './query.ts';
import { assert } from '../_shared/testing.ts';

const parse = (qs: string) => parseTenantListQuery(new URLSearchParams(qs));

Deno.test('tenants query: defaults to page 1, 25 per page, no search', () => {
  assert.deepEqual(parse(''), { ok: true, value: { search: '', page: 1, limit: DEFAULT_LIMIT } });
  assert.deepEqual(parse('search=&page=&limit='), { ok: true, value: { search: '', page: 1, limit: DEFAULT_LIMIT } });
});

Deno.test('tenants query: reads search (trimmed), page and limit', () => {
  assert.deepEqual(parse('search=%20Acme%20&page=3&limit=10'), { ok: true, value: { search: 'Acme', page: 3, limit: 10 } });
  assert.deepEqual(parse(`limit=${MAX_LIMIT}`), { ok: true, value: { search: '', page: 1, limit: MAX_LIMIT } });
});

Deno.test('tenants query: refuses pages and limits that are not whole numbers of at least 1', () => {
  for (const qs of ['page=0', 'page=-1', 'page=1.5', 'page=abc', 'page=1e3', 'page=01', 'page=9999999999']) {
    assert.deepEqual(parse(qs), { ok: false, key: 'directory.parameter_not_positive', message: 'page must be a whole number of at least 1', params: { name: 'page' } }, qs);
  }
  for (const qs of ['limit=0', 'limit=ten', 'limit=-5']) {
    assert.deepEqual(parse(qs), { ok: false, key: 'directory.parameter_not_positive', message: 'limit must be a whole number of at least 1', params: { name: 'limit' } }, qs);
  }
});

Deno.test('tenants query: refuses a limit above the maximum', () => {
  assert.deepEqual(parse(`limit=${MAX_LIMIT + 1}`), { ok: false, key: 'directory.parameter_too_large', message: `limit must be at most ${MAX_LIMIT}`, params: { name: 'limit', max: MAX_LIMIT } });
});

Deno.test('tenants query: refuses a long search, repeated and unknown parameters', () => {
  assert.deepEqual(parse(`search=${'a'.repeat(101)}`), { ok: false, key: 'directory.search_too_long', message: 'search must be at most 100 characters', params: { max: 100 } });
  assert.deepEqual(parse('page=1&page=2'), { ok: false, key: 'directory.parameter_repeated', message: 'Give page only once', params: { name: 'page' } });
  assert.deepEqual(parse('status=inactive'), { ok: false, key: 'directory.parameter_unknown', message: 'Unknown query parameter status: use search, page and limit', params: { name: 'status' } });
});

Deno.test('ilikeContains quotes the term and takes LIKE wildcards literally', () => {
  assert.equal(ilikeContains('acme'), '"*acme*"');
  assert.equal(ilikeContains('a,b(c).d'), '"*a,b(c).d*"');
  assert.equal(ilikeContains('100%_x'), '"*100\\\\%\\\\_x*"');
  assert.equal(ilikeContains('say "hi"'), '"*say \\"hi\\"*"');
  assert.equal(ilikeContains('back\\slash'), '"*back\\\\\\\\slash*"');
  assert.equal(ilikeContains('st*r'), '"*str*"');
});

Deno.test('isPlausibleSlug accepts what the tenants table accepts', () => {
  for (const slug of ['acme', 'globex', 'a', 'a-1', '9lives']) assert.ok(isPlausibleSlug(slug), slug);
  for (const slug of ['', 'Acme', '-acme', 'acme-', 'ac_me', 'a'.repeat(64), 'acme/x', "acme'"]) assert.ok(!isPlausibleSlug(slug), slug);
});
