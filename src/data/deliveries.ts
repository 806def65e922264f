import type { Lookup, LookupOption } from '../lib/lookup-option';
import { withSearch } from '../lib/search-filter';
import { supabase } from '../lib/supabase';
import { nameById, tenantLookup } from './named-records';

/** A delivery's code for a stored id; null when it cannot be read. */
export const deliveryLabel = nameById('deliveries');

export interface DeliveryLookupOptions {
  /**
   * Only delivered drop-offs, each with its drop-off address below: what a return may be requested
   * for (the database refuses a return of anything else). Without it, every delivery with its status
   * below (an exception may happen at any stage).
   */
  returnable?: boolean;
}

/** The tenant's deliveries by code, customer or external reference, newest first, labelled 'code · customer'. */
export async function lookupDeliveries(
  tenantId: string,
  term: string,
  limit: number,
  signal: AbortSignal,
  { returnable = false }: DeliveryLookupOptions = {},
): Promise<LookupOption[]> {
  let query = supabase.from('delivery_rows').select('id, delivery_code, customer_name, status, dropoff_full_address').eq('tenant_id', tenantId);
  if (returnable) query = query.eq('status', 'delivered').neq('kind', 'pickup');
  query = withSearch(query, ['delivery_code', 'customer_name', 'external_reference_id'], term);
  const { data, error } = await query.order('created_at', { ascending: false }).limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((d) => ({
    value: d.id as string,
    label: `${d.delivery_code as string} · ${(d.customer_name as string | null) ?? 'Unknown customer'}`,
    description: returnable ? ((d.dropoff_full_address as string | null) ?? undefined) : String(d.status).replaceAll('_', ' '),
  }));
}

function assignableDescription(d: { external_reference_id: string | null; status: string; total_weight_kg: number | string; dropoff_address: unknown }): string {
  const dropoff = (d.dropoff_address as { full_address?: string } | null)?.full_address;
  return [d.external_reference_id, `${Number(d.total_weight_kg)} kg`, dropoff, d.status === 'pending' ? null : d.status.replaceAll('_', ' ')]
    .filter(Boolean)
    .join(' · ');
}

export interface AssignableDeliveryOptions {
  /** Only pending deliveries: what a new assignment may take (the database assigns no other); a filter over assignments finds any. */
  pendingOnly?: boolean;
}

/**
 * Deliveries by code or external reference, newest first, labelled by code; below, what a dispatcher
 * weighs when assigning (reference, weight, drop-off, and the status unless pending).
 */
export async function lookupAssignableDeliveries(
  tenantId: string,
  term: string,
  limit: number,
  signal: AbortSignal,
  { pendingOnly = false }: AssignableDeliveryOptions = {},
): Promise<LookupOption[]> {
  let query = supabase
    .from('deliveries')
    .select('id, delivery_code, external_reference_id, status, total_weight_kg, dropoff_address')
    .eq('tenant_id', tenantId)
    .order('created_at', { ascending: false })
    .limit(limit)
    .abortSignal(signal);
  if (pendingOnly) query = query.eq('status', 'pending');
  query = withSearch(query, ['delivery_code', 'external_reference_id'], term);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((d) => ({ value: d.id, label: d.delivery_code, description: assignableDescription(d) }));
}

/** The delivery lookup of a field or filter (exceptions, returns): its search (with `options`) and a stored delivery's code. */
export function deliveryLookup(tenantId: string, options: DeliveryLookupOptions = {}): Lookup {
  return tenantLookup(tenantId, (tenant, term, limit, signal) => lookupDeliveries(tenant, term, limit, signal, options), deliveryLabel);
}

/** The delivery lookup of the assignment screens: its search (with `options`) and a stored delivery's code. */
export function assignableDeliveryLookup(tenantId: string, options: AssignableDeliveryOptions = {}): Lookup {
  return tenantLookup(tenantId, (tenant, term, limit, signal) => lookupAssignableDeliveries(tenant, term, limit, signal, options), deliveryLabel);
}
