import type { Lookup, LookupOption } from '../lib/lookup-option';
import { adminPaths } from '../lib/paths';
import { withSearch } from '../lib/search-filter';
import { locationStatus } from './statuses';
import { locationNodeSchema, locationTypes, type LocationNode } from './warehousing';
import { supabase } from '../lib/supabase';

/** A warehouse location as 'code · name' for a stored id; null when it cannot be read. */
export async function locationLabel(tenantId: string, id: string): Promise<string | null> {
  const { data } = await supabase.from('warehouse_locations').select('name, code').eq('tenant_id', tenantId).eq('id', id).maybeSingle();
  return data ? `${data.code} · ${data.name}` : null;
}

/** The locations of one type in a warehouse by name or code, by code, labelled 'code · name' (a location's parent is one level up). */
export async function lookupLocationsOfType(
  tenantId: string,
  warehouseId: string,
  locationType: string,
  term: string,
  limit: number,
  signal: AbortSignal,
): Promise<LookupOption[]> {
  let query = supabase.from('warehouse_locations').select('id, name, code').eq('tenant_id', tenantId).eq('warehouse_id', warehouseId).eq('location_type', locationType);
  query = withSearch(query, ['name', 'code'], term);
  const { data, error } = await query.order('code').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((l) => ({ value: l.id, label: `${l.code} · ${l.name}` }));
}

/** The lookup of a warehouse's locations of one type (a location form's parent): its search and a stored location's label. */
export function locationOfTypeLookup(tenantId: string, warehouseId: string, locationType: string): Lookup {
  return { search: (term, signal, limit) => lookupLocationsOfType(tenantId, warehouseId, locationType, term, limit, signal), resolveLabel: (id) => locationLabel(tenantId, id) };
}

/** One warehouse's whole tree (the warehouse's page and the locations list show it), in code order. */
export async function listLocationTree(tenantId: string, warehouseId: string): Promise<LocationNode[]> {
  const { data, error } = await supabase
    .from('warehouse_locations')
    .select('id, parent_id, location_type, name, code, status')
    .eq('tenant_id', tenantId)
    .eq('warehouse_id', warehouseId)
    .order('code')
    .limit(5000);
  if (error) throw error;
  return locationNodeSchema.array().parse(data);
}

/**
 * How a warehouse's location tree reads and shows (the warehouse's page and the locations list):
 * its rows, each node's type and (unless active) status, linking to the location's edit screen.
 * A screen shows it as `<LoadedTree {...locationTree(tenantId, warehouseId, name)} />`.
 */
export function locationTree(tenantId: string, warehouseId: string, warehouseName: string) {
  return {
    loadKey: `${tenantId}/${warehouseId}`,
    load: () => listLocationTree(tenantId, warehouseId),
    loadingLabel: 'Loading locations',
    failedTitle: 'Could not load the locations',
    label: `Locations of ${warehouseName}`,
    emptyText: 'No locations in this warehouse yet.',
    hrefOf: (node: LocationNode) => adminPaths.locationEdit(node.id),
    detailOf: (node: LocationNode) => locationTypes.label(node.location_type),
    statusOf: (node: LocationNode) => (node.status === 'active' ? null : node.status),
    statuses: locationStatus,
  };
}
