-- Assignments: a delivery given to a driver with a vehicle.
--
-- Status: pending -> accepted | rejected, accepted -> completed; and cancelled, when staff take the
-- delivery back (unassign, reassign after acceptance, or the delivery is cancelled). The spec names
-- pending, accepted, rejected and completed; `cancelled` is added so that an unassignment keeps
-- its history instead of erasing the row (the list's chip shows it in the warning colour, as every
-- status other than completed and rejected). Only pending can be edited.
--
-- One active (pending or accepted) assignment per delivery. Admins and dispatchers create one for
-- a pending delivery (the delivery becomes assigned) and, while it is pending, change its driver,
-- vehicle or notes. The rules hold in the database, each refusal a 23514 with [{field, message}]:
--   - the delivery is pending (or, on edit, the assignment's own);
--   - the driver is an active person with the driver panel, has a driver record and an unexpired licence;
--   - the vehicle is active and carries every feature the delivery's service requires;
--   - the driver's licence class is among the vehicle's licence requirements;
--   - the packages' weight fits the vehicle's capacity (capacity_unit, in kg).
-- Status changes go through the functions of 20261125000730 (accept, reject, complete, cancel).
-- Drivers read their own assignments; admins and dispatchers the tenant's; customers none.

create table public.assignments (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  delivery_id uuid not null,
  driver_id uuid not null,
  vehicle_id uuid not null,
  assigned_by uuid default auth.uid(),
  assignment_time timestamptz not null default now(),
  status text not null default 'pending',
  notes text not null default '',
  responded_at timestamptz,
  rejection_reason text,
  completed_at timestamptz,
  cancelled_at timestamptz,
  cancel_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint assignments_id_tenant_id_key unique (id, tenant_id),
  constraint assignments_delivery_fkey foreign key (delivery_id, tenant_id) references public.deliveries (id, tenant_id),
  constraint assignments_driver_fkey foreign key (driver_id, tenant_id) references public.drivers (id, tenant_id),
  constraint assignments_vehicle_fkey foreign key (vehicle_id, tenant_id) references public.vehicles (id, tenant_id),
  constraint assignments_assigned_by_fkey foreign key (assigned_by) references public.profiles (id) on delete set null,
  constraint assignments_status_check check (status in ('pending', 'accepted', 'rejected', 'completed', 'cancelled')),
  constraint assignments_notes_check check (length(notes) <= 1000),
  constraint assignments_rejection_reason_check check (
    (status = 'rejected') = (rejection_reason is not null) and (rejection_reason is null or (btrim(rejection_reason) <> '' and length(rejection_reason) <= 500))
  ),
  constraint assignments_cancel_reason_check check (cancel_reason is null or length(cancel_reason) <= 500)
);
create unique index assignments_one_active_per_delivery_idx on public.assignments (delivery_id)
  where status in ('pending', 'accepted');
create index assignments_tenant_id_assignment_time_idx on public.assignments (tenant_id, assignment_time desc, id desc);
create index assignments_tenant_id_status_idx on public.assignments (tenant_id, status, assignment_time desc);
create index assignments_delivery_id_idx on public.assignments (delivery_id, assignment_time desc);
create index assignments_driver_id_status_idx on public.assignments (driver_id, status, assignment_time desc);
create index assignments_vehicle_id_idx on public.assignments (vehicle_id, assignment_time desc);
create index assignments_assigned_by_idx on public.assignments (assigned_by) where assigned_by is not null;
alter table public.assignments enable row level security;

create trigger set_updated_at before update on public.assignments
  for each row execute function private.set_updated_at();

-- Whether a driver with a vehicle may carry a delivery: the problems, [] when none. Field names
-- are the assignment form's. Definer: it reads drivers, vehicles and services of the given tenant.
create or replace function private.assignment_fit_problems(
  tenant uuid, delivery uuid, driver uuid, vehicle uuid
) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  d public.deliveries;
  r public.drivers;
  person public.profiles;
  v public.vehicles;
  s public.delivery_services;
  licences jsonb;
  features jsonb;
  missing text[];
begin
  select x.* into d from public.deliveries x where x.id = delivery and x.tenant_id = tenant;
  if delivery is null then
    problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'Delivery is required');
  elsif d.id is null then
    problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'Delivery not found');
  end if;

  select x.* into r from public.drivers x where x.id = driver and x.tenant_id = tenant;
  select p.* into person from public.profiles p where p.id = driver and p.tenant_id = tenant;
  if driver is null then
    problems := problems || jsonb_build_object('field', 'driver_id', 'message', 'Driver is required');
  elsif r.id is null or person.id is null then
    problems := problems || jsonb_build_object('field', 'driver_id', 'message', 'Driver not found');
  elsif person.status <> 'active' or person.panel_type <> 'driver' then
    problems := problems || jsonb_build_object('field', 'driver_id', 'message',
      format('%s is not an active driver', person.full_name));
  elsif r.licence_expiry < current_date then
    problems := problems || jsonb_build_object('field', 'driver_id', 'message',
      format('%s''s licence expired on %s', person.full_name, to_char(r.licence_expiry, 'YYYY-MM-DD')));
  end if;

  select x.* into v from public.vehicles x where x.id = vehicle and x.tenant_id = tenant;
  if vehicle is null then
    problems := problems || jsonb_build_object('field', 'vehicle_id', 'message', 'Vehicle is required');
  elsif v.id is null then
    problems := problems || jsonb_build_object('field', 'vehicle_id', 'message', 'Vehicle not found');
  elsif not v.active then
    problems := problems || jsonb_build_object('field', 'vehicle_id', 'message', format('Vehicle %s is not active', v.name));
  else
    licences := coalesce(v.vehicle_requirements -> 'license_requirements', '[]'::jsonb);
    if r.id is not null and not licences ? r.licence_class then
      problems := problems || jsonb_build_object('field', 'vehicle_id', 'message',
        format('%s needs a %s licence; %s holds a %s licence', v.name,
          (select string_agg(l, ' or ') from jsonb_array_elements_text(licences) l), person.full_name, r.licence_class));
    end if;
    if d.id is not null then
      select x.* into s from public.delivery_services x where x.id = d.service_id;
      features := coalesce(v.vehicle_requirements -> 'special_features', '[]'::jsonb);
      select array_agg(f order by f) into missing from unnest(s.required_vehicle_features) f where not features ? f;
      if missing is not null then
        problems := problems || jsonb_build_object('field', 'vehicle_id', 'message',
          format('%s lacks what %s requires: %s', v.name, s.name, replace(array_to_string(missing, ', '), '_', ' ')));
      end if;
      if d.total_weight_kg > v.capacity_unit then
        problems := problems || jsonb_build_object('field', 'vehicle_id', 'message',
          format('The packages weigh %s kg; %s carries at most %s kg', trim_scale(d.total_weight_kg), v.name, trim_scale(v.capacity_unit)));
      end if;
    end if;
  end if;
  return problems;
