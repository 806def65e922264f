import { uploadFile, type UploadedFile } from '../../lib/edge-functions';
import { toRange, type ListState } from '../../lib/list-state';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { VehicleFilters } from './list';
import { vehicleSchema, type Vehicle, type VehicleWrite } from './schema';

const COLUMNS = 'id, tenant_id, name, code, description, image_url, capacity_unit, vehicle_requirements, active, created_at, updated_at';

/** One page of the tenant's vehicles: search on name and code, filters, sort, and the exact total. */
export async function listVehicles(tenantId: string, state: ListState<VehicleFilters>, { signal }: FetchContext): Promise<ServerPage<Vehicle>> {
  const { from, to } = toRange(state);
  let query = supabase.from('vehicles').select(COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['name', 'code'], state.q);
  const { active, fuel, feature } = state.filters;
  if (active !== undefined) query = query.eq('active', active);
  if (fuel) query = query.eq('vehicle_requirements->>fuel_type', fuel);
  if (feature.length > 0) query = query.contains('vehicle_requirements', { special_features: feature });
  if (state.sort) query = query.order(state.sort.column, { ascending: state.sort.direction === 'asc' });
  query = query.order('id', { ascending: true });
  const { data, count, error } = await query.range(from, to).abortSignal(signal);
  if (error) throw error;
  return { rows: vehicleSchema.array().parse(data), total: count ?? 0 };
}

/** Every vehicle of the tenant the caller may read: the live collection's read. */
export async function listAllVehicles(tenantId: string): Promise<Vehicle[]> {
  const { data, error } = await supabase.from('vehicles').select(COLUMNS).eq('tenant_id', tenantId).limit(1000);
  if (error) throw error;
  return vehicleSchema.array().parse(data);
}

/** A vehicle of the tenant, or null when there is none (or the caller may not see it). */
export async function getVehicle(tenantId: string, vehicleId: string): Promise<Vehicle | null> {
  const { data, error } = await supabase.from('vehicles').select(COLUMNS).eq('tenant_id', tenantId).eq('id', vehicleId).maybeSingle();
  if (error) {
    // A malformed id (not a uuid) names no vehicle.
    if (error.code === '22P02') return null;
    throw error;
  }
  return data ? vehicleSchema.parse(data) : null;
}

/** Throws the PostgREST error as is: the form maps its details onto the fields. */
export async function createVehicle(tenantId: string, values: VehicleWrite): Promise<Vehicle> {
  const { data, error } = await supabase
    .from('vehicles')
    .insert({ ...values, tenant_id: tenantId })
    .select(COLUMNS)
    .single();
  if (error) throw error;
  return vehicleSchema.parse(data);
}

export async function updateVehicle(tenantId: string, vehicleId: string, values: VehicleWrite): Promise<Vehicle> {
  const { data, error } = await supabase.from('vehicles').update(values).eq('tenant_id', tenantId).eq('id', vehicleId).select(COLUMNS).single();
  if (error) throw error;
  return vehicleSchema.parse(data);
}

/** Uploads a vehicle image through the upload-file function (kind 'vehicle-image': the image types and 3 MB). */
export function uploadVehicleImage(tenantId: string, file: File): Promise<UploadedFile> {
  return uploadFile(tenantId, file, 'vehicle-image');
}
