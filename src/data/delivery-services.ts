import type { Lookup, LookupOption } from '../lib/lookup-option';
import { withSearch } from '../lib/search-filter';
import { supabase } from '../lib/supabase';

/** The tenant's delivery services by name or code, by name; one no longer offered says ' · inactive' after its code. */
export async function lookupServices(tenantId: string, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  const query = withSearch(supabase.from('delivery_services').select('id, name, code, active').eq('tenant_id', tenantId), ['name', 'code'], term);
  const { data, error } = await query.order('name').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((s) => ({ value: s.id, label: s.name, description: s.active ? s.code : `${s.code} · inactive` }));
}

/** A delivery service's name for a stored id; null when it cannot be read. */
export async function serviceName(tenantId: string, id: string): Promise<string | null> {
  const { data } = await supabase.from('delivery_services').select('name').eq('tenant_id', tenantId).eq('id', id).maybeSingle();
  return data?.name ?? null;
}

/** What a lookup of the tenant's services takes (a filter or a field): its search and how a stored id reads. */
export function serviceLookup(tenantId: string): Lookup {
  return {
    search: (term, signal, limit) => lookupServices(tenantId, term, limit, signal),
    resolveLabel: (id) => serviceName(tenantId, id),
  };
}
