import type { Lookup, LookupOption } from '../lib/lookup-option';
import { searchTerm } from '../lib/search-filter';
import { supabase } from '../lib/supabase';
import { STAFF_COLUMNS, staffLabel, staffSchema, type WarehouseStaff } from './warehousing';
import { personName } from './people';

/** One warehouse's roster, by role (the warehouse's page). */
export async function listWarehouseStaff(tenantId: string, warehouseId: string): Promise<WarehouseStaff[]> {
  const { data, error } = await supabase.from('warehouse_staff').select(STAFF_COLUMNS).eq('tenant_id', tenantId).eq('warehouse_id', warehouseId).order('role').limit(500);
  if (error) throw error;
  return staffSchema.array().parse(data);
}

/**
 * The staff lookup (filter warehouse_id; reads staff[].user), labelled 'name - role'.
 * The value is the person's id; without a warehouse, the tenant's whole roster. `activeOnly`: the
 * people who may be given work there now (the database assigns pick orders to active staff only).
 */
export async function lookupStaffUsers(
  tenantId: string,
  warehouseId: string | null,
  term: string,
  limit: number,
  signal: AbortSignal,
  { activeOnly = false }: { activeOnly?: boolean } = {},
): Promise<LookupOption[]> {
  const q = searchTerm(term);
  let query = supabase
    .from('warehouse_staff')
    .select(`role, user_id, ${q ? 'user:profiles!inner(id, full_name, email)' : 'user:profiles(id, full_name, email)'}`)
    .eq('tenant_id', tenantId);
  if (warehouseId) query = query.eq('warehouse_id', warehouseId);
  if (activeOnly) query = query.eq('active', true);
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

/**
 * The signed-in person's own staff rows, active or not, with their warehouse (RLS: everyone reads
 * their own rows). The dispatcher panel reads them to place warehouse people: who has a section,
 * who is warehouse-only (no dispatcher role, no active dispatcher liaison row).
 */
export async function listOwnStaffRows(userId: string): Promise<WarehouseStaff[]> {
  const { data, error } = await supabase
    .from('warehouse_staff')
    .select('id, tenant_id, warehouse_id, user_id, role, active, created_at, updated_at, warehouse:warehouses(id, name, code)')
    .eq('user_id', userId)
    .order('created_at')
    .limit(100);
  if (error) throw error;
  return staffSchema.array().parse(data);
}

/** The warehouse staff lookup of a field or filter (the value a person's id): its search (with `options`) and a stored person's name. */
export function staffUserLookup(tenantId: string, warehouseId: string | null, options: { activeOnly?: boolean } = {}): Lookup {
  return { search: (term, signal, limit) => lookupStaffUsers(tenantId, warehouseId, term, limit, signal, options), resolveLabel: (id) => personName(tenantId, id) };
}
