-- Drivers and their positions: who reads and writes drivers, driver_positions and the screens'
-- views (anon, admin, dispatcher, driver and customer of acme and globex), the form's rules as
-- {field, message} details, set_driver_status's rules, record_driver_position(s)'s caller check,
-- validation and trail thinning, the audit trail leaving position-only updates alone, and the
-- live topic.
begin;
select plan(120);

-- The messages of a details array, in order.
create function pg_temp.messages(details jsonb) returns text[]
language sql
as $$
  select coalesce(array_agg(e ->> 'message' order by n), '{}') from jsonb_array_elements(details) with ordinality as x(e, n);
$$;

-- An insert of a driver record for `person`, with `patch` merged over valid licence fields.
create function pg_temp.insert_driver(person uuid, patch jsonb default '{}') returns text
language sql
as $$
  select format(
    'insert into public.drivers (id, licence_number, licence_class, licence_expiry, phone, notes) select %L::uuid, r.licence_number, r.licence_class, r.licence_expiry, r.phone, coalesce(r.notes, %L) from jsonb_populate_record(null::public.drivers, %L::jsonb) r',
    person, '',
    ('{"licence_number": "T-1234567", "licence_class": "standard", "licence_expiry": "2030-01-01", "phone": "+1 415 555 0999"}'::jsonb || patch)::text
  );
$$;

-- A pending acme delivery assigned to `driver` with `vehicle` (as the caller: an admin or dispatcher); answers the assignment.
create function pg_temp.give_work(driver uuid, vehicle uuid) returns uuid
language plpgsql
as $$
declare
  delivery uuid;
  assignment uuid;
begin
  insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
  values ('a1000000-0000-4000-8000-000000000004', '{"full_address": "1 Market St, San Francisco"}', 37.794, -122.395,
    '{"full_address": "600 Mission St, San Francisco"}', 37.775, -122.41,
    jsonb_build_array(jsonb_build_object('quantity', 1, 'weight_kg', 3)), 'a6100000-0000-4000-8000-000000000002')
  returning id into delivery;
  insert into public.assignments (delivery_id, driver_id, vehicle_id) values (delivery, driver, vehicle) returning id into assignment;
  return assignment;
end;
$$;

grant execute on all functions in schema pg_temp to anon, authenticated;

-- Seed people: acme's demo driver Derek, Luis (active driver), Maya (driver role, no record),
-- Priya (invited driver, no record), Jamal (inactive driver, no record), acme's dispatcher;
-- globex's demo driver Gus and Freya (driver role, no record).
create temporary table ids (name text primary key, id uuid) on commit drop;
insert into ids values
  ('acme', 'a0000000-0000-4000-8000-000000000001'), ('globex', 'b0000000-0000-4000-8000-000000000001'),
  ('derek', 'a1000000-0000-4000-8000-000000000003'), ('luis', 'a1000000-0000-4000-8000-000000000103'),
  ('kevin', 'a1000000-0000-4000-8000-000000000105'),
  ('maya', 'a5500000-0000-4000-8000-000000000008'), ('priya', 'a1000000-0000-4000-8000-000000000108'),
  ('jamal', 'a1000000-0000-4000-8000-000000000107'), ('dana', 'a1000000-0000-4000-8000-000000000002'),
  ('gus', 'b2000000-0000-4000-8000-000000000003'), ('freya', 'b5500000-0000-4000-8000-000000000008');
grant select on ids to anon, authenticated;
create function pg_temp.id(n text) returns uuid language sql stable as $$ select id from ids where name = n $$;

-- The seed.
select is((select count(*)::int from public.drivers where tenant_id = pg_temp.id('acme')), 12, 'seed: twelve acme drivers');
select is((select count(*)::int from public.drivers where tenant_id = pg_temp.id('globex')), 12, 'seed: twelve globex drivers');
select is((select count(distinct status)::int from public.drivers where tenant_id = pg_temp.id('acme')), 4, 'seed: acme drivers in every status');
select ok((select count(*) from public.drivers where id in (pg_temp.id('derek'), pg_temp.id('gus'))) = 2, 'seed: both demo drivers are drivers');
select ok((select min(last_position_at) from public.drivers where status <> 'offline') > (select max(last_position_at) from public.drivers where status = 'offline') + interval '5 hours', 'seed: on-duty drivers reported minutes before the seed ran, off-duty ones hours before');
select ok((select count(*) from public.driver_positions) > 100, 'seed: a trail for the drivers');

