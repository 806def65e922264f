import type { Lookup, LookupOption } from '../lib/lookup-option';
import { withSearch } from '../lib/search-filter';
import { supabase } from '../lib/supabase';

/** What a person is called when the profile has no name. */
const UNNAMED = 'Unnamed User';

export interface StaffLookupOptions {
  /**
   * Only people who may act now: someone to assign work to or to add to a conversation (the database
   * accepts exactly these). A filter over past records (who assigned) also finds people since deactivated.
   */
  activeOnly: boolean;
}

/** The tenant's staff (admins and dispatchers) by name or email, by name; the role and email below. */
export async function lookupStaff(tenantId: string, term: string, limit: number, signal: AbortSignal, { activeOnly }: StaffLookupOptions): Promise<LookupOption[]> {
  let query = supabase.from('profiles').select('id, full_name, email, panel_type').eq('tenant_id', tenantId).in('panel_type', ['admin', 'dispatcher']);
  if (activeOnly) query = query.eq('status', 'active');
  query = withSearch(query, ['full_name', 'email'], term);
  const { data, error } = await query.order('full_name').order('id').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((p) => ({
    value: p.id,
    label: p.full_name ?? p.email ?? UNNAMED,
    description: [p.panel_type === 'admin' ? 'Admin' : 'Dispatcher', p.email].filter(Boolean).join(' · '),
  }));
}

/** The tenant's customers (people with the customer panel: the database accepts exactly these) by name or email; the email below. */
export async function lookupCustomers(tenantId: string, term: string, limit: number, signal: AbortSignal): Promise<LookupOption[]> {
  const query = withSearch(supabase.from('profiles').select('id, full_name, email').eq('tenant_id', tenantId).eq('panel_type', 'customer'), ['first_name', 'last_name', 'email'], term);
  const { data, error } = await query.order('first_name').order('last_name').order('id').limit(limit).abortSignal(signal);
  if (error) throw error;
  return data.map((p) => ({ value: p.id, label: p.full_name ?? UNNAMED, ...(p.email ? { description: p.email } : {}) }));
}

/** A person's name for a stored id (a customer, a driver, a member of staff); null when it cannot be read. */
export async function personName(tenantId: string, id: string): Promise<string | null> {
  const { data } = await supabase.from('profiles').select('full_name').eq('tenant_id', tenantId).eq('id', id).maybeSingle();
  return data?.full_name ?? null;
}

/** The staff lookup of a field or filter: its search (with `options`) and a stored person's name. */
export function staffLookup(tenantId: string, options: StaffLookupOptions): Lookup {
  return { search: (term, signal, limit) => lookupStaff(tenantId, term, limit, signal, options), resolveLabel: (id) => personName(tenantId, id) };
}

/** The customer lookup of a field or filter: its search and a stored customer's name. */
export function customerLookup(tenantId: string): Lookup {
  return { search: (term, signal, limit) => lookupCustomers(tenantId, term, limit, signal), resolveLabel: (id) => personName(tenantId, id) };
}
