-- Pick orders: the form's rules and messages, every status move and who may make it, reservations and
-- picks against the stock ledger (no negative stock, nothing left reserved after completion or
-- cancellation), the history, access modes and cross-tenant reads.
begin;
select plan(80);

-- The statement saving `vals` (a new order when `id` is null).
create function pg_temp.save(vals jsonb, id uuid default null) returns text
language sql stable
as $$ select format('select public.save_pick_order(%L, %L::jsonb)', id, vals) $$;

create function pg_temp.move(id uuid, target text) returns text
language sql stable
as $$ select format('select public.transition_pick_order(%L, %L)', id, target) $$;

create function pg_temp.lines_of(id uuid) returns text
language sql
security definer
as $$ select string_agg(picked_quantity || '/' || reserved_quantity || ' ' || status, ', ' order by position) from public.pick_order_lines where pick_order_id = $1 $$;

grant execute on all functions in schema pg_temp to anon, authenticated;

-- Items of the test, stock received into Bayview through the ledger (as the database owner).
insert into public.inventory_items (id, tenant_id, name, sku) values
  ('c2000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Pick Test Chair', 'PK-TEST-01'),
  ('c2000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'Pick Test Lamp', 'PK-TEST-02');
select public.record_inventory_transaction('receive', 'c2000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 6,
  to_bin_id => tests.bin('Z1-A01-S1-B01'), lot_number => 'LOT-1');
select public.record_inventory_transaction('receive', 'c2000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 4,
  to_bin_id => tests.bin('Z1-A01-S1-B01'), lot_number => 'LOT-2');
select public.record_inventory_transaction('receive', 'c2000000-0000-4000-8000-000000000002', 'a5000000-0000-4000-8000-000000000001', 5,
  to_bin_id => tests.bin('Z1-A01-S1-B02'));
select public.record_inventory_transaction('receive', 'c2000000-0000-4000-8000-000000000002', 'a5000000-0000-4000-8000-000000000002', 5,
  to_bin_id => tests.bin('Z1-A01-S1-B01', 'a5000000-0000-4000-8000-000000000002'));

-- The form's rules, as an admin.
reset role;
select tests.act_as('admin@acme.test');
select is(tests.message_of(pg_temp.save('{"item_details": [{"item_id": "c2000000-0000-4000-8000-000000000001"}]}'), 'warehouse_id'),
  'Warehouse is required', 'form: warehouse required');
select is(tests.message_of(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'reference_number', ' ',
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01')))), 'reference_number'),
  'Reference number is required', 'form: a cleared reference number is refused');
select is(tests.message_of(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
  'item_details', jsonb_build_array(jsonb_build_object('bin_id', tests.bin('Z1-A01-S1-B01'))))), 'item_details.0.item_id'),
  'Item is required', 'form: item required');
select is(tests.message_of(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01'), jsonb_build_object('item_id', 'c2000000-0000-4000-8000-000000000001')))), 'item_details.1.bin_id'),
  'Bin is required', 'form: bin required on every line');
select is(tests.message_of(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'due_date', current_date - 1,
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01')))), 'due_date'),
  'Due date cannot be before today', 'form: due date not before today');
select is(tests.message_of(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'item_details', '[]'::jsonb)), 'item_details'),
  'Add at least one item', 'form: at least one item');
