import { supabase } from '../../lib/supabase';
import type { GeoFix } from './geo-throttle';
import type { ServerFieldError } from '../../lib/server-errors';
import { SendError, type QueuedAction } from './offline-queue';
import { parseDoorNotesByDelivery } from './door-notes';
import { DeliverySettingsSchema, type DeliverySettings, type DriverTask } from './schema';
import { WorkReadError } from './work-snapshot';

/** The driver's own deliveries carry their assignments (RLS: the driver reads their own). */
const TASK_COLUMNS =
  'id, delivery_code, barcode, kind, status, status_reason, priority, pickup_address, dropoff_address, pickup_lat, pickup_lng, dropoff_lat, dropoff_lng, ' +
  'pickup_window_start, pickup_window_end, dropoff_window_start, dropoff_window_end, packages, package_count, total_weight_kg, cod_amount, currency, notes, ' +
  'delivered_at, failed_at, updated_at, assignments(id, driver_id, status, notes, assignment_time)';

export const PROOFS_BUCKET = 'proofs';

interface TaskRow extends Omit<DriverTask, 'offer' | 'cod_amount' | 'total_weight_kg'> {
  cod_amount: number | string;
  total_weight_kg: number | string;
  assignments: { id: string; driver_id: string; status: string; notes: string | null; assignment_time: string }[] | null;
}

function toTask(row: TaskRow, driverId: string): DriverTask {
  const { assignments, ...rest } = row;
  const offer = (assignments ?? []).find((a) => a.driver_id === driverId && a.status === 'pending') ?? null;
  return {
    ...rest,
    packages: Array.isArray(rest.packages) ? rest.packages : [],
    cod_amount: Number(rest.cod_amount) || 0,
    total_weight_kg: Number(rest.total_weight_kg) || 0,
    offer: offer ? { id: offer.id, notes: offer.notes, assignment_time: offer.assignment_time } : null,
  };
}

/** The supabase-js answer as an error the queue understands: lost connection and 5xx are worth retrying. */
function sendErrorOf(error: { message: string; details?: string | null; code?: string }, status: number): SendError {
  let details: ServerFieldError[] = [];
  try {
    const parsed: unknown = JSON.parse(error.details ?? '[]');
    // Each problem keeps its key and params, so the page can word it in the driver's language.
    if (Array.isArray(parsed)) details = parsed.filter((d): d is ServerFieldError => typeof d === 'object' && d !== null && typeof (d as { message?: unknown }).message === 'string');
  } catch {
    details = [];
  }
  const transient = status === 0 || status >= 500 || status === 408 || status === 429;
  const message = details.length > 0 ? details.map((d) => d.message).join('; ') : error.message;
  return new SendError(message, transient, details);
}

export interface DriverRecord {
  id: string;
  status: 'offline' | 'available' | 'busy' | 'on_break';
  last_position_at: string | null;
}

export interface DriverWork {
  driver: DriverRecord | null;
  active: DriverTask[];
  history: DriverTask[];
  /** Cash on delivery collected today (deliveries delivered since local midnight), per currency. */
  cashToday: { amount: number; currency: string }[];
}