-- anon
select tests.act_as(null);
select throws_ok($$ select id from public.drivers $$, '42501', null, 'anon: cannot read drivers');
select throws_ok($$ select id from public.driver_positions $$, '42501', null, 'anon: cannot read positions');
select throws_ok($$ select id from public.driver_rows $$, '42501', null, 'anon: cannot read the drivers view');
select throws_ok($$ select public.record_driver_position(37.7, -122.4) $$, '42501', null, 'anon: cannot record a position');

-- customer of acme: nothing.
reset role;
select tests.act_as('customer@acme.test');
select is((select count(*)::int from public.drivers), 0, 'customer: reads no driver');
select is((select count(*)::int from public.driver_positions), 0, 'customer: reads no position');
select is((select count(*)::int from public.driver_rows), 0, 'customer: reads no driver row');
select is((select count(*)::int from public.driver_candidates), 0, 'customer: reads no driver candidate');
select throws_ok(pg_temp.insert_driver(pg_temp.id('maya')), '42501', null, 'customer: cannot add a driver');
select is(tests.affected($$ update public.drivers set notes = 'x' $$), 0, 'customer: updates nothing');
select is(tests.affected($$ delete from public.drivers $$), 0, 'customer: deletes nothing');
select throws_ok(format($$ select public.set_driver_status(%L, 'offline') $$, pg_temp.id('derek')), 'PT404', 'Driver not found', 'customer: cannot set a driver''s status');
select throws_ok($$ select public.record_driver_position(37.7, -122.4) $$, '42501', 'Only a driver records their own position', 'customer: cannot record a position');

-- dispatcher of acme: reads the tenant's drivers and trail, sets statuses, writes nothing else.
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select count(*)::int from public.drivers), 12, 'dispatcher: reads the twelve acme drivers');
select is((select count(*)::int from public.drivers where tenant_id <> pg_temp.id('acme')), 0, 'dispatcher: reads no globex driver');
select ok((select count(*) from public.driver_positions) > 0 and (select count(*) from public.driver_positions where tenant_id <> pg_temp.id('acme')) = 0, 'dispatcher: reads acme''s trail only');
select is((select full_name from public.driver_rows where id = pg_temp.id('derek')), 'Derek Driver', 'dispatcher: the view names the driver');
select is((select count(*)::int from public.driver_candidates), 0, 'dispatcher: the candidates are the admins'' lookup');
select throws_ok(pg_temp.insert_driver(pg_temp.id('maya')), '42501', null, 'dispatcher: cannot add a driver');
select is(tests.affected($$ update public.drivers set notes = 'x' $$), 0, 'dispatcher: updates nothing');
select is(tests.affected($$ delete from public.drivers $$), 0, 'dispatcher: deletes nothing');
select throws_ok($$ insert into public.driver_positions (tenant_id, driver_id, lat, lng, recorded_at) values ('a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000003', 1, 1, now()) $$, '42501', null, 'dispatcher: cannot write the trail');
select is((public.set_driver_status(pg_temp.id('kevin'), 'available')).status, 'available', 'dispatcher: puts a driver on duty');
select throws_ok(format($$ select public.set_driver_status(%L, 'offline') $$, pg_temp.id('gus')), 'PT404', 'Driver not found', 'dispatcher: a globex driver is not found');
select throws_ok($$ select public.record_driver_position(37.7, -122.4) $$, '42501', 'Only a driver records their own position', 'dispatcher: cannot record a position');

