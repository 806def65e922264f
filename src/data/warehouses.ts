import type { LookupOption } from '../lib/lookup-option';
import { withSearch } from '../lib/search-filter';
import { supabase } from '../lib/supabase';

/** The tenant's warehouses by name or code, by name; the code below. */
export async function lookupWarehouses(tenantId: string, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  const query = withSearch(supabase.from('warehouses').select('id, name, code').eq('tenant_id', tenantId), ['name', 'code'], term);
  const { data, error } = await query.order('name').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((w) => ({ value: w.id, label: w.name, description: w.code }));
}

/** A warehouse's name for a stored id; null when it cannot be read. */
export async function warehouseLabel(tenantId: string, id: string): Promise<string | null> {
  const { data } = await supabase.from('warehouses').select('name').eq('tenant_id', tenantId).eq('id', id).maybeSingle();
  return data?.name ?? null;
}
