import { preflight } from '../_shared/cors.ts';
import { jsonResponse } from '../_shared/http.ts';
import { problem } from '../_shared/database.ts';
import { parseAdminUsersInput, type FieldProblem, type InviteInput, type PanelType, type UserType } from './input.ts';

/**
 * POST /functions/v1/admin-users, JSON `{action, ...}` (input.ts): invite, change_role, deactivate,
 * reactivate, resend_invite. Answers 200 `{data: {user, message, key, params}}` or `{error: {code, message,
 * details?}}` with 400 (malformed), 401 (no session), 403 (not an active admin), 404 (no such user
 * in the caller's tenant), 405, 409 (state conflict), 422 (a rule refuses), 500.
 *
 * Auth users are created, re-invited, banned and unbanned with the service role (the Auth admin
 * API); profiles are written as the calling admin, so the database's RLS and rules
 * (20261125000100_users_admin.sql) hold here as everywhere, and the audit trail names the admin.
 */
export interface Caller {
  userId: string;
  tenantId: string;
  panelType: string;
  status: string;
}

export interface Person {
  id: string;
  tenant_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string;
  phone: string | null;
  panel_type: PanelType;
  roles: string[];
  user_type: UserType;
  status: string;
  avatar_url: string | null;
  created_at: string;
}

export type Failure = { ok: false; status: number; code: string; key?: string; message: string; details?: FieldProblem[] };
export type Result<T> = { ok: true; value: T } | Failure;

export interface NewProfile {
  id: string;
  tenant_id: string;
  panel_type: PanelType;
  roles: string[];
  first_name: string;
  last_name: string;
  phone: string | null;
  user_type: UserType;
  status: 'invited';
}

export interface AdminUsersDeps {
  /** The user behind an access token and their own profile (read as them), or null when it is no session. */
  resolveCaller(accessToken: string): Promise<{ userId: string; profile: Omit<Caller, 'userId'> | null } | null>;
  /** Anyone's profile, whatever the tenant (service role): the handler compares the tenant itself. */
  findPerson(id: string): Promise<Person | null>;
  /** Whether any profile, in any tenant, has this email. */
  emailHasProfile(email: string): Promise<boolean>;
  /** Active admins of the tenant other than `exceptId`. */
  countOtherActiveAdmins(tenantId: string, exceptId: string): Promise<number>;
  /** Whether the account has confirmed its email (accepted its invitation or signed up). */
  isConfirmed(id: string): Promise<boolean>;
  /** Auth admin API: creates (or, unconfirmed, re-invites) the account and sends the invitation mail. */
  inviteByEmail(email: string, metadata: Record<string, string>, redirectTo: string | null): Promise<Result<{ id: string }>>;
  deleteAccount(id: string): Promise<void>;
  /** Bans (ending every session) or unbans the account. */
  setBanned(id: string, banned: boolean): Promise<void>;
  /** As the caller: RLS and the profile rules decide. */
  insertProfile(accessToken: string, profile: NewProfile): Promise<Result<Person>>;
  updateProfile(accessToken: string, id: string, patch: Partial<Pick<Person, 'panel_type' | 'roles' | 'status'>>): Promise<Result<Person>>;
  log?: (message: string, error: unknown) => void;
}

export const NOT_ADMIN = 'Only an active administrator of this business can manage users';
export const TENANTLESS = 'You are not associated with any tanent. Please contact your administrator.';
export const SELF_ROLE = 'You cannot change your own role';
export const SELF_DEACTIVATE = 'You cannot deactivate your own account';
export const EMAIL_TAKEN = 'A user with this email address has already been registered';
export const LAST_ADMIN = 'A business needs at least one active administrator: make someone else an administrator first';

const ROLE_LABELS: Record<PanelType, string> = { admin: 'Admin', dispatcher: 'Dispatcher', driver: 'Driver', customer: 'Customer' };
const PANELS: readonly string[] = ['admin', 'dispatcher', 'driver', 'customer'];

/** `{error: {code, key?, message, details?}}`: `key` lets the app show the refusal in the user's language. */
function fail(status: number, code: string, message: string, details?: FieldProblem[], key?: string): Response {
  return jsonResponse({ error: { code, ...(key ? { key } : {}), message, ...(details ? { details } : {}) } }, { status });
}