-- admin of acme: adds, edits and removes drivers; the form's rules.
reset role;
select tests.act_as('admin@acme.test');
select is((select count(*)::int from public.driver_rows), 12, 'admin: reads the twelve acme driver rows');
select is((select default_vehicle_name || ' / ' || home_zone_name from public.driver_rows where id = pg_temp.id('derek')), 'City Van 1 / SoMa & Mission Bay', 'admin: the view names the vehicle and zone');
select ok(exists (select 1 from public.driver_candidates where id = pg_temp.id('maya')), 'admin: a driver-role person without a record is a candidate');
select ok(exists (select 1 from public.driver_candidates where id = pg_temp.id('priya')), 'admin: an invited driver is a candidate');
select ok(not exists (select 1 from public.driver_candidates where id in (pg_temp.id('jamal'), pg_temp.id('derek'), pg_temp.id('dana'), pg_temp.id('freya'))),
  'admin: inactive people, drivers with a record, other roles and globex people are not candidates');

select throws_ok(pg_temp.insert_driver(pg_temp.id('dana')), '23514', 'Validation failed', 'admin: a dispatcher cannot be a driver');
select is(pg_temp.messages(tests.details(pg_temp.insert_driver(pg_temp.id('dana')))), array['Only people with the driver role can be drivers'], 'admin: the role rule''s words');
select is(pg_temp.messages(tests.details(pg_temp.insert_driver(pg_temp.id('freya')))), array['Driver must be a person of this business'], 'admin: a globex person cannot be an acme driver');
select is(tests.details(pg_temp.insert_driver(pg_temp.id('maya'), '{"licence_number": "#!"}')),
  '[{"key": "drivers.licence_number_format", "field": "licence_number", "message": "Licence number must be 3 to 32 letters, digits, spaces or dashes", "params": {"min": 3, "max": 32}}]', 'admin: licence number format');
select is(tests.details(pg_temp.insert_driver(pg_temp.id('maya'), '{"licence_number": ""}')),
  '[{"key": "drivers.licence_number_required", "field": "licence_number", "message": "Licence number is required"}]', 'admin: licence number required');
select is(tests.details(pg_temp.insert_driver(pg_temp.id('maya'), '{"licence_number": "D5839201"}')),
  '[{"key": "drivers.licence_number_taken", "field": "licence_number", "message": "Another driver has this licence number"}]', 'admin: licence number unique in the tenant');
select is(tests.details(pg_temp.insert_driver(pg_temp.id('maya'), '{"licence_class": "pilot"}')),
  '[{"key": "drivers.licence_class_invalid", "field": "licence_class", "message": "Licence class must be standard, commercial or special"}]', 'admin: licence class');
select is(tests.details(pg_temp.insert_driver(pg_temp.id('maya'), '{"licence_expiry": "1990-01-01"}')),
  '[{"key": "drivers.licence_expiry_implausible", "field": "licence_expiry", "message": "Licence expiry is not a plausible date"}]', 'admin: licence expiry plausible');
select is(tests.details(pg_temp.insert_driver(pg_temp.id('maya'), '{"phone": "555-12"}')),
  '[{"key": "drivers.phone_invalid", "field": "phone", "message": "Phone must have at least 10 digits", "params": {"min": 10}}]', 'admin: phone digits');
select throws_ok(format($$ insert into public.drivers (id, tenant_id, licence_number, licence_expiry) values (%L, %L, 'GLX-1', '2030-01-01') $$, pg_temp.id('freya'), pg_temp.id('globex')),
  '42501', null, 'admin: cannot add a driver to globex');
select throws_ok(format($$ insert into public.drivers (id, licence_number, licence_expiry, status) values (%L, 'ST-123', '2030-01-01', 'available') $$, pg_temp.id('maya')),
  '42501', null, 'admin: status is not written by insert');

select lives_ok(pg_temp.insert_driver(pg_temp.id('maya'), '{"licence_number": "MAYA-001"}'), 'admin: adds a driver for a driver-role person');
select is((select status from public.drivers where id = pg_temp.id('maya')), 'offline', 'admin: a new driver starts offline');
select ok(exists (select 1 from public.audit_log where table_name = 'drivers' and row_id = pg_temp.id('maya') and action = 'insert'), 'admin: the new driver is audited');
select is(tests.affected(format($$ update public.drivers set licence_class = 'commercial', default_vehicle_id = 'a3000000-0000-4000-8000-000000000002' where id = %L $$, pg_temp.id('maya'))), 1, 'admin: edits a driver');
select ok(exists (select 1 from public.audit_log where table_name = 'drivers' and row_id = pg_temp.id('maya') and action = 'update' and 'licence_class' = any(changed_columns)), 'admin: the edit is audited');
select is(tests.details(format($$ update public.drivers set default_vehicle_id = 'b3000000-0000-4000-8000-000000000001' where id = %L $$, pg_temp.id('maya'))),
  '[{"key": "drivers.vehicle_not_found", "field": "default_vehicle_id", "message": "Vehicle not found"}]', 'admin: a globex vehicle is not found');
