import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { LiveIndicator } from '../../../ui/LiveIndicator';
import { Skeleton } from '../../../ui/Skeleton';
import { useAnnounce } from '../../../ui/LiveAnnouncer';
import { useToast } from '../../../ui/toast';
import { fetchDeliverySettings, setDutyStatus } from '../api';
import { idbSettingsSnapshot } from '../device-store';
import { unlockAlertSound } from '../alert';
import { DeliverDialog } from '../components/DeliverDialog';
import { DutyPanel } from '../components/DutyPanel';
import { FailDialog } from '../components/FailDialog';
import { OfferCard } from '../components/OfferCard';
import { PickupDialog } from '../components/PickupDialog';
import { HistoryRow, TaskCard } from '../components/TaskCard';
import { UndoBar } from '../components/UndoBar';
import { formatDayTime, formatMoney, formatTime } from '../format';
import { newActionId, type QueuedAction } from '../offline-queue';
import { heldCompletion, overlayPending } from '../pending-overlay';
import { DeliverySettingsSchema, proofFileName, type DeliverySettings, type DriverTask, type FailValues, type ProofValues } from '../schema';
import { useActionQueue } from '../use-action-queue';
import { useDriverWork } from '../use-driver-work';
import { useDutyGeolocation } from '../use-duty-geolocation';
import { isUnreachable } from '../work-snapshot';
import { useLanguage, useT } from '../../../lib/i18n/catalogue';
import { driverMessages } from '../messages';
import { useDutyFailureText, useRejectionWords } from '../error-words';
import type { Language } from '../../../lib/i18n/languages';

/** How long a completion waits on the phone for Undo. */
export const UNDO_MS = 10_000;

export interface DriverAppPageProps {
  /** A button for one delivery from another feature (chat with dispatch), composed in src/app. */
  taskActions?: (task: DriverTask) => ReactNode;
  /** Shown under the app (the panel's greeting and notifications, composed in src/app). */
  footer?: ReactNode;
}

type Sheet = { kind: 'pickup' | 'deliver' | 'fail'; taskId: string } | null;

/** The driver's single dashboard: duty, new assignments, today's tasks, the flow to proof, history and cash. */
export function DriverAppPage({ taskActions, footer }: DriverAppPageProps) {
  const { user } = useSession();
  const tenantId = tenantIdOf(user);
  if (!user || !tenantId) {
    return <Skeleton className="h-40 w-full" />;
  }
  return <DriverApp key={user.id} userId={user.id} tenantId={tenantId} taskActions={taskActions} footer={footer} />;
}

