-- Pick orders', batches' and waves' refusals carry stable keys beside their English (private.problem),
-- as the error's DETAIL (what PostgREST hands the app as `details`), with the values the words name
-- as params, as the admins, a picker, a receiver, the dispatcher and a driver of acme and globex's
-- admin and picker; SQLSTATE and message stay as they were (20261213010100).
begin;
select plan(36);

grant execute on function tests.refusal(text) to authenticated;

-- Each problem of a refusal as field:key, in order.
create function pg_temp.keys(statement text) returns text
language sql
as $$ select string_agg(coalesce(p ->> 'field', '-') || ':' || (p ->> 'key'), ' ' order by ord)
      from jsonb_array_elements(tests.refusal(statement) -> 'details') with ordinality as x (p, ord) $$;

create function pg_temp.save(id uuid, vals jsonb) returns text
language sql stable
as $$ select format('select public.save_pick_order(%L, %L::jsonb)', id, vals) $$;

create function pg_temp.move(id uuid, target text, note text default null) returns text
language sql stable
as $$ select format('select public.transition_pick_order(%L, %L, %L)', id, target, note) $$;

create function pg_temp.build(warehouse uuid, ids uuid[], order_type text default 'batch', group_by text default 'zone',
  max_orders integer default 5, max_lines integer default 20) returns text
language sql stable
as $$ select format('select public.build_pick_batch(%L, %L, %L, %s, %s, %L::uuid[], true)', warehouse, order_type, group_by,
  coalesce(max_orders::text, 'null'), coalesce(max_lines::text, 'null'), ids) $$;
grant execute on all functions in schema pg_temp to authenticated;

-- The seed's orders (read as the owner): acme's and globex's pending individual orders in no batch,
-- their completed ones, acme's pending batch and one of its members, and a line's item and bin.
create temp table fx as
select
  (select min(o.id::text)::uuid from public.pick_orders o where o.tenant_id = 'a0000000-0000-4000-8000-000000000001' and o.status = 'pending'
     and o.order_type = 'individual' and o.batch_id is null and (select count(*) from public.pick_order_lines l where l.pick_order_id = o.id) >= 2) as acme_pending,
  (select min(o.id::text)::uuid from public.pick_orders o where o.tenant_id = 'a0000000-0000-4000-8000-000000000001' and o.status = 'completed') as acme_completed,
  (select min(o.id::text)::uuid from public.pick_orders o where o.tenant_id = 'a0000000-0000-4000-8000-000000000001' and o.batch_id is not null
     and o.order_type = 'individual') as acme_member,
  (select min(o.id::text)::uuid from public.pick_orders o where o.tenant_id = 'b0000000-0000-4000-8000-000000000001' and o.status = 'pending'
     and o.order_type = 'individual' and o.batch_id is null) as globex_pending,
  (select min(o.id::text)::uuid from public.pick_orders o where o.tenant_id = 'b0000000-0000-4000-8000-000000000001' and o.status = 'completed') as globex_completed;
alter table fx add column acme_batch uuid, add column member_ref text, add column batch_ref text, add column pending_ref text,
  add column item uuid, add column bin uuid, add column item_name text, add column bin_code text, add column available numeric;
update fx set acme_batch = (select o.batch_id from public.pick_orders o where o.id = fx.acme_member),
  member_ref = (select o.reference_number from public.pick_orders o where o.id = fx.acme_member),
  pending_ref = (select o.reference_number from public.pick_orders o where o.id = fx.acme_pending),
  item = (select l.item_id from public.pick_order_lines l where l.pick_order_id = fx.acme_pending and l.position = 0),
  bin = (select l.bin_id from public.pick_order_lines l where l.pick_order_id = fx.acme_pending and l.position = 0);
update fx set batch_ref = (select o.reference_number from public.pick_orders o where o.id = fx.acme_batch),
  item_name = (select i.name from public.inventory_items i where i.id = fx.item),
  bin_code = (select b.code from public.warehouse_locations b where b.id = fx.bin),
  available = (select coalesce(sum(s.quantity - s.reserved), 0) from public.inventory_stock s where s.item_id = fx.item and s.bin_id = fx.bin and s.status = 'available');
grant select on fx to authenticated;
select ok((select acme_pending is not null and acme_completed is not null and acme_member is not null and acme_batch is not null
  and globex_pending is not null and globex_completed is not null and item is not null and bin is not null from fx), 'the seed has the orders of both tenants');

