import { createContext, use, useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { requireEnv } from '../../lib/env';
import { useTenantId } from '../../lib/tenant';
import { useRecordLoad } from '../../lib/use-record-load';
import { fetchSystemBrand, fetchTenantBrand } from './api';
import { readCachedBrand, writeCachedBrand } from './cache';
import { watchTenantBrand } from './live';
import { SYSTEM_BRAND_NAME, type BrandRecord } from './schema';
import { brandTheme, type BrandLogo, type BrandTheme } from './theme';

export type BrandStatus = 'loading' | 'ready' | 'not-found' | 'error';

export interface BrandState {
  /** 'loading' may already show a cached brand; 'error' keeps the cached or system brand. */
  status: BrandStatus;
  slug: string | null;
  tenantId: string | null;
  name: string;
  logo: BrandLogo | null;
  theme: BrandTheme;
  /** Reads the brand again (after an error). */
  reload: () => void;
}

const BrandContext = createContext<BrandState | null>(null);

type Loaded = { slug: string | null; status: Exclude<BrandStatus, 'loading'>; record: BrandRecord | null; error?: unknown };

/** Uploaded brand assets live on the project's Supabase URL: the one origin a favicon may come from. */
function assetOrigin(): string | null {
  try {
    return new URL(requireEnv().supabaseUrl).origin;
  } catch {
    return null;
  }
}

const systemRecord = (): BrandRecord => ({ tenantId: null, slug: null, name: SYSTEM_BRAND_NAME, logoUrl: null, settings: null });

function applyFavicon(target: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  // The type attribute of the default (svg) would be wrong for a png brand icon.
  link.removeAttribute('type');
  if (link.getAttribute('href') !== target) link.href = target;
}

/**
 * The brand of the tenant in the URL (or the system brand outside a tenant) as the theme: CSS
 * variables on <html>, the font, the favicon, and the logo for useBrand(). Paints from the
 * local-storage cache first, then from the server.
 */
export function BrandProvider({ tenantSlug, children }: { tenantSlug: string | null; children: ReactNode }) {
  const slug = tenantSlug?.trim() || null;
  const [attempt, setAttempt] = useState(0);

  // A reload (after an error, or the brand changed live) keeps what shows until its answer; another
  // slug shows its cached brand meanwhile. A failed read is an answer too: the brand falls back.
  const { state } = useRecordLoad<Loaded>(
    `${slug ?? ''}#${attempt}`,
    () =>
      (slug ? fetchTenantBrand(slug) : fetchSystemBrand()).then(
        (record): Loaded => ({ slug, status: record ? 'ready' : 'not-found', record }),
        (error: unknown): Loaded => ({ slug, status: 'error', record: null, error }),
      ),
    {
      onLoad: (loaded) => {
        if (loaded?.record) writeCachedBrand(loaded.record);
        if (loaded?.status === 'error') console.warn(`Could not load the brand of ${slug ?? 'the system'}`, loaded.error);
      },
    },
  );

  const current = state.status === 'ready' && state.record.slug === slug ? state.record : null;
  const cached = useMemo(() => (current?.record ? null : readCachedBrand(slug)), [current, slug]);
  const record = current?.record ?? (current?.status === 'not-found' ? null : cached) ?? systemRecord();
  const theme = useMemo(() => brandTheme(record.settings, record.logoUrl, assetOrigin()), [record.settings, record.logoUrl]);

  // A member's pages follow the admin's brand changes live: the tenant's brand topic says when to
  // read the brand again (which also refreshes the local-storage cache).
  const memberTenantId = useTenantId();
  const liveTenantId = record.tenantId !== null && record.tenantId === memberTenantId ? record.tenantId : null;
  useEffect(() => {
    if (!liveTenantId) return;
    return watchTenantBrand(liveTenantId, () => setAttempt((n) => n + 1));
  }, [liveTenantId]);

  useLayoutEffect(() => {
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(theme.variables)) style.setProperty(name, value);
    applyFavicon(theme.favicon);
  }, [theme]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const value = useMemo<BrandState>(
    () => ({
      status: current?.status ?? 'loading',
      slug,
      tenantId: record.tenantId,
      name: record.name,
      logo: theme.logo,
      theme,
      reload,
    }),
    [current?.status, slug, record.tenantId, record.name, theme, reload],
  );

  return <BrandContext value={value}>{children}</BrandContext>;
}

const FALLBACK_STATE: BrandState = {
  status: 'ready',
  slug: null,
  tenantId: null,
  name: SYSTEM_BRAND_NAME,
  logo: null,
  theme: brandTheme(null),
  reload: () => {},
};

/** The current brand; outside a BrandProvider (error screens, tests), the system brand's defaults. */
export function useBrand(): BrandState {
  return use(BrandContext) ?? FALLBACK_STATE;
}
