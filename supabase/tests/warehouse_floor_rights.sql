-- Warehouse-only people (dispatcher panel, role warehouse_staff, no dispatcher role, no active
-- dispatcher_liaison staff row) work in their warehouses and nowhere else of the board: no
-- deliveries, assignments, drivers or customers, no assigning, no board topics. A liaison keeps what
-- dispatchers have; dispatchers and admins are unchanged; all of it per tenant.
begin;
select plan(42);

create temp table fx (name text primary key, id uuid);
grant all on fx to public;

-- A pending acme delivery, made by the dispatcher; the fleet ready to take it.
select tests.ready_acme_fleet();
select tests.act_as('dispatcher@acme.test');
insert into fx values ('delivery', tests.acme_delivery());
reset role;

-- A pick order for Tyrone (acme picker) in Bayview, with stock for it, made as the database owner.
insert into public.inventory_items (id, tenant_id, name, sku) values
  ('c2900000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Floor Test Crate', 'FLOOR-TEST-01');
insert into fx select 'bin', id from public.warehouse_locations
  where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and code = 'Z1-A01-S1-B03';
select public.record_inventory_transaction('receive', 'c2900000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 5,
  to_bin_id => (select id from fx where name = 'bin'));
select tests.act_as('admin@acme.test');
insert into fx select 'pick', (public.save_pick_order(null, jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
  'assigned_to', 'a5100000-0000-4000-8000-000000000004',
  'item_details', jsonb_build_array(jsonb_build_object('item_id', 'c2900000-0000-4000-8000-000000000001',
    'bin_id', (select id from fx where name = 'bin'), 'quantity', 3)))) #>> '{pick_order,order,id}')::uuid;
reset role;

-- Tyrone Jackson, acme picker (Bayview and Dogpatch): warehouse-only.
select tests.act_as('tyrone.jackson@acmelogistics.example');
select is(private.current_panel_type(), 'warehouse', 'picker: the rules see a warehouse-only person');
select is((select count(*)::int from public.deliveries), 0, 'picker: reads no delivery');
select is((select count(*)::int from public.assignments), 0, 'picker: reads no assignment');
select is((select count(*)::int from public.drivers), 0, 'picker: reads no driver');
select is((select count(*)::int from public.profiles where panel_type = 'customer'), 0, 'picker: reads no customer');
select is((select count(*)::int from public.return_requests), 0, 'picker: reads no return request');
select is((select count(*)::int from public.vehicles), 0, 'picker: reads no vehicle');
select throws_ok($$ insert into public.assignments (delivery_id, driver_id, vehicle_id)
  values ((select id from fx where name = 'delivery'), 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001') $$,
  '42501', null, 'picker: cannot assign a driver');
select throws_ok(format('select public.transition_delivery(%L, %L)', (select id from fx where name = 'delivery'), 'cancelled'),
  'PT404', 'Delivery not found', 'picker: cannot move a delivery, which is not found for them (as they read none)');
select is(coalesce(cardinality(public.delivery_actions((select id from fx where name = 'delivery'))), 0), 0, 'picker: no delivery action');
select throws_ok(format('select public.assignment_fit(%L, %L, %L)', (select id from fx where name = 'delivery'), 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001'),
  '42501', null, 'picker: cannot check a driver for a delivery');
reset role;
select ok(not tests.may_receive('tyrone.jackson@acmelogistics.example', 'tenant:a0000000-0000-4000-8000-000000000001:deliveries'),
  'picker: does not join the deliveries topic');
select ok(not tests.may_receive('tyrone.jackson@acmelogistics.example', 'tenant:a0000000-0000-4000-8000-000000000001:assignments'),
  'picker: does not join the assignments topic');
select ok(not tests.may_receive('tyrone.jackson@acmelogistics.example', 'tenant:a0000000-0000-4000-8000-000000000001:drivers'),
  'picker: does not join the drivers topic');
select ok(tests.may_receive('tyrone.jackson@acmelogistics.example', 'tenant:a0000000-0000-4000-8000-000000000001:notifications:a5100000-0000-4000-8000-000000000004'),
  'picker: still joins their own notifications');
select tests.act_as('tyrone.jackson@acmelogistics.example');
-- Their work stays open.
select ok((select count(*)::int from public.inventory_items) > 0, 'picker: reads the items');
select ok((select count(*)::int from public.pick_orders where warehouse_id = 'a5000000-0000-4000-8000-000000000001') > 0, 'picker: reads Bayview''s pick orders');
select ok((select count(*)::int from public.inventory_stock) > 0, 'picker: reads the stock of their warehouses');
select is(public.pick_order_actions((select id from fx where name = 'pick')), array['in_progress'], 'picker: may start the order assigned to them');
select lives_ok(format('select public.transition_pick_order(%L, %L)', (select id from fx where name = 'pick'), 'in_progress'), 'picker: starts it (reserves)');
select lives_ok(format('select public.save_pick_order(%L, %L::jsonb)', (select id from fx where name = 'pick'),
  jsonb_build_object('item_details', jsonb_build_array(jsonb_build_object('item_id', 'c2900000-0000-4000-8000-000000000001',
    'bin_id', (select id from fx where name = 'bin'), 'quantity', 3, 'picked_quantity', 3)))), 'picker: picks its line');
select lives_ok(format('select public.transition_pick_order(%L, %L)', (select id from fx where name = 'pick'), 'completed'), 'picker: completes it');
select throws_ok(format('select public.save_pick_order(null, %L::jsonb)', jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
  'item_details', jsonb_build_array(jsonb_build_object('item_id', 'c2900000-0000-4000-8000-000000000001', 'bin_id', (select id from fx where name = 'bin'))))),
  '42501', 'Only admins, supervisors and managers of this warehouse can create pick orders', 'picker: still creates no pick order');
reset role;
select is((select quantity || '/' || reserved from public.inventory_stock where item_id = 'c2900000-0000-4000-8000-000000000001'), '2/0',
  'the picked units left the bin, nothing stays reserved');

-- Grace Kim, acme receiver: reads Bayview's receive orders; Maya Chen, manager, creates pick orders.
select tests.act_as('grace.kim@acmelogistics.example');
select is(private.current_panel_type(), 'warehouse', 'receiver: warehouse-only');
select ok((select count(*)::int from public.receive_orders where warehouse_id = 'a5000000-0000-4000-8000-000000000001') > 0, 'receiver: reads Bayview''s receive orders');
select ok((select count(*)::int from public.suppliers) > 0, 'receiver: reads the suppliers of those orders');
select is((select count(*)::int from public.deliveries), 0, 'receiver: reads no delivery');
reset role;
select tests.act_as('maya.chen@acmelogistics.example');
select lives_ok(format('select public.save_pick_order(null, %L::jsonb)', jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
  'item_details', jsonb_build_array(jsonb_build_object('item_id', 'c2900000-0000-4000-8000-000000000001', 'bin_id', (select id from fx where name = 'bin'))))),
  'manager: creates a pick order');
