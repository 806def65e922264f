import { dayBoundary } from '../../lib/day-range';
import { toRange, type ListState } from '../../lib/list-state';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { ActivityFilters } from './list';
import { auditEntrySchema, type AuditEntry } from './schema';

const COLUMNS = 'id, tenant_id, actor_id, actor_name, table_name, row_id, action, changed_columns, old_values, new_values, record_label, created_at';

/** How many entries a record's history shows at once; older ones come with 'Show older'. */
export const HISTORY_PAGE_SIZE = 20;

/**
 * One row's audit entries, newest first. RLS answers only the tenant's admins; anyone else gets none.
 * `before` (an entry's created_at) pages back through older entries.
 */
export async function listRecordHistory(
  tenantId: string,
  tableName: string,
  rowId: string,
  { signal, before }: { signal?: AbortSignal; before?: string } = {},
): Promise<{ entries: AuditEntry[]; more: boolean }> {
  let query = supabase.from('audit_log').select(COLUMNS).eq('tenant_id', tenantId).eq('table_name', tableName).eq('row_id', rowId);
  if (before) query = query.lt('created_at', before);
  query = query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(HISTORY_PAGE_SIZE + 1);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) {
    // A malformed id names no record: it has no history.
    if (error.code === '22P02') return { entries: [], more: false };
    throw error;
  }
  const entries = auditEntrySchema.array().parse(data);
  return { entries: entries.slice(0, HISTORY_PAGE_SIZE), more: entries.length > HISTORY_PAGE_SIZE };
}

/** One page of the tenant's audit entries, newest first, narrowed by table, actor, action and date range. */
export async function listActivity(tenantId: string, state: ListState<ActivityFilters>, { signal }: FetchContext): Promise<ServerPage<AuditEntry>> {
  const { from, to } = toRange(state);
  let query = supabase.from('audit_log').select(COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  const { table, actor, action, from: fromDay, to: toDay } = state.filters;
  if (table) query = query.eq('table_name', table);
  if (actor) query = query.eq('actor_id', actor);
  if (action) query = query.eq('action', action);
  if (fromDay) query = query.gte('created_at', dayBoundary(fromDay));
  if (toDay) query = query.lt('created_at', dayBoundary(toDay, true));
  const ascending = state.sort?.direction === 'asc';
  query = query.order('created_at', { ascending }).order('id', { ascending });
  const { data, count, error } = await query.range(from, to).abortSignal(signal);
  if (error) throw error;
  return { rows: auditEntrySchema.array().parse(data), total: count ?? 0 };
}

export interface AuditActor {
  id: string;
  name: string;
}

/** The people who changed something in the tenant (the activity screen's user filter), by name. */
export async function listAuditActors(tenantId: string): Promise<AuditActor[]> {
  const { data, error } = await supabase.rpc('list_audit_actors', { p_tenant_id: tenantId });
  if (error) throw error;
  return (data ?? []).map((row: { actor_id: string; actor_name: string | null }) => ({ id: row.actor_id, name: row.actor_name ?? 'Former user' }));
}

/** The tables the tenant's trail has entries for (the activity screen's table filter). */
export async function listAuditTables(tenantId: string): Promise<string[]> {
  const { data, error } = await supabase.rpc('list_audit_tables', { p_tenant_id: tenantId });
  if (error) throw error;
  return data ?? [];
}
