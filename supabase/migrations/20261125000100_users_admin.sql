-- People administration: invited users, the rules every change of a person obeys whoever makes it,
-- least privilege on reading people, a per-user account topic, and avatars for everyone.
--
-- The admin-users edge function (supabase/functions/admin-users) creates, re-invites, bans and
-- unbans auth users with the service role, but changes profiles as the calling admin: the rules
-- below apply to it as they apply to any API call, and the audit trail names the admin.

-- 1. 'invited': a person an admin invited who has not followed the invitation yet. They belong to
-- the tenant (the list shows them) but, as the tenancy helpers admit only 'active' profiles, they
-- read nothing of it. Confirming the email (following the invite link) makes them active.
alter table public.profiles drop constraint profiles_status_check;
alter table public.profiles add constraint profiles_status_check
  check (status in ('active', 'invited', 'inactive', 'suspended'));

-- The users list: search and filters within a tenant, newest first.
create index profiles_tenant_id_status_idx on public.profiles (tenant_id, status);
create index profiles_tenant_id_created_at_idx on public.profiles (tenant_id, created_at desc);

create or replace function private.activate_invited_profile() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles p set status = 'active' where p.id = new.id and p.status = 'invited';
  return null;
end;
$$;
revoke all on function private.activate_invited_profile() from public;

create trigger on_auth_user_confirmed
  after update of email_confirmed_at on auth.users
  for each row when (old.email_confirmed_at is null and new.email_confirmed_at is not null)
  execute function private.activate_invited_profile();

-- 2. The rules of people administration, for every caller (the function's service role included):
--   - a tenant keeps at least one active admin: the last one is never demoted, deactivated or removed;
--   - nobody demotes or deactivates themselves (an API caller: auth.uid() is the actor).
-- Which columns a caller may change at all is private.guard_profile_update()'s (20261121000200).
-- Refusals answer 23514 'Validation failed' with [{field, message}] in DETAIL, like every validation.
create or replace function private.guard_profile_admin_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  was_active_admin boolean := old.panel_type = 'admin' and old.status = 'active';
  stays_active_admin boolean;
  field text;
begin
  if not was_active_admin then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op = 'DELETE' then
    stays_active_admin := false;
    field := 'status';
  else
    stays_active_admin := new.panel_type = 'admin' and new.status = 'active';
    field := case when new.panel_type is distinct from 'admin' then 'panel_type' else 'status' end;
  end if;
  if stays_active_admin then
    return new;
  end if;

  if old.id = auth.uid() then
    raise exception using errcode = '23514', message = 'Validation failed',
      detail = jsonb_build_array(jsonb_build_object('field', field, 'message',
        case when field = 'panel_type' then 'You cannot change your own role' else 'You cannot deactivate your own account' end))::text;
  end if;

  -- Two admins demoting each other at once must not both succeed: one tenant's changes queue here.
  perform pg_advisory_xact_lock(hashtextextended('profiles.admins:' || old.tenant_id::text, 0));
  if not exists (
    select 1 from public.profiles p
    where p.tenant_id = old.tenant_id and p.id <> old.id and p.panel_type = 'admin' and p.status = 'active'
  ) then
    raise exception using errcode = '23514', message = 'Validation failed',
      detail = jsonb_build_array(jsonb_build_object('field', field, 'message',
        'A business needs at least one active administrator: make someone else an administrator first'))::text;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
revoke all on function private.guard_profile_admin_rules() from public;

create trigger guard_profile_admin_rules before update or delete on public.profiles
  for each row execute function private.guard_profile_admin_rules();

-- 3. Least privilege on people. A user reads their own profile whatever its status. Active
-- admins and dispatchers read everyone of their tenant; drivers and customers read the tenant's
-- staff (admins, dispatchers, drivers), never its customers.
-- Hook for the delivery network: drivers will also read the customers of deliveries assigned to
-- them; that issue adds it to this policy (an `or exists (...)` over their assignments).
drop policy "profiles: read own, and the tenant's people as its panel allows" on public.profiles;
create policy "profiles: read own; the tenant's people as the caller's panel allows" on public.profiles
  for select to authenticated
  using (
    id = (select auth.uid())
    or (
      tenant_id = (select private.current_tenant_id())
      and (panel_type <> 'customer' or (select private.current_panel_type()) in ('admin', 'dispatcher'))
    )
  );

-- 4. The account topic `account:<user_id>`: every change of a person's profile reaches them live, so
-- the app follows a role change to the new panel and signs out a deactivated user at once. Only that
-- user may join it, whatever their status (a deactivated user must still hear that they were).
create or replace function private.broadcast_account_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('id', new.id, 'panel_type', new.panel_type, 'status', new.status),
    'profile_changed', 'account:' || new.id::text, true);
  return null;
end;
$$;
revoke all on function private.broadcast_account_change() from public;

create trigger profiles_account_broadcast
  after update on public.profiles
  for each row
  when (old.panel_type is distinct from new.panel_type or old.status is distinct from new.status
        or old.roles is distinct from new.roles or old.first_name is distinct from new.first_name
        or old.last_name is distinct from new.last_name or old.avatar_url is distinct from new.avatar_url
        or old.user_type is distinct from new.user_type)
  execute function private.broadcast_account_change();

create policy "account topics: only their user receives" on realtime.messages for select to authenticated
  using ((select realtime.topic()) = 'account:' || (select auth.uid())::text);

-- 5. Avatars: every active member uploads their own picture through upload-file (kind 'avatar'),
-- which stores it as `<tenant_id>/avatar-<user_id>-<random>.<ext>`; nobody writes another's.
create or replace function private.may_write_own_avatar(name text) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
begin
  return tenant is not null
    and auth.uid() is not null
    and (storage.foldername(name))[1] = tenant::text
    and array_length(storage.foldername(name), 1) = 1
    and starts_with(storage.filename(name), 'avatar-' || auth.uid()::text || '-');
end;
$$;
revoke all on function private.may_write_own_avatar(text) from public;
grant execute on function private.may_write_own_avatar(text) to authenticated;

create policy "tenants bucket: members upload their own avatar" on storage.objects for insert to authenticated
  with check (bucket_id = 'tenants' and private.may_write_own_avatar(name));
