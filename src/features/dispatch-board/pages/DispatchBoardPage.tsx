import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { InvalidProblemError, rankDrivers, solve, type RankedDriver, type Solution } from '../../../lib/dispatch';
import { mapsToken } from '../../../lib/geocoding';
import type { ConnectionState } from '../../../lib/realtime';
import { useDispatcherSettings, type BoardFilterDefaults } from '../../../lib/dispatcher-settings';
import { useTenantId } from '../../../lib/tenant';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { useLiveCollection } from '../../../lib/use-live-collection';
import { useNow } from '../../../lib/use-now';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FilterSelect } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import type { LookupSearch } from '../../../ui/form/ComboboxField';
import { ErrorState } from '../../../ui/ErrorState';
import { useAnnounce } from '../../../ui/LiveAnnouncer';
import { LiveIndicator } from '../../../ui/LiveIndicator';
import { Skeleton } from '../../../ui/Skeleton';
import { assignDelivery, moveAssignment, refusalText, unassignDelivery } from '../api';
import { boardAssignmentsSource, boardDeliveriesSource, boardDriversSource } from '../atoms';
import { useBoardReference, useDriverNames } from '../board-reads';
import {
  buildLanes,
  hasFilters,
  driverHealth,
  endMove,
  openAssignmentOf,
  parseFilters,
  plannerDelivery,
  plannerDrivers,
  startMove,
  WINDOW_FILTERS,
  withMoves,
  writeFilters,
  type BoardFilters,
  type PendingMoves,
} from '../board';
import { AssignDialog } from '../components/AssignDialog';
import { AutoAssignDialog, type CommitResult } from '../components/AutoAssignDialog';
import { BoardMap, type DriverLocator, type MapDriver } from '../components/BoardMap';
import { DeliveryList, type DragData } from '../components/DeliveryList';
import { DeliveryPanel } from '../components/DeliveryPanel';
import { DriversPanel, type DriverEntry } from '../components/DriversPanel';
import type { BoardDelivery } from '../model';
import { boardNews, newsText, seenStatuses, shownBy, type SeenStatuses } from '../news';
import { useLanguage, useT, type Translate } from '../../../lib/i18n/catalogue';
import { boardMessages } from '../messages';

type BoardKey = keyof typeof boardMessages.en;

export interface DispatchBoardPageProps {
  /** Other features' pieces for the selected delivery's panel (the chat button), composed in src/app. */
  panelExtras?: (delivery: BoardDelivery) => ReactNode;
  /** The dashboard's other tools (remit, quote), shown under the board once it has its working set; they may be lazy (their own Suspense boundary). */
  tools?: ReactNode;
}

/** The dispatcher's dashboard. */
export function DispatchBoardPage({ panelExtras, tools }: DispatchBoardPageProps) {
  const tenantId = useTenantId();
  // The tools come once the board has its working set (or could not read it): until then the
  // board's short loading placeholder would put them, and the quote's map, in view, and their
  // reads and map would compete with the board's first paint. Their own boundary: lazy tools never
  // hold the board.
  const [boardSettled, setBoardSettled] = useState(false);
  const settled = useCallback(() => setBoardSettled(true), []);
  return (
    <div className="space-y-8">
      {tenantId ? <Board tenantId={tenantId} panelExtras={panelExtras} onSettled={settled} /> : <Skeleton className="h-96 w-full" />}
      {boardSettled && <Suspense fallback={null}>{tools}</Suspense>}
      <KeyboardHelp />
    </div>
  );
}

const KIND_OPTIONS: { value: string; label: BoardKey }[] = [
  { value: 'on_demand', label: 'kind.on_demand' },
  { value: 'pickup', label: 'kind.pickup' },
  { value: 'delivery', label: 'kind.delivery' },
  { value: 'pickup_delivery', label: 'kind.pickup_delivery' },
];

const WINDOW_LABELS: Record<(typeof WINDOW_FILTERS)[number], BoardKey> = {
  overdue: 'window.overdue',
  next_hour: 'window.next_hour',
  today: 'window.today',
};

/** The driver under the pointer; the keyboard (no pointer) moves by overlap. */
const collision: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : rectIntersection(args);
};

