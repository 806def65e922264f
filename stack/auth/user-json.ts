/**
 * GoTrue's User and Identity JSON, built in SQL so both database drivers answer identically.
 * `u` is the auth.users row alias. Keys GoTrue omits when empty are dropped the same way.
 */
const ts = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const IDENTITIES = `(select coalesce(jsonb_agg(jsonb_build_object(
    'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
    'provider', i.provider, 'last_sign_in_at', ${ts('i.last_sign_in_at')}, 'created_at', ${ts('i.created_at')},
    'updated_at', ${ts('i.updated_at')}, 'email', i.email) order by i.created_at, i.id), '[]'::jsonb)
  from auth.identities i where i.user_id = u.id)`;

const OMIT_EMPTY = [
  'email_confirmed_at', 'invited_at', 'phone_confirmed_at', 'confirmation_sent_at', 'confirmed_at', 'recovery_sent_at',
  'new_email', 'email_change_sent_at', 'new_phone', 'phone_change_sent_at', 'reauthentication_sent_at',
  'last_sign_in_at', 'banned_until', 'deleted_at',
];

export const USER_JSON_SQL = `(select jsonb_object_agg(e.key, e.value) from jsonb_each(jsonb_build_object(
  'id', u.id, 'aud', coalesce(u.aud, ''), 'role', coalesce(u.role, ''), 'email', coalesce(u.email, ''),
  'email_confirmed_at', ${ts('u.email_confirmed_at')}, 'invited_at', ${ts('u.invited_at')},
  'phone', coalesce(u.phone, ''), 'phone_confirmed_at', ${ts('u.phone_confirmed_at')},
  'confirmation_sent_at', ${ts('u.confirmation_sent_at')}, 'confirmed_at', ${ts('u.confirmed_at')},
  'recovery_sent_at', ${ts('u.recovery_sent_at')}, 'new_email', nullif(u.email_change, ''),
  'email_change_sent_at', ${ts('u.email_change_sent_at')}, 'new_phone', nullif(u.phone_change, ''),
  'phone_change_sent_at', ${ts('u.phone_change_sent_at')}, 'reauthentication_sent_at', ${ts('u.reauthentication_sent_at')},
  'last_sign_in_at', ${ts('u.last_sign_in_at')},
  'app_metadata', coalesce(u.raw_app_meta_data, '{}'::jsonb), 'user_metadata', coalesce(u.raw_user_meta_data, '{}'::jsonb),
  'identities', ${IDENTITIES},
  'created_at', ${ts('u.created_at')}, 'updated_at', ${ts('u.updated_at')},
  'banned_until', ${ts('u.banned_until')}, 'deleted_at', ${ts('u.deleted_at')},
  'is_anonymous', u.is_anonymous
)) e where not (e.key in (${OMIT_EMPTY.map((k) => `'${k}'`).join(', ')}) and e.value = 'null'::jsonb))::text`;

/** The columns the handlers reason about, plus the user's JSON; timestamps as epoch seconds. */
export const USER_COLUMNS_SQL = `u.id::text as id, u.email, coalesce(u.aud, '') as aud, coalesce(u.role, '') as role, u.phone,
  u.email_confirmed_at is not null as email_confirmed, u.is_anonymous,
  coalesce(u.banned_until > now(), false) as banned, u.deleted_at is not null as deleted,
  coalesce(u.raw_app_meta_data, '{}'::jsonb)::text as app_metadata, coalesce(u.raw_user_meta_data, '{}'::jsonb)::text as user_metadata,
  extract(epoch from u.confirmation_sent_at)::float8 as confirmation_sent_at,
  extract(epoch from u.recovery_sent_at)::float8 as recovery_sent_at,
  extract(epoch from u.email_change_sent_at)::float8 as email_change_sent_at,
  coalesce(u.confirmation_token, '') as confirmation_token, coalesce(u.recovery_token, '') as recovery_token,
  coalesce(u.email_change, '') as email_change, coalesce(u.email_change_token_new, '') as email_change_token_new,
  coalesce(u.email_change_token_current, '') as email_change_token_current,
  coalesce(u.email_change_confirm_status, 0)::int as email_change_confirm_status,
  ${USER_JSON_SQL} as json`;