reset role;

-- Ben Okafor, acme dispatcher liaison (role warehouse_staff): what dispatchers have.
select tests.act_as('ben.okafor@acmelogistics.example');
select is(private.current_panel_type(), 'dispatcher', 'liaison: the rules see a dispatcher');
select ok((select count(*)::int from public.deliveries) > 0, 'liaison: reads the deliveries');
reset role;
select ok(tests.may_receive('ben.okafor@acmelogistics.example', 'tenant:a0000000-0000-4000-8000-000000000001:deliveries'),
  'liaison: joins the deliveries topic');
select tests.act_as('ben.okafor@acmelogistics.example');
select lives_ok($$ insert into public.assignments (delivery_id, driver_id, vehicle_id)
  values ((select id from fx where name = 'delivery'), 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001') $$,
  'liaison: assigns a driver');
reset role;
-- A liaison row made inactive: warehouse-only again.
update public.warehouse_staff set active = false where user_id = 'a5100000-0000-4000-8000-000000000006';
select tests.act_as('ben.okafor@acmelogistics.example');
select is((select count(*)::int from public.deliveries), 0, 'an inactive liaison row gives nothing of the board');
reset role;

-- Dispatchers and admins unchanged.
select tests.act_as('dispatcher@acme.test');
select is(private.current_panel_type(), 'dispatcher', 'dispatcher: a dispatcher');
select ok((select count(*)::int from public.deliveries) > 0, 'dispatcher: reads the deliveries');
reset role;
select ok(tests.may_receive('dispatcher@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:deliveries'), 'dispatcher: joins the deliveries topic');
select ok(tests.may_receive('admin@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:deliveries'), 'admin: joins the deliveries topic');

-- Globex: Amara Okoye, picker at Park Royal, reads nothing of the board nor of acme; a picker of
-- acme joins no globex topic.
select tests.act_as('amara.okoye@globexfreight.example');
select is((select count(*)::int from public.deliveries), 0, 'globex picker: reads no delivery');
select is((select count(*)::int from public.pick_orders where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'globex picker: reads no acme pick order');
reset role;
select ok(not tests.may_receive('amara.okoye@globexfreight.example', 'tenant:b0000000-0000-4000-8000-000000000001:deliveries'),
  'globex picker: does not join its deliveries topic');
select ok(not tests.may_receive('tyrone.jackson@acmelogistics.example', 'tenant:b0000000-0000-4000-8000-000000000001:notifications:a5100000-0000-4000-8000-000000000004'),
  'cross-tenant: an acme picker joins no globex topic');

select * from finish();
rollback;
