-- Per-warehouse live topics: who may join `tenant:<tenant>:warehouse:<warehouse>` (the admin and
-- dispatcher panels' people who may access the warehouse) and what the warehouse tables announce
-- there, including a row moved to another warehouse (announced to both).
begin;
select plan(18);

-- Acme: Bayview (a5..01, open to all its staff), Dogpatch (a5..02, only Maya and Tyrone).
-- Globex: Park Royal (b5..01).
select ok(tests.may_receive('admin@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:warehouse:a5000000-0000-4000-8000-000000000002'),
  'an admin joins any warehouse topic of the tenant, a restricted one too');
select ok(tests.may_receive('dispatcher@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:warehouse:a5000000-0000-4000-8000-000000000001'),
  'the dispatcher joins the topic of the warehouse they are staff of');
select ok(not tests.may_receive('dispatcher@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:warehouse:a5000000-0000-4000-8000-000000000002'),
  'the dispatcher does not join a restricted warehouse they may not access');
select ok(tests.may_receive('tyrone.jackson@acmelogistics.example', 'tenant:a0000000-0000-4000-8000-000000000001:warehouse:a5000000-0000-4000-8000-000000000002'),
  'staff the access mode lets in join the restricted warehouse''s topic');
select ok(tests.may_receive('grace.kim@acmelogistics.example', 'tenant:a0000000-0000-4000-8000-000000000001:warehouse:a5000000-0000-4000-8000-000000000001'),
  'staff join their own warehouse''s topic');
select ok(not tests.may_receive('grace.kim@acmelogistics.example', 'tenant:a0000000-0000-4000-8000-000000000001:warehouse:a5000000-0000-4000-8000-000000000002'),
  'staff of another warehouse are refused a restricted warehouse''s topic');
select ok(not tests.may_receive('driver@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:warehouse:a5000000-0000-4000-8000-000000000001'),
  'a driver joins no warehouse topic');
select ok(not tests.may_receive('customer@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:warehouse:a5000000-0000-4000-8000-000000000001'),
  'a customer joins no warehouse topic');
select ok(not tests.may_receive('admin@globex.test', 'tenant:a0000000-0000-4000-8000-000000000001:warehouse:a5000000-0000-4000-8000-000000000001'),
  'another tenant''s admin joins no acme warehouse topic');
select ok(not tests.may_receive('admin@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:warehouse:b5000000-0000-4000-8000-000000000001'),
  'a warehouse of another tenant under one''s own tenant id is refused');
select ok(not tests.may_receive('admin@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:warehouse'),
  'a warehouse topic names its warehouse');
select ok(tests.may_receive('admin@globex.test', 'tenant:b0000000-0000-4000-8000-000000000001:warehouse:b5000000-0000-4000-8000-000000000001'),
  'globex''s admin joins its own warehouse''s topic');

-- What is announced (as the owner): a pick order's change goes to its warehouse's topic; moved to
-- another warehouse, it leaves the first (DELETE) and joins the second (INSERT).
create temp table t_order as
  select id from public.pick_orders where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and status = 'pending' limit 1;
delete from realtime.messages;
update public.pick_orders set notes = 'topic test' where id = (select id from t_order);
select is((select count(*)::integer from realtime.messages
  where topic = 'tenant:a0000000-0000-4000-8000-000000000001:warehouse:a5000000-0000-4000-8000-000000000001'
    and event = 'UPDATE' and payload #>> '{record,id}' = (select id::text from t_order) and payload ->> 'table' = 'pick_orders'),
  1, 'an update of a pick order is announced on its warehouse''s topic');
delete from realtime.messages;
update public.pick_orders set warehouse_id = 'a5000000-0000-4000-8000-000000000002' where id = (select id from t_order);
select is((select count(*)::integer from realtime.messages
  where topic = 'tenant:a0000000-0000-4000-8000-000000000001:warehouse:a5000000-0000-4000-8000-000000000001'
    and event = 'DELETE' and payload #>> '{old_record,id}' = (select id::text from t_order) and payload -> 'moved' = 'true'::jsonb),
  1, 'a row moved to another warehouse is removed from the one it left, saying it moved (it still exists)');
select is((select count(*)::integer from realtime.messages
  where topic = 'tenant:a0000000-0000-4000-8000-000000000001:warehouse:a5000000-0000-4000-8000-000000000002'
    and event = 'INSERT' and payload #>> '{record,id}' = (select id::text from t_order)),
  1, '... and added to the one it joins');
delete from realtime.messages;
delete from public.pick_orders where id = (select id from t_order);
select is((select count(*)::integer from realtime.messages
  where topic = 'tenant:a0000000-0000-4000-8000-000000000001:warehouse:a5000000-0000-4000-8000-000000000002'
    and event = 'DELETE' and payload #>> '{old_record,id}' = (select id::text from t_order) and not payload ? 'moved'),
  1, 'a deleted row is announced as a DELETE that does not say moved: the app removes it in place');
delete from realtime.messages;
select public.record_inventory_transaction('receive',
  (select id from public.inventory_items where tenant_id = 'a0000000-0000-4000-8000-000000000001' order by sku limit 1),
  'a5000000-0000-4000-8000-000000000001', 2,
  to_bin_id => (select id from public.warehouse_locations where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and location_type = 'bin' order by code limit 1));
select ok((select count(*) from realtime.messages
  where topic = 'tenant:a0000000-0000-4000-8000-000000000001:warehouse:a5000000-0000-4000-8000-000000000001' and payload ->> 'table' = 'inventory_stock') >= 1,
  'a stock balance changed by the ledger is announced on its warehouse''s topic ...');
select is((select count(*)::integer from realtime.messages where topic like '%:warehouse:%' and payload ->> 'table' = 'inventory_transactions'),
  0, '... and its ledger line is not');

select * from finish();
rollback;
