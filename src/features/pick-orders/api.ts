import type { ListState } from '../../lib/list-state';
import { fetchListPage, parsedResult, rowOrNull } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { PickOrderFilters } from './list';
import { batchCandidateSchema, buildBatchResultSchema, takeOutResultSchema, type BatchCandidate, type BuildBatchArgs, type BuildBatchResult, type TakeOutResult } from './batch';
import { pickOrderReadSchema, pickOrderRowSchema, type PickOrderMove, type PickOrderRecord, type PickOrderRow, type PickOrderWrite } from './schema';
import type { StatusHistoryEntry } from '../../ui/StatusHistory';

/** A pick order's status history entry, as the kit's StatusHistory shows it. */
export type PickOrderEvent = StatusHistoryEntry;

const ROW_COLUMNS =
  'id, warehouse_id, reference_number, external_reference, order_type, priority, status, assigned_to, assigned_to_name, due_date, warehouse_name, warehouse_code, line_count, total_items, picked_items, created_at, batch_reference';

/** One page of the pick orders the caller may read (the warehouses' access modes decide): search, filters, sort, exact total. */
export async function listPickOrders(tenantId: string, state: ListState<PickOrderFilters>, { signal }: FetchContext): Promise<ServerPage<PickOrderRow>> {
  let query = supabase.from('pick_order_rows').select(ROW_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['reference_number', 'external_reference', 'warehouse_name', 'assigned_to_name'], state.q);
  const { status, type, warehouse, assignee, from: dueFrom, to: dueTo } = state.filters;
  if (status) query = query.eq('status', status);
  if (type) query = query.eq('order_type', type);
  if (warehouse) query = query.eq('warehouse_id', warehouse);
  if (assignee) query = query.eq('assigned_to', assignee);
  if (dueFrom) query = query.gte('due_date', dueFrom);
  if (dueTo) query = query.lte('due_date', dueTo);
  return fetchListPage(query, state, signal, pickOrderRowSchema.array(), { idAscending: false, nullsFirst: false });
}

/** An order in the read shape, or null when there is none (or the caller may not see it). */
export async function getPickOrder(pickOrderId: string): Promise<PickOrderRecord | null> {
  // A malformed id (not a uuid) names no order.
  const read = rowOrNull(await supabase.rpc('get_pick_order', { pick_order_id: pickOrderId }), pickOrderReadSchema);
  return read && { ...read, id: read.order.id };
}

/** A fresh reference number for a new order (the user may overwrite it). */
export async function nextPickOrderReference(): Promise<string> {
  const { data, error } = await supabase.rpc('next_pick_order_reference');
  if (error) throw error;
  return data;
}

/**
 * Create (id null) or save an order, or only its assignee (the values given change, the rest stay);
 * throws the PostgREST error as is (the form maps its details onto the fields).
 */
export async function savePickOrder(pickOrderId: string | null, values: PickOrderWrite | Pick<PickOrderWrite, 'assigned_to'>): Promise<PickOrderRecord> {
  const { data, error } = await supabase.rpc('save_pick_order', { pick_order_id: pickOrderId as string, values });
  if (error) throw error;
  const read = pickOrderReadSchema.parse((data as { pick_order: unknown }).pick_order);
  return { ...read, id: read.order.id };
}

/** A refused move or batch change: the server's English, with the key and params of its words when it has them. */
export type PickRefusal = Error & { key?: string; params?: Record<string, unknown> };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The server's first problem (a short line when starting), else its message, as an Error whose
 * message is the server's English and whose key and params (pick.*) let the page word it in the
 * user's language (refusalText with the server words).
 */
function refusalOf(error: { message: string; details?: string | null }): PickRefusal {
  try {
    const details = JSON.parse(error.details ?? '') as unknown;
    if (Array.isArray(details) && details.length > 0) {
      const first = details[0] as { message?: unknown; key?: unknown; params?: unknown };
      if (typeof first.message === 'string') {
        return Object.assign(new Error(first.message), {
          ...(typeof first.key === 'string' ? { key: first.key } : {}),
          ...(isRecord(first.params) ? { params: first.params } : {}),
        });
      }
    }
  } catch {
    // Not a JSON list of problems: the message says it.
  }
  return new Error(error.message);
}

/** Start, complete or cancel an order; a refusal throws the server's own words. */
export async function transitionPickOrder(pickOrderId: string, status: PickOrderMove, note?: string): Promise<void> {
  const { error } = await supabase.rpc('transition_pick_order', { pick_order_id: pickOrderId, status, ...(note ? { note } : {}) });
  if (error) throw refusalOf(error);
}

/** The order's history, oldest first. */
export async function listPickOrderEvents(pickOrderId: string): Promise<PickOrderEvent[]> {
  const { data, error } = await supabase
    .from('pick_order_events')
    .select('id, from_status, status, note, actor_name, occurred_at')
    .eq('pick_order_id', pickOrderId)
    .order('occurred_at')
    .order('seq');
  if (error) throw error;
  return data;
}

/** The pending individual orders of a warehouse not in a batch (what a batch may gather), oldest due first. */
export async function listBatchCandidates(tenantId: string, warehouseId: string, signal?: AbortSignal): Promise<BatchCandidate[]> {
  let query = supabase
    .from('pick_order_rows')
    .select('id, reference_number, external_reference, line_count')
    .eq('tenant_id', tenantId)
    .eq('warehouse_id', warehouseId)
    .eq('status', 'pending')
    .eq('order_type', 'individual')
    .is('batch_id', null)
    .order('due_date', { ascending: true, nullsFirst: false })
    .order('reference_number')
    .limit(200);
  if (signal) query = query.abortSignal(signal);
  return parsedResult(await query, batchCandidateSchema.array());
}

/** Builds (or, with dry_run, previews) batches; a refusal throws the server's own words. */
export async function buildPickBatch(args: BuildBatchArgs): Promise<BuildBatchResult> {
  const { data, error } = await supabase.rpc('build_pick_batch', args);
  if (error) throw refusalOf(error);
  return buildBatchResultSchema.parse(data);
}

/** Takes a member order out of its pending batch (the last one out cancels the batch); a refusal throws the server's own words. */
export async function takeOutOfPickBatch(pickOrderId: string): Promise<TakeOutResult> {
  const { data, error } = await supabase.rpc('take_out_of_pick_batch', { pick_order_id: pickOrderId });
  if (error) throw refusalOf(error);
  return takeOutResultSchema.parse(data);
}

/** Assigns an order (a built batch) to a staff member of its warehouse; throws the PostgREST error as is (the form places its details). */
export async function assignPickOrder(pickOrderId: string, assignedTo: string): Promise<PickOrderRecord> {
  return savePickOrder(pickOrderId, { assigned_to: assignedTo });
}
