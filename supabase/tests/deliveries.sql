-- Deliveries, delivery_events, assignments and the status machine, as every role of acme and globex:
-- every (from, to) move of the machine for every role, the assignment rules, rejection and
-- unassignment, idempotent offline events, what each role reads, and the columns nobody writes.
-- Counts are relative to rows this file creates, so the seed's deliveries do not matter.
begin;
select plan(174);

-- Fixtures (acme): customer Carla (a1..004, customer@acme.test), drivers Derek (a1..003,
-- driver@acme.test) and Luis (a1..103), vehicles City Van 1 (a3..01: standard licence, gps, 40 kg)
-- and Box Truck 7t (a3..02: commercial licence, lift gate, 300 kg), services EXPRESS (a61..01: needs
-- gps_tracking) and SAMEDAY (a61..02). Points inside SF-FIDI and SF-SOMA.
select tests.ready_acme_fleet(array['a3000000-0000-4000-8000-000000000001', 'a3000000-0000-4000-8000-000000000002']::uuid[]);

-- What a move answers, as `who`: 'ok' or the SQLSTATE. Undone either way (the block is rolled back).
create function pg_temp.try_move(delivery uuid, target text, who text) returns text
language plpgsql
as $$
begin
  begin
    execute 'reset role';
    perform tests.act_as(who);
    perform public.transition_delivery(delivery, target, 'Test reason');
    raise exception using errcode = 'P0001', message = 'undo';
  exception
    when sqlstate 'P0001' then
      if sqlerrm = 'undo' then return 'ok'; end if;
      return 'P0001';
    when others then
      return sqlstate;
  end;
end;
$$;

-- The machine's arrows and who may take each: 'staff', 'driver' (of the active assignment), 'both'.
create function pg_temp.arrow(origin text, target text) returns text
language sql
immutable
as $$
  select case
    when origin = 'assigned' and target = 'accepted' then 'driver'
    when origin = 'accepted' and target = 'picked_up' then 'driver'
    when origin = 'picked_up' and target = 'in_transit' then 'driver'
    when origin = 'in_transit' and target = 'delivered' then 'driver'
    when origin in ('accepted', 'picked_up', 'in_transit') and target = 'failed' then 'both'
    when origin in ('pending', 'assigned', 'accepted') and target = 'cancelled' then 'staff'
    when origin = 'failed' and target in ('returned', 'pending') then 'staff'
  end;
$$;

-- The expected answer for a role: who reads the delivery at all (else P0002), then the arrow.
create function pg_temp.expected(origin text, target text, role text) returns text
language sql
immutable
as $$
  select case
    when role in ('other_driver', 'other_tenant') then 'PT404'
    when role = 'driver' and origin in ('pending', 'cancelled') then 'PT404'
    when target = 'assigned' or pg_temp.arrow(origin, target) is null then '23514'
    when role = 'staff' and pg_temp.arrow(origin, target) in ('staff', 'both') then 'ok'
    when role = 'driver' and pg_temp.arrow(origin, target) in ('driver', 'both')
      and origin in ('assigned', 'accepted', 'picked_up', 'in_transit') then 'ok'
    else '42501'
  end;
$$;

grant execute on all functions in schema pg_temp to anon, authenticated;

create temp table states (status text primary key, delivery uuid);
insert into states (status) values ('pending'), ('assigned'), ('accepted'), ('picked_up'), ('in_transit'), ('delivered'),
  ('failed'), ('cancelled'), ('returned');
update states set delivery = tests.acme_delivery_in(status);
reset role;
create temp table roles (role text, who text);
insert into roles values ('staff', 'admin@acme.test'), ('staff', 'dispatcher@acme.test'), ('driver', 'driver@acme.test'),
  ('other_driver', 'luis.ortega@acmelogistics.example'), ('customer', 'customer@acme.test'), ('other_tenant', 'admin@globex.test');
grant select on states, roles to anon, authenticated;

select is((select string_agg(status || '=' || (select d.status from public.deliveries d where d.id = delivery), ' ' order by status) from states),
  (select string_agg(status || '=' || status, ' ' order by status) from states),
  'fixtures: a delivery in every status, reached through the machine');

