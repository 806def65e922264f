-- The `auth` schema as Supabase's image and GoTrue's migrations leave it, so migrations, seeds and
-- RLS policies that touch auth.users / auth.uid() run unchanged. Column types, nullability and
-- defaults follow GoTrue: its four legacy token columns are nullable without a default (seeds
-- therefore insert ''), the newer ones default to ''.
create schema if not exists auth;

do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'aal_level') then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'one_time_token_type') then
    create type auth.one_time_token_type as enum (
      'confirmation_token', 'reauthentication_token', 'recovery_token',
      'email_change_token_new', 'email_change_token_current', 'phone_change_token'
    );
  end if;
end
$$;

create table if not exists auth.instances (
  id uuid not null primary key,
  uuid uuid null,
  raw_base_config text null,
  created_at timestamptz null,
  updated_at timestamptz null
);

create table if not exists auth.users (
  instance_id uuid null,
  id uuid not null,
  aud varchar(255) null,
  role varchar(255) null,
  email varchar(255) null,
  encrypted_password varchar(255) null,
  email_confirmed_at timestamptz null,
  invited_at timestamptz null,
  confirmation_token varchar(255) null,
  confirmation_sent_at timestamptz null,
  recovery_token varchar(255) null,
  recovery_sent_at timestamptz null,
  email_change_token_new varchar(255) null,
  email_change varchar(255) null,
  email_change_sent_at timestamptz null,
  last_sign_in_at timestamptz null,
  raw_app_meta_data jsonb null,
  raw_user_meta_data jsonb null,
  is_super_admin boolean null,
  created_at timestamptz null,
  updated_at timestamptz null,
  phone text null default null,
  phone_confirmed_at timestamptz null default null,
  phone_change text null default '',
  phone_change_token varchar(255) null default '',
  phone_change_sent_at timestamptz null default null,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) null default '',
  email_change_confirm_status smallint null default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz null,
  reauthentication_token varchar(255) null default '',
  reauthentication_sent_at timestamptz null default null,
  is_sso_user boolean not null default false,
  deleted_at timestamptz null,
  is_anonymous boolean not null default false,
  constraint users_pkey primary key (id),
  constraint users_phone_key unique (phone)
);
comment on column auth.users.is_sso_user is 'Auth: Set this column to true when the account comes from SSO. These accounts can have duplicate emails.';
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token) where confirmation_token !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token) where recovery_token !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx on auth.users (email_change_token_current) where email_change_token_current !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new) where email_change_token_new !~ '^[0-9 ]*$';
create unique index if not exists reauthentication_token_idx on auth.users (reauthentication_token) where reauthentication_token !~ '^[0-9 ]*$';
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz null,
  created_at timestamptz null,
  updated_at timestamptz null,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
comment on column auth.identities.email is 'Auth: Email is a generated column that references the optional email property in the identity_data';
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz null,
  updated_at timestamptz null,
  factor_id uuid null,
  aal auth.aal_level null,
  not_after timestamptz null,
  refreshed_at timestamp without time zone null,
  user_agent text null,
  ip inet null,
  tag text null
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at);
create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);

create table if not exists auth.refresh_tokens (
  instance_id uuid null,
  id bigserial primary key,
  token varchar(255) null,
  user_id varchar(255) null,
  revoked boolean null,
  created_at timestamptz null,
  updated_at timestamptz null,
  parent varchar(255) null,
  session_id uuid null references auth.sessions (id) on delete cascade,
  constraint refresh_tokens_token_unique unique (token)
);
create index if not exists refresh_tokens_instance_id_idx on auth.refresh_tokens (instance_id);
create index if not exists refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create table if not exists auth.one_time_tokens (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp without time zone not null default now(),
  updated_at timestamp without time zone not null default now(),
  constraint one_time_tokens_user_id_token_type_key unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
create index if not exists one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);

create table if not exists auth.audit_log_entries (
  instance_id uuid null,
  id uuid not null primary key,
  payload json null,
  created_at timestamptz null,
  ip_address varchar(64) not null default ''
);
create index if not exists audit_logs_instance_id_idx on auth.audit_log_entries (instance_id);

create table if not exists auth.schema_migrations (version varchar(255) not null primary key);

-- Supabase's definitions: the claim-by-claim settings first (older PostgREST), then the claims object.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;
comment on function auth.email() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

-- Grants as on Supabase: the API roles may use the schema and its helpers, never read its tables.
grant usage on schema auth to anon, authenticated, service_role;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin, dashboard_user;
grant all on all tables in schema auth to supabase_auth_admin, dashboard_user, service_role;
grant all on all sequences in schema auth to supabase_auth_admin, dashboard_user, service_role;
revoke all on all tables in schema auth from anon, authenticated;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'postgres') then
    grant all on schema auth to postgres;
    grant all on all tables in schema auth to postgres;
    grant all on all sequences in schema auth to postgres;
  end if;
end
$$;

-- The local mailbox (GET /mail and the tests read it): private to the stack, never exposed to the API roles.
create schema if not exists _stack_mail;
revoke all on schema _stack_mail from public;
create table if not exists _stack_mail.messages (
  seq bigserial primary key,
  id uuid not null default gen_random_uuid() unique,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  links text[] not null default '{}',
  token text null,
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists messages_to_address_idx on _stack_mail.messages (lower(to_address));
