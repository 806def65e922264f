import { toRange, type ListState } from '../../lib/list-state';
import { parsedResult } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { Database } from '../../types/database-overrides';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { ExceptionFilters, FailureFilters, MessageFilters } from './list';
import {
  adminMessageSchema,
  customerConversationRowSchema,
  exceptionRowSchema,
  failureRowSchema,
  type AdminMessage,
  type ContactFormValues,
  type CustomerConversationRow,
  type ExceptionRow,
  type FailureRow,
} from './schema';

// ---------------------------------------------------------------------------------------------
// Support: failed attempts.

/**
 * A support queue's state filter: the items still to handle when none is chosen, every item for
 * 'all', else that state.
 */
function handlingState<Q extends { in(column: string, values: readonly string[]): Q; eq(column: string, value: string): Q }>(
  query: Q,
  chosen: string | undefined,
  stillToHandle: readonly string[],
  column = 'state',
): Q {
  if (!chosen) return query.in(column, stillToHandle);
  return chosen === 'all' ? query : query.eq(column, chosen);
}

/** A queue's order: the chosen column, then id, so pages never overlap. */
function inOrder<Q extends { order(column: string, options: { ascending: boolean }): Q }>(query: Q, sort: { column: string; direction: 'asc' | 'desc' }): Q {
  return query.order(sort.column, { ascending: sort.direction === 'asc' }).order('id', { ascending: true });
}

const FAILURE_COLUMNS =
  'id, delivery_id, delivery_code, kind, delivery_status, failed_at, reason, failure_note, reported_by_name, driver_name, customer_name, dropoff_full_address, ' +
  'state, acknowledged_by_name, acknowledged_at, acknowledgement_note, resolved_by_name, resolved_at, resolution_note';

/** The start of the period in the browser's days: today from midnight, else 7 or 30 days back. */
export function periodStart(period: FailureFilters['period'], now = new Date()): string {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  if (period === '30d') start.setDate(start.getDate() - 29);
  else if (period !== 'today') start.setDate(start.getDate() - 6);
  return start.toISOString();
}

/** Runs one handling move of a queue (acknowledge, resolve); the database decides whether it is allowed. */
type HandlingMove = 'acknowledge_failure' | 'resolve_failure' | 'acknowledge_order_conversation' | 'resolve_order_conversation' | 'transition_exception';

/** One handling move through its database function, its arguments typed by the generated types (a wrong name does not compile). */
async function handle<M extends HandlingMove>(move: M, args: Database['public']['Functions'][M]['Args']): Promise<void> {
  const { error } = await supabase.rpc(move, args);
  if (error) throw error;
}

/** One page of the failed attempts (support_failures): unresolved ones of the last 7 days unless the filters say otherwise. */
export async function listFailures(tenantId: string, state: ListState<FailureFilters>, { signal }: FetchContext): Promise<ServerPage<FailureRow>> {
  const { from, to } = toRange(state);
  let query = supabase.from('support_failures').select(FAILURE_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId).gte('failed_at', periodStart(state.filters.period));
  query = withSearch(handlingState(query, state.filters.state, ['open', 'acknowledged']), ['delivery_code', 'customer_name', 'driver_name', 'reason'], state.q);
  const { data, count, error } = await inOrder(query, state.sort ?? { column: 'failed_at', direction: 'desc' }).range(from, to).abortSignal(signal);
  if (error) throw error;
  return { rows: failureRowSchema.array().parse(data), total: count ?? 0 };
}

export async function acknowledgeFailure(eventId: string, note: string): Promise<void> {
  await handle('acknowledge_failure', { delivery_event_id: eventId, note: note.trim() || undefined });
}

export async function resolveFailure(eventId: string, resolutionNote: string): Promise<void> {
  await handle('resolve_failure', { delivery_event_id: eventId, resolution_note: resolutionNote.trim() });
}

// ---------------------------------------------------------------------------------------------
// Support: customers' messages (chat's order conversations, support_conversations).

