import { useState, type ReactNode } from 'react';
import type { RankedDriver } from '../../../lib/dispatch';
import { Button } from '../../../ui/Button';
import { Chip, StatusChip } from '../../../ui/Chip';
import { deliveryStatus } from '../../../data/statuses';
import { IconButton } from '../../../ui/IconButton';
import { CloseIcon } from '../../../ui/icons';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { deliveryEventMessages, deliveryEventWords } from '../../../lib/delivery-events';
import { useRecordLoad } from '../../../lib/use-record-load';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { fetchNames, refusalText, transitionDelivery, type TimelineEvent } from '../api';
import { usePanelDetails } from '../hooks/use-panel-details';
import type { BoardDelivery, BoardReference } from '../model';
import { formatClock, formatKm } from './format';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { useStatuses } from '../../../lib/status-vocabulary';
import { boardMessages } from '../messages';

const KIND_LABELS = { on_demand: 'kind.on_demand', pickup: 'kind.pickup', delivery: 'kind.delivery', pickup_delivery: 'kind.pickup_delivery' } as const;

type BoardKey = keyof typeof boardMessages.en;

/** Staff moves of the state machine that need a confirmation, with the catalogue keys of their words. */
const MOVES: Record<string, { label: BoardKey; title: BoardKey; message: BoardKey; reason: boolean; destructive: boolean }> = {
  cancelled: { label: 'moves.cancelled.label', title: 'moves.cancelled.title', message: 'moves.cancelled.message', reason: true, destructive: true },
  failed: { label: 'moves.failed.label', title: 'moves.failed.title', message: 'moves.failed.message', reason: true, destructive: true },
  returned: { label: 'moves.returned.label', title: 'moves.returned.title', message: 'moves.returned.message', reason: false, destructive: false },
  pending: { label: 'moves.pending.label', title: 'moves.pending.title', message: 'moves.pending.message', reason: false, destructive: false },
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
  const t = useT(boardMessages);
  const eventWords = useT(deliveryEventMessages);
  const serverWords = useServerWords();
  const format = useFormat();
  const statuses = useStatuses(deliveryStatus);
  const clock = (value: string | number | null | undefined) => formatClock(value, undefined, format.language);
  const [move, setMove] = useState<string | null>(null);
  const [reason, setReason] = useState('');

  // Read again when the row changes and when an event of it is written (a handoff completed).
  const details = usePanelDetails(tenantId, d);
  const actions: string[] | null = details.state.status === 'ready' ? details.state.record.actions : null;
  const timeline: TimelineEvent[] | null = details.state.status === 'ready' ? details.state.record.timeline : null;
  const failure = details.state.status === 'failed' ? refusalText(details.state.error) : null;
  const customerName = useRecordLoad(`${tenantId}/${d.customer_id}`, () => fetchNames(tenantId, [d.customer_id]).then((found) => found.get(d.customer_id) ?? null));
  const customer = customerName.state.status === 'ready' ? customerName.state.record : null;

  const service = reference?.services.get(d.service_id)?.name ?? null;
  const zone = (id: string | null) => (id ? reference?.zones.get(id)?.name ?? null : null);
  const moveSpec = move ? MOVES[move] : null;

  return (
    <aside
      aria-label={t('panel.label', { code: d.delivery_code })}
      data-testid="delivery-panel"
      className="fixed inset-y-0 right-0 z-30 flex w-[min(28rem,100vw)] flex-col border-l border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900"
    >
      <header className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <h2 className="font-mono text-base font-semibold">{d.delivery_code}</h2>
        <StatusChip vocabulary={deliveryStatus} status={d.status} />
        {late && <Chip tone="error">{t('card.late')}</Chip>}
        <IconButton label={t('panel.close')} onClick={onClose} className="ml-auto">
          <CloseIcon />
        </IconButton>
      </header>
      <div className="flex-1 space-y-5 overflow-y-auto px-4 py-3 text-sm">
        <dl className="grid grid-cols-[7rem_1fr] gap-x-2 gap-y-1">
          <dt className="text-slate-500">{t('panel.kind')}</dt>
          <dd>{d.kind in KIND_LABELS ? t(KIND_LABELS[d.kind as keyof typeof KIND_LABELS]) : d.kind}</dd>
          <dt className="text-slate-500">{t('panel.service')}</dt>
          <dd>{service ?? '…'}</dd>
          <dt className="text-slate-500">{t('panel.customer')}</dt>
          <dd>{customer ?? '…'}</dd>
          <dt className="text-slate-500">{t('panel.priority')}</dt>
          <dd>{t('panel.priorityValue', { priority: d.priority })}</dd>
          <dt className="text-slate-500">{t('panel.pickup')}</dt>
          <dd>
            {d.pickup_address?.full_address ?? t('panel.noAddress')}
            {zone(d.pickup_zone_id) && <span className="text-slate-500"> · {zone(d.pickup_zone_id)}</span>}
            {(d.pickup_window_start || d.pickup_window_end) && (
              <span className="block text-xs text-slate-500">
                {clock(d.pickup_window_start)} – {clock(d.pickup_window_end)}
              </span>
            )}
          </dd>
          <dt className="text-slate-500">{t('panel.dropoff')}</dt>
          <dd>
            {d.dropoff_address?.full_address ?? t('panel.noAddress')}
            {zone(d.dropoff_zone_id) && <span className="text-slate-500"> · {zone(d.dropoff_zone_id)}</span>}
            {(d.dropoff_window_start || d.dropoff_window_end) && (
              <span className="block text-xs text-slate-500">
                {clock(d.dropoff_window_start)} – {clock(d.dropoff_window_end)}
              </span>
            )}
          </dd>
          <dt className="text-slate-500">{t('panel.packages')}</dt>
          <dd>{t('panel.packagesValue', { count: d.package_count ?? '?', kg: Number(d.total_weight_kg) })}</dd>
          <dt className="text-slate-500">{t('panel.driver')}</dt>
          <dd data-testid="panel-driver">{driverName ?? t('panel.unassigned')}</dd>
          {Number(d.cod_amount) > 0 && (
            <>
              <dt className="text-slate-500">{t('panel.cod')}</dt>
              <dd>{d.currency ? format.money(Number(d.cod_amount), d.currency) : format.number(Number(d.cod_amount), { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</dd>
            </>
          )}
          {d.status_reason && (
            <>
              <dt className="text-slate-500">{t('panel.reason')}</dt>
              <dd>{d.status_reason}</dd>
            </>
          )}
          {d.notes && (
            <>
              <dt className="text-slate-500">{t('panel.notes')}</dt>
              <dd className="whitespace-pre-line">{d.notes}</dd>
            </>
          )}
        </dl>

        <section aria-label={t('panel.actions')}>
          <h3 className="mb-1.5 font-semibold">{t('panel.actions')}</h3>
          {failure && (
            <p role="alert" className="mb-2 text-red-700 dark:text-red-400">
              {failure}
            </p>
          )}
          {actions === null ? (
            !failure && <p className="text-slate-500">{t('panel.loading')}</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {actions.includes('assign') && <Button onClick={() => onAssign()}>{t('panel.assign')}</Button>}
              {actions.includes('unassign') && (
                <Button variant="secondary" onClick={onUnassign}>
                  {t('panel.unassign')}
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
                    {t(MOVES[m]!.label)}
                  </Button>
                ))}
              {extras}
              {actions.filter((a) => a === 'assign' || a === 'unassign' || MOVES[a]).length === 0 && !extras && (
                <p className="text-slate-500">{t('panel.nothingToDo', { status: statuses.label(d.status).toLocaleLowerCase(format.language) })}</p>
              )}
            </div>
          )}
        </section>

        {d.status === 'pending' && showSuggestions && (
          <section aria-label={t('panel.suggested')}>
            <h3 className="mb-1.5 font-semibold">{t('panel.suggested')}</h3>
            {rankProblem ? (
              <p className="text-slate-500">{rankProblem}</p>
            ) : !ranked || ranked.length === 0 ? (
              <p className="text-slate-500">{t('panel.noFit')}</p>
            ) : (
              <ol className="space-y-1">
                {ranked.slice(0, 5).map((r) => (
                  <li key={r.driver_id} className="flex items-center gap-2 rounded-md border border-slate-200 px-2 py-1 dark:border-slate-700">
                    <span className="min-w-0 flex-1">
                      <span className="font-medium">{names.get(r.driver_id) ?? t('driver.fallback')}</span>
                      <span className="block text-xs text-slate-500">
                        {t('panel.suggestion', {
                          distance: formatKm(r.distance_km, format.language),
                          time: clock(r.estimated_pickup),
                          load: Math.round(r.current_load_kg),
                          capacity: Math.round(r.capacity_kg),
                          late: r.on_time ? 'no' : 'yes',
                        })}
                      </span>
                    </span>
                    <Button variant="secondary" onClick={() => onAssign(r.driver_id)} aria-label={t('panel.assignTo', { name: names.get(r.driver_id) ?? t('driver.the') })}>
                      {t('panel.assignOne')}
                    </Button>
                  </li>
                ))}
              </ol>
            )}
          </section>
        )}

        <section aria-label={t('panel.timeline')}>
          <h3 className="mb-1.5 font-semibold">{t('panel.timeline')}</h3>
          {timeline === null ? (
            !failure && <p className="text-slate-500">{t('panel.loading')}</p>
          ) : timeline.length === 0 ? (
            <p className="text-slate-500">{t('panel.noEvents')}</p>
          ) : (
            <ol className="space-y-1.5" data-testid="panel-timeline">
              {timeline.map((e) => (
                <li key={e.id} className="border-l-2 border-slate-200 pl-2 dark:border-slate-700">
                  <span className="font-medium">{deliveryEventWords(eventWords, e.action, e.status ?? '', statuses.label)}</span>
                  <span className="block text-xs text-slate-500">
                    {clock(e.occurred_at)}
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
          title={t(moveSpec.title)}
          message={t(moveSpec.message)}
          confirmLabel={t(moveSpec.label)}
          destructive={moveSpec.destructive}
          onConfirm={async () => {
            try {
              await transitionDelivery(d.id, move, moveSpec.reason ? reason.trim() : undefined);
            } catch (error) {
              throw new Error(refusalText(error, '; ', serverWords), { cause: error });
            }
          }}
        >
          {moveSpec.reason && (
            <label className="mt-3 block text-sm">
              <span className="font-medium">{t('panel.reason')}</span>
              <textarea className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 dark:border-slate-600 dark:bg-slate-900" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
            </label>
          )}
        </ConfirmDialog>
      )}
    </aside>
  );
}
