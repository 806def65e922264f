import { toApiPage, type ListState } from '../../lib/list-state';
import { parsedResult } from '../../lib/query-results';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { AssignmentFilters } from './list';
import { assignmentPageSchema, assignmentSchema, fitSchema, type Assignment, type AssignmentRow, type Fit } from './schema';

const ASSIGNMENT_COLUMNS =
  'id, tenant_id, delivery_id, driver_id, vehicle_id, assigned_by, assignment_time, status, notes, responded_at, rejection_reason, completed_at, cancelled_at, cancel_reason, updated_at';

/**
 * One page of the tenant's assignments: tenant_id, search, language,
 * page (1-based: the UI's page + 1), limit and the filters; reads total and assignments.
 */
export async function listAssignments(tenantId: string, state: ListState<AssignmentFilters>, { signal }: FetchContext): Promise<ServerPage<AssignmentRow>> {
  const { status, driver_id, vehicle_id, assigned_by, delivery_id } = state.filters;
  const { data, error } = await supabase
    .rpc('list_assignments', {
      tenant_id: tenantId,
      search: state.q.trim() || undefined,
      language: 'en',
      page: toApiPage(state.page),
      limit: state.pageSize,
      status,
      driver_id,
      vehicle_id,
      assigned_by,
      delivery_id,
      sort: state.sort?.column ?? 'assignment_time',
      direction: state.sort?.direction ?? 'desc',
    })
    .abortSignal(signal);
  if (error) throw error;
  const page = assignmentPageSchema.parse(data);
  return { rows: page.assignments, total: page.total };
}

/**
 * The assignments that can still change (pending and accepted): the live collection's read. Final
 * ones (rejected, completed, cancelled) never change again, so the list patches only open rows in
 * place and offers a refresh for anything else.
 */
export async function listOpenAssignments(tenantId: string): Promise<Assignment[]> {
  const result = await supabase
    .from('assignments')
    .select(ASSIGNMENT_COLUMNS)
    .eq('tenant_id', tenantId)
    .in('status', ['pending', 'accepted'])
    .order('assignment_time', { ascending: false })
    .limit(1000);
  return parsedResult(result, assignmentSchema.array());
}

export interface AssignmentRecord extends Assignment {
  delivery: { delivery_code: string; external_reference_id: string | null; status: string } | null;
}

/** One assignment of the tenant, or null when there is none (or the caller may not see it). */
export async function getAssignment(tenantId: string, id: string): Promise<AssignmentRecord | null> {
  const { data, error } = await supabase.from('assignments').select(ASSIGNMENT_COLUMNS).eq('tenant_id', tenantId).eq('id', id).maybeSingle();
  if (error) {
    if (error.code === '22P02') return null;
    throw error;
  }
  if (!data) return null;
  const assignment = assignmentSchema.parse(data);
  const { data: delivery, error: deliveryError } = await supabase
    .from('deliveries')
    .select('delivery_code, external_reference_id, status')
    .eq('id', assignment.delivery_id)
    .maybeSingle();
  if (deliveryError) throw deliveryError;
  return { ...assignment, delivery: delivery ?? null };
}

/** Throws the PostgREST error as is: the form maps its details (delivery_id, driver_id, vehicle_id, notes) onto the fields. */
export async function createAssignment(tenantId: string, values: { delivery_id: string; driver_id: string; vehicle_id: string; notes: string }): Promise<Assignment> {
  return parsedResult(await supabase.from('assignments').insert({ ...values, tenant_id: tenantId }).select(ASSIGNMENT_COLUMNS).single(), assignmentSchema);
}

export async function updateAssignment(tenantId: string, id: string, values: { driver_id: string; vehicle_id: string; notes: string }): Promise<Assignment> {
  return parsedResult(await supabase.from('assignments').update(values).eq('tenant_id', tenantId).eq('id', id).select(ASSIGNMENT_COLUMNS).single(), assignmentSchema);
}

/** The database's dispatch rules for a choice, before saving. */
export async function checkFit(deliveryId: string, driverId: string, vehicleId: string, signal: AbortSignal): Promise<Fit> {
  return parsedResult(await supabase.rpc('assignment_fit', { delivery_id: deliveryId, driver_id: driverId, vehicle_id: vehicleId }).abortSignal(signal), fitSchema);
}

/** The vehicle a driver usually drives (prefilled when the driver is chosen). */
export async function driverDefaultVehicle(tenantId: string, driverId: string): Promise<{ id: string; name: string } | null> {
  const { data, error } = await supabase
    .from('driver_rows')
    .select('default_vehicle_id, default_vehicle_name')
    .eq('tenant_id', tenantId)
    .eq('id', driverId)
    .maybeSingle();
  if (error) throw error;
  return data?.default_vehicle_id ? { id: data.default_vehicle_id, name: data.default_vehicle_name ?? '' } : null;
}

