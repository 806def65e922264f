-- Sign-up through /{slug}/sign-up makes the new user a customer of that tenant.
--
-- The app sends the tenant in the sign-up metadata (`options.data`: tenant_slug, first_name,
-- last_name, phone). An unknown or inactive tenant refuses the sign-up: the exception aborts
-- GoTrue's transaction, so neither the auth user nor a profile is left behind. A user created
-- without tenant_slug (by an admin, the seed, the service role) gets no profile here: whoever
-- creates them gives them one.

create or replace function private.create_profile_for_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  wanted_slug text := nullif(btrim(meta ->> 'tenant_slug'), '');
  tenant record;
begin
  if wanted_slug is null then
    return null;
  end if;
  select t.id, t.status into tenant from public.tenants t where t.slug = lower(wanted_slug);
  if not found then
    raise exception 'Business not found: %', wanted_slug using errcode = 'P0002', hint = 'Sign up through the address of an existing business.';
  end if;
  if tenant.status <> 'active' then
    raise exception 'Business % is not accepting sign-ups', wanted_slug using errcode = 'P0001', hint = 'The business is inactive or suspended.';
  end if;
  insert into public.profiles (id, tenant_id, panel_type, roles, first_name, last_name, phone, email)
  values (
    new.id, tenant.id, 'customer', array['customer'],
    nullif(btrim(meta ->> 'first_name'), ''),
    nullif(btrim(meta ->> 'last_name'), ''),
    nullif(btrim(meta ->> 'phone'), ''),
    coalesce(new.email, '')
  );
  return null;
end;
$$;
revoke all on function private.create_profile_for_new_user() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

-- A confirmed email change on the account changes the profile's copy.
create or replace function private.sync_profile_email() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles p set email = coalesce(new.email, '') where p.id = new.id and p.email is distinct from coalesce(new.email, '');
  return null;
end;
$$;
revoke all on function private.sync_profile_email() from public;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.sync_profile_email();
