import { dayBoundary } from '../../lib/day-range';
import { uploadFile, type UploadedFile } from '../../lib/edge-functions';
import type { ListState } from '../../lib/list-state';
import { fetchListPage, rowOrNull, parsedResult } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { ReturnFilters } from './list';
import {
  returnEventSchema,
  returnRowSchema,
  returnTableRowSchema,
  type DeliveryPackage,
  type ReturnableDelivery,
  type ReturnEvent,
  type ReturnRow,
  type ReturnStatus,
  type ReturnTableRow,
  type ReturnWrite,
  type PutBackValues,
} from './schema';

const ROW_COLUMNS =
  'id, tenant_id, return_code, delivery_id, delivery_code, delivery_status, delivery_price, delivery_cod_amount, delivery_packages, delivered_at, dropoff_full_address, order_id, customer_id, customer_name, customer_email, reason, reason_text, items, photos, refund_amount, currency, notes, status, refunded, pickup_delivery_id, pickup_delivery_code, pickup_delivery_status, warehouse_id, warehouse_name, received_at, closed_at, created_at, updated_at';
const TABLE_COLUMNS =
  'id, tenant_id, return_code, reason, reason_text, items, photos, refund_amount, currency, notes, status, refunded, pickup_delivery_id, warehouse_id, received_at, closed_at, created_at, updated_at';

/** One page of the tenant's return requests: search on codes and the customer, filters, sort and the exact total. */
export async function listReturns(tenantId: string, state: ListState<ReturnFilters>, { signal }: FetchContext): Promise<ServerPage<ReturnRow>> {
  let query = supabase.from('return_request_rows').select(ROW_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['return_code', 'delivery_code', 'customer_name', 'customer_email'], state.q);
  const { status, reason, from: fromDay, to: toDay } = state.filters;
  if (status) query = query.eq('status', status);
  if (reason) query = query.eq('reason', reason);
  if (fromDay) query = query.gte('created_at', dayBoundary(fromDay));
  if (toDay) query = query.lt('created_at', dayBoundary(toDay, true));
  return fetchListPage(query, state, signal, returnRowSchema.array());
}

/** The tenant's requests as the table broadcasts them: the live collection's read. */
export async function listAllReturns(tenantId: string): Promise<ReturnTableRow[]> {
  return parsedResult(await supabase.from('return_requests').select(TABLE_COLUMNS).eq('tenant_id', tenantId).order('created_at', { ascending: false }).limit(1000), returnTableRowSchema.array());
}

/** A request of the tenant, or null when there is none (or the caller may not see it). */
export async function getReturn(tenantId: string, id: string): Promise<ReturnRow | null> {
  return rowOrNull(await supabase.from('return_request_rows').select(ROW_COLUMNS).eq('tenant_id', tenantId).eq('id', id).maybeSingle(), returnRowSchema);
}

export async function listReturnEvents(returnId: string): Promise<ReturnEvent[]> {
  const result = await supabase
    .from('return_request_events')
    .select('id, from_status, status, note, actor_name, occurred_at')
    .eq('return_request_id', returnId)
    .order('occurred_at', { ascending: true })
    .order('seq', { ascending: true });
  return parsedResult(result, returnEventSchema.array());
}

/** What the caller may do with the request now (the database's return_request_actions). */
export async function returnActions(returnId: string): Promise<string[]> {
  const { data, error } = await supabase.rpc('return_request_actions', { return_request_id: returnId });
  if (error) throw error;
  return (data as string[] | null) ?? [];
}

/** Throws the PostgREST error as is: the form maps its details onto the fields. */
export async function createReturn(tenantId: string, deliveryId: string, values: ReturnWrite): Promise<string> {
  const { data, error } = await supabase
    .from('return_requests')
    .insert({ ...values, tenant_id: tenantId, delivery_id: deliveryId })
    .select('id')
    .single();
  if (error) throw error;
  return data.id as string;
}

export async function updateReturn(tenantId: string, id: string, values: ReturnWrite): Promise<void> {
  const { data, error } = await supabase.from('return_requests').update(values).eq('tenant_id', tenantId).eq('id', id).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('This return request no longer exists.');
}

