import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { sendJson } from '../../http/respond.ts';
import type { AuthDeps } from '../deps.ts';
import { AuthError, badRequest, notFound, unprocessable, versionHeaders } from '../errors.ts';
import { parseGoDuration } from '../settings.ts';
import { assertStrongPassword } from '../passwords.ts';
import { clientInfo, isUuid, JsonObject, readJson, requireAdmin, validateEmail, optBool, optString } from '../request.ts';
import { USER_JSON_SQL } from '../user-json.ts';
import { audit, confirmEmail, createUser, emailTaken, findUserByEmail, findUserById, mergeAppMetadata, mergeUserMetadata, setPassword, type Json, type UserRow } from '../users.ts';
import { sendConfirmation } from './send-links.ts';
import { requestedRedirect } from './signup.ts';

const AdminUserBody = z
  .object({
    id: optString,
    email: optString,
    phone: optString,
    password: optString,
    email_confirm: optBool,
    phone_confirm: optBool,
    user_metadata: JsonObject.nullish(),
    app_metadata: JsonObject.nullish(),
    role: optString,
    ban_duration: optString,
  })
  .passthrough();

const DeleteBody = z.object({ should_soft_delete: optBool }).passthrough();
const InviteBody = z.object({ email: optString, data: JsonObject.nullish() }).passthrough();

const USER_NOT_FOUND = () => notFound('user_not_found', 'User not found');

/** `ban_duration`: a Go duration ("24h", "1h30m") or "none" to lift a ban. */
async function applyBan(tx: Queryable, userId: string, duration: string): Promise<void> {
  if (duration === 'none') {
    await tx.query('update auth.users set banned_until = null, updated_at = now() where id = $1::uuid', [userId]);
    return;
  }
  let seconds: number;
  try {
    seconds = parseGoDuration(duration);
  } catch {
    throw badRequest('validation_failed', 'invalid format for ban duration: time: invalid duration');
  }
  await tx.query("update auth.users set banned_until = now() + make_interval(secs => $2), updated_at = now() where id = $1::uuid", [userId, seconds]);
  await tx.query('delete from auth.sessions where user_id = $1::uuid', [userId]);
}

async function loadUser(tx: Queryable, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(tx, id);
  if (!user) throw USER_NOT_FOUND();
  return user;
}

function positiveInt(raw: string | null, fallback: number): number {
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw badRequest('validation_failed', 'Bad Pagination Parameters');
  return Number(raw);
}

/** GET /admin/users: {users, aud} newest first, with GoTrue's Link and X-Total-Count headers. */
async function listUsers(deps: AuthDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const page = positiveInt(url.searchParams.get('page'), 1);
  const perPage = Math.min(positiveInt(url.searchParams.get('per_page'), 50), 1000);
  const filter = url.searchParams.get('filter') || null;
  const r = await deps.ctx.db.query<{ total: number; users: string }>(
    `with matching as (
       select u.* from auth.users u
        where u.aud = $1 and ($4::text is null or u.email ilike '%' || $4 || '%' or u.raw_user_meta_data ->> 'full_name' ilike '%' || $4 || '%')
     )
     select (select count(*) from matching)::int as total,
            coalesce((select jsonb_agg(x.j order by x.created_at desc, x.id) from (
              select ${USER_JSON_SQL}::jsonb as j, u.created_at, u.id from matching u order by u.created_at desc, u.id limit $2 offset $3
            ) x), '[]'::jsonb)::text as users`,
    [deps.aud, perPage, (page - 1) * perPage, filter],
  );
  const total = Number(r.rows[0].total);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (p: number) => `</admin/users?${new URLSearchParams({ page: String(p), per_page: String(perPage) }).toString()}>`;
  const links: string[] = [];
  if (page < lastPage) links.push(`${link(page + 1)}; rel="next"`);
  links.push(`${link(lastPage)}; rel="last"`);
  sendJson(res, 200, { users: JSON.parse(r.rows[0].users) as Json[], aud: deps.aud }, {
    ...versionHeaders(req),
    link: links.join(', '),
    'x-total-count': String(total),
  });
}

