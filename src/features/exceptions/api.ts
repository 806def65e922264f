import { uploadFile, type UploadedFile } from '../../lib/edge-functions';
import type { ListState } from '../../lib/list-state';
import { fetchListPage, rowOrNull, parsedResult } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { ExceptionFilters } from './list';
import {
  exceptionEventSchema,
  exceptionRowSchema,
  exceptionTableRowSchema,
  type ExceptionEvent,
  type ExceptionRow,
  type ExceptionStatus,
  type ExceptionTableRow,
  type ExceptionWrite,
} from './schema';

const ROW_COLUMNS =
  'id, tenant_id, exception_code, delivery_id, delivery_code, delivery_status, customer_id, customer_name, type, severity, description, photos, reported_by, reported_by_name, assigned_to, assigned_to_name, status, resolution_notes, resolved_at, created_at, updated_at';
const TABLE_COLUMNS = 'id, tenant_id, exception_code, delivery_id, type, severity, description, photos, reported_by, assigned_to, status, resolution_notes, resolved_at, created_at, updated_at';

/** One page of the tenant's exceptions: search on codes, description and people, filters, sort and the exact total. */
export async function listExceptions(tenantId: string, state: ListState<ExceptionFilters>, { signal }: FetchContext): Promise<ServerPage<ExceptionRow>> {
  let query = supabase.from('exception_rows').select(ROW_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['exception_code', 'delivery_code', 'description', 'customer_name', 'reported_by_name'], state.q);
  const { type, severity, status, assigned_to } = state.filters;
  if (type) query = query.eq('type', type);
  if (severity) query = query.eq('severity', severity);
  if (status) query = query.eq('status', status);
  if (assigned_to) query = query.eq('assigned_to', assigned_to);
  return fetchListPage(query, state, signal, exceptionRowSchema.array());
}

/** The tenant's exceptions as the table broadcasts them: the live collection's read. */
export async function listAllExceptions(tenantId: string): Promise<ExceptionTableRow[]> {
  return parsedResult(await supabase.from('exceptions').select(TABLE_COLUMNS).eq('tenant_id', tenantId).order('created_at', { ascending: false }).limit(1000), exceptionTableRowSchema.array());
}

export async function getException(tenantId: string, id: string): Promise<ExceptionRow | null> {
  return rowOrNull(await supabase.from('exception_rows').select(ROW_COLUMNS).eq('tenant_id', tenantId).eq('id', id).maybeSingle(), exceptionRowSchema);
}

export async function listExceptionEvents(exceptionId: string): Promise<ExceptionEvent[]> {
  const result = await supabase
    .from('exception_events')
    .select('id, from_status, status, note, actor_name, occurred_at')
    .eq('exception_id', exceptionId)
    .order('occurred_at', { ascending: true })
    .order('seq', { ascending: true });
  return parsedResult(result, exceptionEventSchema.array());
}

/** What the caller may do with the exception now (the database's exception_actions). */
export async function exceptionActions(exceptionId: string): Promise<string[]> {
  const { data, error } = await supabase.rpc('exception_actions', { exception_id: exceptionId });
  if (error) throw error;
  return data ?? [];
}

/** Throws the PostgREST error as is: the form maps its details onto the fields. */
export async function createException(tenantId: string, deliveryId: string, values: ExceptionWrite): Promise<string> {
  const { data, error } = await supabase
    .from('exceptions')
    .insert({ ...values, tenant_id: tenantId, delivery_id: deliveryId })
    .select('id')
    .single();
  if (error) throw error;
  return data.id as string;
}

export async function updateException(tenantId: string, id: string, values: ExceptionWrite): Promise<void> {
  const { data, error } = await supabase.from('exceptions').update(values).eq('tenant_id', tenantId).eq('id', id).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('This exception no longer exists.');
}


/**
 * A move of the status machine (public.transition_exception); a refusal throws an Error whose message is the database's
 * English words and which keeps the refusal's keyed `details` (the screen words them with refusalText).
 */
export async function transitionException(id: string, status: ExceptionStatus, resolutionNotes: string, note = ''): Promise<void> {
  const { error } = await supabase.rpc('transition_exception', {
    exception_id: id,
    status,
    resolution_notes: resolutionNotes.trim() || undefined,
    note: note.trim() || undefined,
  });
  if (!error) return;
  let message = error.message;
  try {
    const details = JSON.parse(error.details ?? 'null') as { message?: string }[] | null;
    if (Array.isArray(details) && details.length > 0) message = details.map((d) => d.message).filter(Boolean).join(' ');
  } catch {
    // Not JSON: the message says it.
  }
  throw Object.assign(new Error(message), { code: error.code, details: error.details });
}

export function uploadExceptionPhoto(tenantId: string, file: File): Promise<UploadedFile> {
  return uploadFile(tenantId, file, 'image');
}