function worst(...states: ConnectionState[]): ConnectionState {
  if (states.includes('offline')) return 'offline';
  if (states.includes('connecting')) return 'connecting';
  return 'live';
}

function filtersFromDefaults(defaults: BoardFilterDefaults): BoardFilters | null {
  const next: BoardFilters = { kind: defaults.kind ?? '', service: defaults.service_id ?? '', zone: defaults.zone_id ?? '', window: defaults.window ?? '', q: '' };
  return next.kind || next.service || next.zone || next.window ? next : null;
}

let audio: AudioContext | null = null;
/** A short two-note chime made in the browser (no sound file to fetch). Browsers mute it until the page had a click or key. */
function chime(): void {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.2, start + i * 0.15 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.15 + 0.14);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + i * 0.15);
      osc.stop(start + i * 0.15 + 0.15);
    }
  } catch {
    // No audio in this browser: the counter and the card still show the arrival.
  }
}

function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * The board shows what arrived at most every 500 ms, on an animation frame: dozens of changes a
 * second (a busy tenant's positions and moves) would otherwise each re-render the lanes and drivers.
 * Under the bench's stream (90 changes and fixes a second) rendering every 200 ms was a fifth of a
 * core in React alone; half a second still shows a change as it happens to the eye.
 */
const LIVE_BATCH = { batchMs: 500 };

type AssignTarget = { ids: string[]; driverId?: string | null };

function Board({ tenantId, panelExtras, onSettled }: { tenantId: string; panelExtras?: (delivery: BoardDelivery) => ReactNode; onSettled?: () => void }) {
  const t = useT(boardMessages);
  const language = useLanguage();
  // The latest translate function for callbacks that outlive a render (a refusal arriving after a language switch).
  const tRef = useRef<Translate<BoardKey>>(t);
  useEffect(() => {
    tRef.current = t;
  });
  const deliveries = useLiveCollection(boardDeliveriesSource, tenantId, LIVE_BATCH);
  const drivers = useLiveCollection(boardDriversSource, tenantId, LIVE_BATCH);
  const assignments = useLiveCollection(boardAssignmentsSource, tenantId, LIVE_BATCH);
  const settings = useTenantSettings();
  const dispatcher = useDispatcherSettings();
  const { late_threshold_minutes: graceMinutes, auto_assign_mode: mode, sound_on_new_unassigned: sound } = dispatcher.settings;
  const tenantSettings = settings.status === 'ready' ? settings.settings : null;
  const now = useNow(15_000);
  const search = useSearch();
  const [, navigate] = useLocation();
  // The dispatcher's saved default filters apply while the link names none, until they change or clear them on this visit.
  const [defaultsOff, setDefaultsOff] = useState(false);
  const filters = useMemo(
    () => (defaultsOff || hasFilters(search) || dispatcher.status !== 'ready' ? null : filtersFromDefaults(dispatcher.settings.default_board_filters)) ?? parseFilters(search),
    [defaultsOff, search, dispatcher.status, dispatcher.settings],
  );
  const selectedId = new URLSearchParams(search).get('delivery');
  // The search box keeps what is typed (spaces included); Back or Clear filters change the URL and so the box.
  const [searchText, setSearchText] = useState(filters.q);
  const [urlQ, setUrlQ] = useState(filters.q);
  if (filters.q !== urlQ) {
    setUrlQ(filters.q);
    setSearchText(filters.q);
  }

  const [moves, setMoves] = useState<PendingMoves>(new Map());
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [alerts, setAlerts] = useState<{ id: number; text: string }[]>([]);
  const [assignTarget, setAssignTarget] = useState<AssignTarget | null>(null);
  const [unassignTarget, setUnassignTarget] = useState<BoardDelivery | null>(null);
  const [autoPlan, setAutoPlan] = useState<{ solution: Solution } | { error: string } | null>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const alertId = useRef(0);

  const alert = useCallback((text: string) => setAlerts((list) => [...list.slice(-4), { id: ++alertId.current, text }]), []);

  const { reference, error: referenceError, retry: loadReference } = useBoardReference(tenantId);
  const driverIds = useMemo(() => [...drivers.rows.keys()], [drivers.rows]);
  const names = useDriverNames(tenantId, driverIds, () => tRef.current('driver.unnamed'));

  const rows = useMemo(() => withMoves([...deliveries.rows.values()], moves), [deliveries.rows, moves]);
  const byId = useMemo(() => new Map(rows.map((d) => [d.id, d])), [rows]);
  const lanes = useMemo(() => buildLanes(rows, { now, filters, graceMinutes }), [rows, now, filters, graceMinutes]);

  const driverEntries = useMemo<DriverEntry[]>(
    () =>
      [...drivers.rows.values()]
        .map((driver) => ({
          driver,
          name: names.get(driver.id) ?? t('driver.fallback'),
          health: driverHealth(driver, now),
          vehicleName: driver.default_vehicle_id ? reference?.vehicles.get(driver.default_vehicle_id)?.name ?? null : null,
          tasks: lanes.tasksByDriver.get(driver.id) ?? [],
        }))
        .sort((a, b) => a.name.localeCompare(b.name, language)),
    [drivers.rows, names, now, reference, lanes, t, language],
  );
  const notResponding = driverEntries.filter((e) => e.health === 'not_responding').length;
  const mapDrivers = useMemo<MapDriver[]>(
    () => driverEntries.flatMap((e) => (e.driver.last_lat != null && e.driver.last_lng != null ? [{ id: e.driver.id, name: e.name, lat: e.driver.last_lat, lng: e.driver.last_lng, health: e.health }] : [])),
    [driverEntries],
  );
  const activeVehicles = useMemo(() => (reference ? [...reference.vehicles.values()].filter((v) => v.active).sort((a, b) => a.name.localeCompare(b.name)) : []), [reference]);
  const driverName = useCallback((id: string | null) => (id ? names.get(id) ?? null : null), [names]);

  const selected = selectedId ? byId.get(selectedId) ?? null : null;

  // Suggestions for the selected unassigned delivery: the drivers the database would accept, best first.
  const suggestions = useMemo<{ ranked: RankedDriver[] | null; problem: string | null }>(() => {
    if (!selected || selected.status !== 'pending' || !reference || mode === 'off') return { ranked: null, problem: null };
    try {
      const planned = plannerDrivers([...drivers.rows.values()], lanes, reference, names);
      return { ranked: rankDrivers(plannerDelivery(selected, reference), planned, { now }), problem: null };
    } catch (error) {
      return { ranked: null, problem: error instanceof InvalidProblemError ? error.message : t('suggest.unavailable') };
    }
  }, [selected, reference, drivers.rows, lanes, names, now, mode, t]);

  // ------------------------------------------------------------------------------------------
  // URL state.

  // Absolute (~): the board is the area's root, where a relative '/?q=' would add a trailing slash.
  const navigateSearch = useCallback((query: string, replace: boolean) => navigate(`~${window.location.pathname}${query ? `?${query}` : ''}`, { replace }), [navigate]);
  const setFilters = (next: BoardFilters, replace = false) => {
    setDefaultsOff(true);
    navigateSearch(writeFilters(next, search), replace);
  };
  const open = useCallback(
    (id: string | null) => {
      const params = new URLSearchParams(search);
      if (id) params.set('delivery', id);
      else params.delete('delivery');
      navigateSearch(params.toString(), false);
    },
    [search, navigateSearch],
  );

  // A sound when a new delivery lands in the unassigned queue (the dispatcher's setting), not for the first read.
  const seenQueue = useRef<Set<string> | null>(null);
  useEffect(() => {
    const ids = new Set(lanes.unassigned.map((d) => d.id));
    if (deliveries.fetching && deliveries.rows.size === 0) return;
    const before = seenQueue.current;
    seenQueue.current = ids;
    if (!before || !sound) return;
    for (const id of ids) {
      if (!before.has(id) && byId.get(id)?.status === 'pending' && !moves.has(id)) {
        chime();
        return;
      }
    }
  }, [lanes.unassigned, deliveries.fetching, deliveries.rows.size, sound, byId, moves]);

  // What changes live is said politely (a new delivery waiting, an assignment accepted); focus stays put.
  const announce = useAnnounce();
  const seen = useRef<SeenStatuses | null>(null);
  useEffect(() => {
    if (deliveries.fetching && deliveries.rows.size === 0) return;
    const text = newsText(boardNews(seen.current, rows, shownBy(filters, now)), driverName, t);
    seen.current = seenStatuses(rows);
    if (text) announce(text);
  }, [rows, deliveries.fetching, deliveries.rows.size, filters, now, driverName, announce, t]);

  // ------------------------------------------------------------------------------------------
  // Moves: each shown at once and sent to the database; a refusal rolls it back with the reason.

  const vehicleFor = (driverId: string) => drivers.rows.get(driverId)?.default_vehicle_id ?? null;

  const assign = async (ids: readonly string[], driverId: string, vehicleId: string | null = vehicleFor(driverId)) => {
    if (!vehicleId) {
      setAssignTarget({ ids: [...ids], driverId });
      return;
    }
    const name = names.get(driverId) ?? t('driver.the');
    await Promise.all(
      ids.map(async (id) => {
        const row = deliveries.rows.get(id);
        if (!row || row.driver_id === driverId) return;
        const moving = row.status !== 'pending';
        setMoves((m) => startMove(m, { deliveryId: id, driverId, status: 'assigned', baseUpdatedAt: row.updated_at }));
        try {
          if (!moving) await assignDelivery(tenantId, id, driverId, vehicleId);
          else {
            const current = openAssignmentOf(assignments.rows.values(), id);
            if (current?.status === 'pending') await moveAssignment(tenantId, current.id, driverId, vehicleId);
            else {
              await unassignDelivery(id, `Reassigned to ${name}`);
              try {
                await assignDelivery(tenantId, id, driverId, vehicleId);
              } catch (error) {
                throw new Error(tRef.current('move.backInQueue', { reason: refusalText(error) }), { cause: error });
              }
            }
          }
        } catch (error) {
          setMoves((m) => endMove(m, id, row.updated_at));
          alert(tRef.current('move.refused', { code: row.delivery_code, moving: moving ? 'yes' : 'no', driver: name, reason: refusalText(error) }));
        }
      }),
    );
    setChecked((c) => {
      const next = new Set(c);
      for (const id of ids) next.delete(id);
      return next;
    });
  };

  const unassign = async (row: BoardDelivery) => {
    const base = deliveries.rows.get(row.id) ?? row;
    setMoves((m) => startMove(m, { deliveryId: row.id, driverId: null, status: 'pending', baseUpdatedAt: base.updated_at }));
    try {
      await unassignDelivery(row.id);
    } catch (error) {
      setMoves((m) => endMove(m, row.id, base.updated_at));
      alert(tRef.current('move.unassignRefused', { code: row.delivery_code, reason: refusalText(error) }));
    }
  };

  const [dragging, setDragging] = useState<DragData | null>(null);
  const driverAt = useRef<DriverLocator | null>(null);
  const setDriverLocator = useCallback((locate: DriverLocator | null) => {
    driverAt.current = locate;
  }, []);
  const onDragEnd = ({ active, over, activatorEvent, delta }: DragEndEvent) => {
    setDragging(null);
    const data = active.data.current as DragData | undefined;
    if (!data || !over) return;
    let target = String(over.id);
    if (target === 'map') {
      // A drop on the map goes to the driver whose dot is under the pointer.
      const start = activatorEvent as PointerEvent;
      const driverId = typeof start.clientX === 'number' ? driverAt.current?.(start.clientX + delta.x, start.clientY + delta.y) : null;
      if (!driverId) {
        alert(t('move.dropOnDriver'));
        return;
      }
      target = `driver:${driverId}`;
    }
    if (target.startsWith('driver:')) {
      const driverId = target.slice('driver:'.length);
      if (driverId !== data.fromDriverId) void assign(data.deliveryIds, driverId);
    } else if (target === 'queue' && data.fromDriverId) {
      for (const id of data.deliveryIds) {
        const row = byId.get(id);
        if (row) void unassign(row);
      }
    }
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));

  const openAssign = useCallback(() => {
    const ids = checked.size > 0 ? [...checked] : selected && (selected.status === 'pending' || selected.status === 'assigned' || selected.status === 'accepted') ? [selected.id] : [];
    if (ids.length > 0) setAssignTarget({ ids });
    else alert(t('move.selectFirst'));
  }, [checked, selected, alert, t]);

  const planAutoAssign = () => {
    if (!reference) return;
    const planned = plannerDrivers([...drivers.rows.values()], lanes, reference, names);
    if (planned.length === 0) {
      setAutoPlan({ error: t('auto.noDrivers') });
      return;
    }
    if (lanes.unassigned.length === 0) {
      setAutoPlan({ error: t('auto.emptyQueue') });
      return;
    }
    try {
      const solution = solve({ drivers: planned, deliveries: lanes.unassigned.map((d) => plannerDelivery(d, reference)), options: { now, improve_ms: 800 } });
      setAutoPlan({ solution });
    } catch (error) {
      setAutoPlan({ error: error instanceof Error ? error.message : t('auto.failed') });
    }
  };

  const commitPlan = async (solution: Solution): Promise<CommitResult> => {
    const result: CommitResult = { assigned: [], refused: [] };
    for (const route of solution.routes) {
      if (!route.vehicle_id) continue;
      for (const id of route.assigned_delivery_ids) {
        const row = deliveries.rows.get(id);
        if (!row || row.status !== 'pending') {
          result.refused.push({ code: row?.delivery_code ?? id, reason: tRef.current('auto.changed') });
          continue;
        }
        setMoves((m) => startMove(m, { deliveryId: id, driverId: route.driver_id, status: 'assigned', baseUpdatedAt: row.updated_at }));
        try {
          await assignDelivery(tenantId, id, route.driver_id, route.vehicle_id);
          result.assigned.push(row.delivery_code);
        } catch (error) {
          setMoves((m) => endMove(m, id, row.updated_at));
          result.refused.push({ code: row.delivery_code, reason: refusalText(error) });
        }
      }
    }
    return result;
  };

  // Keyboard: / search, A assign, Esc closes the panel (dialogs handle their own Escape).
  const keys = useRef({ openAssign, open, selectedId });
  useEffect(() => {
    keys.current = { openAssign, open, selectedId };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || dialogOpen()) return;
      const target = event.target as HTMLElement | null;
      // Text fields take their keys; a ticked checkbox still lets A assign what it ticked.
      const typing = target?.closest('input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable="true"]');
      if (event.key === 'Escape') {
        if (typing === searchInput.current && searchInput.current) searchInput.current.blur();
        else if (keys.current.selectedId) keys.current.open(null);
        return;
      }
      if (typing) return;
      if (event.key === '/') {
        event.preventDefault();
        searchInput.current?.focus();
      } else if (event.key === 'a' || event.key === 'A') {
        event.preventDefault();
        keys.current.openAssign();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // ------------------------------------------------------------------------------------------

  const connection = worst(deliveries.state, drivers.state, assignments.state);
  const failed = deliveries.error && !deliveries.fetching && deliveries.rows.size === 0 ? deliveries : drivers.error && !drivers.fetching && drivers.rows.size === 0 ? drivers : null;
  const loading = (deliveries.fetching && deliveries.rows.size === 0) || (drivers.fetching && drivers.rows.size === 0);
  // Settled: the first read came (rows, none, or an error). Before the read starts the board is not
  // loading yet either, so an empty board counts only after it was seen loading.
  const wasLoading = useRef(false);
  const hasRows = deliveries.rows.size > 0;
  const hasFailed = failed !== null;
  useEffect(() => {
    if (loading) wasLoading.current = true;
    else if (wasLoading.current || hasRows || hasFailed) onSettled?.();
  }, [loading, hasRows, hasFailed, onSettled]);
  const assignRows = assignTarget ? assignTarget.ids.flatMap((id) => byId.get(id) ?? []) : [];
  const assignRanked = assignRows.length === 1 && assignRows[0]!.id === selected?.id ? suggestions.ranked ?? [] : [];

  return (
    <section aria-labelledby="board-title" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="board-title" className="text-2xl font-bold tracking-tight">
          {t('board.title')}
        </h2>
        <LiveIndicator state={connection} />
        <dl className="flex flex-wrap gap-2 text-xs" aria-label={t('board.counters')}>
          <Counter label={t('count.unassigned')} value={lanes.unassigned.length} testId="count-unassigned" />
          <Counter label={t('count.drivers')} value={driverEntries.length} testId="count-drivers" />
          <Counter label={t('count.notResponding')} value={notResponding} tone={notResponding > 0 ? 'error' : undefined} testId="count-not-responding" />
          <Counter label={t('count.inProgress')} value={lanes.inProgress.length} testId="count-in-progress" />
          <Counter label={t('count.exceptions')} value={lanes.exceptions.length} tone={lanes.exceptions.length > 0 ? 'error' : undefined} testId="count-exceptions" />
          <Counter label={t('count.done')} value={lanes.doneToday.length} testId="count-done" />
        </dl>
        <div className="ml-auto flex gap-2">
          <Button variant="secondary" onClick={openAssign} title={t('board.assignHint')}>
            {t('board.assign')} <kbd className="ml-1 text-xs text-slate-500">A</kbd>
          </Button>
          {mode === 'auto' && (
            <Button onClick={planAutoAssign} disabled={!reference}>
              {t('board.autoAssign')}
            </Button>
          )}
        </div>
      </div>

      <form role="search" aria-label={t('filters.label')} className="flex flex-wrap items-end gap-2 text-sm" onSubmit={(e) => e.preventDefault()}>
        <label className="flex flex-col">
          <span className="text-xs font-medium text-slate-600 dark:text-slate-400">{t('filters.search')}</span>
          <input
            ref={searchInput}
            type="search"
            aria-keyshortcuts="/"
            placeholder={t('filters.searchPlaceholder')}
            className="w-64 rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value);
              setFilters({ ...filters, q: e.target.value }, true);
            }}
          />
        </label>
        <div className="w-40">
          <FilterSelect
            label={t('filters.kind')}
            anyLabel={t('filters.all')}
            value={filters.kind || undefined}
            options={KIND_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))} onChange={(kind) => setFilters({ ...filters, kind: kind ?? '' })} />
        </div>
        <div className="w-52">
          <LookupFilter
            label={t('filters.service')}
            value={filters.service || undefined}
            search={lookupIn(reference ? [...reference.services.values()] : [])}
            resolveLabel={(id) => Promise.resolve(reference?.services.get(id)?.name ?? null)}
            onChange={(service) => setFilters({ ...filters, service: service ?? '' })}
          />
        </div>
        <div className="w-52">
          <LookupFilter
            label={t('filters.zone')}
            value={filters.zone || undefined}
            search={lookupIn(reference ? [...reference.zones.values()] : [])}
            resolveLabel={(id) => Promise.resolve(reference?.zones.get(id)?.name ?? null)}
            onChange={(zone) => setFilters({ ...filters, zone: zone ?? '' })}
          />
        </div>
        <div className="w-48">
          <FilterSelect
            label={t('filters.window')}
            anyLabel={t('filters.all')}
            value={filters.window || undefined}
            options={WINDOW_FILTERS.map((w) => ({ value: w, label: t(WINDOW_LABELS[w]) }))}
            onChange={(window) => setFilters({ ...filters, window: (window ?? '') as BoardFilters['window'] })}
          />
        </div>
        {(filters.kind || filters.service || filters.zone || filters.window || filters.q) && (
          <Button variant="secondary" onClick={() => setFilters({ kind: '', service: '', zone: '', window: '', q: '' })}>
            {t('filters.clear')}
          </Button>
        )}
      </form>

      {referenceError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('board.referenceFailed', { reason: referenceError })}{' '}
          <button type="button" className="underline" onClick={loadReference}>
            {t('board.retry')}
          </button>
        </p>
      )}
      {alerts.length > 0 && (
        <ul role="alert" aria-label={t('board.refusedMoves')} className="space-y-1">
          {alerts.map((a) => (
            <li key={a.id} className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
              <span className="flex-1">{a.text}</span>
              <button type="button" className="text-xs underline" onClick={() => setAlerts((list) => list.filter((x) => x.id !== a.id))}>
                {t('board.dismiss')}
              </button>
            </li>
          ))}
        </ul>
      )}

      {failed ? (
        <ErrorState title={t('board.failed')} detail={failed.error?.message} onRetry={failed.refetch} />
      ) : loading ? (
        <div className="grid gap-4 lg:grid-cols-3" aria-busy="true">
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
          <span className="sr-only" role="status">
            {t('board.loading')}
          </span>
        </div>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          onDragStart={({ active }) => setDragging((active.data.current as DragData | undefined) ?? null)}
          onDragCancel={() => setDragging(null)}
          onDragEnd={onDragEnd}
          accessibility={{ screenReaderInstructions: { draggable: t('board.dragInstructions') } }}>
          <div className="grid gap-4 lg:grid-cols-[20rem_minmax(0,1fr)_20rem]">
            <Lane title={t('lane.unassigned')} count={lanes.unassigned.length} droppableId="queue">
              {checked.size > 0 && (
                <div className="mb-2 flex items-center gap-2 text-xs">
                  <span>{t('lane.selected', { count: checked.size })}</span>
                  <button type="button" className="underline" onClick={() => setAssignTarget({ ids: [...checked] })}>
                    {t('lane.assignSelected')}
                  </button>
                  <button type="button" className="underline" onClick={() => setChecked(new Set())}>
                    {t('lane.clear')}
                  </button>
                </div>
              )}
              <DeliveryList
                label={t('lane.unassigned')}
                items={lanes.unassigned}
                late={lanes.late}
                selectedId={selectedId}
                onOpen={open}
                checked={checked}
                onCheckedChange={setChecked}
                draggable={() => true}
                height={520}
                emptyText={t('lane.unassignedEmpty')}
              />
            </Lane>
            <MapDrop>
              <BoardMap
                drivers={mapDrivers}
                unassigned={lanes.unassigned}
                selected={selected}
                defaultCenter={tenantSettings?.mapCentre}
                mapboxToken={mapsToken(tenantSettings?.mapsKey)}
                driverAt={setDriverLocator}
              />
            </MapDrop>
            <Lane title={t('lane.drivers')} count={driverEntries.length}>
              <DriversPanel entries={driverEntries} late={lanes.late} selectedId={selectedId} onOpen={open} now={now} />
            </Lane>
          </div>
          <div className="mt-4 grid gap-4 lg:grid-cols-3">
            <Lane title={t('lane.inProgress')} count={lanes.inProgress.length}>
              <DeliveryList label={t('lane.inProgress')} items={lanes.inProgress} late={lanes.late} selectedId={selectedId} onOpen={open} driverName={driverName} height={320} emptyText={t('lane.inProgressEmpty')} />
            </Lane>
            <Lane title={t('lane.exceptions')} count={lanes.exceptions.length}>
              <DeliveryList label={t('lane.exceptionsList')} items={lanes.exceptions} late={lanes.late} selectedId={selectedId} onOpen={open} driverName={driverName} height={320} emptyText={t('lane.exceptionsEmpty')} />
            </Lane>
            <Lane title={t('lane.done')} count={lanes.doneToday.length}>
              <DeliveryList label={t('lane.done')} items={lanes.doneToday} late={lanes.late} selectedId={selectedId} onOpen={open} driverName={driverName} height={320} emptyText={t('lane.doneEmpty')} />
            </Lane>
          </div>
          <DragOverlay dropAnimation={null}>
            {dragging && (
              <div className="w-56 rounded-lg border border-brand bg-white px-3 py-2 text-sm font-semibold shadow-lg dark:bg-slate-900">
                {dragging.deliveryIds.length === 1 ? byId.get(dragging.deliveryIds[0]!)?.delivery_code : t('board.dragging', { count: dragging.deliveryIds.length })}
              </div>
            )}
          </DragOverlay>
        </DndContext>
      )}

      {selectedId && !selected && !loading && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {t('board.notOnBoard')}{' '}
          <button type="button" className="underline" onClick={() => open(null)}>
            {t('board.close')}
          </button>
        </p>
      )}
      {selected && (
        <DeliveryPanel
          tenantId={tenantId}
          delivery={selected}
          late={lanes.late.has(selected.id)}
          reference={reference}
          driverName={driverName(selected.driver_id)}
          ranked={mode === 'off' ? null : suggestions.ranked}
          showSuggestions={mode !== 'off'}
          rankProblem={suggestions.problem}
          names={names}
          onClose={() => open(null)}
          onAssign={(driverId) => (driverId && vehicleFor(driverId) ? void assign([selected.id], driverId) : setAssignTarget({ ids: [selected.id], driverId }))}
          onUnassign={() => setUnassignTarget(selected)}
          extras={panelExtras?.(selected)}
        />
      )}
      {assignTarget && assignRows.length > 0 && (
        <AssignDialog
          deliveries={assignRows}
          drivers={driverEntries}
          vehicles={activeVehicles}
          ranked={assignRanked}
          initialDriverId={assignTarget.driverId}
          onClose={() => setAssignTarget(null)}
          onAssign={(driverId, vehicleId) => {
            setAssignTarget(null);
            void assign(
              assignRows.map((d) => d.id),
              driverId,
              vehicleId,
            );
          }}
        />
      )}
      <ConfirmDialog
        open={unassignTarget !== null}
        onClose={() => setUnassignTarget(null)}
        title={t('unassign.title', { code: unassignTarget?.delivery_code ?? '' })}
        message={t('unassign.message', { driver: driverName(unassignTarget?.driver_id ?? null) ?? t('driver.the') })}
        confirmLabel={t('unassign.confirm')}
        destructive
        onConfirm={() => {
          if (unassignTarget) void unassign(unassignTarget);
        }}
      />
      {autoPlan && <AutoAssignDialog plan={autoPlan} deliveries={byId} names={names} onClose={() => setAutoPlan(null)} onCommit={commitPlan} />}
    </section>
  );
}

