import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { mapsToken } from '../../../lib/geocoding';
import { proofFiles, signProofImages } from '../../../lib/proof';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { Barcode } from '../../../ui/Barcode';
import { Button, buttonClassName } from '../../../ui/Button';
import { assignmentStatus, deliveryStatus } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import { LiveIndicator } from '../../../ui/LiveIndicator';
import { MapView, type MapMarker } from '../../../ui/map';
import { PageHeader } from '../../../ui/PageHeader';
import { ProofDocumentButton, ProofGallery } from '../../../ui/proof';
import { RecordStates } from '../../../ui/RecordStates';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../lib/use-record-load';
import {
  getDeliveryActions,
  getDeliveryDetail,
  listDeliveryAssignments,
  listDeliveryEvents,
  transitionDelivery,
  unassignDelivery,
  type AssignmentHistoryRow,
  type DeliveryDetail,
} from '../api';
import { deliveryFeed } from '../atoms';
import { deliveryEventFeed, type DeliveryEventChange } from '../../../data/delivery-events';
import { ActionDialog } from '../components/ActionDialog';
import { useFeedChanges } from '../../../lib/use-feed-changes';
import { framing } from '../map';
import { ADMIN_DELIVERY_PATHS, inScope, type DeliveryPaths, type DeliveryScope } from '../paths';
import { trackingLink, type DeliveryChange, type DeliveryEvent } from '../schema';
import { deliveryEventMessages, deliveryEventWords } from '../../../lib/delivery-events';
import { formatWindow } from '../../../lib/format-date';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { useStatuses } from '../../../lib/status-vocabulary';
import { deliveryMessages } from '../messages';
import { kindWords, priorityWords, useDeliveryToasts, windowWords } from '../words';
import { ScrollBox } from '../../../ui/ScrollBox';

interface DetailRecord {
  detail: DeliveryDetail;
  events: DeliveryEvent[];
  assignments: AssignmentHistoryRow[];
  actions: string[];
}

/** The delivery and its history; null when it does not exist for the caller (or is of another kind than the scope's). */
async function loadRecord(tenantId: string, id: string, scope: DeliveryScope): Promise<DetailRecord | null> {
  const detail = await getDeliveryDetail(tenantId, id);
  if (!detail || !inScope(scope, detail.delivery.kind)) return null;
  const [events, assignments, actions] = await Promise.all([listDeliveryEvents(tenantId, id), listDeliveryAssignments(tenantId, id), getDeliveryActions(id)]);
  return { detail, events, assignments, actions };
}

/** What another feature adds to the delivery's actions (chat with its driver), composed in src/app. */
export interface DeliveryDetailSlots {
  deliveryActions?: (delivery: { id: string; delivery_code: string; driver_id: string | null; status: string }) => ReactNode;
}

