-- Addresses: the seed's address books, who reads and writes them (anon, every panel of acme,
-- globex's), one Default per owner, every message of the address form as a database
-- refusal with its {field, message} details, the shapes of metadata and contact_info, and an
-- audit row for each change.
begin;
select plan(83);

-- An insert of an address with `patch` merged over a valid one (user_id and tenant_id as given).
create function pg_temp.insert_address(patch jsonb) returns text
language sql
as $$
  select format(
    'insert into public.addresses (tenant_id, user_id, title, address_type, address_line1, address_line2, building, street, city, state, postal_code, country, latitude, longitude, is_primary, metadata, contact_info)
     select coalesce(r.tenant_id, (select private.current_tenant_id())), r.user_id, r.title, r.address_type, r.address_line1, r.address_line2, r.building, r.street, r.city, r.state, r.postal_code, r.country, r.latitude, r.longitude, r.is_primary, r.metadata, r.contact_info
     from jsonb_populate_record(null::public.addresses, %L::jsonb) r',
    ('{"title": {"en": "Test"}, "address_type": "shipping", "address_line1": "1 Test St", "building": "Test House", "street": "Test St",
       "city": "San Francisco", "state": "CA", "postal_code": "94103", "country": "United States", "latitude": 37.77, "longitude": -122.41,
       "is_primary": false, "metadata": {}, "contact_info": {"full_name": "Test Person", "phone": "+1 415 555 0100", "email": "test@example.com"}}'::jsonb || patch)::text
  );
$$;

-- The message the database answers for one field when `patch` breaks it.
create function pg_temp.message_for(patch jsonb, field text) returns text
language sql
as $$
  select e ->> 'message' from jsonb_array_elements(tests.details(pg_temp.insert_address(patch))) e where e ->> 'field' = field limit 1;
$$;

grant execute on all functions in schema pg_temp to anon, authenticated;

-- How many addresses acme has, counted by the test's superuser.
create temporary table acme_address_count as
  select count(*)::int as n from public.addresses where tenant_id = 'a0000000-0000-4000-8000-000000000001';
grant select on acme_address_count to authenticated;

-- The seed: every customer has 3 to 6 addresses, one Default, billing and shipping, in the tenant's city.
select is(
  (select count(*)::int from public.profiles p where p.panel_type = 'customer'
     and (select count(*) from public.addresses a where a.user_id = p.id) not between 3 and 6),
  0, 'seed: every customer has 3 to 6 addresses');
select is(
  (select count(*)::int from public.profiles p where p.panel_type = 'customer'
     and (select count(*) from public.addresses a where a.user_id = p.id and a.is_primary) <> 1),
  0, 'seed: every customer has exactly one Default');
select is(
  (select count(*)::int from public.profiles p where p.panel_type = 'customer'
     and not (exists (select 1 from public.addresses a where a.user_id = p.id and a.address_type = 'billing')
          and exists (select 1 from public.addresses a where a.user_id = p.id and a.address_type = 'shipping'))),
  0, 'seed: every customer has a billing and a shipping address');
select is((select count(*)::int from public.addresses where tenant_id = 'a0000000-0000-4000-8000-000000000001' and user_id is not null and city <> 'San Francisco'), 0,
  'seed: acme''s customers live in San Francisco');
select is((select count(*)::int from public.addresses where tenant_id = 'b0000000-0000-4000-8000-000000000001' and user_id is not null and city <> 'London'), 0,
  'seed: globex''s customers live in London');
select is((select count(*)::int from public.addresses where user_id is not null and (latitude is null or longitude is null)), 0, 'seed: every customer address has coordinates');
select is((select count(*)::int from public.addresses a where jsonb_array_length(private.address_problems(a)) > 0), 0, 'seed: every address passes the form''s rules');
select is((select full_address from public.addresses where id = 'a4000000-0000-4000-8000-000000000001'),
  'Mission Bay Depot, Terry A Francois Blvd, San Francisco, CA, United States', 'full_address joins building, street, city, state and country');

-- anon
select tests.act_as(null);
select throws_ok($$ select id from public.addresses $$, '42501', null, 'anon: cannot read addresses');
select throws_ok(pg_temp.insert_address('{"user_id": null, "tenant_id": "a0000000-0000-4000-8000-000000000001"}'), '42501', null, 'anon: cannot insert');

-- customer of acme: their own only.
reset role;
select tests.act_as('customer@acme.test');
select is((select count(*)::int from public.addresses), (select count(*)::int from public.addresses where user_id = 'a1000000-0000-4000-8000-000000000004'),
  'customer: reads their own addresses');
select ok((select count(*) from public.addresses) between 3 and 6, 'customer: the seed gave them 3 to 6');
select is((select count(*)::int from public.addresses where user_id is distinct from 'a1000000-0000-4000-8000-000000000004'), 0,
  'customer: reads no one else''s, nor the tenant''s own');
