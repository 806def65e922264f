import { describe, expect, it } from 'vitest';
import { pageCount, parsePage, PublicTenantsResponseSchema, tenantDisplayName } from './schema';

describe('PublicTenantsResponseSchema', () => {
  it('reads the public function answer', () => {
    const page = PublicTenantsResponseSchema.parse({
      tenants: [{ id: 't1', slug: 'acme', name: { en: 'Acme' }, logo_url: { light: 'l.png' }, contact_info: null }],
      total: 1,
    });
    expect(page.tenants[0]?.slug).toBe('acme');
  });

  it('tolerates odd optional fields', () => {
    const page = PublicTenantsResponseSchema.parse({ tenants: [{ id: 't', slug: 's', name: 'x', logo_url: 3 }], total: 0 });
    expect(page.tenants[0]?.name).toBeNull();
  });

  it('refuses an answer without a total', () => {
    expect(PublicTenantsResponseSchema.safeParse({ tenants: [] }).success).toBe(false);
  });
});

describe('tenantDisplayName', () => {
  it('prefers the English name', () => expect(tenantDisplayName({ slug: 'acme', name: { en: 'Acme Ltd' } })).toBe('Acme Ltd'));
  it('falls back to the slug', () => {
    expect(tenantDisplayName({ slug: 'acme', name: null })).toBe('acme');
    expect(tenantDisplayName({ slug: 'acme', name: { en: '  ' } })).toBe('acme');
  });
});

describe('pageCount', () => {
  it.each([
    [0, 1],
    [25, 1],
    [26, 2],
    [51, 3],
  ])('%i businesses make %i page(s)', (total, pages) => expect(pageCount(total)).toBe(pages));
});

describe('parsePage', () => {
  it.each([
    [null, 1],
    ['2', 2],
    ['0', 1],
    ['-3', 1],
    ['1.5', 1],
    ['x', 1],
  ])('%j is page %i', (value, page) => expect(parsePage(value)).toBe(page));
});
