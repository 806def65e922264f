-- Inventory: items (the form's messages, labels back to pending), the stock ledger (no negative
-- stock and no reserved above quantity by any path, serial numbers, direct writes refused for every
-- API role, who may record what, access modes, cross-tenant) and the lists' reads.
begin;
select plan(96);

-- Bins by warehouse and code, readable whoever acts.

-- A call of the ledger function: kind, item, warehouse, quantity, from and to bin by code, and the
-- named arguments in `extra`.
create function pg_temp.tx(kind text, item uuid, warehouse uuid, qty integer, from_code text, to_code text, extra text default '') returns text
language sql stable
as $$
  select format('select public.record_inventory_transaction(transaction_type => %L, item_id => %L, warehouse_id => %L, quantity => %s, from_bin_id => %L, to_bin_id => %L%s)',
    kind, item, warehouse, coalesce(qty::text, 'null'), tests.bin(from_code, warehouse), tests.bin(to_code, warehouse),
    case when extra = '' then '' else ', ' || extra end);
$$;

-- The balance of an item in a bin (all lots, serials and statuses), as the test's superuser.
create function pg_temp.on_hand(item uuid, warehouse uuid, code text) returns integer
language sql
as $$ select coalesce(sum(quantity), 0)::int from public.inventory_stock s where s.item_id = $1 and s.bin_id = tests.bin($3, $2) $$;

-- How many stock rows and ledger rows of a warehouse `who` reads.
create function pg_temp.sees(who text, warehouse uuid) returns text
language plpgsql
as $$
declare
  result text;
begin
  perform tests.act_as(who);
  select (select count(*) from public.inventory_stock s where s.warehouse_id = warehouse)::text || '/'
      || (select count(*) from public.inventory_transactions t where t.warehouse_id = warehouse)::text
    into result;
  reset role;
  return result;
end;
$$;

grant execute on all functions in schema pg_temp to anon, authenticated;

