import { useMemo, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useDocumentTitle } from '../../../lib/document-title';
import { mapsToken } from '../../../lib/geocoding';
import { TRACKING_PATH } from '../../../lib/paths';
import { useNow } from '../../../lib/use-now';
import { Button } from '../../../ui/Button';
import { deliveryStatus } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import { ErrorState } from '../../../ui/ErrorState';
import { LiveIndicator } from '../../../ui/LiveIndicator';
import { MapView, type MapMarker } from '../../../ui/map';
import { ProofGallery } from '../../../ui/proof';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { trackingProofPhotos } from '../api';
import { TrackingSteps } from '../components/TrackingSteps';
import { formatTrackingTime, formatTrackingWindow } from '../format';
import {
  businessName,
  freshPosition,
  parseTrackingInput,
  statusHeadline,
  TRACKING_MESSAGES,
  trackingSteps,
  type Tracking,
  type TrackingBusiness,
} from '../schema';
import { useTrackedDelivery } from '../use-tracking';

/** The business's look, worked out by the brand feature (src/app composes it in): CSS variables and a logo. */
export interface TrackingBrand {
  variables: Record<string, string>;
  logo: { light: string; dark: string } | null;
}

export interface TrackingPageProps {
  brand?: (business: TrackingBusiness) => TrackingBrand;
}

function Card({ title, children, className }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section
      aria-label={title}
      className={`rounded-2xl border border-slate-200 bg-brand-card p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900 ${className ?? ''}`}
    >
      {title && <h2 className="mb-3 text-sm font-semibold text-slate-700 dark:text-slate-300">{title}</h2>}
      {children}
    </section>
  );
}

function TrackingSearch({ initial, compact }: { initial: string; compact: boolean }) {
  const [, navigate] = useLocation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) return setError(TRACKING_MESSAGES.required);
    const token = parseTrackingInput(value);
    if (!token) return setError(TRACKING_MESSAGES.invalid);
    setError(undefined);
    navigate(`${TRACKING_PATH}?token=${token}`);
  }

  return (
    <form role="search" aria-label="Track a delivery" noValidate onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <TextField
        label={compact ? 'Track another delivery' : TRACKING_MESSAGES.inputLabel}
        className="flex-1"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (error) setError(undefined);
        }}
        error={error}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        inputMode="url"
        placeholder="https://…/tracking?token=…"
      />
      <Button type="submit" className="sm:mt-6">
        {TRACKING_MESSAGES.submit}
      </Button>
    </form>
  );
}

