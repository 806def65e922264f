import { useEffect, useRef, useState } from 'react';
import type { ListDefinition } from '../lib/list-state';
import type { ConnectionState, LiveSource, Row, Rows } from '../lib/realtime';
import { useListUrlState } from '../lib/url-state';
import { useLiveRegistry } from '../lib/use-live-collection';
import { diffRows, type ListChange } from '../lib/use-server-list';
import { useWarehouseChoices } from './warehouses';

/** The tables whose changes a warehouse's topic `tenant:<t>:warehouse:<w>` carries. */
export type WarehouseTable = 'package_handoffs' | 'pick_orders' | 'receive_orders' | 'inventory_stock';

/**
 * Which table a broadcast record is a row of, by a column only that table has (the topic's
 * records come without their table name); null for a record of none of them.
 */
export function warehouseTableOf(record: Record<string, unknown>): WarehouseTable | null {
  if ('signature_url' in record) return 'package_handoffs';
  if ('receive_code' in record) return 'receive_orders';
  if ('order_type' in record) return 'pick_orders';
  if ('item_id' in record && 'quantity' in record) return 'inventory_stock';
  return null;
}

/**
 * The warehouses whose topics a list listens to: the list's warehouse filter when it is set (none
 * when the user may not access that warehouse), else every warehouse the user may access.
 */
export function liveWarehouseIds(accessible: readonly string[], filter: string | null | undefined): string[] {
  if (filter) return accessible.includes(filter) ? [filter] : [];
  return [...accessible];
}

/** The topics' combined state: live once every topic has answered and one is joined; connecting while any is still joining. */
export function combinedState(states: readonly ConnectionState[]): ConnectionState | undefined {
  if (states.length === 0) return undefined;
  if (states.includes('connecting')) return 'connecting';
  return states.includes('live') ? 'live' : 'offline';
}

type WarehouseRecord = Row & Record<string, unknown>;

const sources = new Map<string, LiveSource<WarehouseRecord>>();

/**
 * A warehouse's topic as a change feed: nothing is read (each list reads its own page), the
 * records that arrive are kept until the next (re)join, which starts empty again and so counts as
 * a change (broadcasts sent while away are gone).
 */
function warehouseSource(warehouseId: string): LiveSource<WarehouseRecord> {
  let source = sources.get(warehouseId);
  if (!source) {
    source = { entity: `warehouse:${warehouseId}`, fetch: async () => [] };
    sources.set(warehouseId, source);
  }
  return source;
}

export interface LiveWarehousesOptions {
  tenantId: string;
  /** The list's warehouse filter: only that warehouse's topic when set. */
  warehouse?: string | null;
  /** The tables whose changes matter to the list. */
  tables: readonly WarehouseTable[];
  /** Called on a change of one of `tables` (or a row that moved away, or a rejoin): the list reloads, as a live read. */
  onChange: () => void;
  /**
   * Called with the ids of rows the database deleted: of `tables`, or of a table the topic cannot
   * tell (the records of a DELETE carry only the id; a row the topic carried tells its table).
   */
  onDeleted?: (ids: string[]) => void;
}

/**
 * What a topic's news asks of a list: the ids the database deleted since the last look (`deleted`
 * against `before`; not those of a row `held` by the topic as another table's, which concern the
 * list not), and whether anything else concerns `tables` (a row of them changed, or a row moved
 * away) so the list reads again.
 */
export function warehouseNews(
  changes: readonly ListChange<WarehouseRecord>[],
  before: ReadonlySet<string>,
  deleted: ReadonlySet<string>,
  tables: readonly string[],
  held: ReadonlyMap<string, WarehouseRecord> = new Map(),
): { deletedIds: string[]; reread: boolean } {
  const ofList = (id: string) => {
    const row = held.get(id);
    const table = row ? warehouseTableOf(row) : null;
    return table === null || tables.includes(table);
  };
  const deletedIds = [...deleted].filter((id) => !before.has(id) && ofList(id));
  const reread = changes.some((change) => (change.op === 'delete' ? !change.deleted : tables.includes(warehouseTableOf(change.row) ?? '')));
  return { deletedIds, reread };
}

