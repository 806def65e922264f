import { edgeFunctionError, EdgeFunctionError, uploadFile } from '../../lib/edge-functions';
import type { ListState } from '../../lib/list-state';
import { UPDATE_PASSWORD_PATH } from '../../lib/paths';
import { fetchListPage, rowOrNull, parsedResult } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { UserFilters } from './list';
import type { UserAnswer } from './words';
import { personSchema, type InviteUserValues, type Person, type Role } from './schema';

export const PERSON_COLUMNS = 'id, tenant_id, email, first_name, last_name, full_name, phone, panel_type, roles, user_type, status, avatar_url, created_at';

/** One page of the tenant's people: search on name, email and phone, filters, sort, and the exact total. */
export async function listUsers(tenantId: string, state: ListState<UserFilters>, { signal }: FetchContext): Promise<ServerPage<Person>> {
  let query = supabase.from('profiles').select(PERSON_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['full_name', 'email', 'phone'], state.q);
  const { role, type, status } = state.filters;
  if (role) query = query.eq('panel_type', role);
  if (type) query = query.eq('user_type', type);
  if (status) query = query.eq('status', status);
  return fetchListPage(query, state, signal, personSchema.array());
}

/** A person of the tenant, or null when there is none (or the caller may not see them). */
export async function getUser(tenantId: string, userId: string): Promise<Person | null> {
  return rowOrNull(await supabase.from('profiles').select(PERSON_COLUMNS).eq('tenant_id', tenantId).eq('id', userId).maybeSingle(), personSchema);
}

interface AdminUsersAnswer {
  data?: { user?: unknown; message?: unknown; key?: unknown; params?: unknown };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The admin-users edge function: the answer's person and words (English, key, params), or an EdgeFunctionError with its words. */
async function adminUsers(body: Record<string, unknown>): Promise<{ user: Person } & UserAnswer> {
  const { data, error } = await supabase.functions.invoke<AdminUsersAnswer>('admin-users', { body });
  if (error) throw await edgeFunctionError(error);
  const parsed = personSchema.safeParse(data?.data?.user);
  if (!parsed.success || typeof data?.data?.message !== 'string') throw new EdgeFunctionError('Invalid response from server');
  const { message, key, params } = data.data;
  return { user: parsed.data, message, ...(typeof key === 'string' ? { key } : {}), ...(isRecord(params) ? { params } : {}) };
}

/** Where the invitation link lands: the set-password page, which then opens the person's panel. */
export function inviteRedirect(): string {
  return `${window.location.origin}${UPDATE_PASSWORD_PATH}?invite=1`;
}

export function inviteUser(values: InviteUserValues) {
  return adminUsers({ action: 'invite', ...values, phone: values.phone || null, redirect_to: inviteRedirect() });
}

export function changeUserRole(userId: string, role: Role) {
  return adminUsers({ action: 'change_role', user_id: userId, panel_type: role });
}

export function deactivateUser(userId: string) {
  return adminUsers({ action: 'deactivate', user_id: userId });
}

export function reactivateUser(userId: string) {
  return adminUsers({ action: 'reactivate', user_id: userId });
}

export function resendInvite(userId: string) {
  return adminUsers({ action: 'resend_invite', user_id: userId, redirect_to: inviteRedirect() });
}

/** The signed-in person's own names, phone and picture (RLS: everyone updates their own profile). */
export async function updateOwnProfile(userId: string, values: { first_name: string; last_name: string; phone: string | null; avatar_url: string | null }): Promise<Person> {
  return parsedResult(await supabase.from('profiles').update(values).eq('id', userId).select(PERSON_COLUMNS).single(), personSchema);
}

/** Stores a new picture through upload-file (kind 'avatar': stored under the person's own id). */
export async function uploadAvatar(tenantId: string, file: File): Promise<string> {
  return (await uploadFile(tenantId, file, 'avatar')).publicUrl;
}

export async function changeOwnPassword(password: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw new EdgeFunctionError(error.message);
}
