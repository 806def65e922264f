import type { Lookup, LookupOption } from '../lib/lookup-option';
import { withSearch } from '../lib/search-filter';
import { supabase } from '../lib/supabase';
import { nameById, tenantLookup } from './named-records';

/** What a person is called when the profile has no name. */
const UNNAMED = 'Unnamed User';

export interface StaffLookupOptions {
  /**
   * Only people who may act now: someone to assign work to or to add to a conversation (the database
   * accepts exactly these: active, and staff as the read rules see them, so not a warehouse-only person
   * of the dispatcher panel, who reads no delivery; `reads_deliveries`, a computed field of profiles).
   * A filter over past records (who assigned) also finds people since deactivated.
   */
  activeOnly: boolean;
}

/** The tenant's staff (admins and dispatchers) by name or email, by name; the role and email below. */
export async function lookupStaff(tenantId: string, term: string, limit: number, signal: AbortSignal, { activeOnly }: StaffLookupOptions): Promise<LookupOption[]> {
  let query = supabase.from('profiles').select('id, full_name, email, panel_type').eq('tenant_id', tenantId).in('panel_type', ['admin', 'dispatcher']);
  if (activeOnly) query = query.eq('status', 'active').eq('reads_deliveries', true);
  query = withSearch(query, ['full_name', 'email'], term);
  const { data, error } = await query.order('full_name').order('id').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((p) => ({
    value: p.id,
    label: p.full_name ?? p.email ?? UNNAMED,
    description: [p.panel_type === 'admin' ? 'Admin' : 'Dispatcher', p.email].filter(Boolean).join(' · '),
  }));
}

/** People of one panel by name or email, by name; the email below when `withEmail`. */
async function lookupPanelPeople(
  panel: 'customer' | 'driver',
  withEmail: boolean,
  tenantId: string,
  term: string,
  limit: number,
  signal: AbortSignal,
): Promise<LookupOption[]> {
  const query = withSearch(supabase.from('profiles').select('id, full_name, email').eq('tenant_id', tenantId).eq('panel_type', panel), ['first_name', 'last_name', 'email'], term);
  const { data, error } = await query.order('first_name').order('last_name').order('id').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((p) => ({ value: p.id, label: p.full_name ?? UNNAMED, ...(withEmail && p.email ? { description: p.email } : {}) }));
}

/** The tenant's customers (people with the customer panel: the database accepts exactly these) by name or email; the email below. */
export function lookupCustomers(tenantId: string, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  return lookupPanelPeople('customer', true, tenantId, term, limit, signal);
}

/**
 * The tenant's people with the driver panel by name or email, whatever their state or driver record:
 * a filter over deliveries finds whoever carried them. (Choosing a driver for work is `lookupDrivers`.)
 */
export function lookupDriverPeople(tenantId: string, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  return lookupPanelPeople('driver', false, tenantId, term, limit, signal);
}

/** The tenant users a warehouse roster may take: everyone but customers, and customers given the warehouse_staff role; the email below. */
export async function lookupTenantUsers(tenantId: string, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  let query = supabase.from('profiles').select('id, full_name, email, panel_type').eq('tenant_id', tenantId).or('panel_type.neq.customer,roles.cs.{warehouse_staff}');
  query = withSearch(query, ['first_name', 'last_name', 'email'], term);
  const { data, error } = await query.order('first_name').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((p) => ({ value: p.id, label: p.full_name ?? UNNAMED, description: p.email ?? undefined }));
}

/** A person's name for a stored id (a customer, a driver, a member of staff); null when it cannot be read. */
export const personName = nameById('profiles');

/** The staff lookup of a field or filter: its search (with `options`) and a stored person's name. */
export function staffLookup(tenantId: string, options: StaffLookupOptions): Lookup {
  return tenantLookup(tenantId, (tenant, term, limit, signal) => lookupStaff(tenant, term, limit, signal, options), personName);
}

/** The customer lookup of a field or filter: its search and a stored customer's name. */
export function customerLookup(tenantId: string): Lookup {
  return tenantLookup(tenantId, lookupCustomers, personName);
}

/** The driver-people lookup of a filter: its search and a stored person's name. */
export function driverPeopleLookup(tenantId: string): Lookup {
  return tenantLookup(tenantId, lookupDriverPeople, personName);
}

/** The tenant users lookup of a roster field: its search and a stored person's name. */
export function tenantUserLookup(tenantId: string): Lookup {
  return tenantLookup(tenantId, lookupTenantUsers, personName);
}
