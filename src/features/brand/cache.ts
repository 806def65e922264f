import { brandRecordSchema, type BrandRecord } from './schema';

/** Brand settings are cached in local storage, so a return visit paints in its brand at once. */
const PREFIX = 'waypost:brand:';
const SYSTEM_KEY = `${PREFIX}@system`;

type StringStorage = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): StringStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function brandCacheKey(slug: string | null): string {
  return slug ? `${PREFIX}${slug}` : SYSTEM_KEY;
}

export function readCachedBrand(slug: string | null, store: StringStorage | null = storage()): BrandRecord | null {
  try {
    const text = store?.getItem(brandCacheKey(slug));
    if (!text) return null;
    const parsed = brandRecordSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.slug === slug ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeCachedBrand(record: BrandRecord, store: StringStorage | null = storage()): void {
  try {
    store?.setItem(brandCacheKey(record.slug), JSON.stringify(record));
  } catch {
    // A full or disabled storage only costs the next visit its instant paint.
  }
}
