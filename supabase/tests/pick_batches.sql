-- Batch and wave picking (public.build_pick_batch): the refusals, grouping by zone and by item, the
-- caps, an order in one batch only, the route in bin location-code order, members following their
-- batch (the stock moved once, through the batch; cancelling releases), the rights of each role of
-- both tenants, access modes and cross-tenant reads, and the seed.
begin;
select plan(73);

-- A pending Bayview order remembered under `name` (its reference number is `name` too, for reading).
create function pg_temp.order_as(name text, lines jsonb) returns uuid
language plpgsql
as $$
declare
  new_id uuid;
begin
  new_id := (public.save_pick_order(null, jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
    'reference_number', 'BT-' || name, 'item_details', lines)) #>> '{pick_order,order,id}')::uuid;
  perform tests.remember(name, new_id);
  return new_id;
end;
$$;

grant execute on all functions in schema pg_temp to anon, authenticated;

-- Items of the test, with stock in Bayview's Ambient Storage (Z1) and Cold Chain (Z2) zones.
insert into public.inventory_items (id, tenant_id, name, sku) values
  ('c3000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Batch Test Kettle', 'BT-TEST-01'),
  ('c3000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'Batch Test Yoghurt', 'BT-TEST-02');
select public.record_inventory_transaction('receive', 'c3000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 10,
  to_bin_id => tests.bin('Z1-A02-S1-B01'));
select public.record_inventory_transaction('receive', 'c3000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 10,
  to_bin_id => tests.bin('Z1-A01-S2-B03'));
select public.record_inventory_transaction('receive', 'c3000000-0000-4000-8000-000000000002', 'a5000000-0000-4000-8000-000000000001', 10,
  to_bin_id => tests.bin('Z2-A01-S1-B02'));

-- Orders, as an admin: o1 (Z1, kettle), o2 (two Z1 lines and one Z2: Z1; mostly kettles), o3 (Z2,
-- yoghurt), o4 (Z2, yoghurt), o5 (Z1, kettle).
reset role;
select tests.act_as('admin@acme.test');
select pg_temp.order_as('o1', jsonb_build_array(tests.pick_line('c3000000-0000-4000-8000-000000000001', 'Z1-A02-S1-B01', 2)));
select pg_temp.order_as('o2', jsonb_build_array(tests.pick_line('c3000000-0000-4000-8000-000000000002', 'Z2-A01-S1-B02', 1),
  tests.pick_line('c3000000-0000-4000-8000-000000000001', 'Z1-A02-S1-B01', 1), tests.pick_line('c3000000-0000-4000-8000-000000000001', 'Z1-A01-S2-B03', 2)));
select pg_temp.order_as('o3', jsonb_build_array(tests.pick_line('c3000000-0000-4000-8000-000000000002', 'Z2-A01-S1-B02', 2)));
select pg_temp.order_as('o4', jsonb_build_array(tests.pick_line('c3000000-0000-4000-8000-000000000002', 'Z2-A01-S1-B02', 1)));
select pg_temp.order_as('o5', jsonb_build_array(tests.pick_line('c3000000-0000-4000-8000-000000000001', 'Z1-A01-S2-B03', 1)));

-- Refusals, each with its message.
select is(tests.message_of(tests.pick_batch_build(array['o1'], warehouse => null), 'warehouse_id'), 'Warehouse is required', 'refused: no warehouse');
select is(tests.message_of(tests.pick_batch_build(array['o1'], order_type => 'individual'), 'order_type'), 'Type must be batch or wave', 'refused: the type');
select is(tests.message_of(tests.pick_batch_build(array['o1'], group_by => 'aisle'), 'group_by'), 'Group by zone or by item', 'refused: the grouping');
select is(tests.message_of(tests.pick_batch_build(array['o1'], max_orders => 1), 'max_orders'), 'Max orders must be a whole number from 2 to 50', 'refused: an order cap below 2');
select is(tests.message_of(tests.pick_batch_build(array['o1'], max_lines => 0), 'max_lines'), 'Max lines must be a whole number from 1 to 200', 'refused: a line cap below 1');
select is(tests.message_of(tests.pick_batch_build(array['o1'], max_lines => 201), 'max_lines'), 'Max lines must be a whole number from 1 to 200', 'refused: a line cap above 200');
select is(tests.message_of(tests.pick_batch_build(null, warehouse => 'a5000000-0000-4000-8000-000000000002'), 'warehouse_id'),
  'No pending orders to batch in this warehouse', 'refused: no pending order in the warehouse');
select lives_ok($$ select tests.remember('dogpatch', (public.save_pick_order(null, jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000002',
  'reference_number', 'BT-dogpatch', 'item_details', jsonb_build_array(jsonb_build_object('item_id', 'c3000000-0000-4000-8000-000000000001',
  'bin_id', tests.bin('Z1-A01-S1-B01', 'a5000000-0000-4000-8000-000000000002'))))) #>> '{pick_order,order,id}')::uuid) $$, 'a Dogpatch order');
select is(tests.message_of(tests.pick_batch_build(array['o1', 'dogpatch']), 'pick_order_ids'),
  'Orders of one warehouse only: BT-dogpatch is in SF-DOG', 'refused: mixed warehouses');
select is(tests.message_of(tests.pick_batch_build(array['o2'], max_lines => 2), 'max_lines'), 'No pending order fits within 2 lines', 'refused: nothing fits the line cap');

-- Grouping and caps (previews: nothing written).
select is(tests.pick_plan(tests.run(tests.pick_batch_build(array['o1', 'o2', 'o3', 'o4', 'o5'])), 'BT-'), 'Ambient Storage: o1 o2 o5 | Cold Chain: o3 o4',
  'by zone: an order goes with the zone of most of its lines');
select is(tests.pick_plan(tests.run(tests.pick_batch_build(array['o1', 'o2', 'o3', 'o4', 'o5'], group_by => 'item')), 'BT-'), 'Batch Test Kettle: o1 o2 o5 | Batch Test Yoghurt: o3 o4',
  'by item: an order goes with the item of most of its units');
select is(tests.pick_plan(tests.run(tests.pick_batch_build(array['o1', 'o2', 'o3', 'o4', 'o5'], max_orders => 2)), 'BT-'), 'Ambient Storage: o1 o2 | Ambient Storage: o5 | Cold Chain: o3 o4',
  'the order cap splits a group');
select is(tests.pick_plan(tests.run(tests.pick_batch_build(array['o1', 'o2', 'o5'], max_lines => 3)), 'BT-'), 'Ambient Storage: o1 | Ambient Storage: o2 | Ambient Storage: o5',
  'the line cap splits a group');
select is((select jsonb_agg(b -> 'line_count') from jsonb_array_elements(tests.run(tests.pick_batch_build(array['o1', 'o2', 'o3', 'o4', 'o5'])) -> 'batches') b),
  '[5, 2]'::jsonb, 'the preview counts each batch''s lines');
select is((select e ->> 'reason' from jsonb_array_elements(tests.run(tests.pick_batch_build(array['o1', 'o2'], max_lines => 2)) -> 'left_out') e),
  '3 lines: more than the cap of 2', 'an order above the line cap alone is left out, named');
select is((select e - 'id' - 'reference_number' from jsonb_array_elements(tests.run(tests.pick_batch_build(array['o1', 'o2'], max_lines => 2)) -> 'left_out') e),
  '{"reason": "3 lines: more than the cap of 2", "key": "pick.lines_over_cap", "params": {"lines": 3, "max": 2}}'::jsonb,
  'its reason carries a key and the counts its words name, for the preview in the user''s language');
select ok((select bool_and(b ? 'id') is not true from jsonb_array_elements(tests.run(tests.pick_batch_build(array['o1', 'o2'])) -> 'batches') b)
  and (select count(*) from public.pick_orders where batch_id is not null and reference_number like 'BT-%') = 0, 'a preview writes nothing');
select ok((select count(*) from jsonb_array_elements(tests.run(tests.pick_batch_build(null)) -> 'batches') b, jsonb_array_elements(b -> 'orders') o
  where o ->> 'reference_number' like 'BT-o%') = 5, 'without a choice, every pending individual order of the warehouse is a candidate');

-- Building for real: one batch of o1 and o2, its route in bin location-code order.
select lives_ok($$ select tests.remember('b1', (tests.run(tests.pick_batch_build(array['o1', 'o2'], dry_run => false)) #>> '{batches,0,id}')::uuid) $$,
  'an admin builds a batch');
select is((select o.order_type || ' ' || o.status from tests.pick_order(tests.id('b1')) o), 'batch pending', 'the batch is a pending batch pick order');
select matches((tests.pick_order(tests.id('b1'))).reference_number, '^ACME-PK[0-9]{5}$', 'it has a generated reference number');
select is(tests.batch_members(tests.id('b1'), 'BT-'), 'o1 pending, o2 pending', 'the members are linked to the batch');
select is((select string_agg(e ->> 'bin_name' || ' ' || (e ->> 'quantity') || ' for ' || replace(e ->> 'order_reference', 'BT-', ''), ', ')
  from jsonb_array_elements(public.get_pick_order(tests.id('b1')) -> 'items') e),
  'Z1-A01-S2-B03 2 for o2, Z1-A02-S1-B01 2 for o1, Z1-A02-S1-B01 1 for o2, Z2-A01-S1-B02 1 for o2',
  'the route: every member line once, bins in location-code order, each naming its order');
select is((select string_agg(e ->> 'reference_number', ', ') from jsonb_array_elements(public.get_pick_order(tests.id('b1')) -> 'members') e),
  'BT-o1, BT-o2', 'the batch''s read names its members');
select is(public.get_pick_order(tests.id('o1')) #>> '{batch,reference_number}', (tests.pick_order(tests.id('b1'))).reference_number,
  'a member''s read names its batch');
select is(public.get_pick_order(tests.id('o1')) -> 'actions', '[]'::jsonb, 'a member offers no action of its own');
select is((select note from public.pick_order_events where pick_order_id = tests.id('o1') order by seq desc limit 1),
  'Added to batch ' || (tests.pick_order(tests.id('b1'))).reference_number, 'the member''s history names the batch');

-- An order is in one batch only.
select is(tests.message_of(tests.pick_batch_build(array['o1', 'o5'], dry_run => false), 'pick_order_ids'),
  'BT-o1 is already in batch ' || (tests.pick_order(tests.id('b1'))).reference_number, 'an order already in a batch is refused');
select ok((select count(*) from jsonb_array_elements(tests.run(tests.pick_batch_build(null)) -> 'batches') b, jsonb_array_elements(b -> 'orders') o
  where o ->> 'reference_number' in ('BT-o1', 'BT-o2')) = 0, 'a batch''s members are no longer candidates');
select throws_ok(format('select public.transition_pick_order(%L, ''in_progress'')', tests.id('o1')), '55000',
  'BT-o1 is picked in batch ' || (tests.pick_order(tests.id('b1'))).reference_number || ': start, pick, complete or cancel it through the batch',
  'a member is not started on its own');
select throws_ok(format('select public.save_pick_order(%L, ''{"priority": 5}'')', tests.id('o2')), '55000', null, 'a member is not edited on its own');
select throws_ok(format('select public.save_pick_order(%L, %L)', tests.id('b1'), jsonb_build_object('item_details',
  jsonb_build_array(tests.pick_line('c3000000-0000-4000-8000-000000000001', 'Z1-A02-S1-B01', 1)))), '55000',
  'The items of a batch come from its orders: cancel the batch to change them', 'a built batch''s lines are not replaced');
select is((public.save_pick_order(tests.id('b1'), '{"priority": 4, "assigned_to": "a5100000-0000-4000-8000-000000000004"}') ->> 'message'),
  'Pick order updated successfully', 'a built batch is assigned like any order');
reset role;

-- Picking the batch moves the stock once, through the batch; the members follow.
select tests.act_as('tyrone.jackson@acmelogistics.example');
select lives_ok(format('select public.transition_pick_order(%L, ''in_progress'')', tests.id('b1')), 'a picker starts the batch');
select is(tests.stock('c3000000-0000-4000-8000-000000000001', 'Z1-A02-S1-B01'), '10/3', 'starting the batch reserves its lines');
select is(tests.batch_members(tests.id('b1'), 'BT-'), 'o1 in_progress, o2 in_progress', 'the members start with it');
select is(tests.pick_lines(tests.id('o1')), '0/0', 'members hold no reservation of their own');
select lives_ok(format('select public.save_pick_order(%L, %L)', tests.id('b1'), jsonb_build_object('item_details', jsonb_build_array(
  tests.pick_line('c3000000-0000-4000-8000-000000000001', 'Z1-A01-S2-B03', 2, 2), tests.pick_line('c3000000-0000-4000-8000-000000000001', 'Z1-A02-S1-B01', 2, 2),
  tests.pick_line('c3000000-0000-4000-8000-000000000001', 'Z1-A02-S1-B01', 1, 0), tests.pick_line('c3000000-0000-4000-8000-000000000002', 'Z2-A01-S1-B02', 1, 1)))),
  'the picker walks the route');
select lives_ok(format('select public.transition_pick_order(%L, ''completed'')', tests.id('b1')), 'the picker completes the batch');
select is(tests.stock('c3000000-0000-4000-8000-000000000001', 'Z1-A02-S1-B01'), '8/0', 'completion releases what was not picked');
select is((select coalesce(sum(quantity), 0)::int from public.inventory_transactions where reference_type = 'pick_order' and reference_id = tests.id('b1')),
  5, 'the picks are the batch''s pick transactions');
select is((select count(*)::int from public.inventory_transactions where reference_id in (tests.id('o1'), tests.id('o2'))), 0,
  'no second transaction for the members: the stock moved once');
select is(tests.batch_members(tests.id('b1'), 'BT-'), 'o1 completed, o2 completed', 'the members complete with it');
select is(tests.pick_lines(tests.id('o1')) || ' | ' || tests.pick_lines(tests.id('o2')), '2/0 | 1/0, 0/0, 2/0', 'each member line has what was picked for it');
select is((select string_agg(coalesce(from_status, '-') || '>' || status, ' ' order by seq) from public.pick_order_events where pick_order_id = tests.id('o2')),
  '->pending pending>pending pending>in_progress in_progress>completed', 'every member move is in its history');
reset role;

-- Cancelling a pending batch sends its orders back; cancelling one in progress releases its stock.
select tests.act_as('maya.chen@acmelogistics.example');
select lives_ok($$ select tests.remember('w1', (tests.run(tests.pick_batch_build(array['o3', 'o4'], order_type => 'wave', dry_run => false)) #>> '{batches,0,id}')::uuid) $$,
  'a manager builds a wave');
select is((tests.pick_order(tests.id('w1'))).order_type, 'wave', 'a wave');
reset role;
select tests.act_as('marcus.reyes@acmelogistics.example');
select lives_ok(format('select public.transition_pick_order(%L, ''cancelled'')', tests.id('w1')), 'a supervisor cancels the pending wave');
select is((select string_agg(replace(reference_number, 'BT-', '') || ' ' || status || ' ' || coalesce(batch_id::text, 'free'), ', ' order by reference_number)
  from public.pick_orders where id in (tests.id('o3'), tests.id('o4'))), 'o3 pending free, o4 pending free', 'its orders are pending again, free to batch');
select lives_ok($$ select tests.remember('w2', (tests.run(tests.pick_batch_build(array['o3', 'o4'], order_type => 'wave', dry_run => false)) #>> '{batches,0,id}')::uuid) $$,
  'a supervisor builds them into a wave again');
select lives_ok(format('select public.transition_pick_order(%L, ''in_progress'')', tests.id('w2')), 'the wave starts');
select is(tests.stock('c3000000-0000-4000-8000-000000000002', 'Z2-A01-S1-B02'), '9/3', 'the wave reserves');
select lives_ok(format('select public.save_pick_order(%L, %L)', tests.id('w2'), jsonb_build_object('item_details', jsonb_build_array(
  tests.pick_line('c3000000-0000-4000-8000-000000000002', 'Z2-A01-S1-B02', 2, 1), tests.pick_line('c3000000-0000-4000-8000-000000000002', 'Z2-A01-S1-B02', 1, 0)))),
  'one unit is picked');
select lives_ok(format('select public.transition_pick_order(%L, ''cancelled'')', tests.id('w2')), 'the supervisor cancels the wave in progress');
select is(tests.stock('c3000000-0000-4000-8000-000000000002', 'Z2-A01-S1-B02'), '8/0', 'cancelling releases what was not picked');
select is(tests.batch_members(tests.id('w2'), 'BT-') || ' | ' || tests.pick_lines(tests.id('o3')), 'o3 cancelled, o4 cancelled | 1/0',
  'its orders are cancelled with it, keeping what was picked');
reset role;

-- Who may build: admins (above), managers and supervisors (above) of the warehouse; nobody else.
select tests.act_as('tyrone.jackson@acmelogistics.example');
select throws_ok(tests.pick_batch_build(array['o5']), '42501', 'Only admins, supervisors and managers of this warehouse can build batches', 'a picker does not build');
reset role;
select tests.act_as('grace.kim@acmelogistics.example');
select throws_ok(tests.pick_batch_build(array['o5']), '42501', 'Only admins, supervisors and managers of this warehouse can build batches', 'a receiver does not build');
reset role;
select tests.act_as('dispatcher@acme.test');
select throws_ok(tests.pick_batch_build(array['o5']), '42501', 'Only admins, supervisors and managers of this warehouse can build batches', 'the dispatcher (a liaison) does not build');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok(tests.pick_batch_build(array['o5']), '42501', 'Sign in to build batches', 'a driver does not build');
reset role;
select tests.act_as('customer@acme.test');
select throws_ok(tests.pick_batch_build(array['o5']), '42501', 'Sign in to build batches', 'a customer does not build');
reset role;
-- Access mode: Dogpatch admits its listed staff only; Bayview's supervisor is not one.
select tests.act_as('marcus.reyes@acmelogistics.example');
select is(tests.message_of(tests.pick_batch_build(array['dogpatch'], warehouse => 'a5000000-0000-4000-8000-000000000002'), 'warehouse_id'),
  'Warehouse not found', 'access mode: another warehouse''s staff do not build there');
reset role;
-- Globex: its manager and supervisor build in their warehouse, its picker does not, and nobody reaches Acme.
select tests.act_as('oliver.bennett@globexfreight.example');
select ok(jsonb_array_length(tests.run(tests.pick_batch_build(null, warehouse => 'b5000000-0000-4000-8000-000000000001')) -> 'batches') > 0,
  'globex: a manager previews batches of their warehouse');
select is(tests.message_of(tests.pick_batch_build(array['o5']), 'warehouse_id'), 'Warehouse not found', 'cross-tenant: another business''s warehouse is not found');
select is(public.get_pick_order(tests.id('b1')), null, 'cross-tenant: a batch is not read');
reset role;
select tests.act_as('priya.patel@globexfreight.example');
select lives_ok(tests.pick_batch_build(null, warehouse => 'b5000000-0000-4000-8000-000000000001'), 'globex: a supervisor previews');
reset role;
select tests.act_as('amara.okoye@globexfreight.example');
select throws_ok(tests.pick_batch_build(null, warehouse => 'b5000000-0000-4000-8000-000000000001'), '42501', null, 'globex: a picker does not build');
reset role;
select tests.act_as('admin@globex.test');
select is(tests.message_of(tests.pick_batch_build(array['o5'], dry_run => false, warehouse => 'b5000000-0000-4000-8000-000000000001'), 'pick_order_ids'), 'Pick order not found', 'cross-tenant: another business''s orders are not found');
reset role;

-- The ledger agrees, and the seed has orders to batch and a built batch in each tenant.
select is((select coalesce(sum(reserved), 0)::int from public.inventory_stock where item_id in ('c3000000-0000-4000-8000-000000000001', 'c3000000-0000-4000-8000-000000000002')),
  0, 'nothing is left reserved after completion and cancellation');
select is_empty($$ select id from public.inventory_stock where quantity < 0 or reserved < 0 or reserved > quantity $$, 'no balance is negative or over-reserved');
select is((select count(distinct tenant_id)::int from public.pick_orders b where b.order_type in ('batch', 'wave')
  and exists (select 1 from public.pick_orders m where m.batch_id = b.id) and b.reference_number not like 'BT-%'), 2, 'seed: each tenant has a built batch');
select is((select count(*)::int from (select tenant_id, warehouse_id from public.pick_orders where status = 'pending' and order_type = 'individual'
  and batch_id is null and reference_number not like 'BT-%' group by 1, 2 having count(*) >= 3) t), 2, 'seed: each tenant has pending orders to batch in one warehouse');

select * from finish();
rollback;
