import type { Lookup, LookupOption } from '../lib/lookup-option';
import { withSearch } from '../lib/search-filter';
import { supabase } from '../lib/supabase';
import type { Tables } from '../types/database-overrides';
import { nameById, tenantLookup } from './named-records';

export interface ZoneLookupOptions {
  /** Only zones in use: what a new record may point to (a driver's home zone). */
  activeOnly?: boolean;
  /** Say ' · inactive' after the code of a zone no longer in use (a filter that still finds old records). */
  markInactive?: boolean;
}

type ZoneChoice = Pick<Tables<'zones'>, 'id' | 'name' | 'code' | 'active'>;

function zoneOption(zone: ZoneChoice, markInactive: boolean): LookupOption {
  return { value: zone.id, label: zone.name, description: markInactive && !zone.active ? `${zone.code} · inactive` : zone.code };
}

/** The tenant's zones by name or code, by name. */
export async function lookupZones(
  tenantId: string,
  term: string,
  limit: number,
  signal: AbortSignal,
  { activeOnly = false, markInactive = false }: ZoneLookupOptions = {},
): Promise<LookupOption[]> {
  let query = supabase.from('zones').select('id, name, code, active').eq('tenant_id', tenantId);
  if (activeOnly) query = query.eq('active', true);
  query = withSearch(query, ['name', 'code'], term);
  const { data, error } = await query.order('name').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((zone) => zoneOption(zone, markInactive));
}

/** A zone's name for a stored id (a filter from the URL, an edit form); null when it cannot be read. */
export const zoneName = nameById('zones');

/** The zone lookup of a field or filter: its search (with `options`) and a stored zone's name. */
export function zoneLookup(tenantId: string, options: ZoneLookupOptions = {}): Lookup {
  return tenantLookup(tenantId, (tenant, term, limit, signal) => lookupZones(tenant, term, limit, signal, options), zoneName);
}
