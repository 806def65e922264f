-- Package handoffs: the form's rules and messages, every status move and who may make it, completed
-- handoffs final, the delivery's timeline and the notices of a completion, the roles of both tenants,
-- access modes and cross-tenant reads.
begin;
select plan(52);

select is((select array_agg(h.status order by h.status)::text from public.package_handoffs h
  join public.deliveries d on d.id = h.delivery_id where d.status = 'assigned' and h.tenant_id = 'b0000000-0000-4000-8000-000000000001'),
  '{cancelled,completed,in_progress,pending}', 'the seed has a handoff in every status for today''s assigned deliveries');


create function pg_temp.save(vals jsonb, id uuid default null) returns text
language sql stable
as $$ select format('select public.save_package_handoff(%L, %L::jsonb)', id, vals) $$;

create function pg_temp.handoff(id uuid) returns public.package_handoffs
language sql
security definer
as $$ select * from public.package_handoffs where id = $1 $$;

create function pg_temp.visible(id uuid) returns integer
language sql
as $$ select count(*)::integer from public.package_handoff_rows where id = $1 $$;

grant execute on all functions in schema pg_temp to anon, authenticated;

-- Fixtures (as the owner): an assigned and a pending delivery, Bayview's completed and pending pick
-- orders, staff rows of Bayview (Grace) and of Dogpatch (Tyrone), and a Dogpatch handoff.
select tests.ready_acme_fleet();
select tests.remember('assigned', tests.acme_delivery_in('assigned')), tests.remember('pending_delivery', tests.acme_delivery_in('pending'));
-- Both picked up at Bayview, so they are in its people's work (warehouse-only people hand over nothing else).
update public.deliveries set pickup_address_id = 'a4000000-0000-4000-8000-000000000002' where id in (tests.id('assigned'), tests.id('pending_delivery'));
select tests.remember('pick_done', x.id) from (select id as id from public.pick_orders
  where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and status = 'completed' order by reference_number limit 1) x;
select tests.remember('pick_pending', x.id) from (select id as id from public.pick_orders
  where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and status = 'pending' order by reference_number limit 1) x;
select tests.remember('grace', id) from public.warehouse_staff
  where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and user_id = 'a5100000-0000-4000-8000-000000000003';
select tests.remember('tyrone_dogpatch', id) from public.warehouse_staff
  where warehouse_id = 'a5000000-0000-4000-8000-000000000002' and user_id = 'a5100000-0000-4000-8000-000000000004';
with x as (insert into public.package_handoffs (tenant_id, warehouse_id, delivery_id, picking_order_id, warehouse_staff_id, signature_url)
values ('a0000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000002', tests.id('assigned'), tests.id('pick_done'),
  tests.id('tyrone_dogpatch'), 'a0000000-0000-4000-8000-000000000001/a5000000-0000-4000-8000-000000000002/t.png')
returning id)
select tests.remember('dogpatch', id) from x;

-- The create form's messages.
select tests.act_as('admin@acme.test');
create temp table t_good as select jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
  'delivery_id', tests.id('assigned'), 'picking_order_id', tests.id('pick_done'), 'warehouse_staff_id', tests.id('grace'),
  'signature_url', 'a0000000-0000-4000-8000-000000000001/a5000000-0000-4000-8000-000000000001/sig-1.png', 'notes', 'Two boxes') as v;
select is(tests.message_of(pg_temp.save('{}'), 'warehouse_id'), 'Warehouse is required', 'a missing warehouse: Warehouse is required');
select is(tests.message_of(pg_temp.save('{}'), 'delivery_id'), 'Delivery is required', 'a missing delivery: Delivery is required');
select is(tests.message_of(pg_temp.save('{}'), 'picking_order_id'), 'Picking order is required', 'a missing pick order: Picking order is required');
select is(tests.message_of(pg_temp.save('{}'), 'warehouse_staff_id'), 'Warehouse staff is required', 'missing staff: Warehouse staff is required');
select is(tests.message_of(pg_temp.save('{}'), 'signature_url'), 'Signature URL is required', 'no signature: Signature URL is required');
select is(tests.message_of(pg_temp.save((select v from t_good) || jsonb_build_object('delivery_id', tests.id('pending_delivery'))), 'delivery_id'),
  'Choose a delivery that is assigned to a driver', 'the delivery must be assigned');
