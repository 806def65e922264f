import { useMemo, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLanguage, useT, type Translate } from '../../../lib/i18n/catalogue';
import { useDeclareReaderLanguage } from '../../../lib/i18n/choice';
import { isLanguage } from '../../../lib/i18n/languages';
import { mapsToken } from '../../../lib/geocoding';
import { TRACKING_PATH } from '../../../lib/paths';
import { useNow } from '../../../lib/use-now';
import { Button } from '../../../ui/Button';
import { deliveryStatus, type DeliveryStatus } from '../../../data/statuses';
import { Chip } from '../../../ui/Chip';
import { ErrorState } from '../../../ui/ErrorState';
import { LiveIndicator } from '../../../ui/LiveIndicator';
import { MapView, type MapMarker } from '../../../ui/map';
import { ProofGallery } from '../../../ui/proof';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { trackingProofPhotos } from '../api';
import { TrackingSteps } from '../components/TrackingSteps';
import { formatTrackingTime, formatTrackingWindow } from '../format';
import { trackingMessages, type TrackingKey } from '../messages';
import { businessName, freshPosition, parseTrackingInput, statusHeadline, trackingSteps, type Tracking, type TrackingBusiness } from '../schema';
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

/** The chip's words for a delivery's status, in the page's language (its colour is the house's). */
const STATUS_LABEL: Record<DeliveryStatus, TrackingKey> = {
  pending: 'status.pending',
  assigned: 'status.assigned',
  accepted: 'status.accepted',
  picked_up: 'status.picked_up',
  in_transit: 'status.in_transit',
  delivered: 'status.delivered',
  failed: 'status.failed',
  cancelled: 'status.cancelled',
  returned: 'status.returned',
};

