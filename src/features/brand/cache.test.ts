import { describe, expect, it } from 'vitest';
import { brandCacheKey, readCachedBrand, writeCachedBrand } from './cache';
import type { BrandRecord } from './schema';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

const acme: BrandRecord = { tenantId: 't1', slug: 'acme', name: 'Acme', logoUrl: null, settings: { colors: { primary: '#1d4ed8' } } };

describe('brand cache', () => {
  it('keeps one brand per slug and the system brand apart', () => {
    const store = memoryStorage();
    writeCachedBrand(acme, store);
    writeCachedBrand({ ...acme, tenantId: null, slug: null, name: 'Waypost' }, store);
    expect(readCachedBrand('acme', store)).toEqual(acme);
    expect(readCachedBrand(null, store)?.name).toBe('Waypost');
    expect(readCachedBrand('globex', store)).toBeNull();
    expect([...store.items.keys()].sort()).toEqual([brandCacheKey(null), brandCacheKey('acme')].sort());
  });

  it('ignores unreadable or mismatched entries', () => {
    const store = memoryStorage();
    store.setItem(brandCacheKey('acme'), '{not json');
    expect(readCachedBrand('acme', store)).toBeNull();
    store.setItem(brandCacheKey('acme'), JSON.stringify({ ...acme, slug: 'globex' }));
    expect(readCachedBrand('acme', store)).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(() => writeCachedBrand(acme, broken)).not.toThrow();
    expect(readCachedBrand('acme', broken)).toBeNull();
  });
});