select throws_ok(format($$ update public.drivers set status = 'busy' where id = %L $$, pg_temp.id('maya')), '42501', null, 'admin: status is not written by update');
select throws_ok(format($$ update public.drivers set last_lat = 1, last_lng = 1, last_position_at = now() where id = %L $$, pg_temp.id('maya')), '42501', null, 'admin: the last position is not written by update');
select is(tests.affected(format($$ update public.drivers set notes = 'x' where id = %L $$, pg_temp.id('gus'))), 0, 'admin: cannot edit a globex driver');
select is(tests.affected(format($$ delete from public.drivers where id = %L $$, pg_temp.id('gus'))), 0, 'admin: cannot delete a globex driver');
select throws_ok($$ delete from public.driver_positions $$, '42501', null, 'admin: cannot delete the trail');

-- set_driver_status: the three statuses anyone allowed may set; busy follows work.
select is((public.set_driver_status(pg_temp.id('maya'), 'on_break')).status, 'on_break', 'admin: sets a driver on a break');
select throws_ok(format($$ select public.set_driver_status(%L, 'busy') $$, pg_temp.id('maya')), '23514', 'Validation failed', 'admin: busy is not set by hand');
select is(tests.details(format($$ select public.set_driver_status(%L, 'busy') $$, pg_temp.id('maya'))),
  '[{"key": "drivers.status_invalid", "field": "status", "message": "Status must be offline, available or on_break"}]', 'admin: the status rule''s words');
select is(tests.details(format($$ select public.set_driver_status(%L, null) $$, pg_temp.id('maya'))),
  '[{"key": "drivers.status_invalid", "field": "status", "message": "Status must be offline, available or on_break"}]', 'admin: a missing status is refused');
select throws_ok(format($$ select public.set_driver_status(%L, 'offline') $$, pg_temp.id('gus')), 'PT404', 'Driver not found', 'admin: a globex driver is not found');
select throws_ok($$ select public.record_driver_position(37.7, -122.4) $$, '42501', 'Only a driver records their own position', 'admin: cannot record a position');

-- Accepted work makes a driver busy; going available keeps them busy; a driver with work on record is not deleted.
select is((public.set_driver_status(pg_temp.id('maya'), 'available')).status, 'available', 'admin: puts the driver on duty');
create temporary table work on commit drop as select pg_temp.give_work(pg_temp.id('maya'), 'a3000000-0000-4000-8000-000000000002') as assignment;
grant select on work to authenticated;
reset role;
select tests.act_as('maya.patel@acmelogistics.example');
select lives_ok($$ select public.respond_to_assignment((select assignment from work), true) $$, 'driver: accepts the work');
select is((select status from public.drivers), 'busy', 'driver: accepted work makes them busy');
select is((public.set_driver_status(pg_temp.id('maya'), 'available')).status, 'busy', 'driver: going available with accepted work stays busy');
select is((public.set_driver_status(pg_temp.id('maya'), 'on_break')).status, 'on_break', 'driver: a break is theirs to take');
reset role;
select tests.act_as('admin@acme.test');
select throws_ok(format($$ delete from public.drivers where id = %L $$, pg_temp.id('maya')), '23503', null, 'admin: a driver with work on record cannot be deleted');
select lives_ok(pg_temp.insert_driver(pg_temp.id('priya'), '{"licence_number": "PRIYA-01"}'), 'admin: an invited driver-role person can be made a driver');
select is(tests.affected(format($$ delete from public.drivers where id = %L $$, pg_temp.id('priya'))), 1, 'admin: removes a driver record without work');
select ok(exists (select 1 from public.profiles where id = pg_temp.id('priya')), 'admin: the person stays');

