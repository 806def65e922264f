-- Vehicles: who reads and writes them (anon, each panel of acme, globex's admin), every rule of
-- the vehicle form's rules as a database refusal with its {field, message} details, tenant_id
-- fixed at insert, the live topic and who may join it.
begin;
select plan(69);

-- An insert of a vehicle for the caller's tenant, with `patch` merged over a valid row.
create function pg_temp.insert_vehicle(patch jsonb) returns text
language sql
as $$
  select format(
    'insert into public.vehicles (name, code, description, capacity_unit, vehicle_requirements, image_url) select r.name, r.code, r.description, r.capacity_unit, r.vehicle_requirements, r.image_url from jsonb_populate_record(null::public.vehicles, %L::jsonb) r',
    ('{"name": "Test Van", "code": "T-1", "description": "A van", "capacity_unit": 10,
       "vehicle_requirements": {"license_requirements": ["standard"], "special_features": [], "fuel_type": "diesel"}}'::jsonb || patch)::text
  );
$$;

grant execute on all functions in schema pg_temp to anon, authenticated;

-- The seed: four acme vehicles, two of globex.
select is((select count(*)::int from public.vehicles where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 4, 'seed: four acme vehicles');
select is((select count(*)::int from public.vehicles where tenant_id = 'b0000000-0000-4000-8000-000000000001'), 2, 'seed: two globex vehicles');

-- anon
select tests.act_as(null);
select throws_ok($$ select id from public.vehicles $$, '42501', null, 'anon: cannot read vehicles');
select throws_ok(pg_temp.insert_vehicle('{}'), '42501', null, 'anon: cannot insert');

-- customer and driver of acme: nothing.
reset role;
select tests.act_as('customer@acme.test');
select is((select count(*)::int from public.vehicles), 0, 'customer: reads no vehicle');
select throws_ok(pg_temp.insert_vehicle('{"code": "CUST-1"}'), '42501', null, 'customer: cannot insert');
select is(tests.affected($$ update public.vehicles set name = 'X' $$), 0, 'customer: updates nothing');
select is(tests.affected($$ delete from public.vehicles $$), 0, 'customer: deletes nothing');
reset role;
select tests.act_as('driver@acme.test');
select is((select count(*)::int from public.vehicles), 0, 'driver: reads no vehicle');
select throws_ok(pg_temp.insert_vehicle('{"code": "DRV-1"}'), '42501', null, 'driver: cannot insert');
select is(tests.affected($$ update public.vehicles set active = false $$), 0, 'driver: updates nothing');
select is(tests.affected($$ delete from public.vehicles $$), 0, 'driver: deletes nothing');

-- dispatcher of acme: reads acme's, writes nothing.
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select count(*)::int from public.vehicles), 4, 'dispatcher: reads the four acme vehicles');
select is((select count(*)::int from public.vehicles where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'dispatcher: reads nothing of globex');
select throws_ok(pg_temp.insert_vehicle('{"code": "DSP-1"}'), '42501', null, 'dispatcher: cannot insert');
select throws_ok(pg_temp.insert_vehicle('{"code": "", "name": ""}'), '42501', null, 'dispatcher: an invalid insert is refused by RLS, not validated');
select is(tests.affected($$ update public.vehicles set name = 'Renamed' $$), 0, 'dispatcher: updates nothing');
select is(tests.affected($$ delete from public.vehicles $$), 0, 'dispatcher: deletes nothing');

-- admin of acme: the whole cycle.
reset role;
select tests.act_as('admin@acme.test');
select is((select count(*)::int from public.vehicles), 4, 'admin: reads the four acme vehicles');
select lives_ok(pg_temp.insert_vehicle('{"code": "ADM-1", "image_url": "a0000000-0000-4000-8000-000000000001/van.png"}'), 'admin: inserts a valid vehicle');
select is((select tenant_id::text from public.vehicles where code = 'ADM-1'), 'a0000000-0000-4000-8000-000000000001', 'admin: tenant_id defaults to the admin''s tenant');
select is((select active from public.vehicles where code = 'ADM-1'), true, 'admin: active defaults to true');
select is(tests.affected($$ update public.vehicles set name = 'Renamed Van', image_url = 'http://127.0.0.1:54321/storage/v1/object/public/tenants/a0000000-0000-4000-8000-000000000001/abc-van.png' where code = 'ADM-1' $$), 1, 'admin: updates it (a public URL of the tenant''s folder is an image_url)');
select throws_ok($$ update public.vehicles set tenant_id = 'b0000000-0000-4000-8000-000000000001' where code = 'ADM-1' $$, '42501', null, 'admin: tenant_id cannot be changed');
select throws_ok($$ insert into public.vehicles (tenant_id, name, code, description, capacity_unit, vehicle_requirements) values ('b0000000-0000-4000-8000-000000000001', 'Foreign', 'F-1', 'Foreign', 1, '{"license_requirements": ["standard"], "fuel_type": "diesel"}') $$,
  '42501', null, 'admin: cannot insert into another tenant');
select throws_ok($$ insert into public.vehicles (tenant_id, name, code, description, capacity_unit, vehicle_requirements) values ('b0000000-0000-4000-8000-000000000001', 'Foreign', 'GLX-SPR-01', '', 0, '{}') $$,
  '42501', null, 'admin: an invalid insert into another tenant says nothing of its codes, only 42501');
select is(tests.affected($$ delete from public.vehicles where code = 'ADM-1' $$), 1, 'admin: deletes it');

-- Every rule, with its {field, message}.
select throws_ok(pg_temp.insert_vehicle('{"name": "  "}'), '23514', 'Validation failed', 'blank name refused as a validation failure');
select is(tests.details(pg_temp.insert_vehicle('{"name": "  "}')), '[{"key": "vehicles.name_required", "field": "name", "message": "Name is required!"}]', 'blank name: Name is required!');
select is(tests.details(pg_temp.insert_vehicle('{"name": null}')), '[{"key": "vehicles.name_required", "field": "name", "message": "Name is required!"}]', 'missing name: Name is required!');
select is(tests.details(pg_temp.insert_vehicle('{"name": "Caf\u00e9 van"}')), '[{"key": "vehicles.name_not_printable", "field": "name", "message": "Name can only contain letters, numbers, and special characters"}]', 'non-ASCII name refused');
select is(tests.details(pg_temp.insert_vehicle('{"name": "Tab\there"}')), '[{"key": "vehicles.name_not_printable", "field": "name", "message": "Name can only contain letters, numbers, and special characters"}]', 'control character in name refused');
select is(tests.details(pg_temp.insert_vehicle('{"code": ""}')), '[{"key": "vehicles.code_required", "field": "code", "message": "Code is required!"}]', 'empty code: Code is required!');
select is(tests.details(pg_temp.insert_vehicle('{"code": "\u00e9"}')), '[{"key": "vehicles.code_not_printable", "field": "code", "message": "Code can only contain letters, numbers, and special characters"}]', 'non-ASCII code refused');
select is(tests.details(pg_temp.insert_vehicle('{"code": "ACME-VAN-01"}')), '[{"key": "vehicles.code_taken", "field": "code", "message": "Code already exists"}]', 'duplicate code in the tenant: Code already exists');
select is(tests.details(pg_temp.insert_vehicle('{"description": ""}')), '[{"key": "vehicles.description_required", "field": "description", "message": "Description is required!"}]', 'empty description: Description is required!');
select is(tests.details(pg_temp.insert_vehicle('{"description": "line\nbreak"}')), '[{"key": "vehicles.description_not_printable", "field": "description", "message": "Description can only contain letters, numbers, and special characters"}]', 'newline in description refused');
select is(tests.details(pg_temp.insert_vehicle('{"capacity_unit": 0.5}')), '[{"key": "vehicles.capacity_invalid", "field": "capacity_unit", "message": "Capacity unit must be a number and greater than 0!"}]', 'capacity below 1 refused');
select is(tests.details(pg_temp.insert_vehicle('{"capacity_unit": null}')), '[{"key": "vehicles.capacity_invalid", "field": "capacity_unit", "message": "Capacity unit must be a number and greater than 0!"}]', 'missing capacity refused');
select is(tests.details($$ insert into public.vehicles (name, code, description, capacity_unit, vehicle_requirements) values ('N', 'NAN-1', 'D', 'NaN', '{"license_requirements": ["standard"], "fuel_type": "diesel"}') $$),
  '[{"key": "vehicles.capacity_invalid", "field": "capacity_unit", "message": "Capacity unit must be a number and greater than 0!"}]', 'NaN capacity refused');
select lives_ok(pg_temp.insert_vehicle('{"code": "CAP-1", "capacity_unit": 1}'), 'capacity of exactly 1 accepted');
select is(tests.details(pg_temp.insert_vehicle('{"vehicle_requirements": {"license_requirements": [], "fuel_type": "diesel"}}')),
  '[{"key": "vehicles.licences_required", "field": "vehicle_requirements.license_requirements", "message": "At least one license requirement is required!"}]', 'no licence: At least one license requirement is required!');
select is(tests.details(pg_temp.insert_vehicle('{"vehicle_requirements": {"license_requirements": ["pilot"], "fuel_type": "diesel"}}'))->0->>'field',
  'vehicle_requirements.license_requirements', 'unknown licence refused on its field');
select is(tests.details(pg_temp.insert_vehicle('{"vehicle_requirements": {"license_requirements": ["standard"], "special_features": ["jetpack"], "fuel_type": "diesel"}}'))->0->>'field',
  'vehicle_requirements.special_features', 'unknown feature refused on its field');
select is(tests.details(pg_temp.insert_vehicle('{"vehicle_requirements": {"license_requirements": ["standard"]}}')),
  '[{"key": "vehicles.fuel_type_required", "field": "vehicle_requirements.fuel_type", "message": "Fuel type is required!"}]', 'no fuel: Fuel type is required!');
select is(tests.details(pg_temp.insert_vehicle('{"vehicle_requirements": {"license_requirements": ["standard"], "fuel_type": "coal"}}'))->0->>'field',
  'vehicle_requirements.fuel_type', 'unknown fuel refused on its field');
select is(tests.details(pg_temp.insert_vehicle('{"image_url": "b0000000-0000-4000-8000-000000000001/van.png"}')),
  '[{"key": "vehicles.image_not_tenant_file", "field": "image_url", "message": "Image must be a file uploaded to this business''s storage"}]', 'an image of another tenant''s folder refused');
select is(tests.details(pg_temp.insert_vehicle('{"image_url": "a0000000-0000-4000-8000-000000000001/../b/van.png"}'))->0->>'field', 'image_url', 'an image path escaping the folder refused');
select is(tests.details(pg_temp.insert_vehicle('{"image_url": "https://evil.test/van.png"}'))->0->>'field', 'image_url', 'an image elsewhere refused');
select is(tests.details(pg_temp.insert_vehicle('{"name": "", "code": "", "description": "", "capacity_unit": 0, "vehicle_requirements": {}}')),
  '[{"key": "vehicles.name_required", "field": "name", "message": "Name is required!"}, {"key": "vehicles.code_required", "field": "code", "message": "Code is required!"}, {"key": "vehicles.description_required", "field": "description", "message": "Description is required!"}, {"key": "vehicles.capacity_invalid", "field": "capacity_unit", "message": "Capacity unit must be a number and greater than 0!"}, {"key": "vehicles.licences_required", "field": "vehicle_requirements.license_requirements", "message": "At least one license requirement is required!"}, {"key": "vehicles.fuel_type_required", "field": "vehicle_requirements.fuel_type", "message": "Fuel type is required!"}]',
  'an empty form: every field''s message at once, in form order');
select is(tests.details($$ update public.vehicles set capacity_unit = 0 where code = 'ACME-VAN-01' $$),
  '[{"key": "vehicles.capacity_invalid", "field": "capacity_unit", "message": "Capacity unit must be a number and greater than 0!"}]', 'updates are validated too');
select lives_ok($$ update public.vehicles set name = 'City Van One' where code = 'ACME-VAN-01' $$, 'an update keeping its own code is no duplicate');

-- globex admin: only globex.
reset role;
select tests.act_as('admin@globex.test');
select is((select count(*)::int from public.vehicles), 2, 'globex admin: reads the two globex vehicles');
select is(tests.affected($$ update public.vehicles set name = 'Stolen' where tenant_id = 'a0000000-0000-4000-8000-000000000001' $$), 0, 'globex admin: updates nothing of acme');
select is(tests.affected($$ delete from public.vehicles where tenant_id = 'a0000000-0000-4000-8000-000000000001' $$), 0, 'globex admin: deletes nothing of acme');
select lives_ok(pg_temp.insert_vehicle('{"code": "ACME-VAN-01"}'), 'globex admin: a code used by acme is free in globex');

-- The constraints hold for writers that skip the friendly path (service_role skips nothing: the
-- trigger validates it too; here the trigger is bypassed to prove the constraints themselves).
reset role;
alter table public.vehicles disable trigger validate_vehicle;
select throws_ok($$ insert into public.vehicles (tenant_id, name, code, description, capacity_unit, vehicle_requirements) values ('a0000000-0000-4000-8000-000000000001', 'N', 'C-X', 'D', 0, '{"license_requirements": ["standard"], "fuel_type": "diesel"}') $$,
  '23514', 'new row for relation "vehicles" violates check constraint "vehicles_capacity_unit_check"', 'constraint: capacity_unit');
select throws_ok($$ insert into public.vehicles (tenant_id, name, code, description, capacity_unit, vehicle_requirements) values ('a0000000-0000-4000-8000-000000000001', 'N', 'C-X', 'D', 1, '{"license_requirements": [], "fuel_type": "diesel"}') $$,
  '23514', 'new row for relation "vehicles" violates check constraint "vehicles_vehicle_requirements_license_requirements_check"', 'constraint: license_requirements');
select throws_ok($$ insert into public.vehicles (tenant_id, name, code, description, capacity_unit, vehicle_requirements) values ('a0000000-0000-4000-8000-000000000001', 'N', 'C-X', 'D', 1, '{"license_requirements": ["standard"], "fuel_type": "steam"}') $$,
  '23514', 'new row for relation "vehicles" violates check constraint "vehicles_vehicle_requirements_fuel_type_check"', 'constraint: fuel_type');
select throws_ok($$ insert into public.vehicles (tenant_id, name, code, description, capacity_unit, vehicle_requirements) values ('a0000000-0000-4000-8000-000000000001', E'N\u00e9', 'C-X', 'D', 1, '{"license_requirements": ["standard"], "fuel_type": "diesel"}') $$,
  '23514', 'new row for relation "vehicles" violates check constraint "vehicles_name_check"', 'constraint: name');
select throws_ok($$ insert into public.vehicles (tenant_id, name, code, description, capacity_unit, vehicle_requirements) values ('a0000000-0000-4000-8000-000000000001', 'N', 'ACME-TRK-07', 'D', 1, '{"license_requirements": ["standard"], "fuel_type": "diesel"}') $$,
  '23505', null, 'constraint: code unique per tenant');
alter table public.vehicles enable trigger validate_vehicle;

-- Live: every change goes to tenant:<tenant>:vehicles, privately.
delete from realtime.messages;
update public.vehicles set active = false where code = 'ACME-TRK-07';
select results_eq(
  $$ select topic, event, payload #>> '{record,code}' from realtime.messages $$,
  $$ values ('tenant:a0000000-0000-4000-8000-000000000001:vehicles', 'UPDATE', 'ACME-TRK-07') $$,
  'update: broadcast to tenant:<tenant>:vehicles'
);
select is(
  (select payload - 'id' from realtime.messages),
  (select jsonb_build_object('operation', 'UPDATE', 'table', 'vehicles', 'schema', 'public', 'record', to_jsonb(v), 'old_record', jsonb_build_object('id', v.id))
     from public.vehicles v where code = 'ACME-TRK-07'),
  'update: the new row once, the old one as its key'
);
delete from realtime.messages;
insert into public.vehicles (tenant_id, name, code, description, capacity_unit, vehicle_requirements)
  values ('a0000000-0000-4000-8000-000000000001', 'Spare van', 'ACME-SPARE-1', 'D', 1, '{"license_requirements": ["standard"], "fuel_type": "diesel"}');
delete from public.vehicles where code = 'ACME-SPARE-1';
select results_eq(
  $$ select event, payload ->> 'operation', payload #>> '{record,code}', payload -> 'old_record' = 'null'::jsonb from realtime.messages where event = 'INSERT' $$,
  $$ values ('INSERT', 'INSERT', 'ACME-SPARE-1', true) $$,
  'insert: the new row, no old one'
);
select results_eq(
  $$ select event, payload -> 'record' = 'null'::jsonb, jsonb_object_keys(payload -> 'old_record') from realtime.messages where event = 'DELETE' $$,
  $$ values ('DELETE', true, 'id') $$,
  'delete: the old row as its key'
);
select ok(tests.may_receive('admin@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:vehicles'), 'admin: joins the vehicles topic');
select ok(tests.may_receive('dispatcher@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:vehicles'), 'dispatcher: joins the vehicles topic');
select ok(not tests.may_receive('driver@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:vehicles')
  and not tests.may_receive('customer@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:vehicles'), 'driver and customer: not the vehicles topic');
select ok(not tests.may_receive('dispatcher@globex.test', 'tenant:a0000000-0000-4000-8000-000000000001:vehicles'), 'globex dispatcher: not acme''s vehicles topic');

select * from finish();
rollback;
