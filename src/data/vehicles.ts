import type { Lookup, LookupOption } from '../lib/lookup-option';
import { withSearch } from '../lib/search-filter';
import { supabase } from '../lib/supabase';
import { nameById, tenantLookup } from './named-records';

/** A vehicle's name for a stored id; null when it cannot be read. */
export const vehicleLabel = nameById('vehicles');

export interface VehicleLookupOptions {
  /** Only vehicles in use: what a new assignment or a driver's default vehicle may name; a filter over past work finds every one. */
  activeOnly?: boolean;
}

/** The tenant's vehicles by name or code, by name; below, code, capacity, licence needed and ' inactive' for one out of use. */
export async function lookupVehicles(tenantId: string, term: string, limit: number, signal: AbortSignal, { activeOnly = false }: VehicleLookupOptions = {}): Promise<LookupOption[]> {
  let query = supabase
    .from('vehicles')
    .select('id, name, code, active, capacity_unit, vehicle_requirements')
    .eq('tenant_id', tenantId)
    .order('name')
    .limit(limit)
    .abortSignal(signal);
  if (activeOnly) query = query.eq('active', true);
  query = withSearch(query, ['name', 'code'], term);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((v) => {
    const requirements = (v.vehicle_requirements ?? {}) as { license_requirements?: string[]; special_features?: string[] };
    return {
      value: v.id,
      label: v.name,
      description: [
        v.code,
        `${Number(v.capacity_unit)} kg`,
        requirements.license_requirements?.length ? `${requirements.license_requirements.join('/')} licence` : null,
        v.active ? null : 'inactive',
      ]
        .filter(Boolean)
        .join(' · '),
    };
  });
}

/** The vehicle lookup of a field or filter: its search (with `options`) and a stored vehicle's name. */
export function vehicleLookup(tenantId: string, options: VehicleLookupOptions = {}): Lookup {
  return tenantLookup(tenantId, (tenant, term, limit, signal) => lookupVehicles(tenant, term, limit, signal, options), vehicleLabel);
}