-- driver of acme (Derek): their own row and trail, their own status, their own fixes.
reset role;
select tests.act_as('driver@acme.test');
select is((select array_agg(id) from public.drivers), array[pg_temp.id('derek')], 'driver: reads only their own driver row');
select is((select array_agg(id) from public.driver_rows), array[pg_temp.id('derek')], 'driver: reads only their own driver view row');
select ok((select count(*) from public.driver_positions) > 0 and (select count(*) from public.driver_positions where driver_id <> pg_temp.id('derek')) = 0, 'driver: reads only their own trail');
select is(tests.affected($$ update public.drivers set notes = 'mine' $$), 0, 'driver: cannot edit their record');
select throws_ok($$ insert into public.driver_positions (tenant_id, driver_id, lat, lng, recorded_at) values ('a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000003', 1, 1, now()) $$, '42501', null, 'driver: cannot write the trail directly');
select is((public.set_driver_status(pg_temp.id('derek'), 'on_break')).status, 'on_break', 'driver: goes on a break');
select is((public.set_driver_status(pg_temp.id('derek'), 'available')).status, 'available', 'driver: back on duty');
select throws_ok(format($$ select public.set_driver_status(%L, 'offline') $$, pg_temp.id('luis')), 'PT404', 'Driver not found', 'driver: cannot set another driver''s status');

-- Validation of a fix.
select throws_ok($$ select public.record_driver_position(91, -122.4) $$, '23514', 'Validation failed', 'driver: an impossible fix is a validation failure');
select is(tests.details($$ select public.record_driver_position(91, 181, 360, -1, -1, now() + interval '1 minute') $$),
  '[{"key": "positions.lat_range", "field": "lat", "message": "Latitude must be between -90 and 90", "params": {"min": -90, "max": 90}}, {"key": "positions.lng_range", "field": "lng", "message": "Longitude must be between -180 and 180", "params": {"min": -180, "max": 180}}, {"key": "positions.heading_range", "field": "heading", "message": "Heading must be at least 0 and below 360 degrees", "params": {"max": 360}}, {"key": "positions.speed_range", "field": "speed", "message": "Speed must be at least 0 and below 100 m/s", "params": {"max": 100}}, {"key": "positions.accuracy_range", "field": "accuracy", "message": "Accuracy must be at least 0 and below 100000 m", "params": {"max": 100000}}, {"key": "positions.recorded_at_future", "field": "recorded_at", "message": "Recorded time cannot be in the future"}]',
  'driver: every field''s words');
select is(tests.details($$ select public.record_driver_position(null, null, null, null, null, null) $$),
  '[{"key": "positions.lat_required", "field": "lat", "message": "Latitude is required"}, {"key": "positions.lng_required", "field": "lng", "message": "Longitude is required"}, {"key": "positions.recorded_at_required", "field": "recorded_at", "message": "Recorded time is required"}]',
  'driver: missing coordinates and time');
select is(tests.details($$ select public.record_driver_position(37.7, -122.4, 10, 5, 5, now() - interval '25 hours') $$),
  '[{"key": "positions.recorded_at_too_old", "field": "recorded_at", "message": "Recorded time cannot be more than 24 hours ago", "params": {"hours": 24}}]', 'driver: a fix older than a day is refused');
select is(tests.details($$ select public.record_driver_position('NaN', -122.4) $$),
  '[{"key": "positions.lat_range", "field": "lat", "message": "Latitude must be between -90 and 90", "params": {"min": -90, "max": 90}}]', 'driver: NaN is not a latitude');
select lives_ok($$ select public.record_driver_position(37.7, -122.4, 0, 0, 0, now() + interval '20 seconds') $$, 'driver: a clock 20 s ahead is accepted');

-- Thinning. Derek's trail is reset to one row three minutes ago, where his last fix is.
reset role;
create temporary table fix on commit drop as
  select 37.7771::double precision as lat, -122.3952::double precision as lng, now() - interval '3 minutes' as at, 0::bigint as trail;
delete from public.driver_positions where driver_id = 'a1000000-0000-4000-8000-000000000003' and recorded_at > now() - interval '10 minutes';
insert into public.driver_positions (tenant_id, driver_id, lat, lng, recorded_at)
  select 'a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000003', f.lat, f.lng, f.at from fix f;