-- Every (from, to) for every role: 9 origins x 6 callers, each over the 9 targets.
select is(
  (select string_agg(t.status || ':' || pg_temp.try_move(s.delivery, t.status, r.who), ' ' order by t.status) from states t),
  (select string_agg(t.status || ':' || pg_temp.expected(s.status, t.status, r.role), ' ' order by t.status) from states t),
  format('moves from %s as %s', s.status, r.who))
from states s cross join roles r
order by s.status, r.who;

-- The messages
reset role;
select tests.act_as('driver@acme.test');
select throws_ok(format($$ select public.transition_delivery(%L, 'delivered') $$, (select delivery from states where status = 'accepted')),
  '23514', 'Validation failed', 'illegal move: accepted to delivered');
select is((select pg_temp.try_move(delivery, 'cancelled', 'driver@acme.test') from states where status = 'accepted'), '42501',
  'a driver cannot cancel');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok(format($$ select public.transition_delivery(%L, 'cancelled', 'x') $$, (select delivery from states where status = 'accepted')),
  '42501', 'Only admins and dispatchers can cancel a delivery', 'the refusal says who may');
reset role;
select tests.act_as('admin@acme.test');
select throws_ok(format($$ select public.transition_delivery(%L, 'picked_up') $$, (select delivery from states where status = 'accepted')),
  '42501', 'Only the driver of its active assignment can mark a delivery picked up', 'staff cannot pick up for the driver');
select throws_ok(format($$ select public.transition_delivery(%L, 'cancelled') $$, (select delivery from states where status = 'pending')),
  '23514', 'Validation failed', 'cancel needs a reason');
select throws_ok(format($$ select public.transition_delivery(%L, 'assigned') $$, (select delivery from states where status = 'pending')),
  '23514', 'Validation failed', 'assigning goes through an assignment');
select throws_ok($$ select public.transition_delivery('00000000-0000-4000-8000-000000000000', 'cancelled', 'x') $$,
  'PT404', 'Delivery not found', 'an unknown delivery');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok(format($$ select public.transition_delivery(%L, 'failed') $$, (select delivery from states where status = 'in_transit')),
  '23514', 'Validation failed', 'failing needs a reason');
select throws_ok(format($$ select public.transition_delivery(%L, 'delivered', proof => '{"pin": 1}') $$, (select delivery from states where status = 'in_transit')),
  '23514', 'Validation failed', 'proof with unknown keys');
select throws_ok(format($$ select public.transition_delivery(%L, 'delivered', lat => 95, lng => 0) $$, (select delivery from states where status = 'in_transit')),
  '23514', 'Validation failed', 'a position out of range');
select throws_ok(format($$ select public.transition_delivery(%L, 'delivered', occurred_at => now() + interval '1 hour') $$, (select delivery from states where status = 'in_transit')),
  '23514', 'Validation failed', 'an event in the future');
select is((select status from public.deliveries where id = (select delivery from states where status = 'in_transit')), 'in_transit',
  'refused moves changed nothing');

-- Milestones, proof, events, assignment and driver status along the way
reset role;
select isnt((select accepted_at from public.deliveries where id = (select delivery from states where status = 'delivered')), null, 'delivered: accepted_at set');
select ok((select picked_up_at <= in_transit_at and in_transit_at <= delivered_at from public.deliveries where id = (select delivery from states where status = 'delivered')),
  'delivered: milestones in order');
select is((select proof ->> 'recipient_name' from public.deliveries where id = (select delivery from states where status = 'delivered')), 'Carla',
  'delivered: the proof is kept');
select is((select string_agg(action || ':' || status, ' ' order by occurred_at, seq) from public.delivery_events
  where delivery_id = (select delivery from states where status = 'delivered')),
  'created:pending assigned:assigned status:accepted status:picked_up status:in_transit status:delivered', 'delivered: one event per step');
select is((select string_agg(coalesce(actor_name, '?'), ',' order by occurred_at, seq) from public.delivery_events
  where delivery_id = (select delivery from states where status = 'delivered')),
  'Dana Dispatcher,Dana Dispatcher,Derek Driver,Derek Driver,Derek Driver,Derek Driver', 'events name who made each step');
select is((select status from public.assignments where delivery_id = (select delivery from states where status = 'delivered')), 'completed',
  'delivered: the assignment is completed');
select is((select status from public.assignments where delivery_id = (select delivery from states where status = 'failed')), 'completed',
  'failed: the assignment is completed');
