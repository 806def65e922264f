import type { Lookup, LookupOption } from '../lib/lookup-option';
import { withSearch } from '../lib/search-filter';
import { supabase } from '../lib/supabase';
import { driverStatus } from './statuses';
import { nameById, tenantLookup } from './named-records';

/** A driver's name for a stored id; null when it cannot be read. */
export const driverLabel = nameById('driver_rows');

export interface DriverLookupOptions {
  /**
   * Every active driver with their duty status said, so a dispatcher may still choose someone not
   * marked available (and a filter over past work finds them); without it, the available ones only.
   */
  everyone?: boolean;
}

/** Active drivers by name, email or licence, by name; below, duty status, licence (and its expiry when past) and usual vehicle. */
export async function lookupDrivers(tenantId: string, term: string, limit: number, signal: AbortSignal, { everyone = false }: DriverLookupOptions = {}): Promise<LookupOption[]> {
  let query = supabase
    .from('driver_rows')
    .select('id, full_name, email, status, licence_class, licence_expiry, default_vehicle_name')
    .eq('tenant_id', tenantId)
    .eq('person_status', 'active')
    .order('full_name')
    .limit(limit)
    .abortSignal(signal);
  if (!everyone) query = query.eq('status', 'available');
  query = withSearch(query, ['full_name', 'email', 'licence_number'], term);
  const { data, error } = await query;
  if (error) throw error;
  const today = new Date().toISOString().slice(0, 10);
  return data.map((d) => ({
    value: d.id,
    label: d.full_name ?? d.email ?? d.id,
    description: [
      driverStatus.label(d.status),
      `${d.licence_class} licence`,
      d.licence_expiry < today ? `licence expired ${d.licence_expiry}` : null,
      d.default_vehicle_name ? `usually ${d.default_vehicle_name}` : null,
    ]
      .filter(Boolean)
      .join(' · '),
  }));
}

/** The driver lookup of a field or filter: its search (with `options`) and a stored driver's name. */
export function driverLookup(tenantId: string, options: DriverLookupOptions = {}): Lookup {
  return tenantLookup(tenantId, (tenant, term, limit, signal) => lookupDrivers(tenant, term, limit, signal, options), driverLabel);
}
