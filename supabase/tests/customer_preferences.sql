-- Customer delivery preferences: who reads and writes them (anon, each panel of both tenants),
-- every rule of the customer preference form as a database refusal with its {key, field,
-- message} details, the customer and location checks, one active preference per location, the
-- column defaults, the audit trail and public.customer_preference_for.
begin;
select plan(98);

-- An address of a seeded person by position (30_addresses.sql): k 0 is their Default.
create function pg_temp.address(person text, k int) returns uuid
language sql
as $$ select md5(person || ':address:' || k)::uuid $$;

-- An insert of a preference for Emily Foster (acme) at her second address, `patch` merged over a valid row.
create function pg_temp.insert_pref(patch jsonb) returns text
language sql
as $$
  select format(
    'insert into public.customer_preferences (customer_id, location_id, name, description, preferred_day_of_week, preferred_time_start, preferred_time_end, delivery_instructions, delivery_options, contact_preferences, is_active) '
    'select r.customer_id, r.location_id, r.name, r.description, r.preferred_day_of_week, r.preferred_time_start, r.preferred_time_end, r.delivery_instructions, r.delivery_options, r.contact_preferences, r.is_active '
    'from jsonb_populate_record(null::public.customer_preferences, %L::jsonb) r',
    (jsonb_build_object(
      'customer_id', 'a1000000-0000-4000-8000-000000000109',
      'location_id', pg_temp.address('a1000000-0000-4000-8000-000000000109', 1),
      'name', 'Test window', 'description', '', 'preferred_day_of_week', 3,
      'preferred_time_start', '09:00', 'preferred_time_end', '11:00', 'delivery_instructions', 'Side door',
      'delivery_options', '{"signature_required": false, "leave_with_neighbor": true, "leave_at_door": true, "requires_appointment": false,
        "package_handling": {"fragile": false, "temperature_sensitive": false},
        "authorized_receivers": [{"name": "Ruth Owens", "relationship": "Neighbour", "contact": "+1 415 555 0233"}]}'::jsonb,
      'contact_preferences', '{"notification_methods": [{"type": "sms", "enabled": true, "contact": "+1 415 555 0209"}],
        "notification_events": {"on_dispatch": true, "day_before": false, "day_of": true, "hour_before": true, "on_arrival": true, "on_completion": true},
        "language": "en"}'::jsonb,
      'is_active', true) || patch)::text
  );
$$;

-- The message on one field of a refused insert.
create function pg_temp.message(patch jsonb, field text) returns text
language sql
as $$
  select e ->> 'message' from jsonb_array_elements(tests.details(pg_temp.insert_pref(patch))) e where e ->> 'field' = field limit 1;
$$;

grant execute on all functions in schema pg_temp to anon, authenticated;