-- The seed: 60 items a tenant, stock in every warehouse built through the ledger, some under their reorder point.
select is((select count(*)::int from public.inventory_items where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 60, 'seed: 60 acme items');
select is((select count(distinct category)::int || '/' || count(*) filter (where label_status = 'failed') || '/' || count(*) filter (where not is_active)
  from public.inventory_items where tenant_id = 'b0000000-0000-4000-8000-000000000001'), '3/5/2', 'seed: globex items in every category, some failed labels, two inactive');
select is((select count(distinct warehouse_id)::int from public.inventory_stock where quantity > 0), 4, 'seed: stock in all four warehouses');
select ok((select count(*) from public.inventory_reorder_points r where r.reorder_point > (
  select coalesce(sum(s.quantity), 0) from public.inventory_stock s where s.item_id = r.item_id and s.warehouse_id = r.warehouse_id and s.status = 'available')) >= 8,
  'seed: some items are under their reorder point');

-- Items of the test (as the database owner; labels as the renderer left them).
insert into public.inventory_items (id, tenant_id, name, sku, barcode, category, subcategory, brand, label_status, label_url) values
  ('c1000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Ergonomic Mesh Task Chair', 'PT-CHAIR-01', '0012345678905', 'Furniture', null, 'Herman Ridge', 'success', 'a0000000-0000-4000-8000-000000000001/labels/chair.pdf'),
  ('c1000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'ThinkBook 14 Laptop', 'PT-LAPTOP-01', null, 'Electronics', 'Laptop', 'Lenova', 'pending', null),
  ('c1000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000001', 'A4 Copier Paper Box', 'PT-PAPER-01', null, 'Office Supplies', null, 'Navigator', 'pending', null);

-- Items: who reads and writes, the form's messages.
select tests.act_as('admin@acme.test');
select is(tests.message_of($$ insert into public.inventory_items (name, sku) values (' ', 'X-1') $$, 'name'), 'Name is required', 'item: name required');
select is(tests.message_of($$ insert into public.inventory_items (name, sku) values ('Desk Lamp', '') $$, 'sku'), 'SKU is required', 'item: SKU required');
select is(tests.message_of($$ insert into public.inventory_items (name, sku, unit_size) values ('Desk Lamp', 'X-1', 0) $$, 'unit_size'), 'Must be a positive number', 'item: unit size positive');
select is(tests.message_of($$ insert into public.inventory_items (name, sku, weight) values ('Desk Lamp', 'X-1', -2) $$, 'weight'), 'Must be a positive number', 'item: weight positive');
select is(tests.message_of($$ insert into public.inventory_items (name, sku, dimensions) values ('Desk Lamp', 'X-1', '{"length": 0}') $$, 'dimensions.length'), 'Must be a positive number', 'item: dimensions positive');
select is(tests.message_of($$ insert into public.inventory_items (name, sku) values ('Desk Lamp', 'PT-CHAIR-01') $$, 'sku'), 'SKU already exists', 'item: SKU unique per tenant');
select lives_ok($$ insert into public.inventory_items (name, sku) values ('Desk Lamp', 'PT-PAPER-01') $$, 'item: another tenant''s SKU is free');
select is((select unit_size::text || ' ' || (dimensions ->> 'unit') || ' ' || label_status || ' ' || is_active::text from public.inventory_items where sku = 'PT-PAPER-01'),
  '1 in pending true', 'item: unit size 1, the tenant''s length unit, label pending, active by default');
select throws_ok($$ update public.inventory_items set label_status = 'success' where sku = 'PT-PAPER-01' $$, '42501', null, 'item: the label''s state is not the API''s to write');
update public.inventory_items set brand = 'Herman Miller' where id = 'c1000000-0000-4000-8000-000000000001';
select is((select label_status from public.inventory_items where id = 'c1000000-0000-4000-8000-000000000001'), 'success', 'item: a change the label does not print keeps it');
update public.inventory_items set name = 'Ergonomic Mesh Task Chair, Black' where id = 'c1000000-0000-4000-8000-000000000001';
select is((select label_status || coalesce(label_url, '-') from public.inventory_items where id = 'c1000000-0000-4000-8000-000000000001'), 'pending-', 'item: a new name puts the label back to pending');
reset role;
select tests.act_as('dispatcher@acme.test');
select ok((select count(*) from public.inventory_items where sku like 'PT-%') = 3, 'dispatcher panel: reads the tenant''s items');
select throws_ok($$ insert into public.inventory_items (name, sku) values ('Stapler', 'X-2') $$, '42501', null, 'dispatcher: cannot add an item');
select is(tests.affected($$ update public.inventory_items set name = 'X' $$), 0, 'dispatcher: updates no item');
reset role;
select tests.act_as('driver@acme.test');
select is((select count(*)::int from public.inventory_items), 0, 'driver: reads no item');
reset role;
select tests.act_as('admin@globex.test');
select is((select count(*)::int from public.inventory_items where sku like 'PT-%'), 1, 'cross-tenant: globex reads only its own items');
reset role;

-- The ledger as the tenant's admin: receive, pick, move, adjust, return.
select tests.act_as('admin@acme.test');
select is((select (r).quantity from (select public.record_inventory_transaction(transaction_type => 'receive', item_id => 'c1000000-0000-4000-8000-000000000001',
  warehouse_id => 'a5000000-0000-4000-8000-000000000001', quantity => 10, to_bin_id => tests.bin('Z1-A01-S1-B01', 'a5000000-0000-4000-8000-000000000001'),
  lot_number => 'LOT-A') as r) x), 10, 'admin: receives 10');
reset role;
select is(pg_temp.on_hand('c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01'), 10, 'the balance moved with the receipt');
select is((select performed_by::text from public.inventory_transactions where item_id = 'c1000000-0000-4000-8000-000000000001'),
  'a1000000-0000-4000-8000-000000000001', 'the ledger says who');

-- Pickers pick, within what is there.
select tests.act_as('tyrone.jackson@acmelogistics.example');
select lives_ok(pg_temp.tx('pick', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 4, 'Z1-A01-S1-B01', null, 'lot_number => ''LOT-A'''), 'picker: picks 4');
select throws_ok(pg_temp.tx('pick', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 7, 'Z1-A01-S1-B01', null, 'lot_number => ''LOT-A'''),
  '23514', 'Insufficient stock', 'picker: picking more than is there is refused');
select is(tests.message_of(pg_temp.tx('pick', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 7, 'Z1-A01-S1-B01', null, 'lot_number => ''LOT-A'''), 'quantity'),
  'Insufficient stock: 6 available in Z1-A01-S1-B01', 'the refusal says what is available where');
select is(tests.message_of(pg_temp.tx('pick', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, 'Z1-A01-S1-B01', null, 'lot_number => ''LOT-B'''), 'quantity'),
  'Insufficient stock: 0 available in Z1-A01-S1-B01', 'another lot''s stock is not this lot''s');
select throws_ok(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, null, 'Z1-A01-S1-B01'), '42501', null, 'picker: cannot receive');
select throws_ok(pg_temp.tx('move', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, 'Z1-A01-S1-B01', 'Z1-A01-S1-B02', 'lot_number => ''LOT-A'''), '42501', null, 'picker: cannot move');
reset role;
select is(pg_temp.on_hand('c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01'), 6, 'refused picks changed nothing');

-- Receivers receive and take returns back; nothing else.
select tests.act_as('grace.kim@acmelogistics.example');
select lives_ok(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 5, null, 'Z1-A01-S1-B02'), 'receiver: receives');
select lives_ok(pg_temp.tx('return', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, null, 'Z1-A01-S1-B03', 'stock_status => ''damaged'', reference_type => ''return_request'''), 'receiver: puts a damaged return into stock');
select throws_ok(pg_temp.tx('pick', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, 'Z1-A01-S1-B02', null), '42501', null, 'receiver: cannot pick');
select throws_ok(pg_temp.tx('adjust', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, null, 'Z1-A01-S1-B02', 'reason => ''found'''), '42501', null, 'receiver: cannot adjust');
reset role;

