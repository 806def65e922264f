import { ADDRESS_EMBED } from '../../data/address-label';
import type { ListState } from '../../lib/list-state';
import { fetchListPage, rowOrNull } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { SupplierFilters } from './list';
import { supplierSchema, type Supplier, type SupplierWrite } from './schema';

const SUPPLIER_COLUMNS = `id, tenant_id, name, code, contact_name, contact_email, contact_phone, address_id, lead_time_days, payment_terms, notes, active, created_at, updated_at, ${ADDRESS_EMBED}`;

export async function listSuppliers(tenantId: string, state: ListState<SupplierFilters>, { signal }: FetchContext): Promise<ServerPage<Supplier>> {
  let query = supabase.from('suppliers').select(SUPPLIER_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['name', 'code', 'contact_name', 'contact_email'], state.q);
  if (state.filters.active !== undefined) query = query.eq('active', state.filters.active);
  if (state.filters.terms) query = query.eq('payment_terms', state.filters.terms);
  return fetchListPage(query, state, signal, supplierSchema.array());
}

export async function getSupplier(tenantId: string, supplierId: string): Promise<Supplier | null> {
  return rowOrNull(await supabase.from('suppliers').select(SUPPLIER_COLUMNS).eq('tenant_id', tenantId).eq('id', supplierId).maybeSingle(), supplierSchema);
}

export async function createSupplier(tenantId: string, values: SupplierWrite): Promise<void> {
  const { error } = await supabase.from('suppliers').insert({ ...values, tenant_id: tenantId });
  if (error) throw error;
}

export async function updateSupplier(tenantId: string, supplierId: string, values: SupplierWrite): Promise<void> {
  const { data, error } = await supabase.from('suppliers').update(values).eq('tenant_id', tenantId).eq('id', supplierId).select('id');
  if (error) throw error;
  if (data.length === 0) throw Object.assign(new Error('Supplier not found'), { code: 'PGRST116' });
}
