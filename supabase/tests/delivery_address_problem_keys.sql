-- The deliveries' and addresses' refusals carry stable keys beside their English (private.problem,
-- 20261213050100), as the error's DETAIL, for the admins, dispatchers, drivers and customers of acme
-- and globex; SQLSTATE, message, fields and English stay as they were.
begin;
select plan(24);

grant execute on function tests.refusal(text) to authenticated;

create function pg_temp.keys(statement text) returns text
language sql
as $$ select string_agg(coalesce(p ->> 'field', '-') || ':' || (p ->> 'key'), ' ' order by ord)
      from jsonb_array_elements(tests.refusal(statement) -> 'details') with ordinality as x (p, ord) $$;
grant execute on function pg_temp.keys(text) to authenticated;

create temp table states (status text primary key, delivery uuid);
insert into states (status) values ('pending'), ('accepted'), ('delivered');
update states set delivery = tests.acme_delivery_in(status);
grant select on states to authenticated;

-- The delivery form's refusals (derive_delivery, package_problems), as acme's dispatcher
select tests.act_as('dispatcher@acme.test');
select is(tests.refusal($$ insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
  values ('a1000000-0000-4000-8000-000000000004', '{"full_address": "1 Market St"}', 37.794, -122.395, '{"full_address": "600 Mission St"}', 37.775, -122.41,
    '[{"quantity": 1, "weight_kg": 2, "colour": "red"}, {"quantity": 0, "weight_kg": 2}]', 'a6100000-0000-4000-8000-000000000002') $$),
  '{"code": "23514", "message": "Validation failed", "details": [
    {"key": "deliveries.package_unknown_field", "field": "packages.0", "message": "Unknown package field colour", "params": {"field": "colour"}},
    {"key": "deliveries.package_quantity_invalid", "field": "packages.1.quantity", "message": "Quantity must be a whole number from 1 to 1000", "params": {"min": 1, "max": 1000}}]}'::jsonb,
  'acme dispatcher: the packages'' problems keyed with their params, same SQLSTATE, message and English');
select is(pg_temp.keys($$ insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
  values ('a1000000-0000-4000-8000-000000000002', '{}', 37.794, -122.395, '{"full_address": "b"}', 37.775, -122.41, '[{"quantity": 1, "weight_kg": 20000}]',
    'a6100000-0000-4000-8000-000000000002') $$),
  'customer_id:deliveries.customer_not_customer pickup_address:deliveries.pickup_address_required packages.0.weight_kg:deliveries.package_weight_invalid',
  'acme dispatcher: a customer without the customer role, no pickup address and a package too heavy, keyed in order');
select is(tests.refusal($$ insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id, notes)
  values ('a1000000-0000-4000-8000-000000000004', '{"full_address": "a"}', 37.794, -122.395, '{"full_address": "b"}', 37.775, -122.41, '[{"quantity": 1, "weight_kg": 1}]',
    'a6100000-0000-4000-8000-000000000002', repeat('x', 2001)) $$) -> 'details',
  '[{"key": "deliveries.notes_too_long", "field": "notes", "message": "Notes must be at most 2000 characters", "params": {"max": 2000}}]'::jsonb,
  'acme dispatcher: notes too long, keyed with their bound');
select is(tests.refusal(format($$ update public.deliveries set notes = 'x' where id = %L $$, (select delivery from states where status = 'delivered'))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "deliveries.not_editable", "field": "status",
    "message": "A delivery can be edited only while pending or assigned; this one is delivered", "params": {"status": "delivered"}}]}'::jsonb,
  'acme dispatcher: a delivered delivery is not edited, keyed with the raw status (validate_delivery)');

-- Moves (transition_delivery, unassign_delivery, record_delivery_arrival)
select is(tests.refusal(format($$ select public.transition_delivery(%L, 'pending') $$, (select delivery from states where status = 'delivered'))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "deliveries.move_invalid", "field": "status",
    "message": "A delivery that is delivered cannot become pending", "params": {"from": "delivered", "to": "pending"}}]}'::jsonb,
  'acme dispatcher: a move the status does not allow, keyed with both raw statuses');
