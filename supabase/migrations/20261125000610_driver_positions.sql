-- Driver positions: the trail a driver's device reports, and the one way fixes get in.
--
-- `public.record_driver_position(lat, lng, heading, speed, accuracy, recorded_at)` is called by the
-- driver themself (auth.uid() is a driver of their tenant with an active profile). It validates the
-- fix (23514 'Validation failed' with [{field, message}]), moves the drivers row's last_* fix when
-- the fix is newer than the stored one (which broadcasts it on `tenant:<id>:drivers`), and THINS
-- the trail: a driver_positions row is kept only when the fix is at least 25 m (haversine) from the
-- trail row before it, or at least 60 s after it. A phone reporting every few seconds at a traffic
-- light adds one row a minute, a moving van about one row per 25 m.
-- `public.record_driver_positions(fixes jsonb)` takes the offline queue in one call: the valid fixes
-- are recorded oldest first, the invalid ones are answered (not raised) so a queue never jams.
--
-- Reads: admins and dispatchers read the tenant's trail, a driver their own; nobody writes it
-- through the API (no insert, update or delete grant; the functions are security definer).
--
-- no audit: driver_positions (a GPS trail written every few seconds only by record_driver_position, never edited; the trail is itself the history, and the drivers row's audit keeps who changed the driver)

create table public.driver_positions (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  driver_id uuid not null,
  lat double precision not null,
  lng double precision not null,
  heading double precision,
  speed double precision,
  accuracy double precision,
  recorded_at timestamptz not null,
  created_at timestamptz not null default now(),
  constraint driver_positions_driver_fkey foreign key (driver_id, tenant_id)
    references public.drivers (id, tenant_id) on delete cascade,
  constraint driver_positions_lat_check check (lat between -90 and 90),
  constraint driver_positions_lng_check check (lng between -180 and 180),
  constraint driver_positions_heading_check check (heading is null or (heading >= 0 and heading < 360)),
  constraint driver_positions_speed_check check (speed is null or (speed >= 0 and speed < 100)),
  constraint driver_positions_accuracy_check check (accuracy is null or (accuracy >= 0 and accuracy < 100000))
);
-- A driver's trail, newest first (the thinning's "trail row before this fix" and the detail map);
-- the tenant's recent positions.
create index driver_positions_driver_id_recorded_at_idx on public.driver_positions (driver_id, recorded_at desc);
create index driver_positions_tenant_id_recorded_at_idx on public.driver_positions (tenant_id, recorded_at desc);
alter table public.driver_positions enable row level security;

revoke all on public.driver_positions from anon, authenticated;
grant select on public.driver_positions to authenticated;

create policy "driver_positions: admins and dispatchers read the tenant's, a driver their own" on public.driver_positions
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.current_panel_type()) in ('admin', 'dispatcher')
      or driver_id = (select auth.uid())
    )
  );

-- A fix changes the drivers row every few seconds: the audit trail records changes of the driver
-- (licence, status, vehicle, zone ...), not every position, so an update that moves only the
-- last_* fix is not audited. Inserts and deletes still are.
drop trigger audit_row_change on public.drivers;
create trigger audit_row_change after insert or delete on public.drivers
  for each row execute function private.audit_row_change();
create trigger audit_row_change_update after update on public.drivers
  for each row
  when (
    (to_jsonb(old) - array['last_lat', 'last_lng', 'last_heading', 'last_speed', 'last_accuracy', 'last_position_at', 'updated_at'])
    is distinct from
    (to_jsonb(new) - array['last_lat', 'last_lng', 'last_heading', 'last_speed', 'last_accuracy', 'last_position_at', 'updated_at'])
  )
  execute function private.audit_row_change();

-- Great-circle distance in metres (mean Earth radius).
create or replace function private.haversine_m(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision)
returns double precision
language sql
immutable
set search_path = ''
as $$
  select 2 * 6371008.8 * asin(least(1, sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2)
    + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2)
  )));
$$;
revoke all on function private.haversine_m(double precision, double precision, double precision, double precision) from public;
grant execute on function private.haversine_m(double precision, double precision, double precision, double precision) to authenticated, service_role;