/** The keys of the refusals a failure's code names (a refusal the database keyed keeps its own). */
const FAILURE_KEYS: Record<string, string> = { last_admin: 'users.last_admin', user_not_found: 'users.not_found', forbidden: 'users.forbidden', internal_error: 'server.internal_error' };

function failure(f: Failure): Response {
  const key = f.key ?? (f.details?.length === 1 ? f.details[0].key : undefined) ?? FAILURE_KEYS[f.code];
  // The profile rules' own refusal (the last admin) names its field without a key yet: it gets the failure's.
  const details = key && f.details?.length === 1 && !f.details[0].key ? [{ field: f.details[0].field, key, message: f.details[0].message }] : f.details;
  return fail(f.status, f.code, f.message, details, key);
}

/**
 * `{data: {user, message, key, params}}`: `message` is the English words, `key` (stable) and `params`
 * (the values they name; a role as its stored value) let the app word the answer in the user's language.
 */
function ok(user: Person, message: string, key: string, params: Record<string, string>): Response {
  return jsonResponse({ data: { user, message, key, params } });
}

function bearerToken(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  return match ? match[1] : null;
}

/** The person's roles with their panel role replaced: other roles (warehouse_staff, ...) stay. */
export function rolesFor(current: readonly string[], panel: PanelType): string[] {
  return [panel, ...current.filter((role) => !PANELS.includes(role))];
}

