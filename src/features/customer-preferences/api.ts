import type { ListState } from '../../lib/list-state';
import { fetchListPage, rowOrNull } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { PreferenceFilters } from './list';
import { preferenceRowSchema, type PreferenceRow, type PreferenceWrite } from './schema';

const ROW_COLUMNS =
  'id, tenant_id, customer_id, customer_name, customer_email, location_id, location_title, location_address, name, description, preferred_day_of_week, preferred_time_start, preferred_time_end, delivery_instructions, delivery_options, contact_preferences, is_active, notification_preferences, delivery_preferences, created_at, updated_at';

/** One page of the tenant's preferences: search on the preference's name and description, the customer's name and email and the location, filters, sort and the exact total. */
export async function listPreferences(tenantId: string, state: ListState<PreferenceFilters>, { signal }: FetchContext): Promise<ServerPage<PreferenceRow>> {
  let query = supabase.from('customer_preference_rows').select(ROW_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['name', 'description', 'customer_name', 'customer_email', 'location_title', 'location_address'], state.q);
  const { customer_id, day, active } = state.filters;
  if (customer_id) query = query.eq('customer_id', customer_id);
  if (day !== undefined) query = query.eq('preferred_day_of_week', Number(day));
  if (active !== undefined) query = query.eq('is_active', active);
  return fetchListPage(query, state, signal, preferenceRowSchema.array());
}

/** A preference of the tenant, or null when there is none (or the caller may not see it). */
export async function getPreference(tenantId: string, id: string): Promise<PreferenceRow | null> {
  return rowOrNull(await supabase.from('customer_preference_rows').select(ROW_COLUMNS).eq('tenant_id', tenantId).eq('id', id).maybeSingle(), preferenceRowSchema);
}

/** Throws the PostgREST error as is: the form maps its details onto the fields. */
export async function createPreference(tenantId: string, values: PreferenceWrite): Promise<string> {
  const { data, error } = await supabase
    .from('customer_preferences')
    .insert({ ...values, tenant_id: tenantId })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

export async function updatePreference(tenantId: string, id: string, values: PreferenceWrite): Promise<void> {
  const { data, error } = await supabase.from('customer_preferences').update(values).eq('tenant_id', tenantId).eq('id', id).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('This customer preference no longer exists.');
}

export async function deletePreference(tenantId: string, id: string): Promise<void> {
  const { error } = await supabase.from('customer_preferences').delete().eq('tenant_id', tenantId).eq('id', id);
  if (error) throw error;
}

export interface CustomerLocation {
  value: string;
  /** Its title and address; the page adds whether it is the default or inactive, in its language. */
  label: string;
  primary: boolean;
  active: boolean;
}

/** The customer's addresses, for the location picker: title and address, the Default first. */
export async function listCustomerLocations(tenantId: string, customerId: string, signal: AbortSignal): Promise<CustomerLocation[]> {
  const { data, error } = await supabase
    .from('addresses')
    .select('id, title, full_address, address_line1, is_primary, is_active')
    .eq('tenant_id', tenantId)
    .eq('user_id', customerId)
    .order('is_primary', { ascending: false })
    .order('created_at', { ascending: true })
    .limit(100)
    .abortSignal(signal);
  if (error) throw error;
  return data.map((a) => {
    const title = (a.title as { en?: unknown } | null)?.en;
    const name = typeof title === 'string' && title.trim() ? title.trim() : null;
    const address = a.full_address ?? a.address_line1;
    const label = [name, address].filter(Boolean).join(' — ');
    return { value: a.id, label, primary: Boolean(a.is_primary), active: Boolean(a.is_active) };
  });
}
