-- What Supabase's Postgres image provides before any migration: the API and platform roles, their
-- grants and default privileges, the `extensions` schema, the empty `graphql_public` schema and the
-- search_path migrations run with. Runs on PGlite and on a real Postgres 15+ (roles are
-- cluster-wide there, so every creation is guarded).
do $$
declare
  r record;
begin
  for r in
    select * from (values
      ('anon', 'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role', 'nologin noinherit bypassrls'),
      ('authenticator', 'login noinherit'),
      ('supabase_admin', 'login superuser createdb createrole replication bypassrls'),
      ('supabase_auth_admin', 'login noinherit createrole'),
      ('supabase_storage_admin', 'login noinherit createrole'),
      ('supabase_realtime_admin', 'nologin noinherit'),
      ('supabase_replication_admin', 'login replication'),
      ('supabase_read_only_user', 'login bypassrls'),
      ('dashboard_user', 'nologin createrole createdb replication'),
      ('pgbouncer', 'login')
    ) as roles(name, options)
  loop
    if not exists (select 1 from pg_roles where rolname = r.name) then
      execute format('create role %I %s', r.name, r.options);
    end if;
  end loop;
end
$$;

grant anon, authenticated, service_role to authenticator;
grant pg_read_all_data to supabase_read_only_user;

-- Supabase's `postgres` (and whoever runs migrations here) resolves unqualified names in
-- public, then extensions: migrations call uuid_generate_v4() or crypt() unqualified.
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'postgres') then
    alter role postgres set search_path = "$user", public, extensions;
  end if;
  execute 'alter role current_user set search_path = "$user", public, extensions';
end
$$;
select set_config('search_path', '"$user", public, extensions', false);

create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
grant all on all functions in schema extensions to postgres, anon, authenticated, service_role;
alter default privileges in schema extensions grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema extensions grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema extensions grant all on sequences to postgres, anon, authenticated, service_role;

-- Supabase lists graphql_public in [api] schemas; pg_graphql is not offered here, so it stays empty.
create schema if not exists graphql_public;
grant usage on schema graphql_public to postgres, anon, authenticated, service_role;

grant usage on schema public to postgres, anon, authenticated, service_role;
grant all on all tables in schema public to anon, authenticated, service_role;
grant all on all functions in schema public to anon, authenticated, service_role;
grant all on all sequences in schema public to anon, authenticated, service_role;
-- Objects the migrations create (as the role that runs them) are exposed to the API roles and
-- guarded by RLS, exactly as on Supabase.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
