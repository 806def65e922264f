import type { LookupOption } from '../lib/lookup-option';
import { searchTerm, withSearch } from '../lib/search-filter';
import { supabase } from '../lib/supabase';
import { staffLabel } from './warehousing';

/**
 * The lookups of a package handoff's form: the deliveries the caller may hand over (status
 * assigned), the completed pick orders of a warehouse, and a warehouse's active staff rows (a
 * handoff names the staff row, not the person). Each by code or name, `limit` at most.
 */

/**
 * The assigned deliveries the caller may hand over at `warehouseId` (any warehouse they may access
 * when none is chosen yet): the database's public.handoff_delivery_choices, which gives the board's
 * people every assigned delivery of the business and warehouse-only people only those of their
 * warehouses' work (the deliveries table shows them none).
 */
export async function lookupAssignedDeliveries(warehouseId: string | null, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  const { data, error } = await supabase
    .rpc('handoff_delivery_choices', { ...(warehouseId ? { warehouse_id: warehouseId } : {}), ...(term.trim() ? { search: term.trim() } : {}), max_rows: limit })
    .abortSignal(signal);
  if (error) throw error;
  return data.map((d) => ({ value: d.id, label: d.delivery_code, description: d.barcode }));
}

export async function lookupCompletedPickOrders(tenantId: string, warehouseId: string, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  const query = withSearch(
    supabase.from('pick_orders').select('id, reference_number, external_reference').eq('tenant_id', tenantId).eq('warehouse_id', warehouseId).eq('status', 'completed'),
    ['reference_number', 'external_reference'],
    term,
  );
  const { data, error } = await query.order('reference_number').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((o) => ({ value: o.id, label: o.reference_number, description: o.external_reference ?? undefined }));
}

export async function lookupWarehouseStaffRows(tenantId: string, warehouseId: string, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  const q = searchTerm(term);
  let query = supabase
    .from('warehouse_staff')
    .select(`id, role, ${q ? 'user:profiles!inner(id, full_name, email)' : 'user:profiles(id, full_name, email)'}`)
    .eq('tenant_id', tenantId)
    .eq('warehouse_id', warehouseId)
    .eq('active', true);
  if (q) query = query.ilike('user.full_name', `%${q}%`);
  const { data, error } = await query.order('created_at').limit(limit).abortSignal(signal);
  if (error) throw error;
  const rows = data as unknown as { id: string; role: string; user: { id: string; full_name: string; email: string | null } | null }[];
  return rows.map((row) => ({ value: row.id, label: staffLabel({ role: row.role, user: row.user ?? undefined }), description: row.user?.email ?? undefined }));
}