select is(tests.message_of(pg_temp.save((select v from t_good) || jsonb_build_object('picking_order_id', tests.id('pick_pending'))), 'picking_order_id'),
  'Choose a completed pick order of this warehouse', 'the pick order must be completed');
select is(tests.message_of(pg_temp.save((select v from t_good) || jsonb_build_object('warehouse_staff_id', tests.id('tyrone_dogpatch'))), 'warehouse_staff_id'),
  'Choose a staff member of this warehouse', 'the staff member must work in the warehouse');
select is(tests.message_of(pg_temp.save((select v from t_good) || '{"signature_url": "elsewhere/sig.png"}'), 'signature_url'),
  'The signature must be uploaded to this warehouse''s folder', 'the signature is a file of the warehouse''s folder');
select is(tests.message_of(pg_temp.save((select v from t_good) || '{"warehouse_id": "b5000000-0000-4000-8000-000000000001"}'), 'warehouse_id'),
  'Warehouse not found', 'another tenant''s warehouse is not found');
select throws_ok(format('insert into public.package_handoffs (tenant_id, warehouse_id, delivery_id, picking_order_id, warehouse_staff_id, signature_url) values (%L, %L, %L, %L, %L, %L)',
  'a0000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', tests.id('assigned'), tests.id('pick_done'), tests.id('grace'), 'x/y/z.png'),
  '42501', null, 'nobody writes the table directly');

