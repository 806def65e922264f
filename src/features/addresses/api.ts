import { toRange, type ListState } from '../../lib/list-state';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { AddressFilters } from './list';
import { addressSchema, type Address } from './schema';

const COLUMNS =
  'id, tenant_id, user_id, title, address_type, address_line1, address_line2, building, street, city, state, postal_code, country, ' +
  'latitude, longitude, full_address, is_primary, is_active, save_to_address_book, metadata, contact_info, created_at, updated_at';

/** Whose addresses: a person's (userId) or the tenant's own sites (userId null). */
export interface AddressOwner {
  tenantId: string;
  userId: string | null;
}

/** Characters that would break PostgREST's or=(…) syntax or act as wildcards: searched as plain text without them. */
function searchTerm(q: string): string {
  return q.replace(/[%*,()"\\:]/g, ' ').trim();
}

/** The owner's rows: a person's, or the tenant's own (no user). */
function ownerFilter(owner: AddressOwner): string {
  return owner.userId ? `user_id.eq.${owner.userId}` : 'user_id.is.null';
}

const SEARCH_COLUMNS = ['full_address', 'address_line1', 'address_line2', 'postal_code', 'title->>en', 'contact_info->>full_name'];

function searchFilter(term: string): string {
  return SEARCH_COLUMNS.map((column) => `${column}.ilike.*${term}*`).join(',');
}

/** One page of an owner's addresses: the Default first, then the newest; type filter and search. */
export async function listAddresses(owner: AddressOwner, state: ListState<AddressFilters>, { signal }: FetchContext): Promise<ServerPage<Address>> {
  const { from, to } = toRange(state);
  let query = supabase.from('addresses').select(COLUMNS, { count: 'exact' }).eq('tenant_id', owner.tenantId).or(ownerFilter(owner));
  const term = searchTerm(state.q);
  if (term) query = query.or(searchFilter(term));
  if (state.filters.type) query = query.eq('address_type', state.filters.type);
  const { data, count, error } = await query
    .order('is_primary', { ascending: false })
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range(from, to)
    .abortSignal(signal);
  if (error) throw error;
  return { rows: addressSchema.array().parse(data), total: count ?? 0 };
}

/** The owner's Default address: the primary one, else the first (oldest); null when there is none. */
export async function getDefaultAddress(owner: AddressOwner, signal?: AbortSignal): Promise<Address | null> {
  let query = supabase
    .from('addresses')
    .select(COLUMNS)
    .eq('tenant_id', owner.tenantId)
    .or(ownerFilter(owner))
    .order('is_primary', { ascending: false })
    .order('created_at', { ascending: true })
    .order('id', { ascending: true })
    .limit(1);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  const first = data[0];
  return first ? addressSchema.parse(first) : null;
}
