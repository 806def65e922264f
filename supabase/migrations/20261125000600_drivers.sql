-- Drivers: a person of the tenant with the driver panel, plus what dispatch needs to give them work:
-- licence (number, class, expiry), phone, duty status, default vehicle, home zone and the last known
-- position. The row's id IS the person's profile id (one driver record per person), so "the driver
-- of an assignment" is `assignments.driver_id = auth.uid()` in policies, without a join.
--
-- Status: offline (off duty), available (on duty, free), busy (on duty with accepted work), on_break.
-- Drivers move between offline, available and on_break themselves (`public.set_driver_status`);
-- busy / available follow their accepted assignments (the deliveries migration keeps it).
-- The last position is written only by `public.record_driver_position` (next migration), never by
-- the API: the columns are not granted.
--
-- Admins manage drivers; dispatchers read them all; a driver reads their own row only; customers
-- read none.
-- Live on `tenant:<tenant_id>:drivers` for admins and dispatchers (status and position in place).

-- Assignments and drivers point at vehicles with the tenant: (id, tenant_id) must be a key.
alter table public.vehicles add constraint vehicles_id_tenant_id_key unique (id, tenant_id);

create table public.drivers (
  id uuid primary key,
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  licence_number text not null,
  licence_class text not null default 'standard',
  licence_expiry date not null,
  phone text,
  status text not null default 'offline',
  default_vehicle_id uuid,
  home_zone_id uuid,
  last_lat double precision,
  last_lng double precision,
  last_heading double precision,
  last_speed double precision,
  last_accuracy double precision,
  last_position_at timestamptz,
  status_changed_at timestamptz not null default now(),
  notes text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint drivers_id_tenant_id_key unique (id, tenant_id),
  constraint drivers_profile_fkey foreign key (id, tenant_id) references public.profiles (id, tenant_id) on delete cascade,
  constraint drivers_default_vehicle_fkey foreign key (default_vehicle_id, tenant_id)
    references public.vehicles (id, tenant_id) on delete set null (default_vehicle_id),
  constraint drivers_home_zone_fkey foreign key (home_zone_id, tenant_id)
    references public.zones (id, tenant_id) on delete set null (home_zone_id),
  constraint drivers_licence_number_key unique (tenant_id, licence_number),
  constraint drivers_licence_number_check check (licence_number ~ '^[A-Za-z0-9][A-Za-z0-9 -]{2,31}$'),
  constraint drivers_licence_class_check check (licence_class in ('standard', 'commercial', 'special')),
  constraint drivers_licence_expiry_check check (licence_expiry between date '2000-01-01' and date '2100-12-31'),
  constraint drivers_phone_check check (phone is null or (length(phone) <= 32 and length(regexp_replace(phone, '[^0-9]', '', 'g')) >= 10)),
  constraint drivers_status_check check (status in ('offline', 'available', 'busy', 'on_break')),
  constraint drivers_notes_check check (length(notes) <= 2000),
  constraint drivers_position_check check (
    (last_lat is null) = (last_lng is null) and (last_lat is null) = (last_position_at is null)
    and (last_lat is null or (last_lat between -90 and 90 and last_lng between -180 and 180))
  ),
  constraint drivers_heading_check check (last_heading is null or (last_heading >= 0 and last_heading < 360)),
  constraint drivers_speed_check check (last_speed is null or (last_speed >= 0 and last_speed < 100)),
  constraint drivers_accuracy_check check (last_accuracy is null or (last_accuracy >= 0 and last_accuracy < 100000))
);
create index drivers_tenant_id_status_idx on public.drivers (tenant_id, status);
create index drivers_tenant_id_licence_expiry_idx on public.drivers (tenant_id, licence_expiry);
create index drivers_default_vehicle_id_idx on public.drivers (default_vehicle_id) where default_vehicle_id is not null;
create index drivers_home_zone_id_idx on public.drivers (tenant_id, home_zone_id) where home_zone_id is not null;
alter table public.drivers enable row level security;

create trigger set_updated_at before update on public.drivers
  for each row execute function private.set_updated_at();

