import type { ListState } from '../../lib/list-state';
import { fetchListPage, rowOrNull } from '../../lib/query-results';
import { searchTerm } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import { STAFF_COLUMNS, staffSchema, type WarehouseStaff } from '../../data/warehousing';
import type { StaffFilters } from './list';

export async function listStaff(tenantId: string, state: ListState<StaffFilters>, { signal }: FetchContext): Promise<ServerPage<WarehouseStaff>> {
  const term = searchTerm(state.q);
  // The person is embedded !inner when searching, so the search narrows the roster rows themselves.
  const columns = term ? STAFF_COLUMNS.replace('user:profiles(', 'user:profiles!inner(') : STAFF_COLUMNS;
  let query = supabase.from('warehouse_staff').select(`${columns}, warehouse:warehouses(id, name, code)`, { count: 'exact' }).eq('tenant_id', tenantId);
  if (term) query = query.ilike('user.full_name', `%${term}%`);
  if (state.filters.warehouse) query = query.eq('warehouse_id', state.filters.warehouse);
  if (state.filters.role) query = query.eq('role', state.filters.role);
  if (state.filters.active !== undefined) query = query.eq('active', state.filters.active);
  return fetchListPage(query, state, signal, staffSchema.array());
}

export async function getStaff(tenantId: string, staffId: string): Promise<WarehouseStaff | null> {
  const result = await supabase
    .from('warehouse_staff')
    .select(`${STAFF_COLUMNS}, warehouse:warehouses(id, name, code)`)
    .eq('tenant_id', tenantId)
    .eq('id', staffId)
    .maybeSingle();
  return rowOrNull(result, staffSchema);
}

export interface StaffWrite {
  warehouse_id: string;
  user_id: string;
  role: string;
  active: boolean;
}

export async function createStaff(tenantId: string, values: StaffWrite): Promise<void> {
  const { error } = await supabase.from('warehouse_staff').insert({ ...values, tenant_id: tenantId });
  if (error) throw error;
}

export async function updateStaff(tenantId: string, staffId: string, values: StaffWrite): Promise<void> {
  const { data, error } = await supabase.from('warehouse_staff').update(values).eq('tenant_id', tenantId).eq('id', staffId).select('id');
  if (error) throw error;
  if (data.length === 0) throw Object.assign(new Error('Staff member not found'), { code: 'PGRST116' });
}

export async function removeStaff(tenantId: string, staffId: string): Promise<void> {
  const { error } = await supabase.from('warehouse_staff').delete().eq('tenant_id', tenantId).eq('id', staffId);
  if (error) throw error;
}
