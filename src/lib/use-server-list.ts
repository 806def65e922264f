import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ListState } from './list-state';

export interface ServerPage<T> {
  rows: readonly T[];
  total: number;
  /** The total is the planner's estimate (count=planned), shown as 'about'. */
  approximate?: boolean;
}

export interface FetchContext {
  /** Aborted when a newer request replaces this one or the list unmounts: pass it to supabase-js `.abortSignal()`. */
  signal: AbortSignal;
}

/**
 * A live change to the list's entity. An update of a row on the page is patched in place; anything
 * else may change the page's order or membership, so the list offers a refresh instead.
 */
export type ListChange<T> = { op: 'insert'; row: T } | { op: 'update'; row: T } | { op: 'delete'; id: string };

export interface UseServerListOptions<T, F> {
  /** What the rows depend on besides the list state (e.g. ['vehicles', tenantId]); a change clears the rows shown. */
  queryKey: readonly unknown[];
  state: ListState<F>;
  /** Reads one page. Called again whenever `queryKey` or `state` changes. */
  fetchPage: (state: ListState<F>, context: FetchContext) => Promise<ServerPage<T>>;
  rowKey: (row: T) => string;
  /** How a live update lands on the row shown; defaults to a shallow merge. */
  merge?: (current: T, incoming: T) => T;
  /** False while something the query needs (a tenant id) is not known yet. */
  enabled?: boolean;
  /** How long a patched row stays highlighted. */
  highlightMs?: number;
}

/** The props DataTable takes from the server: spread them onto it. */
export interface ServerListTableProps<T> {
  rows: readonly T[];
  total: number;
  totalIsApproximate: boolean;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  rowKey: (row: T) => string;
  changedIds: ReadonlySet<string>;
  pendingChanges: boolean;
  onRefresh: () => void;
}

export interface ServerList<T> extends ServerListTableProps<T> {
  refetch: () => void;
  applyChanges: (changes: readonly ListChange<T>[]) => void;
  tableProps: ServerListTableProps<T>;
}

interface Settled<T> {
  /** The request this answers. */
  key: string;
  /** The queryKey part of it: rows of another query (another tenant) are never shown. */
  scope: string;
  page: ServerPage<T> | null;
  error: Error | null;
  /** A change arrived that the rows shown may not reflect. */
  pending: boolean;
}

const NO_ROWS: readonly never[] = [];
const NO_IDS: ReadonlySet<string> = new Set();

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(typeof reason === 'string' ? reason : 'Something went wrong!');
}

/**
 * One page of a server-side list for DataTable: refetches when the state changes, aborts and
 * ignores a superseded request (only the latest request's answer is ever shown), keeps the
 * previous page on screen (dimmed by the table) while the next loads, and takes live changes.
 */
