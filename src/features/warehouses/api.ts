import { z } from 'zod';
import { toRange, type ListState } from '../../lib/list-state';
import { searchTerm, withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { LookupOption } from '../../ui/form';
import type { LocationFilters, StaffFilters, SupplierFilters, WarehouseFilters } from './list';
import {
  addressLabel,
  locationNodeSchema,
  locationSchema,
  staffLabel,
  staffSchema,
  supplierSchema,
  warehouseSchema,
  WAREHOUSE_TOASTS,
  type LocationNode,
  type LocationWrite,
  type Supplier,
  type SupplierWrite,
  type Warehouse,
  type WarehouseLocation,
  type WarehouseStaff,
  type WarehouseWrite,
} from './schema';

const ADDRESS = 'address:addresses(id, title, full_address, latitude, longitude)';
const WAREHOUSE_COLUMNS = `id, tenant_id, name, code, address_id, status, total_capacity, available_capacity, access_mode, user_ids, features, created_at, updated_at, ${ADDRESS}`;
const LOCATION_COLUMNS = 'id, tenant_id, warehouse_id, location_type, name, parent_id, code, position, capacity, status, metadata, created_at, updated_at';
const STAFF_COLUMNS = 'id, tenant_id, warehouse_id, user_id, role, active, created_at, updated_at, user:profiles(id, full_name, email)';
const SUPPLIER_COLUMNS = `id, tenant_id, name, code, contact_name, contact_email, contact_phone, address_id, lead_time_days, payment_terms, notes, active, created_at, updated_at, ${ADDRESS}`;

/** A malformed id (not a uuid) names no record. */
const isBadId = (error: { code?: string }) => error.code === '22P02';

// ---------------------------------------------------------------- warehouses

export async function listWarehouses(tenantId: string, state: ListState<WarehouseFilters>, { signal }: FetchContext): Promise<ServerPage<Warehouse>> {
  const { from, to } = toRange(state);
  let query = supabase.from('warehouses').select(WAREHOUSE_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['name', 'code'], state.q);
  if (state.filters.status) query = query.eq('status', state.filters.status);
  if (state.filters.access) query = query.eq('access_mode', state.filters.access);
  if (state.sort) query = query.order(state.sort.column, { ascending: state.sort.direction === 'asc' });
  const { data, count, error } = await query.order('id').range(from, to).abortSignal(signal);
  if (error) throw error;
  return { rows: warehouseSchema.array().parse(data), total: count ?? 0 };
}

export async function getWarehouse(tenantId: string, warehouseId: string): Promise<Warehouse | null> {
  const { data, error } = await supabase.from('warehouses').select(WAREHOUSE_COLUMNS).eq('tenant_id', tenantId).eq('id', warehouseId).maybeSingle();
  if (error) {
    if (isBadId(error)) return null;
    throw error;
  }
  return data ? warehouseSchema.parse(data) : null;
}

/** Every warehouse of the tenant the caller may see, by name: filters and pickers. */
export async function listWarehouseChoices(tenantId: string): Promise<Pick<Warehouse, 'id' | 'name' | 'code'>[]> {
  const { data, error } = await supabase.from('warehouses').select('id, name, code').eq('tenant_id', tenantId).order('name').limit(500);
  if (error) throw error;
  return data;
}

/**
 * Spec 7: the warehouse form's address lookup, the tenant's own addresses (user_id null), limit
 * 100, labelled by title.en or full_address.
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

export async function addressLabelOf(tenantId: string, addressId: string): Promise<string | null> {
  const { data } = await supabase.from('addresses').select('title, full_address').eq('tenant_id', tenantId).eq('id', addressId).maybeSingle();
  return data ? addressLabel({ title: (data.title ?? null) as { en?: string } | null, full_address: data.full_address }) : null;
}

export interface SaveResult<T> {
  message: string;
  record: T;
}

/** Create (no id) or update through public.save_warehouse: the server answers with its own message. */
export async function saveWarehouse(warehouseId: string | null, values: WarehouseWrite): Promise<SaveResult<Warehouse>> {
  const { data, error } = await supabase.rpc('save_warehouse', { p_warehouse_id: warehouseId as string, p_values: values });
  if (error) throw error;
  const body = (data ?? {}) as { message?: unknown; warehouse?: unknown };
  return {
    message: typeof body.message === 'string' && body.message ? body.message : WAREHOUSE_TOASTS.savedFallback,
    record: warehouseSchema.parse(body.warehouse),
  };
}

// ---------------------------------------------------------------- locations

export async function listLocations(tenantId: string, state: ListState<LocationFilters>, { signal }: FetchContext): Promise<ServerPage<WarehouseLocation>> {
  const { from, to } = toRange(state);
  let query = supabase.from('warehouse_locations').select(LOCATION_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['name', 'code'], state.q);
  if (state.filters.warehouse) query = query.eq('warehouse_id', state.filters.warehouse);
  if (state.filters.type) query = query.eq('location_type', state.filters.type);
  if (state.filters.status) query = query.eq('status', state.filters.status);
  if (state.sort) query = query.order(state.sort.column, { ascending: state.sort.direction === 'asc' });
  const { data, count, error } = await query.order('id').range(from, to).abortSignal(signal);
  if (error) throw error;
  return { rows: locationSchema.array().parse(data), total: count ?? 0 };
}

export async function getLocation(tenantId: string, locationId: string): Promise<WarehouseLocation | null> {
  const { data, error } = await supabase.from('warehouse_locations').select(LOCATION_COLUMNS).eq('tenant_id', tenantId).eq('id', locationId).maybeSingle();
  if (error) {
    if (isBadId(error)) return null;
    throw error;
  }
  return data ? locationSchema.parse(data) : null;
}

/** One warehouse's whole tree (the tree view and bin labels), in code order. */
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

/** The parent lookup: locations of the warehouse of the type one level up (spec 4). */
export async function lookupParentLocations(
  tenantId: string,
  warehouseId: string,
  parentType: string,
  term: string,
  limit: number,
  signal: AbortSignal,
): Promise<LookupOption[]> {
  let query = supabase.from('warehouse_locations').select('id, name, code').eq('tenant_id', tenantId).eq('warehouse_id', warehouseId).eq('location_type', parentType);
  query = withSearch(query, ['name', 'code'], term);
  const { data, error } = await query.order('code').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((l) => ({ value: l.id, label: `${l.code} · ${l.name}` }));
}

export async function createLocation(tenantId: string, values: LocationWrite): Promise<WarehouseLocation> {
  const { data, error } = await supabase.from('warehouse_locations').insert({ ...values, tenant_id: tenantId }).select(LOCATION_COLUMNS).single();
  if (error) throw error;
  return locationSchema.parse(data);
}

export async function updateLocation(tenantId: string, locationId: string, values: LocationWrite): Promise<WarehouseLocation> {
  const { data, error } = await supabase.from('warehouse_locations').update(values).eq('tenant_id', tenantId).eq('id', locationId).select(LOCATION_COLUMNS).single();
  if (error) throw error;
  return locationSchema.parse(data);
}

// ---------------------------------------------------------------- staff

export async function listStaff(tenantId: string, state: ListState<StaffFilters>, { signal }: FetchContext): Promise<ServerPage<WarehouseStaff>> {
  const { from, to } = toRange(state);
  const term = searchTerm(state.q);
  // The person is embedded !inner when searching, so the search narrows the roster rows themselves.
  const columns = term ? STAFF_COLUMNS.replace('user:profiles(', 'user:profiles!inner(') : STAFF_COLUMNS;
  let query = supabase.from('warehouse_staff').select(`${columns}, warehouse:warehouses(id, name, code)`, { count: 'exact' }).eq('tenant_id', tenantId);
  if (term) query = query.ilike('user.full_name', `%${term}%`);
  if (state.filters.warehouse) query = query.eq('warehouse_id', state.filters.warehouse);
  if (state.filters.role) query = query.eq('role', state.filters.role);
  if (state.filters.active !== undefined) query = query.eq('active', state.filters.active);
  if (state.sort) query = query.order(state.sort.column, { ascending: state.sort.direction === 'asc' });
  const { data, count, error } = await query.order('id').range(from, to).abortSignal(signal);
  if (error) throw error;
  return { rows: staffSchema.array().parse(data), total: count ?? 0 };
}

export async function listWarehouseStaff(tenantId: string, warehouseId: string): Promise<WarehouseStaff[]> {
  const { data, error } = await supabase.from('warehouse_staff').select(STAFF_COLUMNS).eq('tenant_id', tenantId).eq('warehouse_id', warehouseId).order('role').limit(500);
  if (error) throw error;
  return staffSchema.array().parse(data);
}

export async function getStaff(tenantId: string, staffId: string): Promise<WarehouseStaff | null> {
  const { data, error } = await supabase
    .from('warehouse_staff')
    .select(`${STAFF_COLUMNS}, warehouse:warehouses(id, name, code)`)
    .eq('tenant_id', tenantId)
    .eq('id', staffId)
    .maybeSingle();
  if (error) {
    if (isBadId(error)) return null;
    throw error;
  }
  return data ? staffSchema.parse(data) : null;
}

/**
 * Spec 7: the staff lookup (filter warehouse_id; reads staff[].user), labelled 'name - role'
 * (spec 6). The value is the person's id; without a warehouse, the tenant's whole roster.
 */
export async function lookupStaffUsers(tenantId: string, warehouseId: string | null, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  const q = searchTerm(term);
  let query = supabase
    .from('warehouse_staff')
    .select(`role, user_id, ${q ? 'user:profiles!inner(id, full_name, email)' : 'user:profiles(id, full_name, email)'}`)
    .eq('tenant_id', tenantId);
  if (warehouseId) query = query.eq('warehouse_id', warehouseId);
  if (q) query = query.ilike('user.full_name', `%${q}%`);
  const { data, error } = await query.order('created_at').limit(limit * 3).abortSignal(signal);
  if (error) throw error;
  const rows = data as unknown as { role: string; user_id: string; user: { full_name: string; email: string | null } | null }[];
  const seen = new Set<string>();
  const options: LookupOption[] = [];
  for (const row of rows) {
    if (seen.has(row.user_id)) continue;
    seen.add(row.user_id);
    options.push({ value: row.user_id, label: staffLabel({ role: row.role, user: row.user ? { id: row.user_id, ...row.user } : null }), description: row.user?.email ?? undefined });
  }
  return options.slice(0, limit);
}

/** Spec 7: the tenant users lookup, for a new roster row: the tenant's people who are not customers, or who have the warehouse_staff role. */
export async function lookupTenantPeople(tenantId: string, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  let query = supabase.from('profiles').select('id, full_name, email, panel_type').eq('tenant_id', tenantId).or('panel_type.neq.customer,roles.cs.{warehouse_staff}');
  query = withSearch(query, ['first_name', 'last_name', 'email'], term);
  const { data, error } = await query.order('first_name').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((p) => ({ value: p.id, label: p.full_name ?? 'Unnamed User', description: p.email ?? undefined }));
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

// ---------------------------------------------------------------- suppliers

export async function listSuppliers(tenantId: string, state: ListState<SupplierFilters>, { signal }: FetchContext): Promise<ServerPage<Supplier>> {
  const { from, to } = toRange(state);
  let query = supabase.from('suppliers').select(SUPPLIER_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['name', 'code', 'contact_name', 'contact_email'], state.q);
  if (state.filters.active !== undefined) query = query.eq('active', state.filters.active);
  if (state.filters.terms) query = query.eq('payment_terms', state.filters.terms);
  if (state.sort) query = query.order(state.sort.column, { ascending: state.sort.direction === 'asc' });
  const { data, count, error } = await query.order('id').range(from, to).abortSignal(signal);
  if (error) throw error;
  return { rows: supplierSchema.array().parse(data), total: count ?? 0 };
}

export async function getSupplier(tenantId: string, supplierId: string): Promise<Supplier | null> {
  const { data, error } = await supabase.from('suppliers').select(SUPPLIER_COLUMNS).eq('tenant_id', tenantId).eq('id', supplierId).maybeSingle();
  if (error) {
    if (isBadId(error)) return null;
    throw error;
  }
  return data ? supplierSchema.parse(data) : null;
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