-- The seed: twelve of acme (two retired), nine of globex (two retired).
select is((select count(*)::int from public.customer_preferences where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 12, 'seed: twelve acme preferences');
select is((select count(*)::int from public.customer_preferences where tenant_id = 'b0000000-0000-4000-8000-000000000001'), 9, 'seed: nine globex preferences');
select is((select count(*)::int from public.customer_preferences where not is_active), 4, 'seed: four retired preferences');
select is((select count(*)::int from public.customer_preferences p join public.addresses a on a.id = p.location_id where a.user_id <> p.customer_id), 0,
  'seed: every location is one of its customer''s addresses');

-- anon
select tests.act_as(null);
select throws_ok($$ select id from public.customer_preferences $$, '42501', null, 'anon: cannot read preferences');
select throws_ok($$ select id from public.customer_preference_rows $$, '42501', null, 'anon: cannot read the list view');
select throws_ok(pg_temp.insert_pref('{}'), '42501', null, 'anon: cannot insert');
select throws_ok($$ select public.customer_preference_for('a1000000-0000-4000-8000-000000000004', md5('a1000000-0000-4000-8000-000000000004:address:0')::uuid) $$,
  '42501', null, 'anon: cannot ask for a preference');

-- customer of acme: their own two, read only.
reset role;
select tests.act_as('customer@acme.test');
select is((select count(*)::int from public.customer_preferences), 2, 'customer: reads their own two preferences');
select is((select count(*)::int from public.customer_preferences where customer_id <> 'a1000000-0000-4000-8000-000000000004'), 0, 'customer: reads nobody else''s');
select is((select count(*)::int from public.customer_preference_rows where customer_name = 'Carla Customer'), 2, 'customer: the list view names them');
select throws_ok(pg_temp.insert_pref('{"customer_id": "a1000000-0000-4000-8000-000000000004"}'), '42501', null, 'customer: cannot insert');
select is(tests.affected($$ update public.customer_preferences set name = 'Mine' $$), 0, 'customer: updates nothing, not even their own');
select is(tests.affected($$ delete from public.customer_preferences $$), 0, 'customer: deletes nothing');
select is(public.customer_preference_for('a1000000-0000-4000-8000-000000000004', pg_temp.address('a1000000-0000-4000-8000-000000000004', 0)) ->> 'preferred_time_start',
  '18:00', 'customer: their own preference''s window');
select is(public.customer_preference_for('a1000000-0000-4000-8000-000000000005', pg_temp.address('a1000000-0000-4000-8000-000000000005', 0)),
  null, 'customer: another customer''s preference is null');

-- business customer of acme: one.
reset role;
select tests.act_as('business@acme.test');
select is((select count(*)::int from public.customer_preferences), 1, 'business customer: reads their own one');

-- driver of acme: nothing for now.
reset role;
select tests.act_as('driver@acme.test');
select is((select count(*)::int from public.customer_preferences), 0, 'driver: reads no preference');
select throws_ok(pg_temp.insert_pref('{}'), '42501', null, 'driver: cannot insert');
select is(tests.affected($$ update public.customer_preferences set is_active = false $$), 0, 'driver: updates nothing');
select is(tests.affected($$ delete from public.customer_preferences $$), 0, 'driver: deletes nothing');
select is(public.customer_preference_for('a1000000-0000-4000-8000-000000000004', pg_temp.address('a1000000-0000-4000-8000-000000000004', 0)),
  null, 'driver: customer_preference_for is null');

-- dispatcher of acme: reads all of acme, writes nothing.
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select count(*)::int from public.customer_preferences), 12, 'dispatcher: reads the twelve acme preferences');
select is((select count(*)::int from public.customer_preferences where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'dispatcher: reads nothing of globex');
select is((select count(*)::int from public.customer_preference_rows where customer_name is not null and location_address is not null), 12,
  'dispatcher: the list view names every customer and location');
select throws_ok(pg_temp.insert_pref('{}'), '42501', null, 'dispatcher: cannot insert');
select throws_ok(pg_temp.insert_pref('{"name": "", "preferred_day_of_week": 9}'), '42501', null, 'dispatcher: an invalid insert is refused by RLS, not validated');
select is(tests.affected($$ update public.customer_preferences set name = 'Renamed' $$), 0, 'dispatcher: updates nothing');
select is(tests.affected($$ delete from public.customer_preferences $$), 0, 'dispatcher: deletes nothing');
select is(public.customer_preference_for('a1000000-0000-4000-8000-000000000004', pg_temp.address('a1000000-0000-4000-8000-000000000004', 0)),
  jsonb_build_object('id', md5('a1000000-0000-4000-8000-000000000004:preference:0')::uuid, 'name', 'Weekday evening drop-off',
    'preferred_day_of_week', 2, 'preferred_time_start', '18:00', 'preferred_time_end', '20:30',
    'delivery_instructions', 'Ring the bell once; if nobody answers, leave the parcel with the concierge in the lobby.',
    'signature_required', false, 'leave_with_neighbor', true, 'leave_at_door', false, 'requires_appointment', false,
    'authorized_receivers', '[{"name": "Marco Rossi", "relationship": "Partner", "contact": "+1 415 555 0144"}, {"name": "Lobby concierge", "relationship": "Building staff", "contact": "+1 415 555 0190"}]'::jsonb),
  'dispatcher: customer_preference_for gives the active window, instructions and receivers');
select is(public.customer_preference_for('a1000000-0000-4000-8000-00000000010a', pg_temp.address('a1000000-0000-4000-8000-00000000010a', 0)) ->> 'name',
  'Friday after work', 'dispatcher: of an old and a new preference, the active one');
select is(public.customer_preference_for('a1000000-0000-4000-8000-000000000112', pg_temp.address('a1000000-0000-4000-8000-000000000112', 0)),
  null, 'dispatcher: only a retired preference: null');
select is(public.customer_preference_for('a1000000-0000-4000-8000-000000000109', pg_temp.address('a1000000-0000-4000-8000-000000000109', 2)),
  null, 'dispatcher: an address without a preference: null');

-- admin of acme: the whole cycle.
reset role;
select tests.act_as('admin@acme.test');
select is((select count(*)::int from public.customer_preferences), 12, 'admin: reads the twelve acme preferences');
select lives_ok(pg_temp.insert_pref('{}'), 'admin: inserts a valid preference');
select is((select tenant_id::text from public.customer_preferences where name = 'Test window'), 'a0000000-0000-4000-8000-000000000001', 'admin: tenant_id defaults to the admin''s tenant');
select lives_ok($$ insert into public.customer_preferences (customer_id, location_id, name, preferred_day_of_week, preferred_time_start, preferred_time_end)
  values ('a1000000-0000-4000-8000-000000000109', md5('a1000000-0000-4000-8000-000000000109:address:2')::uuid, 'Defaults', 0, '08:00', '09:00') $$,
  'admin: inserts with only the required fields');
select is((select jsonb_build_object('is_active', is_active, 'options', delivery_options, 'contact', contact_preferences,
    'notify', notification_preferences, 'general', delivery_preferences, 'description', description, 'instructions', delivery_instructions)
  from public.customer_preferences where name = 'Defaults'),
  '{"is_active": true, "description": "", "instructions": "",
    "options": {"signature_required": false, "leave_with_neighbor": true, "leave_at_door": true, "requires_appointment": false,
      "package_handling": {"fragile": false, "temperature_sensitive": false}, "authorized_receivers": []},
    "contact": {"notification_methods": [], "notification_events": {"on_dispatch": true, "day_before": false, "day_of": true,
      "hour_before": true, "on_arrival": true, "on_completion": true}, "language": "en"},
    "notify": {"email_notifications": true, "sms_notifications": true, "push_notifications": true},
    "general": {"preferred_delivery_time": null, "preferred_delivery_days": [], "delivery_instructions": null, "signature_required": false}}'::jsonb,
  'admin: the spec''s defaults (active, leave with neighbour and at door, events, language en, notifications on, signature off)');
