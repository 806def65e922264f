-- Assignments', driver positions' and driver performance's refusals carry stable keys (supabase/README.md,
-- "Refusals and their keys"), so the assign dialogs, the assignment form, the driver app's accept and
-- reject and its position sending, and the performance page show a refusal only the database decides
-- (a licence class the vehicle does not take, packages heavier than the vehicle carries, an assignment
-- no longer pending) in the page's language; unkeyed, they stayed English. Each function is written out
-- whole from its current definition; only how a refusal is built and raised changes: the same fields,
-- English words, problem order, SQLSTATEs and messages (23514 'Validation failed', 42501 and PT404 with
-- their own messages), and the same grants.
--
--   private.assignment_fit_problems                       from 20261125000720_assignments.sql
--   public.assignment_fit, private.validate_assignment,
--   public.respond_to_assignment,
--   private.performance_window                            from 20261203002100_staff_panel_rules.sql
--   public.list_assignments                               from 20261125000760_assignment_list.sql
--   private.driver_position_problems,
--   private.caller_driver_for_position,
--   public.record_driver_position,
--   public.record_driver_positions                        from 20261125000610_driver_positions.sql
--
-- The values the words name travel as params, raw where the app words them: {driver}, {vehicle} and
-- {service} names, {expiry} (YYYY-MM-DD), {licence} the driver's licence class and {classes} the
-- vehicle's (joined by _ in the vehicle's order; {needs} is the English list the words name),
-- {missing} the English list of the features a vehicle lacks (and {features} their raw names),
-- {weight} and {capacity} in kg (numbers), {status} an assignment's or a delivery's raw status,
-- {response} accepted or rejected, and {min}, {max}, {hours} of a limit.

-- Whether a driver with a vehicle may carry a delivery: [{key, field, message, params?}], [] when they may.
create or replace function private.assignment_fit_problems(tenant uuid, delivery uuid, driver uuid, vehicle uuid)
returns jsonb
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
    problems := problems || private.problem('assignments.delivery_required', 'delivery_id', 'Delivery is required');
  elsif d.id is null then
    problems := problems || private.problem('assignments.delivery_not_found', 'delivery_id', 'Delivery not found');
  end if;

  select x.* into r from public.drivers x where x.id = driver and x.tenant_id = tenant;
  select p.* into person from public.profiles p where p.id = driver and p.tenant_id = tenant;
  if driver is null then
    problems := problems || private.problem('assignments.driver_required', 'driver_id', 'Driver is required');
  elsif r.id is null or person.id is null then
    problems := problems || private.problem('assignments.driver_not_found', 'driver_id', 'Driver not found');
  elsif person.status <> 'active' or person.panel_type <> 'driver' then
    problems := problems || private.problem('assignments.driver_not_active', 'driver_id',
      format('%s is not an active driver', person.full_name), jsonb_build_object('driver', person.full_name));
  elsif r.licence_expiry < current_date then
    problems := problems || private.problem('assignments.driver_licence_expired', 'driver_id',
      format('%s''s licence expired on %s', person.full_name, to_char(r.licence_expiry, 'YYYY-MM-DD')),
      jsonb_build_object('driver', person.full_name, 'expiry', to_char(r.licence_expiry, 'YYYY-MM-DD')));
  end if;

  select x.* into v from public.vehicles x where x.id = vehicle and x.tenant_id = tenant;
  if vehicle is null then
    problems := problems || private.problem('assignments.vehicle_required', 'vehicle_id', 'Vehicle is required');
  elsif v.id is null then
    problems := problems || private.problem('assignments.vehicle_not_found', 'vehicle_id', 'Vehicle not found');
  elsif not v.active then
    problems := problems || private.problem('assignments.vehicle_inactive', 'vehicle_id', format('Vehicle %s is not active', v.name),
      jsonb_build_object('vehicle', v.name));
  else
    licences := coalesce(v.vehicle_requirements -> 'license_requirements', '[]'::jsonb);
    if r.id is not null and not licences ? r.licence_class then
      problems := problems || private.problem('assignments.licence_mismatch', 'vehicle_id',
        format('%s needs a %s licence; %s holds a %s licence', v.name,
          (select string_agg(l, ' or ') from jsonb_array_elements_text(licences) l), person.full_name, r.licence_class),
        jsonb_build_object('vehicle', v.name,
          'needs', (select string_agg(l, ' or ') from jsonb_array_elements_text(licences) l),
          'classes', (select string_agg(l, '_') from jsonb_array_elements_text(licences) l),
          'driver', person.full_name, 'licence', r.licence_class));
    end if;
    if d.id is not null then
      select x.* into s from public.delivery_services x where x.id = d.service_id;
      features := coalesce(v.vehicle_requirements -> 'special_features', '[]'::jsonb);
      select array_agg(f order by f) into missing from unnest(s.required_vehicle_features) f where not features ? f;
      if missing is not null then
        problems := problems || private.problem('assignments.vehicle_lacks_features', 'vehicle_id',
          format('%s lacks what %s requires: %s', v.name, s.name, replace(array_to_string(missing, ', '), '_', ' ')),
          jsonb_build_object('vehicle', v.name, 'service', s.name,
            'missing', replace(array_to_string(missing, ', '), '_', ' '), 'features', to_jsonb(missing)));
      end if;
      if d.total_weight_kg > v.capacity_unit then
        problems := problems || private.problem('assignments.too_heavy', 'vehicle_id',
          format('The packages weigh %s kg; %s carries at most %s kg', trim_scale(d.total_weight_kg), v.name, trim_scale(v.capacity_unit)),
          jsonb_build_object('weight', trim_scale(d.total_weight_kg), 'vehicle', v.name, 'capacity', trim_scale(v.capacity_unit)));
      end if;
    end if;
  end if;
  return problems;
