import { toRange, type ListState } from '../../lib/list-state';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { PerformanceFilters } from './list';
import { dailySchema, effectiveRange, performanceRowSchema, rangeProblem, sortPerformance, type DailyCompleted, type PerformanceRow, type PerformanceSort } from './schema';

/** The database's refusal as an Error of its English words; the refusal itself is its cause, so a page can word its keys (performance.*) in its language. */
function refusal(error: { message: string; details?: string | null }): Error {
  try {
    const details = JSON.parse(error.details ?? '') as { message: string }[];
    if (Array.isArray(details) && details.length > 0) return new Error(details.map((d) => d.message).join('; '), { cause: error });
  } catch {
    // not the database's details: its message says it
  }
  return new Error(error.message, { cause: error });
}

/**
 * The drivers' numbers over the range, computed by the database (public.driver_performance), then
 * searched by name, sorted and paged here: one row per driver, never the deliveries themselves.
 */
export async function listPerformance(state: ListState<PerformanceFilters>, { signal }: FetchContext): Promise<ServerPage<PerformanceRow>> {
  const { from, to } = effectiveRange(state.filters);
  const problem = rangeProblem(from, to);
  if (problem) throw new Error(problem);
  const { data, error } = await supabase.rpc('driver_performance', { from_date: from, to_date: to }).abortSignal(signal);
  if (error) throw refusal(error);
  const all = performanceRowSchema.array().parse(data).map((row) => ({ ...row, id: row.driver_id }));
  const term = state.q.trim().toLowerCase();
  const found = term ? all.filter((row) => (row.full_name ?? '').toLowerCase().includes(term)) : all;
  const sorted = sortPerformance(found, (state.sort?.column ?? 'completed') as PerformanceSort, state.sort?.direction ?? 'desc');
  const { from: start, to: end } = toRange(state);
  return { rows: sorted.slice(start, end + 1), total: sorted.length };
}

/** Completed deliveries per day of the range, the whole tenant's or one driver's, for the chart. */
export async function completedPerDay(from: string, to: string, driverId: string | undefined, signal: AbortSignal): Promise<DailyCompleted[]> {
  const { data, error } = await supabase.rpc('driver_completed_per_day', { from_date: from, to_date: to, driver_id: driverId }).abortSignal(signal);
  if (error) throw refusal(error);
  return dailySchema.array().parse(data);
}

/** Every driver's numbers (the totals above the table). */
export async function allPerformance(from: string, to: string, signal: AbortSignal): Promise<PerformanceRow[]> {
  const { data, error } = await supabase.rpc('driver_performance', { from_date: from, to_date: to }).abortSignal(signal);
  if (error) throw refusal(error);
  return performanceRowSchema.array().parse(data).map((row) => ({ ...row, id: row.driver_id }));
}
