import { z } from 'zod';
import { locationNodeSchema, type LocationNode } from '../../data/warehousing';
import type { ListState } from '../../lib/list-state';
import { fetchListPage, rowOrNull, parsedResult } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { LocationFilters } from './list';
import { locationSchema, type LocationWrite, type WarehouseLocation } from './schema';

const LOCATION_COLUMNS = 'id, tenant_id, warehouse_id, location_type, name, parent_id, code, position, capacity, status, metadata, created_at, updated_at';

export async function listLocations(tenantId: string, state: ListState<LocationFilters>, { signal }: FetchContext): Promise<ServerPage<WarehouseLocation>> {
  let query = supabase.from('warehouse_locations').select(LOCATION_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['name', 'code'], state.q);
  if (state.filters.warehouse) query = query.eq('warehouse_id', state.filters.warehouse);
  if (state.filters.type) query = query.eq('location_type', state.filters.type);
  if (state.filters.status) query = query.eq('status', state.filters.status);
  return fetchListPage(query, state, signal, locationSchema.array());
}

export async function getLocation(tenantId: string, locationId: string): Promise<WarehouseLocation | null> {
  return rowOrNull(await supabase.from('warehouse_locations').select(LOCATION_COLUMNS).eq('tenant_id', tenantId).eq('id', locationId).maybeSingle(), locationSchema);
}

/** The chosen locations for their labels, in code order; asked for 100 ids at a time (the ids travel in the URL). */
export async function listLocationsByIds(tenantId: string, ids: readonly string[]): Promise<(LocationNode & { warehouse_id: string })[]> {
  const rows: (LocationNode & { warehouse_id: string })[] = [];
  for (let start = 0; start < ids.length; start += 100) {
    const { data, error } = await supabase
      .from('warehouse_locations')
      .select('id, warehouse_id, parent_id, location_type, name, code, status')
      .eq('tenant_id', tenantId)
      .in('id', ids.slice(start, start + 100));
    if (error) throw error;
    rows.push(...locationNodeSchema.extend({ warehouse_id: z.string() }).array().parse(data));
  }
  return rows.sort((a, b) => a.code.localeCompare(b.code, undefined, { numeric: true }));
}

export async function createLocation(tenantId: string, values: LocationWrite): Promise<WarehouseLocation> {
  return parsedResult(await supabase.from('warehouse_locations').insert({ ...values, tenant_id: tenantId }).select(LOCATION_COLUMNS).single(), locationSchema);
}

export async function updateLocation(tenantId: string, locationId: string, values: LocationWrite): Promise<WarehouseLocation> {
  return parsedResult(await supabase.from('warehouse_locations').update(values).eq('tenant_id', tenantId).eq('id', locationId).select(LOCATION_COLUMNS).single(), locationSchema);
}