-- Supervisors and managers move and adjust; an adjustment needs a reason.
select tests.act_as('marcus.reyes@acmelogistics.example');
select lives_ok(pg_temp.tx('move', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 2, 'Z1-A01-S1-B01', 'Z1-A01-S1-B02', 'lot_number => ''LOT-A'''), 'supervisor: moves 2');
select is(tests.message_of(pg_temp.tx('adjust', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, 'Z1-A01-S1-B02', null), 'reason'),
  'A reason is required for adjustments', 'adjust: a reason is required');
select lives_ok(pg_temp.tx('adjust', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, 'Z1-A01-S1-B02', null, 'reason => ''Crushed carton found in count'''), 'supervisor: adjusts one down');
select is(tests.message_of(pg_temp.tx('move', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 50, 'Z1-A01-S1-B01', 'Z1-A01-S1-B02', 'lot_number => ''LOT-A'''), 'quantity'),
  'Insufficient stock: 4 available in Z1-A01-S1-B01', 'move: not more than the source holds');
select is(tests.message_of(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, null, 'Z1-A03-S3-B02'), 'to_bin_id'),
  'This bin is not active', 'an inactive bin takes no stock');
select is(tests.message_of(format('select public.record_inventory_transaction(''receive'', %L, %L, 1, null, %L)', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', tests.bin('Z1-A01-S1-B01', 'a5000000-0000-4000-8000-000000000002')), 'to_bin_id'),
  'Choose a bin of this warehouse', 'another warehouse''s bin is refused');
select is(tests.message_of(format('select public.record_inventory_transaction(''receive'', %L, %L, 1, null, %L)', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', tests.bin('Z1-A01-S1', 'a5000000-0000-4000-8000-000000000001')), 'to_bin_id'),
  'Choose a bin of this warehouse', 'a shelf is no bin');
select is(tests.message_of(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 0, null, 'Z1-A01-S1-B02'), 'quantity'),
  'Quantity must be a whole number above 0', 'a quantity above 0');
select is(tests.message_of(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000003', 'a5000000-0000-4000-8000-000000000001', 1, null, 'Z1-A01-S1-B02'), 'item_id'),
  'Item not found', 'cross-tenant: another tenant''s item is not found');
select throws_ok(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, null, 'Z1-A01-S1-B02', 'occurred_at => now() - interval ''3 days'''),
  '42501', null, 'API callers cannot backdate the ledger');
reset role;
select is(pg_temp.on_hand('c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01') || '/'
  || pg_temp.on_hand('c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B02') || '/'
  || pg_temp.on_hand('c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B03'),
  '4/6/1', 'balances after receive, pick, move, adjust and return');

-- Others with a staff row or none.
select tests.act_as('sofia.rossi@acmelogistics.example');
select throws_ok(pg_temp.tx('pick', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, 'Z1-A01-S1-B02', null), '42501', null, 'packer: cannot pick');
reset role;
select tests.act_as('dispatcher@acme.test');
select throws_ok(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, null, 'Z1-A01-S1-B02'), '42501', null, 'dispatcher liaison: cannot receive');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, null, 'Z1-A01-S1-B02'), 'PT404', 'Warehouse not found', 'driver: the warehouse is not found');
reset role;
-- Dogpatch is select_users (Maya and Tyrone): a picker on its roster but not listed is kept out.
select tests.act_as('customer@acme.test');
select throws_ok(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000002', 1, null, 'Z1-A01-S1-B01'), 'PT404', 'Warehouse not found', 'access mode: an unlisted picker records nothing there');
reset role;
select tests.act_as('maya.chen@acmelogistics.example');
select lives_ok(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000002', 3, null, 'Z1-A01-S1-B01'), 'access mode: the listed manager receives at Dogpatch');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, null, 'Z1-A01-S1-B02'), 'PT404', 'Warehouse not found', 'cross-tenant: globex''s admin cannot record at acme');
reset role;
select tests.act_as(null);
select throws_ok(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, null, 'Z1-A01-S1-B02'), '42501', null, 'anon: cannot record');
select throws_ok($$ select id from public.inventory_stock $$, '42501', null, 'anon: cannot read stock');
select throws_ok($$ select id from public.inventory_transactions $$, '42501', null, 'anon: cannot read the ledger');
reset role;

-- Reads follow the warehouse's access mode (stock rows / ledger rows of the test's writes and the seed's).
create temp table t_counts as
  select w.id as warehouse_id,
    (select count(*) from public.inventory_stock s where s.warehouse_id = w.id)::text || '/'
      || (select count(*) from public.inventory_transactions t where t.warehouse_id = w.id)::text as everything
  from public.warehouses w;
grant select on t_counts to public;
select is(pg_temp.sees('admin@acme.test', 'a5000000-0000-4000-8000-000000000002'), (select everything from t_counts where warehouse_id = 'a5000000-0000-4000-8000-000000000002'), 'admin: reads all of Dogpatch');
select is(pg_temp.sees('tyrone.jackson@acmelogistics.example', 'a5000000-0000-4000-8000-000000000002'), (select everything from t_counts where warehouse_id = 'a5000000-0000-4000-8000-000000000002'), 'access mode: a listed picker reads Dogpatch');
select is(pg_temp.sees('marcus.reyes@acmelogistics.example', 'a5000000-0000-4000-8000-000000000001'), (select everything from t_counts where warehouse_id = 'a5000000-0000-4000-8000-000000000001'), 'staff read their own warehouse');
select is(pg_temp.sees('marcus.reyes@acmelogistics.example', 'a5000000-0000-4000-8000-000000000002'), '0/0', 'access mode: staff of another warehouse read nothing of a restricted one');
select is(pg_temp.sees('customer@acme.test', 'a5000000-0000-4000-8000-000000000002'), '0/0', 'access mode: an unlisted picker reads nothing');
select is(pg_temp.sees('driver@acme.test', 'a5000000-0000-4000-8000-000000000001'), '0/0', 'a driver reads no stock');
select is(pg_temp.sees('admin@globex.test', 'a5000000-0000-4000-8000-000000000001'), '0/0', 'cross-tenant: globex reads nothing of acme');

-- Direct writes to the stock and the ledger are refused for every API role.
create function pg_temp.direct_writes_refused(who text) returns integer
language plpgsql
as $$
declare
  refused integer := 0;
  statement text;
begin
  foreach statement in array array[
    $s$ insert into public.inventory_stock (tenant_id, item_id, warehouse_id, bin_id, quantity) values ('a0000000-0000-4000-8000-000000000001', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', tests.bin('Z1-A02-S1-B01', 'a5000000-0000-4000-8000-000000000001'), 100) $s$,
    $s$ update public.inventory_stock set quantity = quantity + 100 $s$,
    $s$ delete from public.inventory_stock $s$,
    $s$ insert into public.inventory_transactions (tenant_id, transaction_type, item_id, warehouse_id, to_bin_id, quantity) values ('a0000000-0000-4000-8000-000000000001', 'receive', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', tests.bin('Z1-A02-S1-B01', 'a5000000-0000-4000-8000-000000000001'), 100) $s$,
    $s$ update public.inventory_transactions set quantity = 1 $s$,
    $s$ delete from public.inventory_transactions $s$
  ] loop
    perform tests.act_as(who);
    begin
      execute statement;
    exception when insufficient_privilege then
      refused := refused + 1;
    end;
    reset role;
  end loop;
  return refused;
end;
$$;
select is(pg_temp.direct_writes_refused(null), 6, 'anon: every direct write to stock and ledger is refused');
select is(pg_temp.direct_writes_refused('admin@acme.test'), 6, 'admin: every direct write to stock and ledger is refused');
select is(pg_temp.direct_writes_refused('maya.chen@acmelogistics.example'), 6, 'manager: every direct write is refused');
select is(pg_temp.direct_writes_refused('tyrone.jackson@acmelogistics.example'), 6, 'picker: every direct write is refused');
select is(pg_temp.direct_writes_refused('dispatcher@acme.test'), 6, 'dispatcher: every direct write is refused');
select is(pg_temp.direct_writes_refused('driver@acme.test'), 6, 'driver: every direct write is refused');
select is(pg_temp.direct_writes_refused('customer@acme.test'), 6, 'customer: every direct write is refused');
select is(pg_temp.direct_writes_refused('admin@globex.test'), 6, 'globex admin: every direct write is refused');

-- Serial numbers: one unit, in one place.
select tests.act_as('admin@acme.test');
select is(tests.message_of(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000002', 'a5000000-0000-4000-8000-000000000001', 2, null, 'Z1-A02-S1-B01', 'serial_number => ''PF3K9X21'''), 'quantity'),
  'A serial number is one unit: the quantity must be 1', 'serial: quantity 1');
select lives_ok(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000002', 'a5000000-0000-4000-8000-000000000001', 1, null, 'Z1-A02-S1-B01', 'serial_number => ''PF3K9X21'''), 'serial: received once');
select is(tests.message_of(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000002', 'a5000000-0000-4000-8000-000000000001', 1, null, 'Z1-A02-S1-B01', 'serial_number => ''PF3K9X21'''), 'serial_number'),
  'Serial number PF3K9X21 is already in stock', 'serial: not twice in one bin');
select is(tests.message_of(pg_temp.tx('receive', 'c1000000-0000-4000-8000-000000000002', 'a5000000-0000-4000-8000-000000000001', 1, null, 'Z1-A02-S1-B02', 'serial_number => ''PF3K9X21'''), 'serial_number'),
  'Serial number PF3K9X21 is already in stock', 'serial: not in a second bin');
select is(tests.message_of(pg_temp.tx('return', 'c1000000-0000-4000-8000-000000000002', 'a5000000-0000-4000-8000-000000000001', 1, null, 'Z1-A02-S1-B02', 'serial_number => ''PF3K9X21'', stock_status => ''damaged'''), 'serial_number'),
  'Serial number PF3K9X21 is already in stock', 'serial: not under a second status');
select lives_ok(pg_temp.tx('move', 'c1000000-0000-4000-8000-000000000002', 'a5000000-0000-4000-8000-000000000001', 1, 'Z1-A02-S1-B01', 'Z1-A02-S1-B02', 'serial_number => ''PF3K9X21'''), 'serial: moves to another bin');
reset role;
select is((select string_agg(l.code || '=' || s.quantity, ',' order by l.code) from public.inventory_stock s join public.warehouse_locations l on l.id = s.bin_id
  where s.serial_number = 'PF3K9X21' and s.quantity > 0), 'Z1-A02-S1-B02=1', 'serial: one unit, in one bin');

-- The table's checks hold when the function is bypassed (as the database owner).
select throws_ok($$ update public.inventory_stock set quantity = -1 where item_id = 'c1000000-0000-4000-8000-000000000001' $$, '23514', null, 'no path makes stock negative');
select throws_ok($$ update public.inventory_stock set reserved = quantity + 1 where item_id = 'c1000000-0000-4000-8000-000000000001' $$, '23514', null, 'no path reserves more than there is');
select throws_ok($$ update public.inventory_stock set reserved = -1 where item_id = 'c1000000-0000-4000-8000-000000000001' $$, '23514', null, 'reserved is never negative');
select throws_ok($$ update public.inventory_stock set quantity = 2 where serial_number = 'PF3K9X21' and quantity = 1 $$, '23514', null, 'a serial never holds more than 1');
select throws_ok($$ update public.inventory_stock set quantity = 1 where serial_number = 'PF3K9X21' and quantity = 0 $$, '23505', null, 'a serial is never in stock in two bins');
select throws_ok(format($$ insert into public.inventory_stock (tenant_id, item_id, warehouse_id, bin_id, quantity) values ('a0000000-0000-4000-8000-000000000001', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', %L, 1) $$,
  tests.bin('Z1-A01-S1-B01', 'a5000000-0000-4000-8000-000000000002')), '23514', null, 'a balance''s bin is a bin of its warehouse');
select throws_ok(format($$ insert into public.inventory_stock (tenant_id, item_id, warehouse_id, bin_id, quantity) values ('a0000000-0000-4000-8000-000000000001', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', %L, 1) $$,
  tests.bin('Z1-A03-S3-B02', 'a5000000-0000-4000-8000-000000000001')), '23514', null, 'a balance''s bin is active');
select throws_ok($$ update public.inventory_transactions set quantity = 99 $$, '42501', 'The inventory ledger is append-only', 'the ledger is append-only even for the owner');
select throws_ok($$ delete from public.inventory_transactions $$, '42501', 'The inventory ledger is append-only', 'the ledger''s rows are never removed');

-- Reserved stock is not available to pick.
update public.inventory_stock set reserved = 4 where item_id = 'c1000000-0000-4000-8000-000000000001' and bin_id = tests.bin('Z1-A01-S1-B01', 'a5000000-0000-4000-8000-000000000001');
select tests.act_as('tyrone.jackson@acmelogistics.example');
select is(tests.message_of(pg_temp.tx('pick', 'c1000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, 'Z1-A01-S1-B01', null, 'lot_number => ''LOT-A'''), 'quantity'),
  'Insufficient stock: 0 available in Z1-A01-S1-B01', 'reserved stock is not picked');
select is((select status from public.inventory_stock_rows where item_id = 'c1000000-0000-4000-8000-000000000001' and bin_code = 'Z1-A01-S1-B01' and warehouse_id = 'a5000000-0000-4000-8000-000000000001'), 'reserved', 'the list shows a fully reserved balance as reserved');
select is((select status from public.inventory_stock_rows where item_id = 'c1000000-0000-4000-8000-000000000001' and bin_code = 'Z1-A01-S1-B03'), 'damaged', 'the list shows a damaged balance');
reset role;

-- The ledger sums to the balances, for every balance of the database (the seed's included).
select is_empty($$
  with moves as (
    select item_id, to_bin_id as bin_id, lot_number, serial_number, stock_status, quantity from public.inventory_transactions where to_bin_id is not null
    union all
    select item_id, from_bin_id, lot_number, serial_number, stock_status, -quantity from public.inventory_transactions where from_bin_id is not null
  ), sums as (
    select item_id, bin_id, lot_number, serial_number, stock_status, sum(quantity) as quantity from moves group by 1, 2, 3, 4, 5
  )
  select coalesce(s.item_id, m.item_id), coalesce(s.bin_id, m.bin_id), s.quantity, m.quantity
  from public.inventory_stock s
  full join sums m on m.item_id = s.item_id and m.bin_id = s.bin_id and m.lot_number is not distinct from s.lot_number
    and m.serial_number is not distinct from s.serial_number and m.stock_status = s.status
  where coalesce(s.quantity, 0) <> coalesce(m.quantity, 0)
$$, 'every balance equals the sum of its ledger rows');

-- The ledger list.
select tests.act_as('admin@acme.test');
select is((select (public.list_inventory_transactions(item_id => 'c1000000-0000-4000-8000-000000000001', "limit" => 2)) ->> 'total'), '7', 'list: the exact total of an item''s transactions');
select is((select jsonb_array_length(public.list_inventory_transactions(item_id => 'c1000000-0000-4000-8000-000000000001', "limit" => 2) -> 'inventory_transactions')), 2, 'list: one page');
select is((select public.list_inventory_transactions(item_id => 'c1000000-0000-4000-8000-000000000001', transaction_type => 'move') #>> '{inventory_transactions,0,from_bin,code}'), 'Z1-A01-S1-B01', 'list: a move with its bins');
select is((select public.list_inventory_transactions(search => 'PT-CHAIR', transaction_type => 'pick') #>> '{inventory_transactions,0,performed_by,full_name}'), 'Tyrone Jackson', 'list: searched by SKU, with who performed it');
select is(tests.message_of($$ select public.list_inventory_transactions(transaction_type => 'steal') $$, 'transaction_type'), 'Transaction type must be receive, pick, move, adjust or return', 'list: an unknown type is refused');
reset role;
select tests.act_as('marcus.reyes@acmelogistics.example');
select is((select (public.list_inventory_transactions(item_id => 'c1000000-0000-4000-8000-000000000001')) ->> 'total'), '6', 'list: staff read only their warehouses'' rows');
reset role;
select tests.act_as('admin@globex.test');
select is((select (public.list_inventory_transactions(item_id => 'c1000000-0000-4000-8000-000000000001')) ->> 'total'), '0', 'cross-tenant: the list shows nothing of acme');
reset role;

select * from finish();
rollback;