-- Created by a staff member of the warehouse; it starts pending with its history.
reset role;
select tests.act_as('grace.kim@acmelogistics.example');
select tests.remember('h', (public.save_package_handoff(null, (select v from t_good)) #>> '{package_handoff,id}')::uuid);
reset role;
select is((pg_temp.handoff(tests.id('h'))).status, 'pending', 'a new handoff is pending');
select is((select count(*)::integer from public.package_handoff_events where package_handoff_id = tests.id('h') and status = 'pending' and from_status is null),
  1, 'its creation is in its history');

-- Who reads it.
select tests.act_as('admin@acme.test');
select is((select warehouse ->> 'code' from public.package_handoff_rows where id = tests.id('h')), 'SF-BAY', 'the admin reads it with its warehouse');
select is((select warehouse_staff ->> 'role' from public.package_handoff_rows where id = tests.id('h')), 'receiver', '... its staff member''s role');
select is((select picking_order ->> 'reference_number' from public.package_handoff_rows where id = tests.id('h')),
  (select reference_number from public.pick_orders where id = tests.id('pick_done')), '... and its pick order''s reference');
select is(public.package_handoff_actions(tests.id('h')), array['edit', 'in_progress', 'completed', 'cancelled'], 'a pending handoff''s moves');
reset role;
select tests.act_as('dispatcher@acme.test');
select is(pg_temp.visible(tests.id('h')), 1, 'the dispatcher of the warehouse reads it');
select is(pg_temp.visible(tests.id('dogpatch')), 0, '... but not a handoff of a restricted warehouse they may not access');
reset role;
select tests.act_as('tyrone.jackson@acmelogistics.example');
select is(pg_temp.visible(tests.id('dogpatch')), 1, 'staff the restricted warehouse lets in read its handoffs');
reset role;
select tests.act_as('grace.kim@acmelogistics.example');
select is(pg_temp.visible(tests.id('dogpatch')), 0, 'staff of another warehouse do not');
select throws_ok(pg_temp.save('{"status": "in_progress"}', tests.id('dogpatch')), 'PT404', 'Package handoff not found', '... nor change them');
reset role;
select tests.act_as('driver@acme.test');
select is(pg_temp.visible(tests.id('h')), 0, 'a driver reads no handoff');
select throws_ok(pg_temp.save('{"status": "completed"}', tests.id('h')), '42501', null, 'a driver changes none');
reset role;
select tests.act_as('customer@acme.test');
select is(pg_temp.visible(tests.id('h')), 0, 'a customer reads no handoff');
reset role;
select tests.act_as('admin@globex.test');
select is(pg_temp.visible(tests.id('h')), 0, 'another tenant''s admin reads no acme handoff');
select throws_ok(pg_temp.save('{"status": "completed"}', tests.id('h')), 'PT404', 'Package handoff not found', '... and changes none');

-- The moves.
reset role;
select tests.act_as('grace.kim@acmelogistics.example');
select is(tests.message_of(pg_temp.save('{"status": ""}', tests.id('h')), 'status'), 'Status is required', 'the edit form: Status is required');
select is(tests.message_of(pg_temp.save('{"status": "pending", "signature_url": ""}', tests.id('h')), 'signature_url'),
  'Signature URL is required', 'the edit form: the signature is required');
select lives_ok(pg_temp.save('{"status": "in_progress"}', tests.id('h')), 'pending -> in progress');
select lives_ok(pg_temp.save('{"status": "pending"}', tests.id('h')), 'in progress -> pending');
select lives_ok(pg_temp.save('{"status": "cancelled"}', tests.id('h')), 'pending -> cancelled');
select is(tests.message_of(pg_temp.save('{"status": "completed"}', tests.id('h')), 'status'),
  'A handoff that is cancelled cannot become completed', 'a cancelled handoff cannot be completed');
select lives_ok(pg_temp.save('{"status": "pending", "notes": "Reopened"}', tests.id('h')), 'cancelled -> pending (reopened)');
select is((select array_agg(coalesce(from_status, '-') || '>' || status order by seq)::text from public.package_handoff_events where package_handoff_id = tests.id('h')),
  '{->pending,pending>in_progress,in_progress>pending,pending>cancelled,cancelled>pending}', 'every move is in the history');

-- Completing.
select lives_ok(pg_temp.save(jsonb_build_object('status', 'completed',
  'signature_url', 'a0000000-0000-4000-8000-000000000001/a5000000-0000-4000-8000-000000000001/sig-2.png'), tests.id('h')), 'pending -> completed');
reset role;
select ok((pg_temp.handoff(tests.id('h'))).completed_at is not null, 'a completed handoff has its completion time');
select is((select count(*)::integer from public.delivery_events where delivery_id = tests.id('assigned') and action = 'handed_over'
  and note = 'Packages ready at Bayview Distribution Center'), 1, 'the delivery''s timeline records the handoff');
select is((select status from public.deliveries where id = tests.id('assigned')), 'assigned', '... and the delivery keeps its status');
select is((select count(*)::integer from public.notifications where user_id = 'a1000000-0000-4000-8000-000000000003'
  and title = 'Packages ready at Bayview Distribution Center'), 1, 'the delivery''s driver is told');
select is((select count(*)::integer from public.notifications where user_id = 'a1000000-0000-4000-8000-000000000002'
  and title like 'Packages of % handed over'), 1, 'the dispatcher who assigned it is told');

select is((select m.payload #>> '{record,action}' from realtime.messages m
  where m.topic = 'tenant:a0000000-0000-4000-8000-000000000001:driver_work:' || (select driver_id from public.deliveries where id = tests.id('assigned'))
    and m.payload ->> 'table' = 'delivery_events' and m.payload #>> '{record,delivery_id}' = tests.id('assigned')::text),
  'handed_over', 'the handoff goes out live on the driver''s own topic');
select ok(tests.may_receive('driver@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:driver_work:' ||
  (select driver_id from public.deliveries where id = tests.id('assigned'))), 'which their app joins');
select tests.act_as('driver@acme.test');
select is((select warehouse_name from public.driver_packages_ready() where delivery_id = tests.id('assigned')),
  'Bayview Distribution Center', 'the driver reads where the packages of their delivery are ready');
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select count(*)::integer from public.driver_packages_ready()), 0, 'that list is a driver''s own');
reset role;

-- Completed is final.
select tests.act_as('admin@acme.test');
select is(tests.message_of(pg_temp.save('{"notes": "Late note"}', tests.id('h')), 'status'),
  'A completed handoff cannot be changed', 'a completed handoff cannot be edited');
select is(public.package_handoff_actions(tests.id('h')), '{}'::text[], 'a completed handoff has no moves');
reset role;
select throws_ok(format('update public.package_handoffs set notes = %L where id = %L', 'x', tests.id('h')), '23514', 'Validation failed',
  'the database refuses any change to a completed handoff, even its owner''s');
select throws_ok(format('delete from public.package_handoffs where id = %L', tests.id('h')), '23514', 'Validation failed',
  '... or its removal');
select is((pg_temp.handoff(tests.id('h'))).notes, 'Reopened', 'the completed handoff is unchanged');

-- Globex's admin works with Globex's warehouses only.
select tests.act_as('admin@globex.test');
select is(tests.message_of(pg_temp.save((select v from t_good)), 'warehouse_id'), 'Warehouse not found', 'globex cannot hand over at an acme warehouse');

select * from finish();
rollback;