select is(tests.affected($$ update public.customer_preferences set name = 'Test window renamed', preferred_time_end = '12:30' where name = 'Test window' $$), 1, 'admin: updates it');
select is((select count(*)::int from public.audit_log a join public.customer_preferences p on p.id = a.row_id where p.name = 'Test window renamed'), 2,
  'admin: the insert and the update are in the audit log');
select is((select changed_columns from public.audit_log a join public.customer_preferences p on p.id = a.row_id
  where p.name = 'Test window renamed' and a.action = 'update'), array['name', 'preferred_time_end'], 'audit: the changed columns');
select throws_ok($$ update public.customer_preferences set tenant_id = 'b0000000-0000-4000-8000-000000000001' where name = 'Defaults' $$, '42501', null, 'admin: tenant_id cannot be changed');
select throws_ok($$ insert into public.customer_preferences (tenant_id, customer_id, location_id, name, preferred_day_of_week, preferred_time_start, preferred_time_end)
  values ('b0000000-0000-4000-8000-000000000001', 'b2000000-0000-4000-8000-000000000004', md5('b2000000-0000-4000-8000-000000000004:address:1')::uuid, 'Foreign', 1, '09:00', '10:00') $$,
  '42501', null, 'admin: cannot insert into another tenant');
select is(tests.affected($$ delete from public.customer_preferences where name in ('Defaults', 'Test window renamed') $$), 2, 'admin: deletes them');
select is((select action from public.audit_log where table_name = 'customer_preferences' and record_label = 'Defaults' order by created_at desc, action limit 1), 'delete', 'audit: the delete is logged');

-- Every rule of the form, with its {field, message}.
select throws_ok(pg_temp.insert_pref('{"customer_id": null}'), '23514', 'Validation failed', 'a missing customer is a validation failure');
select is(pg_temp.message('{"customer_id": null}', 'customer_id'), 'Customer is required', 'Customer is required');
select is(pg_temp.message('{"customer_id": "a1000000-0000-4000-8000-000000000003"}', 'customer_id'), 'Customer must be a customer of this business', 'a driver is no customer');
select is(pg_temp.message('{"customer_id": "b2000000-0000-4000-8000-000000000004"}', 'customer_id'), 'Customer must be a customer of this business', 'globex''s customer is no customer of acme');
select is(pg_temp.message('{"location_id": null}', 'location_id'), 'Location is required', 'Location is required');
select is(pg_temp.message(jsonb_build_object('location_id', pg_temp.address('a1000000-0000-4000-8000-00000000010a', 1)), 'location_id'),
  'Location must be one of the customer''s addresses', 'another customer''s address refused');
