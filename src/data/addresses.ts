import type { Lookup, LookupOption } from '../lib/lookup-option';
import { withSearch } from '../lib/search-filter';
import { supabase } from '../lib/supabase';
import { addressLabel } from './address-label';

/**
 * The tenant's own addresses (user_id null), labelled by title.en or full_address: the address
 * lookup of the warehouse and supplier forms (limit 100).
 */
export async function lookupTenantAddresses(tenantId: string, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  let query = supabase.from('addresses').select('id, title, full_address').eq('tenant_id', tenantId).is('user_id', null);
  query = withSearch(query, ['full_address', 'title->>en'], term);
  const { data, error } = await query.order('created_at').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((a) => ({
    value: a.id,
    label: addressLabel({ title: (a.title ?? null) as { en?: string } | null, full_address: a.full_address }),
    description: a.full_address ?? undefined,
  }));
}

/** A tenant address's label for a stored id; null when it cannot be read. */
export async function tenantAddressLabel(tenantId: string, addressId: string): Promise<string | null> {
  const { data } = await supabase.from('addresses').select('title, full_address').eq('tenant_id', tenantId).eq('id', addressId).maybeSingle();
  return data ? addressLabel({ title: (data.title ?? null) as { en?: string } | null, full_address: data.full_address }) : null;
}

/** The tenant address lookup of a field: its search and a stored address's label. */
export function tenantAddressLookup(tenantId: string): Lookup {
  return { search: (term, signal, limit) => lookupTenantAddresses(tenantId, term, limit, signal), resolveLabel: (id) => tenantAddressLabel(tenantId, id) };
}