function DriverApp({ userId, tenantId, taskActions, footer }: { userId: string; tenantId: string } & DriverAppPageProps) {
  const t = useT(driverMessages);
  const language = useLanguage();
  const toast = useToast();
  const { work, setWork, error, unreachable, offlineAsOf, liveState, reload, readGeneration, latestGeneration, newOfferIds, dismissNew } = useDriverWork(tenantId, userId);
  const { queue, actions, applied, online, rejected, dismissRejected } = useActionQueue(userId, () => void reload(), latestGeneration, readGeneration);
  // A refusal of a queued action, worded by its keys in the page's language.
  const rejectionWords = useRejectionWords();
  // A refused duty change, worded by its keys the same way.
  const dutyFailureText = useDutyFailureText();
  const [settings, setSettings] = useState<DeliverySettings | null>(null);
  const [settingsError, setSettingsError] = useState<Error | null>(null);
  const [dutyBusy, setDutyBusy] = useState(false);
  const [sheet, setSheet] = useState<Sheet>(null);
  // The task just accepted: its card takes the focus the accepted offer's button had (the offer is gone).
  const [focusTaskId, setFocusTaskId] = useState<string | null>(null);
  const focused = useCallback(() => setFocusTaskId(null), []);
  const [now, setNow] = useState(() => Date.now());

  // The proof settings are kept on the phone too: a delivery completed offline still asks for what the business requires.
  const loadSettings = useCallback(() => {
    const kept = idbSettingsSnapshot(userId);
    fetchDeliverySettings().then(
      (value) => {
        setSettings(value);
        setSettingsError(null);
        void kept.save(value);
      },
      async (reason: unknown) => {
        const saved = isUnreachable(reason) ? DeliverySettingsSchema.safeParse((await kept.load())?.value) : null;
        if (saved?.success) setSettings((current) => current ?? saved.data);
        else setSettingsError(reason instanceof Error ? reason : new Error(String(reason)));
      },
    );
  }, [userId]);
  useEffect(loadSettings, [loadSettings]);
  // Back online: settings that could not be read offline are read again.
  useEffect(() => {
    if (!settingsError) return;
    window.addEventListener('online', loadSettings);
    return () => window.removeEventListener('online', loadSettings);
  }, [settingsError, loadSettings]);

  // The held completion's Undo window ends on its own: re-render when it does.
  const held = heldCompletion(actions, now);
  const heldUntil = held?.sendAt ?? null;
  useEffect(() => {
    if (heldUntil === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, heldUntil - Date.now()) + 20);
    return () => clearTimeout(timer);
  }, [heldUntil]);

  const driverStatus = work?.driver?.status ?? 'offline';
  const onDuty = work?.driver ? driverStatus !== 'offline' : false;
  const geo = useDutyGeolocation(onDuty, userId);

  const view = useMemo(() => overlayPending(work?.active ?? [], work?.history ?? [], actions, now, applied), [work, actions, now, applied]);
  // An assignment pushed while the driver looks is said politely, once, in a short sentence (the card
  // itself is not a live region: focus and whatever the screen reader is reading are left alone).
  const announce = useAnnounce();
  const saidOffers = useRef(new Set<string>());
  useEffect(() => {
    for (const task of view.offers) {
      if (!newOfferIds.has(task.id) || saidOffers.current.has(task.id)) continue;
      saidOffers.current.add(task.id);
      announce(t('page.newAssignmentSaid', { code: task.delivery_code }));
    }
  }, [view.offers, newOfferIds, announce, t]);
  const sheetTask = sheet ? ([...view.active, ...view.offers].find((t) => t.id === sheet.taskId) ?? null) : null;

  const position = () => {
    const fix = geo.lastFix.current;
    return fix ? { lat: fix.lat, lng: fix.lng } : { lat: null, lng: null };
  };

  const changeDuty = async (status: 'available' | 'offline' | 'on_break') => {
    unlockAlertSound();
    setDutyBusy(true);
    try {
      const driver = await setDutyStatus(userId, status);
      setWork((current) => (current ? { ...current, driver } : current));
      toast.success(status === 'available' ? t('toast.onDuty') : status === 'on_break' ? t('toast.onBreak') : t('toast.offDuty'));
    } catch (reason) {
      toast.error(dutyFailureText(reason, navigator.onLine));
    } finally {
      setDutyBusy(false);
    }
  };

  const enqueue = (list: QueuedAction[]) => {
    unlockAlertSound();
    void queue.enqueue(list);
  };

  const respond = (task: DriverTask, accept: boolean, reason: string | null) => {
    if (!task.offer) return;
    dismissNew(task.id);
    const id = newActionId();
    enqueue([{ kind: 'respond', id, group: id, deliveryId: task.id, assignmentId: task.offer.id, accept, reason, occurredAt: new Date().toISOString() }]);
    if (!accept) toast.success(t('toast.rejected', { code: task.delivery_code }));
    else setFocusTaskId(task.id);
  };

  const move = (task: DriverTask, status: 'picked_up' | 'in_transit', note: string | null = null) => {
    const id = newActionId();
    enqueue([{ kind: 'transition', id, group: id, deliveryId: task.id, status, reason: null, note, ...position(), proof: null, occurredAt: new Date().toISOString() }]);
  };

  const arrive = (task: DriverTask, stop: 'pickup' | 'dropoff') => {
    const id = newActionId();
    enqueue([{ kind: 'arrival', id, group: id, deliveryId: task.id, stop, ...position(), occurredAt: new Date().toISOString() }]);
  };

  const upload = (task: DriverTask, group: string, prefix: string, file: Blob, occurredAt: string, notBefore: number): { action: QueuedAction; path: string } => {
    const type = file.type || 'image/jpeg';
    const path = `${tenantId}/${task.id}/${proofFileName(prefix, type)}`;
    return { path, action: { kind: 'upload', id: newActionId(), group, deliveryId: task.id, path, file, contentType: type, occurredAt, notBefore } };
  };

  const deliver = (task: DriverTask, values: ProofValues) => {
    const group = newActionId();
    const occurredAt = new Date().toISOString();
    const notBefore = Date.now() + UNDO_MS;
    const uploads: QueuedAction[] = [];
    const proof: { signature_url?: string; photo_urls?: string[]; recipient_name?: string; notes?: string } = {};
    if (values.signature) {
      const sig = upload(task, group, 'signature', values.signature, occurredAt, notBefore);
      uploads.push(sig.action);
      proof.signature_url = sig.path;
    }
    if (values.photos.length > 0) {
      proof.photo_urls = values.photos.map((photo) => {
        const up = upload(task, group, 'photo', photo, occurredAt, notBefore);
        uploads.push(up.action);
        return up.path;
      });
    }
    if (values.recipientName.trim()) proof.recipient_name = values.recipientName.trim();
    if (values.notes.trim()) proof.notes = values.notes.trim();
    const note = task.cod_amount > 0 ? `Cash collected: ${formatMoney(task.cod_amount, task.currency)}` : null;
    setSheet(null);
    enqueue([
      ...uploads,
      { kind: 'transition', id: newActionId(), group, deliveryId: task.id, status: 'delivered', reason: null, note, ...position(), proof, occurredAt, notBefore },
    ]);
  };

  const fail = (task: DriverTask, values: FailValues) => {
    const group = newActionId();
    const occurredAt = new Date().toISOString();
    const notBefore = Date.now() + UNDO_MS;
    const list: QueuedAction[] = [];
    // The failure photo goes into the delivery's proof folder first, then the failure carries it as its proof.
    let proof: { photo_urls: string[] } | null = null;
    if (values.photo) {
      const up = upload(task, group, 'failure', values.photo, occurredAt, notBefore);
      list.push(up.action);
      proof = { photo_urls: [up.path] };
    }
    list.push({ kind: 'transition', id: newActionId(), group, deliveryId: task.id, status: 'failed', reason: values.reason, note: values.note || null, ...position(), proof, occurredAt, notBefore });
    setSheet(null);
    enqueue(list);
  };

  const undo = async () => {
    if (!held) return;
    const taken = await queue.cancelGroup(held.group);
    toast.success(taken ? t('toast.undone') : t('toast.tooLate'));
  };

  if (error && !work) {
    if (unreachable) {
      return (
        <ErrorState
          title={t('page.offlineTitle')}
          detail={t('page.offlineDetail')}
          onRetry={() => void reload()}
        />
      );
    }
    return <ErrorState title={t('page.loadFailed')} detail={error.message} onRetry={() => void reload()} />;
  }
  if (!work) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label={t('page.loading')}>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (!work.driver) {
    return (
      <div className="space-y-6">
        <EmptyState title={t('page.notDriver')} description={t('page.notDriverDetail')} />
        {footer}
      </div>
    );
  }

  const waiting = actions.filter((a) => !(a.notBefore !== undefined && a.notBefore > now)).length;
  const heldTask = held ? view.history.find((t) => t.id === held.deliveryId) : undefined;

  return (
    <div className="mx-auto max-w-2xl space-y-5 pb-24">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-2xl font-bold tracking-tight">{t('page.today')}</h2>
        <LiveIndicator state={online ? liveState : 'offline'} />
      </div>

      {offlineAsOf !== null && (
        <p role="status" data-testid="offline-snapshot" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t('page.offlineSnapshot', { when: formatKeptAt(offlineAsOf, language) })}
        </p>
      )}
      {!online && (
        <p role="status" data-testid="offline-banner" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t('page.offlineBanner')}
        </p>
      )}
      {waiting > 0 && (
        <p role="status" data-testid="pending-count" className="text-sm text-slate-600 dark:text-slate-400">
          {t('page.waiting', { count: waiting })}
        </p>
      )}
      {rejected.map(({ action, message, details }) => (
        <div key={action.id} role="alert" className="flex items-start justify-between gap-3 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p>
            {t('page.rejectedAction', { code: [...view.active, ...view.history, ...view.offers].find((task) => task.id === action.deliveryId)?.delivery_code ?? t('page.aDelivery'), message: rejectionWords({ message, details }) })}
          </p>
          <Button variant="secondary" className="shrink-0 px-3 py-1" onClick={() => dismissRejected(action.id)}>
            {t('page.dismiss')}
          </Button>
        </div>
      ))}

      <DutyPanel status={driverStatus} geo={geo.state} busy={dutyBusy} onChange={(status) => void changeDuty(status)} />

      {view.offers.length > 0 && (
        <section aria-label={t('page.newAssignments')} className="space-y-3">
          {view.offers.map((task) => (
            <OfferCard
              key={task.id}
              task={task}
              fresh={newOfferIds.has(task.id)}
              pending={view.pending.has(task.id)}
              onAccept={() => respond(task, true, null)}
              onReject={(reason) => respond(task, false, reason)}
            />
          ))}
        </section>
      )}

      <section aria-labelledby="tasks-heading" className="space-y-3">
        <h2 id="tasks-heading" className="text-lg font-semibold">
          {t.rich('page.tasks', { count: String(view.active.length), muted: (chunks) => <span className="text-sm font-normal text-slate-500">{chunks}</span> })}
        </h2>
        {view.active.length === 0 ? (
          <EmptyState title={t('page.noTasks')} description={onDuty ? t('page.noTasksOnDuty') : t('page.noTasksOffDuty')} />
        ) : (
          view.active.map((task) => (
            <TaskCard
              key={task.id}
              task={task}
              pending={view.pending.get(task.id)}
              onArrived={(stop) => arrive(task, stop)}
              onPickUp={() => setSheet({ kind: 'pickup', taskId: task.id })}
              onInTransit={() => move(task, 'in_transit')}
              onDeliver={() => setSheet({ kind: 'deliver', taskId: task.id })}
              onFail={() => setSheet({ kind: 'fail', taskId: task.id })}
              extraActions={taskActions?.(task)}
              takeFocus={task.id === focusTaskId}
              onFocused={focused}
              packagesReadyAt={task.packages_ready_warehouse ?? undefined}
            />
          ))
        )}
      </section>

      <section aria-labelledby="cash-heading" className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="cash-heading" className="text-sm font-medium text-slate-600 dark:text-slate-400">
          {t('page.cashToday')}
        </h2>
        <p data-testid="cash-today" className="mt-1 text-2xl font-bold">
          {work.cashToday.length === 0 ? formatMoney(0, view.active[0]?.currency ?? view.history[0]?.currency ?? 'USD', language) : work.cashToday.map((c) => formatMoney(c.amount, c.currency, language)).join(' + ')}
        </p>
      </section>

      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-lg font-semibold">
          {t('page.history')}
        </h2>
        {view.history.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('page.noHistory')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {view.history.map((task) => (
              <HistoryRow key={task.id} task={task} pending={view.pending.get(task.id)} when={formatTime(task.status === 'delivered' ? task.delivered_at : task.failed_at, language)} />
            ))}
          </ul>
        )}
      </section>

      {settingsError && <ErrorState title={t('page.settingsFailed')} detail={settingsError.message} onRetry={loadSettings} />}

      {sheetTask && sheet?.kind === 'pickup' && (
        <PickupDialog
          task={sheetTask}
          open
          onClose={() => setSheet(null)}
          onPickedUp={(scanned) => {
            setSheet(null);
            move(sheetTask, 'picked_up', scanned ? 'Package barcode scanned' : null);
          }}
        />
      )}
      {sheetTask && settings && sheet?.kind === 'deliver' && (
        <DeliverDialog task={sheetTask} settings={settings} open onClose={() => setSheet(null)} onComplete={(values) => deliver(sheetTask, values)} />
      )}
      {sheetTask && settings && sheet?.kind === 'fail' && <FailDialog task={sheetTask} settings={settings} open onClose={() => setSheet(null)} onFail={(values) => fail(sheetTask, values)} />}

      {held && (
        <UndoBar
          code={heldTask?.delivery_code ?? ''}
          status={held.status}
          sendAt={held.sendAt}
          onUndo={() => void undo()}
          onSendNow={() => void queue.release(held.group)}
        />
      )}

      {footer}
    </div>
  );
}

/** '14:32' for a time today, 'Wed 26 Nov, 14:32' for an older one. */
function formatKeptAt(at: number, language: Language): string {
  const when = new Date(at).toISOString();
  return new Date(at).toDateString() === new Date().toDateString() ? formatTime(when, language) : formatDayTime(when, language);
}

export default DriverAppPage;
