import { useEffect, useState, type ReactNode } from 'react';
import type { RankedDriver } from '../../../lib/dispatch';
import { deliveryEventTitle } from '../../../lib/delivery-events';
import { Button } from '../../../ui/Button';
import { Chip, StatusChip } from '../../../ui/Chip';
import { deliveryStatus } from '../../../data/statuses';
import { IconButton } from '../../../ui/IconButton';
import { CloseIcon } from '../../../ui/icons';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { fetchDeliveryActions, fetchNames, fetchTimeline, refusalText, transitionDelivery, type TimelineEvent } from '../api';
import type { BoardDelivery, BoardReference } from '../model';
import { formatClock, formatKm } from './format';

const KIND_LABELS: Record<string, string> = { on_demand: 'On demand', pickup: 'Pickup', delivery: 'Delivery', pickup_delivery: 'Pickup & delivery' };

/** Staff moves of the state machine that need a confirmation, with the words for them. */
const MOVES: Record<string, { label: string; title: string; message: string; reason: boolean; destructive: boolean }> = {
  cancelled: { label: 'Cancel delivery', title: 'Cancel this delivery?', message: 'The customer and any driver are told; a cancelled delivery cannot be reopened.', reason: true, destructive: true },
  failed: { label: 'Mark failed', title: 'Mark this delivery failed?', message: 'Say what went wrong; it can be tried again or returned afterwards.', reason: true, destructive: true },
  returned: { label: 'Mark returned', title: 'Mark this delivery returned?', message: 'The parcel is back with the sender. This is final.', reason: false, destructive: false },
  pending: { label: 'Try again', title: 'Try this delivery again?', message: 'It goes back to the unassigned queue for another attempt.', reason: false, destructive: false },
};

interface DeliveryPanelProps {
  tenantId: string;
  delivery: BoardDelivery;
  late: boolean;
  reference: BoardReference | null;
  driverName: string | null;
  ranked: readonly RankedDriver[] | null;
  rankProblem: string | null;
  /** The dispatcher's auto-assign mode is not off. */
  showSuggestions: boolean;
  names: ReadonlyMap<string, string>;
  onClose: () => void;
  onAssign: (driverId?: string) => void;
  onUnassign: () => void;
  /** Another feature's piece for this delivery (the chat button), composed in src/app. */
  extras?: ReactNode;
}

