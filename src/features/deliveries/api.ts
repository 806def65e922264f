import { pageWithPlannedTotal, toRange, type ListState } from '../../lib/list-state';
import { rowOrNull, parsedResult } from '../../lib/query-results';
import { searchTerm, withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { LookupOption } from '../../ui/form';
import type { DeliveryFilters } from './list';
import {
  assignmentSchema,
  deliveryEventSchema,
  deliveryRowSchema,
  deliverySchema,
  type Assignment,
  type Delivery,
  type DeliveryEvent,
  type DeliveryRow,
  type DeliveryWrite,
} from './schema';
import { preferenceSuggestionSchema, type PreferenceSuggestion } from './preference';

export const LIST_COLUMNS =
  'id, tenant_id, delivery_code, external_reference_id, kind, status, priority, customer_id, customer_name, driver_id, driver_name, ' +
  'service_id, service_name, pickup_zone_name, dropoff_zone_name, pickup_full_address, pickup_city, dropoff_full_address, dropoff_city, ' +
  'pickup_window_start, pickup_window_end, dropoff_window_start, dropoff_window_end, price, currency, created_at';

/** The day after a 'YYYY-MM-DD' (an inclusive 'to' date becomes an exclusive bound). */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + 1);
  return date.toISOString();
}

/**
 * The deliveries matching a search (any part of the code or the external reference, or the
 * customer's name): their ids, the newest 200, from search_delivery_ids, which can use the
 * trigram indexes that ILIKE under row-level security cannot. No match asks for an id that is none.
 */
async function searchIds(term: string, signal: AbortSignal): Promise<string[]> {
  const { data, error } = await supabase.rpc('search_delivery_ids', { term }).abortSignal(signal);
  if (error) throw error;
  const ids = (data ?? []) as string[];
  return ids.length > 0 ? ids : [NO_DELIVERY];
}

const NO_DELIVERY = '00000000-0000-0000-0000-000000000000';

/**
 * One page of the tenant's deliveries: the request the deliveries list sends, in one place (the
 * deliveries benchmark measures this exact shape).
 *
 * Reads the delivery_rows view (names and cities in one request), filtered on the deliveries' own
 * indexed columns: tenant_id, status (several), kind, service, zone (pickup or drop-off), driver and
 * a created_at range in the browser's days; search is a contains match on the code, the external
 * reference and the customer's name, looked up first as ids (searchIds). Ordered by the chosen
 * column, then id, so pages never overlap.
 *
 * Count: `planned`, chosen as PostgREST users do at scale: the planner's estimate (within a few per
 * cent since 20261125001395) costs no counting at all, where `estimated` still counts up to the
 * server's max rows and `exact` reads every match. The page asks for one row more, so the last page's
 * total is exact and the pager says 'about' only while more pages follow (pageWithPlannedTotal).
 */
export async function listDeliveries(tenantId: string, state: ListState<DeliveryFilters>, { signal }: FetchContext): Promise<ServerPage<DeliveryRow>> {
  const { from, to } = toRange(state);
  let query = supabase.from('delivery_rows').select(LIST_COLUMNS, { count: 'planned' }).eq('tenant_id', tenantId);
  const term = searchTerm(state.q);
  if (term) query = query.in('id', await searchIds(term, signal));
  const { status, kind, service_id, zone_id, driver_id, created_from, created_to } = state.filters;
  if (status.length > 0) query = query.in('status', status);
  if (kind) query = query.eq('kind', kind);
  if (service_id) query = query.eq('service_id', service_id);
  if (zone_id) query = query.or(`pickup_zone_id.eq.${zone_id},dropoff_zone_id.eq.${zone_id}`);
  if (driver_id) query = query.eq('driver_id', driver_id);
  if (created_from) query = query.gte('created_at', new Date(`${created_from}T00:00:00`).toISOString());
  if (created_to) query = query.lt('created_at', nextDay(created_to));
  const sort = state.sort ?? { column: 'created_at', direction: 'desc' };
  query = query.order(sort.column, { ascending: sort.direction === 'asc' }).order('id', { ascending: sort.direction === 'asc' });
  // One row past the page says whether another page exists: the last page's total is then exact,
  // any other is the planner's estimate (at least one past this page).
  const { data, count, error } = await query.range(from, to + 1).abortSignal(signal);
  if (error) throw error;
  return pageWithPlannedTotal(deliveryRowSchema.array().parse(data), from, to - from + 1, count);
}

/** The names the detail shows beside the delivery's ids. */
export interface DeliveryNames {
  customer_name: string | null;
  driver_name: string | null;
  service_name: string | null;
  service_code: string | null;
  pickup_zone_name: string | null;
  dropoff_zone_name: string | null;
}

export interface DriverPosition {
  lat: number;
  lng: number;
  at: string | null;
}

export interface DeliveryDetail {
  delivery: Delivery;
  names: DeliveryNames;
  driverPosition: DriverPosition | null;
  vehicleName: string | null;
}

