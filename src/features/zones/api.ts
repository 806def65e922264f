import type { ListState } from '../../lib/list-state';
import { fetchListPage, rowOrNull, parsedResult } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { ZoneFilters } from './list';
import { zoneSchema, type Zone, type ZoneFormOutput } from './schema';

const COLUMNS = 'id, tenant_id, name, code, description, color, polygon, active, created_at, updated_at';

export async function listZones(tenantId: string, state: ListState<ZoneFilters>, { signal }: FetchContext): Promise<ServerPage<Zone>> {
  let query = supabase.from('zones').select(COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['name', 'code'], state.q);
  if (state.filters.active !== undefined) query = query.eq('active', state.filters.active);
  return fetchListPage(query, state, signal, zoneSchema.array());
}

/** Every zone of the tenant, for the map beside the list (a tenant has tens, not thousands). */
export async function listAllZones(tenantId: string, signal?: AbortSignal): Promise<Zone[]> {
  let query = supabase.from('zones').select(COLUMNS).eq('tenant_id', tenantId).order('name').limit(1000);
  if (signal) query = query.abortSignal(signal);
  return parsedResult(await query, zoneSchema.array());
}

export async function getZone(tenantId: string, id: string): Promise<Zone | null> {
  return rowOrNull(await supabase.from('zones').select(COLUMNS).eq('tenant_id', tenantId).eq('id', id).maybeSingle(), zoneSchema);
}

export async function createZone(tenantId: string, values: ZoneFormOutput): Promise<Zone> {
  return parsedResult(await supabase.from('zones').insert({ ...values, tenant_id: tenantId }).select(COLUMNS).single(), zoneSchema);
}

export async function updateZone(tenantId: string, id: string, values: ZoneFormOutput): Promise<Zone> {
  return parsedResult(await supabase.from('zones').update(values).eq('tenant_id', tenantId).eq('id', id).select(COLUMNS).single(), zoneSchema);
}

export class ZoneInUseError extends Error {}

/** Removes a zone; one that prices (or, later, deliveries and drivers) refer to is refused by its foreign keys. */
export async function deleteZone(tenantId: string, id: string): Promise<void> {
  const { error } = await supabase.from('zones').delete().eq('tenant_id', tenantId).eq('id', id);
  if (error?.code === '23503') throw new ZoneInUseError('This zone is used by prices or deliveries: deactivate it instead, or remove its prices first.');
  if (error) throw error;
}