end;
$$;
revoke all on function private.assignment_fit_problems(uuid, uuid, uuid, uuid) from public, anon;
grant execute on function private.assignment_fit_problems(uuid, uuid, uuid, uuid) to authenticated, service_role;

-- Before an API write: the caller is the tenant's admin or dispatcher (else RLS answers), the
-- delivery is pending (a new assignment) or the assignment is pending (an edit), and the fit.
create or replace function private.validate_assignment() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
  delivery_status text;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if not (private.is_tenant_member(new.tenant_id) and private.current_panel_type() in ('admin', 'dispatcher')) then
    return new;
  end if;
  if tg_op = 'UPDATE' then
    if old.status <> 'pending' then
      raise exception using errcode = '23514', message = 'Validation failed',
        detail = jsonb_build_array(jsonb_build_object('field', 'status', 'message',
          format('Only pending assignments can be edited; this one is %s', old.status)))::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
    if new.delivery_id <> old.delivery_id or new.tenant_id <> old.tenant_id then
      raise exception using errcode = '23514', message = 'Validation failed',
        detail = jsonb_build_array(jsonb_build_object('field', 'delivery_id', 'message',
          'An assignment stays with its delivery; unassign it and assign the other delivery instead'))::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
  else
    new.assigned_by := auth.uid();
    new.assignment_time := now();
    new.status := 'pending';
  end if;

  problems := private.assignment_fit_problems(new.tenant_id, new.delivery_id, new.driver_id, new.vehicle_id);
  if tg_op = 'INSERT' and jsonb_array_length(problems) = 0 then
    select d.status into delivery_status from public.deliveries d where d.id = new.delivery_id;
    if delivery_status <> 'pending' then
      problems := problems || jsonb_build_object('field', 'delivery_id', 'message',
        format('Only pending deliveries can be assigned; this one is %s', replace(delivery_status, '_', ' ')));
    end if;
  end if;
  if length(coalesce(new.notes, '')) > 1000 then
    problems := problems || jsonb_build_object('field', 'notes', 'message', 'Notes must be at most 1000 characters');
  end if;
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_assignment() from public;

