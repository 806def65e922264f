-- The webhook outbox: each change of an event source writes exactly its event in the same
-- transaction, where a subscription of its module is active in the tenant (deliveries, assignments, return requests, exceptions, pick orders, receive orders, handoffs, audits, with the catalogue's type
-- names and who besides staff may read the row), a change that rolls back writes none, an edit that
-- is no event writes none, and no API role of either tenant reads or writes the outbox.
begin;
select plan(32);

select tests.ready_acme_fleet();

-- The events written after `since` (a seq), oldest first, as 'type module customer'.
create function pg_temp.events_since(since bigint) returns text[]
language sql
as $$
  select coalesce(array_agg(e.event_type || ' ' || e.module_id || ' ' || coalesce(e.customer_id::text, 'staff') order by e.seq), '{}')
  from public.webhook_events e where e.seq > since;
$$;
create function pg_temp.last_seq() returns bigint
language sql
as $$ select coalesce(max(seq), 0) from public.webhook_events $$;

-- A delivery created and then the transaction's failure: the caller's statement rolls back whole.
create function pg_temp.create_then_fail() returns void
language plpgsql
as $$
begin
  perform tests.acme_delivery();
  raise exception 'the change fails after its event was written' using errcode = 'P0001';
end;
$$;
grant execute on all functions in schema pg_temp to anon, authenticated;

create temp table mark (name text primary key, seq bigint, id uuid);
grant all on mark to public;

\set carla 'a1000000-0000-4000-8000-000000000004'

-- Acme's admin subscribes to every module; globex has no subscription.
insert into public.webhook_subscriptions (tenant_id, user_id, module_id, webhook_url, signing_secret)
select 'a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001', m.id, 'https://ada.example/hooks', 'whsec_' || repeat('A', 43) || '='
from public.webhook_modules m;

-- deliveries
insert into mark values ('created', pg_temp.last_seq());
select tests.act_as('dispatcher@acme.test');
update mark set id = tests.acme_delivery() where name = 'created';
reset role;
select is(pg_temp.events_since((select seq from mark where name = 'created')),
  array['delivery.created deliveries ' || :'carla'], 'a new delivery writes delivery.created, for its customer');
select is((select payload -> 'data' ->> 'delivery_code' from public.webhook_events where seq > (select seq from mark where name = 'created')),
  (select delivery_code from public.deliveries where id = (select id from mark where name = 'created')), 'the payload carries the delivery');
select is((select payload ->> 'type' from public.webhook_events where seq > (select seq from mark where name = 'created')),
  'delivery.created', 'the payload names its type');
select ok((select not (payload -> 'data' ? 'tracking_token') from public.webhook_events where seq > (select seq from mark where name = 'created')),
  'the payload never carries the tracking token');

insert into mark values ('notes', pg_temp.last_seq());
select tests.act_as('dispatcher@acme.test');
update public.deliveries set notes = 'Ring twice' where id = (select id from mark where name = 'created');
reset role;
select is(pg_temp.events_since((select seq from mark where name = 'notes')), '{}'::text[], 'an edit that is no status change writes no event');

insert into mark values ('cancel', pg_temp.last_seq());
select tests.act_as('dispatcher@acme.test');
select public.transition_delivery((select id from mark where name = 'created'), 'cancelled', 'Customer called it off');
reset role;
select is(pg_temp.events_since((select seq from mark where name = 'cancel')),
  array['delivery.status_changed deliveries ' || :'carla'], 'a status move writes delivery.status_changed');
select is((select payload -> 'data' ->> 'from_status' || '>' || (payload -> 'data' ->> 'status') from public.webhook_events where seq > (select seq from mark where name = 'cancel')),
  'pending>cancelled', 'the status change says from and to');

insert into mark values ('rollback', pg_temp.last_seq());
select tests.act_as('dispatcher@acme.test');
select throws_ok($$ select pg_temp.create_then_fail() $$, 'P0001', null, 'a change that fails after its event');
reset role;
select is(pg_temp.events_since((select seq from mark where name = 'rollback')), '{}'::text[], 'a rolled-back change leaves no event');

