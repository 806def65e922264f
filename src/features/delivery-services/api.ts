import type { ListState } from '../../lib/list-state';
import { fetchListPage, rowOrNull, parsedResult } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { DeliveryServiceFilters } from './list';
import { deliveryServiceSchema, type DeliveryService, type DeliveryServiceFormOutput } from './schema';

const COLUMNS = 'id, tenant_id, name, code, description, kind, min_transit_hours, max_transit_hours, required_vehicle_features, active, created_at, updated_at';

export async function listDeliveryServices(
  tenantId: string,
  state: ListState<DeliveryServiceFilters>,
  { signal }: FetchContext,
): Promise<ServerPage<DeliveryService>> {
  let query = supabase.from('delivery_services').select(COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['name', 'code'], state.q);
  if (state.filters.active !== undefined) query = query.eq('active', state.filters.active);
  if (state.filters.kind) query = query.eq('kind', state.filters.kind);
  return fetchListPage(query, state, signal, deliveryServiceSchema.array());
}

export async function getDeliveryService(tenantId: string, id: string): Promise<DeliveryService | null> {
  return rowOrNull(await supabase.from('delivery_services').select(COLUMNS).eq('tenant_id', tenantId).eq('id', id).maybeSingle(), deliveryServiceSchema);
}

export async function createDeliveryService(tenantId: string, values: DeliveryServiceFormOutput): Promise<DeliveryService> {
  return parsedResult(await supabase.from('delivery_services').insert({ ...values, tenant_id: tenantId }).select(COLUMNS).single(), deliveryServiceSchema);
}

export async function updateDeliveryService(tenantId: string, id: string, values: DeliveryServiceFormOutput): Promise<DeliveryService> {
  return parsedResult(await supabase.from('delivery_services').update(values).eq('tenant_id', tenantId).eq('id', id).select(COLUMNS).single(), deliveryServiceSchema);
}