select lives_ok(pg_temp.insert_address('{"user_id": "a1000000-0000-4000-8000-000000000004", "title": {"en": "Cabin"}}'), 'customer: adds their own address');
select throws_ok(pg_temp.insert_address('{"user_id": "a1000000-0000-4000-8000-000000000005"}'), '42501', null, 'customer: cannot add one for another person');
select throws_ok(pg_temp.insert_address('{"user_id": null}'), '42501', null, 'customer: cannot add one of the tenant''s');
select throws_ok(pg_temp.insert_address('{"user_id": "a1000000-0000-4000-8000-000000000004", "tenant_id": "b0000000-0000-4000-8000-000000000001"}'),
  '42501', null, 'customer: cannot add one in another tenant');
select is(tests.affected($$ update public.addresses set building = 'Renamed' where user_id = 'a1000000-0000-4000-8000-000000000005' $$), 0,
  'customer: updates no one else''s');
select is(tests.affected($$ update public.addresses set is_primary = true where title ->> 'en' = 'Cabin' $$), 1, 'customer: makes their new address the Default');
select is((select count(*)::int from public.addresses where is_primary), 1, 'customer: still one Default');
select is((select title ->> 'en' from public.addresses where is_primary), 'Cabin', 'customer: the new one is it, the old one cleared');
select is(tests.affected($$ delete from public.addresses where user_id = 'a1000000-0000-4000-8000-000000000005' $$), 0, 'customer: deletes no one else''s');
select is(tests.affected($$ delete from public.addresses where title ->> 'en' = 'Cabin' $$), 1, 'customer: deletes their own');

-- Every message of the address form, as the form shows it, for the field the form names.
select is(pg_temp.message_for('{"user_id": "a1000000-0000-4000-8000-000000000004", "contact_info": {"full_name": " ", "phone": "+1 415 555 0100", "email": "a@b.co"}}', 'contact_info.full_name'),
  'Full name is required', 'message: full name');
select is(pg_temp.message_for('{"user_id": "a1000000-0000-4000-8000-000000000004", "contact_info": {"full_name": "A", "phone": "+1 415 555 0100", "email": "not-an-email"}}', 'contact_info.email'),
  'Valid email is required', 'message: email');
select is(pg_temp.message_for('{"user_id": "a1000000-0000-4000-8000-000000000004", "contact_info": {"full_name": "A", "phone": "", "email": "a@b.co"}}', 'contact_info.phone'),
  'Phone number is required', 'message: phone required');
select is(pg_temp.message_for('{"user_id": "a1000000-0000-4000-8000-000000000004", "contact_info": {"full_name": "A", "phone": "+1 415 555", "email": "a@b.co"}}', 'contact_info.phone'),
  'Please enter a valid phone number with at least 10 digits', 'message: phone digits');
select is(pg_temp.message_for('{"user_id": "a1000000-0000-4000-8000-000000000004", "address_line1": ""}', 'address_line1'), 'Address line 1 is required', 'message: address line 1');
select is(pg_temp.message_for('{"user_id": "a1000000-0000-4000-8000-000000000004", "building": " "}', 'building'), 'Building name is required', 'message: building');
select is(pg_temp.message_for('{"user_id": "a1000000-0000-4000-8000-000000000004", "street": ""}', 'street'), 'Street is required', 'message: street');
select is(pg_temp.message_for('{"user_id": "a1000000-0000-4000-8000-000000000004", "city": ""}', 'city'), 'City is required', 'message: city');
select is(pg_temp.message_for('{"user_id": "a1000000-0000-4000-8000-000000000004", "state": ""}', 'state'), 'State is required', 'message: state');
select is(pg_temp.message_for('{"user_id": "a1000000-0000-4000-8000-000000000004", "postal_code": ""}', 'postal_code'), 'Postal code is required', 'message: postal code required');
select is(pg_temp.message_for('{"user_id": "a1000000-0000-4000-8000-000000000004", "postal_code": "SW1A 1AA"}', 'postal_code'), 'Postal code must be less than 6 characters', 'message: postal code length');
select is(pg_temp.message_for('{"user_id": "a1000000-0000-4000-8000-000000000004", "country": ""}', 'country'), 'Country is required', 'message: country');
select is((select array_agg(e ->> 'field' order by e ->> 'field') from jsonb_array_elements(tests.details(pg_temp.insert_address(
    '{"user_id": "a1000000-0000-4000-8000-000000000004", "address_line1": "", "city": "", "contact_info": {}}'))) e),
  array['address_line1', 'city', 'contact_info.email', 'contact_info.full_name', 'contact_info.phone'], 'every broken field is answered at once, and only those');