end;
$$;
revoke all on function private.assignment_fit_problems(uuid, uuid, uuid, uuid) from public, anon;
grant execute on function private.assignment_fit_problems(uuid, uuid, uuid, uuid) to authenticated, service_role;

-- Whether a driver with a vehicle may carry a delivery, before saving: {problems: [{key, field, message,
-- params?}], weight_kg, capacity_kg}. Admins and dispatchers of the caller's tenant.
create or replace function public.assignment_fit(delivery_id uuid, driver_id uuid, vehicle_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or not private.is_tenant_member(tenant) or not private.is_staff() then
    perform private.raise_problems(jsonb_build_array(private.problem('assignments.check_not_allowed', null,
      'Only admins and dispatchers can check an assignment')), '42501', 'Only admins and dispatchers can check an assignment');
  end if;
  return jsonb_build_object(
    'problems', private.assignment_fit_problems(tenant, assignment_fit.delivery_id, assignment_fit.driver_id, assignment_fit.vehicle_id),
    'weight_kg', (select d.total_weight_kg from public.deliveries d where d.id = assignment_fit.delivery_id and d.tenant_id = tenant),
    'capacity_kg', (select v.capacity_unit from public.vehicles v where v.id = assignment_fit.vehicle_id and v.tenant_id = tenant)
  );
end;
$$;
revoke all on function public.assignment_fit(uuid, uuid, uuid) from public, anon;
grant execute on function public.assignment_fit(uuid, uuid, uuid) to authenticated, service_role;

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
  if not (private.is_tenant_member(new.tenant_id) and private.is_staff()) then
    return new;
  end if;
  if tg_op = 'UPDATE' then
    if old.status <> 'pending' then
      perform private.raise_problem('assignments.not_editable', 'status',
        format('Only pending assignments can be edited; this one is %s', old.status), jsonb_build_object('status', old.status));
    end if;
    if new.delivery_id <> old.delivery_id or new.tenant_id <> old.tenant_id then
      perform private.raise_problem('assignments.delivery_fixed', 'delivery_id',
        'An assignment stays with its delivery; unassign it and assign the other delivery instead');
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
      problems := problems || private.problem('assignments.delivery_not_pending', 'delivery_id',
        format('Only pending deliveries can be assigned; this one is %s', replace(delivery_status, '_', ' ')),
        jsonb_build_object('status', delivery_status));
    end if;
  end if;
  if length(coalesce(new.notes, '')) > 1000 then
    problems := problems || private.problem('assignments.notes_too_long', 'notes', 'Notes must be at most 1000 characters',
      jsonb_build_object('max', 1000));
  end if;
  perform private.raise_problems(problems);
  return new;
end;
$$;
revoke all on function private.validate_assignment() from public;

create or replace function public.respond_to_assignment(
  assignment_id uuid, accept boolean, reason text default null, occurred_at timestamptz default null, idempotency_key text default null
) returns public.assignments
language plpgsql
security definer
set search_path = ''
as $$
declare
  a public.assignments;
  d public.deliveries;
  why text := nullif(btrim(respond_to_assignment.reason), '');
  at timestamptz := coalesce(respond_to_assignment.occurred_at, now());
begin
  select x.* into a from public.assignments x where x.id = respond_to_assignment.assignment_id for update;
  if a.id is null or not private.is_tenant_member(a.tenant_id)
    or (not private.is_staff() and a.driver_id is distinct from auth.uid()) then
    perform private.raise_problems(jsonb_build_array(private.problem('assignments.not_found', null, 'Assignment not found')),
      'PT404', 'Assignment not found');
  end if;
  if a.driver_id is distinct from auth.uid() then
    perform private.raise_problems(jsonb_build_array(private.problem('assignments.not_assigned_driver', null,
      'Only the assigned driver can accept or reject an assignment')), '42501', 'Only the assigned driver can accept or reject an assignment');
  end if;
  if accept is null then
    perform private.raise_problem('assignments.response_required', 'accept', 'Say whether the assignment is accepted');
  end if;
  if respond_to_assignment.idempotency_key is not null and exists (
    select 1 from public.delivery_events e where e.delivery_id = a.delivery_id and e.idempotency_key = respond_to_assignment.idempotency_key
  ) then
    return a;
  end if;
  if a.status <> 'pending' then
    perform private.raise_problem('assignments.not_pending', 'status', format('Only pending assignments can be %s; this one is %s',
      case when accept then 'accepted' else 'rejected' end, a.status),
      jsonb_build_object('response', case when accept then 'accepted' else 'rejected' end, 'status', a.status));
  end if;

  if accept then
    perform public.transition_delivery(a.delivery_id, 'accepted', null, null, null, null, null, at, respond_to_assignment.idempotency_key);
  else
    if why is null then
      perform private.raise_problem('assignments.reason_required', 'reason', 'A reason is required');
    end if;
    if length(why) > 500 then
      perform private.raise_problem('assignments.reason_too_long', 'reason', 'The reason must be at most 500 characters',
        jsonb_build_object('max', 500));
    end if;
    if at > now() + interval '2 minutes' then
      perform private.raise_problem('assignments.occurred_in_future', 'occurred_at', 'The time of an event cannot be in the future');
    end if;
    update public.assignments x set status = 'rejected', rejection_reason = why, responded_at = at where x.id = a.id;
    update public.deliveries x
    set status = 'pending', driver_id = null, vehicle_id = null, assigned_at = null
    where x.id = a.delivery_id and x.status = 'assigned'
    returning * into d;
    perform private.append_delivery_event(d, 'rejected', 'assigned', at, null, why, null, null, a.id, respond_to_assignment.idempotency_key);
    perform private.refresh_driver_status(a.driver_id);
  end if;
  select x.* into a from public.assignments x where x.id = a.id;
  return a;
end;
$$;
revoke all on function public.respond_to_assignment(uuid, boolean, text, timestamptz, text) from public, anon;
grant execute on function public.respond_to_assignment(uuid, boolean, text, timestamptz, text) to authenticated, service_role;

create or replace function public.list_assignments(
  tenant_id uuid default null,
  search text default null,
  page integer default 1,
  "limit" integer default 25,
  status text default null,
  driver_id uuid default null,
  vehicle_id uuid default null,
  assigned_by uuid default null,
  delivery_id uuid default null,
  sort text default 'assignment_time',
  direction text default 'desc',
  language text default 'en'
) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  tenant uuid := coalesce(list_assignments.tenant_id, private.current_tenant_id());
  term text := nullif(btrim(list_assignments.search), '');
  order_by text;
  filters text := 'a.tenant_id = $1';
  joins text := '';
  total bigint;
  rows jsonb;
begin
  if page is null or page < 1 then
    problems := problems || private.problem('assignments.page_invalid', 'page', 'Page must be 1 or more', jsonb_build_object('min', 1));
  end if;
  if "limit" is null or "limit" < 1 or "limit" > 100 then
    problems := problems || private.problem('assignments.limit_range', 'limit', 'Limit must be from 1 to 100',
      jsonb_build_object('min', 1, 'max', 100));
  end if;
  if list_assignments.status is not null and list_assignments.status not in ('pending', 'accepted', 'rejected', 'completed', 'cancelled') then
    problems := problems || private.problem('assignments.status_filter_invalid', 'status',
      'Status must be pending, accepted, rejected, completed or cancelled');
  end if;
  if length(coalesce(term, '')) > 100 then
    problems := problems || private.problem('assignments.search_too_long', 'search', 'Search must be at most 100 characters',
      jsonb_build_object('max', 100));
  end if;
  order_by := case coalesce(sort, 'assignment_time')
    when 'assignment_time' then 'a.assignment_time'
    when 'status' then 'a.status'
    when 'driver' then 'dp.full_name'
    when 'vehicle' then 'v.name'
    when 'delivery' then 'd.delivery_code'
    when 'assigned_by' then 'ap.full_name'
  end;
  if order_by is null then
    problems := problems || private.problem('assignments.sort_invalid', 'sort',
      'Sort by assignment_time, status, driver, vehicle, delivery or assigned_by');
  end if;
  if coalesce(direction, 'desc') not in ('asc', 'desc') then
    problems := problems || private.problem('assignments.direction_invalid', 'direction', 'Direction must be asc or desc');
  end if;
  perform private.raise_problems(problems);
  if tenant is null then
    return jsonb_build_object('total', 0, 'assignments', '[]'::jsonb);
  end if;

  if list_assignments.status is not null then filters := filters || ' and a.status = $2'; end if;
  if list_assignments.driver_id is not null then filters := filters || ' and a.driver_id = $3'; end if;
  if list_assignments.vehicle_id is not null then filters := filters || ' and a.vehicle_id = $4'; end if;
  if list_assignments.assigned_by is not null then filters := filters || ' and a.assigned_by = $5'; end if;
  if list_assignments.delivery_id is not null then filters := filters || ' and a.delivery_id = $6'; end if;
  if term is not null then
    -- LIKE's own wildcards in the term are searched as themselves.
    term := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    filters := filters || ' and (d.delivery_code ilike $7 or d.external_reference_id ilike $7 or dp.full_name ilike $7'
      || ' or v.name ilike $7 or v.code ilike $7 or ap.full_name ilike $7)';
    joins := ' left join public.deliveries d on d.id = a.delivery_id left join public.profiles dp on dp.id = a.driver_id'
      || ' left join public.vehicles v on v.id = a.vehicle_id left join public.profiles ap on ap.id = a.assigned_by';
  end if;

  execute 'select count(*) from public.assignments a' || joins || ' where ' || filters
    into total
    using tenant, list_assignments.status, list_assignments.driver_id, list_assignments.vehicle_id,
      list_assignments.assigned_by, list_assignments.delivery_id, term;

  execute format($q$
    select coalesce(jsonb_agg(jsonb_build_object(
        'id', a.id, 'tenant_id', a.tenant_id, 'delivery_id', a.delivery_id, 'driver_id', a.driver_id,
        'vehicle_id', a.vehicle_id, 'assigned_by_id', a.assigned_by, 'assignment_time', a.assignment_time,
        'status', a.status, 'notes', a.notes, 'responded_at', a.responded_at, 'rejection_reason', a.rejection_reason,
        'completed_at', a.completed_at, 'cancelled_at', a.cancelled_at, 'cancel_reason', a.cancel_reason,
        'updated_at', a.updated_at,
        'assigned_by', case when ap.id is not null then jsonb_build_object('id', ap.id, 'full_name', ap.full_name) end,
        'drivers', case when dp.id is not null then jsonb_build_object('id', dp.id,
          'user', jsonb_build_object('full_name', dp.full_name, 'avatar_url', dp.avatar_url)) end,
        'vehicles', case when v.id is not null then jsonb_build_object('id', v.id, 'name', v.name, 'code', v.code, 'image_url', v.image_url) end,
        'delivery', case when d.id is not null then jsonb_build_object('id', d.id, 'delivery_code', d.delivery_code,
          'external_reference_id', d.external_reference_id, 'status', d.status) end
      ) order by %3$s), '[]'::jsonb)
    from (
      select a.id from public.assignments a %1$s
      where %2$s
      order by %3$s
      limit $8 offset $9
    ) page
    join public.assignments a on a.id = page.id
    left join public.deliveries d on d.id = a.delivery_id
    left join public.profiles dp on dp.id = a.driver_id
    left join public.vehicles v on v.id = a.vehicle_id
    left join public.profiles ap on ap.id = a.assigned_by
  $q$,
    case when order_by like 'a.%' then joins else
      ' left join public.deliveries d on d.id = a.delivery_id left join public.profiles dp on dp.id = a.driver_id'
      || ' left join public.vehicles v on v.id = a.vehicle_id left join public.profiles ap on ap.id = a.assigned_by' end,
    filters,
    -- Not-null columns without NULLS LAST, so the order matches the (tenant_id, assignment_time desc, id desc) index.
    format('%s %s%s, a.id %2$s', order_by, coalesce(direction, 'desc'), case when order_by like 'a.%' then '' else ' nulls last' end))
    into rows
    using tenant, list_assignments.status, list_assignments.driver_id, list_assignments.vehicle_id,
      list_assignments.assigned_by, list_assignments.delivery_id, term, "limit", (page - 1) * "limit";

  return jsonb_build_object('total', total, 'assignments', rows);
end;
$$;
revoke all on function public.list_assignments(uuid, text, integer, integer, text, uuid, uuid, uuid, uuid, text, text, text) from public, anon;
grant execute on function public.list_assignments(uuid, text, integer, integer, text, uuid, uuid, uuid, uuid, text, text, text)
  to authenticated, service_role;

-- A position fix's problems, with the fix's field names: [{key, field, message, params?}], [] when there are none.
create or replace function private.driver_position_problems(
  lat double precision, lng double precision, heading double precision, speed double precision,
  accuracy double precision, recorded_at timestamptz
) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  if lat is null then
    problems := problems || private.problem('positions.lat_required', 'lat', 'Latitude is required');
  elsif lat = 'NaN'::double precision or lat not between -90 and 90 then
    problems := problems || private.problem('positions.lat_range', 'lat', 'Latitude must be between -90 and 90',
      jsonb_build_object('min', -90, 'max', 90));
  end if;
  if lng is null then
    problems := problems || private.problem('positions.lng_required', 'lng', 'Longitude is required');
  elsif lng = 'NaN'::double precision or lng not between -180 and 180 then
    problems := problems || private.problem('positions.lng_range', 'lng', 'Longitude must be between -180 and 180',
      jsonb_build_object('min', -180, 'max', 180));
  end if;
  if heading is not null and (heading = 'NaN'::double precision or heading < 0 or heading >= 360) then
    problems := problems || private.problem('positions.heading_range', 'heading', 'Heading must be at least 0 and below 360 degrees',
      jsonb_build_object('max', 360));
  end if;
  if speed is not null and (speed = 'NaN'::double precision or speed < 0 or speed >= 100) then
    problems := problems || private.problem('positions.speed_range', 'speed', 'Speed must be at least 0 and below 100 m/s',
      jsonb_build_object('max', 100));
  end if;
  if accuracy is not null and (accuracy = 'NaN'::double precision or accuracy < 0 or accuracy >= 100000) then
    problems := problems || private.problem('positions.accuracy_range', 'accuracy', 'Accuracy must be at least 0 and below 100000 m',
      jsonb_build_object('max', 100000));
  end if;
  if recorded_at is null then
    problems := problems || private.problem('positions.recorded_at_required', 'recorded_at', 'Recorded time is required');
  elsif recorded_at > now() + interval '30 seconds' then
    problems := problems || private.problem('positions.recorded_at_future', 'recorded_at', 'Recorded time cannot be in the future');
  elsif recorded_at < now() - interval '24 hours' then
    problems := problems || private.problem('positions.recorded_at_too_old', 'recorded_at', 'Recorded time cannot be more than 24 hours ago',
      jsonb_build_object('hours', 24));
  end if;
  return problems;
end;
$$;
revoke all on function private.driver_position_problems(double precision, double precision, double precision, double precision, double precision, timestamptz) from public;

-- The calling driver's row, locked; refused (42501) to anyone who is not an active driver of their tenant.
create or replace function private.caller_driver_for_position() returns public.drivers
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.drivers;
begin
  select * into d from public.drivers where id = auth.uid() for update;
  if d.id is null or not private.is_tenant_member(d.tenant_id) or private.current_panel_type() is distinct from 'driver' then
    perform private.raise_problems(jsonb_build_array(private.problem('positions.not_driver', null, 'Only a driver records their own position')),
      '42501', 'Only a driver records their own position');
  end if;
  return d;
end;
$$;
revoke all on function private.caller_driver_for_position() from public;

create or replace function public.record_driver_position(
  lat double precision,
  lng double precision,
  heading double precision default null,
  speed double precision default null,
  accuracy double precision default null,
  recorded_at timestamptz default now()
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.drivers := private.caller_driver_for_position();
  problems jsonb := private.driver_position_problems(
    record_driver_position.lat, record_driver_position.lng, record_driver_position.heading,
    record_driver_position.speed, record_driver_position.accuracy, record_driver_position.recorded_at);
begin
  perform private.raise_problems(problems);
  return private.store_driver_position(d, record_driver_position.lat, record_driver_position.lng,
    record_driver_position.heading, record_driver_position.speed, record_driver_position.accuracy,
    record_driver_position.recorded_at)
    || jsonb_build_object('recorded_at', record_driver_position.recorded_at);
end;
$$;
revoke all on function public.record_driver_position(double precision, double precision, double precision, double precision, double precision, timestamptz) from public, anon;
grant execute on function public.record_driver_position(double precision, double precision, double precision, double precision, double precision, timestamptz) to authenticated;

-- A batch of fixes; each rejected fix is {index, key, field, message, params?}, beside what was stored.
create or replace function public.record_driver_positions(fixes jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.drivers := private.caller_driver_for_position();
  item record;
  fix record;
  at timestamptz;
  problems jsonb;
  outcome jsonb;
  valid jsonb := '[]'::jsonb;
  rejected jsonb := '[]'::jsonb;
  stored_count integer := 0;
  latest_seen boolean := false;
begin
  if fixes is null or jsonb_typeof(fixes) <> 'array' or jsonb_array_length(fixes) = 0 then
    perform private.raise_problem('positions.fixes_required', 'fixes', 'Fixes must be a non-empty array');
  end if;
  if jsonb_array_length(fixes) > 500 then
    perform private.raise_problem('positions.fixes_too_many', 'fixes', 'Send at most 500 fixes at a time', jsonb_build_object('max', 500));
  end if;

  for item in select e.value, (e.ordinality - 1)::integer as index from jsonb_array_elements(fixes) with ordinality e loop
    if jsonb_typeof(item.value) <> 'object' then
      rejected := rejected || (jsonb_build_object('index', item.index)
        || private.problem('positions.fix_not_object', 'fixes', 'Each fix must be an object'));
      continue;
    end if;
    at := private.json_fix_time(item.value);
    if at is null and item.value -> 'recorded_at' is not null and jsonb_typeof(item.value -> 'recorded_at') <> 'null' then
      rejected := rejected || (jsonb_build_object('index', item.index)
        || private.problem('positions.recorded_at_format', 'recorded_at', 'Recorded time must be an ISO 8601 time with its offset'));
      continue;
    end if;
    problems := private.driver_position_problems(
      private.json_fix_number(item.value, 'lat'), private.json_fix_number(item.value, 'lng'),
      private.json_fix_number(item.value, 'heading'), private.json_fix_number(item.value, 'speed'),
      private.json_fix_number(item.value, 'accuracy'), at);
    if jsonb_array_length(problems) > 0 then
      select rejected || coalesce(jsonb_agg(jsonb_build_object('index', item.index) || p.value), '[]'::jsonb)
        into rejected from jsonb_array_elements(problems) p;
      continue;
    end if;
    valid := valid || jsonb_build_object('index', item.index,
      'lat', private.json_fix_number(item.value, 'lat'), 'lng', private.json_fix_number(item.value, 'lng'),
      'heading', private.json_fix_number(item.value, 'heading'), 'speed', private.json_fix_number(item.value, 'speed'),
      'accuracy', private.json_fix_number(item.value, 'accuracy'), 'at', at);
  end loop;

  for fix in
    select * from jsonb_to_recordset(valid) as x(index integer, lat double precision, lng double precision,
      heading double precision, speed double precision, accuracy double precision, at timestamptz)
    order by x.at, x.index
  loop
    outcome := private.store_driver_position(d, fix.lat, fix.lng, fix.heading, fix.speed, fix.accuracy, fix.at);
    if (outcome ->> 'stored')::boolean then
      stored_count := stored_count + 1;
    end if;
    if (outcome ->> 'latest')::boolean then
      latest_seen := true;
      select * into d from public.drivers where id = d.id;
    end if;
  end loop;

  return jsonb_build_object('received', jsonb_array_length(fixes), 'stored', stored_count,
    'latest', latest_seen, 'rejected', rejected);
end;
$$;
revoke all on function public.record_driver_positions(jsonb) from public, anon;
grant execute on function public.record_driver_positions(jsonb) to authenticated;

-- The performance page's window in the tenant's time zone; admins and dispatchers only (42501).
create or replace function private.performance_window(
  from_date date, to_date date,
  out tenant uuid, out zone text, out first_day date, out last_day date, out starts timestamptz, out finishes timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  tenant := private.current_tenant_id();
  if tenant is null or not private.is_tenant_member(tenant) or not private.is_staff() then
    perform private.raise_problems(jsonb_build_array(private.problem('performance.not_allowed', null,
      'Only admins and dispatchers can see driver performance')), '42501', 'Only admins and dispatchers can see driver performance');
  end if;
  select coalesce(nullif(t.settings #>> '{general,timezone}', ''), 'UTC') into zone from public.tenants t where t.id = tenant;
  if not private.is_known_timezone(zone) then
    zone := 'UTC';
  end if;
  last_day := coalesce(to_date, (now() at time zone zone)::date);
  first_day := coalesce(from_date, last_day - 29);
  if first_day > last_day then
    problems := problems || private.problem('performance.range_reversed', 'to_date', 'The end date must not be before the start date');
  elsif last_day - first_day + 1 > 366 then
    problems := problems || private.problem('performance.range_too_long', 'from_date', 'Choose a range of at most 366 days',
      jsonb_build_object('max', 366));
  end if;
  perform private.raise_problems(problems);
  starts := first_day::timestamp at time zone zone;
  finishes := (last_day + 1)::timestamp at time zone zone;
end;
$$;
revoke all on function private.performance_window(date, date) from public, anon;
grant execute on function private.performance_window(date, date) to authenticated, service_role;