select is(pg_temp.message(jsonb_build_object('location_id', (select id from public.addresses where user_id is null and tenant_id = 'a0000000-0000-4000-8000-000000000001' limit 1)), 'location_id'),
  'Location must be one of the customer''s addresses', 'the tenant''s depot refused');
select is(pg_temp.message(jsonb_build_object('location_id', pg_temp.address('a1000000-0000-4000-8000-000000000109', 0)), 'location_id'),
  'This customer already has an active preference for this location', 'a second active preference for one location refused');
select lives_ok(pg_temp.insert_pref(jsonb_build_object('location_id', pg_temp.address('a1000000-0000-4000-8000-000000000109', 0), 'is_active', false, 'name', 'Retired twin')),
  'an inactive second preference for the location is fine');
select is(pg_temp.message('{"name": "  "}', 'name'), 'Name is required', 'Name is required');
select is(pg_temp.message('{"preferred_day_of_week": null}', 'preferred_day_of_week'), 'Day of week is required', 'Day of week is required');
select is(pg_temp.message('{"preferred_day_of_week": 7}', 'preferred_day_of_week'), 'Invalid day of week', 'day 7: Invalid day of week');
select is(pg_temp.message('{"preferred_day_of_week": -1}', 'preferred_day_of_week'), 'Invalid day of week', 'day -1: Invalid day of week');
select is(pg_temp.message('{"preferred_time_start": ""}', 'preferred_time_start'), 'Start time is required', 'Start time is required');
select is(pg_temp.message('{"preferred_time_start": "25:00"}', 'preferred_time_start'), 'Invalid time format (HH:mm)', 'start 25:00: Invalid time format (HH:mm)');
select is(pg_temp.message('{"preferred_time_start": "9:00"}', 'preferred_time_start'), 'Invalid time format (HH:mm)', 'start 9:00: Invalid time format (HH:mm)');
select is(pg_temp.message('{"preferred_time_end": null}', 'preferred_time_end'), 'End time is required', 'End time is required');
select is(pg_temp.message('{"preferred_time_end": "10:60"}', 'preferred_time_end'), 'Invalid time format (HH:mm)', 'end 10:60: Invalid time format (HH:mm)');
select is(pg_temp.message('{"preferred_time_end": "09:00"}', 'preferred_time_end'), 'End time must be after start time', 'end equal to start refused');
select is(pg_temp.message('{"preferred_time_start": "14:00", "preferred_time_end": "13:59"}', 'preferred_time_end'), 'End time must be after start time', 'end before start refused');
select is(tests.details(pg_temp.insert_pref('{"preferred_time_start": "14:00", "preferred_time_end": "13:59"}')),
  '[{"key": "preferences.end_before_start", "field": "preferred_time_end", "message": "End time must be after start time"}]', 'the time rule is on the end field only');
select is(pg_temp.message('{"preferred_time_start": "7pm", "preferred_time_end": "08:00"}', 'preferred_time_end'), null, 'no time rule while the start is malformed');
select is(tests.details(pg_temp.insert_pref('{"delivery_options": {"authorized_receivers": [{"name": "Ann", "relationship": "Sister", "contact": "ann@mail.example"}, {"name": " ", "relationship": "", "contact": null}]}}')),
  '[{"key": "preferences.name_required", "field": "delivery_options.authorized_receivers.1.name", "message": "Name is required"}, {"key": "preferences.relationship_required", "field": "delivery_options.authorized_receivers.1.relationship", "message": "Relationship is required"}, {"key": "preferences.contact_required", "field": "delivery_options.authorized_receivers.1.contact", "message": "Contact is required"}]',
  'a receiver''s name, relationship and contact are required, on the row''s fields');