select throws_ok(pg_temp.insert_address('{"user_id": "a1000000-0000-4000-8000-000000000004", "city": ""}'), '23514', 'Validation failed', 'a refusal is SQLSTATE 23514 ''Validation failed''');
select is(pg_temp.message_for('{"user_id": "a1000000-0000-4000-8000-000000000004", "latitude": 91}', 'latitude'),
  'Coordinates must be a latitude from -90 to 90 and a longitude from -180 to 180', 'coordinates out of range are refused');
select throws_ok(pg_temp.insert_address('{"user_id": "a1000000-0000-4000-8000-000000000004", "contact_info": {"full_name": "A", "phone": "+1 415 555 0100", "email": "a@b.co", "password": "x"}}'),
  '23514', null, 'contact_info: a key outside full_name, phone and email is refused');
select throws_ok(pg_temp.insert_address('{"user_id": "a1000000-0000-4000-8000-000000000004", "metadata": {"location": {"lat": "north", "lng": 1}}}'),
  '23514', null, 'metadata: a location that is not {lat, lng} numbers is refused');
select throws_ok(pg_temp.insert_address('{"user_id": "a1000000-0000-4000-8000-000000000004", "metadata": {"tracking": true}}'),
  '23514', null, 'metadata: an unknown key is refused');
select throws_ok(pg_temp.insert_address('{"user_id": "a1000000-0000-4000-8000-000000000004", "address_type": "office"}'),
  '23514', null, 'address_type: only user, billing or shipping');

-- driver of acme: their own (none) and no customer's.
reset role;
select tests.act_as('driver@acme.test');
select is((select count(*)::int from public.addresses where user_id is distinct from 'a1000000-0000-4000-8000-000000000003'), 0, 'driver: reads no one else''s address');
select throws_ok(pg_temp.insert_address('{"user_id": "a1000000-0000-4000-8000-000000000004"}'), '42501', null, 'driver: cannot add one for a customer');
select is(tests.affected($$ update public.addresses set building = 'X' $$), 0, 'driver: updates nothing of others');
select is(tests.affected($$ delete from public.addresses $$), 0, 'driver: deletes nothing of others');

