-- Warehouses, their staff, their location trees and suppliers: who reads and writes them (anon,
-- each panel of acme, warehouse staff of each kind, globex), the access modes of
-- private.can_access_warehouse, the location hierarchy in every combination, the generated
-- location codes, and the spec's messages as {field, message} details.
begin;
select plan(100);

-- An insert of a location, `patch` merged over a valid zone of acme's Bayview.
create function pg_temp.insert_location(patch jsonb) returns text
language sql
as $$
  select format(
    'insert into public.warehouse_locations (warehouse_id, location_type, name, parent_id, status, position) select r.warehouse_id, r.location_type, r.name, r.parent_id, r.status, r.position from jsonb_populate_record(null::public.warehouse_locations, %L::jsonb) r',
    ('{"warehouse_id": "a5000000-0000-4000-8000-000000000001", "location_type": "zone", "name": "Test zone", "status": "active", "position": {}}'::jsonb || patch)::text
  );
$$;

-- The id of a location of a warehouse by its code (as the test's superuser).
create function pg_temp.loc(warehouse uuid, code text) returns uuid
language sql
as $$
  select id from public.warehouse_locations where warehouse_id = warehouse and code = $2;
$$;

create function pg_temp.save(id uuid, patch jsonb) returns text
language sql
as $$
  select format('select public.save_warehouse(%L, %L::jsonb)', id,
    ('{"name": "Test Site", "code": "TST-1", "address_id": "a4000000-0000-4000-8000-000000000001", "status": "active", "total_capacity": 100, "available_capacity": 50, "access_mode": "all_users", "user_ids": [], "features": {"security_level": "medium", "dock_doors": 2}}'::jsonb || patch)::text);
$$;

-- How many warehouses, locations and roster rows of a warehouse `who` sees.
create function pg_temp.sees(who text, warehouse uuid) returns text
language plpgsql
as $$
declare
  result text;
begin
  perform tests.act_as(who);
  select (select count(*) from public.warehouses w where w.id = warehouse)::text || '/'
      || (select count(*) from public.warehouse_locations l where l.warehouse_id = warehouse)::text || '/'
      || (select count(*) from public.warehouse_staff s where s.warehouse_id = warehouse)::text
    into result;
  reset role;
  return result;
end;
$$;

grant execute on all functions in schema pg_temp to anon, authenticated;

-- The seed.
select is((select count(*)::int from public.warehouses where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 2, 'seed: two acme warehouses');
select is((select count(*)::int from public.warehouses where tenant_id = 'b0000000-0000-4000-8000-000000000001'), 2, 'seed: two globex warehouses');
select is((select count(*)::int from public.warehouse_locations where warehouse_id = 'a5000000-0000-4000-8000-000000000001'), 130, 'seed: 2 zones, 8 aisles, 24 shelves, 96 bins in Bayview');
select is((select count(*)::int from public.warehouse_locations where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and location_type = 'bin'), 96, 'seed: 96 bins');
select is((select name from public.warehouse_locations where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and code = 'Z1-A03-S2-B04'), 'Bin 4', 'codes: Z1-A03-S2-B04 names a bin');
select is((select count(distinct role)::int from public.warehouse_staff where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 6, 'seed: acme staff in every role');
select is((select count(*)::int from public.suppliers where tenant_id = 'b0000000-0000-4000-8000-000000000001'), 5, 'seed: five globex suppliers');

-- anon
select tests.act_as(null);
select throws_ok($$ select id from public.warehouses $$, '42501', null, 'anon: cannot read warehouses');
select throws_ok($$ select id from public.warehouse_locations $$, '42501', null, 'anon: cannot read locations');
select throws_ok($$ select id from public.suppliers $$, '42501', null, 'anon: cannot read suppliers');
select throws_ok($$ select public.save_warehouse(null, '{}') $$, '42501', null, 'anon: cannot save a warehouse');
reset role;

-- Access modes, as warehouse/locations/roster counts.
-- Bayview (all_users): its staff (the dispatcher is its liaison) see it; people who do not work there do not.
select is(pg_temp.sees('admin@acme.test', 'a5000000-0000-4000-8000-000000000001'), '1/130/7', 'all_users: the admin sees everything');
select is(pg_temp.sees('maya.chen@acmelogistics.example', 'a5000000-0000-4000-8000-000000000001'), '1/130/7', 'all_users: a staff member sees it');
select is(pg_temp.sees('dispatcher@acme.test', 'a5000000-0000-4000-8000-000000000001'), '1/130/7', 'all_users: the dispatcher liaison sees it');
select is(pg_temp.sees('dispatcher@globex.test', 'b5000000-0000-4000-8000-000000000002'), '0/0/0', 'all_users: a dispatcher not on the roster sees nothing');
select is(pg_temp.sees('customer@acme.test', 'a5000000-0000-4000-8000-000000000001'), '0/0/0', 'all_users: a customer who does not work there sees nothing');
select is(pg_temp.sees('driver@acme.test', 'a5000000-0000-4000-8000-000000000001'), '0/0/0', 'all_users: a driver sees nothing');
select is(pg_temp.sees('admin@globex.test', 'a5000000-0000-4000-8000-000000000001'), '0/0/0', 'cross-tenant: globex''s admin sees nothing of acme');
-- Dogpatch (select_users: Maya and Tyrone).
select is(pg_temp.sees('maya.chen@acmelogistics.example', 'a5000000-0000-4000-8000-000000000002'), '1/130/4', 'select_users: a listed manager sees it');
select is(pg_temp.sees('tyrone.jackson@acmelogistics.example', 'a5000000-0000-4000-8000-000000000002'), '1/130/4', 'select_users: a listed picker sees it');
select is(pg_temp.sees('customer@acme.test', 'a5000000-0000-4000-8000-000000000002'), '0/0/1', 'select_users: an unlisted picker sees only their own roster row');
select is(pg_temp.sees('sofia.rossi@acmelogistics.example', 'a5000000-0000-4000-8000-000000000002'), '0/0/1', 'select_users: an unlisted (inactive) packer sees only their own roster row');
select is(pg_temp.sees('marcus.reyes@acmelogistics.example', 'a5000000-0000-4000-8000-000000000002'), '0/0/0', 'select_users: staff of another warehouse see nothing');
select is(pg_temp.sees('dispatcher@acme.test', 'a5000000-0000-4000-8000-000000000002'), '0/0/0', 'select_users: an unlisted dispatcher sees nothing');
select is(pg_temp.sees('admin@acme.test', 'a5000000-0000-4000-8000-000000000002'), '1/130/4', 'select_users: the admin always sees it');
-- Park Royal (exclude_users: Emily).
select is(pg_temp.sees('oliver.bennett@globexfreight.example', 'b5000000-0000-4000-8000-000000000001'), '1/130/7', 'exclude_users: staff not excluded see it');
select is(pg_temp.sees('emily.clarke@globexfreight.example', 'b5000000-0000-4000-8000-000000000001'), '0/0/1', 'exclude_users: an excluded picker sees only their own roster row');
select is(pg_temp.sees('dispatcher@globex.test', 'b5000000-0000-4000-8000-000000000001'), '1/130/7', 'exclude_users: a liaison not excluded sees it');
select is(pg_temp.sees('admin@acme.test', 'b5000000-0000-4000-8000-000000000001'), '0/0/0', 'cross-tenant: acme''s admin sees nothing of globex');
-- Changing the mode changes access at once.
update public.warehouses set access_mode = 'exclude_users', user_ids = array['a5100000-0000-4000-8000-000000000004']::uuid[]
  where id = 'a5000000-0000-4000-8000-000000000002';
select is(pg_temp.sees('customer@acme.test', 'a5000000-0000-4000-8000-000000000002'), '1/130/4', 'exclude_users: the picker not excluded now sees it');
select is(pg_temp.sees('tyrone.jackson@acmelogistics.example', 'a5000000-0000-4000-8000-000000000002'), '0/0/1', 'exclude_users: the excluded picker now does not');
select is(pg_temp.sees('sofia.rossi@acmelogistics.example', 'a5000000-0000-4000-8000-000000000002'), '0/0/1', 'an inactive roster row gives no access');

-- Warehouse writes: only admins; the spec's messages.
select tests.act_as('maya.chen@acmelogistics.example');
select throws_ok(pg_temp.save(null, '{}'), '42501', null, 'staff: cannot create a warehouse');
select is(tests.affected($$ update public.warehouses set name = 'X' $$), 0, 'staff: updates no warehouse');
select is(tests.affected($$ update public.warehouse_locations set name = 'X' $$), 0, 'staff: updates no location');
reset role;
select tests.act_as('admin@acme.test');
select is((select (public.save_warehouse(null, '{"name": "Potrero Annex", "code": "SF-POT", "address_id": "a4000000-0000-4000-8000-000000000001", "status": "active", "total_capacity": 900, "available_capacity": 900, "access_mode": "all_users", "user_ids": [], "features": {"dock_doors": 3}}') ->> 'message')),
  'Warehouse created successfully', 'admin: creating answers with the server''s message');
select is((select features ->> 'security_level' from public.warehouses where code = 'SF-POT'), 'medium', 'created: security level defaults to medium');
select is((select public.save_warehouse((select id from public.warehouses where code = 'SF-POT'), '{"status": "full", "available_capacity": 0}') ->> 'message'),
  'Warehouse updated successfully', 'admin: updating answers with the server''s message');
select is((select status from public.warehouses where code = 'SF-POT'), 'full', 'updated: the status is stored');
select is(tests.message_of(pg_temp.save(null, '{"name": ""}'), 'name'), 'Warehouse name is required!', 'name required');
select is(tests.message_of(pg_temp.save(null, '{"code": " "}'), 'code'), 'Warehouse code is required!', 'code required');
select is(tests.message_of(pg_temp.save(null, '{"code": "SF-BAY"}'), 'code'), 'Warehouse code already exists', 'code unique per tenant');
select is(tests.message_of(pg_temp.save(null, '{"address_id": null}'), 'address_id'), 'Address is required!', 'address required');
select is(tests.message_of(pg_temp.save(null, '{"address_id": "b4000000-0000-4000-8000-000000000002"}'), 'address_id'),
  'Address must be one of this business''s addresses', 'another tenant''s address is refused');
select is(tests.message_of(pg_temp.save(null, '{"status": null}'), 'status'), 'Status is required!', 'status required');
select is(tests.message_of(pg_temp.save(null, '{"access_mode": null}'), 'access_mode'), 'Access mode is required!', 'access mode required');
select is(tests.message_of(pg_temp.save(null, '{"access_mode": "select_users", "user_ids": []}'), 'user_ids'),
  'Users are required when access mode is not "All Users"', 'select_users needs users');
select is(tests.message_of(pg_temp.save(null, '{"access_mode": "exclude_users", "user_ids": ["b2000000-0000-4000-8000-000000000001"]}'), 'user_ids'),
  'Users must be people of this business', 'users of another tenant are refused');
select is(tests.message_of(pg_temp.save(null, '{"total_capacity": -1, "available_capacity": 0}'), 'total_capacity'), 'Total capacity must be at least 0', 'total capacity at least 0');
select is(tests.message_of(pg_temp.save(null, '{"total_capacity": 10, "available_capacity": 11}'), 'available_capacity'),
  'Available capacity cannot exceed total capacity', 'available not above total');
select is(tests.message_of(pg_temp.save(null, '{"features": {"dock_doors": -2}}'), 'features.dock_doors'), 'Dock doors must be at least 0', 'dock doors at least 0');
select is(tests.message_of(pg_temp.save(null, '{"status": "closed"}'), 'status'), 'Status must be active, inactive, maintenance or full', 'unknown status refused');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok(pg_temp.save('a5000000-0000-4000-8000-000000000001', '{}'), 'PT404', 'Warehouse not found', 'cross-tenant: globex cannot update acme''s warehouse');
select is(tests.affected($$ delete from public.warehouses where tenant_id = 'a0000000-0000-4000-8000-000000000001' $$), 0, 'cross-tenant: deletes nothing of acme');
select throws_ok($$ insert into public.warehouses (tenant_id, name, code, address_id) values ('a0000000-0000-4000-8000-000000000001', 'X', 'X', 'a4000000-0000-4000-8000-000000000001') $$,
  '42501', null, 'cross-tenant: cannot insert into acme');
reset role;

-- The hierarchy, as acme's admin in Bayview (Z1 ... of the seed) and Dogpatch.
select tests.act_as('admin@acme.test');
select is(tests.message_of(pg_temp.insert_location(format('{"parent_id": "%s"}', pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1'))::jsonb), 'parent_id'),
  'A zone cannot have a parent', 'zone under a zone refused');
select is(tests.message_of(pg_temp.insert_location(format('{"parent_id": "%s"}', pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1-A01'))::jsonb), 'parent_id'),
  'A zone cannot have a parent', 'zone under an aisle refused');
select is(tests.message_of(pg_temp.insert_location('{"location_type": "aisle"}'), 'parent_id'), 'An aisle needs a parent zone', 'aisle without parent refused');
select is(tests.message_of(pg_temp.insert_location('{"location_type": "shelf"}'), 'parent_id'), 'A shelf needs a parent aisle', 'shelf without parent refused');
select is(tests.message_of(pg_temp.insert_location('{"location_type": "bin"}'), 'parent_id'), 'A bin needs a parent shelf', 'bin without parent refused');
select is(tests.message_of(pg_temp.insert_location(format('{"location_type": "aisle", "parent_id": "%s"}', pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1-A01'))::jsonb), 'parent_id'),
  'The parent of an aisle must be a zone', 'aisle under an aisle refused');
select is(tests.message_of(pg_temp.insert_location(format('{"location_type": "aisle", "parent_id": "%s"}', pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1-A01-S1'))::jsonb), 'parent_id'),
  'The parent of an aisle must be a zone', 'aisle under a shelf refused');
select is(tests.message_of(pg_temp.insert_location(format('{"location_type": "aisle", "parent_id": "%s"}', pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01'))::jsonb), 'parent_id'),
  'The parent of an aisle must be a zone', 'aisle under a bin refused');
select is(tests.message_of(pg_temp.insert_location(format('{"location_type": "shelf", "parent_id": "%s"}', pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1'))::jsonb), 'parent_id'),
  'The parent of a shelf must be an aisle', 'shelf under a zone refused');
select is(tests.message_of(pg_temp.insert_location(format('{"location_type": "shelf", "parent_id": "%s"}', pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1-A01-S1'))::jsonb), 'parent_id'),
  'The parent of a shelf must be an aisle', 'shelf under a shelf refused');
select is(tests.message_of(pg_temp.insert_location(format('{"location_type": "shelf", "parent_id": "%s"}', pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01'))::jsonb), 'parent_id'),
  'The parent of a shelf must be an aisle', 'shelf under a bin refused');
select is(tests.message_of(pg_temp.insert_location(format('{"location_type": "bin", "parent_id": "%s"}', pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1'))::jsonb), 'parent_id'),
  'The parent of a bin must be a shelf', 'bin under a zone refused');
select is(tests.message_of(pg_temp.insert_location(format('{"location_type": "bin", "parent_id": "%s"}', pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1-A01'))::jsonb), 'parent_id'),
  'The parent of a bin must be a shelf', 'bin under an aisle refused');
select is(tests.message_of(pg_temp.insert_location(format('{"location_type": "bin", "parent_id": "%s"}', pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01'))::jsonb), 'parent_id'),
  'The parent of a bin must be a shelf', 'bin under a bin refused');
select is(tests.message_of(pg_temp.insert_location(format('{"location_type": "aisle", "parent_id": "%s"}', pg_temp.loc('a5000000-0000-4000-8000-000000000002', 'Z1'))::jsonb), 'parent_id'),
  'The parent must be in the same warehouse', 'a parent in another warehouse refused');
select is(tests.message_of(pg_temp.insert_location('{"warehouse_id": null}'), 'warehouse_id'), 'Warehouse is required!', 'warehouse required');
select is(tests.message_of(pg_temp.insert_location('{"location_type": "room"}'), 'location_type'), 'Invalid location type', 'unknown type refused');
select is(tests.message_of(pg_temp.insert_location('{"name": " "}'), 'name'), 'Name is required!', 'name required');
select is(tests.message_of(pg_temp.insert_location('{"status": "closed"}'), 'status'), 'Invalid status', 'unknown status refused');
select is(tests.message_of(pg_temp.insert_location('{"position": {"number": 3}}'), 'position'), 'Position fields must match the location type', 'aisle position on a zone refused');
select is(tests.message_of(pg_temp.insert_location(format('{"location_type": "bin", "parent_id": "%s", "position": {"position": "top"}}', pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1-A01-S1'))::jsonb), 'position.position'),
  'Bin position must be front, back, left, right or center', 'unknown bin position refused');

-- Valid combinations, and the generated codes.
select lives_ok(pg_temp.insert_location('{"name": "Returns", "position": {"floor": 0, "area": "Mezzanine"}}'), 'a zone without parent is accepted');
select is((select code from public.warehouse_locations where name = 'Returns'), 'Z3', 'the third zone is Z3');
select is((select metadata -> 'temperature_range' from public.warehouse_locations where name = 'Returns'), '{"max": 25, "min": 15}'::jsonb, 'temperature range defaults to 15 to 25');
select lives_ok(pg_temp.insert_location(format('{"location_type": "aisle", "name": "Aisle R1", "parent_id": "%s", "position": {"number": 1, "section": "East"}}',
  pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1'))::jsonb), 'an aisle under a zone is accepted');
select is((select code from public.warehouse_locations where name = 'Aisle R1'), 'Z1-A05', 'the fifth aisle of Z1 is Z1-A05');
select lives_ok(pg_temp.insert_location(format('{"location_type": "shelf", "name": "Shelf R1", "parent_id": "%s", "position": {"height": 40, "sequence": 1}}',
  pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1-A05'))::jsonb), 'a shelf under an aisle is accepted');
select lives_ok(pg_temp.insert_location(format('{"location_type": "bin", "name": "Bin R1", "parent_id": "%s", "position": {"position": "center", "sequence": 1}}',
  pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1-A05-S1'))::jsonb), 'a bin under a shelf is accepted');
select is((select code from public.warehouse_locations where name = 'Bin R1'), 'Z1-A05-S1-B01', 'the bin''s code is its path');
select is(tests.message_of(format($$ update public.warehouse_locations set location_type = 'shelf', parent_id = %L where name = 'Aisle R1' $$,
  pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1-A01')), 'location_type'), 'A location with sub-locations cannot change its type', 'a parent keeps its type');
select lives_ok(format($$ update public.warehouse_locations set parent_id = %L where name = 'Aisle R1' $$, pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z2')),
  'an aisle moves to another zone');
select is((select code from public.warehouse_locations where name = 'Bin R1'), 'Z2-A05-S1-B01', 'the moved aisle''s bins follow its new code');
select throws_ok(format($$ delete from public.warehouse_locations where id = %L $$, pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z2-A05')),
  '23503', null, 'a location with sub-locations cannot be removed');
reset role;
select tests.act_as('admin@globex.test');
select is(tests.affected($$ update public.warehouse_locations set name = 'X' where tenant_id = 'a0000000-0000-4000-8000-000000000001' $$), 0, 'cross-tenant: globex updates no acme location');
select is(tests.message_of(pg_temp.insert_location('{}'), 'warehouse_id'), 'Warehouse not found', 'cross-tenant: globex cannot add a location to acme''s warehouse');
reset role;

-- Staff.
select tests.act_as('admin@acme.test');
select lives_ok($$ insert into public.warehouse_staff (warehouse_id, user_id, role) values ('a5000000-0000-4000-8000-000000000002', 'a5100000-0000-4000-8000-000000000002', 'supervisor') $$,
  'admin: adds a supervisor to Dogpatch');
select is(tests.message_of($$ insert into public.warehouse_staff (warehouse_id, user_id, role) values ('a5000000-0000-4000-8000-000000000002', 'a5100000-0000-4000-8000-000000000002', 'picker') $$, 'user_id'),
  'This person already works at this warehouse', 'one roster row per person and warehouse');
select is(tests.message_of($$ insert into public.warehouse_staff (warehouse_id, user_id, role) values ('a5000000-0000-4000-8000-000000000001', 'b5100000-0000-4000-8000-000000000001', 'picker') $$, 'user_id'),
  'User must be a person of this business', 'another tenant''s person is refused');
select is(tests.message_of($$ insert into public.warehouse_staff (warehouse_id, user_id, role) values ('a5000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000003', 'janitor') $$, 'role'),
  'Invalid role', 'unknown role refused');
reset role;
select tests.act_as('maya.chen@acmelogistics.example');
select throws_ok($$ insert into public.warehouse_staff (warehouse_id, user_id, role) values ('a5000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000003', 'picker') $$,
  '42501', null, 'staff: cannot change the roster');
reset role;

-- Suppliers.
select tests.act_as('dispatcher@acme.test');
select is((select count(*)::int from public.suppliers), 5, 'dispatcher: reads the tenant''s suppliers');
reset role;
select tests.act_as('driver@acme.test');
select is((select count(*)::int from public.suppliers), 0, 'driver: reads no supplier');
reset role;
select tests.act_as('admin@acme.test');
select is(tests.message_of($$ insert into public.suppliers (name, code, contact_email) values ('Acme Parts', 'SUP-GGP', 'bad') $$, 'code'), 'Supplier code already exists', 'supplier code unique');
select is(tests.message_of($$ insert into public.suppliers (name, code, contact_email) values ('Acme Parts', 'SUP-NEW', 'bad') $$, 'contact_email'), 'Valid email is required', 'supplier email checked');
reset role;
select tests.act_as('admin@globex.test');
select is((select count(*)::int from public.suppliers where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'cross-tenant: globex reads no acme supplier');
reset role;

select * from finish();
rollback;