/** A refusal's words: the details' messages (23514), else the message. */
function refusalMessage(error: { message: string; details?: string | null }): string {
  try {
    const details = JSON.parse(error.details ?? 'null') as { message?: string }[] | null;
    if (Array.isArray(details) && details.length > 0) return details.map((d) => d.message).filter(Boolean).join(' ');
  } catch {
    // Not JSON: the message says it.
  }
  return error.message;
}

export interface ReturnMove {
  status: ReturnStatus;
  note?: string | undefined;
  refunded?: boolean | undefined;
  schedulePickup?: boolean | undefined;
  warehouseId?: string | undefined;
}

/**
 * A move of the status machine (public.transition_return_request); refusals as an Error with the database's English
 * words, keeping the refusal's keyed `details` (the screen words them with refusalText).
 */
export async function transitionReturn(id: string, move: ReturnMove): Promise<void> {
  const { error } = await supabase.rpc('transition_return_request', {
    return_request_id: id,
    status: move.status,
    note: move.note?.trim() || undefined,
    refunded: move.refunded,
    schedule_pickup: move.schedulePickup ?? false,
    warehouse_id: move.warehouseId,
  });
  if (error) throw Object.assign(new Error(refusalMessage(error)), { code: error.code, details: error.details });
}

/** A delivery with what the form needs (packages, price, customer), or null. */
export async function getReturnableDelivery(tenantId: string, id: string): Promise<ReturnableDelivery | null> {
  const { data, error } = await supabase
    .from('deliveries')
    .select('id, delivery_code, customer_id, status, price, cod_amount, currency, packages, delivered_at, dropoff_address')
    .eq('tenant_id', tenantId)
    .eq('id', id)
    .maybeSingle();
  if (error) {
    if (error.code === '22P02') return null;
    throw error;
  }
  if (!data) return null;
  const { data: customer } = await supabase.from('profiles').select('full_name').eq('id', data.customer_id as string).maybeSingle();
  return {
    id: data.id as string,
    delivery_code: data.delivery_code as string,
    customer_id: data.customer_id as string,
    customer_name: (customer?.full_name as string | null | undefined) ?? null,
    status: data.status as string,
    price: Number(data.price),
    cod_amount: Number(data.cod_amount),
    currency: data.currency as string,
    packages: (data.packages as DeliveryPackage[] | null) ?? [],
    delivered_at: (data.delivered_at as string | null) ?? null,
    dropoff_full_address: ((data.dropoff_address as { full_address?: string } | null)?.full_address as string | undefined) ?? null,
  };
}

/** The tenant's open warehouses (the approver's choice of where the return goes); empty when the caller may not read them. */
export async function listReturnWarehouses(tenantId: string): Promise<{ value: string; label: string }[]> {
  const { data, error } = await supabase.from('warehouses').select('id, name, code, status').eq('tenant_id', tenantId).in('status', ['active', 'full']).order('name').limit(100);
  if (error) return [];
  return data.map((w) => ({ value: w.id as string, label: `${w.name as string} (${w.code as string})${w.status === 'full' ? ' — full' : ''}` }));
}

export function uploadReturnPhoto(tenantId: string, file: File): Promise<UploadedFile> {
  return uploadFile(tenantId, file, 'image');
}

/** The ledger names the bin and condition as its own columns; the put-back form names them as it asks them. */
const PUT_BACK_FIELDS: Record<string, string> = { to_bin_id: 'bin_id', stock_status: 'condition' };

/**
 * Puts units of an item from a received return back into a bin (public.put_back_return_request: a
 * `return` transaction referencing the request). Throws the PostgREST error with its details'
 * fields named as the form names them.
 */
export async function putBackIntoStock(returnId: string, values: PutBackValues): Promise<void> {
  const { error } = await supabase.rpc('put_back_return_request', {
    return_request_id: returnId,
    item_id: values.item_id,
    bin_id: values.bin_id,
    quantity: values.quantity,
    condition: values.condition,
  });
  if (error) throw { ...error, details: renameDetailFields(error.details) };
}

function renameDetailFields(details: string | null | undefined): string | null | undefined {
  try {
    const parsed = JSON.parse(details ?? 'null') as { field?: string }[] | null;
    if (!Array.isArray(parsed)) return details;
    return JSON.stringify(parsed.map((d) => (d.field && PUT_BACK_FIELDS[d.field] ? { ...d, field: PUT_BACK_FIELDS[d.field] } : d)));
  } catch {
    return details;
  }
}
