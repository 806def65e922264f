import type { Lookup, LookupOption } from '../lib/lookup-option';
import { withSearch } from '../lib/search-filter';
import { supabase } from '../lib/supabase';
import { nameById, tenantLookup } from './named-records';

/** The tenant's delivery services by name or code, by name; one no longer offered says ' · inactive' after its code. */
export async function lookupServices(tenantId: string, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  const query = withSearch(supabase.from('delivery_services').select('id, name, code, active').eq('tenant_id', tenantId), ['name', 'code'], term);
  const { data, error } = await query.order('name').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((s) => ({ value: s.id, label: s.name, description: s.active ? s.code : `${s.code} · inactive` }));
}

/** A delivery service's name for a stored id; null when it cannot be read. */
export const serviceName = nameById('delivery_services');

/** What a lookup of the tenant's services takes (a filter or a field): its search and how a stored id reads. */
export function serviceLookup(tenantId: string): Lookup {
  return tenantLookup(tenantId, lookupServices, serviceName);
}