export function useServerList<T, F>(options: UseServerListOptions<T, F>): ServerList<T> {
  const { queryKey, state, enabled = true, highlightMs = 2_000 } = options;
  const scope = JSON.stringify(queryKey);
  const [reload, setReload] = useState(0);
  const key = `${scope}|${JSON.stringify(state)}|${reload}`;
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [changedIds, setChangedIds] = useState<ReadonlySet<string>>(NO_IDS);

  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  // Live changes that arrive while a page is being read: the read may have been answered from before
  // them, so they are applied again to the page it brings (else a search typed just before a change
  // would show the row as it was, and nothing would correct it until the next change).
  const inFlight = useRef<ListChange<T>[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const arrived: ListChange<T>[] = [];
    inFlight.current = arrived;
    const { fetchPage, state: requested } = latest.current;
    let request: Promise<ServerPage<T>>;
    try {
      request = fetchPage(requested, { signal: controller.signal });
    } catch (error) {
      request = Promise.reject(toError(error));
    }
    request.then(
      (page) => {
        if (controller.signal.aborted) return;
        if (inFlight.current === arrived) inFlight.current = null;
        if (arrived.length === 0) {
          setSettled({ key, scope, page, error: null, pending: false });
          return;
        }
        const { rowKey, merge } = latest.current;
        const patched = patchRows(page.rows, arrived, rowKey, merge);
        setSettled({ key, scope, page: { ...page, rows: patched.rows }, error: null, pending: patched.offPage });
      },
      (reason: unknown) => {
        if (controller.signal.aborted) return;
        if (inFlight.current === arrived) inFlight.current = null;
        setSettled((previous) => ({
          key,
          scope,
          page: previous?.scope === scope ? previous.page : null,
          error: toError(reason),
          pending: false,
        }));
      },
    );
    return () => controller.abort();
  }, [key, scope, enabled]);

  const highlightTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (highlightTimer.current) clearTimeout(highlightTimer.current);
    },
    [],
  );

  const refetch = useCallback(() => setReload((value) => value + 1), []);

  const shownRows = useRef<readonly T[]>(NO_ROWS);
  const applyChanges = useCallback(
    (changes: readonly ListChange<T>[]) => {
      if (changes.length === 0) return;
      const { rowKey, merge } = latest.current;
      inFlight.current?.push(...changes);
      const onPage = new Set(shownRows.current.map(rowKey));
      const patched = new Set(changes.flatMap((change) => (change.op === 'update' && onPage.has(rowKey(change.row)) ? [rowKey(change.row)] : [])));
      const pending = changes.some((change) => !(change.op === 'update' && onPage.has(rowKey(change.row))));
      setSettled((previous) => {
        if (!previous?.page) return previous;
        const { rows } = patchRows(previous.page.rows, changes, rowKey, merge);
        return { ...previous, page: { ...previous.page, rows }, pending: previous.pending || pending };
      });
      if (patched.size === 0) return;
      setChangedIds(patched);
      if (highlightTimer.current) clearTimeout(highlightTimer.current);
      highlightTimer.current = setTimeout(() => setChangedIds(NO_IDS), highlightMs);
    },
    [highlightMs],
  );

  const current = settled?.scope === scope ? settled : null;
  const loading = enabled && settled?.key !== key;
  const error = current?.key === key ? current.error : null;
  const tableProps: ServerListTableProps<T> = {
    rows: current?.page?.rows ?? NO_ROWS,
    total: current?.page?.total ?? 0,
    totalIsApproximate: current?.page?.approximate === true,
    loading,
    error: loading ? null : error,
    onRetry: refetch,
    rowKey: options.rowKey,
    changedIds,
    pendingChanges: current?.pending ?? false,
    onRefresh: refetch,
  };
  // Before anything else can run: a change arriving between the commit and a passive effect was
  // taken for one off the page (a refresh offered instead of the row patched in place).
  useLayoutEffect(() => {
    shownRows.current = tableProps.rows;
  });
  return { ...tableProps, refetch, applyChanges, tableProps };
}

/**
 * The rows with the last update of each merged in (a shallow merge unless the list gives its own),
 * and whether any change concerns a row not among them (an insert, a delete, a row of another page).
 */
export function patchRows<T>(
  rows: readonly T[],
  changes: readonly ListChange<T>[],
  rowKey: (row: T) => string,
  merge: (current: T, incoming: T) => T = (current, incoming) => ({ ...current, ...incoming }),
): { rows: T[]; offPage: boolean } {
  const keys = new Set(rows.map(rowKey));
  const patched = rows.map((row) => {
    const update = changes.findLast((change) => change.op === 'update' && rowKey(change.row) === rowKey(row));
    return update?.op === 'update' ? merge(row, update.row) : row;
  });
  return { rows: patched, offPage: changes.some((change) => !(change.op === 'update' && keys.has(rowKey(change.row)))) };
}

/**
 * The changes between two snapshots of a live collection (useLiveCollection's rows), compared by
 * value, so a reconnect's re-read of unchanged rows is no change. For feeding applyChanges.
 */
export function diffRows<T extends { id: string }>(previous: ReadonlyMap<string, T>, next: ReadonlyMap<string, T>): ListChange<T>[] {
  const changes: ListChange<T>[] = [];
  for (const [id, row] of next) {
    const before = previous.get(id);
    if (!before) changes.push({ op: 'insert', row });
    else if (before !== row && JSON.stringify(before) !== JSON.stringify(row)) changes.push({ op: 'update', row });
  }
  for (const id of previous.keys()) if (!next.has(id)) changes.push({ op: 'delete', id });
  return changes;
}

export interface LiveSnapshot<T> {
  rows: ReadonlyMap<string, T>;
  state: 'connecting' | 'live' | 'offline';
  fetching: boolean;
}

/**
 * Feeds a live collection's changes (useLiveCollection) to a server list's applyChanges. The
 * baseline is a settled snapshot (live, not re-reading), so the first read is no flood of
 * inserts, while what changed during a disconnect still counts once the re-read lands.
 */
export function useLiveChanges<T extends { id: string }>(live: LiveSnapshot<T>, onChanges: (changes: ListChange<T>[]) => void): void {
  const baseline = useRef<ReadonlyMap<string, T> | null>(null);
  const settledSnapshot = live.state === 'live' && !live.fetching;
  useEffect(() => {
    if (!settledSnapshot) return;
    const previous = baseline.current;
    baseline.current = live.rows;
    if (!previous || previous === live.rows) return;
    const changes = diffRows(previous, live.rows);
    if (changes.length > 0) onChanges(changes);
  }, [live.rows, settledSnapshot, onChanges]);
}
