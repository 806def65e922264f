import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { mapsToken } from '../../../lib/geocoding';
import { proofFiles, signProofImages } from '../../../lib/proof';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { Barcode } from '../../../ui/Barcode';
import { Button, buttonClassName } from '../../../ui/Button';
import { deliveryStatus } from '../../../data/statuses';
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
import { deliveryEventFeed, deliveryFeed, type DeliveryEventChange } from '../atoms';
import { ActionDialog } from '../components/ActionDialog';
import { useFeedChanges } from '../../../lib/use-feed-changes';
import { framing } from '../map';
import { ADMIN_DELIVERY_PATHS, inScope, type DeliveryPaths, type DeliveryScope } from '../paths';
import {
  DELIVERY_TOASTS,
  eventTitle,
  formatMoney,
  kindLabel,
  statusLabel,
  trackingLink,
  type DeliveryChange,
  type DeliveryEvent,
} from '../schema';
import { formatDateTime, formatWindow } from '../../../lib/format-date';
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
  const { state, retry, setRecord } = useRecordLoad<DetailRecord | null>(id && tenantId ? `${tenantId}/${id}` : null, () => loadRecord(tenantId, id, { kind }), {
    onError: () => toast.error(DELIVERY_TOASTS.fetchFailed),
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
      title={record ? `Delivery ${record.detail.delivery.delivery_code}` : 'Delivery'}
      breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: paths.listLabel, href: paths.list }, { label: record?.detail.delivery.delivery_code ?? 'Delivery' }]}
    />
  );

  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={header}
      backTo={paths.list}
      backLabel={`Back to ${paths.listLabel.toLowerCase()}`}
      missing={!id}
      notFoundTitle={DELIVERY_TOASTS.notFound}
      notFoundDescription="It may have been mistyped, or it belongs to another business."
      failedTitle={DELIVERY_TOASTS.fetchFailed}
      loadingLabel="Loading delivery"
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

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
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

