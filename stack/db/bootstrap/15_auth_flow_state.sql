-- GoTrue's PKCE flow state (its migrations 20230322519590 onwards): one row per PKCE request
-- (signup, recovery, magic link, email change) until its auth code is exchanged at
-- POST /token?grant_type=pkce. A file of its own so data dirs that already applied 10_auth.sql get it.
do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'code_challenge_method') then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
end
$$;

create table if not exists auth.flow_state (
  id uuid not null primary key,
  user_id uuid null,
  auth_code text null,
  code_challenge_method auth.code_challenge_method null,
  code_challenge text null,
  provider_type text not null,
  provider_access_token text null,
  provider_refresh_token text null,
  created_at timestamptz null,
  updated_at timestamptz null,
  authentication_method text not null,
  auth_code_issued_at timestamptz null
);
comment on table auth.flow_state is 'stores metadata for pkce logins';
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
create index if not exists flow_state_created_at_idx on auth.flow_state (created_at desc);

-- The same grants 10_auth.sql gives every auth table: the API roles never read it.
grant all on auth.flow_state to supabase_auth_admin, dashboard_user, service_role;
revoke all on auth.flow_state from anon, authenticated;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'postgres') then
    grant all on auth.flow_state to postgres;
  end if;
end
$$;
