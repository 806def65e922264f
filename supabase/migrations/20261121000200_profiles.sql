-- One profile per signed-in person: which tenant they belong to, which panel they work in, and
-- what the app shows of them. Created by the sign-up trigger (customers, next migrations), by
-- tenant admins, or by the seed. A user without a profile belongs to no tenant and the app signs
-- them out.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  tenant_id uuid not null references public.tenants (id),
  panel_type text not null,
  roles text[] not null default '{}',
  first_name text,
  last_name text,
  -- The display name: first and last name, else 'Unnamed User'.
  full_name text generated always as (
    coalesce(nullif(btrim(coalesce(btrim(first_name), '') || ' ' || coalesce(btrim(last_name), '')), ''), 'Unnamed User')
  ) stored,
  -- A copy of auth.users.email, kept by private.profile_defaults() and the auth.users triggers.
  email text not null,
  phone text,
  user_type text not null default 'individual',
  status text not null default 'active',
  avatar_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Lets tenant-owned rows that point at a person (notifications ...) also prove the tenant matches.
  constraint profiles_id_tenant_key unique (id, tenant_id),
  constraint profiles_panel_type_check check (panel_type in ('admin', 'dispatcher', 'driver', 'customer')),
  constraint profiles_roles_format check (array_position(roles, null) is null and array_to_string(roles, ',') ~ '^([a-z][a-z_]{0,39}(,[a-z][a-z_]{0,39})*)?$'),
  constraint profiles_user_type_check check (user_type in ('business', 'individual')),
  constraint profiles_status_check check (status in ('active', 'inactive', 'suspended')),
  constraint profiles_first_name_length check (first_name is null or length(first_name) <= 100),
  constraint profiles_last_name_length check (last_name is null or length(last_name) <= 100),
  constraint profiles_phone_length check (phone is null or length(phone) <= 32),
  constraint profiles_avatar_url_length check (avatar_url is null or length(avatar_url) <= 2048)
);
create index profiles_tenant_id_idx on public.profiles (tenant_id);
create index profiles_tenant_id_panel_type_idx on public.profiles (tenant_id, panel_type);
alter table public.profiles enable row level security;

create trigger set_updated_at before update on public.profiles
  for each row execute function private.set_updated_at();

revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
grant insert (id, tenant_id, panel_type, roles, first_name, last_name, phone, user_type, status, avatar_url)
  on public.profiles to authenticated;
grant update (panel_type, roles, first_name, last_name, phone, user_type, status, avatar_url)
  on public.profiles to authenticated;
grant delete on public.profiles to authenticated;

-- A user reads their own profile whatever its status; active staff read all of their tenant's
-- people, active customers only the tenant's staff (never other customers' contact details).
create policy "profiles: read own, and the tenant's people as its panel allows" on public.profiles
  for select to authenticated
  using (
    id = (select auth.uid())
    or (
      tenant_id = (select private.current_tenant_id())
      and (panel_type <> 'customer' or (select private.current_panel_type()) <> 'customer')
    )
  );
create policy "profiles: admins add people to their tenant" on public.profiles for insert to authenticated
  with check ((select private.is_tenant_admin(tenant_id)));
-- Which columns each caller may change is checked by private.guard_profile_update().
create policy "profiles: own profile or tenant admins update" on public.profiles for update to authenticated
  using (id = (select auth.uid()) or (select private.is_tenant_admin(tenant_id)))
  with check (id = (select auth.uid()) or (select private.is_tenant_admin(tenant_id)));
create policy "profiles: admins remove their tenant's people" on public.profiles for delete to authenticated
  using ((select private.is_tenant_admin(tenant_id)));

-- The email is auth's, never the client's: copied from auth.users on insert.
create or replace function private.profile_defaults() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select u.email into new.email from auth.users u where u.id = new.id;
  new.email := coalesce(new.email, '');
  return new;
end;
$$;
revoke all on function private.profile_defaults() from public;

create trigger profile_defaults before insert on public.profiles
  for each row execute function private.profile_defaults();

-- RLS says whose profile a caller may update; this says which columns. Security invoker, so that
-- current_user is the caller: the API roles are checked, service_role and the database's own
-- definer functions (the email sync) are not.
create or replace function private.guard_profile_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.id is distinct from old.id or new.tenant_id is distinct from old.tenant_id then
    raise exception 'A profile cannot move to another user or tenant' using errcode = '42501';
  end if;
  if new.email is distinct from old.email then
    raise exception 'The email of a profile follows the account''s email' using errcode = '42501';
  end if;
  if private.is_tenant_admin(old.tenant_id) then
    return new;
  end if;
  if new.panel_type is distinct from old.panel_type or new.roles is distinct from old.roles
     or new.user_type is distinct from old.user_type or new.status is distinct from old.status then
    raise exception 'Only an administrator of the tenant can change panel, roles, user type or status'
      using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke all on function private.guard_profile_update() from public;

create trigger guard_profile_update before update on public.profiles
  for each row execute function private.guard_profile_update();