type Pending = null | 'unassign' | 'failed' | 'cancelled' | 'returned' | 'pending';

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
  const [pending, setPending] = useState<Pending>(null);
  const link = trackingLink(window.location.origin, d.tracking_token);
  const proofKey = [d.proof.signature_url, ...(d.proof.photo_urls ?? [])].join('|');
  const settings = useTenantSettings();
  const tenantSettings = settings.status === 'ready' ? settings.settings : null;

  const markers = useMemo<MapMarker[]>(() => {
    const list: MapMarker[] = [
      { id: 'pickup', lng: d.pickup_lng, lat: d.pickup_lat, label: 'Pickup', color: '#2563eb' },
      { id: 'dropoff', lng: d.dropoff_lng, lat: d.dropoff_lat, label: 'Drop-off', color: '#16a34a' },
    ];
    if (detail.driverPosition) list.push({ id: 'driver', lng: detail.driverPosition.lng, lat: detail.driverPosition.lat, label: names.driver_name ?? 'Driver', color: '#ea580c' });
    return list;
  }, [d.pickup_lng, d.pickup_lat, d.dropoff_lng, d.dropoff_lat, detail.driverPosition, names.driver_name]);
  const view = useMemo(() => framing(markers), [markers]);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(DELIVERY_TOASTS.copied);
    } catch {
      toast.error(DELIVERY_TOASTS.copyFailed);
    }
  }

  const run = async (move: () => Promise<void>, done: string) => {
    await move();
    toast.success(done);
    onChanged();
  };

  const can = (action: string) => actions.includes(action);
  const toolbar = (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Actions">
      {can('edit') && (
        <Link href={paths.edit(d.id)} className={buttonClassName('secondary')}>
          Edit
        </Link>
      )}
      {can('assign') && (
        <Link href={paths.assign(d.id)} className={buttonClassName('primary')}>
          Assign
        </Link>
      )}
      {can('unassign') && (
        <Button variant="secondary" onClick={() => setPending('unassign')}>
          Unassign
        </Button>
      )}
      {can('failed') && (
        <Button variant="secondary" onClick={() => setPending('failed')}>
          Mark failed
        </Button>
      )}
      {can('returned') && (
        <Button variant="secondary" onClick={() => setPending('returned')}>
          Mark returned
        </Button>
      )}
      {can('pending') && (
        <Button variant="secondary" onClick={() => setPending('pending')}>
          Reopen
        </Button>
      )}
      {can('cancelled') && (
        <Button variant="secondary" className="text-red-700 dark:text-red-300" onClick={() => setPending('cancelled')}>
          Cancel delivery
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
        <Section title="Summary">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
            <Barcode text={d.barcode} />
            <div className="max-w-full min-w-0 text-sm">
              <div className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">Tracking link</div>
              <div className="mt-1 flex items-center gap-2">
                <a href={link} className="max-w-56 min-w-0 truncate text-brand underline" data-testid="tracking-link">
                  {link}
                </a>
                <Button variant="secondary" onClick={() => void copyLink()}>
                  Copy
                </Button>
              </div>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4">
            <Field label="Customer">{names.customer_name ?? '—'}</Field>
            <Field label="Kind">{kindLabel(d.kind)}</Field>
            <Field label="Service">{names.service_name ? `${names.service_name} (${names.service_code ?? ''})` : '—'}</Field>
            <Field label="Priority">{statusLabel(d.priority)}</Field>
            <Field label="Price">
              {formatMoney(d.price, d.currency)}
              {d.price_override_reason && <span className="block text-xs text-slate-500">Overridden: {d.price_override_reason}</span>}
            </Field>
            <Field label="Cash on delivery">{d.cod_amount > 0 ? formatMoney(d.cod_amount, d.currency) : 'None'}</Field>
            <Field label="External reference">{d.external_reference_id ?? '—'}</Field>
            <Field label="Driver">{names.driver_name ? `${names.driver_name}${detail.vehicleName ? ` · ${detail.vehicleName}` : ''}` : 'Not assigned'}</Field>
            <Field label="Pickup">
              {d.pickup_address.full_address}
              <span className="block text-xs text-slate-500">
                {names.pickup_zone_name ?? 'No zone'} · {formatWindow(d.pickup_window_start, d.pickup_window_end) ?? 'Any time'}
              </span>
            </Field>
            <Field label="Drop-off">
              {d.dropoff_address.full_address}
              <span className="block text-xs text-slate-500">
                {names.dropoff_zone_name ?? 'No zone'} · {formatWindow(d.dropoff_window_start, d.dropoff_window_end) ?? 'Any time'}
              </span>
            </Field>
            <Field label="Created">{formatDateTime(d.created_at)}</Field>
            <Field label="Notes">{d.notes || '—'}</Field>
          </dl>
        </Section>

        <Section title="Map">
          <MapView
            label={`Map of delivery ${d.delivery_code}`}
            defaultCenter={tenantSettings?.mapCentre}
            mapboxToken={mapsToken(tenantSettings?.mapsKey)}
            center={view.center}
            zoom={view.zoom}
            height={360}
            markers={markers}
          />
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            Pickup (blue), drop-off (green)
            {detail.driverPosition ? `, ${names.driver_name ?? 'driver'} (orange, ${formatDateTime(detail.driverPosition.at)})` : ''}
          </p>
        </Section>
      </div>

      <Section title="Packages">
        <ScrollBox label="Packages">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500 uppercase dark:text-slate-400">
              <tr>
                <th className="py-1 pr-3 font-medium">Description</th>
                <th className="py-1 pr-3 font-medium">Quantity</th>
                <th className="py-1 pr-3 font-medium">Weight</th>
                <th className="py-1 pr-3 font-medium">Size (L × W × H)</th>
                <th className="py-1 font-medium">Handling</th>
              </tr>
            </thead>
            <tbody>
              {d.packages.map((p, index) => (
                <tr key={index} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1 pr-3">{p.description || '—'}</td>
                  <td className="py-1 pr-3">{p.quantity}</td>
                  <td className="py-1 pr-3">{p.weight_kg} kg</td>
                  <td className="py-1 pr-3">{p.length_cm && p.width_cm && p.height_cm ? `${p.length_cm} × ${p.width_cm} × ${p.height_cm} cm` : '—'}</td>
                  <td className="py-1">{[p.fragile && 'Fragile', p.temperature_sensitive && 'Temperature sensitive'].filter(Boolean).join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {d.package_count} {d.package_count === 1 ? 'package' : 'packages'}, {d.total_weight_kg} kg in all
        </p>
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Timeline">
          <ol aria-label="Status timeline" className="space-y-3">
            {events.map((e) => (
              <li key={e.id} className="border-l-2 border-slate-200 pl-3 dark:border-slate-700">
                <div className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  {eventTitle(e)}
                  <StatusChip vocabulary={deliveryStatus} status={e.status} />
                </div>
                <div className="text-xs text-slate-500 dark:text-slate-400">
                  {formatDateTime(e.occurred_at)} · {e.actor_name ?? 'System'}
                </div>
                {e.reason && <div className="text-sm">Reason: {e.reason}</div>}
                {e.note && <div className="text-sm text-slate-600 dark:text-slate-300">{e.note}</div>}
              </li>
            ))}
          </ol>
        </Section>

        <Section title="Assignments">
          {assignments.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Not assigned yet.</p>
          ) : (
            <ul aria-label="Assignment history" className="space-y-3">
              {assignments.map((a) => (
                <li key={a.id} className="rounded-lg border border-slate-100 p-3 text-sm dark:border-slate-800">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium">
                      {a.driver_name ?? 'Driver'} · {a.vehicle_name ?? 'Vehicle'}
                    </span>
                    <StatusChip status={a.status} tones={{ completed: 'success', rejected: 'error' }} fallback="warning" />
                  </div>
                  <div className="text-xs text-slate-500 dark:text-slate-400">
                    Assigned {formatDateTime(a.assignment_time)}
                    {a.responded_at && ` · answered ${formatDateTime(a.responded_at)}`}
                    {a.completed_at && ` · completed ${formatDateTime(a.completed_at)}`}
                    {a.cancelled_at && ` · unassigned ${formatDateTime(a.cancelled_at)}`}
                  </div>
                  {a.rejection_reason && <div>Rejected: {a.rejection_reason}</div>}
                  {a.cancel_reason && <div>Unassigned: {a.cancel_reason}</div>}
                  {a.notes && <div className="text-slate-600 dark:text-slate-300">{a.notes}</div>}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      {d.status === 'delivered' && (
        <Section title="Proof of delivery" actions={<ProofDocumentButton deliveryId={d.id} code={d.delivery_code} />}>
          <dl className="grid grid-cols-2 gap-4">
            <Field label="Recipient">{d.proof.recipient_name ?? '—'}</Field>
            <Field label="Delivered">{formatDateTime(d.delivered_at)}</Field>
            <Field label="Notes">{d.proof.notes ?? '—'}</Field>
          </dl>
          <div className="mt-4">
            <ProofGallery label={`Proof of delivery ${d.delivery_code}`} loadKey={proofKey} load={() => signProofImages(proofFiles(d.proof))} />
          </div>
        </Section>
      )}
      {(d.status === 'failed' || d.status === 'returned') && proofFiles(d.proof).photos.length > 0 && (
        <Section title="Failure photos">
          {d.proof.notes && <p className="mb-3 text-sm">{d.proof.notes}</p>}
          <ProofGallery label={`Failure photos of ${d.delivery_code}`} loadKey={proofKey} load={() => signProofImages(proofFiles(d.proof))} />
        </Section>
      )}

      <ActionDialog
        open={pending === 'unassign'}
        onClose={() => setPending(null)}
        title="Unassign this delivery?"
        message={`${d.delivery_code} goes back to pending and ${names.driver_name ?? 'the driver'} is freed.`}
        confirmLabel="Unassign"
        reason="optional"
        onConfirm={(reason) => run(() => unassignDelivery(d.id, reason), 'Delivery unassigned')}
      />
      <ActionDialog
        open={pending === 'failed'}
        onClose={() => setPending(null)}
        title="Mark this delivery failed?"
        message={`${d.delivery_code} could not be completed. Say why: the customer and the team will see it.`}
        confirmLabel="Mark failed"
        destructive
        reason="required"
        onConfirm={(reason) => run(() => transitionDelivery(d.id, 'failed', reason), 'Delivery marked failed')}
      />
      <ActionDialog
        open={pending === 'cancelled'}
        onClose={() => setPending(null)}
        title="Cancel this delivery?"
        message={`${d.delivery_code} will be cancelled for good; this cannot be undone.`}
        confirmLabel="Cancel delivery"
        destructive
        reason="required"
        onConfirm={(reason) => run(() => transitionDelivery(d.id, 'cancelled', reason), 'Delivery cancelled')}
      />
      <ActionDialog
        open={pending === 'returned'}
        onClose={() => setPending(null)}
        title="Mark this delivery returned?"
        message={`The parcels of ${d.delivery_code} are back with the sender. This closes the delivery.`}
        confirmLabel="Mark returned"
        onConfirm={() => run(() => transitionDelivery(d.id, 'returned'), 'Delivery marked returned')}
      />
      <ActionDialog
        open={pending === 'pending'}
        onClose={() => setPending(null)}
        title="Reopen this delivery?"
        message={`${d.delivery_code} becomes pending again, ready for another attempt.`}
        confirmLabel="Reopen"
        onConfirm={() => run(() => transitionDelivery(d.id, 'pending'), 'Delivery reopened')}
      />
    </div>
  );
}
