import type { SupabaseClient } from '@supabase/supabase-js';
import { type PostgrestLikeError, clientAsCaller, fieldProblems, serverClient } from '../_shared/database.ts';
import type { AdminUsersDeps, Failure, Person, Result } from './handler.ts';

/**
 * admin-users' dependencies on the platform: the service role for the Auth admin API and for
 * reading across tenants (the handler compares tenants itself), the caller's own JWT for every
 * profile write, so that RLS, the column guard and the people rules of the database apply.
 */
export interface PlatformEnv {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

export const PERSON_COLUMNS = 'id, tenant_id, email, first_name, last_name, full_name, phone, panel_type, roles, user_type, status, avatar_url, created_at';
/** Ten years: a ban that lasts until an admin reactivates the user. */
const BAN_DURATION = '87600h';

/** A database refusal as the handler answers it: the rules' 23514 as 422 with its details, RLS as 403. */
export function databaseFailure(error: PostgrestLikeError): Failure {
  const details = fieldProblems(error.details);
  if (error.code === '23514' && details) {
    const message = details.length === 1 ? details[0].message : 'Validation failed';
    const code = /administrator/.test(message) ? 'last_admin' : /your own/.test(message) ? 'self_change' : 'validation_failed';
    return { ok: false, status: 422, code, message, details };
  }
  if (error.code === '42501') return { ok: false, status: 403, code: 'forbidden', message: 'You do not have permission to change this user' };
  if (error.code === '23514' || error.code === '22P02') return { ok: false, status: 400, code: 'validation_failed', message: error.message };
  if (error.code === 'PGRST116') return { ok: false, status: 404, code: 'user_not_found', message: 'User not found' };
  return { ok: false, status: 500, code: 'internal_error', message: 'Something went wrong!' };
}

export function platformDeps(env: PlatformEnv): Omit<AdminUsersDeps, 'log'> {
  const anon = serverClient(env.url, env.anonKey);
  const service = serverClient(env.url, env.serviceRoleKey);

  async function writeAsCaller(query: PromiseLike<{ data: unknown; error: PostgrestLikeError | null }>): Promise<Result<Person>> {
    const { data, error } = await query;
    if (error) return databaseFailure(error);
    return { ok: true, value: data as Person };
  }

  return {
    async resolveCaller(accessToken) {
      const { data, error } = await anon.auth.getUser(accessToken);
      if (error || !data.user) return null;
      const { data: profile, error: profileError } = await clientAsCaller(env.url, env.anonKey, accessToken)
        .from('profiles')
        .select('tenant_id, panel_type, status')
        .eq('id', data.user.id)
        .maybeSingle();
      if (profileError) throw profileError;
      return {
        userId: data.user.id,
        profile: profile ? { tenantId: profile.tenant_id as string, panelType: profile.panel_type as string, status: profile.status as string } : null,
      };
    },
    async findPerson(id) {
      const { data, error } = await service.from('profiles').select(PERSON_COLUMNS).eq('id', id).maybeSingle();
      if (error) throw error;
      return (data as Person | null) ?? null;
    },
    async emailHasProfile(email) {
      const { count, error } = await service.from('profiles').select('id', { count: 'exact', head: true }).ilike('email', email.replace(/[\\%_]/g, '\\$&'));
      if (error) throw error;
      return (count ?? 0) > 0;
    },
    async countOtherActiveAdmins(tenantId, exceptId) {
      const { count, error } = await service
        .from('profiles')
        .select('id', { count: 'exact', head: true })
        .eq('tenant_id', tenantId)
        .eq('panel_type', 'admin')
        .eq('status', 'active')
        .neq('id', exceptId);
      if (error) throw error;
      return count ?? 0;
    },
    async isConfirmed(id) {
      const { data, error } = await service.auth.admin.getUserById(id);
      if (error) throw error;
      return Boolean(data.user?.email_confirmed_at);
    },
    async inviteByEmail(email, metadata, redirectTo) {
      const { data, error } = await service.auth.admin.inviteUserByEmail(email, { data: metadata, ...(redirectTo ? { redirectTo } : {}) });
      if (error) {
        if (error.code === 'email_exists' || error.status === 422) {
          return { ok: false, status: 409, code: 'email_exists', message: 'A user with this email address has already been registered', details: [{ field: 'email', message: 'A user with this email address has already been registered' }] };
        }
        if (error.status === 429) return { ok: false, status: 429, code: 'rate_limited', message: 'Too many invitations were sent: try again in a minute' };
        if (error.status === 400) return { ok: false, status: 400, code: 'validation_failed', message: error.message, details: [{ field: 'email', message: error.message }] };
        throw error;
      }
      return { ok: true, value: { id: data.user.id } };
    },
    async deleteAccount(id) {
      const { error } = await service.auth.admin.deleteUser(id);
      if (error) throw error;
    },
    async setBanned(id, banned) {
      const { error } = await service.auth.admin.updateUserById(id, { ban_duration: banned ? BAN_DURATION : 'none' });
      if (error) throw error;
    },
    insertProfile: (accessToken, profile) => writeAsCaller(clientAsCaller(env.url, env.anonKey, accessToken).from('profiles').insert(profile).select(PERSON_COLUMNS).single()),
    updateProfile: (accessToken, id, patch) => writeAsCaller(clientAsCaller(env.url, env.anonKey, accessToken).from('profiles').update(patch).eq('id', id).select(PERSON_COLUMNS).single()),
  };
}