select is(tests.details(pg_temp.insert_pref('{"contact_preferences": {"notification_methods": [{"type": "", "enabled": true, "contact": ""}], "language": "en"}}')),
  '[{"key": "preferences.type_required", "field": "contact_preferences.notification_methods.0.type", "message": "Notification type is required"}, {"key": "preferences.contact_required", "field": "contact_preferences.notification_methods.0.contact", "message": "Contact is required"}]',
  'a notification method''s type and contact are required');
select is(pg_temp.message('{"contact_preferences": {"notification_methods": [{"type": "pigeon", "enabled": true, "contact": "loft 3"}], "language": "en"}}', 'contact_preferences.notification_methods.0.type'),
  'Notification type must be sms, email or phone', 'an unknown notification type refused');
select is(pg_temp.message('{"contact_preferences": {"notification_methods": [{"type": "email", "enabled": true, "contact": "not-an-email"}], "language": "en"}}', 'contact_preferences.notification_methods.0.contact'),
  'Valid email is required', 'an email method needs an email address');
select is(pg_temp.message('{"contact_preferences": {"notification_methods": [{"type": "sms", "enabled": true, "contact": "555 01"}], "language": "en"}}', 'contact_preferences.notification_methods.0.contact'),
  'Please enter a valid phone number with at least 10 digits', 'an sms method needs a phone number');
select is(pg_temp.message('{"contact_preferences": {"notification_methods": [], "language": ""}}', 'contact_preferences.language'), 'Language is required', 'Language is required');
select is(pg_temp.message('{"contact_preferences": {"notification_methods": []}}', 'contact_preferences.language'), 'Language is required', 'a missing language: Language is required');
select is(pg_temp.message('{"contact_preferences": {"notification_methods": [], "language": "de"}}', 'contact_preferences.language'), 'Language must be en, es or fr', 'language de refused');
select is(pg_temp.message('{"contact_preferences": {"notification_methods": [], "notification_events": {"on_dispatch": "yes"}, "language": "en"}}', 'contact_preferences.notification_events'),
  'Notification events are on_dispatch, day_before, day_of, hour_before, on_arrival and on_completion, each true or false', 'a notification event must be a boolean');
select is(pg_temp.message('{"delivery_options": {"authorized_receivers": [], "leave_at_door": "maybe"}}', 'delivery_options.leave_at_door'), 'Must be true or false', 'a delivery option must be a boolean');
select is(pg_temp.message('{"delivery_options": {"authorized_receivers": [], "drone_drop": true}}', 'delivery_options'),
  'Delivery options can only hold signature_required, leave_with_neighbor, leave_at_door, requires_appointment, package_handling and authorized_receivers', 'unknown delivery options refused');
select is(tests.details(pg_temp.insert_pref('{"customer_id": null, "location_id": null, "name": "", "preferred_day_of_week": null, "preferred_time_start": "", "preferred_time_end": "", "contact_preferences": {"notification_methods": [], "language": ""}}')),
  '[{"key": "preferences.customer_required", "field": "customer_id", "message": "Customer is required"}, {"key": "preferences.location_required", "field": "location_id", "message": "Location is required"}, {"key": "preferences.name_required", "field": "name", "message": "Name is required"}, {"key": "preferences.day_required", "field": "preferred_day_of_week", "message": "Day of week is required"}, {"key": "preferences.start_required", "field": "preferred_time_start", "message": "Start time is required"}, {"key": "preferences.end_required", "field": "preferred_time_end", "message": "End time is required"}, {"key": "preferences.language_required", "field": "contact_preferences.language", "message": "Language is required"}]',
  'an empty form: every field''s message at once, in form order');
select is(tests.details($$ update public.customer_preferences set preferred_time_end = '17:00' where name = 'Weekday evening drop-off' $$),
  '[{"key": "preferences.end_before_start", "field": "preferred_time_end", "message": "End time must be after start time"}]', 'updates are validated too');
select is(tests.details($$ update public.customer_preferences set customer_id = 'a1000000-0000-4000-8000-000000000109' where name = 'Weekday evening drop-off' $$),
  '[{"key": "preferences.location_not_customers", "field": "location_id", "message": "Location must be one of the customer''s addresses"}]', 'changing the customer keeps the location theirs');
select lives_ok($$ update public.customer_preferences set name = 'Evening drop-off' where name = 'Weekday evening drop-off' $$, 'an update keeping its location is no duplicate');

