import type { ListState } from '../../lib/list-state';
import { fetchListPage, parsedResult, rowOrNull } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { AuditFilters } from './list';
import { auditRowSchema, countLineSchema, countSheetSchema, reviewLineSchema, type AuditRow, type AuditWrite, type CountLine, type CountSheet, type ReviewLine } from './schema';

const ROW_COLUMNS =
  'id, warehouse_id, audit_type, status, scheduled_date, notes, created_at, created_by_name, completed_by_name, warehouse_name, warehouse_code, line_count, counted_count';

/** One page of the audits the caller may read (the warehouses' access modes decide). */
export async function listAudits(tenantId: string, state: ListState<AuditFilters>, { signal }: FetchContext): Promise<ServerPage<AuditRow>> {
  let query = supabase.from('inventory_audit_rows').select(ROW_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['notes', 'warehouse_name', 'warehouse_code', 'created_by_name', 'completed_by_name'], state.q);
  const { audit_type, status, warehouse, scheduled_date } = state.filters;
  if (audit_type) query = query.eq('audit_type', audit_type);
  if (status) query = query.eq('status', status);
  if (warehouse) query = query.eq('warehouse_id', warehouse);
  if (scheduled_date) query = query.eq('scheduled_date', scheduled_date);
  return fetchListPage(query, state, signal, auditRowSchema.array(), { idAscending: false, nullsFirst: false });
}

/** Plan an audit; throws the PostgREST error as is (the form maps its details onto the fields). */
export async function createAudit(values: AuditWrite): Promise<{ id: string }> {
  const { data, error } = await supabase.rpc('create_inventory_audit', { values: values as never });
  if (error) throw error;
  return { id: String((data as { audit: { id: string } }).audit.id) };
}

/** The count sheet (blind: no expected quantities), or null when the caller may not see the audit. */
export async function getCountSheet(auditId: string): Promise<CountSheet | null> {
  const sheet = rowOrNull(await supabase.rpc('inventory_audit_count_sheet', { audit_id: auditId }), countSheetSchema);
  return sheet && { ...sheet, id: sheet.audit.id };
}

/** The reviewer's lines: expected, counted and variance (admins and managers only). */
export async function getReview(auditId: string): Promise<ReviewLine[]> {
  return parsedResult(await supabase.rpc('inventory_audit_review', { audit_id: auditId }), reviewLineSchema.array());
}

export async function saveCount(lineId: string, counted: number): Promise<Pick<CountLine, 'id' | 'counted_quantity'>> {
  const { data, error } = await supabase.rpc('save_inventory_audit_count', { line_id: lineId, counted_quantity: counted });
  if (error) throw error;
  return countLineSchema.pick({ id: true, counted_quantity: true }).parse(data);
}

export async function requestRecount(auditId: string, threshold: number): Promise<number> {
  const { data, error } = await supabase.rpc('request_inventory_audit_recount', { audit_id: auditId, threshold });
  if (error) throw error;
  return data;
}

export async function moveAudit(auditId: string, status: 'in_progress' | 'completed' | 'cancelled', reasons?: { line_id: string; reason: string }[]): Promise<void> {
  const { error } = await supabase.rpc('transition_inventory_audit', { audit_id: auditId, status, ...(reasons ? { reasons: reasons as never } : {}) });
  if (error) throw error;
}
