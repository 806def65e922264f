import { toRange, type ListState } from '../../lib/list-state';
import { parsedResult } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { AddressFilters } from './list';
import { addressLabel, addressSchema, type Address, type AddressWrite } from './schema';

const COLUMNS =
  'id, tenant_id, user_id, title, address_type, address_line1, address_line2, building, street, city, state, postal_code, country, ' +
  'latitude, longitude, full_address, is_primary, is_active, save_to_address_book, metadata, contact_info, created_at, updated_at';

/** Whose addresses: a person's (userId) or the tenant's own sites (userId null). */
export interface AddressOwner {
  tenantId: string;
  userId: string | null;
}

/** The owner's rows: a person's, or the tenant's own (no user). */
function ownerFilter(owner: AddressOwner): string {
  return owner.userId ? `user_id.eq.${owner.userId}` : 'user_id.is.null';
}

const SEARCH_COLUMNS = ['full_address', 'address_line1', 'address_line2', 'postal_code', 'title->>en', 'contact_info->>full_name'];

/** One page of an owner's addresses: the Default first, then the newest; type filter and search. */
export async function listAddresses(owner: AddressOwner, state: ListState<AddressFilters>, { signal }: FetchContext): Promise<ServerPage<Address>> {
  const { from, to } = toRange(state);
  let query = supabase.from('addresses').select(COLUMNS, { count: 'exact' }).eq('tenant_id', owner.tenantId).or(ownerFilter(owner));
  query = withSearch(query, SEARCH_COLUMNS, state.q);
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

/** Adds an address for its owner; throws the PostgREST error as is (the form maps its details). */
export async function createAddress(owner: AddressOwner, values: AddressWrite): Promise<Address> {
  const result = await supabase
    .from('addresses')
    .insert({ ...values, tenant_id: owner.tenantId, user_id: owner.userId })
    .select(COLUMNS)
    .single();
  return parsedResult(result, addressSchema);
}

export class AddressNotFoundError extends Error {
  constructor() {
    super('This address no longer exists, or you may not change it');
    this.name = 'AddressNotFoundError';
  }
}

export async function updateAddress(tenantId: string, addressId: string, values: AddressWrite): Promise<Address> {
  const { data, error } = await supabase.from('addresses').update(values).eq('tenant_id', tenantId).eq('id', addressId).select(COLUMNS).maybeSingle();
  if (error) throw error;
  if (!data) throw new AddressNotFoundError();
  return addressSchema.parse(data);
}

/** Deletes an address; a row RLS hides (or already gone) deletes nothing, and says so. */
export async function deleteAddress(tenantId: string, addressId: string): Promise<void> {
  const { data, error } = await supabase.from('addresses').delete().eq('tenant_id', tenantId).eq('id', addressId).select('id');
  if (error) throw error;
  if (data.length === 0) throw new AddressNotFoundError();
}

export interface AddressLookupOption {
  value: string;
  label: string;
  description?: string;
}

/** Lookups answer 10 rows; the warehouse form's address lookup asks for 100. */
export const ADDRESS_LOOKUP_LIMIT = 10;
export const WAREHOUSE_ADDRESS_LOOKUP_LIMIT = 100;

/**
 * Addresses to choose in a later form (a delivery's pickup, a warehouse's site): a person's, or the
 * tenant's own (userId null), matching the term, labelled by title.en or full_address.
 */
export async function lookupAddresses(owner: AddressOwner, term: string, limit = ADDRESS_LOOKUP_LIMIT, signal?: AbortSignal): Promise<AddressLookupOption[]> {
  let query = supabase.from('addresses').select(COLUMNS).eq('tenant_id', owner.tenantId).or(ownerFilter(owner)).eq('is_active', true);
  query = withSearch(query, SEARCH_COLUMNS, term);
  query = query.order('is_primary', { ascending: false }).order('created_at', { ascending: false }).limit(limit);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return addressSchema
    .array()
    .parse(data)
    .map((address) => {
      const label = addressLabel(address);
      const description = address.full_address && address.full_address !== label ? address.full_address : undefined;
      return description ? { value: address.id, label, description } : { value: address.id, label };
    });
}

/** The label of one address (a form showing a stored choice on edit). */
export async function addressLabelById(tenantId: string, addressId: string): Promise<string | null> {
  const { data, error } = await supabase.from('addresses').select(COLUMNS).eq('tenant_id', tenantId).eq('id', addressId).maybeSingle();
  if (error) {
    if (error.code === '22P02') return null;
    throw error;
  }
  return data ? addressLabel(addressSchema.parse(data)) : null;
}
