import type { Lookup, LookupOption } from '../lib/lookup-option';
import { withSearch } from '../lib/search-filter';
import { supabase } from '../lib/supabase';
import { useRecordLoad } from '../lib/use-record-load';
import { nameById, tenantLookup } from './named-records';

/** The tenant's warehouses by name or code, by name; the code below. */
export async function lookupWarehouses(tenantId: string, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  const query = withSearch(supabase.from('warehouses').select('id, name, code').eq('tenant_id', tenantId), ['name', 'code'], term);
  const { data, error } = await query.order('name').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((w) => ({ value: w.id, label: w.name, description: w.code }));
}

/** A warehouse's name for a stored id; null when it cannot be read. */
export const warehouseLabel = nameById('warehouses');

/** What a lookup of the tenant's warehouses takes (a filter or a field): its search and how a stored id reads. */
export function warehouseLookup(tenantId: string): Lookup {
  return tenantLookup(tenantId, lookupWarehouses, warehouseLabel);
}

export type WarehouseChoice = { id: string; name: string; code: string };

/** Every warehouse of the tenant the caller may see, by name: the choices of a filter select. */
export async function listWarehouseChoices(tenantId: string): Promise<WarehouseChoice[]> {
  const { data, error } = await supabase.from('warehouses').select('id, name, code').eq('tenant_id', tenantId).order('name').limit(500);
  if (error) throw error;
  return data;
}

/**
 * The tenant's warehouses for filter selects; empty while loading or when the read fails (lookups fail
 * silently). Another tenant's choices stay until the new tenant's arrive.
 */
export function useWarehouseChoices(tenantId: string): WarehouseChoice[] {
  const { state } = useRecordLoad<WarehouseChoice[]>(tenantId || null, () => listWarehouseChoices(tenantId));
  return state.status === 'ready' ? state.record : NO_CHOICES;
}

const NO_CHOICES: WarehouseChoice[] = [];
