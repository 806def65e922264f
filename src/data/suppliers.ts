import type { Lookup, LookupOption } from '../lib/lookup-option';
import { withSearch } from '../lib/search-filter';
import { supabase } from '../lib/supabase';
import { nameById, tenantLookup } from './named-records';

/** The tenant's active suppliers by name or code, by name; the code below. */
export async function lookupSuppliers(tenantId: string, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  const query = withSearch(supabase.from('suppliers').select('id, name, code').eq('tenant_id', tenantId).eq('active', true), ['name', 'code'], term);
  const { data, error } = await query.order('name').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((supplier) => ({ value: supplier.id, label: supplier.name, description: supplier.code }));
}

/** A supplier's name for a stored id; null when it cannot be read. */
export const supplierLabel = nameById('suppliers');

/** The supplier lookup of a field or filter: its search and a stored supplier's name. */
export function supplierLookup(tenantId: string): Lookup {
  return tenantLookup(tenantId, lookupSuppliers, supplierLabel);
}
