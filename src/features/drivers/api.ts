import { edgeFunctionError, EdgeFunctionError } from '../../lib/edge-functions';
import type { ListState } from '../../lib/list-state';
import { UPDATE_PASSWORD_PATH } from '../../lib/paths';
import { fetchListPage, rowOrNull, parsedResult } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { LookupOption } from '../../ui/form';
import type { DriverFilters } from './list';
import { driverRowSchema, driverSchema, isoDay, licenceFilterRange, type Driver, type DriverRow, type DriverWrite, type SettableStatus } from './schema';

const DRIVER_COLUMNS =
  'id, tenant_id, licence_number, licence_class, licence_expiry, phone, status, default_vehicle_id, home_zone_id, last_lat, last_lng, last_heading, last_speed, last_accuracy, last_position_at, status_changed_at, notes, created_at, updated_at';
const ROW_COLUMNS = `${DRIVER_COLUMNS}, full_name, email, avatar_url, person_status, default_vehicle_name, default_vehicle_code, home_zone_name, home_zone_code`;

/** One page of the tenant's drivers: search on the person's name and email and the licence number, filters, sort, exact total. */
export async function listDrivers(tenantId: string, state: ListState<DriverFilters>, { signal }: FetchContext, today = isoDay(new Date())): Promise<ServerPage<DriverRow>> {
  let query = supabase.from('driver_rows').select(ROW_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['full_name', 'email', 'licence_number'], state.q);
  const { status, zone, licence } = state.filters;
  if (status) query = query.eq('status', status);
  if (zone) query = query.eq('home_zone_id', zone);
  if (licence) {
    const range = licenceFilterRange(licence, today);
    if (range.from) query = query.gte('licence_expiry', range.from);
    if (range.to) query = query.lte('licence_expiry', range.to);
  }
  return fetchListPage(query, state, signal, driverRowSchema.array(), { nullsFirst: false });
}

/** Every driver of the tenant the caller may read: the live collection's read. */
export async function listAllDrivers(tenantId: string): Promise<Driver[]> {
  return parsedResult(await supabase.from('drivers').select(DRIVER_COLUMNS).eq('tenant_id', tenantId).limit(1000), driverSchema.array());
}

/** A driver of the tenant with the names around it, or null when there is none (or the caller may not see it). */
export async function getDriver(tenantId: string, driverId: string): Promise<DriverRow | null> {
  return rowOrNull(await supabase.from('driver_rows').select(ROW_COLUMNS).eq('tenant_id', tenantId).eq('id', driverId).maybeSingle(), driverRowSchema);
}

/** Throws the PostgREST error as is: the form maps its details onto the fields. */
export async function createDriver(tenantId: string, personId: string, values: DriverWrite): Promise<void> {
  const { error } = await supabase.from('drivers').insert({ ...values, id: personId, tenant_id: tenantId });
  if (error) throw error;
}

export async function updateDriver(tenantId: string, driverId: string, values: DriverWrite): Promise<void> {
  const { data, error } = await supabase.from('drivers').update(values).eq('tenant_id', tenantId).eq('id', driverId).select('id');
  if (error) throw error;
  if (data.length === 0) throw new DriverNotFoundError();
}

export class DriverNotFoundError extends Error {
  constructor() {
    super('Driver not found');
  }
}

export class DriverInUseError extends Error {}

export const DRIVER_IN_USE_MESSAGE = 'This driver has deliveries or assignments on record, so the driver cannot be deleted. Set the driver offline instead.';

/** Removes a driver record (the person stays); one that deliveries or assignments name is refused by their foreign keys. */
export async function deleteDriver(tenantId: string, driverId: string): Promise<void> {
  const { data, error } = await supabase.from('drivers').delete().eq('tenant_id', tenantId).eq('id', driverId).select('id');
  if (error?.code === '23503') throw new DriverInUseError(DRIVER_IN_USE_MESSAGE);
  if (error) throw error;
  if (data.length === 0) throw new DriverNotFoundError();
}

/** Off duty, available or on a break; the database answers busy for 'available' while the driver has accepted work. */
export async function setDriverStatus(driverId: string, status: SettableStatus): Promise<Driver> {
  return parsedResult(await supabase.rpc('set_driver_status', { driver_id: driverId, status }), driverSchema);
}

export interface TrailPoint {
  lat: number;
  lng: number;
  recorded_at: string;
}

/** The driver's thinned trail of the last 24 hours, oldest first (at most 200 fixes). */
export async function listTrail(driverId: string, signal: AbortSignal): Promise<TrailPoint[]> {
  const since = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
  const { data, error } = await supabase
    .from('driver_positions')
    .select('lat, lng, recorded_at')
    .eq('driver_id', driverId)
    .gte('recorded_at', since)
    .order('recorded_at', { ascending: false })
    .limit(200)
    .abortSignal(signal);
  if (error) throw error;
  return data.reverse();
}

/** drivers/create: driver-role people (active or invited) without a driver record. */
export async function lookupDriverCandidates(tenantId: string, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  let query = supabase.from('driver_candidates').select('id, full_name, email, status').eq('tenant_id', tenantId).order('full_name').limit(limit).abortSignal(signal);
  query = withSearch(query, ['full_name', 'email'], term);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((p) => ({ value: p.id, label: p.full_name, description: p.status === 'invited' ? `${p.email} · invited` : p.email }));
}

interface AdminUsersAnswer {
  data?: { user?: { id?: unknown; full_name?: unknown } };
}

/**
 * Invites a new person with the driver role through the admin-users function (the people issue's
 * invite: account in the admin's business, invitation mail); answers their profile id.
 */
export async function inviteDriver(values: { email: string; first_name: string; last_name: string; phone: string | null }): Promise<{ id: string; full_name: string }> {
  const { data, error } = await supabase.functions.invoke<AdminUsersAnswer>('admin-users', {
    body: {
      action: 'invite',
      email: values.email,
      first_name: values.first_name,
      last_name: values.last_name,
      phone: values.phone,
      panel_type: 'driver',
      user_type: 'individual',
      redirect_to: `${window.location.origin}${UPDATE_PASSWORD_PATH}?invite=1`,
    },
  });
  if (error) throw await edgeFunctionError(error);
  const user = data?.data?.user;
  if (typeof user?.id !== 'string') throw new EdgeFunctionError('Invalid response from server');
  return { id: user.id, full_name: typeof user.full_name === 'string' ? user.full_name : `${values.first_name} ${values.last_name}` };
}
