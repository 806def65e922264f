import type { PostgrestError } from '@supabase/supabase-js';
import { toRange, type ListState } from './list-state';
import type { ServerPage } from './use-server-list';

/**
 * The three endings every feature's api.ts gave its supabase-js reads and writes, said once: a
 * server list's page (sort, tie-break, range, exact total), a by-id read that answers null for no
 * row, and a write that answers the row it wrote. Each parses with the feature's zod schema (or
 * anything with `parse`), and throws the PostgREST error as it came, so a form can still map its
 * details onto the fields (`server-errors.ts`).
 */

/** What parses the rows a query answered: a zod schema, or anything with `parse`. */
export interface RowParser<Row> {
  parse(data: unknown): Row;
}

interface QueryResult {
  data: unknown;
  error: PostgrestError | null;
}

interface PageResult extends QueryResult {
  count: number | null;
}

/** A supabase-js select that can still be ordered and cut to a page (it selected with `count: 'exact'`). */
export interface PageableQuery<Q> {
  order(column: string, options?: { ascending?: boolean; nullsFirst?: boolean }): Q;
  range(from: number, to: number): { abortSignal(signal: AbortSignal): PromiseLike<PageResult> };
}

export interface PageOrder {
  /** The tie-break on `id` after the screen's sort, so equal values keep one order across pages; ascending unless false. */
  idAscending?: boolean;
  /** Where nulls go in the screen's sort; PostgREST's default (last ascending, first descending) when not set. */
  nullsFirst?: boolean;
}

/** One page of a server list: the screen's sort, then `id`, the page's range, and the exact total. */
export async function fetchListPage<Row, Q extends PageableQuery<Q>>(
  query: Q,
  state: ListState<unknown>,
  signal: AbortSignal,
  rows: RowParser<Row[]>,
  { idAscending = true, nullsFirst }: PageOrder = {},
): Promise<ServerPage<Row>> {
  const { from, to } = toRange(state);
  const sorted = state.sort ? query.order(state.sort.column, { ascending: state.sort.direction === 'asc', nullsFirst }) : query;
  const { data, count, error } = await sorted.order('id', { ascending: idAscending }).range(from, to).abortSignal(signal);
  if (error) throw error;
  return { rows: rows.parse(data), total: count ?? 0 };
}

/**
 * The row a by-id read (`maybeSingle()`) found, or null: there is none, the caller may not see it,
 * or the id is malformed (22P02: what is not a uuid names no row). Other errors throw.
 */
export function rowOrNull<Row>({ data, error }: QueryResult, row: RowParser<Row>): Row | null {
  if (error) {
    if (error.code === '22P02') return null;
    throw error;
  }
  return data ? row.parse(data) : null;
}

/** The row (or rows) a write or a read answered with, parsed; its error thrown as is. */
export function parsedResult<Row>({ data, error }: QueryResult, row: RowParser<Row>): Row {
  if (error) throw error;
  return row.parse(data);
}
