import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { USER_COLUMNS_SQL } from './user-json.ts';

export type Json = Record<string, unknown>;

export interface UserRow {
  id: string;
  email: string | null;
  aud: string;
  role: string;
  phone: string | null;
  email_confirmed: boolean;
  is_anonymous: boolean;
  banned: boolean;
  deleted: boolean;
  app_metadata: Json;
  user_metadata: Json;
  confirmation_sent_at: number | null;
  recovery_sent_at: number | null;
  email_change_sent_at: number | null;
  confirmation_token: string;
  recovery_token: string;
  email_change: string;
  email_change_token_new: string;
  email_change_token_current: string;
  email_change_confirm_status: number;
  /** GoTrue's JSON of the user, as sent to clients. */
  json: Json;
}

type RawUserRow = Omit<UserRow, 'json' | 'app_metadata' | 'user_metadata'> & { json: string; app_metadata: string; user_metadata: string };

function toUser(raw: RawUserRow): UserRow {
  return {
    ...raw,
    app_metadata: JSON.parse(raw.app_metadata) as Json,
    user_metadata: JSON.parse(raw.user_metadata) as Json,
    json: JSON.parse(raw.json) as Json,
  };
}

async function findOne(tx: Queryable, where: string, params: unknown[]): Promise<UserRow | null> {
  const r = await tx.query<RawUserRow>(`select ${USER_COLUMNS_SQL} from auth.users u where ${where} limit 1`, params);
  return r.rows[0] ? toUser(r.rows[0]) : null;
}

export function findUserById(tx: Queryable, id: string): Promise<UserRow | null> {
  return findOne(tx, 'u.id = $1::uuid', [id]);
}

/** GoTrue looks users up by lower-cased email, ignoring SSO accounts. */
export function findUserByEmail(tx: Queryable, email: string, aud: string): Promise<UserRow | null> {
  return findOne(tx, 'lower(u.email) = lower($1) and u.aud = $2 and u.is_sso_user = false', [email, aud]);
}

export async function emailTaken(tx: Queryable, email: string, aud: string, exceptId?: string): Promise<boolean> {
  const r = await tx.query(
    'select 1 from auth.users where lower(email) = lower($1) and aud = $2 and is_sso_user = false and ($3::uuid is null or id <> $3::uuid)',
    [email, aud, exceptId ?? null],
  );
  return r.rows.length > 0;
}

/** bcrypt through pgcrypto, the same $2a$ hashes GoTrue writes and seed.sql inserts. */
export async function passwordMatches(tx: Queryable, userId: string, password: string): Promise<boolean> {
  const r = await tx.query<{ ok: boolean }>(
    `select coalesce(encrypted_password <> '' and extensions.crypt($2, encrypted_password) = encrypted_password, false) as ok
       from auth.users where id = $1::uuid`,
    [userId, password],
  );
  return r.rows[0]?.ok === true;
}

export interface NewUser {
  id?: string;
  email: string;
  password: string | null;
  aud: string;
  role: string;
  userMetadata: Json;
  appMetadata: Json;
  confirmed: boolean;
  invited?: boolean;
}

/** Inserts a user and its email identity as GoTrue's signup does. */
export async function createUser(tx: Queryable, u: NewUser): Promise<string> {
  const id = u.id ?? randomUUID();
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
        email_change_token_new, email_change, is_super_admin)
     values ('00000000-0000-0000-0000-000000000000', $1::uuid, $2, $3, lower($4),
        case when $5::text is null then '' else extensions.crypt($5, extensions.gen_salt('bf', 10)) end,
        case when $6 then now() end, case when $9 then now() end,
        $7::jsonb, $8::jsonb, now(), now(), '', '', '', '', false)`,
    [id, u.aud, u.role, u.email, u.password, u.confirmed, JSON.stringify(u.appMetadata), JSON.stringify(u.userMetadata), u.invited ?? false],
  );
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', lower($2), 'email_verified', $3::boolean, 'phone_verified', false),
             'email', now(), now())`,
    [id, u.email, u.confirmed],
  );
  return id;
}

/** Marks the email confirmed, on the user and in its identity data, as GoTrue's Confirm does. */
export async function confirmEmail(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '', updated_at = now()
      where id = $1::uuid`,
    [userId],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1::uuid and provider = 'email'`,
    [userId],
  );
}

export async function setPassword(tx: Queryable, userId: string, password: string): Promise<void> {
  await tx.query(
    `update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf', 10)), updated_at = now() where id = $1::uuid`,
    [userId, password],
  );
}

/** Merges into raw_user_meta_data; a null value removes the key, as GoTrue's UpdateUserMetaData does. */
export async function mergeUserMetadata(tx: Queryable, userId: string, data: Json): Promise<void> {
  await tx.query(
    `update auth.users set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb)
         - array(select key from jsonb_each($2::jsonb) where value = 'null'::jsonb), updated_at = now()
      where id = $1::uuid`,
    [userId, JSON.stringify(data)],
  );
}

export async function mergeAppMetadata(tx: Queryable, userId: string, data: Json): Promise<void> {
  await tx.query(
    `update auth.users set raw_app_meta_data = (coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb)
         - array(select key from jsonb_each($2::jsonb) where value = 'null'::jsonb), updated_at = now()
      where id = $1::uuid`,
    [userId, JSON.stringify(data)],
  );
}

export async function recordSignIn(tx: Queryable, userId: string, provider = 'email'): Promise<void> {
  await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1::uuid', [userId]);
  await tx.query('update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1::uuid and provider = $2', [
    userId,
    provider,
  ]);
}

export async function audit(tx: Queryable, action: string, actor: UserRow | null, ip: string, traits: Json = {}): Promise<void> {
  const payload = {
    action,
    actor_id: actor?.id ?? '',
    actor_username: actor?.email ?? '',
    actor_via_sso: false,
    log_type: action === 'token_refreshed' || action === 'token_revoked' ? 'token' : action.startsWith('user_') ? 'user' : 'account',
    traits,
  };
  await tx.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ('00000000-0000-0000-0000-000000000000', $1::uuid, $2::json, now(), $3)`,
    [randomUUID(), JSON.stringify(payload), ip.slice(0, 64)],
  );
}