-- The pick order form, as acme's admin
select tests.act_as('admin@acme.test');
select is(pg_temp.keys(pg_temp.save(null, jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'reference_number', repeat('r', 65),
    'external_reference', repeat('e', 101), 'order_type', 'zone', 'priority', 0, 'notes', repeat('n', 2001), 'due_date', current_date - 1,
    'status', 'completed', 'item_details', jsonb_build_array('x', jsonb_build_object('item_id', gen_random_uuid(), 'quantity', 0, 'picked_quantity', 1))))),
  'status:pick.status_by_moves reference_number:pick.reference_too_long external_reference:pick.external_reference_too_long order_type:pick.order_type_invalid '
  'priority:pick.priority_invalid notes:pick.notes_too_long due_date:pick.due_date_past item_details.0:pick.item_shape '
  'item_details.1.item_id:pick.item_not_found item_details.1.bin_id:pick.bin_required item_details.1.quantity:pick.quantity_invalid '
  'item_details.1.picked_quantity:pick.picked_before_start',
  'acme admin: each of the form''s problems keyed, in order');
select is(tests.refusal(pg_temp.save(null, jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'reference_number', repeat('r', 65), 'priority', 101))),
  '{"code": "23514", "message": "Validation failed", "details": ['
  '{"key": "pick.reference_too_long", "field": "reference_number", "message": "Reference number must be at most 64 characters", "params": {"max": 64}}, '
  '{"key": "pick.priority_invalid", "field": "priority", "message": "Priority must be a whole number from 1 to 100", "params": {"min": 1, "max": 100}}, '
  '{"key": "pick.items_required", "field": "item_details", "message": "Add at least one item"}]}'::jsonb,
  'acme admin: the limits keyed with their values, same SQLSTATE, message and English');
select is(tests.refusal(pg_temp.save((select acme_completed from fx), '{"notes": "late"}')),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "pick.not_editable", "field": "status", "message": "A pick order that is completed cannot be changed", "params": {"status": "completed"}}]}'::jsonb,
  'acme admin: a completed order is not changed, keyed with its raw status');
select is(tests.refusal(pg_temp.save(null, '[]')),
  '{"code": "22023", "message": "The pick order values must be a JSON object", "details": [{"key": "pick.values_shape", "message": "The pick order values must be a JSON object"}]}'::jsonb,
  'acme admin: values that are no object, keyed, still 22023');
select is(pg_temp.keys(pg_temp.save(null, '{"warehouse_id": "not-a-uuid"}')), 'warehouse_id:pick.warehouse_not_found', 'acme admin: a malformed warehouse is not found');
select is(pg_temp.keys(pg_temp.save(null, jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'reference_number', (select pending_ref from fx),
    'assigned_to', 'b5100000-0000-4000-8000-000000000004', 'item_details', jsonb_build_array(jsonb_build_object('item_id', (select item from fx), 'bin_id', (select bin from fx)))))),
  'reference_number:pick.reference_taken assigned_to:pick.assignee_not_staff', 'acme admin: a taken reference, another business''s picker');

-- A member of a batch changes through its batch (the guard, 55000), keyed with both references.
select is(tests.refusal(pg_temp.save((select acme_member from fx), '{"priority": 5}')),
  jsonb_build_object('code', '55000', 'message', format('%s is picked in batch %s: start, pick, complete or cancel it through the batch', (select member_ref from fx), (select batch_ref from fx)),
    'details', jsonb_build_array(jsonb_build_object('key', 'pick.in_batch',
      'message', format('%s is picked in batch %s: start, pick, complete or cancel it through the batch', (select member_ref from fx), (select batch_ref from fx)),
      'params', jsonb_build_object('reference', (select member_ref from fx), 'batch', (select batch_ref from fx))))),
  'acme admin: a batch member is not edited on its own, keyed with its references, still 55000');

-- Moves
select is(tests.refusal(pg_temp.move((select acme_completed from fx), 'cancelled')),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "pick.move_impossible", "field": "status", "message": "A pick order that is completed cannot become cancelled", "params": {"from": "completed", "to": "cancelled"}}]}'::jsonb,
  'acme admin: an impossible move, keyed with the raw statuses');
select is(pg_temp.keys(pg_temp.move((select acme_pending from fx), 'picked')), 'status:pick.status_invalid', 'acme admin: a status that does not exist');
select is(tests.refusal(pg_temp.move((select acme_pending from fx), 'cancelled', repeat('n', 1001))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "pick.note_too_long", "field": "note", "message": "The note must be at most 1000 characters", "params": {"max": 1000}}]}'::jsonb,
  'acme admin: a note too long, keyed with the limit');
