-- The inventory's refusals carry stable keys beside their English (private.problem), as the error's
-- DETAIL (what PostgREST hands the app as `details`), with the values the words name as params, as
-- acme's admin, receiver, picker and dispatcher and globex's admin; SQLSTATE and message stay as they
-- were (23514 'Validation failed' or 'Insufficient stock', 42501 and PT404 with their English).
begin;
select plan(28);

-- Each problem of a refusal as field:key, in order.
create function pg_temp.keys(statement text) returns text
language sql
as $$ select string_agg(coalesce(p ->> 'field', '-') || ':' || (p ->> 'key'), ' ' order by ord)
      from jsonb_array_elements(tests.refusal(statement) -> 'details') with ordinality as x (p, ord) $$;

-- A call of the ledger function at Bayview: kind, item, quantity, from and to bin by code, and the
-- named arguments in `extra`.
create function pg_temp.tx(kind text, item uuid, qty integer, from_code text, to_code text, extra text default '') returns text
language sql stable
as $$
  select format('select public.record_inventory_transaction(transaction_type => %L, item_id => %L, warehouse_id => %L, quantity => %s, from_bin_id => %L, to_bin_id => %L%s)',
    kind, item, 'a5000000-0000-4000-8000-000000000001', coalesce(qty::text, 'null'), tests.bin(from_code), tests.bin(to_code),
    case when extra = '' then '' else ', ' || extra end);
$$;
grant execute on all functions in schema pg_temp to authenticated;

-- Items of the test (as the database owner): acme's, with 5 units of lot KEY-LOT in Z1-A01-S1-B01.
insert into public.inventory_items (id, tenant_id, name, sku, label_status, label_url) values
  ('c1a20000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Key Test Chair', 'PK-INV-CHAIR', 'success',
   'a0000000-0000-4000-8000-000000000001/c1a20000-0000-4000-8000-000000000001.pdf'),
  ('c1a20000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'Key Test Scanner', 'PK-INV-SCANNER', 'pending', null);
select lives_ok(format('select public.record_inventory_transaction(%L, %L, %L, 5, null, %L, %L)', 'receive', 'c1a20000-0000-4000-8000-000000000001',
  'a5000000-0000-4000-8000-000000000001', tests.bin('Z1-A01-S1-B01'), 'KEY-LOT'), 'owner: 5 units received for the test');

-- The item form's rules (inventory_item_problems through the items trigger), as acme's admin
select tests.act_as('admin@acme.test');
select is(tests.refusal(format($$ insert into public.inventory_items (name, sku) values (%L, 'PK-INV-LONG') $$, repeat('n', 201))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "inventory.name_too_long", "field": "name", "message": "Name must be at most 200 characters", "params": {"max": 200}}]}'::jsonb,
  'acme admin: a name too long, keyed with its limit, same SQLSTATE, message and English');
select is(tests.refusal($$ insert into public.inventory_items (name, sku) values ('Desk Lamp', 'PK-INV-CHAIR') $$),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "inventory.sku_taken", "field": "sku", "message": "SKU already exists"}]}'::jsonb,
  'acme admin: a SKU taken, keyed');
select is(pg_temp.keys(format($$ insert into public.inventory_items (name, sku, barcode, category, subcategory, unit_size, weight, dimensions, attributes)
    values (' ', %L, %L, 'Toys', 'Phone', 0, -1, '{"length": 0, "unit": "ft"}', '{"color": 5, "connectivity": %s}') $$,
    repeat('s', 65), repeat('b', 65), to_jsonb(repeat('c', 101)))),
  'name:inventory.name_required sku:inventory.sku_too_long barcode:inventory.barcode_too_long category:inventory.category_invalid '
  'subcategory:inventory.subcategory_invalid unit_size:inventory.positive_number weight:inventory.positive_number '
  'dimensions.length:inventory.positive_number dimensions.unit:inventory.length_unit_invalid '
  'attributes.color:inventory.attribute_not_text attributes.connectivity:inventory.attribute_too_long',
  'acme admin: each of the item''s problems keyed, in form order');
select is(pg_temp.keys($$ insert into public.inventory_items (name, sku, dimensions, attributes) values ('Desk Lamp', 'PK-INV-SHAPE', '[]', '"x"') $$),
  'dimensions:inventory.dimensions_shape attributes:inventory.attributes_shape', 'acme admin: dimensions and attributes not objects, keyed');
select is((select jsonb_agg(p -> 'params') from jsonb_array_elements(tests.refusal(format($$ insert into public.inventory_items (name, sku, barcode) values ('Desk Lamp', %L, %L) $$,
    repeat('s', 65), repeat('b', 65))) -> 'details') p),
  '[{"max": 64}, {"max": 64}]'::jsonb, 'acme admin: the SKU and barcode lengths keyed with their limit');