-- globex: only globex.
reset role;
select tests.act_as('admin@globex.test');
select is((select count(*)::int from public.customer_preferences), 9, 'globex admin: reads the nine globex preferences');
select is(tests.affected($$ update public.customer_preferences set name = 'Stolen' where tenant_id = 'a0000000-0000-4000-8000-000000000001' $$), 0, 'globex admin: updates nothing of acme');
select is(tests.affected($$ delete from public.customer_preferences where tenant_id = 'a0000000-0000-4000-8000-000000000001' $$), 0, 'globex admin: deletes nothing of acme');
select is(public.customer_preference_for('a1000000-0000-4000-8000-000000000004', pg_temp.address('a1000000-0000-4000-8000-000000000004', 0)),
  null, 'globex admin: acme''s preference is null');
select is(pg_temp.message('{}', 'customer_id'), 'Customer must be a customer of this business', 'globex admin: acme''s customer is refused');
select is((select e ->> 'key' from jsonb_array_elements(tests.details(pg_temp.insert_pref('{}'))) e where e ->> 'field' = 'customer_id'),
  'preferences.customer_not_customer', 'globex admin: the refusal carries its key');
select is(tests.details($$ update public.customer_preferences set preferred_time_end = '00:00'
  where id = (select id from public.customer_preferences where tenant_id = 'b0000000-0000-4000-8000-000000000001' order by id limit 1) $$),
  '[{"key": "preferences.end_before_start", "field": "preferred_time_end", "message": "End time must be after start time"}]',
  'globex admin: their own preference''s refusal is keyed');
reset role;
select tests.act_as('dispatcher@globex.test');
select is((select count(*)::int from public.customer_preferences), 9, 'globex dispatcher: reads the nine globex preferences');
reset role;
select tests.act_as('customer@globex.test');
select is((select count(*)::int from public.customer_preferences), 1, 'globex customer: reads their own one');
reset role;
select tests.act_as('driver@globex.test');
select is((select count(*)::int from public.customer_preferences), 0, 'globex driver: reads none');

-- The constraints hold for writers that skip the trigger.
reset role;
alter table public.customer_preferences disable trigger validate_customer_preference;
select throws_ok($$ insert into public.customer_preferences (tenant_id, customer_id, location_id, name, preferred_day_of_week, preferred_time_start, preferred_time_end)
  values ('a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000109', md5('a1000000-0000-4000-8000-000000000109:address:2')::uuid, 'X', 1, '10:00', '09:00') $$,
  '23514', 'new row for relation "customer_preferences" violates check constraint "customer_preferences_preferred_time_end_check"', 'constraint: end after start');
select throws_ok($$ insert into public.customer_preferences (tenant_id, customer_id, location_id, name, preferred_day_of_week, preferred_time_start, preferred_time_end)
  values ('a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000109', md5('a1000000-0000-4000-8000-000000000109:address:2')::uuid, 'X', 7, '09:00', '10:00') $$,
  '23514', 'new row for relation "customer_preferences" violates check constraint "customer_preferences_preferred_day_of_week_check"', 'constraint: day of week');
select throws_ok($$ insert into public.customer_preferences (tenant_id, customer_id, location_id, name, preferred_day_of_week, preferred_time_start, preferred_time_end, contact_preferences)
  values ('a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000109', md5('a1000000-0000-4000-8000-000000000109:address:2')::uuid, 'X', 1, '09:00', '10:00', '{"notification_methods": [], "language": "de"}') $$,
  '23514', 'new row for relation "customer_preferences" violates check constraint "customer_preferences_contact_preferences_check"', 'constraint: language');
select throws_ok($$ insert into public.customer_preferences (tenant_id, customer_id, location_id, name, preferred_day_of_week, preferred_time_start, preferred_time_end)
  values ('a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000004', md5('a1000000-0000-4000-8000-000000000004:address:0')::uuid, 'Twin', 1, '09:00', '10:00') $$,
  '23505', null, 'unique index: one active preference per customer and location');
alter table public.customer_preferences enable trigger validate_customer_preference;

-- Policies and list filters have their indexes.
select ok(exists (select 1 from pg_indexes where tablename = 'customer_preferences' and indexdef like '%(customer_id, tenant_id)%'), 'index: customer');
select ok(exists (select 1 from pg_indexes where tablename = 'customer_preferences' and indexdef like '%(tenant_id, preferred_day_of_week)%'), 'index: day filter');

select * from finish();
rollback;