select is(tests.refusal(format($$ select public.transition_delivery(%L, 'picked_up') $$, (select delivery from states where status = 'accepted'))),
  '{"code": "42501", "message": "Only the driver of its active assignment can mark a delivery picked up", "details": [{"key": "deliveries.only_assigned_driver",
    "message": "Only the driver of its active assignment can mark a delivery picked up", "params": {"status": "picked_up"}}]}'::jsonb,
  'acme dispatcher: staff cannot pick up for the driver, keyed, same SQLSTATE and message');
select is(pg_temp.keys(format($$ select public.transition_delivery(%L, 'cancelled') $$, (select delivery from states where status = 'pending'))),
  'reason:deliveries.reason_required', 'acme dispatcher: a cancel needs a reason');
select is(pg_temp.keys(format($$ select public.transition_delivery(%L, 'assigned') $$, (select delivery from states where status = 'pending'))),
  'status:deliveries.assigned_by_assignment', 'acme dispatcher: assigned by an assignment');
select is(tests.refusal(format($$ select public.transition_delivery(%L, 'cancelled', reason => repeat('x', 501)) $$, (select delivery from states where status = 'pending'))) -> 'details',
  '[{"key": "deliveries.reason_too_long", "field": "reason", "message": "The reason must be at most 500 characters", "params": {"max": 500}}]'::jsonb,
  'acme dispatcher: a reason too long, keyed with its bound');
select is(tests.refusal(format($$ select public.unassign_delivery(%L) $$, (select delivery from states where status = 'delivered'))) -> 'details',
  '[{"key": "deliveries.not_unassignable", "field": "status", "message": "Only assigned or accepted deliveries can be unassigned; this one is delivered",
    "params": {"status": "delivered"}}]'::jsonb,
  'acme dispatcher: a delivered delivery is not unassigned, keyed with the raw status');
select is(tests.refusal(format($$ select public.record_delivery_arrival(%L, 'pickup') $$, (select delivery from states where status = 'accepted'))),
  '{"code": "42501", "message": "Only the driver carrying a delivery can record an arrival", "details": [{"key": "deliveries.arrival_not_carrier",
    "message": "Only the driver carrying a delivery can record an arrival"}]}'::jsonb,
  'acme dispatcher: only the carrying driver records an arrival, keyed');
reset role;
select tests.act_as('driver@acme.test');
select is(tests.refusal(format($$ select public.transition_delivery(%L, 'cancelled', 'x') $$, (select delivery from states where status = 'accepted'))),
  '{"code": "42501", "message": "Only admins and dispatchers can cancel a delivery", "details": [{"key": "deliveries.only_staff_cancel",
    "message": "Only admins and dispatchers can cancel a delivery"}]}'::jsonb,
  'acme driver: a driver cannot cancel, keyed, same SQLSTATE and message');
select is(pg_temp.keys($$ select * from public.unremitted_deliveries('a1000000-0000-4000-8000-000000000003') $$),
  '-:remit.not_allowed', 'acme driver: the unremitted deliveries are the staff''s, keyed as the remittances say it');
reset role;

-- Globex's admin meets none of acme's deliveries
select tests.act_as('admin@globex.test');
select is(tests.refusal(format($$ select public.transition_delivery(%L, 'cancelled', 'x') $$, (select delivery from states where status = 'pending'))),
  '{"code": "PT404", "message": "Delivery not found", "details": [{"key": "deliveries.not_found", "message": "Delivery not found"}]}'::jsonb,
  'globex admin: acme''s delivery is not found, keyed, same SQLSTATE and message');
select is(pg_temp.keys(format($$ select public.unassign_delivery(%L) $$, (select delivery from states where status = 'accepted'))),
  '-:deliveries.not_found', 'globex admin: nor unassigned');
