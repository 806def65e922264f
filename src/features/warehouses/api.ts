import { ADDRESS_EMBED } from '../../data/address-label';
import type { ListState } from '../../lib/list-state';
import { fetchListPage, rowOrNull } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { WarehouseFilters } from './list';
import { warehouseSchema, WAREHOUSE_TOASTS, type Warehouse, type WarehouseWrite } from './schema';

const WAREHOUSE_COLUMNS = `id, tenant_id, name, code, address_id, status, total_capacity, available_capacity, access_mode, user_ids, features, created_at, updated_at, ${ADDRESS_EMBED}`;

export async function listWarehouses(tenantId: string, state: ListState<WarehouseFilters>, { signal }: FetchContext): Promise<ServerPage<Warehouse>> {
  let query = supabase.from('warehouses').select(WAREHOUSE_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['name', 'code'], state.q);
  if (state.filters.status) query = query.eq('status', state.filters.status);
  if (state.filters.access) query = query.eq('access_mode', state.filters.access);
  return fetchListPage(query, state, signal, warehouseSchema.array());
}

export async function getWarehouse(tenantId: string, warehouseId: string): Promise<Warehouse | null> {
  return rowOrNull(await supabase.from('warehouses').select(WAREHOUSE_COLUMNS).eq('tenant_id', tenantId).eq('id', warehouseId).maybeSingle(), warehouseSchema);
}

export interface SaveResult<T> {
  message: string;
  /** The answer's stable key (`warehouses.created`, `warehouses.updated`), when the server gave one. */
  key: string | null;
  record: T;
}

/** Create (no id) or update through public.save_warehouse: the server answers with its own message. */
export async function saveWarehouse(warehouseId: string | null, values: WarehouseWrite): Promise<SaveResult<Warehouse>> {
  const { data, error } = await supabase.rpc('save_warehouse', { p_warehouse_id: warehouseId as string, p_values: values });
  if (error) throw error;
  const body = (data ?? {}) as { message?: unknown; key?: unknown; warehouse?: unknown };
  return {
    message: typeof body.message === 'string' && body.message ? body.message : WAREHOUSE_TOASTS.savedFallback,
    key: typeof body.key === 'string' ? body.key : null,
    record: warehouseSchema.parse(body.warehouse),
  };
}
