export { refusalText } from '../../lib/refusal-text';
import { supabase } from '../../lib/supabase';
import { startOfDay } from 'date-fns';
import {
  boardAssignmentSchema,
  boardDeliverySchema,
  boardDriverSchema,
  OPEN_ASSIGNMENT_STATUSES,
  OPEN_STATUSES,
  type BoardAssignment,
  type BoardDelivery,
  type BoardDriver,
  type BoardReference,
  type BoardService,
  type BoardVehicle,
  type BoardZone,
} from './model';

/**
 * Every read and write of the dispatcher's board. Reads are the WORKING SET only (today's open
 * deliveries and those finished today, the on-duty drivers, the open assignments), never whole
 * tables; writes go through the database's rules (assignments' triggers, the state machine RPCs).
 */

const DELIVERY_COLUMNS =
  'id, tenant_id, delivery_code, kind, status, priority, service_id, pickup_zone_id, dropoff_zone_id, customer_id, pickup_address, dropoff_address, pickup_lat, pickup_lng, dropoff_lat, dropoff_lng, pickup_window_start, pickup_window_end, dropoff_window_start, dropoff_window_end, total_weight_kg, package_count, driver_id, vehicle_id, status_reason, notes, cod_amount, price, currency, external_reference_id, assigned_at, delivered_at, failed_at, created_at, updated_at';
const DRIVER_COLUMNS = 'id, tenant_id, status, licence_class, licence_expiry, default_vehicle_id, home_zone_id, last_lat, last_lng, last_heading, last_position_at, updated_at';
const ASSIGNMENT_COLUMNS = 'id, tenant_id, delivery_id, driver_id, vehicle_id, status, assignment_time';

/** A working set this size or bigger is more than one screen can hold: the read says so rather than cutting silently. */
export const WORKING_SET_LIMIT = 5000;
/** The API answers at most this many rows a request (`max_rows`, as on hosted Supabase): larger sets are read page by page. */
export const READ_PAGE = 1000;

type Page = PromiseLike<{ data: unknown[] | null; error: unknown }>;
/** A filtered read, before its paging: the shape of a supabase-js select builder that readAll needs. */
interface Pageable<Q> {
  gt(column: 'id', value: string): Q;
  order(column: 'id'): { limit(count: number): Page };
}

/**
 * Every row of a read, page by page in id order (each page after the last id seen, so a row that
 * changes meanwhile does not shift the pages), up to WORKING_SET_LIMIT. One request with a larger
 * limit is cut at `max_rows` without a word: a tenant with 2,000 open deliveries saw 1,000.
 */
async function readAll<Q extends Pageable<Q>>(read: () => Q): Promise<unknown[]> {
  const rows: unknown[] = [];
  let after: string | null = null;
  for (;;) {
    const q = read();
    const page: Page = (after ? q.gt('id', after) : q).order('id').limit(READ_PAGE);
    const { data, error } = await page;
    if (error) throw error;
    const list: unknown[] = data ?? [];
    rows.push(...list);
    if (list.length < READ_PAGE || rows.length >= WORKING_SET_LIMIT) return rows;
    after = (list[list.length - 1] as { id: string }).id;
  }
}

export async function fetchWorkingSetDeliveries(tenantId: string): Promise<BoardDelivery[]> {
  const since = startOfDay(new Date()).toISOString();
  // One read per open status, side by side: each is a page or two, where one read of all open
  // deliveries was several pages one after the other (each page waits for the last one's id).
  const [done, ...open] = await Promise.all([
    readAll(() =>
      supabase
        .from('deliveries')
        .select(DELIVERY_COLUMNS)
        .eq('tenant_id', tenantId)
        .in('status', ['delivered', 'failed'])
        .or(`delivered_at.gte.${since},failed_at.gte.${since}`),
    ),
    ...OPEN_STATUSES.map((status) => readAll(() => supabase.from('deliveries').select(DELIVERY_COLUMNS).eq('tenant_id', tenantId).eq('status', status))),
  ]);
  return boardDeliverySchema.array().parse([...open.flat(), ...done]);
}

export async function fetchOnDutyDrivers(tenantId: string): Promise<BoardDriver[]> {
  const data = await readAll(() => supabase.from('drivers').select(DRIVER_COLUMNS).eq('tenant_id', tenantId).neq('status', 'offline'));
  return boardDriverSchema.array().parse(data);
}