export function DeliveryDetailPage({ kind, paths = ADMIN_DELIVERY_PATHS, deliveryActions }: DeliveryScope & DeliveryDetailSlots) {
  const { id = '' } = useParams<{ id?: string }>();
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const toast = useToast();
  const t = useT(deliveryMessages);
  const toasts = useDeliveryToasts();
  const listLabel = t(paths.listLabel);
  const { state, retry, setRecord } = useRecordLoad<DetailRecord | null>(id && tenantId ? `${tenantId}/${id}` : null, () => loadRecord(tenantId, id, { kind }), {
    onError: () => toast.error(toasts.fetchFailed),
  });
  const record = state.status === 'ready' ? state.record : null;

  // Live: the delivery, its events (and so its assignments, which move the delivery in the same
  // transaction) re-read in place, without a skeleton.
  const refresh = useCallback(() => {
    if (!id || !tenantId) return;
    loadRecord(tenantId, id, { kind }).then(
      (next) => {
        if (next) setRecord(next);
      },
      () => undefined,
    );
  }, [tenantId, id, kind, setRecord]);
  const live = useFeedChanges(deliveryFeed, tenantId, (rows: DeliveryChange[]) => rows.some((row) => row.id === id) && refresh(), refresh);
  useFeedChanges(deliveryEventFeed, tenantId, (rows: DeliveryEventChange[]) => rows.some((row) => row.delivery_id === id) && refresh(), refresh);

  const header = (
    <PageHeader
      title={record ? t('detail.title', { code: record.detail.delivery.delivery_code }) : t('detail.crumb')}
      breadcrumbs={[{ label: t('crumb.dashboard'), href: '/' }, { label: listLabel, href: paths.list }, { label: record?.detail.delivery.delivery_code ?? t('detail.crumb') }]}
    />
  );

  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={header}
      backTo={paths.list}
      backLabel={t('list.backTo', { list: listLabel.toLowerCase() })}
      missing={!id}
      notFoundTitle={toasts.notFound}
      notFoundDescription={t('detail.notFoundDescription')}
      failedTitle={toasts.fetchFailed}
      loadingLabel={t('detail.loading')}
    >
      {(loaded) => loaded && <DeliveryDetailView record={loaded} liveState={live.state} onChanged={refresh} paths={paths} deliveryActions={deliveryActions} />}
    </RecordStates>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm">{children}</dd>
    </div>
  );
}