export function createAdminUsersHandler(deps: AdminUsersDeps): (req: Request) => Promise<Response> {
  const log = deps.log ?? ((message, error) => console.error(message, error));

  async function invite(token: string, caller: Caller, input: InviteInput): Promise<Response> {
    // An address that already has a profile is someone's, here or in another business: never
    // re-invite or take it over (and never say which business).
    if (await deps.emailHasProfile(input.email)) return fail(409, 'email_exists', EMAIL_TAKEN, [problem('email', 'users.email_taken', EMAIL_TAKEN)], 'users.email_taken');
    const invited = await deps.inviteByEmail(input.email, { first_name: input.first_name, last_name: input.last_name }, input.redirect_to);
    if (!invited.ok) return failure(invited);
    const created = await deps.insertProfile(token, {
      id: invited.value.id,
      tenant_id: caller.tenantId,
      panel_type: input.panel_type,
      roles: [input.panel_type],
      first_name: input.first_name,
      last_name: input.last_name,
      phone: input.phone,
      user_type: input.user_type,
      status: 'invited',
    });
    if (!created.ok) {
      // No profile, no half-made user: the account goes too (its invitation link then leads nowhere).
      await deps.deleteAccount(invited.value.id).catch((e: unknown) => log('admin-users: could not remove the account of a failed invite', e));
      return failure(created);
    }
    return ok(created.value, `Invitation sent to ${input.email}`, 'users.invited', { email: input.email });
  }

  return async (req) => {
    const cors = preflight(req);
    if (cors) return cors;
    if (req.method !== 'POST') return jsonResponse({ error: { code: 'method_not_allowed', message: `Method ${req.method} is not allowed: use POST` } }, { status: 405, headers: { Allow: 'POST, OPTIONS' } });

    const token = bearerToken(req);
    const resolved = token ? await deps.resolveCaller(token).catch((e: unknown) => (log('admin-users: getUser failed', e), null)) : null;
    if (!token || !resolved) return fail(401, 'no_session', 'No active session', undefined, 'auth.no_session');
    const profile = resolved.profile;
    if (!profile || profile.status !== 'active') return fail(403, 'no_tenant', TENANTLESS, undefined, 'account.no_tenant');
    if (profile.panelType !== 'admin') return fail(403, 'not_admin', NOT_ADMIN, undefined, 'users.not_admin');
    const caller: Caller = { userId: resolved.userId, ...profile };

    let body: unknown;
    try {
      body = await req.json();
    } catch {
      return fail(400, 'invalid_request', 'Send a JSON object with an action');
    }
    const parsed = parseAdminUsersInput(body);
    if (!parsed.ok) {
      if (parsed.unknownAction) return fail(400, 'invalid_action', parsed.problems[0].message, parsed.problems);
      return fail(400, 'validation_failed', 'Validation failed', parsed.problems);
    }
    const input = parsed.input;

    try {
      if (input.action === 'invite') return await invite(token, caller, input);

      const person = await deps.findPerson(input.user_id);
      // Another tenant's person is as good as none: nothing says they exist.
      if (!person || person.tenant_id !== caller.tenantId) return fail(404, 'user_not_found', 'User not found', undefined, 'users.not_found');
      const isSelf = person.id === caller.userId;
      const isActiveAdmin = person.panel_type === 'admin' && person.status === 'active';
      const lastAdmin = async () => isActiveAdmin && (await deps.countOtherActiveAdmins(caller.tenantId, person.id)) === 0;

      switch (input.action) {
        case 'change_role': {
          if (person.panel_type === input.panel_type) return ok(person, `${person.full_name} is already ${ROLE_LABELS[input.panel_type]}`, 'users.role_already', { name: person.full_name, role: input.panel_type });
          if (isSelf) return fail(422, 'self_change', SELF_ROLE, [problem('panel_type', 'users.self_role', SELF_ROLE)], 'users.self_role');
          if (input.panel_type !== 'admin' && (await lastAdmin())) return fail(422, 'last_admin', LAST_ADMIN, [problem('panel_type', 'users.last_admin', LAST_ADMIN)], 'users.last_admin');
          const updated = await deps.updateProfile(token, person.id, { panel_type: input.panel_type, roles: rolesFor(person.roles, input.panel_type) });
          if (!updated.ok) return failure(updated);
          return ok(updated.value, `${updated.value.full_name} is now ${ROLE_LABELS[input.panel_type]}`, 'users.role_now', { name: updated.value.full_name, role: input.panel_type });
        }
        case 'deactivate': {
          if (isSelf) return fail(422, 'self_change', SELF_DEACTIVATE, [problem('status', 'users.self_deactivate', SELF_DEACTIVATE)], 'users.self_deactivate');
          if (person.status === 'inactive') return fail(409, 'already_inactive', 'This user is already deactivated', undefined, 'users.already_inactive');
          if (await lastAdmin()) return fail(422, 'last_admin', LAST_ADMIN, [problem('status', 'users.last_admin', LAST_ADMIN)], 'users.last_admin');
          const updated = await deps.updateProfile(token, person.id, { status: 'inactive' });
          if (!updated.ok) return failure(updated);
          await deps.setBanned(person.id, true);
          return ok(updated.value, `${updated.value.full_name} was deactivated`, 'users.deactivated', { name: updated.value.full_name });
        }
        case 'reactivate': {
          if (person.status === 'active' || person.status === 'invited') return fail(409, 'already_active', 'This user is already active', undefined, 'users.already_active');
          // Someone who never accepted their invitation goes back to invited, not straight to active.
          const status = (await deps.isConfirmed(person.id)) ? 'active' : 'invited';
          await deps.setBanned(person.id, false);
          const updated = await deps.updateProfile(token, person.id, { status });
          if (!updated.ok) {
            await deps.setBanned(person.id, true).catch((e: unknown) => log('admin-users: could not restore a ban', e));
            return failure(updated);
          }
          return ok(updated.value, `${updated.value.full_name} was reactivated`, 'users.reactivated', { name: updated.value.full_name });
        }
        case 'resend_invite': {
          if (person.status !== 'invited' || (await deps.isConfirmed(person.id))) {
            return fail(409, 'not_invited', 'This user has already accepted the invitation', undefined, 'users.not_invited');
          }
          const invited = await deps.inviteByEmail(person.email, { first_name: person.first_name ?? '', last_name: person.last_name ?? '' }, input.redirect_to);
          if (!invited.ok) return failure(invited);
          return ok(person, `Invitation sent again to ${person.email}`, 'users.invited_again', { email: person.email });
        }
      }
    } catch (e) {
      log('admin-users: failed', e);
      return fail(500, 'internal_error', 'Something went wrong!', undefined, 'server.internal_error');
    }
  };
}
