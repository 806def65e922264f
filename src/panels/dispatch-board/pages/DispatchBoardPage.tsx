import { DndContext, DragOverlay } from '@dnd-kit/core';
import { dragAnnouncements } from '../drag-words';
import { plannerFaultText } from '../words';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { rankDrivers, solve, type RankedDriver, type Solution } from '../../../lib/dispatch';
import { mapsToken } from '../../../lib/geocoding';
import type { ConnectionState } from '../../../lib/realtime';
import { useDispatcherSettings, type BoardFilterDefaults } from '../../../lib/dispatcher-settings';
import { useTenantId } from '../../../lib/tenant';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { useLiveCollection } from '../../../lib/use-live-collection';
import { useNow } from '../../../lib/use-now';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorState } from '../../../ui/ErrorState';
import { LiveIndicator } from '../../../ui/LiveIndicator';
import { Skeleton } from '../../../ui/Skeleton';
import { boardAssignmentsSource, boardDeliveriesSource, boardDriversSource } from '../atoms';
import { useBoardReference, useDriverNames } from '../board-reads';
import { buildLanes, hasFilters, driverHealth, parseFilters, plannerDelivery, plannerDrivers, withMoves, writeFilters, type BoardFilters } from '../board';
import { AssignDialog } from '../components/AssignDialog';
import { AutoAssignDialog } from '../components/AutoAssignDialog';
import { BoardFilterBar } from '../components/BoardFilterBar';
import { Counter, KeyboardHelp, Lane, MapDrop } from '../components/BoardFrame';
import { BoardMap, type MapDriver } from '../components/BoardMap';
import { DeliveryList, type DragData } from '../components/DeliveryList';
import { DeliveryPanel } from '../components/DeliveryPanel';
import { DriversPanel, type DriverEntry } from '../components/DriversPanel';
import { boardCollision, useBoardDrag } from '../hooks/use-board-drag';
import { useBoardKeys } from '../hooks/use-board-keys';
import { useBoardMoves } from '../hooks/use-board-moves';
import { useBoardNews } from '../hooks/use-board-news';
import type { BoardDelivery } from '../model';
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

function worst(...states: ConnectionState[]): ConnectionState {
  if (states.includes('offline')) return 'offline';
  if (states.includes('connecting')) return 'connecting';
  return 'live';
}

function filtersFromDefaults(defaults: BoardFilterDefaults): BoardFilters | null {
  const next: BoardFilters = { kind: defaults.kind ?? '', service: defaults.service_id ?? '', zone: defaults.zone_id ?? '', window: defaults.window ?? '', q: '' };
  return next.kind || next.service || next.zone || next.window ? next : null;
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
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [assignTarget, setAssignTarget] = useState<AssignTarget | null>(null);
  const [unassignTarget, setUnassignTarget] = useState<BoardDelivery | null>(null);
  const [autoPlan, setAutoPlan] = useState<{ solution: Solution } | { error: string } | null>(null);
  const searchInput = useRef<HTMLInputElement>(null);

  const { reference, error: referenceError, retry: loadReference } = useBoardReference(tenantId);
  const driverIds = useMemo(() => [...drivers.rows.keys()], [drivers.rows]);
  const names = useDriverNames(tenantId, driverIds, () => tRef.current('driver.unnamed'));
  const untick = useCallback(
    (ids: readonly string[]) =>
      setChecked((c) => {
        const next = new Set(c);
        for (const id of ids) next.delete(id);
        return next;
      }),
    [],
  );
  const askVehicle = useCallback((ids: string[], driverId: string) => setAssignTarget({ ids, driverId }), []);
  const { moves, alerts, alert, dismiss, vehicleFor, assign, unassign, commitPlan } = useBoardMoves({
    tenantId,
    deliveries: deliveries.rows,
    drivers: drivers.rows,
    assignments: assignments.rows,
    names,
    tRef,
    askVehicle,
    settled: untick,
  });

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
  const codeOf = useCallback((id: string) => byId.get(id)?.delivery_code ?? null, [byId]);

  const selected = selectedId ? byId.get(selectedId) ?? null : null;

  // Suggestions for the selected unassigned delivery: the drivers the database would accept, best first.
  const suggestions = useMemo<{ ranked: RankedDriver[] | null; problem: string | null }>(() => {
    if (!selected || selected.status !== 'pending' || !reference || mode === 'off') return { ranked: null, problem: null };
    try {
      const planned = plannerDrivers([...drivers.rows.values()], lanes, reference, names);
      return { ranked: rankDrivers(plannerDelivery(selected, reference), planned, { now }), problem: null };
    } catch (error) {
      return { ranked: null, problem: plannerFaultText(error, t, codeOf, driverName, t('suggest.unavailable')) };
    }
  }, [selected, reference, drivers.rows, lanes, names, now, mode, t, codeOf, driverName]);

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

  useBoardNews({
    rows,
    byId,
    unassigned: lanes.unassigned,
    moves,
    firstRead: deliveries.fetching && deliveries.rows.size === 0,
    sound,
    filters,
    now,
    driverName,
    t,
  });

  const dragWords = useMemo(() => dragAnnouncements({ byId, driverName, t }), [byId, driverName, t]);
  const { dragging, setDragging, setDriverLocator, sensors, onDragEnd } = useBoardDrag({
    byId,
    assign: (ids, driverId) => void assign(ids, driverId),
    unassign: (row) => void unassign(row),
    missedDriver: () => alert(t('move.dropOnDriver')),
  });

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
      setAutoPlan({ error: plannerFaultText(error, t, codeOf, driverName, t('auto.failed')) });
    }
  };

  useBoardKeys({ openAssign, open, selectedId, searchInput });

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

      <BoardFilterBar filters={filters} onChange={setFilters} reference={reference} searchInput={searchInput} />

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
              <button type="button" className="text-xs underline" onClick={() => dismiss(a.id)}>
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
          collisionDetection={boardCollision}
          onDragStart={({ active }) => setDragging((active.data.current as DragData | undefined) ?? null)}
          onDragCancel={() => setDragging(null)}
          onDragEnd={onDragEnd}
          accessibility={{ screenReaderInstructions: { draggable: t('board.dragInstructions') }, announcements: dragWords }}>
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

export default DispatchBoardPage;