/** A titled part of the page; `name` makes its heading's id, the same in every language. */
function Section({ name, title, children, actions }: { name: string; title: string; children: ReactNode; actions?: ReactNode }) {
  const id = `section-${name}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/**
 * The moves confirmed by a dialog that sends the new status (unassigning has its own call), each
 * with its words; a move that takes a reason needs one and is destructive (transitionDelivery
 * leaves an empty reason out, so the others send none).
 */
const MOVE_WORDS = {
  failed: { title: 'dialog.failed.title', message: 'dialog.failed.message', confirm: 'action.failed', done: 'toast.failed', reason: 'required' },
  cancelled: { title: 'dialog.cancel.title', message: 'dialog.cancel.message', confirm: 'action.cancel', done: 'toast.cancelled', reason: 'required' },
  returned: { title: 'dialog.returned.title', message: 'dialog.returned.message', confirm: 'action.returned', done: 'toast.returned', reason: undefined },
  pending: { title: 'dialog.reopen.title', message: 'dialog.reopen.message', confirm: 'action.reopen', done: 'toast.reopened', reason: undefined },
} as const;
const MOVE_STATUSES = Object.keys(MOVE_WORDS) as (keyof typeof MOVE_WORDS)[];

type Pending = null | 'unassign' | keyof typeof MOVE_WORDS;

function DeliveryDetailView({
  record,
  liveState,
  onChanged,
  paths,
  deliveryActions,
}: {
  record: DetailRecord;
  liveState: 'connecting' | 'live' | 'offline';
  onChanged: () => void;
  paths: DeliveryPaths;
} & DeliveryDetailSlots) {
  const { detail, events, assignments, actions } = record;
  const { delivery: d, names } = detail;
  const toast = useToast();
  const t = useT(deliveryMessages);
  const eventWords = useT(deliveryEventMessages);
  const toasts = useDeliveryToasts();
  const format = useFormat();
  const statuses = useStatuses(deliveryStatus);
  const opened = windowWords(t);
  const window_ = (start: string | null, end: string | null) => formatWindow(start, end, format.language, opened) ?? t('window.any');
  const [pending, setPending] = useState<Pending>(null);
  const link = trackingLink(window.location.origin, d.tracking_token);
  const proofKey = [d.proof.signature_url, ...(d.proof.photo_urls ?? [])].join('|');
  const settings = useTenantSettings();
  const tenantSettings = settings.status === 'ready' ? settings.settings : null;

  const markers = useMemo<MapMarker[]>(() => {
    const list: MapMarker[] = [
      { id: 'pickup', lng: d.pickup_lng, lat: d.pickup_lat, label: t('detail.pickup'), color: '#2563eb' },
      { id: 'dropoff', lng: d.dropoff_lng, lat: d.dropoff_lat, label: t('detail.dropoff'), color: '#16a34a' },
    ];
    if (detail.driverPosition) list.push({ id: 'driver', lng: detail.driverPosition.lng, lat: detail.driverPosition.lat, label: names.driver_name ?? t('detail.driver'), color: '#ea580c' });
    return list;
  }, [d.pickup_lng, d.pickup_lat, d.dropoff_lng, d.dropoff_lat, detail.driverPosition, names.driver_name, t]);
  const view = useMemo(() => framing(markers), [markers]);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(toasts.copied);
    } catch {
      toast.error(toasts.copyFailed);
    }
  }

  const run = async (move: () => Promise<void>, done: string) => {
    await move();
    toast.success(done);
    onChanged();
  };

  const can = (action: string) => actions.includes(action);
  const toolbar = (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('detail.actions')}>
      {can('edit') && (
        <Link href={paths.edit(d.id)} className={buttonClassName('secondary')}>
          {t('action.edit')}
        </Link>
      )}
      {can('assign') && (
        <Link href={paths.assign(d.id)} className={buttonClassName('primary')}>
          {t('action.assign')}
        </Link>
      )}
      {can('unassign') && (
        <Button variant="secondary" onClick={() => setPending('unassign')}>
          {t('action.unassign')}
        </Button>
      )}
      {can('failed') && (
        <Button variant="secondary" onClick={() => setPending('failed')}>
          {t('action.failed')}
        </Button>
      )}
      {can('returned') && (
        <Button variant="secondary" onClick={() => setPending('returned')}>
          {t('action.returned')}
        </Button>
      )}
      {can('pending') && (
        <Button variant="secondary" onClick={() => setPending('pending')}>
          {t('action.reopen')}
        </Button>
      )}
      {can('cancelled') && (
        <Button variant="secondary" className="text-red-700 dark:text-red-300" onClick={() => setPending('cancelled')}>
          {t('action.cancel')}
        </Button>
      )}
      {deliveryActions?.(d)}
    </div>
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span data-testid="delivery-status">
            <StatusChip vocabulary={deliveryStatus} status={d.status} />
          </span>
          {d.status_reason && <span className="text-sm text-slate-600 dark:text-slate-400">{d.status_reason}</span>}
          <LiveIndicator state={liveState} />
        </div>
        {toolbar}
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section name="summary" title={t('detail.summary')}>
          <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
            <Barcode text={d.barcode} />
            <div className="max-w-full min-w-0 text-sm">
              <div className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">{t('detail.trackingLink')}</div>
              <div className="mt-1 flex items-center gap-2">
                <a href={link} className="max-w-56 min-w-0 truncate text-brand underline" data-testid="tracking-link">
                  {link}
                </a>
                <Button variant="secondary" onClick={() => void copyLink()}>
                  {t('detail.copy')}
                </Button>
              </div>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4">
            <Field label={t('detail.customer')}>{names.customer_name ?? '—'}</Field>
            <Field label={t('detail.kind')}>{kindWords(t, d.kind)}</Field>
            <Field label={t('detail.service')}>{names.service_name ? `${names.service_name} (${names.service_code ?? ''})` : '—'}</Field>
            <Field label={t('detail.priority')}>{priorityWords(t, d.priority)}</Field>
            <Field label={t('detail.price')}>
              {format.money(d.price, d.currency)}
              {d.price_override_reason && <span className="block text-xs text-slate-500">{t('detail.overridden', { reason: d.price_override_reason })}</span>}
            </Field>
            <Field label={t('detail.cod')}>{d.cod_amount > 0 ? format.money(d.cod_amount, d.currency) : t('detail.none')}</Field>
            <Field label={t('detail.reference')}>{d.external_reference_id ?? '—'}</Field>
            <Field label={t('detail.driver')}>{names.driver_name ? `${names.driver_name}${detail.vehicleName ? ` · ${detail.vehicleName}` : ''}` : t('detail.notAssigned')}</Field>
            <Field label={t('detail.pickup')}>
              {d.pickup_address.full_address}
              <span className="block text-xs text-slate-500">
                {names.pickup_zone_name ?? t('detail.noZone')} · {window_(d.pickup_window_start, d.pickup_window_end)}
              </span>
            </Field>
            <Field label={t('detail.dropoff')}>
              {d.dropoff_address.full_address}
              <span className="block text-xs text-slate-500">
                {names.dropoff_zone_name ?? t('detail.noZone')} · {window_(d.dropoff_window_start, d.dropoff_window_end)}
              </span>
            </Field>
            <Field label={t('detail.created')}>{format.dateTime(d.created_at)}</Field>
            <Field label={t('detail.notes')}>{d.notes || '—'}</Field>
          </dl>
        </Section>

        <Section name="map" title={t('detail.map')}>
          <MapView
            label={t('detail.mapOf', { code: d.delivery_code })}
            defaultCenter={tenantSettings?.mapCentre}
            mapboxToken={mapsToken(tenantSettings?.mapsKey)}
            center={view.center}
            zoom={view.zoom}
            height={360}
            markers={markers}
          />
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            {t('detail.mapLegend')}
            {detail.driverPosition
              ? names.driver_name
                ? t('detail.mapDriver', { driver: names.driver_name, at: format.dateTime(detail.driverPosition.at) })
                : t('detail.mapDriverUnnamed', { at: format.dateTime(detail.driverPosition.at) })
              : ''}
          </p>
        </Section>
      </div>

      <Section name="packages" title={t('detail.packages')}>
        <ScrollBox label={t('detail.packages')}>
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500 uppercase dark:text-slate-400">
              <tr>
                <th className="py-1 pr-3 font-medium">{t('detail.description')}</th>
                <th className="py-1 pr-3 font-medium">{t('detail.quantity')}</th>
                <th className="py-1 pr-3 font-medium">{t('detail.weight')}</th>
                <th className="py-1 pr-3 font-medium">{t('detail.size')}</th>
                <th className="py-1 font-medium">{t('detail.handling')}</th>
              </tr>
            </thead>
            <tbody>
              {d.packages.map((p, index) => (
                <tr key={index} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1 pr-3">{p.description || '—'}</td>
                  <td className="py-1 pr-3">{format.number(p.quantity)}</td>
                  <td className="py-1 pr-3">{t('detail.kg', { weight: format.number(p.weight_kg) })}</td>
                  <td className="py-1 pr-3">{p.length_cm && p.width_cm && p.height_cm ? t('detail.dimensions', { length: format.number(p.length_cm), width: format.number(p.width_cm), height: format.number(p.height_cm) }) : '—'}</td>
                  <td className="py-1">{[p.fragile && t('detail.fragile'), p.temperature_sensitive && t('detail.temperature')].filter(Boolean).join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t('detail.packageTotal', { count: d.package_count, weight: format.number(d.total_weight_kg) })}
        </p>
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section name="timeline" title={t('detail.timeline')}>
          <ol aria-label={t('detail.statusTimeline')} className="space-y-3">
            {events.map((e) => (
              <li key={e.id} className="border-l-2 border-slate-200 pl-3 dark:border-slate-700">
                <div className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  {deliveryEventWords(eventWords, e.action, e.status, statuses.label)}
                  <StatusChip vocabulary={deliveryStatus} status={e.status} />
                </div>
                <div className="text-xs text-slate-500 dark:text-slate-400">
                  {format.dateTime(e.occurred_at)} · {e.actor_name ?? t('detail.system')}
                </div>
                {e.reason && <div className="text-sm">{t('detail.reason', { reason: e.reason })}</div>}
                {e.note && <div className="text-sm text-slate-600 dark:text-slate-300">{e.note}</div>}
              </li>
            ))}
          </ol>
        </Section>

        <Section name="assignments" title={t('detail.assignments')}>
          {assignments.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('detail.notAssignedYet')}</p>
          ) : (
            <ul aria-label={t('detail.assignmentHistory')} className="space-y-3">
              {assignments.map((a) => (
                <li key={a.id} className="rounded-lg border border-slate-100 p-3 text-sm dark:border-slate-800">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium">
                      {a.driver_name ?? t('detail.someDriver')} · {a.vehicle_name ?? t('detail.someVehicle')}
                    </span>
                    <StatusChip vocabulary={assignmentStatus} status={a.status} />
                  </div>
                  <div className="text-xs text-slate-500 dark:text-slate-400">
                    {t('detail.assignedAt', { at: format.dateTime(a.assignment_time) })}
                    {a.responded_at && t('detail.answeredAt', { at: format.dateTime(a.responded_at) })}
                    {a.completed_at && t('detail.completedAt', { at: format.dateTime(a.completed_at) })}
                    {a.cancelled_at && t('detail.unassignedAt', { at: format.dateTime(a.cancelled_at) })}
                  </div>
                  {a.rejection_reason && <div>{t('detail.rejected', { reason: a.rejection_reason })}</div>}
                  {a.cancel_reason && <div>{t('detail.unassigned', { reason: a.cancel_reason })}</div>}
                  {a.notes && <div className="text-slate-600 dark:text-slate-300">{a.notes}</div>}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      {d.status === 'delivered' && (
        <Section name="proof-of-delivery" title={t('detail.proof')} actions={<ProofDocumentButton deliveryId={d.id} code={d.delivery_code} />}>
          <dl className="grid grid-cols-2 gap-4">
            <Field label={t('detail.recipient')}>{d.proof.recipient_name ?? '—'}</Field>
            <Field label={t('detail.delivered')}>{format.dateTime(d.delivered_at)}</Field>
            <Field label={t('detail.notes')}>{d.proof.notes ?? '—'}</Field>
          </dl>
          <div className="mt-4">
            <ProofGallery label={t('detail.proofOf', { code: d.delivery_code })} loadKey={proofKey} load={(labels) => signProofImages(proofFiles(d.proof), labels)} />
          </div>
        </Section>
      )}
      {(d.status === 'failed' || d.status === 'returned') && proofFiles(d.proof).photos.length > 0 && (
        <Section name="failure-photos" title={t('detail.failurePhotos')}>
          {d.proof.notes && <p className="mb-3 text-sm">{d.proof.notes}</p>}
          <ProofGallery label={t('detail.failurePhotosOf', { code: d.delivery_code })} loadKey={proofKey} load={(labels) => signProofImages(proofFiles(d.proof), labels)} />
        </Section>
      )}

      <ActionDialog
        open={pending === 'unassign'}
        onClose={() => setPending(null)}
        title={t('dialog.unassign.title')}
        message={names.driver_name ? t('dialog.unassign.message', { code: d.delivery_code, driver: names.driver_name }) : t('dialog.unassign.messageUnnamed', { code: d.delivery_code })}
        confirmLabel={t('action.unassign')}
        reason="optional"
        onConfirm={(reason) => run(() => unassignDelivery(d.id, reason), t('toast.unassigned'))}
      />
      {MOVE_STATUSES.map((status) => (
        <ActionDialog
          key={status}
          open={pending === status}
          onClose={() => setPending(null)}
          title={t(MOVE_WORDS[status].title)}
          message={t(MOVE_WORDS[status].message, { code: d.delivery_code })}
          confirmLabel={t(MOVE_WORDS[status].confirm)}
          destructive={MOVE_WORDS[status].reason === 'required'}
          reason={MOVE_WORDS[status].reason}
          onConfirm={(reason) => run(() => transitionDelivery(d.id, status, reason), t(MOVE_WORDS[status].done))}
        />
      ))}
    </div>
  );
}