create trigger validate_assignment before insert or update on public.assignments
  for each row execute function private.validate_assignment();

create trigger audit_row_change after insert or update or delete on public.assignments
  for each row execute function private.audit_row_change();

create trigger assignments_broadcast
  after insert or update or delete on public.assignments
  for each row execute function private.broadcast_tenant_change();
insert into private.tenant_topic_panels (entity, panel_types) values ('assignments', array['admin', 'dispatcher']);

revoke all on public.assignments from anon, authenticated;
grant select on public.assignments to authenticated;
grant insert (tenant_id, delivery_id, driver_id, vehicle_id, notes) on public.assignments to authenticated;
grant update (driver_id, vehicle_id, notes) on public.assignments to authenticated;

create policy "assignments: admins and dispatchers read the tenant's" on public.assignments
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'));
create policy "assignments: drivers read their own" on public.assignments
  for select to authenticated
  using (driver_id = (select auth.uid()) and tenant_id = (select private.current_tenant_id()));
create policy "assignments: admins and dispatchers assign" on public.assignments for insert to authenticated
  with check (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'));
create policy "assignments: admins and dispatchers edit" on public.assignments for update to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'))
  with check (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'));
-- No delete: an assignment ends as rejected, completed or cancelled, and stays in the history.

-- Drivers read the deliveries they carry now (the delivery's driver) and those they carried
-- (their accepted or completed assignments), and the customers of those deliveries.
create policy "deliveries: drivers read those they carry or carried" on public.deliveries
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (select private.current_panel_type()) = 'driver'
    and (
      driver_id = (select auth.uid())
      or exists (
        select 1 from public.assignments a
        where a.delivery_id = deliveries.id and a.driver_id = (select auth.uid()) and a.status in ('accepted', 'completed')
      )
    )
  );

-- The profiles hook of 20261125000100: a driver reads the customers of the deliveries they carry.
create or replace function private.is_customer_of_my_deliveries(customer uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.deliveries d
    where d.customer_id = customer and d.driver_id = auth.uid()
      and d.status in ('assigned', 'accepted', 'picked_up', 'in_transit')
  );
$$;
revoke all on function private.is_customer_of_my_deliveries(uuid) from public, anon;
grant execute on function private.is_customer_of_my_deliveries(uuid) to authenticated, service_role;

create policy "profiles: drivers read customers of deliveries they carry" on public.profiles
  for select to authenticated
  using (
    panel_type = 'customer'
    and tenant_id = (select private.current_tenant_id())
    and (select private.current_panel_type()) = 'driver'
    and private.is_customer_of_my_deliveries(id)
  );
