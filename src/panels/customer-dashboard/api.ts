import { supabase } from '../../lib/supabase';
import { ACTIVE_STATUSES, customerDeliverySchema, PAGE_SIZE, PAST_STATUSES, type CustomerDelivery } from './schema';

const COLUMNS =
  'id, delivery_code, tracking_token, kind, status, status_reason, dropoff_address, dropoff_window_start, dropoff_window_end, package_count, packages, ' +
  'driver_id, delivered_at, failed_at, cancelled_at, returned_at, proof, created_at, updated_at';

export interface DeliveryPage {
  rows: CustomerDelivery[];
  total: number;
}

/**
 * One page of the customer's own deliveries, active (pending .. in transit) or past (delivered,
 * failed, cancelled, returned), the newest booking first (updated_at also moves when a return or
 * an exception touches an old one, so it would not read as 'recent'). RLS gives a customer only
 * theirs; the filters say so too, and the order is the (customer_id, created_at desc) index's.
 */
export async function listCustomerDeliveries(
  tenantId: string,
  customerId: string,
  scope: 'active' | 'past',
  page: number,
  signal?: AbortSignal,
): Promise<DeliveryPage> {
  const from = (page - 1) * PAGE_SIZE;
  let query = supabase
    .from('deliveries')
    .select(COLUMNS, { count: 'exact' })
    .eq('tenant_id', tenantId)
    .eq('customer_id', customerId)
    .in('status', scope === 'active' ? [...ACTIVE_STATUSES] : [...PAST_STATUSES])
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + PAGE_SIZE - 1);
  if (signal) query = query.abortSignal(signal);
  const { data, count, error } = await query;
  // A page past the end (an old link, or deliveries that moved on): no rows, and how many there are.
  if (error?.code === 'PGRST103') return { rows: [], total: await countCustomerDeliveries(tenantId, customerId, scope, signal) };
  if (error) throw error;
  return { rows: customerDeliverySchema.array().parse(data), total: count ?? 0 };
}

async function countCustomerDeliveries(tenantId: string, customerId: string, scope: 'active' | 'past', signal?: AbortSignal): Promise<number> {
  let query = supabase
    .from('deliveries')
    .select('id', { count: 'exact', head: true })
    .eq('tenant_id', tenantId)
    .eq('customer_id', customerId)
    .in('status', scope === 'active' ? [...ACTIVE_STATUSES] : [...PAST_STATUSES]);
  if (signal) query = query.abortSignal(signal);
  const { count, error } = await query;
  if (error) throw error;
  return count ?? 0;
}

/** The first names of the drivers carrying the deliveries (customers read the tenant's staff, never their surnames here). */
export async function driverFirstNames(ids: readonly string[], signal?: AbortSignal): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  let query = supabase.from('profiles').select('id, first_name').in('id', [...new Set(ids)]);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return new Map((data ?? []).filter((row) => row.first_name).map((row) => [row.id, row.first_name as string]));
}

/** The customer's open return requests (not rejected or closed) by delivery: the dashboard shows them instead of the button. */
/** A delivery's return request still in progress (neither rejected nor closed). */
export interface OpenReturn {
  code: string;
  status: string;
}

export async function openReturns(deliveryIds: readonly string[], signal?: AbortSignal): Promise<Map<string, OpenReturn>> {
  if (deliveryIds.length === 0) return new Map();
  let query = supabase.from('return_requests').select('delivery_id, return_code, status').in('delivery_id', [...deliveryIds]).not('status', 'in', '(rejected,closed)');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return new Map((data ?? []).map((r) => [r.delivery_id, { code: r.return_code, status: r.status }]));
}

/** A return request of a delivered delivery, as its customer (RLS: their own; the database checks the rest). */
export async function requestReturn(
  tenantId: string,
  deliveryId: string,
  request: { reason: string; reason_text: string; items: { package_index: number; description: string; quantity: number }[] },
): Promise<{ return_code: string }> {
  const { data, error } = await supabase
    .from('return_requests')
    .insert({ tenant_id: tenantId, delivery_id: deliveryId, reason: request.reason, reason_text: request.reason_text.trim() || null, items: request.items })
    .select('return_code')
    .single();
  if (error) throw error;
  return data;
}