-- What is wrong with a fix, with the function's argument names as fields.
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
    problems := problems || jsonb_build_object('field', 'lat', 'message', 'Latitude is required');
  elsif lat = 'NaN'::double precision or lat not between -90 and 90 then
    problems := problems || jsonb_build_object('field', 'lat', 'message', 'Latitude must be between -90 and 90');
  end if;
  if lng is null then
    problems := problems || jsonb_build_object('field', 'lng', 'message', 'Longitude is required');
  elsif lng = 'NaN'::double precision or lng not between -180 and 180 then
    problems := problems || jsonb_build_object('field', 'lng', 'message', 'Longitude must be between -180 and 180');
  end if;
  if heading is not null and (heading = 'NaN'::double precision or heading < 0 or heading >= 360) then
    problems := problems || jsonb_build_object('field', 'heading', 'message', 'Heading must be at least 0 and below 360 degrees');
  end if;
  if speed is not null and (speed = 'NaN'::double precision or speed < 0 or speed >= 100) then
    problems := problems || jsonb_build_object('field', 'speed', 'message', 'Speed must be at least 0 and below 100 m/s');
  end if;
  if accuracy is not null and (accuracy = 'NaN'::double precision or accuracy < 0 or accuracy >= 100000) then
    problems := problems || jsonb_build_object('field', 'accuracy', 'message', 'Accuracy must be at least 0 and below 100000 m');
  end if;
  if recorded_at is null then
    problems := problems || jsonb_build_object('field', 'recorded_at', 'message', 'Recorded time is required');
  elsif recorded_at > now() + interval '30 seconds' then
    problems := problems || jsonb_build_object('field', 'recorded_at', 'message', 'Recorded time cannot be in the future');
  elsif recorded_at < now() - interval '24 hours' then
    problems := problems || jsonb_build_object('field', 'recorded_at', 'message', 'Recorded time cannot be more than 24 hours ago');
  end if;
  return problems;
end;
$$;
revoke all on function private.driver_position_problems(double precision, double precision, double precision, double precision, double precision, timestamptz) from public;

-- The caller's own drivers row, locked (fixes of one driver are recorded one at a time, so the
-- thinning compares with what the previous fix stored); refused unless the caller is an active
-- driver of their tenant with a driver record.
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
    raise exception using errcode = '42501', message = 'Only a driver records their own position';
  end if;
  return d;
end;
$$;
revoke all on function private.caller_driver_for_position() from public;