/** A delivery with its names, its driver's last fix and vehicle; null when it does not exist for the caller. */
export async function getDeliveryDetail(tenantId: string, id: string): Promise<DeliveryDetail | null> {
  const [row, names] = await Promise.all([
    supabase.from('deliveries').select('*').eq('tenant_id', tenantId).eq('id', id).maybeSingle(),
    supabase
      .from('delivery_rows')
      .select('customer_name, driver_name, service_name, service_code, pickup_zone_name, dropoff_zone_name')
      .eq('tenant_id', tenantId)
      .eq('id', id)
      .maybeSingle(),
  ]);
  if (row.error) {
    if (row.error.code === '22P02') return null;
    throw row.error;
  }
  if (!row.data) return null;
  if (names.error) throw names.error;
  const delivery = deliverySchema.parse(row.data);
  const [driver, vehicle] = await Promise.all([
    delivery.driver_id
      ? supabase.from('drivers').select('last_lat, last_lng, last_position_at').eq('id', delivery.driver_id).maybeSingle()
      : Promise.resolve({ data: null, error: null }),
    delivery.vehicle_id ? supabase.from('vehicles').select('name').eq('id', delivery.vehicle_id).maybeSingle() : Promise.resolve({ data: null, error: null }),
  ]);
  const fix = driver.data as { last_lat: number | null; last_lng: number | null; last_position_at: string | null } | null;
  return {
    delivery,
    names: (names.data as DeliveryNames | null) ?? {
      customer_name: null,
      driver_name: null,
      service_name: null,
      service_code: null,
      pickup_zone_name: null,
      dropoff_zone_name: null,
    },
    driverPosition: fix && fix.last_lat !== null && fix.last_lng !== null ? { lat: fix.last_lat, lng: fix.last_lng, at: fix.last_position_at } : null,
    vehicleName: (vehicle.data as { name: string } | null)?.name ?? null,
  };
}

/** A delivery for its edit form; null when it does not exist for the caller. */
export async function getDelivery(tenantId: string, id: string): Promise<Delivery | null> {
  return rowOrNull(await supabase.from('deliveries').select('*').eq('tenant_id', tenantId).eq('id', id).maybeSingle(), deliverySchema);
}

/** The timeline: every event of the delivery, oldest first. */
export async function listDeliveryEvents(tenantId: string, deliveryId: string): Promise<DeliveryEvent[]> {
  const result = await supabase
    .from('delivery_events')
    .select('id, delivery_id, action, status, from_status, occurred_at, actor_name, note, reason')
    .eq('tenant_id', tenantId)
    .eq('delivery_id', deliveryId)
    .order('occurred_at', { ascending: true })
    .order('recorded_at', { ascending: true });
  return parsedResult(result, deliveryEventSchema.array());
}

export interface AssignmentHistoryRow extends Assignment {
  driver_name: string | null;
  vehicle_name: string | null;
}

/** The delivery's assignments, newest first, with the driver's and vehicle's names. */
export async function listDeliveryAssignments(tenantId: string, deliveryId: string): Promise<AssignmentHistoryRow[]> {
  const { data, error } = await supabase
    .from('assignments')
    .select('id, driver_id, vehicle_id, status, assignment_time, responded_at, completed_at, cancelled_at, rejection_reason, cancel_reason, notes')
    .eq('tenant_id', tenantId)
    .eq('delivery_id', deliveryId)
    .order('assignment_time', { ascending: false });
  if (error) throw error;
  const rows = assignmentSchema.array().parse(data);
  if (rows.length === 0) return [];
  const [people, vehicles] = await Promise.all([
    supabase.from('profiles').select('id, full_name').in('id', [...new Set(rows.map((a) => a.driver_id))]),
    supabase.from('vehicles').select('id, name').in('id', [...new Set(rows.map((a) => a.vehicle_id))]),
  ]);
  const personName = new Map(((people.data ?? []) as { id: string; full_name: string | null }[]).map((p) => [p.id, p.full_name]));
  const vehicleName = new Map(((vehicles.data ?? []) as { id: string; name: string }[]).map((v) => [v.id, v.name]));
  return rows.map((a) => ({ ...a, driver_name: personName.get(a.driver_id) ?? null, vehicle_name: vehicleName.get(a.vehicle_id) ?? null }));
}

/** What the caller may do with the delivery now (the state machine's answer). */
export async function getDeliveryActions(deliveryId: string): Promise<string[]> {
  const { data, error } = await supabase.rpc('delivery_actions', { delivery_id: deliveryId });
  if (error) throw error;
  return (data as string[] | null) ?? [];
}

/** A move of the status machine; the database's refusal is thrown as it answered. */
export async function transitionDelivery(deliveryId: string, status: string, reason?: string): Promise<void> {
  const { error } = await supabase.rpc('transition_delivery', { delivery_id: deliveryId, status, ...(reason ? { reason } : {}) });
  if (error) throw error;
}

export async function unassignDelivery(deliveryId: string, reason?: string): Promise<void> {
  const { error } = await supabase.rpc('unassign_delivery', { delivery_id: deliveryId, ...(reason ? { reason } : {}) });
  if (error) throw error;
}