const MESSAGE_COLUMNS =
  'id, delivery_id, delivery_code, kind, customer_name, title, is_archived, state, waiting_since, last_customer_message_at, last_customer_message, ' +
  'acknowledged_by_name, acknowledged_at, acknowledgement_note, resolved_by_name, resolved_at, resolution_note';

/** One page of the customers' conversations: waiting and acknowledged unless the filters say otherwise, the newest customer message first. */
export async function listCustomerConversations(tenantId: string, state: ListState<MessageFilters>, { signal }: FetchContext): Promise<ServerPage<CustomerConversationRow>> {
  const { from, to } = toRange(state);
  let query = supabase.from('support_conversations').select(MESSAGE_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(handlingState(query, state.filters.state, ['waiting', 'acknowledged']), ['delivery_code', 'customer_name', 'last_customer_message'], state.q);
  const { data, count, error } = await inOrder(query, state.sort ?? { column: 'last_customer_message_at', direction: 'desc' }).range(from, to).abortSignal(signal);
  if (error) throw error;
  return { rows: customerConversationRowSchema.array().parse(data), total: count ?? 0 };
}

export async function acknowledgeCustomerConversation(conversationId: string, note: string): Promise<void> {
  await handle('acknowledge_order_conversation', { conversation_id: conversationId, note: note.trim() || undefined });
}

export async function resolveCustomerConversation(conversationId: string, resolutionNote: string): Promise<void> {
  await handle('resolve_order_conversation', { conversation_id: conversationId, resolution_note: resolutionNote.trim() });
}

// ---------------------------------------------------------------------------------------------
// Support: exceptions (the exceptions feature's table and machine, read and moved for the queue).

const EXCEPTION_COLUMNS = 'id, exception_code, delivery_id, delivery_code, type, severity, description, reported_by, reported_by_name, assigned_to_name, status, resolution_notes, created_at';

async function driverIds(tenantId: string, signal: AbortSignal): Promise<string[]> {
  const { data, error } = await supabase.from('profiles').select('id').eq('tenant_id', tenantId).eq('panel_type', 'driver').abortSignal(signal);
  if (error) throw error;
  return (data as { id: string }[]).map((p) => p.id);
}

/** One page of the exceptions: open and investigating unless the filters say otherwise; drivers' reports told apart. */
export async function listExceptions(tenantId: string, state: ListState<ExceptionFilters>, { signal }: FetchContext): Promise<ServerPage<ExceptionRow>> {
  const { from, to } = toRange(state);
  const drivers = await driverIds(tenantId, signal);
  let query = supabase.from('exception_rows').select(EXCEPTION_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  const { status, severity, raised_by } = state.filters;
  query = handlingState(query, status, ['open', 'investigating'], 'status');
  if (severity.length > 0) query = query.in('severity', severity);
  if (raised_by === 'driver') {
    if (drivers.length === 0) return { rows: [], total: 0 };
    query = query.in('reported_by', drivers);
  } else if (raised_by === 'staff' && drivers.length > 0) query = query.not('reported_by', 'in', `(${drivers.join(',')})`);
  query = withSearch(query, ['exception_code', 'delivery_code', 'description', 'reported_by_name'], state.q);
  const { data, count, error } = await inOrder(query, state.sort ?? { column: 'created_at', direction: 'desc' }).range(from, to).abortSignal(signal);
  if (error) throw error;
  const rows = exceptionRowSchema.array().parse(data);
  const kinds = new Map<string, string>();
  const deliveryIds = [...new Set(rows.map((r) => r.delivery_id))];
  if (deliveryIds.length > 0) {
    const answer = await supabase.from('deliveries').select('id, kind').in('id', deliveryIds).abortSignal(signal);
    if (answer.error) throw answer.error;
    for (const d of answer.data as { id: string; kind: string }[]) kinds.set(d.id, d.kind);
  }
  const driverSet = new Set(drivers);
  return {
    rows: rows.map((r) => ({ ...r, raised_by_driver: r.reported_by !== null && driverSet.has(r.reported_by), delivery_kind: kinds.get(r.delivery_id) ?? null })),
    total: count ?? 0,
  };
}

/** Open -> investigating: the caller owns it unless someone already does (transition_exception). */
export async function acknowledgeException(id: string, note: string): Promise<void> {
  await handle('transition_exception', { exception_id: id, status: 'investigating', note: note.trim() || undefined });
}

export async function resolveException(id: string, resolutionNotes: string): Promise<void> {
  await handle('transition_exception', { exception_id: id, status: 'resolved', resolution_notes: resolutionNotes.trim() });
}

// ---------------------------------------------------------------------------------------------
// Contact the admins.

/** Every active admin of the tenant gets a notification (public.notify_admins); answers how many. */
export async function notifyAdmins(values: ContactFormValues): Promise<number> {
  const { data, error } = await supabase.rpc('notify_admins', { subject: values.subject, body: values.body } as never);
  if (error) throw error;
  return Number((data as { recipients?: unknown } | null)?.recipients ?? 0);
}

/** The caller's latest messages to the admins (RLS: a dispatcher reads only their own). */
export async function listSentMessages(userId: string, signal?: AbortSignal): Promise<AdminMessage[]> {
  let query = supabase.from('admin_messages').select('id, subject, body, recipients, created_at').eq('sender_id', userId).order('created_at', { ascending: false }).limit(10);
  if (signal) query = query.abortSignal(signal);
  return parsedResult(await query, adminMessageSchema.array());
}


// ---------------------------------------------------------------------------------------------
// Info: the business's operating information, read only.

export interface InfoService {
  id: string;
  name: string;
  code: string;
  description: string;
  kind: string;
  min_transit_hours: number;
  max_transit_hours: number;
  required_vehicle_features: string[];
  active: boolean;
}

export interface InfoZone {
  id: string;
  name: string;
  code: string;
  description: string;
  color: string;
  polygon: unknown;
  active: boolean;
}

export interface InfoContact {
  id: string;
  full_name: string;
  email: string;
  phone: string | null;
}

export interface TenantInfo {
  name: string;
  contact: { phone?: string; email?: string; address?: string };
  admins: InfoContact[];
  services: InfoService[];
  zones: InfoZone[];
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** Everything the info page shows, in one go: the business's contact details, its admins, services and zones (RLS: what dispatchers may read). */
export async function getTenantInfo(tenantId: string, signal: AbortSignal): Promise<TenantInfo> {
  const [tenant, admins, services, zones] = await Promise.all([
    supabase.from('tenants').select('name, contact_info').eq('id', tenantId).abortSignal(signal).single(),
    supabase.from('profiles').select('id, full_name, email, phone').eq('tenant_id', tenantId).eq('panel_type', 'admin').eq('status', 'active').order('first_name').abortSignal(signal),
    supabase
      .from('delivery_services')
      .select('id, name, code, description, kind, min_transit_hours, max_transit_hours, required_vehicle_features, active')
      .eq('tenant_id', tenantId)
      .order('active', { ascending: false })
      .order('name')
      .abortSignal(signal),
    supabase.from('zones').select('id, name, code, description, color, polygon, active').eq('tenant_id', tenantId).order('name').abortSignal(signal),
  ]);
  for (const answer of [tenant, admins, services, zones]) if (answer.error) throw answer.error;
  const t = tenant.data as { name: Record<string, unknown> | null; contact_info: Record<string, unknown> | null };
  const contact = t.contact_info ?? {};
  // The name is per language ({en: …}): English, else the first one given.
  const names = t.name ?? {};
  return {
    name: text(names.en) ?? Object.values(names).map(text).find(Boolean) ?? '',
    contact: { phone: text(contact.phone), email: text(contact.email), address: text(contact.address) },
    admins: (admins.data ?? []) as InfoContact[],
    services: ((services.data ?? []) as (InfoService & { min_transit_hours: number | string; max_transit_hours: number | string })[]).map((s) => ({
      ...s,
      min_transit_hours: Number(s.min_transit_hours),
      max_transit_hours: Number(s.max_transit_hours),
    })),
    zones: (zones.data ?? []) as InfoZone[],
  };
}
