import { toRange, type ListState } from '../../lib/list-state';
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
  const { from, to } = toRange(state);
  let query = supabase.from('delivery_services').select(COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['name', 'code'], state.q);
  if (state.filters.active !== undefined) query = query.eq('active', state.filters.active);
  if (state.filters.kind) query = query.eq('kind', state.filters.kind);
  if (state.sort) query = query.order(state.sort.column, { ascending: state.sort.direction === 'asc' });
  query = query.order('id', { ascending: true });
  const { data, count, error } = await query.range(from, to).abortSignal(signal);
  if (error) throw error;
  return { rows: deliveryServiceSchema.array().parse(data), total: count ?? 0 };
}

export async function getDeliveryService(tenantId: string, id: string): Promise<DeliveryService | null> {
  const { data, error } = await supabase.from('delivery_services').select(COLUMNS).eq('tenant_id', tenantId).eq('id', id).maybeSingle();
  if (error) {
    if (error.code === '22P02') return null;
    throw error;
  }
  return data ? deliveryServiceSchema.parse(data) : null;
}

export async function createDeliveryService(tenantId: string, values: DeliveryServiceFormOutput): Promise<DeliveryService> {
  const { data, error } = await supabase.from('delivery_services').insert({ ...values, tenant_id: tenantId }).select(COLUMNS).single();
  if (error) throw error;
  return deliveryServiceSchema.parse(data);
}

export async function updateDeliveryService(tenantId: string, id: string, values: DeliveryServiceFormOutput): Promise<DeliveryService> {
  const { data, error } = await supabase.from('delivery_services').update(values).eq('tenant_id', tenantId).eq('id', id).select(COLUMNS).single();
  if (error) throw error;
  return deliveryServiceSchema.parse(data);
}