select tests.remember('short', (public.save_pick_order(null, jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
  'item_details', jsonb_build_array(jsonb_build_object('item_id', (select item from fx), 'bin_id', (select bin from fx), 'quantity', 1000000)))) #>> '{pick_order,order,id}')::uuid);
select is((tests.refusal(pg_temp.move(tests.id('short'), 'in_progress')) -> 'details' -> 0) - 'message',
  jsonb_build_object('key', 'pick.insufficient_stock', 'field', 'item_details.0.quantity',
    'params', jsonb_build_object('item', (select item_name from fx), 'bin', (select bin_code from fx), 'available', (select available from fx))),
  'acme admin: a line short of stock, keyed with the item, the bin and what is available');
select is(tests.refusal(pg_temp.move(tests.id('short'), 'in_progress')) -> 'details' -> 0 ->> 'message',
  (select format('Insufficient stock for %s in %s: %s available', item_name, bin_code, available) from fx), 'acme admin: its English names the same values');

-- Batches
select is(pg_temp.keys(pg_temp.build(null, null, 'single', 'aisle', 1, 0)),
  'warehouse_id:pick.warehouse_required order_type:pick.batch_type_invalid group_by:pick.batch_group_invalid '
  'max_orders:pick.batch_max_orders_invalid max_lines:pick.batch_max_lines_invalid',
  'acme admin: each of the build''s problems keyed, in order');
select is(tests.refusal(pg_temp.build('a5000000-0000-4000-8000-000000000001', null, max_orders => 51)),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "pick.batch_max_orders_invalid", "field": "max_orders", "message": "Max orders must be a whole number from 2 to 50", "params": {"min": 2, "max": 50}}]}'::jsonb,
  'acme admin: the order cap, keyed with its range');
select is(pg_temp.keys(pg_temp.build('a5000000-0000-4000-8000-000000000001', '{}')), 'pick_order_ids:pick.batch_orders_required', 'acme admin: no order chosen');
select is(tests.refusal(pg_temp.build('a5000000-0000-4000-8000-000000000001', array[(select acme_member from fx)])),
  jsonb_build_object('code', '23514', 'message', 'Validation failed', 'details', jsonb_build_array(jsonb_build_object('key', 'pick.already_in_batch', 'field', 'pick_order_ids',
    'message', format('%s is already in batch %s', (select member_ref from fx), (select batch_ref from fx)),
    'params', jsonb_build_object('reference', (select member_ref from fx), 'batch', (select batch_ref from fx))))),
  'acme admin: an order already in a batch, keyed with both references');
select is(pg_temp.keys(pg_temp.build('a5000000-0000-4000-8000-000000000001', array[(select acme_completed from fx), (select globex_pending from fx)])),
  'pick_order_ids:pick.not_pending_individual pick_order_ids:pick.not_found', 'acme admin: a completed order is not pending, globex''s is not found');
select is(tests.refusal(pg_temp.build('a5000000-0000-4000-8000-000000000001', array[(select acme_pending from fx)], max_lines => 1)) -> 'details',
  '[{"key": "pick.batch_nothing_fits", "field": "max_lines", "message": "No pending order fits within 1 lines", "params": {"max": 1}}]'::jsonb,
  'acme admin: nothing fits the line cap, keyed with it');

-- Taking out of a batch
select is(tests.refusal(format('select public.take_out_of_pick_batch(%L)', (select acme_pending from fx))),
  jsonb_build_object('code', '55000', 'message', (select pending_ref from fx) || ' is not in a batch',
    'details', jsonb_build_array(jsonb_build_object('key', 'pick.not_in_batch', 'message', (select pending_ref from fx) || ' is not in a batch',
      'params', jsonb_build_object('reference', (select pending_ref from fx))))),
  'acme admin: an order in no batch, keyed with its reference, still 55000');
select is(tests.refusal(format('select public.take_out_of_pick_batch(%L)', gen_random_uuid())),
  '{"code": "PT404", "message": "Pick order not found", "details": [{"key": "pick.not_found", "message": "Pick order not found"}]}'::jsonb,
  'acme admin: an unknown order is not found, keyed, still PT404');
reset role;

-- Who may: a picker, a receiver, the dispatcher (a liaison), a driver of acme
select tests.act_as('tyrone.jackson@acmelogistics.example');
select is(tests.refusal(pg_temp.move((select acme_pending from fx), 'cancelled')),
  '{"code": "42501", "message": "Only admins, supervisors and managers of this warehouse can cancel a pick order", "details": [{"key": "pick.cancel_not_allowed", "message": "Only admins, supervisors and managers of this warehouse can cancel a pick order"}]}'::jsonb,
  'acme picker: cancelling is not theirs, keyed, still 42501');