-- The ledger (apply_inventory_transaction through record_inventory_transaction)
select is(tests.refusal(pg_temp.tx('pick', 'c1a20000-0000-4000-8000-000000000001', 9, 'Z1-A01-S1-B01', null, 'lot_number => ''KEY-LOT''')),
  '{"code": "23514", "message": "Insufficient stock", "details": [{"key": "inventory.insufficient_stock", "field": "quantity", "message": "Insufficient stock: 5 available in Z1-A01-S1-B01", "params": {"available": 5, "bin": "Z1-A01-S1-B01"}}]}'::jsonb,
  'acme admin: a pick beyond the stock, keyed with what is available where, SQLSTATE and message unchanged');
select is(pg_temp.keys(pg_temp.tx('receive', 'c1a20000-0000-4000-8000-000000000001', 2, 'Z1-A01-S1-B01', 'Z1-A01-S1-B01',
    format('lot_number => %L, serial_number => %L, stock_status => %L, reason => %L, reference_type => %L', repeat('l', 65), repeat('s', 65), 'lost', repeat('r', 501), 'invoice'))),
  'quantity:inventory.serial_quantity_one from_bin_id:inventory.no_source_bin lot_number:inventory.lot_number_too_long '
  'serial_number:inventory.serial_number_too_long stock_status:inventory.stock_status_invalid reason:inventory.reason_too_long '
  'reference_type:inventory.reference_type_invalid',
  'acme admin: each of a receipt''s problems keyed, in form order');
select is((select p -> 'params' from jsonb_array_elements(tests.refusal(pg_temp.tx('receive', 'c1a20000-0000-4000-8000-000000000001', 1, 'Z1-A01-S1-B01', 'Z1-A01-S1-B02')) -> 'details') p),
  '{"type": "receive"}'::jsonb, 'acme admin: a source bin a receipt does not take, keyed with the raw type');
select is(tests.refusal(pg_temp.tx('pick', 'c1a20000-0000-4000-8000-000000000001', 1, 'Z1-A01-S1-B01', 'Z1-A01-S1-B02')) -> 'details',
  '[{"key": "inventory.no_destination_bin", "field": "to_bin_id", "message": "A pick takes no destination bin", "params": {"type": "pick"}}]'::jsonb,
  'acme admin: a destination bin a pick does not take, keyed with the raw type');
select is(pg_temp.keys(pg_temp.tx('move', null, null, null, 'Z1-A03-S3-B02')),
  'item_id:inventory.item_required quantity:inventory.quantity_invalid from_bin_id:inventory.bin_required to_bin_id:inventory.bin_inactive',
  'acme admin: a move without item, quantity or source into an inactive bin, keyed');
select is(pg_temp.keys(pg_temp.tx('move', 'c1a20000-0000-4000-8000-000000000001', 1, 'Z1-A01-S1', 'Z1-A01-S1-B01')),
  'from_bin_id:inventory.bin_not_in_warehouse', 'acme admin: a shelf is no bin, keyed');
select is(pg_temp.keys(pg_temp.tx('move', 'c1a20000-0000-4000-8000-000000000001', 1, 'Z1-A01-S1-B01', 'Z1-A01-S1-B01')),
  'to_bin_id:inventory.same_bin', 'acme admin: a move into its own source, keyed');
select is(pg_temp.keys(pg_temp.tx('adjust', 'c1a20000-0000-4000-8000-000000000001', 1, 'Z1-A01-S1-B01', null)),
  'reason:inventory.adjust_reason_required', 'acme admin: an adjustment without a reason, keyed');
select is(tests.refusal(pg_temp.tx('steal', 'c1a20000-0000-4000-8000-000000000001', 1, null, 'Z1-A01-S1-B01')),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "inventory.transaction_type_invalid", "field": "transaction_type", "message": "Transaction type must be receive, pick, move, adjust or return"}]}'::jsonb,
  'acme admin: an unknown type, keyed');
select is(tests.refusal(pg_temp.tx('receive', 'c1a20000-0000-4000-8000-000000000001', 1, null, 'Z1-A01-S1-B02', 'occurred_at => now() - interval ''3 days''')),
  '{"code": "42501", "message": "Only imports may date a transaction in the past", "details": [{"key": "inventory.backdating_not_allowed", "message": "Only imports may date a transaction in the past"}]}'::jsonb,
  'acme admin: backdating, keyed under the same 42501 and message');
select lives_ok(pg_temp.tx('receive', 'c1a20000-0000-4000-8000-000000000002', 1, null, 'Z1-A02-S1-B01', 'serial_number => ''PK-SN-0001'''), 'acme admin: a serial number received once');
select is(tests.refusal(pg_temp.tx('receive', 'c1a20000-0000-4000-8000-000000000002', 1, null, 'Z1-A02-S1-B02', 'serial_number => ''PK-SN-0001''')) -> 'details',
  '[{"key": "inventory.serial_in_stock", "field": "serial_number", "message": "Serial number PK-SN-0001 is already in stock", "params": {"serial": "PK-SN-0001"}}]'::jsonb,
  'acme admin: a serial number already in stock, keyed with the serial');
reset role;