/** The selected delivery beside the board: details, timeline, the moves its state allows, suggestions. */
export function DeliveryPanel({ tenantId, delivery: d, late, reference, driverName, ranked, rankProblem, showSuggestions, names, onClose, onAssign, onUnassign, extras }: DeliveryPanelProps) {
  const [actions, setActions] = useState<string[] | null>(null);
  const [timeline, setTimeline] = useState<TimelineEvent[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [customer, setCustomer] = useState<string | null>(null);
  const [move, setMove] = useState<string | null>(null);
  const [reason, setReason] = useState('');

  // The row's updated_at moves with every change (status, assignment): read what depends on it again.
  useEffect(() => {
    let cancelled = false;
    Promise.all([fetchDeliveryActions(d.id), fetchTimeline(tenantId, d.id)]).then(
      ([a, t]) => {
        if (cancelled) return;
        setFailure(null);
        setActions(a);
        setTimeline(t);
      },
      (error: unknown) => {
        if (!cancelled) setFailure(refusalText(error));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [tenantId, d.id, d.updated_at]);

  useEffect(() => {
    let cancelled = false;
    fetchNames(tenantId, [d.customer_id]).then(
      (found) => {
        if (!cancelled) setCustomer(found.get(d.customer_id) ?? null);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [tenantId, d.customer_id]);

  const service = reference?.services.get(d.service_id)?.name ?? null;
  const zone = (id: string | null) => (id ? reference?.zones.get(id)?.name ?? null : null);
  const moveSpec = move ? MOVES[move] : null;

  return (
    <aside
      aria-label={`Delivery ${d.delivery_code}`}
      data-testid="delivery-panel"
      className="fixed inset-y-0 right-0 z-30 flex w-[min(28rem,100vw)] flex-col border-l border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900"
    >
      <header className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <h2 className="font-mono text-base font-semibold">{d.delivery_code}</h2>
        <StatusChip vocabulary={deliveryStatus} status={d.status} />
        {late && <Chip tone="error">Late</Chip>}
        <IconButton label="Close the delivery panel" onClick={onClose} className="ml-auto">
          <CloseIcon />
        </IconButton>
      </header>
      <div className="flex-1 space-y-5 overflow-y-auto px-4 py-3 text-sm">
        <dl className="grid grid-cols-[7rem_1fr] gap-x-2 gap-y-1">
          <dt className="text-slate-500">Kind</dt>
          <dd>{KIND_LABELS[d.kind] ?? d.kind}</dd>
          <dt className="text-slate-500">Service</dt>
          <dd>{service ?? '…'}</dd>
          <dt className="text-slate-500">Customer</dt>
          <dd>{customer ?? '…'}</dd>
          <dt className="text-slate-500">Priority</dt>
          <dd className="capitalize">{d.priority}</dd>
          <dt className="text-slate-500">Pick up</dt>
          <dd>
            {d.pickup_address?.full_address ?? 'No address'}
            {zone(d.pickup_zone_id) && <span className="text-slate-500"> · {zone(d.pickup_zone_id)}</span>}
            {(d.pickup_window_start || d.pickup_window_end) && (
              <span className="block text-xs text-slate-500">
                {formatClock(d.pickup_window_start)} – {formatClock(d.pickup_window_end)}
              </span>
            )}
          </dd>
          <dt className="text-slate-500">Drop off</dt>
          <dd>
            {d.dropoff_address?.full_address ?? 'No address'}
            {zone(d.dropoff_zone_id) && <span className="text-slate-500"> · {zone(d.dropoff_zone_id)}</span>}
            {(d.dropoff_window_start || d.dropoff_window_end) && (
              <span className="block text-xs text-slate-500">
                {formatClock(d.dropoff_window_start)} – {formatClock(d.dropoff_window_end)}
              </span>
            )}
          </dd>
          <dt className="text-slate-500">Packages</dt>
          <dd>
            {d.package_count ?? '?'} · {Number(d.total_weight_kg)} kg
          </dd>
          <dt className="text-slate-500">Driver</dt>
          <dd data-testid="panel-driver">{driverName ?? 'Unassigned'}</dd>
          {Number(d.cod_amount) > 0 && (
            <>
              <dt className="text-slate-500">Cash on delivery</dt>
              <dd>
                {Number(d.cod_amount).toFixed(2)} {d.currency}
              </dd>
            </>
          )}
          {d.status_reason && (
            <>
              <dt className="text-slate-500">Reason</dt>
              <dd>{d.status_reason}</dd>
            </>
          )}
          {d.notes && (
            <>
              <dt className="text-slate-500">Notes</dt>
              <dd className="whitespace-pre-line">{d.notes}</dd>
            </>
          )}
        </dl>

        <section aria-label="Actions">
          <h3 className="mb-1.5 font-semibold">Actions</h3>
          {failure && (
            <p role="alert" className="mb-2 text-red-700 dark:text-red-400">
              {failure}
            </p>
          )}
          {actions === null ? (
            <p className="text-slate-500">Loading…</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {actions.includes('assign') && <Button onClick={() => onAssign()}>Assign…</Button>}
              {actions.includes('unassign') && (
                <Button variant="secondary" onClick={onUnassign}>
                  Unassign
                </Button>
              )}
              {Object.keys(MOVES)
                .filter((m) => actions.includes(m))
                .map((m) => (
                  <Button
                    key={m}
                    variant="secondary"
                    onClick={() => {
                      setReason('');
                      setMove(m);
                    }}
                  >
                    {MOVES[m]!.label}
                  </Button>
                ))}
              {extras}
              {actions.filter((a) => a === 'assign' || a === 'unassign' || MOVES[a]).length === 0 && !extras && (
                <p className="text-slate-500">Nothing to do here: the driver moves it on from {deliveryStatus.labels[d.status].toLowerCase()}.</p>
              )}
            </div>
          )}
        </section>

        {d.status === 'pending' && showSuggestions && (
          <section aria-label="Suggested drivers">
            <h3 className="mb-1.5 font-semibold">Suggested drivers</h3>
            {rankProblem ? (
              <p className="text-slate-500">{rankProblem}</p>
            ) : !ranked || ranked.length === 0 ? (
              <p className="text-slate-500">No driver on duty fits this delivery (vehicle features, licence, weight), or none has a position yet.</p>
            ) : (
              <ol className="space-y-1">
                {ranked.slice(0, 5).map((r) => (
                  <li key={r.driver_id} className="flex items-center gap-2 rounded-md border border-slate-200 px-2 py-1 dark:border-slate-700">
                    <span className="min-w-0 flex-1">
                      <span className="font-medium">{names.get(r.driver_id) ?? 'Driver'}</span>
                      <span className="block text-xs text-slate-500">
                        {formatKm(r.distance_km)} · pickup about {formatClock(r.estimated_pickup)} · {Math.round(r.current_load_kg)}/{Math.round(r.capacity_kg)} kg
                        {r.on_time ? '' : ' · would be late'}
                      </span>
                    </span>
                    <Button variant="secondary" onClick={() => onAssign(r.driver_id)} aria-label={`Assign to ${names.get(r.driver_id) ?? 'driver'}`}>
                      Assign
                    </Button>
                  </li>
                ))}
              </ol>
            )}
          </section>
        )}

        <section aria-label="Timeline">
          <h3 className="mb-1.5 font-semibold">Timeline</h3>
          {timeline === null ? (
            <p className="text-slate-500">Loading…</p>
          ) : timeline.length === 0 ? (
            <p className="text-slate-500">No events yet.</p>
          ) : (
            <ol className="space-y-1.5" data-testid="panel-timeline">
              {timeline.map((e) => (
                <li key={e.id} className="border-l-2 border-slate-200 pl-2 dark:border-slate-700">
                  <span className="font-medium">{deliveryEventTitle(e.action, e.status ?? '')}</span>
                  <span className="block text-xs text-slate-500">
                    {formatClock(e.occurred_at)}
                    {e.actor_name ? ` · ${e.actor_name}` : ''}
                    {e.reason ? ` · ${e.reason}` : ''}
                    {e.note ? ` · ${e.note}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      {moveSpec && move && (
        <ConfirmDialog
          open
          onClose={() => setMove(null)}
          title={moveSpec.title}
          message={moveSpec.message}
          confirmLabel={moveSpec.label}
          destructive={moveSpec.destructive}
          onConfirm={async () => {
            try {
              await transitionDelivery(d.id, move, moveSpec.reason ? reason.trim() : undefined);
            } catch (error) {
              throw new Error(refusalText(error), { cause: error });
            }
          }}
        >
          {moveSpec.reason && (
            <label className="mt-3 block text-sm">
              <span className="font-medium">Reason</span>
              <textarea className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 dark:border-slate-600 dark:bg-slate-900" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
            </label>
          )}
        </ConfirmDialog>
      )}
    </aside>
  );
}
