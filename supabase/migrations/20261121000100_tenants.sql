-- Tenants (the businesses) and the system-wide settings of pages outside a tenant.
--
-- A tenant has a public face (id, slug, name, logo, contact, brand, status) that anyone may read,
-- and private settings that only its members may read. Row-level security cannot hide a column,
-- so the split is made with column privileges: the API roles may select only the public columns,
-- and members read `settings` through public.get_tenant_settings(). Selecting `*` or `settings`
-- from the API is refused (42501) for every caller but service_role.

create table public.tenants (
  id uuid primary key default gen_random_uuid(),
  slug text not null,
  name jsonb not null,
  logo_url jsonb,
  contact_info jsonb,
  status text not null default 'active',
  settings jsonb not null default '{}'::jsonb,
  brand_settings jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint tenants_slug_key unique (slug),
  -- The slug is the first path segment of every tenant URL: lower-case, URL-safe, and never one of
  -- the app's or the platform's own first segments (src/app route table, the stack's paths).
  constraint tenants_slug_format check (slug ~ '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$'),
  constraint tenants_slug_not_reserved check (slug <> all (array[
    'sign-in', 'sign-up', 'verify', 'reset-password', 'update-password', 'tracking', 'blank', 'error',
    'dashboard', 'businesses', 'mail', 'auth', 'rest', 'storage', 'functions', 'realtime', 'api', 'assets'
  ])),
  -- coalesce: a missing `en` makes the test null, which a check would let through.
  constraint tenants_name_shape check (coalesce(
    jsonb_typeof(name) = 'object' and jsonb_typeof(name -> 'en') = 'string' and length(btrim(name ->> 'en')) between 1 and 200,
    false
  )),
  constraint tenants_logo_url_shape check (logo_url is null or jsonb_typeof(logo_url) = 'object'),
  constraint tenants_contact_info_shape check (contact_info is null or jsonb_typeof(contact_info) = 'object'),
  constraint tenants_status_check check (status in ('active', 'inactive', 'suspended')),
  constraint tenants_settings_shape check (jsonb_typeof(settings) = 'object'),
  constraint tenants_brand_settings_shape check (jsonb_typeof(brand_settings) = 'object')
);
create index tenants_status_idx on public.tenants (status);
alter table public.tenants enable row level security;

create trigger set_updated_at before update on public.tenants
  for each row execute function private.set_updated_at();

revoke all on public.tenants from anon, authenticated;
grant select (id, slug, name, logo_url, contact_info, brand_settings, status) on public.tenants to anon, authenticated;
grant update (name, logo_url, contact_info, settings, brand_settings) on public.tenants to authenticated;

-- Tenancy helpers. `security definer` so that policies read profiles without profiles' own RLS
-- (which calls them: no recursion); `stable`, and called as `(select private.f())` in policies so
-- that Postgres evaluates them once per statement. Membership needs an active profile: an inactive
-- or suspended user keeps reading their own profile (profiles: read), and nothing else of the tenant.
-- public.profiles is created by the next migration: plpgsql, because it resolves names when it runs.
create or replace function private.current_tenant_id() returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select p.tenant_id from public.profiles p where p.id = auth.uid() and p.status = 'active');
end;
$$;

create or replace function private.current_panel_type() returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select p.panel_type from public.profiles p where p.id = auth.uid() and p.status = 'active');
end;
$$;

create or replace function private.is_tenant_member(tenant uuid) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.profiles p where p.id = auth.uid() and p.tenant_id = tenant and p.status = 'active'
  );
end;
$$;

create or replace function private.is_tenant_admin(tenant uuid) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.profiles p
    where p.id = auth.uid() and p.tenant_id = tenant and p.status = 'active' and p.panel_type = 'admin'
  );
end;
$$;

revoke all on function private.current_tenant_id(), private.current_panel_type(), private.is_tenant_member(uuid),
  private.is_tenant_admin(uuid) from public;
grant execute on function private.current_tenant_id(), private.current_panel_type(), private.is_tenant_member(uuid),
  private.is_tenant_admin(uuid) to anon, authenticated, service_role;

create policy "tenants: anyone reads active tenants" on public.tenants for select to anon
  using (status = 'active');
create policy "tenants: members read theirs, anyone reads active ones" on public.tenants for select to authenticated
  using (status = 'active' or id = (select private.current_tenant_id()));
create policy "tenants: admins update theirs" on public.tenants for update to authenticated
  using ((select private.is_tenant_admin(id)))
  with check ((select private.is_tenant_admin(id)));

-- The private settings of a tenant, for its members only (the column is not selectable by the API).
create or replace function public.get_tenant_settings(p_tenant_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb;
begin
  if not private.is_tenant_member(p_tenant_id) then
    raise exception 'You do not have permission to read this tenant''s settings'
      using errcode = '42501', hint = 'Only members of a tenant may read its settings.';
  end if;
  select t.settings into result from public.tenants t where t.id = p_tenant_id;
  return result;
end;
$$;
revoke all on function public.get_tenant_settings(uuid) from public, anon;
grant execute on function public.get_tenant_settings(uuid) to authenticated, service_role;

-- System-wide settings: key 'brand' holds the brand of the pages outside a tenant. Everything in
-- this table is public by design: secrets never go here.
create table public.system_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now(),
  constraint system_settings_key_format check (key ~ '^[a-z][a-z0-9_.-]{0,62}$')
);
alter table public.system_settings enable row level security;

create trigger set_updated_at before update on public.system_settings
  for each row execute function private.set_updated_at();

revoke all on public.system_settings from anon, authenticated;
grant select on public.system_settings to anon, authenticated;

create policy "system_settings: anyone reads" on public.system_settings for select to anon, authenticated
  using (true);