select is((select status_reason from public.deliveries where id = (select delivery from states where status = 'failed')), 'Nobody at the address',
  'failed: the reason is kept');
select is((select status from public.drivers where id = 'a1000000-0000-4000-8000-000000000003'), 'busy',
  'a driver with accepted work is busy');

-- Cancelling an accepted delivery frees the driver
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select status from public.transition_delivery((select delivery from states where status = 'accepted'), 'cancelled', 'Duplicate order')),
  'cancelled', 'staff cancel an accepted delivery');
reset role;
select is((select status || '/' || cancel_reason from public.assignments where delivery_id = (select delivery from states where status = 'accepted')),
  'cancelled/Duplicate order', 'its assignment is cancelled with the reason');
select is((select driver_id from public.deliveries where id = (select delivery from states where status = 'accepted')), null,
  'a cancelled delivery has no driver');
-- Derek still carries the picked_up and in_transit fixtures
select is((select status from public.drivers where id = 'a1000000-0000-4000-8000-000000000003'), 'busy', 'still busy with other work');

-- Rejection: a reason, the delivery pending again, the driver free
create temp table rej (delivery uuid, assignment uuid);
grant all on rej to authenticated;
reset role;
select tests.act_as('dispatcher@acme.test');
insert into rej (delivery) values (tests.acme_delivery());
insert into public.assignments (delivery_id, driver_id, vehicle_id)
  select delivery, 'a1000000-0000-4000-8000-000000000103', 'a3000000-0000-4000-8000-000000000001' from rej;
update rej set assignment = (select a.id from public.assignments a where a.delivery_id = rej.delivery);
select throws_ok(format($$ select public.respond_to_assignment(%L, false, 'x') $$, (select assignment from rej)),
  '42501', 'Only the assigned driver can accept or reject an assignment', 'staff cannot answer for the driver');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok(format($$ select public.respond_to_assignment(%L, true) $$, (select assignment from rej)),
  'PT404', 'Assignment not found', 'another driver cannot see it');
reset role;
select tests.act_as('luis.ortega@acmelogistics.example');
select throws_ok(format($$ select public.respond_to_assignment(%L, false, '  ') $$, (select assignment from rej)),
  '23514', 'Validation failed', 'rejecting needs a reason');
select is((select status from public.respond_to_assignment((select assignment from rej), false, 'Van is full')), 'rejected', 'the driver rejects');
select throws_ok(format($$ select public.respond_to_assignment(%L, true) $$, (select assignment from rej)),
  '23514', 'Validation failed', 'a rejected assignment cannot be accepted');
reset role;
select is((select status || '/' || coalesce(driver_id::text, 'none') from public.deliveries where id = (select delivery from rej)), 'pending/none',
  'rejected: the delivery is pending without a driver');
select is((select action || ':' || reason from public.delivery_events where delivery_id = (select delivery from rej) and action = 'rejected'),
  'rejected:Van is full', 'rejected: the event keeps the reason');
select is((select rejection_reason from public.assignments where id = (select assignment from rej)), 'Van is full', 'rejected: the assignment keeps the reason');
reset role;
select tests.act_as('luis.ortega@acmelogistics.example');
select is((select count(*)::int from public.deliveries where id = (select delivery from rej)), 0, 'a driver no longer reads a delivery they rejected');

-- Reassignment while pending, then unassignment after acceptance
reset role;
select tests.act_as('dispatcher@acme.test');
insert into public.assignments (delivery_id, driver_id, vehicle_id)
  select delivery, 'a1000000-0000-4000-8000-000000000103', 'a3000000-0000-4000-8000-000000000001' from rej;
select is(tests.affected(format($$ update public.assignments set driver_id = 'a1000000-0000-4000-8000-000000000003' where delivery_id = %L and status = 'pending' $$,
  (select delivery from rej))), 1, 'a pending assignment can be given to another driver');
select is((select driver_id::text from public.deliveries where id = (select delivery from rej)), 'a1000000-0000-4000-8000-000000000003',
  'the delivery follows the assignment''s driver');
select is((select note from public.delivery_events where delivery_id = (select delivery from rej) and action = 'reassigned'),
  'From Luis Ortega to Derek Driver', 'reassigned: the event says from whom to whom');