async function createAdminUser(deps: AuthDeps, req: IncomingMessage): Promise<Json> {
  const body = await readJson(req, AdminUserBody);
  if (!body.email) {
    if (body.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  }
  const email = validateEmail(body.email);
  if (body.password !== undefined) assertStrongPassword(body.password, deps.settings);
  if (body.id !== undefined && !isUuid(body.id)) throw badRequest('validation_failed', 'id must be a valid UUID');
  const client = clientInfo(req);
  return deps.ctx.db.transaction(async (tx) => {
    if (await emailTaken(tx, email, deps.aud)) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    if (body.id && (await findUserById(tx, body.id))) throw unprocessable('user_already_exists', 'User already registered');
    const id = await createUser(tx, {
      id: body.id,
      email,
      password: body.password ?? null,
      aud: deps.aud,
      role: body.role ?? 'authenticated',
      userMetadata: body.user_metadata ?? {},
      appMetadata: { provider: 'email', providers: ['email'], ...(body.app_metadata ?? {}) },
      confirmed: body.email_confirm === true,
    });
    if (body.ban_duration) await applyBan(tx, id, body.ban_duration);
    const user = await loadUser(tx, id);
    await audit(tx, 'user_signedup', user, client.ip, { provider: 'email' });
    return user.json;
  });
}

async function updateAdminUser(deps: AuthDeps, req: IncomingMessage, id: string): Promise<Json> {
  const body = await readJson(req, AdminUserBody);
  if (body.password !== undefined) assertStrongPassword(body.password, deps.settings);
  const email = body.email !== undefined ? validateEmail(body.email) : undefined;
  const client = clientInfo(req);
  return deps.ctx.db.transaction(async (tx) => {
    const user = await loadUser(tx, id);
    if (email !== undefined && email !== (user.email ?? '').toLowerCase()) {
      if (await emailTaken(tx, email, deps.aud, user.id)) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      await tx.query("update auth.users set email = $2, email_change = '', email_change_token_new = '', updated_at = now() where id = $1::uuid", [
        user.id,
        email,
      ]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
          where user_id = $1::uuid and provider = 'email'`,
        [user.id, email],
      );
    }
    if (body.password !== undefined) await setPassword(tx, user.id, body.password);
    if (body.email_confirm === true) await confirmEmail(tx, user.id);
    if (body.role !== undefined) await tx.query('update auth.users set role = $2, updated_at = now() where id = $1::uuid', [user.id, body.role]);
    if (body.user_metadata) await mergeUserMetadata(tx, user.id, body.user_metadata);
    if (body.app_metadata) await mergeAppMetadata(tx, user.id, body.app_metadata);
    if (body.ban_duration) await applyBan(tx, user.id, body.ban_duration);
    await audit(tx, 'user_modified', user, client.ip);
    return (await loadUser(tx, user.id)).json;
  });
}

async function deleteAdminUser(deps: AuthDeps, req: IncomingMessage, id: string): Promise<Json> {
  const hasBody = Number(req.headers['content-length'] ?? '0') > 0 || req.headers['transfer-encoding'] !== undefined;
  const body: { should_soft_delete?: boolean } = hasBody ? await readJson(req, DeleteBody) : {};
  const client = clientInfo(req);
  return deps.ctx.db.transaction(async (tx) => {
    const user = await loadUser(tx, id);
    if (body.should_soft_delete) {
      // GoTrue's soft delete keeps the row but frees the address and ends every way back in.
      await tx.query(
        `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
            confirmation_token = '', recovery_token = '', email_change = '', email_change_token_new = '',
            email_change_token_current = '', raw_app_meta_data = '{}'::jsonb, raw_user_meta_data = '{}'::jsonb, updated_at = now()
          where id = $1::uuid`,
        [user.id],
      );
      await tx.query('delete from auth.identities where user_id = $1::uuid', [user.id]);
      await tx.query('delete from auth.sessions where user_id = $1::uuid', [user.id]);
    } else {
      await tx.query('delete from auth.users where id = $1::uuid', [user.id]);
    }
    await audit(tx, 'user_deleted', user, client.ip);
    return {};
  });
}

/** POST /invite: a new, invited user and the invitation mail. */
export async function invite(deps: AuthDeps, req: IncomingMessage, url: URL): Promise<Json> {
  await requireAdmin(deps, req);
  const body = await readJson(req, InviteBody);
  const email = validateEmail(body.email ?? '');
  const redirectTo = requestedRedirect(deps, req, url);
  const client = clientInfo(req);
  return deps.ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email, deps.aud);
    if (user?.email_confirmed) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    if (!user) {
      const id = await createUser(tx, {
        email,
        password: null,
        aud: deps.aud,
        role: 'authenticated',
        userMetadata: body.data ?? {},
        appMetadata: { provider: 'email', providers: ['email'] },
        confirmed: false,
        invited: true,
      });
      user = await loadUser(tx, id);
    } else {
      await tx.query('update auth.users set invited_at = now(), updated_at = now() where id = $1::uuid', [user.id]);
    }
    await sendConfirmation(deps, tx, user, redirectTo, 'invite');
    await audit(tx, 'user_invited', user, client.ip);
    return (await loadUser(tx, user.id)).json;
  });
}

/** /admin/users[/{id}]: null when the path is not one of them, 'sent' when the handler answered itself. */
export async function adminUsers(deps: AuthDeps, req: IncomingMessage, res: ServerResponse, subpath: string, url: URL): Promise<Json | null | 'sent'> {
  const m = /^\/admin\/users(?:\/([^/]+))?\/?$/.exec(subpath);
  if (!m) return null;
  await requireAdmin(deps, req);
  const id = m[1] ? decodeURIComponent(m[1]) : null;
  const method = req.method ?? 'GET';
  if (!id) {
    if (method === 'GET') {
      await listUsers(deps, req, res, url);
      return 'sent';
    }
    if (method === 'POST') return createAdminUser(deps, req);
  } else {
    if (method === 'GET') return deps.ctx.db.transaction(async (tx) => (await loadUser(tx, id)).json);
    if (method === 'PUT') return updateAdminUser(deps, req, id);
    if (method === 'DELETE') return deleteAdminUser(deps, req, id);
  }
  throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
}
