import type { Lookup, LookupOption } from '../lib/lookup-option';
import { supabase } from '../lib/supabase';

/**
 * The column that names a row of each table a form or a URL filter may hold an id of: what its
 * name-by-id reader answers. One list, so a reader is one line in its domain's file.
 */
const NAME_COLUMNS = {
  deliveries: 'delivery_code',
  delivery_services: 'name',
  driver_rows: 'full_name',
  inventory_items: 'name',
  profiles: 'full_name',
  suppliers: 'name',
  vehicles: 'name',
  warehouses: 'name',
  zones: 'name',
} as const;

export type NamedTable = keyof typeof NAME_COLUMNS;

/**
 * The name-by-id reader of a table: one row of the tenant's by id, its naming column; null when the
 * row cannot be read (gone, another tenant's, a malformed id), so a label falls back instead of failing.
 */
export function nameById(table: NamedTable): (tenantId: string, id: string) => Promise<string | null> {
  const column = NAME_COLUMNS[table];
  return async (tenantId, id) => {
    // The tables differ, the query does not: typed through one of them, the column read back by name.
    const { data } = await supabase.from(table as 'zones').select(column as 'name').eq('tenant_id', tenantId).eq('id', id).maybeSingle();
    return (data as Record<string, string | null> | null)?.[column] ?? null;
  };
}

/**
 * A domain's lookup for a field or filter of one tenant: its search (options already bound) and
 * its name-by-id reader, in the argument order the kit's Combobox calls them.
 */
export function tenantLookup(
  tenantId: string,
  search: (tenantId: string, term: string, limit: number, signal: AbortSignal) => Promise<LookupOption[]>,
  label: (tenantId: string, id: string) => Promise<string | null>,
): Lookup {
  return { search: (term, signal, limit) => search(tenantId, term, limit, signal), resolveLabel: (id) => label(tenantId, id) };
}