-- assignments
select tests.act_as('dispatcher@acme.test');
insert into mark values ('assign', 0, tests.acme_delivery());
reset role;
insert into mark values ('assigned', pg_temp.last_seq());
select tests.act_as('dispatcher@acme.test');
insert into public.assignments (delivery_id, driver_id, vehicle_id)
values ((select id from mark where name = 'assign'), 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001');
reset role;
select is(pg_temp.events_since((select seq from mark where name = 'assigned')),
  array['delivery.status_changed deliveries ' || :'carla', 'delivery.assigned deliveries ' || :'carla', 'assignment.created assignments staff'],
  'an assignment writes delivery.assigned (the customer''s) and assignment.created (staff''s), beside the delivery''s status change');

insert into mark values ('accept', pg_temp.last_seq());
select tests.act_as('driver@acme.test');
select public.respond_to_assignment((select id from public.assignments where delivery_id = (select id from mark where name = 'assign')), true);
reset role;
select is((select array_agg(x order by x) from unnest(pg_temp.events_since((select seq from mark where name = 'accept'))) x),
  array['assignment.accepted assignments staff', 'delivery.status_changed deliveries ' || :'carla'], 'the driver''s acceptance writes assignment.accepted');

-- return requests
insert into mark values ('delivered', 0, tests.acme_delivery_in('delivered'));
insert into mark values ('return', pg_temp.last_seq());
select tests.act_as('dispatcher@acme.test');
insert into public.return_requests (delivery_id, reason, items, refund_amount)
values ((select id from mark where name = 'delivered'), 'damaged', '[{"package_index": 0, "quantity": 1}]', 10);
reset role;
select is(pg_temp.events_since((select seq from mark where name = 'return')),
  array['return_request.created return_requests ' || :'carla'], 'a return request writes return_request.created, for its customer');
insert into mark values ('approve', pg_temp.last_seq());
select tests.act_as('dispatcher@acme.test');
select public.transition_return_request((select id from public.return_requests where delivery_id = (select id from mark where name = 'delivered')), 'approved', 'Fine');
reset role;
select is(pg_temp.events_since((select seq from mark where name = 'approve')),
  array['return_request.status_changed return_requests ' || :'carla'], 'its move writes return_request.status_changed');

-- exceptions
insert into mark values ('carried', 0, tests.acme_delivery_in('in_transit'));
insert into mark values ('exception', pg_temp.last_seq());
select tests.act_as('driver@acme.test');
insert into public.exceptions (delivery_id, type, severity, description)
values ((select id from mark where name = 'carried'), 'delayed', 'medium', 'Road closed on Mission St');
reset role;
select is(pg_temp.events_since((select seq from mark where name = 'exception')),
  array['exception.created exceptions staff'], 'an exception writes exception.created, for staff');
insert into mark values ('investigate', pg_temp.last_seq());
select tests.act_as('dispatcher@acme.test');
select public.transition_exception((select id from public.exceptions where delivery_id = (select id from mark where name = 'carried')), 'investigating');
reset role;
select is(pg_temp.events_since((select seq from mark where name = 'investigate')),
  array['exception.status_changed exceptions staff'], 'its move writes exception.status_changed');

-- What a receiver gets is the columns the trigger lists, the same for every event of a table.
select is((select array_agg(k order by k) from public.webhook_events e, jsonb_object_keys(e.payload -> 'data') k
    where e.seq > (select seq from mark where name = 'return') and e.event_type = 'return_request.created'),
  array['closed_at', 'created_at', 'currency', 'customer_id', 'delivery_id', 'id', 'items', 'order_id', 'pickup_delivery_id', 'reason',
    'reason_text', 'received_at', 'refund_amount', 'refunded', 'return_code', 'status', 'updated_at'],
  'a return request''s event carries the listed columns and no other');
select is((select array_agg(k order by k) from public.webhook_events e, jsonb_object_keys(e.payload -> 'data') k
    where e.seq > (select seq from mark where name = 'investigate')),
  array['assigned_to', 'created_at', 'delivery_id', 'description', 'exception_code', 'from_status', 'id', 'resolution_notes', 'resolved_at',
    'severity', 'status', 'type', 'updated_at'],
  'an exception''s status change carries the listed columns and where it came from');

-- pick orders and receive orders: staff's to read.
insert into mark values ('pick', pg_temp.last_seq());
insert into public.pick_orders (tenant_id, warehouse_id, reference_number)
values ('a0000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 'PK-OUTBOX-1');
select is(pg_temp.events_since((select seq from mark where name = 'pick')),
  array['pick_order.created pick_orders staff'], 'a pick order writes pick_order.created, for staff');
insert into mark values ('pick_cancel', pg_temp.last_seq());
select tests.act_as('admin@acme.test');
select public.transition_pick_order((select id from public.pick_orders where reference_number = 'PK-OUTBOX-1'), 'cancelled');
reset role;
select is((select payload -> 'data' ->> 'from_status' || '>' || (payload -> 'data' ->> 'status') || ' ' || (payload -> 'data' ->> 'reference_number')
    from public.webhook_events where seq > (select seq from mark where name = 'pick_cancel') and event_type = 'pick_order.status_changed'),
  'pending>cancelled PK-OUTBOX-1', 'its move writes pick_order.status_changed with its reference');
insert into mark values ('receive', pg_temp.last_seq());
select tests.act_as('admin@acme.test');
select public.transition_receive_order((select id from public.receive_orders
  where tenant_id = 'a0000000-0000-4000-8000-000000000001' and status = 'draft' order by receive_code limit 1), 'ordered');
reset role;
select is(pg_temp.events_since((select seq from mark where name = 'receive')),
  array['receive_order.status_changed receive_orders staff'], 'a receive order placed writes receive_order.status_changed, for staff');

-- package handoffs and inventory audits: staff's to read.
insert into mark values ('handoff', pg_temp.last_seq());
select tests.act_as('admin@acme.test');
select public.save_package_handoff((select id from public.package_handoffs
  where tenant_id = 'a0000000-0000-4000-8000-000000000001' and status = 'pending' order by id limit 1), '{"status": "cancelled"}');
reset role;
select is((select array_agg(e.event_type || ' ' || e.module_id || ' ' || coalesce(e.customer_id::text, 'staff') || ' ' || (e.payload -> 'data' ? 'signature_url')::text)
    from public.webhook_events e where e.seq > (select seq from mark where name = 'handoff')),
  array['package_handoff.status_changed package_handoffs staff false'], 'a handoff''s move writes package_handoff.status_changed, for staff, without the signature''s path');
insert into mark values ('audit', pg_temp.last_seq());
select tests.act_as('admin@acme.test');
select public.create_inventory_audit('{"warehouse_id": "a5000000-0000-4000-8000-000000000001", "audit_type": "full_count"}');
reset role;
select is(pg_temp.events_since((select seq from mark where name = 'audit')),
  array['inventory_audit.created inventory_audits staff'], 'a planned audit writes inventory_audit.created, for staff');

insert into mark values ('globex', pg_temp.last_seq());
select tests.act_as('dispatcher@globex.test');
insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
values ('b2000000-0000-4000-8000-000000000004', '{"full_address": "1 Baker St, London"}', 51.5237, -0.1585, '{"full_address": "10 Downing St, London"}', 51.5034, -0.1276,
  '[{"quantity": 1, "weight_kg": 2}]', 'b6100000-0000-4000-8000-000000000002');
reset role;
select is(pg_temp.events_since((select seq from mark where name = 'globex')), '{}'::text[], 'a tenant without a subscription of the module keeps no event: it could reach nobody');

select is((select count(*)::int from public.webhook_events e where not exists (
    select 1 from public.webhook_modules m where m.id = e.module_id and e.event_type = any(m.event_types))), 0,
  'every event is a type its module lists in the catalogue');

-- Nobody reads or writes the outbox through the API.
select tests.act_as(null);
select throws_ok($$ select count(*) from public.webhook_events $$, '42501', null, 'anon: cannot read the outbox');
reset role;
select tests.act_as('admin@acme.test');
select throws_ok($$ select count(*) from public.webhook_events $$, '42501', null, 'acme admin: cannot read the outbox');
select throws_ok($$ insert into public.webhook_events (tenant_id, module_id, event_type, subject_id, payload)
  values ('a0000000-0000-4000-8000-000000000001', 'deliveries', 'delivery.created', gen_random_uuid(), '{}') $$, '42501', null, 'acme admin: cannot write an event');
select throws_ok($$ select private.write_webhook_event('a0000000-0000-4000-8000-000000000001', 'deliveries', 'delivery.created', gen_random_uuid(), null, '{}') $$,
  '42501', null, 'acme admin: cannot call the event writer');
reset role;
select tests.act_as('dispatcher@acme.test');
select throws_ok($$ select count(*) from public.webhook_events $$, '42501', null, 'acme dispatcher: cannot read the outbox');
reset role;
select tests.act_as('business@acme.test');
select throws_ok($$ select count(*) from public.webhook_events $$, '42501', null, 'acme business customer: cannot read the outbox');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok($$ select count(*) from public.webhook_events $$, '42501', null, 'acme driver: cannot read the outbox');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok($$ delete from public.webhook_events $$, '42501', null, 'globex admin: cannot touch the outbox');
reset role;

select * from finish();
rollback;
