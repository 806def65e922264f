import { uploadFile, type UploadedFile } from '../../lib/edge-functions';
import type { ListState } from '../../lib/list-state';
import { fetchListPage, rowOrNull, parsedResult } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { VehicleFilters } from './list';
import { vehicleSchema, type Vehicle, type VehicleWrite } from './schema';

const COLUMNS = 'id, tenant_id, name, code, description, image_url, capacity_unit, vehicle_requirements, active, created_at, updated_at';

/** One page of the tenant's vehicles: search on name and code, filters, sort, and the exact total. */
export async function listVehicles(tenantId: string, state: ListState<VehicleFilters>, { signal }: FetchContext): Promise<ServerPage<Vehicle>> {
  let query = supabase.from('vehicles').select(COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['name', 'code'], state.q);
  const { active, fuel, feature } = state.filters;
  if (active !== undefined) query = query.eq('active', active);
  if (fuel) query = query.eq('vehicle_requirements->>fuel_type', fuel);
  if (feature.length > 0) query = query.contains('vehicle_requirements', { special_features: feature });
  return fetchListPage(query, state, signal, vehicleSchema.array());
}

/** Every vehicle of the tenant the caller may read: the live collection's read. */
export async function listAllVehicles(tenantId: string): Promise<Vehicle[]> {
  return parsedResult(await supabase.from('vehicles').select(COLUMNS).eq('tenant_id', tenantId).limit(1000), vehicleSchema.array());
}

/** A vehicle of the tenant, or null when there is none (or the caller may not see it). */
export async function getVehicle(tenantId: string, vehicleId: string): Promise<Vehicle | null> {
  return rowOrNull(await supabase.from('vehicles').select(COLUMNS).eq('tenant_id', tenantId).eq('id', vehicleId).maybeSingle(), vehicleSchema);
}

/** Throws the PostgREST error as is: the form maps its details onto the fields. */
export async function createVehicle(tenantId: string, values: VehicleWrite): Promise<Vehicle> {
  const result = await supabase
    .from('vehicles')
    .insert({ ...values, tenant_id: tenantId })
    .select(COLUMNS)
    .single();
  return parsedResult(result, vehicleSchema);
}

export async function updateVehicle(tenantId: string, vehicleId: string, values: VehicleWrite): Promise<Vehicle> {
  return parsedResult(await supabase.from('vehicles').update(values).eq('tenant_id', tenantId).eq('id', vehicleId).select(COLUMNS).single(), vehicleSchema);
}

/** Uploads a vehicle image through the upload-file function (kind 'vehicle-image': the image types and 3 MB). */
export function uploadVehicleImage(tenantId: string, file: File): Promise<UploadedFile> {
  return uploadFile(tenantId, file, 'vehicle-image');
}
