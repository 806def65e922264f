-- The drivers' refusals carry stable keys beside their English (private.problem), as the error's
-- DETAIL (what PostgREST hands the app as `details`), as the admins and drivers of acme and globex;
-- SQLSTATE and message stay as they were.
begin;
select plan(12);

grant execute on function tests.refusal(text) to authenticated;

create function pg_temp.keys(statement text) returns text
language sql
as $$ select string_agg(coalesce(p ->> 'field', '-') || ':' || (p ->> 'key'), ' ' order by ord)
      from jsonb_array_elements(tests.refusal(statement) -> 'details') with ordinality as x (p, ord) $$;
grant execute on function pg_temp.keys(text) to authenticated;

create temp table fx (acme_driver uuid, acme_other uuid, globex_driver uuid, acme_dispatcher uuid);
grant all on fx to authenticated;
insert into fx
select (select d.id from public.drivers d join auth.users u on u.id = d.id where u.email = 'driver@acme.test'),
       (select d.id from public.drivers d join auth.users u on u.id = d.id
        where d.tenant_id = 'a0000000-0000-4000-8000-000000000001' and u.email <> 'driver@acme.test' order by d.id limit 1),
       (select d.id from public.drivers d join auth.users u on u.id = d.id where u.email = 'driver@globex.test'),
       (select id from auth.users where email = 'dispatcher@acme.test');
select ok((select acme_driver is not null and acme_other is not null and globex_driver is not null from fx), 'the seed has drivers of acme and globex');

-- The driver form's rules, as acme's admin
select tests.act_as('admin@acme.test');
select is(pg_temp.keys(format($$ update public.drivers set licence_number = '!', licence_class = 'truck', licence_expiry = '1900-01-01',
    phone = '12', default_vehicle_id = gen_random_uuid(), home_zone_id = gen_random_uuid(), notes = repeat('n', 2001) where id = %L $$, (select acme_driver from fx))),
  'licence_number:drivers.licence_number_format licence_class:drivers.licence_class_invalid licence_expiry:drivers.licence_expiry_implausible '
  'phone:drivers.phone_invalid default_vehicle_id:drivers.vehicle_not_found home_zone_id:drivers.zone_not_found notes:drivers.notes_too_long',
  'acme admin: each of the driver''s problems keyed, in order');
select is(tests.refusal(format($$ update public.drivers set notes = repeat('n', 2001) where id = %L $$, (select acme_driver from fx))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "drivers.notes_too_long", "field": "notes", "message": "Notes must be at most 2000 characters", "params": {"max": 2000}}]}'::jsonb,
  'acme admin: notes too long, keyed with the limit, same SQLSTATE, message and English');
select is(pg_temp.keys(format($$ update public.drivers set licence_number = (select licence_number from public.drivers where id = %L) where id = %L $$,
    (select acme_other from fx), (select acme_driver from fx))),
  'licence_number:drivers.licence_number_taken', 'acme admin: another driver''s licence number');
select is(pg_temp.keys(format($$ update public.drivers set licence_number = ' ', licence_expiry = null where id = %L $$, (select acme_driver from fx))),
  'licence_number:drivers.licence_number_required licence_expiry:drivers.licence_expiry_required', 'acme admin: what is required');
select is(pg_temp.keys($$ insert into public.drivers (id, tenant_id, licence_number, licence_class, licence_expiry)
    values (null, 'a0000000-0000-4000-8000-000000000001', 'AB-123', 'standard', current_date + 30) $$),
  'id:drivers.person_required', 'acme admin: a driver needs a person');
select is(pg_temp.keys(format($$ insert into public.drivers (id, tenant_id, licence_number, licence_class, licence_expiry)
    values (%L, 'a0000000-0000-4000-8000-000000000001', 'AB-124', 'standard', current_date + 30) $$, (select acme_dispatcher from fx))),
  'id:drivers.person_not_driver', 'acme admin: a dispatcher is no driver');
reset role;

-- globex's admin, on their own driver
select tests.act_as('admin@globex.test');
select is(pg_temp.keys(format($$ update public.drivers set licence_class = null, phone = 'call me' where id = %L $$, (select globex_driver from fx))),
  'licence_class:drivers.licence_class_invalid phone:drivers.phone_invalid', 'globex admin: their own driver''s problems are keyed');
reset role;

-- The duty switch
select tests.act_as('driver@acme.test');
select is(tests.refusal(format($$ select public.set_driver_status(%L, 'dancing') $$, (select acme_driver from fx))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "drivers.status_invalid", "field": "status", "message": "Status must be offline, available or on_break"}]}'::jsonb,
  'acme driver: a status that does not exist, keyed');
select is(tests.refusal(format($$ select public.set_driver_status(%L, 'offline') $$, (select globex_driver from fx))),
  '{"code": "PT404", "message": "Driver not found", "details": [{"key": "drivers.not_found", "message": "Driver not found"}]}'::jsonb,
  'acme driver: globex''s driver is not found, keyed, same SQLSTATE and message');
reset role;
select tests.act_as('driver@globex.test');
select is(pg_temp.keys(format($$ select public.set_driver_status(%L, 'available') $$, (select acme_driver from fx))),
  '-:drivers.not_found', 'globex driver: acme''s driver is not found');
select is((public.set_driver_status((select globex_driver from fx), 'on_break')).status, 'on_break', 'globex driver: their own right status is saved');
reset role;

select * from finish();
rollback;
