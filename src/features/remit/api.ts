import { toRange, type ListState } from '../../lib/list-state';
import { parsedResult } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { RemittanceFilters } from './list';
import { cashSummarySchema, remittanceRowSchema, unremittedSchema, type CashSummary, type RemitFormValues, type RemittanceRow, type UnremittedDelivery } from './schema';

const ROW_COLUMNS =
  'id, reference_number, driver_id, driver_name, recorded_by_name, amount, expected_amount, currency, method, note, discrepancy_reason, recorded_at, delivery_codes';

/** The most rows one CSV export reads (the filtered history, newest first). */
export const EXPORT_LIMIT = 5000;

/** Per driver of the tenant: cash collected, remitted, outstanding (public.driver_cash_summary). */
export async function cashSummary(signal?: AbortSignal): Promise<CashSummary[]> {
  let call = supabase.rpc('driver_cash_summary');
  if (signal) call = call.abortSignal(signal);
  return parsedResult(await call, cashSummarySchema.array());
}

/** The driver's delivered cash deliveries no remittance covers yet, oldest first. */
export async function unremittedDeliveries(driverId: string, signal?: AbortSignal): Promise<UnremittedDelivery[]> {
  let call = supabase.rpc('unremitted_deliveries', { driver_id: driverId });
  if (signal) call = call.abortSignal(signal);
  return parsedResult(await call, unremittedSchema.array());
}

/** Records a remittance through public.record_remittance; a refusal is thrown as the database gave it (23514 details on the form's fields). */
export async function recordRemittance(values: RemitFormValues): Promise<{ id: string; reference_number: string }> {
  const { data, error } = await supabase.rpc('record_remittance', {
    driver_id: values.driver_id,
    delivery_ids: values.delivery_ids,
    amount: values.amount,
    method: values.method,
    note: values.note,
    discrepancy_reason: values.discrepancy_reason.trim() === '' ? null : values.discrepancy_reason,
  } as never);
  if (error) throw error;
  const row = data as unknown as { id: string; reference_number: string };
  return { id: row.id, reference_number: row.reference_number };
}

/** Start of a local day, as an instant. */
function dayStart(day: string): string {
  return new Date(`${day}T00:00:00`).toISOString();
}

/** Start of the day after a local day. */
function nextDayStart(day: string): string {
  const d = new Date(`${day}T00:00:00`);
  d.setDate(d.getDate() + 1);
  return d.toISOString();
}

function historyQuery(tenantId: string, state: Pick<ListState<RemittanceFilters>, 'q' | 'filters' | 'sort'>, count: boolean) {
  let query = supabase
    .from('remittance_rows')
    .select(ROW_COLUMNS, count ? { count: 'exact' } : undefined)
    .eq('tenant_id', tenantId);
  const { driver, from, to, method } = state.filters;
  if (driver) query = query.eq('driver_id', driver);
  if (method) query = query.eq('method', method);
  if (from) query = query.gte('recorded_at', dayStart(from));
  if (to) query = query.lt('recorded_at', nextDayStart(to));
  query = withSearch(query, ['reference_number', 'driver_name'], state.q);
  const column = state.sort?.column ?? 'recorded_at';
  return query.order(column, { ascending: state.sort?.direction === 'asc' }).order('id', { ascending: true });
}

/** One page of the history with its filters (driver, date range in the browser's days, method) and search. */
export async function listRemittances(tenantId: string, state: ListState<RemittanceFilters>, { signal }: FetchContext): Promise<ServerPage<RemittanceRow>> {
  const { from, to } = toRange(state);
  const { data, count, error } = await historyQuery(tenantId, state, true).range(from, to).abortSignal(signal);
  if (error) throw error;
  return { rows: remittanceRowSchema.array().parse(data), total: count ?? 0 };
}

/** Every row of the filtered history (at most EXPORT_LIMIT), for the CSV export. */
export async function allRemittances(tenantId: string, state: Pick<ListState<RemittanceFilters>, 'q' | 'filters' | 'sort'>): Promise<RemittanceRow[]> {
  return parsedResult(await historyQuery(tenantId, state, false).range(0, EXPORT_LIMIT - 1), remittanceRowSchema.array());
}