select is(tests.message_of(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01', warehouse => 'a5000000-0000-4000-8000-000000000002')))), 'item_details.0.bin_id'),
  'Choose an active bin of this warehouse', 'form: another warehouse''s bin is refused');
select is(tests.message_of(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A03-S3-B02')))), 'item_details.0.bin_id'),
  'Choose an active bin of this warehouse', 'form: an inactive bin is refused');
select is(tests.message_of(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'assigned_to', 'a1000000-0000-4000-8000-000000000003',
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01')))), 'assigned_to'),
  'Choose a staff member of this warehouse', 'form: the assignee works in the warehouse');
select is(tests.message_of(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01', 0)))), 'item_details.0.quantity'),
  'Quantity must be a whole number above 0', 'form: quantity above 0');
select is(tests.message_of(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01', 2, 1)))), 'item_details.0.picked_quantity'),
  'Items are picked once the pick order is in progress', 'form: nothing is picked before the order starts');
select is(tests.message_of(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'status', 'completed',
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01')))), 'status'),
  'Start, complete or cancel the pick order to change its status', 'form: the status is not saved');
select is(tests.message_of(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'order_type', 'zone',
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01')))), 'order_type'),
  'Order type must be individual, batch or wave', 'form: order types');
select is((select count(*)::int from public.pick_orders where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and created_by = 'a1000000-0000-4000-8000-000000000001'),
  0, 'refused saves leave nothing behind');

-- Defaults and the read shape.
select lives_ok($$ select tests.save_pick_order_as('a', jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
  'assigned_to', 'a5100000-0000-4000-8000-000000000004', 'due_date', current_date + 2, 'notes', 'Front desk',
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01', 4)))) $$, 'admin creates a pick order');
select matches((tests.pick_order(tests.id('a'))).reference_number, '^ACME-PK[0-9]{5}$', 'the reference number defaults to a generated PK code');
select is((select o.order_type || ' ' || o.priority || ' ' || o.status from tests.pick_order(tests.id('a')) o), 'individual 1 pending',
  'defaults: individual, priority 1, pending');
select is((select public.get_pick_order(tests.id('a')) #>> '{items,0,name}') || ' in ' || (select public.get_pick_order(tests.id('a')) #>> '{items,0,bin_name}'),
  'Pick Test Chair in Z1-A01-S1-B01', 'read: items with their name and bin name');
select is((select public.get_pick_order(tests.id('a')) #>> '{warehouse,code}') || ' / ' || (select public.get_pick_order(tests.id('a')) #>> '{assigned_to_user,full_name}'),
  'SF-BAY / Tyrone Jackson', 'read: the warehouse and the assigned user');
select is((select (public.get_pick_order(tests.id('a')) #> '{order,picking_progress}') - 'start_time'::text - 'end_time'::text - 'picker_notes'::text),
  '{"total_items": 4, "picked_items": 0}'::jsonb, 'read: the picking progress');
select is((select public.save_pick_order(null, jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'reference_number', 'PO-TEST-77',
  'item_details', jsonb_build_array(jsonb_build_object('item_id', 'c2000000-0000-4000-8000-000000000002', 'bin_id', tests.bin('Z1-A01-S1-B02'))))) #>> '{pick_order,order,item_details,0,quantity}'),
  '1', 'a chosen reference number; quantity defaults to 1');
select is(tests.message_of(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'reference_number', 'PO-TEST-77',
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01')))), 'reference_number'),
  'Reference number already exists', 'the reference number is unique in the tenant');
select is((select public.pick_order_actions(tests.id('a'))), array['edit', 'in_progress', 'cancelled'], 'actions: an admin edits, starts or cancels a pending order');
-- Editing a pending order replaces its lines.
select is((select jsonb_array_length(public.save_pick_order(tests.id('a'), jsonb_build_object('priority', 3,
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01', 4), tests.pick_line('c2000000-0000-4000-8000-000000000002', 'Z1-A01-S1-B02', 2))))
  #> '{pick_order,items}')), 2, 'edit: a pending order''s lines are replaced');
select is((tests.pick_order(tests.id('a'))).priority, 3, 'edit: keys given change, the others stay');
reset role;

-- Who may create: admins, and supervisors and managers of the warehouse.
reset role;
select tests.act_as('maya.chen@acmelogistics.example');
select lives_ok($$ select tests.save_pick_order_as('b', jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'order_type', 'batch',
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01', 7)))) $$, 'a manager creates');
reset role;
select tests.act_as('marcus.reyes@acmelogistics.example');
select lives_ok($$ select tests.save_pick_order_as('c', jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'order_type', 'wave',
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000002', 'Z1-A01-S1-B02', 2)))) $$, 'a supervisor creates');
reset role;
select tests.act_as('tyrone.jackson@acmelogistics.example');
select throws_ok(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01')))),
  '42501', 'Only admins, supervisors and managers of this warehouse can create pick orders', 'a picker does not create');
select is((select public.pick_order_actions(tests.id('a'))), array['in_progress'], 'actions: a picker only starts a pending order');
select throws_ok(pg_temp.save('{"priority": 2}', tests.id('a')), '42501',
  'Only admins, supervisors and managers of this warehouse can change a pick order', 'a picker does not edit a pending order');
reset role;
select tests.act_as('grace.kim@acmelogistics.example');
select throws_ok(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01')))),
  '42501', null, 'a receiver does not create');
select throws_ok(pg_temp.move(tests.id('a'), 'in_progress'), '42501',
  'Only admins, pickers, supervisors and managers of this warehouse can start a pick order', 'a receiver does not start');
reset role;
select tests.act_as('dispatcher@acme.test');
select throws_ok(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01')))),
  '42501', null, 'the dispatcher (a liaison) does not create');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001')), '42501', 'Sign in to save pick orders', 'a driver saves nothing');
select is((select count(*)::int from public.pick_orders), 0, 'a driver reads no pick order');
reset role;
select tests.act_as('customer@acme.test');
select throws_ok(pg_temp.move(tests.id('a'), 'in_progress'), 'PT404', 'Pick order not found', 'a customer finds no pick order');
reset role;
select tests.act_as('admin@globex.test');
select is(tests.message_of(pg_temp.save(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01')))), 'warehouse_id'),
  'Warehouse not found', 'cross-tenant: another business''s warehouse is not found');
select is((select count(*)::int from public.pick_orders where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'cross-tenant: globex reads no acme order');
select is(public.get_pick_order(tests.id('a')), null, 'cross-tenant: the read answers nothing');
select throws_ok(pg_temp.move(tests.id('a'), 'in_progress'), 'PT404', 'Pick order not found', 'cross-tenant: nor moves it');
select lives_ok($$ select public.save_pick_order(null, jsonb_build_object('warehouse_id', 'b5000000-0000-4000-8000-000000000001', 'reference_number', 'PO-TEST-77',
  'item_details', jsonb_build_array(jsonb_build_object('item_id', (select id from public.inventory_items limit 1),
    'bin_id', (select id from public.warehouse_locations where warehouse_id = 'b5000000-0000-4000-8000-000000000001' and location_type = 'bin' and status = 'active' limit 1))))) $$,
  'cross-tenant: another business may use the same reference number');
reset role;

-- Direct writes are refused for every API role.
reset role;
select tests.act_as('admin@acme.test');
select throws_ok($$ update public.pick_orders set status = 'completed' $$, '42501', null, 'no direct update of an order');
select throws_ok($$ update public.pick_order_lines set picked_quantity = 1 $$, '42501', null, 'no direct update of a line');
reset role;

-- Starting reserves; a short line is named and nothing is reserved.
reset role;
select tests.act_as('tyrone.jackson@acmelogistics.example');
select lives_ok(pg_temp.move(tests.id('a'), 'in_progress'), 'a picker starts an order');
select is(tests.stock('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01'), '10/4', 'starting reserves the line''s quantity');
select is(tests.stock('c2000000-0000-4000-8000-000000000002', 'Z1-A01-S1-B02'), '5/2', 'every line is reserved');
select is(pg_temp.lines_of(tests.id('a')), '0/4 pending, 0/2 pending', 'the lines hold their reservations');
select is(tests.message_of(pg_temp.move(tests.id('b'), 'in_progress'), 'item_details.0.quantity'),
  'Insufficient stock for Pick Test Chair in Z1-A01-S1-B01: 6 available', 'a short line refuses the start, named');
select is((tests.pick_order(tests.id('b'))).status || ' ' || tests.stock('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01'), 'pending 10/4',
  'a refused start reserves nothing');
select is(tests.message_of(format('select public.record_inventory_transaction(''pick'', %L, %L, 4, from_bin_id => %L)',
  'c2000000-0000-4000-8000-000000000002', 'a5000000-0000-4000-8000-000000000001', tests.bin('Z1-A01-S1-B02')), 'quantity'),
  'Insufficient stock: 3 available in Z1-A01-S1-B02', 'reserved units are not picked by anyone else');
select is(tests.message_of(pg_temp.move(tests.id('a'), 'pending'), 'status'), 'A pick order that is in progress cannot become pending', 'no way back to pending');

-- Picking: picked quantities grow, out of the reservation, as pick transactions of the order.
select is((select public.save_pick_order(tests.id('a'), jsonb_build_object('item_details', jsonb_build_array(
  tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01', 4, 3), tests.pick_line('c2000000-0000-4000-8000-000000000002', 'Z1-A01-S1-B02', 2, 2))))
  ->> 'message'), 'Pick order updated successfully', 'a picker records picks');
select is(tests.stock('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01'), '7/1', 'a pick takes stock and its reservation');
select is(pg_temp.lines_of(tests.id('a')), '3/1 partially_picked, 2/0 picked', 'line statuses follow the picks');
select is((select sum(quantity)::int from public.inventory_transactions where reference_type = 'pick_order' and reference_id = tests.id('a') and transaction_type = 'pick'),
  5, 'the picks are pick transactions referencing the order');
select is(tests.message_of(pg_temp.save(jsonb_build_object('item_details', jsonb_build_array(
  tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01', 4, 2), tests.pick_line('c2000000-0000-4000-8000-000000000002', 'Z1-A01-S1-B02', 2, 2))), tests.id('a')),
  'item_details.0.picked_quantity'), 'Picked quantity cannot go below the 3 already picked', 'picks are not taken back');
select is(tests.message_of(pg_temp.save(jsonb_build_object('item_details', jsonb_build_array(
  tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01', 4, 5), tests.pick_line('c2000000-0000-4000-8000-000000000002', 'Z1-A01-S1-B02', 2, 2))), tests.id('a')),
  'item_details.0.picked_quantity'), 'Picked quantity cannot be more than the quantity', 'no more than the line''s quantity');
select is(tests.message_of(pg_temp.save(jsonb_build_object('item_details', jsonb_build_array(
  tests.pick_line('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B02', 4, 3), tests.pick_line('c2000000-0000-4000-8000-000000000002', 'Z1-A01-S1-B02', 2, 2))), tests.id('a')),
  'item_details.0'), 'Items cannot change once picking has started', 'lines are fixed once started');
select throws_ok(pg_temp.save('{"priority": 9}', tests.id('a')), '42501', null, 'a picker does not change the order itself');
select is((select public.pick_order_actions(tests.id('a'))), array['pick', 'completed'], 'actions: a picker picks or completes an order in progress');
select throws_ok(pg_temp.move(tests.id('a'), 'cancelled'), '42501', 'Only admins, supervisors and managers of this warehouse can cancel a pick order',
  'a picker does not cancel');

-- Completing releases what was not picked; the order is final.
select lives_ok(pg_temp.move(tests.id('a'), 'completed'), 'a picker completes');
select is(tests.stock('c2000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01'), '7/0', 'completion releases the unpicked reservation');
select is(pg_temp.lines_of(tests.id('a')) || ' ' || ((tests.pick_order(tests.id('a'))).ended_at is not null)::text,
  '3/0 partially_picked, 2/0 picked true', 'a short line stays partially picked; the end time is set');
select is(tests.message_of(pg_temp.save('{"notes": "late"}', tests.id('a')), 'status'), 'A pick order that is completed cannot be changed', 'a completed order is final');
select is(tests.message_of(pg_temp.move(tests.id('a'), 'cancelled'), 'status'), 'A pick order that is completed cannot become cancelled', 'a completed order is not cancelled');
select is(tests.message_of(pg_temp.move(tests.id('c'), 'completed'), 'status'), 'A pick order that is pending cannot become completed', 'a pending order is started first');

-- Cancelling an order in progress releases its reservation.
select lives_ok(pg_temp.move(tests.id('c'), 'in_progress'), 'order c starts');
select lives_ok(pg_temp.save(jsonb_build_object('item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000002', 'Z1-A01-S1-B02', 2, 1))), tests.id('c')),
  'one unit of order c is picked');
reset role;
select tests.act_as('marcus.reyes@acmelogistics.example');
select lives_ok(pg_temp.move(tests.id('c'), 'cancelled'), 'a supervisor cancels an order in progress');
select is(tests.stock('c2000000-0000-4000-8000-000000000002', 'Z1-A01-S1-B02'), '2/0', 'cancelling releases what was not picked');
select lives_ok(pg_temp.move(tests.id('b'), 'cancelled'), 'a pending order is cancelled');
select is((select string_agg(coalesce(from_status, '-') || '>' || status, ' ' order by seq) from public.pick_order_events where pick_order_id = tests.id('c')),
  '->pending pending>in_progress in_progress>cancelled', 'every move is in the history');
reset role;

-- Access modes: Dogpatch is open to its listed staff only.
reset role;
select tests.act_as('admin@acme.test');
select lives_ok($$ select tests.save_pick_order_as('d', jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000002',
  'item_details', jsonb_build_array(tests.pick_line('c2000000-0000-4000-8000-000000000002', 'Z1-A01-S1-B01', 1, warehouse => 'a5000000-0000-4000-8000-000000000002')))) $$,
  'an admin creates a Dogpatch order');
reset role;
select tests.act_as('marcus.reyes@acmelogistics.example');
select is((select count(*)::int from public.pick_order_rows where id = tests.id('d')), 0, 'access mode: staff of another warehouse do not read it');
reset role;
select tests.act_as('tyrone.jackson@acmelogistics.example');
select is((select reference_number from public.pick_order_rows where id = tests.id('d')), (select reference_number from tests.pick_order(tests.id('d'))),
  'access mode: a listed picker reads it');
reset role;

select is((select coalesce(sum(reserved), 0)::int from public.inventory_stock where item_id in ('c2000000-0000-4000-8000-000000000001', 'c2000000-0000-4000-8000-000000000002')),
  0, 'nothing is left reserved after completion and cancellation');
select is_empty($$ select id from public.inventory_stock where quantity < 0 or reserved < 0 or reserved > quantity $$, 'no balance is negative or over-reserved');

-- The seed: both tenants have orders in every status and of every type, and the stock's reservations
-- are exactly what the orders in progress hold.
select is((select count(*)::int from (select tenant_id from public.pick_orders group by tenant_id
  having count(distinct status) = 4 and count(distinct order_type) = 3) t), 2, 'seed: each tenant has pick orders in every status and type');
select is_empty($$
  select s.item_id, s.bin_id from (select item_id, bin_id, sum(reserved) as reserved from public.inventory_stock where status = 'available' group by 1, 2) s
  full join (select item_id, bin_id, sum(reserved_quantity) as reserved from public.pick_order_lines group by 1, 2) l using (item_id, bin_id)
  where coalesce(s.reserved, 0) <> coalesce(l.reserved, 0)
$$, 'every reserved unit is held by a line of an order in progress');

select * from finish();
rollback;