function TrackingSearch({ initial, compact }: { initial: string; compact: boolean }) {
  const t = useT(trackingMessages);
  const [, navigate] = useLocation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) return setError(t('search.required'));
    const token = parseTrackingInput(value);
    if (!token) return setError(t('search.invalid'));
    setError(undefined);
    navigate(`${TRACKING_PATH}?token=${token}`);
  }

  return (
    <form role="search" aria-label={t('search.label')} noValidate onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <TextField
        label={compact ? t('search.anotherLabel') : t('search.inputLabel')}
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
        {t('search.submit')}
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

function DriverCard({ tracking, receivedAt, t }: { tracking: Tracking; receivedAt: number; t: Translate<TrackingKey> }) {
  const language = useLanguage();
  const now = useNow(10_000);
  const driver = tracking.driver;
  const position = freshPosition(driver?.position, receivedAt, now.getTime());
  const markers = useMemo<MapMarker[]>(
    () => (position && driver ? [{ id: 'driver', lng: position.lng, lat: position.lat, label: driver.first_name, color: '#ea580c' }] : []),
    [position, driver],
  );
  if (!driver) return null;
  return (
    <Card title={t('driver.title')}>
      <p className="text-base font-semibold" data-testid="tracking-driver">
        {driver.first_name}
      </p>
      {position ? (
        <div className="mt-3 space-y-2">
          <MapView
            label={t('driver.map', { name: driver.first_name })}
            center={[position.lng, position.lat]}
            zoom={14}
            height={280}
            markers={markers}
            mapboxToken={mapsToken()}
          />
          <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="tracking-position">
            {t('driver.updated', { time: formatTrackingTime(t, position.at, now, language) })}
          </p>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="tracking-position-unavailable">
          {t('driver.positionUnavailable')}
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
  const t = useT(trackingMessages);
  const language = useLanguage();
  const steps = useMemo(() => trackingSteps(tracking), [tracking]);
  const name = businessName(tracking.business);
  const expected = formatTrackingWindow(t, tracking.window?.start, tracking.window?.end, undefined, language);
  const at = (iso: string) => formatTrackingTime(t, iso, undefined, language);
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
          {statusHeadline(tracking, t)}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <span data-testid="tracking-status">
            <Chip tone={deliveryStatus.tone(tracking.status)}>{t(STATUS_LABEL[tracking.status])}</Chip>
          </span>
          <span>
            {t.rich('facts.code', {
              code: tracking.code,
              mono: (chunks: ReactNode[]) => <span className="font-mono font-semibold text-slate-900 dark:text-slate-100">{chunks}</span>,
            })}
          </span>
        </div>
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {active && tracking.estimate ? (
            <Fact label={t('facts.estimate')} testId="tracking-estimate">
              {at(tracking.estimate)}
            </Fact>
          ) : (
            active && expected && (
              <Fact label={t('facts.expected')} testId="tracking-window">
                {expected}
              </Fact>
            )
          )}
          {active && tracking.estimate && expected && (
            <Fact label={t('facts.window')} testId="tracking-window">
              {expected}
            </Fact>
          )}
          {tracking.status === 'delivered' && tracking.delivered_at && (
            <Fact label={t('facts.deliveredAt')} testId="tracking-delivered-at">
              {at(tracking.delivered_at)}
            </Fact>
          )}
          {city && (
            <Fact label={t('facts.destination')} testId="tracking-destination">
              {city}
            </Fact>
          )}
        </dl>
      </Card>

      {tracking.failure_reason && (
        <Card title={t('failure.title')} className="border-red-200 dark:border-red-900">
          <p className="text-sm" data-testid="tracking-failure-reason">
            {tracking.failure_reason}
          </p>
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t('failure.next', { business: name })}</p>
        </Card>
      )}

      {tracking.status === 'in_transit' && <DriverCard tracking={tracking} receivedAt={receivedAt} t={t} />}

      {tracking.status === 'delivered' && tracking.proof && (
        <Card title={t('proof.title')}>
          <ul className="space-y-1 text-sm" data-testid="tracking-proof">
            <li>{tracking.proof.signature ? t('proof.signed') : t('proof.unsigned')}</li>
            <li>{t('proof.photos', { count: tracking.proof.photos })}</li>
          </ul>
          {tracking.proof.photos > 0 && (
            <div className="mt-3">
              <ProofGallery
                label={t('proof.galleryLabel')}
                loadKey={`${token}:${tracking.proof.photos}:${language}`}
                load={() => trackingProofPhotos(token, { photo: (number) => t('proof.photo', { number }), failed: t('proof.loadFailed') })}
                emptyText={t('proof.unavailable')}
              />
            </div>
          )}
        </Card>
      )}

      <Card title={t('progress.title')}>
        <TrackingSteps steps={steps} />
      </Card>
    </div>
  );
}

function LoadingView() {
  const t = useT(trackingMessages);
  return (
    <div role="status" aria-busy="true" aria-label={t('notice.loading')} className="space-y-4">
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
      <span className="sr-only">{t('notice.loading')}…</span>
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
  const t = useT(trackingMessages);
  // One title for the page (a title set by a child would lose to this one when the language changes).
  useDocumentTitle(
    state.status === 'ready' && token ? t('page.documentTitle', { code: state.tracking.code, business: businessName(state.tracking.business) }) : t('page.title'),
  );
  // The recipient's own language (their delivery preference), when the delivery names one.
  const preferred = state.status === 'ready' ? state.tracking.language : undefined;
  useDeclareReaderLanguage(isLanguage(preferred) ? preferred : null);

  const business = state.status === 'ready' ? state.tracking.business : null;
  const theme = useMemo(() => (business && brand ? brand(business) : null), [business, brand]);
  const style = theme ? (theme.variables as CSSProperties) : undefined;

  let body: ReactNode;
  if (raw && !token) body = <Notice title={t('notice.notFoundTitle')} detail={t('notice.notFoundDetail')} />;
  else if (state.status === 'idle') body = null;
  else if (state.status === 'loading') body = <LoadingView />;
  else if (state.status === 'not-found') body = <Notice title={t('notice.notFoundTitle')} detail={t('notice.notFoundDetail')} />;
  else if (state.status === 'rate-limited')
    body = (
      <Notice title={t('notice.rateLimitedTitle')} detail={t('notice.rateLimitedDetail')}>
        <Button variant="secondary" onClick={retry}>
          {t('notice.tryAgain')}
        </Button>
      </Notice>
    );
  else if (state.status === 'failed')
    body = (
      <Card>
        <ErrorState title={t('notice.errorTitle')} detail={t('notice.errorDetail')} onRetry={retry} />
      </Card>
    );
  else if (token) body = <TrackingView token={token} tracking={state.tracking} receivedAt={state.receivedAt} live={live} brand={theme} />;

  return (
    <div style={style} className="min-h-dvh bg-brand-bg text-brand-text dark:bg-slate-950 dark:text-slate-100">
      <main className="mx-auto w-full max-w-xl space-y-4 px-4 py-6 sm:py-10">
        {!token && (
          <header className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight">{t('page.title')}</h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('page.intro')}</p>
          </header>
        )}
        {!token && <TrackingSearch key="start" initial={raw} compact={false} />}
        {body}
        {token && (
          <Card>
            <TrackingSearch key={token} initial="" compact />
          </Card>
        )}
        <p className="pt-2 text-center text-xs text-slate-500 dark:text-slate-400">{t('page.footer')}</p>
      </main>
    </div>
  );
}

export default TrackingPage;
