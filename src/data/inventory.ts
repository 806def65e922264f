import type { Lookup, LookupOption } from '../lib/lookup-option';
import { withSearch } from '../lib/search-filter';
import { supabase } from '../lib/supabase';
import { locationLabel } from './locations';
import { nameById, tenantLookup } from './named-records';

/**
 * The tenant's inventory items by name or SKU, by name; the SKU below. `activeOnly` is for the
 * screens that put stock in (an inactive item receives nothing); a filter offers them all.
 */
export async function lookupInventoryItems(
  tenantId: string,
  term: string,
  limit: number,
  signal: AbortSignal,
  options: { activeOnly?: boolean } = {},
): Promise<LookupOption[]> {
  let query = withSearch(supabase.from('inventory_items').select('id, name, sku').eq('tenant_id', tenantId), ['name', 'sku', 'barcode'], term);
  if (options.activeOnly) query = query.eq('is_active', true);
  const { data, error } = await query.order('name').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((item) => ({ value: item.id, label: item.name, description: item.sku }));
}

/** An inventory item's name for a stored id; null when it cannot be read. */
export const inventoryItemLabel = nameById('inventory_items');

/**
 * The bins of one warehouse by code or name, by code; the name below. `activeOnly` is for the
 * screens that put stock into a bin (only an active bin takes stock); taking stock out may name any.
 */
export async function lookupBins(
  tenantId: string,
  warehouseId: string,
  term: string,
  limit: number,
  signal: AbortSignal,
  options: { activeOnly?: boolean } = {},
): Promise<LookupOption[]> {
  let query = withSearch(
    supabase.from('warehouse_locations').select('id, name, code').eq('tenant_id', tenantId).eq('warehouse_id', warehouseId).eq('location_type', 'bin'),
    ['code', 'name'],
    term,
  );
  if (options.activeOnly) query = query.eq('status', 'active');
  const { data, error } = await query.order('code').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((bin) => ({ value: bin.id, label: bin.code, description: bin.name }));
}

/** The item lookup of a field or filter: its search (with `options`) and a stored item's name. */
export function inventoryItemLookup(tenantId: string, options: { activeOnly?: boolean } = {}): Lookup {
  return tenantLookup(tenantId, (tenant, term, limit, signal) => lookupInventoryItems(tenant, term, limit, signal, options), inventoryItemLabel);
}

/** The bin lookup of one warehouse for a field or filter: its search (with `options`) and a stored bin's label. */
export function binLookup(tenantId: string, warehouseId: string, options: { activeOnly?: boolean } = {}): Lookup {
  return { search: (term, signal, limit) => lookupBins(tenantId, warehouseId, term, limit, signal, options), resolveLabel: (id) => locationLabel(tenantId, id) };
}
