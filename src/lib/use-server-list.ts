import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toRange, type ListState } from './list-state';
import { humanizeStatus, type StatusVocabulary } from './status-vocabulary';

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
 * A live change to the list's entity. An update of a row on the page is patched in place, and a row
 * of the page the database deleted (`deleted`) is removed in place, the total one less. A row the
 * database deleted that the page never carried may or may not have been within the list's filter
 * (a delete names only the id), so the page is read again for the total (and the rows after it move
 * up). Anything else (an insert, a row that only left a live working set, an update off the page)
 * may change the page's order or membership, so the list offers a refresh instead.
 */
export type ListChange<T> = { op: 'insert'; row: T } | { op: 'update'; row: T } | { op: 'delete'; id: string; deleted?: true };

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
  /**
   * A row's status in words, for news of a live change ('D-1001 is now Delivered'); null for a row
   * without one. Defaults to the row's `status` column in the words of `statuses`, else humanized
   * ('picked_up' reads 'Picked up').
   */
  status?: (row: T) => string | null;
  /**
   * The vocabulary of the rows' `status` column, in the page's language (`useStatuses`): the news
   * says a row's status in its words ('D-1001 ahora está Entregada').
   */
  statuses?: Pick<StatusVocabulary, 'label'>;
}

/**
 * What a live change brought to the rows in view, to be said once: rows that arrived (a re-read of
 * the same view after a live change shows them), and rows whose status moved, with the status now.
 * `id` tells one batch from the next.
 */
export interface ListNews<T> {
  id: number;
  arrived: readonly T[];
  statusChanged: readonly { row: T; status: string }[];
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
  /** The last live change's news (null before any): the table says it politely. */
  news: ListNews<T> | null;
}

export interface ServerList<T> extends ServerListTableProps<T> {
  /** Reads the page again (a Retry, an action of the user's that changed a row). */
  refetch: () => void;
  /**
   * Reads the page again because of a live change (another user's, the server's): the rows it brings
   * that were not in view, and those whose status moved, become news.
   */
  refetchLive: () => void;
  applyChanges: (changes: readonly ListChange<T>[]) => void;
  tableProps: ServerListTableProps<T>;
}

interface Settled<T> {
  /** The request this answers. */
  key: string;
  /** The queryKey part of it: rows of another query (another tenant) are never shown. */
  scope: string;
  /** The view (query and list state) of the rows in `page`. */
  view: string;
  page: ServerPage<T> | null;
  error: Error | null;
  /** A change arrived that the rows shown may not reflect. */
  pending: boolean;
}

const NO_ROWS: readonly never[] = [];
const NO_IDS: ReadonlySet<string> = new Set();

/** The default status of a row: its `status` column, in the words of `statuses` (else humanized). */
export function defaultStatus(row: unknown, statuses?: Pick<StatusVocabulary, 'label'>): string | null {
  const status = typeof row === 'object' && row !== null ? (row as { status?: unknown }).status : undefined;
  if (typeof status !== 'string' || status === '') return null;
  return statuses ? statuses.label(status) : humanizeStatus(status);
}

/** The status words a list's news uses: its own, else its `status` column in its vocabulary's words. */
function statusOf<T>({ status, statuses }: Pick<UseServerListOptions<T, unknown>, 'status' | 'statuses'>): (row: T) => string | null {
  return status ?? ((row: T) => defaultStatus(row, statuses));
}

/**
 * What changed between the rows in view and the rows now, worth saying: rows not in view before, and
 * rows whose status moved (both known). Rows that left say nothing: the table shows where they went.
 */
export function listNews<T>(
  before: readonly T[],
  after: readonly T[],
  rowKey: (row: T) => string,
  status: (row: T) => string | null = (row) => defaultStatus(row),
): Omit<ListNews<T>, 'id'> {
  const previous = new Map(before.map((row) => [rowKey(row), row]));
  const arrived: T[] = [];
  const statusChanged: { row: T; status: string }[] = [];
  for (const row of after) {
    const was = previous.get(rowKey(row));
    if (was === undefined) {
      arrived.push(row);
      continue;
    }
    const now = status(row);
    const then = status(was);
    if (now !== null && then !== null && now !== then) statusChanged.push({ row, status: now });
  }
  return { arrived, statusChanged };
}

/**
 * A failed read as an Error: PostgREST's plain `{message, code, details, hint}` keeps its words and
 * its keyed details (so the table can word a refusal in the user's language), anything else its text.
 */