reset role;
select tests.act_as('driver@acme.test');
select is((select status from public.respond_to_assignment((select id from public.assignments where delivery_id = (select delivery from rej) and status = 'pending'), true)),
  'accepted', 'the new driver accepts');
select is(tests.affected(format($$ update public.assignments set notes = 'x' where delivery_id = %L $$, (select delivery from rej))),
  0, 'a driver edits no assignment');
select throws_ok(format($$ select public.unassign_delivery(%L, 'x') $$, (select delivery from rej)),
  '42501', 'Only admins and dispatchers can unassign a delivery; reject the assignment instead', 'a driver cannot unassign');
reset role;
select tests.act_as('dispatcher@acme.test');
select throws_ok(format($$ update public.assignments set notes = 'x' where delivery_id = %L and status = 'accepted' $$, (select delivery from rej)),
  '23514', 'Validation failed', 'only pending assignments can be edited');
select is((select status from public.unassign_delivery((select delivery from rej), 'Reassigning to the north route')), 'pending', 'staff unassign an accepted delivery');
select is((select string_agg(status, ',' order by status) from public.assignments where delivery_id = (select delivery from rej)),
  'cancelled,rejected', 'the history keeps the rejected and the unassigned assignment');
select throws_ok(format($$ select public.unassign_delivery(%L) $$, (select delivery from rej)),
  '23514', 'Validation failed', 'a pending delivery cannot be unassigned');

-- Assignment rules
reset role;
select tests.act_as('dispatcher@acme.test');
create function pg_temp.assign_details(delivery uuid, driver text, vehicle text) returns text
language plpgsql
as $$
declare
  d text;
begin
  begin
    insert into public.assignments (delivery_id, driver_id, vehicle_id) values (delivery, driver::uuid, vehicle::uuid);
  exception when others then
    get stacked diagnostics d = pg_exception_detail;
    return (select string_agg(e ->> 'field' || ': ' || (e ->> 'message'), '; ') from jsonb_array_elements(d::jsonb) e);
  end;
  return null;
end;
$$;
grant execute on function pg_temp.assign_details(uuid, text, text) to authenticated;
create temp table fit (name text primary key, delivery uuid);
grant all on fit to authenticated;
insert into fit values ('light', tests.acme_delivery(3.5)), ('heavy', tests.acme_delivery(55)),
  ('express', tests.acme_delivery(2, 'a6100000-0000-4000-8000-000000000001'));
