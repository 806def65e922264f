-- The drivers' refusals carry stable keys (supabase/README.md, "Refusals and their keys"), so the
-- driver form and the duty switch show them in the user's language instead of reading them back from
-- the English. Each function is written out whole from its current definition; only how a refusal
-- is built and raised changes: the same fields, English words, problem order and SQLSTATEs (23514
-- 'Validation failed', PT404 'Driver not found').
--
--   private.driver_problems, private.validate_driver   from 20261125000600_drivers.sql
--   public.set_driver_status                            from 20261203002100_staff_panel_rules.sql

-- The form's rules, with the form's field names (23514 'Validation failed', [{key, field, message}]).
create or replace function private.driver_problems(d public.drivers) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  person public.profiles;
begin
  select p.* into person from public.profiles p where p.id = d.id;
  if d.id is null then
    problems := problems || private.problem('drivers.person_required', 'id', 'Driver is required');
  elsif person.id is null or person.tenant_id is distinct from d.tenant_id then
    problems := problems || private.problem('drivers.person_not_member', 'id', 'Driver must be a person of this business');
  elsif person.panel_type <> 'driver' then
    problems := problems || private.problem('drivers.person_not_driver', 'id', 'Only people with the driver role can be drivers');
  end if;

  if d.licence_number is null or btrim(d.licence_number) = '' then
    problems := problems || private.problem('drivers.licence_number_required', 'licence_number', 'Licence number is required');
  elsif d.licence_number !~ '^[A-Za-z0-9][A-Za-z0-9 -]{2,31}$' then
    problems := problems || private.problem('drivers.licence_number_format', 'licence_number',
      'Licence number must be 3 to 32 letters, digits, spaces or dashes', jsonb_build_object('min', 3, 'max', 32));
  elsif exists (select 1 from public.drivers o where o.tenant_id = d.tenant_id and o.licence_number = d.licence_number and o.id <> d.id) then
    problems := problems || private.problem('drivers.licence_number_taken', 'licence_number', 'Another driver has this licence number');
  end if;

  if d.licence_class is null or d.licence_class not in ('standard', 'commercial', 'special') then
    problems := problems || private.problem('drivers.licence_class_invalid', 'licence_class', 'Licence class must be standard, commercial or special');
  end if;
  if d.licence_expiry is null then
    problems := problems || private.problem('drivers.licence_expiry_required', 'licence_expiry', 'Licence expiry is required');
  elsif d.licence_expiry not between date '2000-01-01' and date '2100-12-31' then
    problems := problems || private.problem('drivers.licence_expiry_implausible', 'licence_expiry', 'Licence expiry is not a plausible date');
  end if;
  if d.phone is not null and (length(d.phone) > 32 or length(regexp_replace(d.phone, '[^0-9]', '', 'g')) < 10) then
    problems := problems || private.problem('drivers.phone_invalid', 'phone', 'Phone must have at least 10 digits', jsonb_build_object('min', 10));
  end if;
  if d.default_vehicle_id is not null and not exists (
    select 1 from public.vehicles v where v.id = d.default_vehicle_id and v.tenant_id = d.tenant_id
  ) then
    problems := problems || private.problem('drivers.vehicle_not_found', 'default_vehicle_id', 'Vehicle not found');
  end if;
  if d.home_zone_id is not null and not exists (
    select 1 from public.zones z where z.id = d.home_zone_id and z.tenant_id = d.tenant_id
  ) then
    problems := problems || private.problem('drivers.zone_not_found', 'home_zone_id', 'Zone not found');
  end if;
  if length(coalesce(d.notes, '')) > 2000 then
    problems := problems || private.problem('drivers.notes_too_long', 'notes', 'Notes must be at most 2000 characters', jsonb_build_object('max', 2000));
  end if;
  return problems;
end;
$$;
revoke all on function private.driver_problems(public.drivers) from public;
grant execute on function private.driver_problems(public.drivers) to authenticated, service_role;

create or replace function private.validate_driver() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.status is distinct from old.status then
    new.status_changed_at := now();
  end if;
  perform private.raise_problems(private.driver_problems(new));
  return new;
end;
$$;
revoke all on function private.validate_driver() from public;

create or replace function public.set_driver_status(driver_id uuid, status text) returns public.drivers
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.drivers;
  next_status text := status;
begin
  select * into d from public.drivers where id = driver_id for update;
  if d.id is null or not private.is_tenant_member(d.tenant_id)
    or not (d.id = auth.uid() or private.is_staff()) then
    perform private.raise_problems(jsonb_build_array(private.problem('drivers.not_found', null, 'Driver not found')), 'PT404', 'Driver not found');
  end if;
  if next_status is null or next_status not in ('offline', 'available', 'on_break') then
    perform private.raise_problem('drivers.status_invalid', 'status', 'Status must be offline, available or on_break');
  end if;
  -- public.assignments comes with the deliveries migration (plpgsql resolves names when it runs).
  if next_status = 'available' and exists (
    select 1 from public.assignments a where a.driver_id = d.id and a.status = 'accepted'
  ) then
    next_status := 'busy';
  end if;
  update public.drivers set status = next_status where id = d.id returning * into d;
  return d;
end;
$$;
revoke all on function public.set_driver_status(uuid, text) from public, anon;
grant execute on function public.set_driver_status(uuid, text) to authenticated, service_role;