-- The form's rules, with the form's field names (23514 'Validation failed', [{field, message}]).
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
    problems := problems || jsonb_build_object('field', 'id', 'message', 'Driver is required');
  elsif person.id is null or person.tenant_id is distinct from d.tenant_id then
    problems := problems || jsonb_build_object('field', 'id', 'message', 'Driver must be a person of this business');
  elsif person.panel_type <> 'driver' then
    problems := problems || jsonb_build_object('field', 'id', 'message', 'Only people with the driver role can be drivers');
  end if;

  if d.licence_number is null or btrim(d.licence_number) = '' then
    problems := problems || jsonb_build_object('field', 'licence_number', 'message', 'Licence number is required');
  elsif d.licence_number !~ '^[A-Za-z0-9][A-Za-z0-9 -]{2,31}$' then
    problems := problems || jsonb_build_object('field', 'licence_number', 'message',
      'Licence number must be 3 to 32 letters, digits, spaces or dashes');
  elsif exists (select 1 from public.drivers o where o.tenant_id = d.tenant_id and o.licence_number = d.licence_number and o.id <> d.id) then
    problems := problems || jsonb_build_object('field', 'licence_number', 'message', 'Another driver has this licence number');
  end if;

  if d.licence_class is null or d.licence_class not in ('standard', 'commercial', 'special') then
    problems := problems || jsonb_build_object('field', 'licence_class', 'message', 'Licence class must be standard, commercial or special');
  end if;
  if d.licence_expiry is null then
    problems := problems || jsonb_build_object('field', 'licence_expiry', 'message', 'Licence expiry is required');
  elsif d.licence_expiry not between date '2000-01-01' and date '2100-12-31' then
    problems := problems || jsonb_build_object('field', 'licence_expiry', 'message', 'Licence expiry is not a plausible date');
  end if;
  if d.phone is not null and (length(d.phone) > 32 or length(regexp_replace(d.phone, '[^0-9]', '', 'g')) < 10) then
    problems := problems || jsonb_build_object('field', 'phone', 'message', 'Phone must have at least 10 digits');
  end if;
  if d.default_vehicle_id is not null and not exists (
    select 1 from public.vehicles v where v.id = d.default_vehicle_id and v.tenant_id = d.tenant_id
  ) then
    problems := problems || jsonb_build_object('field', 'default_vehicle_id', 'message', 'Vehicle not found');
  end if;
  if d.home_zone_id is not null and not exists (
    select 1 from public.zones z where z.id = d.home_zone_id and z.tenant_id = d.tenant_id
  ) then
    problems := problems || jsonb_build_object('field', 'home_zone_id', 'message', 'Zone not found');
  end if;
  if length(coalesce(d.notes, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'notes', 'message', 'Notes must be at most 2000 characters');
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
declare
  problems jsonb;
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.status is distinct from old.status then
    new.status_changed_at := now();
  end if;
  problems := private.driver_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_driver() from public;

create trigger validate_driver before insert or update on public.drivers
  for each row execute function private.validate_driver();

create trigger audit_row_change after insert or update or delete on public.drivers
  for each row execute function private.audit_row_change();

create trigger drivers_broadcast
  after insert or update or delete on public.drivers
  for each row execute function private.broadcast_tenant_change();
insert into private.tenant_topic_panels (entity, panel_types) values ('drivers', array['admin', 'dispatcher']);

-- Status and the last position are not the API's to write: set_driver_status, the positions
-- function and the assignment functions change them.
revoke all on public.drivers from anon, authenticated;
grant select on public.drivers to authenticated;
grant insert (id, tenant_id, licence_number, licence_class, licence_expiry, phone, default_vehicle_id, home_zone_id, notes)
  on public.drivers to authenticated;
grant update (licence_number, licence_class, licence_expiry, phone, default_vehicle_id, home_zone_id, notes)
  on public.drivers to authenticated;
grant delete on public.drivers to authenticated;

create policy "drivers: admins and dispatchers read the tenant's, a driver their own" on public.drivers
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.current_panel_type()) in ('admin', 'dispatcher')
      or id = (select auth.uid())
    )
  );
create policy "drivers: admins add" on public.drivers for insert to authenticated
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "drivers: admins update" on public.drivers for update to authenticated
  using ((select private.is_tenant_admin(tenant_id)))
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "drivers: admins remove" on public.drivers for delete to authenticated
  using ((select private.is_tenant_admin(tenant_id)));

-- Going on and off duty: the driver themself (offline, available, on_break; never busy, which
-- follows their work), or the tenant's admins and dispatchers for any driver. A driver with
-- accepted work who goes available stays busy.
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
    or not (d.id = auth.uid() or private.current_panel_type() in ('admin', 'dispatcher')) then
    raise exception using errcode = 'PT404', message = 'Driver not found';
  end if;
  if next_status is null or next_status not in ('offline', 'available', 'on_break') then
    raise exception using errcode = '23514', message = 'Validation failed',
      detail = jsonb_build_array(jsonb_build_object('field', 'status', 'message', 'Status must be offline, available or on_break'))::text,
      hint = 'details is a JSON array of {field, message}';
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
