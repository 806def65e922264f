-- The putaway suggestion of a receive order's lines: the target bin, else the bin holding the
-- item, else an empty active bin; received lines left out; nothing for who cannot read the order.
begin;
select plan(11);

insert into public.inventory_items (id, tenant_id, name, sku) values
  ('c1300000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Putaway Test Lamp', 'PW-LAMP-01'),
  ('c1300000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'Putaway Test Shelf', 'PW-SHELF-01'),
  ('c1300000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'Putaway Test Tray', 'PW-TRAY-01');

select tests.remember('b02', id) from public.warehouse_locations where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and code = 'Z1-A01-S1-B02';
select tests.remember('b03', id) from public.warehouse_locations where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and code = 'Z1-A01-S1-B03';
-- The shelf already lies in B03.
select public.record_inventory_transaction(transaction_type => 'receive', item_id => 'c1300000-0000-4000-8000-000000000002',
  warehouse_id => 'a5000000-0000-4000-8000-000000000001', quantity => 2, to_bin_id => tests.id('b03'));

select tests.act_as('admin@acme.test');
select tests.remember('order', o.id) from public.save_receive_order(null, jsonb_build_object('supplier_id', 'a5200000-0000-4000-8000-000000000001',
  'warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'lines', jsonb_build_array(
    jsonb_build_object('item_id', 'c1300000-0000-4000-8000-000000000001', 'expected_quantity', 4, 'target_bin_id', tests.id('b02')),
    jsonb_build_object('item_id', 'c1300000-0000-4000-8000-000000000002', 'expected_quantity', 4),
    jsonb_build_object('item_id', 'c1300000-0000-4000-8000-000000000003', 'expected_quantity', 4)))) o;
reset role;

create function pg_temp.suggested(who text) returns text
language plpgsql
as $$
declare
  result text;
begin
  perform tests.act_as(who);
  select string_agg(coalesce(p.bin_code, '-') || ':' || p.reason, ',' order by l.position) into result
  from public.receive_order_putaway(tests.id('order')) p
  join public.receive_order_lines l on l.id = p.line_id;
  reset role;
  return result;
end;
$$;

select matches(pg_temp.suggested('admin@acme.test'), '^Z1-A01-S1-B02:target,Z1-A01-S1-B03:holds_item,[A-Z0-9-]+:empty$',
  'the target bin, then the bin holding the item, then an empty bin');
select ok(not exists (select 1 from public.inventory_stock s join public.warehouse_locations b on b.id = s.bin_id
  where b.code = split_part(split_part(pg_temp.suggested('admin@acme.test'), ',', 3), ':', 1) and b.warehouse_id = 'a5000000-0000-4000-8000-000000000001' and s.quantity > 0),
  'the empty bin holds nothing');
select is(pg_temp.suggested('grace.kim@acmelogistics.example'), pg_temp.suggested('admin@acme.test'), 'a receiver of the warehouse gets the same');
select is(pg_temp.suggested('admin@globex.test'), null, 'another tenant gets nothing');

update public.receive_order_lines set received_quantity = expected_quantity where item_id = 'c1300000-0000-4000-8000-000000000001';
select is((select count(*)::int from public.receive_order_putaway(tests.id('order'))), 2, 'received lines are left out');

-- Bin codes repeat across a tenant's warehouses (Bayview and Dogpatch both have a Z1-A02-S2-B03):
-- receiving resolves bins within the order's warehouse only.
select tests.remember('bay_bin', id) from public.warehouse_locations where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and code = 'Z1-A02-S2-B03';
select tests.remember('dog_bin', id) from public.warehouse_locations where warehouse_id = 'a5000000-0000-4000-8000-000000000002' and code = 'Z1-A02-S2-B03';
select is(num_nonnulls(tests.id('bay_bin'), tests.id('dog_bin')), 2, 'both of acme''s warehouses have a bin Z1-A02-S2-B03');
-- The tray lies in Dogpatch's Z1-A02-S2-B03 only: for a Bayview order it is not "held" anywhere there.
select public.record_inventory_transaction(transaction_type => 'receive', item_id => 'c1300000-0000-4000-8000-000000000003',
  warehouse_id => 'a5000000-0000-4000-8000-000000000002', quantity => 5, to_bin_id => tests.id('dog_bin'));
select tests.act_as('admin@acme.test');
select tests.remember('order2', o.id) from public.save_receive_order(null, jsonb_build_object('supplier_id', 'a5200000-0000-4000-8000-000000000001',
  'warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'lines', jsonb_build_array(
    jsonb_build_object('item_id', 'c1300000-0000-4000-8000-000000000003', 'expected_quantity', 4)))) o;
select public.transition_receive_order(tests.id('order2'), 'ordered');
reset role;
select results_eq(
  $$select p.reason, b.warehouse_id from public.receive_order_putaway(tests.id('order2')) p
    join public.warehouse_locations b on b.id = p.bin_id$$,
  $$values ('empty'::text, 'a5000000-0000-4000-8000-000000000001'::uuid)$$,
  'the putaway suggestion is a bin of the order''s warehouse, not the same-coded bin holding the item elsewhere');

select tests.act_as('grace.kim@acmelogistics.example');
select is(
  (select e ->> 'message' from jsonb_array_elements(tests.details(format('select public.receive_order_line(%L, 2, %L)',
    (select l.id from public.receive_order_lines l where l.receive_order_id = tests.id('order2')),
    tests.id('dog_bin')))) e where e ->> 'field' = 'to_bin_id'),
  'Choose a bin of this warehouse', 'a Bayview order is not received into Dogpatch''s bin of the same code');
select is((select received_quantity from public.receive_order_lines l where l.receive_order_id = tests.id('order2')), 0,
  'the refused receipt changed nothing');
select public.receive_order_line((select l.id from public.receive_order_lines l where l.receive_order_id = tests.id('order2')),
  2, tests.id('bay_bin'));
reset role;
select results_eq(
  $$select s.warehouse_id, s.bin_id, s.quantity from public.inventory_stock s
    where s.item_id = 'c1300000-0000-4000-8000-000000000003' order by s.warehouse_id$$,
  $$values ('a5000000-0000-4000-8000-000000000001'::uuid, tests.id('bay_bin'), 2),
           ('a5000000-0000-4000-8000-000000000002'::uuid, tests.id('dog_bin'), 5)$$,
  'received into Bayview''s Z1-A02-S2-B03; Dogpatch''s untouched');
select is((select t.warehouse_id from public.inventory_transactions t
    where t.reference_id = tests.id('order2')), 'a5000000-0000-4000-8000-000000000001'::uuid,
  'the receipt is in the order''s warehouse');

select * from finish();
rollback;
