import { useCallback, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { proofFiles, signProofImages } from '../../../lib/proof';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { trackingPath } from '../../../lib/tracking';
import { Button, buttonClassName } from '../../../ui/Button';
import { deliveryStatus } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { LiveIndicator } from '../../../ui/LiveIndicator';
import { ProofDocumentButton, ProofGallery } from '../../../ui/proof';
import { Skeleton } from '../../../ui/Skeleton';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { customerMessages } from '../messages';
import {
  dropoffText,
  endedAt,
  isActive,
  PAGE_SIZE,
  parseView,
  proofKey,
  proofSummary,
  SHOW_VALUES,
  writeView,
  type CustomerDelivery,
  type DashboardView,
} from '../schema';
import type { OpenReturn } from '../api';
import { useDeliverySection, useLiveActiveDeliveries, useNoticesReload, type LivePatch, type SectionState } from '../use-customer-deliveries';
import { ReturnAction } from './ReturnRequest';
import { formatWindow } from '../../../lib/format-date';

type CustomerKey = keyof typeof customerMessages.en;

const SHOW_KEYS = { all: 'show.all', active: 'show.active', past: 'show.past' } as const satisfies Record<DashboardView['show'], CustomerKey>;

/** Other features' buttons for one delivery (chat's 'Message us'), composed in src/app. */
export type DeliveryActions = (delivery: { id: string; delivery_code: string }) => ReactNode;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

function DeliveryCard({
  delivery,
  patch,
  driverName,
  openReturn,
  tenantId,
  deliveryActions,
}: {
  delivery: CustomerDelivery;
  patch: LivePatch | undefined;
  driverName: string | null;
  openReturn: OpenReturn | null;
  tenantId: string;
  deliveryActions?: DeliveryActions;
}) {
  const t = useT(customerMessages);
  const format = useFormat();
  const status = patch?.status ?? delivery.status;
  const active = isActive(status);
  const driver = patch ? (patch.driverFirstName ?? driverName) : driverName;
  const expected = formatWindow(delivery.dropoff_window_start, delivery.dropoff_window_end, format.language, {
    by: (date) => t('window.by', { date }),
    from: (date) => t('window.from', { date }),
  });
  const proof = status === 'delivered' ? proofSummary(delivery.proof) : null;
  const proofText = proof
    ? [
        proof.recipient ? t('proof.receivedBy', { name: proof.recipient }) : t('proof.noRecipient'),
        proof.signed ? t('proof.signed') : null,
        proof.photos > 0 ? t('proof.photos', { count: proof.photos }) : null,
      ]
        .filter(Boolean)
        .join(' · ')
    : null;
  return (
    <li>
      <article
        aria-labelledby={`delivery-${delivery.id}`}
        className="rounded-xl border border-slate-200 bg-brand-card p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        data-testid="customer-delivery"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`delivery-${delivery.id}`} className="font-mono text-sm font-semibold">
            {delivery.delivery_code}
          </h3>
          <StatusChip vocabulary={deliveryStatus} status={status} />
        </div>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          <Detail label={t('card.dropoff')}>{dropoffText(delivery.dropoff_address)}</Detail>
          {active && expected && <Detail label={t('card.window')}>{expected}</Detail>}
          {active && driver && (
            <Detail label={t('card.driver')}>
              <span data-testid="customer-delivery-driver">{driver}</span>
            </Detail>
          )}
          {!active && <Detail label={status === 'delivered' ? t('card.delivered') : t('card.closed')}>{format.dateTime(endedAt({ ...delivery, status }))}</Detail>}
          {proof && (
            <Detail label={t('card.proof')}>
              <span data-testid="customer-delivery-proof">{proofText}</span>
            </Detail>
          )}
          {(status === 'failed' || status === 'returned' || status === 'cancelled') && delivery.status_reason && (
            <Detail label={t('card.reason')}>{delivery.status_reason}</Detail>
          )}
        </dl>
        {/* A list holds only its terms and descriptions: the proof's pictures come after it. */}
        {proof && (proof.signed || proof.photos > 0) && (
          <div className="mt-3">
            <ProofGallery
              label={t('card.proofImages', { code: delivery.delivery_code })}
              loadKey={proofKey(delivery.proof)}
              load={(labels) => signProofImages(proofFiles(delivery.proof), labels)}
            />
          </div>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <Link href={trackingPath(delivery.tracking_token)} className={buttonClassName(active ? 'primary' : 'secondary')}>
            {active ? t('track.live') : t('track.view')} <span className="sr-only">{delivery.delivery_code}</span>
          </Link>
          {deliveryActions?.(delivery)}
          {status === 'delivered' && <ProofDocumentButton deliveryId={delivery.id} code={delivery.delivery_code} />}
          {status === 'delivered' && <ReturnAction tenantId={tenantId} delivery={delivery} openReturn={openReturn} />}
        </div>
      </article>
    </li>
  );
}

function Pager({ label, page, total, onPage }: { label: string; page: number; total: number; onPage: (page: number) => void }) {
  const t = useT(customerMessages);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between gap-2 text-sm">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span>{t('pager.page', { page: Math.min(page, pages), pages })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}

/** A section's words: its heading and what its loading, failure and pages are called. */
interface SectionWords {
  title: string;
  loading: string;
  failed: string;
  pages: string;
}

function Section({
  tenantId,
  id,
  words,
  state,
  onRetry,
  page,
  onPage,
  empty,
  patches,
  extra,
  deliveryActions,
}: {
  tenantId: string;
  /** The heading's id, which the section is labelled by. */
  id: string;
  words: SectionWords;
  state: SectionState;
  onRetry: () => void;
  page: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  patches: ReadonlyMap<string, LivePatch>;
  extra?: ReactNode;
  deliveryActions?: DeliveryActions;
}) {
  const t = useT(customerMessages);
  return (
    <section aria-labelledby={id} aria-busy={state.status === 'loading'} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold">
          {words.title}
          {state.status === 'ready' && state.total > 0 && (
            <>
              {' '}
              <span className="ml-1 text-sm font-normal text-slate-600 dark:text-slate-400">({state.total})</span>
            </>
          )}
        </h2>
        {extra}
      </div>
      {state.status === 'loading' && (
        <div role="status" aria-label={words.loading} className="space-y-3">
          {[0, 1].map((i) => (
            <div key={i} className="space-y-2 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          ))}
        </div>
      )}
      {state.status === 'failed' && (
        <div className="rounded-xl border border-slate-200 dark:border-slate-800">
          <ErrorState title={words.failed} detail={t('section.failedDetail')} onRetry={onRetry} />
        </div>
      )}
      {state.status === 'ready' && state.rows.length === 0 && (
        <div className="rounded-xl border border-dashed border-slate-300 dark:border-slate-700">
          {state.total > 0 ? (
            <EmptyState
              title={t('section.pageEmpty')}
              description={t('section.pageEmptyDetail', { total: state.total })}
              action={
                <Button variant="secondary" onClick={() => onPage(Math.ceil(state.total / PAGE_SIZE))}>
                  {t('section.lastPage')}
                </Button>
              }
            />
          ) : (
            empty
          )}
        </div>
      )}
      {state.status === 'ready' && state.rows.length > 0 && (
        <>
          <ul className="grid gap-3 xl:grid-cols-2">
            {state.rows.map((delivery) => (
              <DeliveryCard
                key={delivery.id}
                delivery={delivery}
                patch={patches.get(delivery.id)}
                driverName={delivery.driver_id ? (state.driverNames.get(delivery.driver_id) ?? null) : null}
                openReturn={state.openReturns.get(delivery.id) ?? null}
                tenantId={tenantId}
                deliveryActions={deliveryActions}
              />
            ))}
          </ul>
          <Pager label={words.pages} page={page} total={state.total} onPage={onPage} />
        </>
      )}
    </section>
  );
}

const NO_PATCHES: ReadonlyMap<string, LivePatch> = new Map();

/**
 * The customer's deliveries on their dashboard: active first (pending .. in transit, live through
 * each one's tracking topic), then the past ones with their outcome and proof; filter and pages in
 * the URL; each opens its tracking view, and `deliveryActions` adds other features' buttons (chat's
 * 'Message us', composed in src/app).
 */
export function CustomerDeliveries({ deliveryActions }: { deliveryActions?: DeliveryActions }) {
  const t = useT(customerMessages);
  const { user } = useSession();
  const tenantId = user ? tenantIdOf(user) : null;
  const customerId = user?.id ?? null;
  const search = useSearch();
  const [location, navigate] = useLocation();
  const view = parseView(search);
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(() => setReloadKey((n) => n + 1), []);

  const showActive = view.show !== 'past';
  const showPast = view.show !== 'active';
  const active = useDeliverySection(tenantId ?? '', customerId ?? '', 'active', view.activePage, reloadKey, Boolean(tenantId && customerId) && showActive);
  const past = useDeliverySection(tenantId ?? '', customerId ?? '', 'past', view.pastPage, reloadKey, Boolean(tenantId && customerId) && showPast);
  const live = useLiveActiveDeliveries(showActive && active.state.status === 'ready' ? active.state.rows : null, reload);
  useNoticesReload(tenantId ?? '', customerId ?? '', reload);

  const go = (next: Partial<DashboardView>, replace = false) => {
    const query = writeView({ ...view, ...next }, search);
    navigate(query ? `${location}?${query}` : location, { replace });
  };

  if (!tenantId || !customerId) return null;
  const nothingAtAll =
    view.show === 'all' && active.state.status === 'ready' && past.state.status === 'ready' && active.state.total === 0 && past.state.total === 0;

  return (
    <section aria-labelledby="customer-deliveries-title" className="space-y-4 rounded-2xl border border-slate-200 bg-brand-card p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="customer-deliveries-title" className="text-lg font-semibold">
          {t('deliveries.title')}
        </h2>
        <div className="flex items-center gap-3">
          {showActive && live.watching > 0 && <LiveIndicator state={live.live} />}
          <Button variant="secondary" onClick={reload}>
            {t('deliveries.refresh')}
          </Button>
        </div>
      </div>
      <div role="group" aria-label={t('deliveries.show')} className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
        {SHOW_VALUES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={view.show === value}
            onClick={() => go({ show: value, activePage: 1, pastPage: 1 })}
            className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand ${view.show === value ? 'bg-brand text-brand-contrast' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
          >
            {t(SHOW_KEYS[value])}
          </button>
        ))}
      </div>

      {nothingAtAll ? (
        <EmptyState title={t('deliveries.none')} description={t('deliveries.noneDetail')} />
      ) : (
        <>
          {showActive && (
            <Section
              tenantId={tenantId}
              id="section-active-deliveries"
              words={{ title: t('active.title'), loading: t('active.loading'), failed: t('active.failed'), pages: t('active.pages') }}
              state={active.state}
              onRetry={active.retry}
              page={view.activePage}
              onPage={(page) => go({ activePage: page })}
              patches={live.patches}
              deliveryActions={deliveryActions}
              empty={<EmptyState title={t('active.empty')} description={t('active.emptyDetail')} />}
            />
          )}
          {showPast && (
            <Section
              tenantId={tenantId}
              id="section-past-deliveries"
              words={{ title: t('past.title'), loading: t('past.loading'), failed: t('past.failed'), pages: t('past.pages') }}
              state={past.state}
              onRetry={past.retry}
              page={view.pastPage}
              onPage={(page) => go({ pastPage: page })}
              patches={NO_PATCHES}
              deliveryActions={deliveryActions}
              empty={<EmptyState title={t('past.empty')} description={t('past.emptyDetail')} />}
            />
          )}
        </>
      )}
    </section>
  );
}

export default CustomerDeliveries;