function toError(reason: unknown): Error {
  if (reason instanceof Error) return reason;
  if (typeof reason === 'object' && reason !== null && typeof (reason as { message?: unknown }).message === 'string') {
    const { message, ...rest } = reason as { message: string } & Record<string, unknown>;
    return Object.assign(new Error(message || 'Something went wrong!'), rest);
  }
  return new Error(typeof reason === 'string' ? reason : 'Something went wrong!');
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
  // The view: what the rows depend on besides a reload. A re-read of the same view after a live change is news.
  const view = `${scope}|${JSON.stringify(state)}`;
  const key = `${view}|${reload}`;
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [changedIds, setChangedIds] = useState<ReadonlySet<string>>(NO_IDS);
  const [news, setNews] = useState<ListNews<T> | null>(null);
  const newsCount = useRef(0);
  const tell = useCallback((found: Omit<ListNews<T>, 'id'>) => {
    if (found.arrived.length === 0 && found.statusChanged.length === 0) return;
    newsCount.current += 1;
    setNews({ id: newsCount.current, ...found });
  }, []);
  // The view a live re-read was asked for (refetchLive), and the view of the rows in view now.
  const liveView = useRef<string | null>(null);
  const shownView = useRef<string | null>(null);
  const latestView = useRef(view);
  // The rows in view and their view, for what a live change is compared with. Set before anything
  // else can run: a change arriving between the commit and a passive effect was taken for one off the
  // page (a refresh offered instead of the row patched in place).
  const shownRows = useRef<readonly T[]>(NO_ROWS);
  const shownTotal = useRef(0);
  const current = settled?.scope === scope ? settled : null;
  const rowsInView = current?.page?.rows ?? NO_ROWS;
  const viewInView = current?.page ? current.view : null;
  const totalInView = current?.page?.total ?? 0;
  useLayoutEffect(() => {
    shownRows.current = rowsInView;
    shownTotal.current = totalInView;
    shownView.current = viewInView;
    latestView.current = view;
  });

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
    // A live re-read of the view in view: what it brings is compared with the rows shown when it lands.
    const live = liveView.current === view && shownView.current === view;
    if (liveView.current === view) liveView.current = null;
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
        const { rowKey, merge } = latest.current;
        const status = statusOf(latest.current);
        const patched = arrived.length === 0 ? { rows: page.rows, offPage: false, removed: 0 } : patchRows(page.rows, arrived, rowKey, merge);
        if (live) tell(listNews(shownRows.current, patched.rows, rowKey, status));
        // A row the read brought that was deleted meanwhile: the read is older than the deletion, so
        // its total still counts the row.
        const landed = arrived.length === 0 ? page : { ...page, rows: patched.rows, total: Math.max(0, page.total - patched.removed) };
        setSettled({ key, scope, view, page: landed, error: null, pending: patched.offPage });
      },
      (reason: unknown) => {
        if (controller.signal.aborted) return;
        if (inFlight.current === arrived) inFlight.current = null;
        setSettled((previous) => ({
          key,
          scope,
          view: previous?.scope === scope ? previous.view : view,
          page: previous?.scope === scope ? previous.page : null,
          error: toError(reason),
          pending: false,
        }));
      },
    );
    return () => controller.abort();
  }, [key, scope, view, enabled, tell]);

  const highlightTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (highlightTimer.current) clearTimeout(highlightTimer.current);
    },
    [],
  );

  const refetch = useCallback(() => setReload((value) => value + 1), []);
  const refetchLive = useCallback(() => {
    liveView.current = latestView.current;
    setReload((value) => value + 1);
  }, []);

  const applyChanges = useCallback(
    (changes: readonly ListChange<T>[]) => {
      if (changes.length === 0) return;
      const { rowKey, merge } = latest.current;
      const status = statusOf(latest.current);
      inFlight.current?.push(...changes);
      // The rows in view patched once: the news (rows in view whose status the change moves; a row
      // not in view is not said) and the page shown next both come from it. A second change before
      // the next render builds on this one.
      const shown = shownRows.current;
      const shownPatch = patchRows(shown, changes, rowKey, merge);
      const { rows: shownPatched } = shownPatch;
      shownRows.current = shownPatched;
      tell(listNews(shown, shownPatched, rowKey, status));
      const onPage = new Set(shown.map(rowKey));
      const patched = new Set(changes.flatMap((change) => (change.op === 'update' && onPage.has(rowKey(change.row)) ? [rowKey(change.row)] : [])));
      setSettled((previous) => {
        if (!previous?.page) return previous;
        // Another page may have landed since the last render: patch that one instead.
        const patch = previous.page.rows === shown ? shownPatch : patchRows(previous.page.rows, changes, rowKey, merge);
        const total = Math.max(0, previous.page.total - patch.removed);
        return { ...previous, page: { ...previous.page, rows: patch.rows, total }, pending: previous.pending || patch.offPage };
      });
      // Rows deleted from a page with more rows after it: the page is read again to fill up (its
      // total is already right meanwhile). A deleted row the page never carried: only the server
      // knows whether the filter held it, so the page is read again for its total (a page emptied
      // by it then moves back: DataTable keeps the page within the total).
      const totalNow = Math.max(0, shownTotal.current - shownPatch.removed);
      shownTotal.current = totalNow;
      const fillUp = shownPatch.removed > 0 && toRange(latest.current.state).from + shownPatched.length < totalNow;
      if (fillUp || shownPatch.unseenDeletions > 0) setReload((value) => value + 1);
      if (patched.size === 0) return;
      setChangedIds(patched);
      if (highlightTimer.current) clearTimeout(highlightTimer.current);
      highlightTimer.current = setTimeout(() => setChangedIds(NO_IDS), highlightMs);
    },
    [highlightMs, tell],
  );

  const loading = enabled && settled?.key !== key;
  const error = current?.key === key ? current.error : null;
  const tableProps: ServerListTableProps<T> = {
    rows: rowsInView,
    total: current?.page?.total ?? 0,
    totalIsApproximate: current?.page?.approximate === true,
    loading,
    error: loading ? null : error,
    onRetry: refetch,
    rowKey: options.rowKey,
    changedIds,
    pendingChanges: current?.pending ?? false,
    onRefresh: refetch,
    news,
  };
  return { ...tableProps, refetch, refetchLive, applyChanges, tableProps };
}