/** The keys, and what they do, as catalogue keys. */
const SHORTCUTS: [BoardKey, BoardKey][] = [
  ['keys.searchKeys', 'keys.search'],
  ['keys.moveKeys', 'keys.move'],
  ['keys.laneKeys', 'keys.lane'],
  ['keys.openKeys', 'keys.open'],
  ['keys.tickKeys', 'keys.tick'],
  ['keys.assignKeys', 'keys.assign'],
  ['keys.closeKeys', 'keys.close'],
  ['keys.dragKeys', 'keys.drag'],
];

function KeyboardHelp() {
  const t = useT(boardMessages);
  return (
    <section aria-labelledby="board-keys" className="rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800">
      <h2 id="board-keys" className="mb-2 font-semibold">
        {t('keys.title')}
      </h2>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="flex gap-2">
            <dt className="min-w-40 font-mono text-xs text-slate-600 dark:text-slate-400">{t(keys)}</dt>
            <dd>{t(what)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function MapDrop({ children }: { children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: 'map' });
  return (
    <div ref={setNodeRef} className={`h-[36rem] min-w-0 rounded-lg ${isOver ? 'ring-2 ring-brand' : ''}`}>
      {children}
    </div>
  );
}

function Counter({ label, value, tone, testId }: { label: string; value: number; tone?: 'error'; testId: string }) {
  return (
    <div className={`flex items-center gap-1 rounded-full px-2.5 py-1 ${tone === 'error' ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200' : 'bg-slate-100 dark:bg-slate-800'}`}>
      <dt>{label}</dt>
      <dd className="font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Lane({ title, count, droppableId, children }: { title: string; count: number; droppableId?: string; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: droppableId ?? `lane:${title}`, disabled: !droppableId });
  return (
    <section
      ref={setNodeRef}
      aria-label={title}
      className={`min-w-0 rounded-xl border bg-slate-50/60 p-3 dark:bg-slate-900/40 ${isOver ? 'border-brand' : 'border-slate-200 dark:border-slate-800'}`}
    >
      <h2 className="mb-2 flex items-center justify-between text-sm font-semibold">
        {title}
        <span className="rounded-full bg-white px-2 py-0.5 text-xs shadow-sm dark:bg-slate-800">{count}</span>
      </h2>
      {children}
    </section>
  );
}

/** The board's lookups search what it already read (services, zones), so typing asks no server. */
function lookupIn(items: readonly { id: string; name: string }[]): LookupSearch {
  return (term, _signal, limit) => {
    const t = term.trim().toLowerCase();
    return Promise.resolve(
      items
        .filter((item) => item.name.toLowerCase().includes(t))
        .slice(0, limit)
        .map((item) => ({ value: item.id, label: item.name })),
    );
  };
}

export default DispatchBoardPage;