export async function fetchDriverWork(driverId: string, dayStart: Date): Promise<DriverWork> {
  // No automatic retries by postgrest-js (1 + 2 + 4 s on a lost connection): offline, the app shows the
  // work kept on the phone at once and reads again itself (use-driver-work).
  const [driver, active, history, cash, doorNotes, ready] = await Promise.all([
    supabase.from('drivers').select('id, status, last_position_at').eq('id', driverId).retry(false).maybeSingle(),
    supabase.from('deliveries').select(TASK_COLUMNS).eq('driver_id', driverId).in('status', ['assigned', 'accepted', 'picked_up', 'in_transit']).limit(200).retry(false),
    supabase.from('deliveries').select(TASK_COLUMNS).eq('driver_id', driverId).in('status', ['delivered', 'failed']).order('updated_at', { ascending: false }).limit(20).retry(false),
    supabase.from('deliveries').select('cod_amount, currency').eq('driver_id', driverId).eq('status', 'delivered').gte('delivered_at', dayStart.toISOString()).gt('cod_amount', 0).limit(1000).retry(false),
    // What the customers asked for at the door, for all of today's cards in one call.
    supabase.rpc('driver_door_notes'),
    // Which of them a warehouse has handed over (a completed package handoff).
    supabase.rpc('driver_packages_ready'),
  ]);
  for (const answer of [driver, active, history, cash, doorNotes, ready]) if (answer.error) throw new WorkReadError(answer.error.message, answer.status);
  const notes = parseDoorNotesByDelivery(doorNotes.data);
  const readyAt = new Map((ready.data ?? []).map((row) => [row.delivery_id, row.warehouse_name]));
  const arrivals = await fetchArrivals(((active.data ?? []) as unknown as { id: string }[]).map((row) => row.id));
  const totals = new Map<string, number>();
  for (const row of (cash.data ?? []) as { cod_amount: number | string; currency: string }[]) {
    totals.set(row.currency, (totals.get(row.currency) ?? 0) + Number(row.cod_amount));
  }
  return {
    driver: (driver.data as DriverRecord | null) ?? null,
    active: ((active.data ?? []) as unknown as TaskRow[]).map((row) => ({ ...toTask(row, driverId), ...arrivals.get(row.id), door_notes: notes.get(row.id) ?? null, packages_ready_warehouse: readyAt.get(row.id) ?? null })),
    history: ((history.data ?? []) as unknown as TaskRow[]).map((row) => toTask(row, driverId)),
    cashToday: [...totals].map(([currency, amount]) => ({ currency, amount: Math.round(amount * 100) / 100 })),
  };
}

/** The arrivals recorded on the active deliveries (the timeline's arrived_pickup / arrived_dropoff events), by delivery. */
async function fetchArrivals(deliveryIds: string[]): Promise<Map<string, { arrived_pickup_at?: string; arrived_dropoff_at?: string }>> {
  const found = new Map<string, { arrived_pickup_at?: string; arrived_dropoff_at?: string }>();
  if (deliveryIds.length === 0) return found;
  const { data, error, status } = await supabase
    .from('delivery_events')
    .select('delivery_id, action, occurred_at')
    .in('delivery_id', deliveryIds)
    .in('action', ['arrived_pickup', 'arrived_dropoff'])
    .limit(1000)
    .retry(false);
  if (error) throw new WorkReadError(error.message, status);
  for (const row of data ?? []) {
    const entry = found.get(row.delivery_id) ?? {};
    if (row.action === 'arrived_pickup') entry.arrived_pickup_at = row.occurred_at;
    else entry.arrived_dropoff_at = row.occurred_at;
    found.set(row.delivery_id, entry);
  }
  return found;
}

export async function fetchDeliverySettings(): Promise<DeliverySettings> {
  const { data, error, status } = await supabase.rpc('get_delivery_settings');
  if (error) throw new WorkReadError(error.message, status);
  return DeliverySettingsSchema.parse(data);
}

export async function setDutyStatus(driverId: string, status: 'offline' | 'available' | 'on_break'): Promise<DriverRecord> {
  const { data, error, status: http } = await supabase.rpc('set_driver_status', { driver_id: driverId, status });
  if (error) throw sendErrorOf(error, http);
  const row = data as unknown as DriverRecord;
  return { id: row.id, status: row.status, last_position_at: row.last_position_at };
}

export async function recordPosition(fix: GeoFix): Promise<void> {
  const { lat, lng, heading, speed, accuracy } = fix;
  const recorded_at = new Date(fix.at).toISOString();
  const { error, status } = await supabase.rpc('record_driver_position', { lat, lng, heading: heading ?? undefined, speed: speed ?? undefined, accuracy: accuracy ?? undefined, recorded_at });
  if (error) throw sendErrorOf(error, status);
}

/** The fixes recorded while offline, in one call (the server records the valid ones oldest first). */
export async function recordPositions(fixes: GeoFix[]): Promise<void> {
  const { error, status } = await supabase.rpc('record_driver_positions', {
    fixes: fixes.map((fix) => ({
      lat: fix.lat,
      lng: fix.lng,
      heading: fix.heading,
      speed: fix.speed,
      accuracy: fix.accuracy,
      recorded_at: new Date(fix.at).toISOString(),
    })),
  });
  if (error) throw sendErrorOf(error, status);
}