select is(pg_temp.keys(pg_temp.save((select acme_pending from fx), '{"priority": 2}')), '-:pick.change_not_allowed', 'acme picker: does not change a pending order');
select is(pg_temp.keys(format('select public.take_out_of_pick_batch(%L)', (select acme_member from fx))), '-:pick.take_out_not_allowed', 'acme picker: does not take orders out of a batch');
select is(pg_temp.keys(pg_temp.build('a5000000-0000-4000-8000-000000000001', null)), '-:pick.build_not_allowed', 'acme picker: does not build');
reset role;
select tests.act_as('grace.kim@acmelogistics.example');
select is(pg_temp.keys(pg_temp.move((select acme_pending from fx), 'in_progress')), '-:pick.start_not_allowed', 'acme receiver: does not start');
reset role;
select tests.act_as('dispatcher@acme.test');
select is(tests.refusal(pg_temp.save(null, '{"warehouse_id": "a5000000-0000-4000-8000-000000000001"}')),
  '{"code": "42501", "message": "Only admins, supervisors and managers of this warehouse can create pick orders", "details": [{"key": "pick.create_not_allowed", "message": "Only admins, supervisors and managers of this warehouse can create pick orders"}]}'::jsonb,
  'acme dispatcher: does not create, keyed, still 42501');
reset role;
select tests.act_as('driver@acme.test');
select is(tests.refusal('select public.next_pick_order_reference()'),
  '{"code": "42501", "message": "Sign in to create pick orders", "details": [{"key": "pick.sign_in_to_create", "message": "Sign in to create pick orders"}]}'::jsonb,
  'acme driver: no reference, keyed, still 42501');
select is(pg_temp.keys(pg_temp.save(null, '{}')) || ' ' || pg_temp.keys(pg_temp.build(null, null)) || ' ' || pg_temp.keys(format('select public.take_out_of_pick_batch(%L)', gen_random_uuid())),
  '-:pick.sign_in_to_save -:pick.sign_in_to_batch -:pick.sign_in_to_change_batch', 'acme driver: saves, builds and changes no batch');
reset role;

-- globex's admin and picker
select tests.act_as('admin@globex.test');
select is(tests.refusal(pg_temp.save((select acme_pending from fx), '{"priority": 2}')),
  '{"code": "PT404", "message": "Pick order not found", "details": [{"key": "pick.not_found", "message": "Pick order not found"}]}'::jsonb,
  'globex admin: acme''s order is not found, keyed, still PT404');
select is(tests.refusal(pg_temp.save((select globex_completed from fx), '{"notes": "late"}')) -> 'details',
  '[{"key": "pick.not_editable", "field": "status", "message": "A pick order that is completed cannot be changed", "params": {"status": "completed"}}]'::jsonb,
  'globex admin: their own completed order is not changed, keyed');
select is(pg_temp.keys(pg_temp.build('a5000000-0000-4000-8000-000000000001', null)), 'warehouse_id:pick.warehouse_not_found', 'globex admin: acme''s warehouse is not found');
reset role;
select tests.act_as('amara.okoye@globexfreight.example');
select is(pg_temp.keys(pg_temp.move((select globex_pending from fx), 'cancelled')), '-:pick.cancel_not_allowed', 'globex picker: does not cancel');
reset role;

-- The guards and the pick out of a reservation, as the owner (no API role reaches them directly)
select is(pg_temp.keys(format('delete from public.pick_order_lines where pick_order_id = %L', (select acme_member from fx))), '-:pick.in_batch',
  'owner: a member''s lines are fixed, keyed');
select is(pg_temp.keys(format('update public.pick_orders set batch_id = %L where id = %L', (select acme_batch from fx), (select acme_pending from fx))), '-:pick.batch_add_by_build',
  'owner: no order joins a batch by hand, keyed');
select is((select r - 'message' from (select tests.refusal(format($$ select private.pick_reserved_inventory(%L, 'a5000000-0000-4000-8000-000000000001', %L, 1000000, 'pick_order', %L) $$,
    (select item from fx), (select bin from fx), (select acme_pending from fx))) as r) x) #- '{details,0,message}' #- '{details,0,params,units}',
  jsonb_build_object('code', 'P0001', 'details', jsonb_build_array(jsonb_build_object('key', 'pick.units_not_reserved', 'params', jsonb_build_object('item', (select item from fx), 'bin', (select bin from fx))))),
  'owner: a pick beyond what is reserved, keyed with the item and bin');

select * from finish();
rollback;