-- Who may record what: a receiver does not pick
select tests.act_as('grace.kim@acmelogistics.example');
select is(tests.refusal(pg_temp.tx('pick', 'c1a20000-0000-4000-8000-000000000001', 1, 'Z1-A01-S1-B01', null, 'lot_number => ''KEY-LOT''')),
  '{"code": "42501", "message": "Only admins, pickers, supervisors and managers of this warehouse can pick stock", "details": [{"key": "inventory.pick_not_allowed", "message": "Only admins, pickers, supervisors and managers of this warehouse can pick stock"}]}'::jsonb,
  'acme receiver: a pick refused, keyed under the same 42501 and message');
reset role;
select tests.act_as('tyrone.jackson@acmelogistics.example');
select is(pg_temp.keys(pg_temp.tx('receive', 'c1a20000-0000-4000-8000-000000000001', 1, null, 'Z1-A01-S1-B02')),
  '-:inventory.receive_not_allowed', 'acme picker: a receipt refused, keyed');
reset role;

-- The ledger's list, and the labels, as acme's dispatcher
select tests.act_as('dispatcher@acme.test');
select is(tests.refusal($$ select public.list_inventory_transactions(page => 0, "limit" => 500) $$),
  '{"code": "23514", "message": "Validation failed", "details": ['
  '{"key": "inventory.page_invalid", "field": "page", "message": "Page must be 1 or more", "params": {"min": 1}}, '
  '{"key": "inventory.limit_invalid", "field": "limit", "message": "Limit must be from 1 to 100", "params": {"min": 1, "max": 100}}]}'::jsonb,
  'acme dispatcher: a page and limit out of range, keyed with their bounds');
select is(tests.refusal($$ select public.regenerate_inventory_label('c1a20000-0000-4000-8000-000000000001') $$),
  '{"code": "42501", "message": "Only administrators can regenerate labels", "details": [{"key": "inventory.label_regenerate_not_allowed", "message": "Only administrators can regenerate labels"}]}'::jsonb,
  'acme dispatcher: regenerating a label refused, keyed under the same 42501 and message');
reset role;

-- globex's admin, on acme's warehouse and item
select tests.act_as('admin@globex.test');
select is(tests.refusal(pg_temp.tx('receive', 'c1a20000-0000-4000-8000-000000000001', 1, null, 'Z1-A01-S1-B02')),
  '{"code": "PT404", "message": "Warehouse not found", "details": [{"key": "inventory.warehouse_not_found", "message": "Warehouse not found"}]}'::jsonb,
  'globex admin: acme''s warehouse is not found, keyed under the same PT404');
select is(tests.refusal($$ select public.regenerate_inventory_label('c1a20000-0000-4000-8000-000000000001') $$),
  '{"code": "PT404", "message": "Inventory item not found", "details": [{"key": "inventory.label_item_not_found", "message": "Inventory item not found"}]}'::jsonb,
  'globex admin: acme''s item is not found, keyed under the same PT404');
select is(pg_temp.keys($$ select public.list_inventory_transactions(transaction_type => 'steal', timestamp_range_start => now(), timestamp_range_end => now() - interval '1 day', search => repeat('q', 101)) $$),
  'transaction_type:inventory.transaction_type_invalid timestamp_range_end:inventory.range_end_before_start search:inventory.search_too_long',
  'globex admin: the list''s filters, keyed');
reset role;

-- The database's own guards, as the owner: a reservation beyond the stock, stock outside a bin, the append-only ledger
select is(tests.refusal(format('select private.reserve_inventory(%L, %L, 50, %L)', 'c1a20000-0000-4000-8000-000000000001', tests.bin('Z1-A01-S1-B01'), 'lines.0.quantity')),
  '{"code": "23514", "message": "Insufficient stock", "details": [{"key": "inventory.insufficient_stock", "field": "lines.0.quantity", "message": "Insufficient stock: 5 available in Z1-A01-S1-B01", "params": {"available": 5, "bin": "Z1-A01-S1-B01"}}]}'::jsonb,
  'owner: a reservation beyond the stock, keyed on the caller''s field');
select is(tests.refusal(format($$ insert into public.inventory_stock (tenant_id, item_id, warehouse_id, bin_id, quantity) values (%L, %L, %L, %L, 1) $$,
    'a0000000-0000-4000-8000-000000000001', 'c1a20000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', tests.bin('Z1-A01-S1'))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "inventory.stock_bin_invalid", "field": "bin_id", "message": "Choose an active bin of this warehouse"}]}'::jsonb,
  'owner: stock on a shelf, keyed');
select is(tests.refusal($$ update public.inventory_transactions set quantity = 99 where item_id = 'c1a20000-0000-4000-8000-000000000001' $$),
  '{"code": "42501", "message": "The inventory ledger is append-only", "details": [{"key": "inventory.ledger_append_only", "message": "The inventory ledger is append-only"}]}'::jsonb,
  'owner: the ledger is append-only, keyed under the same 42501 and message');

select * from finish();
rollback;