/** One queued action to the server; throws a SendError the queue can classify. */
export async function sendAction(action: QueuedAction): Promise<void> {
  if (action.kind === 'upload') {
    const { error } = await supabase.storage.from(PROOFS_BUCKET).upload(action.path, action.file, { contentType: action.contentType, upsert: false });
    if (!error) return;
    const status = 'status' in error && typeof error.status === 'number' ? error.status : 0;
    // A retry after a lost answer finds the file already there: that is success.
    if (status === 409 || /already exists|duplicate/i.test(error.message)) return;
    throw new SendError(error.message, status === 0 || status >= 500 || status === 429);
  }
  if (action.kind === 'arrival') {
    const { error, status } = await supabase.rpc('record_delivery_arrival', {
      delivery_id: action.deliveryId,
      stop: action.stop,
      lat: action.lat ?? undefined,
      lng: action.lng ?? undefined,
      occurred_at: action.occurredAt,
      idempotency_key: action.id,
    });
    if (error) throw sendErrorOf(error, status);
    return;
  }
  if (action.kind === 'respond') {
    const { error, status } = await supabase.rpc('respond_to_assignment', {
      assignment_id: action.assignmentId,
      accept: action.accept,
      reason: action.reason ?? undefined,
      occurred_at: action.occurredAt,
      idempotency_key: action.id,
    });
    if (error) throw sendErrorOf(error, status);
    return;
  }
  const { error, status } = await supabase.rpc('transition_delivery', {
    delivery_id: action.deliveryId,
    status: action.status,
    reason: action.reason ?? undefined,
    note: action.note ?? undefined,
    lat: action.lat ?? undefined,
    lng: action.lng ?? undefined,
    proof: action.proof ? (action.proof as Record<string, string | string[]>) : undefined,
    occurred_at: action.occurredAt,
    idempotency_key: action.id,
  });
  if (error) throw sendErrorOf(error, status);
}

/** A short-lived link to a proof file (the bucket is private). */
export async function proofFileUrl(path: string): Promise<string> {
  const { data, error } = await supabase.storage.from(PROOFS_BUCKET).createSignedUrl(path, 600);
  if (error) throw new Error(error.message);
  return data.signedUrl;
}

/** The live topic of this driver's work: `tenant:<tenant>:driver_work:<driver>` (private channel). */
export function driverWorkTopic(tenantId: string, driverId: string): string {
  return `tenant:${tenantId}:driver_work:${driverId}`;
}

export interface DriverWorkChange {
  table: string;
  operation: string;
  record: Record<string, unknown> | null;
}

/**
 * Follows the driver's topic: `onChange` for every change of their assignments and deliveries,
 * `onJoined` after every (re)join (broadcasts sent while away are gone: read again).
 * Returns the leave.
 */
export function followDriverWork(
  tenantId: string,
  driverId: string,
  handlers: { onChange: (change: DriverWorkChange) => void; onJoined: () => void; onState: (state: 'connecting' | 'live' | 'offline') => void },
): () => void {
  let left = false;
  let channel: ReturnType<typeof supabase.channel> | null = null;
  handlers.onState('connecting');
  void supabase.realtime.setAuth().finally(() => {
    if (left) return;
    channel = supabase.channel(driverWorkTopic(tenantId, driverId), { config: { private: true } });
    const listener = (message: { payload?: { table?: string; operation?: string; record?: Record<string, unknown> | null } }) => {
      const payload = message.payload ?? {};
      handlers.onChange({ table: payload.table ?? '', operation: payload.operation ?? '', record: payload.record ?? null });
    };
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) channel.on('broadcast', { event }, listener);
    channel.subscribe((status) => {
      if (left) return;
      if (status === 'SUBSCRIBED') {
        handlers.onState('live');
        handlers.onJoined();
      } else handlers.onState(status === 'CLOSED' ? 'offline' : 'connecting');
    });
  });
  return () => {
    left = true;
    if (channel) void supabase.removeChannel(channel);
  };
}