export async function fetchOpenAssignments(tenantId: string): Promise<BoardAssignment[]> {
  // Pending and accepted side by side (a busy tenant has more than a page of each).
  const data = await Promise.all(OPEN_ASSIGNMENT_STATUSES.map((status) => readAll(() => supabase.from('assignments').select(ASSIGNMENT_COLUMNS).eq('tenant_id', tenantId).eq('status', status))));
  return boardAssignmentSchema.array().parse(data.flat());
}

/** People's names by id (drivers and customers the board shows); the live rows carry only ids. */
export async function fetchNames(tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  const { data, error } = await supabase.from('profiles').select('id, full_name').eq('tenant_id', tenantId).in('id', [...ids]);
  if (error) throw error;
  for (const row of data as { id: string; full_name: string | null }[]) names.set(row.id, row.full_name ?? 'Unnamed User');
  return names;
}

export async function fetchReference(tenantId: string): Promise<BoardReference> {
  const [vehicles, services, zones] = await Promise.all([
    supabase.from('vehicles').select('id, name, code, capacity_unit, active, vehicle_requirements').eq('tenant_id', tenantId).limit(1000),
    supabase.from('delivery_services').select('id, name, required_vehicle_features').eq('tenant_id', tenantId).limit(1000),
    supabase.from('zones').select('id, name').eq('tenant_id', tenantId).order('name').limit(1000),
  ]);
  if (vehicles.error) throw vehicles.error;
  if (services.error) throw services.error;
  if (zones.error) throw zones.error;
  return {
    vehicles: new Map(
      (vehicles.data as (Omit<BoardVehicle, 'capacity_unit'> & { capacity_unit: number | string })[]).map((v) => [v.id, { ...v, capacity_unit: Number(v.capacity_unit) }]),
    ),
    services: new Map((services.data as BoardService[]).map((s) => [s.id, { ...s, required_vehicle_features: s.required_vehicle_features ?? [] }])),
    zones: new Map((zones.data as BoardZone[]).map((z) => [z.id, z])),
  };
}

/** Gives a pending delivery to a driver with a vehicle (the assignments insert: the database's rules decide). */
export async function assignDelivery(tenantId: string, deliveryId: string, driverId: string, vehicleId: string): Promise<void> {
  const { error } = await supabase.from('assignments').insert({ tenant_id: tenantId, delivery_id: deliveryId, driver_id: driverId, vehicle_id: vehicleId });
  if (error) throw error;
}

/** Moves a still-pending assignment to another driver (the update the database allows only while pending). */
export async function moveAssignment(tenantId: string, assignmentId: string, driverId: string, vehicleId: string): Promise<void> {
  const { data, error } = await supabase.from('assignments').update({ driver_id: driverId, vehicle_id: vehicleId }).eq('tenant_id', tenantId).eq('id', assignmentId).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('The assignment changed meanwhile; the board shows it as it is now');
}

export async function unassignDelivery(deliveryId: string, reason?: string): Promise<void> {
  const { error } = await supabase.rpc('unassign_delivery', { delivery_id: deliveryId, ...(reason ? { reason } : {}) });
  if (error) throw error;
}

export async function transitionDelivery(deliveryId: string, status: string, reason?: string): Promise<void> {
  const { error } = await supabase.rpc('transition_delivery', { delivery_id: deliveryId, status, ...(reason ? { reason } : {}) });
  if (error) throw error;
}

export async function fetchDeliveryActions(deliveryId: string): Promise<string[]> {
  const { data, error } = await supabase.rpc('delivery_actions', { delivery_id: deliveryId });
  if (error) throw error;
  return (data as string[] | null) ?? [];
}

export interface TimelineEvent {
  id: string;
  action: string;
  status: string | null;
  from_status: string | null;
  occurred_at: string;
  actor_name: string | null;
  driver_id: string | null;
  note: string | null;
  reason: string | null;
}

export async function fetchTimeline(tenantId: string, deliveryId: string): Promise<TimelineEvent[]> {
  const { data, error } = await supabase
    .from('delivery_events')
    .select('id, action, status, from_status, occurred_at, actor_name, driver_id, note, reason')
    .eq('tenant_id', tenantId)
    .eq('delivery_id', deliveryId)
    .order('occurred_at', { ascending: false })
    .limit(200);
  if (error) throw error;
  return data as TimelineEvent[];
}