-- Records one valid fix of driver `d`: the last_* fix when newer, a trail row when the thinning
-- keeps it. Answers {latest, stored}.
create or replace function private.store_driver_position(
  d public.drivers, p_lat double precision, p_lng double precision, p_heading double precision,
  p_speed double precision, p_accuracy double precision, p_recorded_at timestamptz
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  previous public.driver_positions;
  latest boolean := d.last_position_at is null or p_recorded_at > d.last_position_at;
  stored boolean;
begin
  if latest then
    update public.drivers
      set last_lat = p_lat, last_lng = p_lng, last_heading = p_heading, last_speed = p_speed,
          last_accuracy = p_accuracy, last_position_at = p_recorded_at
      where id = d.id;
  end if;

  select * into previous from public.driver_positions pos
    where pos.driver_id = d.id and pos.recorded_at <= p_recorded_at
    order by pos.recorded_at desc limit 1;
  stored := previous.id is null
    or p_recorded_at - previous.recorded_at >= interval '60 seconds'
    or private.haversine_m(previous.lat, previous.lng, p_lat, p_lng) >= 25;
  if stored then
    insert into public.driver_positions (tenant_id, driver_id, lat, lng, heading, speed, accuracy, recorded_at)
    values (d.tenant_id, d.id, p_lat, p_lng, p_heading, p_speed, p_accuracy, p_recorded_at);
  end if;
  return jsonb_build_object('latest', latest, 'stored', stored);
end;
$$;
revoke all on function private.store_driver_position(public.drivers, double precision, double precision, double precision, double precision, double precision, timestamptz) from public;

-- One fix from the driver's device. Answers {latest, stored, recorded_at}: whether it became the
-- driver's last known position, and whether the trail kept it.
create or replace function public.record_driver_position(
  lat double precision, lng double precision, heading double precision default null,
  speed double precision default null, accuracy double precision default null,
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
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return private.store_driver_position(d, record_driver_position.lat, record_driver_position.lng,
    record_driver_position.heading, record_driver_position.speed, record_driver_position.accuracy,
    record_driver_position.recorded_at)
    || jsonb_build_object('recorded_at', record_driver_position.recorded_at);
end;
$$;
revoke all on function public.record_driver_position(double precision, double precision, double precision, double precision, double precision, timestamptz) from public, anon;
grant execute on function public.record_driver_position(double precision, double precision, double precision, double precision, double precision, timestamptz) to authenticated;

-- A JSON number as double precision, or null when absent; 'NaN' (outside every range) when not a number.
create or replace function private.json_fix_number(fix jsonb, key text) returns double precision
language sql
immutable
set search_path = ''
as $$
  select case
    when fix -> key is null or jsonb_typeof(fix -> key) = 'null' then null
    when jsonb_typeof(fix -> key) = 'number' then (fix ->> key)::double precision
    else 'NaN'::double precision
  end;
$$;
revoke all on function private.json_fix_number(jsonb, text) from public;

-- An ISO 8601 time with its offset as timestamptz; null when absent or not such a time (words
-- like 'now' that a cast would take are not times a device sends).
create or replace function private.json_fix_time(fix jsonb) returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
begin
  if jsonb_typeof(fix -> 'recorded_at') <> 'string'
    or (fix ->> 'recorded_at') !~ '^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|z|[+-]\d{2}(:?\d{2})?)$' then
    return null;
  end if;
  return (fix ->> 'recorded_at')::timestamptz;
exception when others then
  return null;
end;
$$;
revoke all on function private.json_fix_time(jsonb) from public;

-- The offline queue: up to 500 fixes [{lat, lng, heading?, speed?, accuracy?, recorded_at}], recorded
-- oldest first. Answers {received, stored, latest, rejected: [{index, field, message}]}: a fix that
-- is invalid (e.g. queued more than 24 hours ago) is left out and reported, the others are kept.
-- Input that is not such an array is refused with 23514 on `fixes`.
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
    raise exception using errcode = '23514', message = 'Validation failed',
      detail = jsonb_build_array(jsonb_build_object('field', 'fixes', 'message', 'Fixes must be a non-empty array'))::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  if jsonb_array_length(fixes) > 500 then
    raise exception using errcode = '23514', message = 'Validation failed',
      detail = jsonb_build_array(jsonb_build_object('field', 'fixes', 'message', 'Send at most 500 fixes at a time'))::text,
      hint = 'details is a JSON array of {field, message}';
  end if;

  for item in select e.value, (e.ordinality - 1)::integer as index from jsonb_array_elements(fixes) with ordinality e loop
    if jsonb_typeof(item.value) <> 'object' then
      rejected := rejected || jsonb_build_object('index', item.index, 'field', 'fixes', 'message', 'Each fix must be an object');
      continue;
    end if;
    at := private.json_fix_time(item.value);
    if at is null and item.value -> 'recorded_at' is not null and jsonb_typeof(item.value -> 'recorded_at') <> 'null' then
      rejected := rejected || jsonb_build_object('index', item.index, 'field', 'recorded_at', 'message', 'Recorded time must be an ISO 8601 time with its offset');
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

-- The drivers list and edit screen: the driver with the person's name, email and picture, and the
-- names of the default vehicle and home zone. Security invoker: drivers', profiles', vehicles' and
-- zones' own policies decide what each caller sees.
create view public.driver_rows with (security_invoker = true) as
  select d.id, d.tenant_id, p.full_name, p.email, p.avatar_url, p.status as person_status,
    d.licence_number, d.licence_class, d.licence_expiry, d.phone, d.status,
    d.default_vehicle_id, v.name as default_vehicle_name, v.code as default_vehicle_code,
    d.home_zone_id, z.name as home_zone_name, z.code as home_zone_code,
    d.last_lat, d.last_lng, d.last_heading, d.last_speed, d.last_accuracy, d.last_position_at,
    d.status_changed_at, d.notes, d.created_at, d.updated_at
  from public.drivers d
  join public.profiles p on p.id = d.id
  left join public.vehicles v on v.id = d.default_vehicle_id
  left join public.zones z on z.id = d.home_zone_id;
revoke all on public.driver_rows from anon, authenticated;
grant select on public.driver_rows to authenticated;

-- Who may become a driver: people of the tenant with the driver role, active or invited, who have
-- no driver record yet (drivers/create's lookup).
create view public.driver_candidates with (security_invoker = true) as
  select p.id, p.tenant_id, p.full_name, p.email, p.phone, p.status, p.avatar_url
  from public.profiles p
  where p.panel_type = 'driver' and p.status in ('active', 'invited')
    and not exists (select 1 from public.drivers d where d.id = p.id);
revoke all on public.driver_candidates from anon, authenticated;
grant select on public.driver_candidates to authenticated;