select is(pg_temp.keys(format($$ select public.delivery_instructions(%L) $$, (select delivery from states where status = 'pending'))),
  '-:deliveries.not_found', 'globex admin: nor its instructions read');
select is(pg_temp.keys(format($$ select public.record_delivery_arrival(%L, 'pickup') $$, (select delivery from states where status = 'accepted'))),
  '-:deliveries.not_found', 'globex admin: nor an arrival recorded');
select is(pg_temp.keys($$ insert into public.deliveries (pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
  values ('{"full_address": "a"}', 51.5, -0.12, '{"full_address": "b"}', 51.51, -0.1, '[]', 'b6100000-0000-4000-8000-000000000001') $$),
  'customer_id:deliveries.customer_required packages:deliveries.packages_required', 'globex admin: their own delivery''s problems are keyed');

-- Addresses (address_problems, raised by validate_address)
create function pg_temp.insert_address(patch jsonb) returns text
language sql
as $$
  select format(
    'insert into public.addresses (tenant_id, user_id, title, address_type, address_line1, building, street, city, state, postal_code, country, latitude, longitude, is_primary, metadata, contact_info)
     select coalesce(r.tenant_id, (select private.current_tenant_id())), r.user_id, r.title, r.address_type, r.address_line1, r.building, r.street, r.city, r.state, r.postal_code, r.country, r.latitude, r.longitude, r.is_primary, r.metadata, r.contact_info
     from jsonb_populate_record(null::public.addresses, %L::jsonb) r',
    ('{"title": {"en": "Test"}, "address_type": "shipping", "address_line1": "1 Test St", "building": "Test House", "street": "Test St",
       "city": "London", "state": "LDN", "postal_code": "E1 6AN", "country": "United Kingdom", "latitude": 51.5, "longitude": -0.12,
       "is_primary": false, "metadata": {}, "contact_info": {"full_name": "Test Person", "phone": "+44 20 7946 0100", "email": "test@example.com"}}'::jsonb || patch)::text);
$$;
grant execute on function pg_temp.insert_address(jsonb) to authenticated;
select is(pg_temp.keys(pg_temp.insert_address('{"city": " ", "latitude": 91}')),
  'city:addresses.city_required latitude:addresses.coordinates_invalid', 'globex admin: an address''s problems keyed in order');
reset role;
select tests.act_as('admin@acme.test');
select is(tests.refusal(pg_temp.insert_address('{"postal_code": "1234567", "contact_info": {"full_name": "A", "phone": "123", "email": "a@b.co"}}')),
  '{"code": "23514", "message": "Validation failed", "details": [
    {"key": "addresses.phone_too_short", "field": "contact_info.phone", "message": "Please enter a valid phone number with at least 10 digits", "params": {"min": 10}},
    {"key": "addresses.postal_code_too_long", "field": "postal_code", "message": "Postal code must be less than 6 characters", "params": {"max": 6}}]}'::jsonb,
  'acme admin: a short phone and a long postal code keyed with their bounds, same SQLSTATE, message and English');
select is(pg_temp.keys(pg_temp.insert_address('{"contact_info": {}}')),
  'contact_info.full_name:addresses.full_name_required contact_info.email:addresses.email_invalid contact_info.phone:addresses.phone_required',
  'acme admin: the contact''s problems keyed');
reset role;

-- The tracking link (answered, not raised): its details carry the key
select is((public.track_delivery('0123456789abcdef0123456789abcdef') ->> 'details')::jsonb,
  '[{"key": "deliveries.tracking_not_found", "message": "No delivery matches this tracking link"}]'::jsonb, 'an unknown tracking link, keyed');
select is(public.track_delivery('0123456789abcdef0123456789abcdef') ->> 'code', 'PT404', 'same code');
select is((public.tracking_proof_photos('0123456789abcdef0123456789abcdef') ->> 'details')::jsonb,
  '[{"key": "deliveries.tracking_not_found", "message": "No delivery matches this tracking link"}]'::jsonb, 'the proof photos'' unknown link, keyed');

select * from finish();
rollback;
