import { useEffect, useRef, type ReactNode } from 'react';
import { Button, buttonClassName } from '../../../ui/Button';
import { Chip, StatusChip } from '../../../ui/Chip';
import { deliveryStatus, type DeliveryStatus } from '../../../data/statuses';
import { formatTime } from '../format';
import { navigationUrl, nextStep, type DriverTask } from '../schema';
import type { PendingState } from '../pending-overlay';
import { DoorNotesSection } from './DoorNotesSection';
import { TaskSummary } from './TaskSummary';
import { useLanguage, useT } from '../../../lib/i18n/catalogue';
import { driverMessages } from '../messages';

export interface TaskCardProps {
  task: DriverTask;
  pending: PendingState | undefined;
  onArrived: (stop: 'pickup' | 'dropoff') => void;
  onPickUp: () => void;
  onInTransit: () => void;
  onDeliver: () => void;
  onFail: () => void;
  /** Where another feature (chat with dispatch) puts its button for this delivery. */
  extraActions?: ReactNode;
  /** Move the focus to the next step's button (the task was just accepted from its offer); onFocused says it is done. */
  takeFocus?: boolean;
  onFocused?: () => void;
  /** The warehouse that has handed over this delivery's packages (a completed handoff), if one has. */
  packagesReadyAt?: string;
}

/** One task of today: where to go next (Navigate links out to the phone's maps app), and the next step. */
export function TaskCard({ task, pending, onArrived, onPickUp, onInTransit, onDeliver, onFail, extraActions, takeFocus, onFocused, packagesReadyAt }: TaskCardProps) {
  const t = useT(driverMessages);
  const language = useLanguage();
  const step = nextStep(task.status);
  const goingToPickup = task.status === 'accepted';
  const target = goingToPickup ? { lat: task.pickup_lat, lng: task.pickup_lng } : { lat: task.dropoff_lat, lng: task.dropoff_lng };
  const headingId = `task-${task.id}`;
  const next =
    step === 'picked_up' ? { label: t('task.pickedUp'), run: onPickUp } : step === 'in_transit' ? { label: t('task.inTransit'), run: onInTransit } : step === 'deliver' ? { label: t('task.deliver'), run: onDeliver } : null;
  const stepButton = useRef<HTMLButtonElement>(null);
  const focusedOnce = useRef(false);
  // A task just accepted takes the focus the vanished offer had: on its next step. Until the server
  // confirms the acceptance a read may show the card again from scratch (as an offer, then a task), and
  // the new card takes the focus again if nothing else has it.
  useEffect(() => {
    if (!takeFocus) return;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!focusedOnce.current || lost) {
      focusedOnce.current = true;
      stepButton.current?.focus();
    }
    if (!pending) onFocused?.();
  }, [takeFocus, pending, onFocused]);
  // Arrivals are optional steps on the way (the status machine does not wait for them): offered until recorded, then shown.
  const arrivalStop = task.status === 'accepted' ? 'pickup' : task.status === 'in_transit' ? 'dropoff' : null;
  const arrivedAt = arrivalStop === 'pickup' ? task.arrived_pickup_at : arrivalStop === 'dropoff' ? task.arrived_dropoff_at : null;
  return (
    <article aria-labelledby={headingId} data-testid="task-card" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs dark:border-slate-800 dark:bg-slate-900">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {task.delivery_code}
        </h3>
        <div className="flex gap-1.5">
          {pending && <Chip tone="warning">{pending === 'held' ? t('pending.held') : t('pending.waiting')}</Chip>}
          <StatusChip vocabulary={deliveryStatus} status={task.status as DeliveryStatus} />
        </div>
      </div>
      <TaskSummary task={task} />
      {packagesReadyAt && (
        <p className="mt-2 text-sm font-medium text-emerald-700 dark:text-emerald-300" data-testid="task-packages-ready">
          {t('task.packagesReady', { warehouse: packagesReadyAt })}
        </p>
      )}
      <DoorNotesSection notes={task.door_notes ?? null} />
      <div className="mt-4 grid grid-cols-2 gap-2">
        <a href={navigationUrl(target.lat, target.lng)} target="_blank" rel="noopener noreferrer" className={`${buttonClassName('secondary')} py-3`}>
          {goingToPickup ? t('task.navigateToPickup') : t('task.navigate')}
        </a>
        {/* One button for the next step, whatever it is: it stays the same element from step to step, so
            the keyboard's focus stays on it (and a closed sheet gives focus back to it) as its words change. */}
        {next && (
          <Button ref={stepButton} onClick={next.run} className="py-3">
            {next.label}
          </Button>
        )}
      </div>
      {arrivalStop &&
        (arrivedAt ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="task-arrived">
            {t(arrivalStop === 'pickup' ? 'task.arrivedAtPickup' : 'task.arrivedAtDropoff', { time: formatTime(arrivedAt, language) })}
          </p>
        ) : (
          <Button variant="secondary" onClick={() => onArrived(arrivalStop)} className="mt-2 w-full py-3">
            {arrivalStop === 'pickup' ? t('task.arrivePickup') : t('task.arrive')}
          </Button>
        ))}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <Button variant="secondary" onClick={onFail} className="px-3 py-1.5 text-red-700 dark:text-red-300">
          {t('task.couldNotDeliver')}
        </Button>
        {extraActions}
      </div>
    </article>
  );
}

/** A finished delivery in the history list. */
export function HistoryRow({ task, pending, when }: { task: DriverTask; pending: PendingState | undefined; when: string }) {
  const t = useT(driverMessages);
  return (
    <li data-testid="history-row" className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium">{task.delivery_code}</p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400">
          {task.dropoff_address.full_address ?? ''} · {when}
          {task.status === 'failed' && task.status_reason ? ` · ${task.status_reason}` : ''}
        </p>
      </div>
      <div className="flex shrink-0 gap-1.5">
        {pending && <Chip tone="warning">{pending === 'held' ? t('pending.held') : t('pending.waiting')}</Chip>}
        <StatusChip vocabulary={deliveryStatus} status={task.status as DeliveryStatus} />
      </div>
    </li>
  );
}