/**
 * Keeps a warehouse list live: listens to the topics of the warehouses the user may access (or the
 * filtered one) and calls `onChange` when a row of one of `tables` changes there. A topic the user
 * may not join stays offline and reports nothing. Answers the state for the table's LiveIndicator.
 */
export function useLiveWarehouses({ tenantId, warehouse, tables, onChange, onDeleted }: LiveWarehousesOptions): ConnectionState | undefined {
  const accessible = useWarehouseChoices(tenantId);
  const ids = liveWarehouseIds(
    accessible.map((w) => w.id),
    warehouse,
  );
  const key = ids.join(',');
  const tableKey = tables.join(',');
  const { registry, store } = useLiveRegistry();
  const onChangeRef = useRef(onChange);
  const onDeletedRef = useRef(onDeleted);
  useEffect(() => {
    onChangeRef.current = onChange;
    onDeletedRef.current = onDeleted;
  });
  const [states, setStates] = useState<Record<string, ConnectionState>>({});

  useEffect(() => {
    if (!tenantId || key === '') return;
    const wanted = tableKey.split(',');
    const cleanups: (() => void)[] = [];
    for (const id of key.split(',')) {
      const source = warehouseSource(id);
      const topic = registry.topic(source, tenantId);
      let baseline: Rows<WarehouseRecord> | null = null;
      let seenDeleted: ReadonlySet<string> = store.get(topic.deleted);
      const check = () => {
        const state = store.get(topic.state);
        setStates((current) => (current[id] === state ? current : { ...current, [id]: state }));
        if (state !== 'live' || store.get(topic.fetching)) return;
        const rows = store.get(topic.rows);
        const deleted = store.get(topic.deleted);
        const previous = baseline;
        const previousDeleted = seenDeleted;
        baseline = rows;
        seenDeleted = deleted;
        if (!previous || (previous === rows && previousDeleted === deleted)) return;
        const { deletedIds, reread } = warehouseNews(diffRows(previous, rows, deleted), previousDeleted, deleted, wanted, previous);
        if (deletedIds.length > 0) onDeletedRef.current?.(deletedIds);
        if (reread) onChangeRef.current();
      };
      cleanups.push(
        store.sub(topic.rows, check),
        store.sub(topic.state, check),
        store.sub(topic.fetching, check),
        store.sub(topic.deleted, check),
        registry.acquire(source, tenantId),
      );
      check();
    }
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  }, [tenantId, key, tableKey, registry, store]);

  return combinedState(ids.map((id) => states[id] ?? 'connecting'));
}

/** What a warehouse list gives its live topics (ServerListPage's `useLive` is handed its ServerList). */
export interface LiveWarehouseTarget {
  /** A live read, whose new rows and status changes are said. */
  refetchLive: () => void;
  /** Takes the rows the database deleted: those it shows out in place, the total one less for each; for the others it reads its page again. */
  applyChanges: (changes: readonly ListChange<never>[]) => void;
}

/**
 * The deletions a list is handed (ServerList.applyChanges): a row it shows is taken out in place; one
 * it does not show may have counted in its total (a row of an earlier page, or of the filter on a
 * later one) or not (another table's: a DELETE names no table), which only a read tells, so the list
 * reads its page again, and a last page emptied by it moves back.
 */
export function deletionChanges(ids: readonly string[]): ListChange<never>[] {
  return ids.map((id) => ({ op: 'delete', id, deleted: true }));
}

/**
 * ServerListPage's `useLive` for a warehouse list, made once outside the page: it listens to the
 * topics of the list's warehouse filter (read from the URL of `list`), or of every warehouse the user
 * may access; a change of one of `tables` re-reads the page as a live read, and the rows the database
 * deleted leave it (deletionChanges). Answers the state for the table's LiveIndicator.
 */
export function warehouseListLive<F extends { warehouse?: string | null | undefined }>(list: ListDefinition<F>, tables: readonly WarehouseTable[]) {
  return function useWarehouseListLive(page: LiveWarehouseTarget, tenantId: string): ConnectionState | undefined {
    const warehouse = useListUrlState(list).state.filters.warehouse;
    return useLiveWarehouses({ tenantId, warehouse, tables, onChange: page.refetchLive, onDeleted: (ids) => page.applyChanges(deletionChanges(ids)) });
  };
}