/**
 * The rows with the last update of each merged in (a shallow merge unless the list gives its own)
 * and the rows the database deleted taken out (`removed` of them); whether any change concerns a row
 * not among them (an insert, a row that left the working set, an update of a row of another page);
 * and how many rows the database deleted were not among them (`unseenDeletions`: whether they
 * counted in the list's total only a read can tell).
 */
export function patchRows<T>(
  rows: readonly T[],
  changes: readonly ListChange<T>[],
  rowKey: (row: T) => string,
  merge: (current: T, incoming: T) => T = (current, incoming) => ({ ...current, ...incoming }),
): { rows: T[]; offPage: boolean; removed: number; unseenDeletions: number } {
  const keys = new Set(rows.map(rowKey));
  const deleted = new Set(changes.flatMap((change) => (change.op === 'delete' && change.deleted ? [change.id] : [])));
  const patched = rows.flatMap((row) => {
    if (deleted.has(rowKey(row))) return [];
    const update = changes.findLast((change) => change.op === 'update' && rowKey(change.row) === rowKey(row));
    return [update?.op === 'update' ? merge(row, update.row) : row];
  });
  const unseen = new Set([...deleted].filter((id) => !keys.has(id)));
  const inPlace = (change: ListChange<T>) => (change.op === 'update' ? keys.has(rowKey(change.row)) : change.op === 'delete' && change.deleted === true);
  return { rows: patched, offPage: changes.some((change) => !inPlace(change)), removed: rows.length - patched.length, unseenDeletions: unseen.size };
}

/**
 * The changes between two snapshots of a live collection (useLiveCollection's rows), compared by
 * value, so a reconnect's re-read of unchanged rows is no change. A row gone whose id is in
 * `deleted` (the collection's deleted ids) was deleted; else it only left the working set. For
 * feeding applyChanges.
 */
export function diffRows<T extends { id: string }>(
  previous: ReadonlyMap<string, T>,
  next: ReadonlyMap<string, T>,
  deleted: ReadonlySet<string> = new Set<string>(),
): ListChange<T>[] {
  const changes: ListChange<T>[] = [];
  for (const [id, row] of next) {
    const before = previous.get(id);
    if (!before) changes.push({ op: 'insert', row });
    else if (before !== row && JSON.stringify(before) !== JSON.stringify(row)) changes.push({ op: 'update', row });
  }
  for (const id of previous.keys()) if (!next.has(id)) changes.push(deleted.has(id) ? { op: 'delete', id, deleted: true } : { op: 'delete', id });
  return changes;
}

export interface LiveSnapshot<T> {
  rows: ReadonlyMap<string, T>;
  /** The ids the database deleted (useLiveCollection's `deleted`): their removal is in place. */
  deleted?: ReadonlySet<string>;
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
    const changes = diffRows(previous, live.rows, live.deleted);
    if (changes.length > 0) onChanges(changes);
  }, [live.rows, live.deleted, settledSnapshot, onChanges]);
}

/**
 * Feeds a live collection of a table's rows to a list of its view's rows (useLiveChanges). A
 * broadcast carries the table's columns only: merged over a row on the page (applyChanges' default
 * merge), it updates the table's fields in place and keeps the columns the view joined.
 */
export function useLiveTableChanges<TableRow extends { id: string }, Row>(live: LiveSnapshot<TableRow>, applyChanges: (changes: readonly ListChange<Row>[]) => void): void {
  const onChanges = useCallback(
    (changes: ListChange<TableRow>[]) => applyChanges(changes.map((c) => (c.op === 'delete' ? c : { op: c.op, row: c.row as unknown as Row }))),
    [applyChanges],
  );
  useLiveChanges(live, onChanges);
}