update public.drivers set last_lat = f.lat, last_lng = f.lng, last_position_at = f.at from fix f where id = 'a1000000-0000-4000-8000-000000000003';
update fix set trail = (select count(*) from public.driver_positions where driver_id = 'a1000000-0000-4000-8000-000000000003');
grant select on fix to authenticated;
select tests.act_as('driver@acme.test');
select is(public.record_driver_position((select lat from fix), (select lng from fix), 45, 6, 8, (select at from fix) + interval '10 seconds') - 'recorded_at',
  '{"latest": true, "stored": false}', 'thinning: 10 s later in the same place moves the last fix, keeps no trail row');
select is(public.record_driver_position((select lat + 0.00045 from fix), (select lng from fix), 0, 6, 8, (select at from fix) + interval '20 seconds') - 'recorded_at',
  '{"latest": true, "stored": true}', 'thinning: 50 m on is kept');
select is(public.record_driver_position((select lat + 0.00054 from fix), (select lng from fix), 0, 6, 8, (select at from fix) + interval '25 seconds') - 'recorded_at',
  '{"latest": true, "stored": false}', 'thinning: 10 m further 5 s later is not');
select is(public.record_driver_position((select lat + 0.00054 from fix), (select lng from fix), 0, 0, 8, (select at from fix) + interval '85 seconds') - 'recorded_at',
  '{"latest": true, "stored": true}', 'thinning: a minute after the kept fix is kept, even standing still');
select is((select last_lat from public.drivers), (select lat + 0.00054 from fix), 'the driver row holds the newest fix');
select is(public.record_driver_position((select lat - 0.01 from fix), (select lng from fix), 0, 6, 8, (select at from fix) + interval '5 seconds') - 'recorded_at',
  '{"latest": false, "stored": true}', 'an older fix far away joins the trail without moving the last fix');
select is((select last_position_at from public.drivers), (select at from fix) + interval '85 seconds', 'the last fix stays the newest');
select is((select count(*) from public.driver_positions) - (select trail from fix), 3::bigint, 'three trail rows kept of five fixes');