select is(pg_temp.assign_details((select delivery from fit where name = 'light'), 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000002'),
  'vehicle_id: Box Truck 7t needs a commercial licence; Derek Driver holds a standard licence', 'rule: the licence class');
select is(pg_temp.assign_details((select delivery from fit where name = 'heavy'), 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001'),
  'vehicle_id: The packages weigh 55 kg; City Van 1 carries at most 40 kg', 'rule: the weight');
reset role;
update public.drivers set licence_class = 'commercial' where id = 'a1000000-0000-4000-8000-000000000103';
reset role;
select tests.act_as('dispatcher@acme.test');
select is(pg_temp.assign_details((select delivery from fit where name = 'express'), 'a1000000-0000-4000-8000-000000000103', 'a3000000-0000-4000-8000-000000000002'),
  null, 'rule: a vehicle with the features the service needs passes (Box Truck has gps_tracking)');
reset role;
update public.vehicles set vehicle_requirements = vehicle_requirements || '{"special_features": ["lift_gate"]}' where id = 'a3000000-0000-4000-8000-000000000002';
reset role;
select tests.act_as('dispatcher@acme.test');
insert into fit values ('express2', tests.acme_delivery(2, 'a6100000-0000-4000-8000-000000000001'));
select is(pg_temp.assign_details((select delivery from fit where name = 'express2'), 'a1000000-0000-4000-8000-000000000103', 'a3000000-0000-4000-8000-000000000002'),
  'vehicle_id: Box Truck 7t lacks what Express 90 requires: gps tracking', 'rule: the service''s vehicle features');
reset role;
update public.drivers set licence_expiry = current_date - 1 where id = 'a1000000-0000-4000-8000-000000000103';
update public.vehicles set active = false where id = 'a3000000-0000-4000-8000-000000000001';
reset role;
select tests.act_as('dispatcher@acme.test');
select is(pg_temp.assign_details((select delivery from fit where name = 'light'), 'a1000000-0000-4000-8000-000000000103', 'a3000000-0000-4000-8000-000000000001'),
  format('driver_id: Luis Ortega''s licence expired on %s; vehicle_id: Vehicle City Van 1 is not active', to_char(current_date - 1, 'YYYY-MM-DD')),
  'rule: an expired licence and an inactive vehicle');
reset role;
update public.vehicles set active = true where id = 'a3000000-0000-4000-8000-000000000001';
reset role;
select tests.act_as('dispatcher@acme.test');
select is(pg_temp.assign_details((select delivery from states where status = 'in_transit'), 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001'),
  'delivery_id: Only pending deliveries can be assigned; this one is in transit', 'rule: only pending deliveries');
select is(pg_temp.assign_details((select delivery from fit where name = 'light'), 'b2000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001'),
  'driver_id: Driver not found', 'rule: another tenant''s driver');
select is(pg_temp.assign_details((select delivery from fit where name = 'light'), 'a1000000-0000-4000-8000-000000000004', 'a3000000-0000-4000-8000-000000000001'),
  'driver_id: Driver not found', 'rule: a customer is no driver');
select is(pg_temp.assign_details(null, null, null),
  'delivery_id: Delivery is required; driver_id: Driver is required; vehicle_id: Vehicle is required', 'rule: all three are required');
select lives_ok(format($$ insert into public.assignments (delivery_id, driver_id, vehicle_id) values (%L, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001') $$,
  (select delivery from fit where name = 'light')), 'a fitting assignment is made');
select throws_ok(format($$ insert into public.assignments (delivery_id, driver_id, vehicle_id) values (%L, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001') $$,
  (select delivery from fit where name = 'light')), '23514', 'Validation failed', 'one active assignment per delivery');
reset role;
select throws_ok(format($$ insert into public.assignments (tenant_id, delivery_id, driver_id, vehicle_id, status) values ('a0000000-0000-4000-8000-000000000001', %L, 'a1000000-0000-4000-8000-000000000103', 'a3000000-0000-4000-8000-000000000001', 'accepted') $$,
  (select delivery from fit where name = 'light')), '23505', null, 'the database holds one active assignment per delivery even for the owner');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok(format($$ insert into public.assignments (delivery_id, driver_id, vehicle_id) values (%L, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001') $$,
  (select delivery from fit where name = 'heavy')), '42501', null, 'drivers cannot assign');
reset role;
select tests.act_as('customer@acme.test');
select throws_ok(format($$ insert into public.assignments (delivery_id, driver_id, vehicle_id) values (%L, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001') $$,
  (select delivery from fit where name = 'heavy')), '42501', null, 'customers cannot assign');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok(format($$ insert into public.assignments (tenant_id, delivery_id, driver_id, vehicle_id) values ('a0000000-0000-4000-8000-000000000001', %L, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001') $$,
  (select delivery from fit where name = 'heavy')), '42501', null, 'another tenant cannot assign');
select throws_ok(format($$ insert into public.assignments (delivery_id, driver_id, vehicle_id) values (%L, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001') $$,
  (select delivery from fit where name = 'heavy')), '23514', 'Validation failed', 'another tenant''s delivery cannot be named from globex (not found)');

-- Idempotent offline events with the device's time
reset role;
select tests.act_as('dispatcher@acme.test');
create temp table offline (delivery uuid);
grant all on offline to authenticated;
insert into offline values (tests.acme_delivery());
insert into public.assignments (delivery_id, driver_id, vehicle_id) select delivery, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001' from offline;
reset role;
update public.deliveries set created_at = now() - interval '1 hour' where id = (select delivery from offline);
select tests.act_as('driver@acme.test');
select is((select status from public.respond_to_assignment((select id from public.assignments where delivery_id = (select delivery from offline) and status = 'pending'), true)),
  'accepted', 'the driver accepts the offline fixture');
select is((select status from public.transition_delivery((select delivery from offline), 'picked_up', occurred_at => now() - interval '5 minutes', idempotency_key => 'device-1:0001')),
  'picked_up', 'an offline action applies');
select is((select status from public.transition_delivery((select delivery from offline), 'picked_up', occurred_at => now() - interval '5 minutes', idempotency_key => 'device-1:0001')),
  'picked_up', 'the same action sent again answers the delivery as it is');
select is((select count(*)::int from public.delivery_events where delivery_id = (select delivery from offline) and idempotency_key = 'device-1:0001'), 1,
  'it was applied once');
select is((select picked_up_at from public.deliveries where id = (select delivery from offline)), now() - interval '5 minutes',
  'the milestone keeps the device''s time');
select throws_ok(format($$ select public.transition_delivery(%L, 'in_transit', idempotency_key => 'x') $$, (select delivery from offline)),
  '23514', 'Validation failed', 'a malformed idempotency key');

-- Writing deliveries: who may, which columns, while which status
reset role;
select tests.act_as('admin@acme.test');
select throws_ok(format($$ update public.deliveries set status = 'delivered' where id = %L $$, (select delivery from states where status = 'pending')),
  '42501', null, 'status is not writable through the API');
select throws_ok(format($$ update public.deliveries set driver_id = 'a1000000-0000-4000-8000-000000000003' where id = %L $$, (select delivery from states where status = 'pending')),
  '42501', null, 'the driver is not writable through the API');
select throws_ok(format($$ update public.deliveries set delivery_code = 'ACME-999999' where id = %L $$, (select delivery from states where status = 'pending')),
  '42501', null, 'the code is not writable');
select throws_ok(format($$ update public.deliveries set tracking_token = repeat('a', 64) where id = %L $$, (select delivery from states where status = 'pending')),
  '42501', null, 'the tracking token is not writable');
select is(tests.affected(format($$ update public.deliveries set notes = 'Ring twice' where id = %L $$, (select delivery from states where status = 'assigned'))), 1,
  'an assigned delivery can be edited');
select throws_ok(format($$ update public.deliveries set notes = 'Late edit' where id = %L $$, (select delivery from states where status = 'in_transit')),
  '23514', 'Validation failed', 'a delivery in transit cannot be edited');
select throws_ok(format($$ delete from public.deliveries where id = %L $$, (select delivery from states where status = 'pending')),
  '42501', null, 'deliveries are cancelled, never deleted');
select throws_ok($$ insert into public.delivery_events (tenant_id, delivery_id, action, status) select tenant_id, id, 'status', 'delivered' from public.deliveries limit 1 $$,
  '42501', null, 'events are not writable through the API');
select throws_ok($$ insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id, status)
  values ('a1000000-0000-4000-8000-000000000004', '{"full_address": "a"}', 37.794, -122.395, '{"full_address": "b"}', 37.775, -122.41, '[{"quantity": 1, "weight_kg": 1}]', 'a6100000-0000-4000-8000-000000000002', 'delivered') $$,
  '42501', null, 'a delivery cannot be created in another status');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok($$ select tests.acme_delivery() $$, '42501', null, 'drivers cannot create deliveries');
reset role;
select tests.act_as('customer@acme.test');
select throws_ok($$ select tests.acme_delivery() $$, '42501', null, 'customers cannot create deliveries (yet)');
reset role;
select tests.act_as(null);
select throws_ok($$ select count(*) from public.deliveries $$, '42501', null, 'anon reads nothing');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok($$ insert into public.deliveries (tenant_id, customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
  values ('a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000004', '{"full_address": "a"}', 37.794, -122.395, '{"full_address": "b"}', 37.775, -122.41, '[{"quantity": 1, "weight_kg": 1}]', 'a6100000-0000-4000-8000-000000000002') $$,
  '42501', null, 'another tenant cannot create acme deliveries');
select is(tests.affected(format($$ update public.deliveries set notes = 'x' where id = %L $$, (select delivery from states where status = 'pending'))), 0,
  'another tenant updates nothing of acme');

-- Derived values
reset role;
select tests.act_as('dispatcher@acme.test');
create temp table made_id as select tests.acme_delivery() as id;
create temp table made as select d.* from public.deliveries d join made_id m on m.id = d.id;
grant select on made to authenticated;
select matches((select delivery_code from made), '^ACME-[0-9]{6}$', 'codes read ACME-000123');
select is((select barcode from made), (select delivery_code from made), 'the barcode carries the code');
select ok((select length(tracking_token) * 4 >= 128 and tracking_token ~ '^[0-9a-f]+$' and tracking_token <> id::text from made), 'the tracking token has at least 128 bits and is not the id');
select is((select price::text || ' ' || currency from made), (select (q ->> 'price')::numeric(12,2)::text || ' ' || (q ->> 'currency')
  from public.quote(37.794, -122.395, 37.775, -122.41, 'a6100000-0000-4000-8000-000000000002', 3.5) q), 'the price is the quote''s');
select is((select pickup_zone_id::text || ' ' || dropoff_zone_id::text from made), 'a6000000-0000-4000-8000-000000000001 a6000000-0000-4000-8000-000000000002',
  'the zones are derived from the points');
select is((select status || ' ' || package_count || ' ' || total_weight_kg from made), 'pending 1 3.50', 'a new delivery is pending with its totals');
create function pg_temp.delivery_details(statement text) returns text
language plpgsql
as $$
declare
  d text;
begin
  begin
    execute statement;
  exception when others then
    get stacked diagnostics d = pg_exception_detail;
    return (select string_agg(e ->> 'field' || ': ' || (e ->> 'message'), '; ') from jsonb_array_elements(d::jsonb) e);
  end;
  return null;
end;
$$;
grant execute on function pg_temp.delivery_details(text) to authenticated;
select is(pg_temp.delivery_details($$ insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
  values ('a1000000-0000-4000-8000-000000000004', '{"full_address": "Far away"}', 10, 10, '{"full_address": "b"}', 37.775, -122.41, '[{"quantity": 1, "weight_kg": 1}]', 'a6100000-0000-4000-8000-000000000002') $$),
  'pickup_address: No active zone covers the pickup point', 'no zone: the quote''s refusal on the form''s field');
select is(pg_temp.delivery_details($$ insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id, price, price_override_reason)
  values ('a1000000-0000-4000-8000-000000000004', '{"full_address": "Far away"}', 10, 10, '{"full_address": "b"}', 37.775, -122.41, '[{"quantity": 1, "weight_kg": 1}]', 'a6100000-0000-4000-8000-000000000002', 80, 'Agreed by phone') $$),
  null, 'a staff price with a reason covers a route without a price');
select is(pg_temp.delivery_details($$ insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
  values ('a1000000-0000-4000-8000-000000000002', '{}', 37.794, -122.395, '{"full_address": "b"}', 37.775, -122.41, '[{"quantity": 0, "weight_kg": -1, "colour": "red"}]', 'a6100000-0000-4000-8000-000000000002') $$),
  'customer_id: The customer must be a person with the customer role; pickup_address: Pickup address is required; packages.0: Unknown package field colour; packages.0.quantity: Quantity must be a whole number from 1 to 1000; packages.0.weight_kg: Weight must be more than 0 and at most 10000 kg',
  'the form''s rules as details');
select is(pg_temp.delivery_details($$ insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id, pickup_window_start, pickup_window_end)
  values ('a1000000-0000-4000-8000-000000000004', '{"full_address": "a"}', 37.794, -122.395, '{"full_address": "b"}', 37.775, -122.41, '[{"quantity": 1, "weight_kg": 1}]', 'a6100000-0000-4000-8000-000000000002', now(), now() - interval '1 hour') $$),
  'pickup_window_end: The pickup window must end after it starts', 'windows end after they start');
select is(pg_temp.delivery_details($$ insert into public.deliveries (customer_id, pickup_address_id, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
  select 'a1000000-0000-4000-8000-000000000004', a.id, 0, 0, '{"full_address": "b"}', 37.775, -122.41, '[{"quantity": 1, "weight_kg": 1}]', 'a6100000-0000-4000-8000-000000000002'
  from public.addresses a where a.user_id is not null and a.user_id <> 'a1000000-0000-4000-8000-000000000004' limit 1 $$),
  'pickup_address_id: Pickup address not found in the business''s or the customer''s address book; pickup_address: Pickup address is required',
  'another customer''s address is refused');

-- Search (search_delivery_ids): staff of the tenant only
select ok((select id from made) in (select public.search_delivery_ids((select delivery_code from made))), 'search finds a delivery by its code');
select ok((select id from made) in (select public.search_delivery_ids('carla cust')), 'and by its customer''s name');
select is((select count(*)::int from public.search_delivery_ids('%')), 0, 'a wildcard is searched as text');
reset role;
select tests.act_as('driver@acme.test');
select is((select count(*)::int from public.search_delivery_ids('ACME')), 0, 'drivers search nothing through it');
reset role;
select tests.act_as('admin@globex.test');
select is((select count(*)::int from public.search_delivery_ids('ACME')), 0, 'another tenant finds nothing of acme');

-- Who reads what
reset role;
select tests.act_as('customer@acme.test');
select is((select count(*)::int from public.deliveries where customer_id <> 'a1000000-0000-4000-8000-000000000004'), 0, 'a customer reads only their deliveries');
select ok((select count(*) from public.deliveries where id in (select delivery from states)) = 9, 'a customer reads their deliveries in every status');
select is((select count(*)::int from public.assignments), 0, 'a customer reads no assignments');
select ok((select count(*) from public.delivery_events where delivery_id = (select delivery from states where status = 'delivered')) = 6, 'a customer reads the timeline of their delivery');
reset role;
select tests.act_as('driver@acme.test');
select is((select count(*)::int from public.deliveries d where d.driver_id is distinct from 'a1000000-0000-4000-8000-000000000003'
  and not exists (select 1 from public.assignments a where a.delivery_id = d.id and a.driver_id = 'a1000000-0000-4000-8000-000000000003' and a.status in ('accepted', 'completed'))),
  0, 'a driver reads only the deliveries they carry or carried');
select is((select count(*)::int from public.deliveries where id = (select delivery from states where status = 'pending')), 0, 'a driver does not read unassigned deliveries');
select is((select count(*)::int from public.assignments where driver_id <> 'a1000000-0000-4000-8000-000000000003'), 0, 'a driver reads only their assignments');
select is((select count(*)::int from public.profiles where id = 'a1000000-0000-4000-8000-000000000004'), 1, 'a driver reads the customer of a delivery they carry');
select is((select count(*)::int from public.profiles where panel_type = 'customer' and id <> 'a1000000-0000-4000-8000-000000000004'
  and not exists (select 1 from public.deliveries d where d.customer_id = profiles.id)), 0, 'and no other customer');
reset role;
select tests.act_as('admin@globex.test');
select is((select count(*)::int from public.deliveries where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'globex reads no acme delivery');
select is((select count(*)::int from public.delivery_events where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'globex reads no acme event');
select is((select count(*)::int from public.assignments where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'globex reads no acme assignment');
select is((select count(*)::int from public.drivers where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'globex reads no acme driver');
reset role;
select tests.act_as('dispatcher@acme.test');
select ok((select count(*) from public.deliveries where id in (select delivery from states)) = 9, 'a dispatcher reads the tenant''s deliveries');
select is((select count(*)::int from public.deliveries where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'and only the tenant''s');
select is((select public.delivery_actions((select delivery from states where status = 'pending'))), array['edit', 'assign', 'cancelled'],
  'actions of a pending delivery for staff');
select is((select public.delivery_actions((select delivery from states where status = 'failed'))), array['returned', 'pending'],
  'actions of a failed delivery for staff');
reset role;
select tests.act_as('driver@acme.test');
select is((select public.delivery_actions((select delivery from states where status = 'in_transit'))), array['delivered', 'failed'],
  'actions of a delivery in transit for its driver');

-- Live topics
reset role;
select ok(tests.may_receive('dispatcher@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:deliveries'), 'dispatchers follow the deliveries topic');
select ok(not tests.may_receive('driver@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:deliveries'), 'drivers do not follow the tenant''s deliveries topic');
select ok(not tests.may_receive('customer@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:assignments'), 'customers do not follow assignments');
select ok(not tests.may_receive('admin@globex.test', 'tenant:a0000000-0000-4000-8000-000000000001:delivery_events'), 'another tenant does not follow acme''s events');

reset role;
-- The staff read policy (20261125001395) reads "not a driver or a customer" as "an admin or a
-- dispatcher": true only while these are the only four panels. A fifth panel must revisit it.
select is((select pg_get_constraintdef(oid) from pg_constraint where conname = 'profiles_panel_type_check'),
  'CHECK ((panel_type = ANY (ARRAY[''admin''::text, ''dispatcher''::text, ''driver''::text, ''customer''::text])))',
  'the panels are exactly admin, dispatcher, driver and customer (the deliveries staff policy counts on it)');
select * from finish();
rollback;