-- dispatcher of acme: reads all of acme, writes nothing of others.
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select count(*)::int from public.addresses), (select n from acme_address_count), 'dispatcher: reads every address of acme (the tenant''s and its people''s)');
select is((select count(*)::int from public.addresses where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'dispatcher: reads nothing of globex');
select throws_ok(pg_temp.insert_address('{"user_id": "a1000000-0000-4000-8000-000000000004"}'), '42501', null, 'dispatcher: cannot add one for a customer');
select throws_ok(pg_temp.insert_address('{"user_id": null}'), '42501', null, 'dispatcher: cannot add one of the tenant''s');
select is(tests.affected($$ update public.addresses set building = 'Renamed' where user_id is distinct from 'a1000000-0000-4000-8000-000000000002' $$), 0, 'dispatcher: updates nothing of others');
select is(tests.affected($$ delete from public.addresses where user_id is distinct from 'a1000000-0000-4000-8000-000000000002' $$), 0, 'dispatcher: deletes nothing of others');

-- admin of acme: all of acme, nothing of globex.
reset role;
select tests.act_as('admin@acme.test');
select is((select count(*)::int from public.addresses where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'admin: reads nothing of globex');
select ok((select count(*) from public.addresses where user_id = 'a1000000-0000-4000-8000-000000000004') >= 3, 'admin: reads the customers'' addresses');
select lives_ok(pg_temp.insert_address('{"user_id": "a1000000-0000-4000-8000-000000000004", "title": {"en": "Admin added"}, "is_primary": true}'),
  'admin: adds an address for a customer, as their Default');
select is((select count(*)::int from public.addresses where user_id = 'a1000000-0000-4000-8000-000000000004' and is_primary), 1, 'admin: the customer still has one Default');
select is((select title ->> 'en' from public.addresses where user_id = 'a1000000-0000-4000-8000-000000000004' and is_primary), 'Admin added', 'admin: the new one is it');
select lives_ok(pg_temp.insert_address('{"user_id": null, "title": {"en": "Oakland Depot"}, "is_primary": true}'), 'admin: adds a tenant address as the tenant''s Default');
select is((select count(*)::int from public.addresses where user_id is null and is_primary), 1, 'admin: the tenant has one Default');
select is((select is_primary from public.addresses where id = 'a4000000-0000-4000-8000-000000000001'), false, 'admin: the old depot Default was cleared in the same statement');
select is(tests.affected($$ update public.addresses set building = 'Renamed House' where title ->> 'en' = 'Admin added' $$), 1, 'admin: edits a customer''s address');
select is(tests.affected($$ update public.addresses set building = 'X' where tenant_id = 'b0000000-0000-4000-8000-000000000001' $$), 0, 'admin: edits nothing of globex');
select throws_ok(pg_temp.insert_address('{"user_id": null, "tenant_id": "b0000000-0000-4000-8000-000000000001"}'), '42501', null, 'admin: cannot add an address to globex');
select throws_ok(pg_temp.insert_address('{"user_id": "b2000000-0000-4000-8000-000000000004"}'), '23503', null, 'admin: cannot give a globex person an acme address');
select throws_ok($$ update public.addresses set user_id = 'a1000000-0000-4000-8000-000000000005' where title ->> 'en' = 'Admin added' $$, '42501', null,
  'admin: cannot move an address to another owner');
select throws_ok($$ update public.addresses set tenant_id = 'b0000000-0000-4000-8000-000000000001' where title ->> 'en' = 'Admin added' $$, '42501', null,
  'admin: cannot move an address to another tenant');
select is(tests.affected($$ delete from public.addresses where title ->> 'en' = 'Admin added' $$), 1, 'admin: deletes a customer''s address');
select is(tests.affected($$ delete from public.addresses where tenant_id = 'b0000000-0000-4000-8000-000000000001' $$), 0, 'admin: deletes nothing of globex');

-- The audit trail: each change of the admin's left its row, with who did it.
reset role;
select is((select array_agg(action order by action) from public.audit_log
           where table_name = 'addresses' and actor_id = 'a1000000-0000-4000-8000-000000000001'
             and row_id = (select row_id from public.audit_log where table_name = 'addresses' and action = 'insert' and new_values -> 'title' ->> 'en' = 'Admin added')),
  array['delete', 'insert', 'update'], 'audit: the insert, update and delete of the admin''s address are recorded as the admin''s');
select is((select new_values ->> 'building' from public.audit_log where table_name = 'addresses' and action = 'update'
           and row_id = (select row_id from public.audit_log where table_name = 'addresses' and action = 'insert' and new_values -> 'title' ->> 'en' = 'Admin added')),
  'Renamed House', 'audit: the update records the value after');
select ok(exists (select 1 from public.audit_log where table_name = 'addresses' and action = 'update' and row_id = 'a4000000-0000-4000-8000-000000000001'
                  and 'is_primary' = any (changed_columns) and actor_id = 'a1000000-0000-4000-8000-000000000001'),
  'audit: clearing the old Default is recorded as the admin''s change too');
select ok(exists (select 1 from public.audit_log where table_name = 'addresses' and action = 'delete' and actor_id = 'a1000000-0000-4000-8000-000000000004'),
  'audit: the customer''s own delete is recorded');
select is((select actor_name from public.audit_log where table_name = 'addresses' and actor_id = 'a1000000-0000-4000-8000-000000000001' limit 1), 'Ada Admin',
  'audit: the actor''s name at the time');
select tests.act_as('customer@acme.test');
select throws_ok($$ insert into public.audit_log (tenant_id, table_name, row_id, action) values ('a0000000-0000-4000-8000-000000000001', 'addresses', gen_random_uuid(), 'insert') $$,
  '42501', null, 'audit: a customer cannot write the log');
reset role;
select tests.act_as('admin@acme.test');
select throws_ok($$ delete from public.audit_log where table_name = 'addresses' $$, '42501', null, 'audit: an admin cannot erase the log');
select throws_ok($$ update public.audit_log set actor_name = 'Someone else' where table_name = 'addresses' $$, '42501', null, 'audit: nor rewrite it');

-- globex: nothing of acme, its own of globex.
reset role;
select tests.act_as('admin@globex.test');
select is((select count(*)::int from public.addresses where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'globex admin: reads nothing of acme');
select ok((select count(*) from public.addresses where user_id = 'b2000000-0000-4000-8000-000000000004') between 3 and 6, 'globex admin: reads its customer''s');
select is(tests.affected($$ update public.addresses set building = 'X' where tenant_id = 'a0000000-0000-4000-8000-000000000001' $$), 0, 'globex admin: edits nothing of acme');
select is(tests.affected($$ delete from public.addresses where tenant_id = 'a0000000-0000-4000-8000-000000000001' $$), 0, 'globex admin: deletes nothing of acme');
reset role;
select tests.act_as('customer@globex.test');
select is((select count(*)::int from public.addresses where user_id is distinct from 'b2000000-0000-4000-8000-000000000004'), 0, 'globex customer: reads only their own');
select throws_ok(pg_temp.insert_address('{"user_id": "b2000000-0000-4000-8000-000000000004", "tenant_id": "a0000000-0000-4000-8000-000000000001"}'),
  '42501', null, 'globex customer: cannot add an address in acme');
reset role;
select tests.act_as('dispatcher@globex.test');
select is((select count(*)::int from public.addresses where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'globex dispatcher: reads nothing of acme');

select * from finish();
rollback;
