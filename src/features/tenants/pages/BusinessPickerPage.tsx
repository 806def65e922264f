import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { useDocumentTitle } from '../../../lib/document-title';
import { keyedRefusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { useRecordLoad } from '../../../lib/use-record-load';
import { useT } from '../../../lib/i18n/catalogue';
import { signUpPath, SIGN_IN_PATH } from '../../../lib/paths';
import { Button, buttonClassName } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { listPublicTenants } from '../api';
import { tenantMessages } from '../messages';
import {
  BUSINESS_PAGE_SIZE,
  BUSINESS_SEARCH_DEBOUNCE_MS,
  pageCount,
  parsePage,
  tenantDisplayName,
  type PublicTenant,
  type PublicTenantsPage,
} from '../schema';

/**
 * A failed read keeps the server's keyed refusal in the visitor's language (too many requests, a
 * search too long); null for anything else (the page then says something went wrong, in its words).
 */
type Loaded = { page: PublicTenantsPage; error: null } | { page: null; error: string | null };

function BusinessCard({ tenant, busy, disabled, onPick }: { tenant: PublicTenant; busy: boolean; disabled: boolean; onPick: () => void }) {
  const name = tenantDisplayName(tenant);
  const [logoFailed, setLogoFailed] = useState(false);
  const logo = logoFailed ? null : tenant.logo_url?.light || tenant.logo_url?.dark;
  return (
    <li>
      <button
        type="button"
        onClick={onPick}
        disabled={disabled}
        aria-busy={busy || undefined}
        data-testid="business-card"
        className="flex w-full items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-xs transition hover:border-brand hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-wait disabled:opacity-70 dark:border-slate-800 dark:bg-slate-900"
      >
        {logo ? (
          <img src={logo} alt="" onError={() => setLogoFailed(true)} className="size-12 shrink-0 rounded-lg object-contain" />
        ) : (
          <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-lg bg-brand text-lg font-bold text-brand-contrast">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{name}</span>
          <span className="block truncate text-sm text-slate-600 dark:text-slate-400">
            {tenant.contact_info?.address || tenant.contact_info?.email || `/${tenant.slug}`}
          </span>
        </span>
        {busy && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
      </button>
    </li>
  );
}

/**
 * Businesses a visitor can sign up with. Search and page live in
 * the URL, so Back works and a view can be shared.
 */
export function BusinessPickerPage({ loadBrand }: { loadBrand: (slug: string) => Promise<unknown> }) {
  const t = useT(tenantMessages);
  const serverWords = useServerWords();
  useDocumentTitle(t('picker.documentTitle'));
  const [params, setParams] = useSearchParams();
  const [, navigate] = useLocation();
  const search = params.get('q') ?? '';
  const page = parsePage(params.get('page'));
  const [draft, setDraft] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  // Back and Forward change the search in the URL: the box follows.
  if (search !== shownSearch) {
    setShownSearch(search);
    if (draft.trim() !== search) setDraft(search);
  }
  const [attempt, setAttempt] = useState(0);
  const [picking, setPicking] = useState<string | null>(null);
  const searchId = useId();
  const key = `${search}\u0000${page}\u0000${attempt}`;

  // The search waits for a pause in typing; a new search starts at page 1.
  useEffect(() => {
    if (draft.trim() === search) return;
    const timer = window.setTimeout(() => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (draft.trim()) next.set('q', draft.trim());
        else next.delete('q');
        next.delete('page');
        return next;
      }, { replace: true });
    }, BUSINESS_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, search, setParams]);

  // Keyed by the search, the page and the attempt: an answer for a search the visitor has left is dropped.
  const { state } = useRecordLoad<PublicTenantsPage>(key, () => listPublicTenants({ search, page, limit: BUSINESS_PAGE_SIZE }), { loadingOnNewKey: true });
  const current: Loaded | null =
    state.status === 'loading'
      ? null
      : state.status === 'ready'
        ? { page: state.record, error: null }
        : { page: null, error: state.status === 'failed' ? keyedRefusalText(state.error, serverWords) : null };
  const pages = current?.page ? pageCount(current.page.total) : 1;

  function goToPage(next: number) {
    setParams((now) => {
      const updated = new URLSearchParams(now);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });
  }

  async function pick(slug: string) {
    setPicking(slug);
    // The brand loads first so the sign-up page opens in the business's colours; a failure does not stop the visitor.
    await loadBrand(slug).catch((error: unknown) => console.warn('Could not load the brand settings of', slug, error));
    navigate(signUpPath(slug));
  }

  return (
    <section aria-labelledby="businesses-title" className="mx-auto w-full max-w-3xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="businesses-title" className="text-2xl font-bold tracking-tight">
            {t('picker.title')}
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('picker.intro')}</p>
        </div>
        <Link href={SIGN_IN_PATH} className={buttonClassName('secondary')}>
          {t('picker.signIn')}
        </Link>
      </div>

      <div className="mt-6">
        <label htmlFor={searchId} className="sr-only">
          {t('picker.search')}
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={t('picker.searchPlaceholder')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs focus:outline-2 focus:outline-brand dark:border-slate-600 dark:bg-slate-900"
        />
      </div>

      <div className="mt-6" aria-busy={!current} aria-live="polite">
        {!current && (
          <div role="status" aria-label={t('picker.loading')} className="space-y-3">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-20 w-full rounded-2xl" />
            ))}
          </div>
        )}
        {current && !current.page && (
          <ErrorState
            title={t('picker.failed')}
            detail={current.error ?? t('picker.failedDetail')}
            onRetry={() => setAttempt((n) => n + 1)}
            retryLabel={t('picker.tryAgain')}
          />
        )}
        {current?.page && current.page.tenants.length === 0 && (
          <EmptyState
            title={t('picker.none')}
            description={search ? t('picker.noMatch', { search }) : t('picker.noneOpen')}
          />
        )}
        {current?.page && current.page.tenants.length > 0 && (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('picker.list')}>
            {current.page.tenants.map((tenant) => (
              <BusinessCard
                key={tenant.id}
                tenant={tenant}
                busy={picking === tenant.slug}
                disabled={picking !== null}
                onPick={() => void pick(tenant.slug)}
              />
            ))}
          </ul>
        )}
      </div>

      {current?.page && current.page.total > BUSINESS_PAGE_SIZE && (
        <nav aria-label={t('picker.pagination')} className="mt-6 flex items-center justify-between gap-4 text-sm">
          <Button variant="secondary" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
            {t('picker.previous')}
          </Button>
          <span>{t('picker.page', { page, pages })}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => goToPage(page + 1)}>
            {t('picker.next')}
          </Button>
        </nav>
      )}
    </section>
  );
}