/** Creates a delivery; answers its id. Validation comes back as the database's {field, message} details. */
export async function createDelivery(tenantId: string, write: DeliveryWrite): Promise<string> {
  const { data, error } = await supabase
    .from('deliveries')
    .insert({ ...write, tenant_id: tenantId })
    .select('id')
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

export async function updateDelivery(tenantId: string, id: string, write: DeliveryWrite): Promise<void> {
  const { data, error } = await supabase.from('deliveries').update(write).eq('tenant_id', tenantId).eq('id', id).select('id');
  if (error) throw error;
  if (!data || data.length === 0) throw new Error('This delivery no longer exists.');
}

// ---------------------------------------------------------------------------------------------
// The live quote

export interface QuoteRequest {
  pickup_lat: number;
  pickup_lng: number;
  dropoff_lat: number;
  dropoff_lng: number;
  service_id: string;
  weight_kg: number;
  ready_at: string | null;
}

export interface DeliveryQuote {
  price: number;
  currency: string;
  pickup_zone: { name: string; code: string };
  dropoff_zone: { name: string; code: string };
  min_transit_hours: number;
  max_transit_hours: number;
  earliest_at: string;
  latest_at: string;
}

/** Prices the form's shipment (the `quote` RPC); a refusal throws the database's {field, message} details. */
export async function quoteDelivery(request: QuoteRequest, signal: AbortSignal): Promise<DeliveryQuote> {
  const { data, error } = await supabase.rpc('quote', { ...request, ready_at: request.ready_at ?? undefined }).abortSignal(signal);
  if (error) throw error;
  const q = data as Record<string, unknown> & DeliveryQuote;
  return {
    price: Number(q.price),
    currency: String(q.currency),
    pickup_zone: q.pickup_zone,
    dropoff_zone: q.dropoff_zone,
    min_transit_hours: Number(q.min_transit_hours),
    max_transit_hours: Number(q.max_transit_hours),
    earliest_at: q.earliest_at,
    latest_at: q.latest_at,
  };
}

export interface AddressPoint {
  id: string;
  lat: number | null;
  lng: number | null;
}

/** The position of a book address (the quote needs the two points). */
export async function addressPoint(tenantId: string, addressId: string): Promise<AddressPoint | null> {
  const { data, error } = await supabase.from('addresses').select('id, latitude, longitude').eq('tenant_id', tenantId).eq('id', addressId).maybeSingle();
  if (error) throw error;
  const row = data as { id: string; latitude: number | null; longitude: number | null } | null;
  return row ? { id: row.id, lat: row.latitude, lng: row.longitude } : null;
}

// ---------------------------------------------------------------------------------------------
// Lookups (10 rows with a search term)

interface AddressLookupRow {
  id: string;
  user_id: string | null;
  title: { en?: string } | null;
  full_address: string | null;
  address_line1: string | null;
  latitude: number | null;
}

function addressOption(a: AddressLookupRow): LookupOption {
  const title = a.title?.en?.trim();
  const label = title || a.full_address || a.address_line1 || 'Address';
  const whose = a.user_id ? "Customer's address" : 'Business address';
  const where = title && a.full_address ? `${a.full_address} · ` : '';
  return { value: a.id, label, description: a.latitude === null ? `${where}${whose} · not on the map` : `${where}${whose}` };
}

/**
 * Pickup and drop-off choices: the customer's address book and the tenant's own addresses (the two
 * books the database accepts), active ones, the customer's Default first.
 */
export async function lookupDeliveryAddresses(
  tenantId: string,
  customerId: string | null,
  term: string,
  limit: number,
  signal: AbortSignal,
): Promise<LookupOption[]> {
  let query = supabase
    .from('addresses')
    .select('id, user_id, title, full_address, address_line1, latitude')
    .eq('tenant_id', tenantId)
    .eq('is_active', true)
    .or(customerId ? `user_id.is.null,user_id.eq.${customerId}` : 'user_id.is.null');
  query = withSearch(query, ['full_address', 'address_line1', 'city', 'title->>en'], term);
  const { data, error } = await query
    .order('user_id', { ascending: true, nullsFirst: false })
    .order('is_primary', { ascending: false })
    .order('created_at', { ascending: false })
    .limit(limit)
    .abortSignal(signal);
  if (error) throw error;
  return (data as AddressLookupRow[]).map(addressOption);
}

export async function addressLabel(tenantId: string, id: string): Promise<string | null> {
  const { data } = await supabase.from('addresses').select('id, user_id, title, full_address, address_line1, latitude').eq('tenant_id', tenantId).eq('id', id).maybeSingle();
  return data ? addressOption(data as AddressLookupRow).label : null;
}

/** The customer's active delivery preference for a drop-off address, or null (customer_preference_for). */
export async function customerPreferenceFor(customerId: string, locationId: string, signal: AbortSignal): Promise<PreferenceSuggestion | null> {
  const { data, error } = await supabase.rpc('customer_preference_for', { customer_id: customerId, location_id: locationId }).abortSignal(signal);
  if (error) throw error;
  return data ? preferenceSuggestionSchema.parse(data) : null;
}