function BusinessHeader({ business, brand }: { business: TrackingBusiness; brand: TrackingBrand | null }) {
  const name = businessName(business);
  const [broken, setBroken] = useState(false);
  const logo = brand?.logo && !broken ? brand.logo : null;
  return (
    <div className="flex items-center gap-3" data-testid="tracking-business">
      {logo ? (
        <>
          <img src={logo.light} alt={name} onError={() => setBroken(true)} className="h-9 w-auto max-w-40 object-contain dark:hidden" />
          <img src={logo.dark} alt="" aria-hidden="true" onError={() => setBroken(true)} className="hidden h-9 w-auto max-w-40 object-contain dark:block" />
        </>
      ) : (
        <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-xl bg-brand text-base font-bold text-brand-contrast">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <p className="text-base font-semibold">{logo ? <span className="sr-only">{name}</span> : name}</p>
    </div>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function DriverCard({ tracking, receivedAt }: { tracking: Tracking; receivedAt: number }) {
  const now = useNow(10_000);
  const driver = tracking.driver;
  const position = freshPosition(driver?.position, receivedAt, now.getTime());
  const markers = useMemo<MapMarker[]>(
    () => (position && driver ? [{ id: 'driver', lng: position.lng, lat: position.lat, label: driver.first_name, color: '#ea580c' }] : []),
    [position, driver],
  );
  if (!driver) return null;
  return (
    <Card title="Your driver">
      <p className="text-base font-semibold" data-testid="tracking-driver">
        {driver.first_name}
      </p>
      {position ? (
        <div className="mt-3 space-y-2">
          <MapView
            label={`Map: ${driver.first_name}’s position`}
            center={[position.lng, position.lat]}
            zoom={14}
            height={280}
            markers={markers}
            mapboxToken={mapsToken()}
          />
          <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="tracking-position">
            Location updated {formatTrackingTime(position.at, now)}
          </p>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="tracking-position-unavailable">
          {TRACKING_MESSAGES.positionUnavailable}
        </p>
      )}
    </Card>
  );
}

function TrackingView({
  token,
  tracking,
  receivedAt,
  live,
  brand,
}: {
  token: string;
  tracking: Tracking;
  receivedAt: number;
  live: 'connecting' | 'live' | 'offline';
  brand: TrackingBrand | null;
}) {
  const steps = useMemo(() => trackingSteps(tracking), [tracking]);
  const name = businessName(tracking.business);
  useDocumentTitle(`Tracking ${tracking.code} | ${name}`);
  const expected = formatTrackingWindow(tracking.window?.start, tracking.window?.end);
  const city = [tracking.destination?.city, tracking.destination?.country].filter(Boolean).join(', ');
  const active = !['delivered', 'failed', 'cancelled', 'returned'].includes(tracking.status);

  return (
    <div className="space-y-4">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <BusinessHeader business={tracking.business} brand={brand} />
          <LiveIndicator state={live} />
        </div>
        <h1 className="mt-4 text-2xl font-bold tracking-tight" data-testid="tracking-headline">
          {statusHeadline(tracking)}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <span data-testid="tracking-status">
            <StatusChip vocabulary={deliveryStatus} status={tracking.status} />
          </span>
          <span>
            Delivery <span className="font-mono font-semibold text-slate-900 dark:text-slate-100">{tracking.code}</span>
          </span>
        </div>
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {active && tracking.estimate ? (
            <Fact label="Estimated arrival" testId="tracking-estimate">
              {formatTrackingTime(tracking.estimate)}
            </Fact>
          ) : (
            active && expected && (
              <Fact label="Expected" testId="tracking-window">
                {expected}
              </Fact>
            )
          )}
          {active && tracking.estimate && expected && (
            <Fact label="Expected window" testId="tracking-window">
              {expected}
            </Fact>
          )}
          {tracking.status === 'delivered' && tracking.delivered_at && (
            <Fact label="Delivered" testId="tracking-delivered-at">
              {formatTrackingTime(tracking.delivered_at)}
            </Fact>
          )}
          {city && (
            <Fact label="Delivering to" testId="tracking-destination">
              {city}
            </Fact>
          )}
        </dl>
      </Card>

      {tracking.failure_reason && (
        <Card title="What happened" className="border-red-200 dark:border-red-900">
          <p className="text-sm" data-testid="tracking-failure-reason">
            {tracking.failure_reason}
          </p>
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{name} will be in touch about the next attempt or the return of your parcel.</p>
        </Card>
      )}

      {tracking.status === 'in_transit' && <DriverCard tracking={tracking} receivedAt={receivedAt} />}

      {tracking.status === 'delivered' && tracking.proof && (
        <Card title="Proof of delivery">
          <ul className="space-y-1 text-sm" data-testid="tracking-proof">
            <li>{tracking.proof.signature ? 'Signed for on delivery' : 'No signature taken'}</li>
            <li>{tracking.proof.photos === 0 ? 'No photos' : tracking.proof.photos === 1 ? '1 photo taken at the door' : `${tracking.proof.photos} photos taken at the door`}</li>
          </ul>
          {tracking.proof.photos > 0 && (
            <div className="mt-3">
              <ProofGallery label="Photos taken at the door" loadKey={`${token}:${tracking.proof.photos}`} load={() => trackingProofPhotos(token)} emptyText="The photos are not available." />
            </div>
          )}
        </Card>
      )}

      <Card title="Progress">
        <TrackingSteps steps={steps} />
      </Card>
    </div>
  );
}

function LoadingView() {
  return (
    <div role="status" aria-busy="true" aria-label={TRACKING_MESSAGES.loading} className="space-y-4">
      <div className="space-y-3 rounded-2xl border border-slate-200 bg-brand-card p-5 dark:border-slate-800 dark:bg-slate-900">
        <Skeleton className="h-9 w-40" />
        <Skeleton className="h-7 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
      <div className="space-y-3 rounded-2xl border border-slate-200 bg-brand-card p-5 dark:border-slate-800 dark:bg-slate-900">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-5 w-2/3" />
        ))}
      </div>
      <span className="sr-only">{TRACKING_MESSAGES.loading}…</span>
    </div>
  );
}

function Notice({ title, detail, children }: { title: string; detail: string; children?: ReactNode }) {
  return (
    <Card>
      <div role="alert" className="py-4 text-center">
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600 dark:text-slate-400">{detail}</p>
        {children && <div className="mt-4">{children}</div>}
      </div>
    </Card>
  );
}

/**
 * The public tracking page (/tracking, outside tenant verification): a field for the tracking link
 * or code, and with `?token=` the delivery as the recipient may see it, live.
 */
export function TrackingPage({ brand }: TrackingPageProps) {
  const search = useSearch();
  const raw = new URLSearchParams(search).get('token') ?? '';
  const token = raw ? parseTrackingInput(raw) : null;
  const { state, live, retry } = useTrackedDelivery(token);
  useDocumentTitle(TRACKING_MESSAGES.title);

  const business = state.status === 'ready' ? state.tracking.business : null;
  const theme = useMemo(() => (business && brand ? brand(business) : null), [business, brand]);
  const style = theme ? (theme.variables as CSSProperties) : undefined;

  let body: ReactNode;
  if (raw && !token) body = <Notice title={TRACKING_MESSAGES.notFoundTitle} detail={TRACKING_MESSAGES.notFoundDetail} />;
  else if (state.status === 'idle') body = null;
  else if (state.status === 'loading') body = <LoadingView />;
  else if (state.status === 'not-found') body = <Notice title={TRACKING_MESSAGES.notFoundTitle} detail={TRACKING_MESSAGES.notFoundDetail} />;
  else if (state.status === 'rate-limited')
    body = (
      <Notice title={TRACKING_MESSAGES.rateLimitedTitle} detail={TRACKING_MESSAGES.rateLimitedDetail}>
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      </Notice>
    );
  else if (state.status === 'failed')
    body = (
      <Card>
        <ErrorState title={TRACKING_MESSAGES.errorTitle} detail={TRACKING_MESSAGES.errorDetail} onRetry={retry} />
      </Card>
    );
  else if (token) body = <TrackingView token={token} tracking={state.tracking} receivedAt={state.receivedAt} live={live} brand={theme} />;

  return (
    <div style={style} className="min-h-dvh bg-brand-bg text-brand-text dark:bg-slate-950 dark:text-slate-100">
      <main className="mx-auto w-full max-w-xl space-y-4 px-4 py-6 sm:py-10">
        {!token && (
          <header className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight">{TRACKING_MESSAGES.title}</h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">{TRACKING_MESSAGES.intro}</p>
          </header>
        )}
        {!token && <TrackingSearch key="start" initial={raw} compact={false} />}
        {body}
        {token && (
          <Card>
            <TrackingSearch key={token} initial="" compact />
          </Card>
        )}
        <p className="pt-2 text-center text-xs text-slate-500 dark:text-slate-400">Tracking by Waypost</p>
      </main>
    </div>
  );
}

export default TrackingPage;