-- The offline queue.
select is(public.record_driver_positions(jsonb_build_array(
    jsonb_build_object('lat', (select lat + 0.002 from fix), 'lng', (select lng from fix), 'recorded_at', to_char(((select at from fix) + interval '150 seconds') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
    jsonb_build_object('lat', 95, 'lng', 0, 'recorded_at', to_char(((select at from fix) + interval '100 seconds') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
    jsonb_build_object('lat', (select lat + 0.001 from fix), 'lng', (select lng from fix), 'speed', 5, 'recorded_at', to_char(((select at from fix) + interval '120 seconds') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
    jsonb_build_object('lat', 1, 'lng', 1, 'recorded_at', 'now'),
    'not a fix'::text)),
  '{"latest": true, "stored": 2, "received": 5, "rejected": [{"key": "positions.lat_range", "field": "lat", "index": 1, "message": "Latitude must be between -90 and 90", "params": {"min": -90, "max": 90}}, {"key": "positions.recorded_at_format", "field": "recorded_at", "index": 3, "message": "Recorded time must be an ISO 8601 time with its offset"}, {"key": "positions.fix_not_object", "field": "fixes", "index": 4, "message": "Each fix must be an object"}]}',
  'the queue: valid fixes kept oldest first, the others answered with their index');
select is((select last_lat from public.drivers), (select lat + 0.002 from fix), 'the queue: the newest fix is the last one');
select is(tests.details($$ select public.record_driver_positions('{"lat": 1}') $$), '[{"key": "positions.fixes_required", "field": "fixes", "message": "Fixes must be a non-empty array"}]', 'the queue must be an array');
select is(tests.details(format('select public.record_driver_positions(%L)', (select jsonb_agg(jsonb_build_object('lat', 1, 'lng', 1)) from generate_series(1, 501)))),
  '[{"key": "positions.fixes_too_many", "field": "fixes", "message": "Send at most 500 fixes at a time", "params": {"max": 500}}]', 'the queue holds at most 500 fixes');

-- A fix moves the driver without an audit entry; the dispatcher's status change is audited.
reset role;
select is((select count(*)::int from public.audit_log where table_name = 'drivers' and row_id = pg_temp.id('derek') and action = 'update' and 'last_lat' = any(changed_columns)), 0, 'audit: position-only updates are not recorded');
select ok(exists (select 1 from public.audit_log where table_name = 'drivers' and row_id = pg_temp.id('kevin') and 'status' = any(changed_columns)), 'audit: a status change is recorded');

-- An inactive driver records nothing.
update public.profiles set status = 'inactive' where id = pg_temp.id('luis');
select tests.act_as('luis.ortega@acmelogistics.example');
select throws_ok($$ select public.record_driver_position(37.7, -122.4) $$, '42501', 'Only a driver records their own position', 'an inactive driver cannot record a position');

-- globex: the driver records into globex, the admin sees globex only.
reset role;
select tests.act_as('driver@globex.test');
select is((select array_agg(id) from public.drivers), array[pg_temp.id('gus')], 'globex driver: reads only their own row');
select is(public.record_driver_position(51.5, -0.1, 0, 0, 5, now()) - 'recorded_at', '{"latest": true, "stored": true}', 'globex driver: records a fix');
reset role;
select is((select tenant_id from public.driver_positions where driver_id = pg_temp.id('gus') order by recorded_at desc limit 1), pg_temp.id('globex'), 'globex driver: the fix is globex''s');
select tests.act_as('admin@globex.test');
select is((select count(*)::int from public.drivers), 12, 'globex admin: reads the twelve globex drivers');
select is((select count(*)::int from public.driver_positions where tenant_id = pg_temp.id('acme')), 0, 'globex admin: reads no acme position');
select is(tests.affected(format($$ update public.drivers set notes = 'x' where id = %L $$, pg_temp.id('derek'))), 0, 'globex admin: cannot edit an acme driver');
select is(tests.affected(format($$ delete from public.drivers where id = %L $$, pg_temp.id('derek'))), 0, 'globex admin: cannot delete an acme driver');
select throws_ok(format($$ select public.set_driver_status(%L, 'offline') $$, pg_temp.id('derek')), 'PT404', 'Driver not found', 'globex admin: an acme driver is not found');

reset role;
select tests.act_as('dispatcher@globex.test');
select is((select count(*)::int from public.driver_rows where tenant_id = pg_temp.id('globex')), 12, 'globex dispatcher: reads the twelve globex drivers');
select is((select count(*)::int from public.drivers where tenant_id = pg_temp.id('acme')) + (select count(*)::int from public.driver_positions where tenant_id = pg_temp.id('acme')), 0, 'globex dispatcher: reads no acme driver or position');
select is((public.set_driver_status(pg_temp.id('gus'), 'on_break')).status, 'on_break', 'globex dispatcher: sets a globex driver''s status');
select throws_ok(format($$ select public.set_driver_status(%L, 'offline') $$, pg_temp.id('derek')), 'PT404', 'Driver not found', 'globex dispatcher: an acme driver is not found');
reset role;
select tests.act_as('customer@globex.test');
select is((select count(*)::int from public.drivers) + (select count(*)::int from public.driver_positions) + (select count(*)::int from public.driver_rows), 0, 'globex customer: reads no driver, position or driver row');
select throws_ok($$ select public.record_driver_position(51.5, -0.1) $$, '42501', 'Only a driver records their own position', 'globex customer: cannot record a position');

-- Live: the tenant's admins and dispatchers follow drivers; drivers, customers and the other tenant do not.
reset role;
select ok(tests.may_receive('admin@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:drivers'), 'live: acme admin follows acme drivers');
select ok(tests.may_receive('dispatcher@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:drivers'), 'live: acme dispatcher follows acme drivers');
select ok(not tests.may_receive('driver@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:drivers'), 'live: a driver does not follow the fleet');
select ok(not tests.may_receive('admin@globex.test', 'tenant:a0000000-0000-4000-8000-000000000001:drivers'), 'live: globex admin does not follow acme drivers');

select * from finish();
rollback;
