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
import {
  dropoffText,
  endedAt,
  isActive,
  PAGE_SIZE,
  parseView,
  proofKey,
  proofSummary,
  SHOW_LABELS,
  SHOW_VALUES,
  writeView,
  type CustomerDelivery,
  type DashboardView,
} from '../schema';
import type { OpenReturn } from '../api';
import { useDeliverySection, useLiveActiveDeliveries, useNoticesReload, type LivePatch, type SectionState } from '../use-customer-deliveries';
import { ReturnAction } from './ReturnRequest';
import { formatDateTime, formatWindow } from '../../../lib/format-date';


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
  const status = patch?.status ?? delivery.status;
  const active = isActive(status);
  const driver = patch ? (patch.driverFirstName ?? driverName) : driverName;
  const expected = formatWindow(delivery.dropoff_window_start, delivery.dropoff_window_end);
  const proof = status === 'delivered' ? proofSummary(delivery.proof) : null;
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
          <Detail label="Drop-off">{dropoffText(delivery.dropoff_address)}</Detail>
          {active && expected && <Detail label="Delivery window">{expected}</Detail>}
          {active && driver && (
            <Detail label="Driver">
              <span data-testid="customer-delivery-driver">{driver}</span>
            </Detail>
          )}
          {!active && <Detail label={status === 'delivered' ? 'Delivered' : 'Closed'}>{formatDateTime(endedAt({ ...delivery, status }))}</Detail>}
          {proof && (
            <Detail label="Proof of delivery">
              <span data-testid="customer-delivery-proof">
                {proof.recipient ? `Received by ${proof.recipient}` : 'Recipient not recorded'}
                {proof.signed ? ' · signed' : ''}
                {proof.photos > 0 ? ` · ${proof.photos} photo${proof.photos === 1 ? '' : 's'}` : ''}
              </span>
            </Detail>
          )}
          {(status === 'failed' || status === 'returned' || status === 'cancelled') && delivery.status_reason && (
            <Detail label="Reason">{delivery.status_reason}</Detail>
          )}
        </dl>
        {/* A list holds only its terms and descriptions: the proof's pictures come after it. */}
        {proof && (proof.signed || proof.photos > 0) && (
          <div className="mt-3">
            <ProofGallery
              label={`Proof of delivery ${delivery.delivery_code}`}
              loadKey={proofKey(delivery.proof)}
              load={() => signProofImages(proofFiles(delivery.proof))}
            />
          </div>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <Link href={trackingPath(delivery.tracking_token)} className={buttonClassName(active ? 'primary' : 'secondary')}>
            {active ? 'Track live' : 'View tracking'} <span className="sr-only">{delivery.delivery_code}</span>
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
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-3 flex items-center justify-between gap-2 text-sm">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {Math.min(page, pages)} of {pages}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

function Section({
  tenantId,
  title,
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
  title: string;
  state: SectionState;
  onRetry: () => void;
  page: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  patches: ReadonlyMap<string, LivePatch>;
  extra?: ReactNode;
  deliveryActions?: DeliveryActions;
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} aria-busy={state.status === 'loading'} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold">
          {title}
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
        <div role="status" aria-label={`Loading ${title.toLowerCase()}`} className="space-y-3">
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
          <ErrorState title={`Could not load ${title.toLowerCase()}`} detail="Check your connection and try again." onRetry={onRetry} />
        </div>
      )}
      {state.status === 'ready' && state.rows.length === 0 && (
        <div className="rounded-xl border border-dashed border-slate-300 dark:border-slate-700">
          {state.total > 0 ? (
            <EmptyState
              title="Nothing on this page"
              description={`There are ${state.total} in all, on fewer pages.`}
              action={
                <Button variant="secondary" onClick={() => onPage(Math.ceil(state.total / PAGE_SIZE))}>
                  Go to the last page
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
          <Pager label={title} page={page} total={state.total} onPage={onPage} />
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
          Your deliveries
        </h2>
        <div className="flex items-center gap-3">
          {showActive && live.watching > 0 && <LiveIndicator state={live.live} />}
          <Button variant="secondary" onClick={reload}>
            Refresh
          </Button>
        </div>
      </div>
      <div role="group" aria-label="Show deliveries" className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
        {SHOW_VALUES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={view.show === value}
            onClick={() => go({ show: value, activePage: 1, pastPage: 1 })}
            className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand ${view.show === value ? 'bg-brand text-brand-contrast' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
          >
            {SHOW_LABELS[value]}
          </button>
        ))}
      </div>

      {nothingAtAll ? (
        <EmptyState title="No deliveries yet" description="When a delivery is booked for you, it appears here and you can follow it live." />
      ) : (
        <>
          {showActive && (
            <Section
              tenantId={tenantId}
              title="Active deliveries"
              state={active.state}
              onRetry={active.retry}
              page={view.activePage}
              onPage={(page) => go({ activePage: page })}
              patches={live.patches}
              deliveryActions={deliveryActions}
              empty={<EmptyState title="Nothing on its way" description="Deliveries being prepared or on the road appear here." />}
            />
          )}
          {showPast && (
            <Section
              tenantId={tenantId}
              title="Past deliveries"
              state={past.state}
              onRetry={past.retry}
              page={view.pastPage}
              onPage={(page) => go({ pastPage: page })}
              patches={NO_PATCHES}
              deliveryActions={deliveryActions}
              empty={<EmptyState title="No past deliveries" description="Delivered, failed and cancelled deliveries appear here." />}
            />
          )}
        </>
      )}
    </section>
  );
}

export default CustomerDeliveries;
