-- Receive orders: the code, saving with lines (admins only, the form's messages), the status
-- machine and its history, receiving lines through the ledger (who may, over-receipt refused,
-- the order moving on by itself), reads by role, access mode and tenant, the seed.
begin;
select plan(34);

-- Two items of the test and an order of them into Bayview.
insert into public.inventory_items (id, tenant_id, name, sku) values
  ('c1200000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Receiving Test Monitor Arm', 'RT-ARM-01'),
  ('c1200000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'Receiving Test Footrest', 'RT-FOOT-01');

create temp table t_order (id uuid, code text);
grant all on t_order to public;
create function pg_temp.order_json(warehouse uuid, lines jsonb) returns jsonb
language sql
as $$ select jsonb_build_object('supplier_id', 'a5200000-0000-4000-8000-000000000001', 'warehouse_id', warehouse,
  'reference', '  PO-TEST-1  ', 'expected_date', '2026-12-10', 'lines', lines) $$;

select tests.act_as('admin@acme.test');
insert into t_order select o.id, o.receive_code from public.save_receive_order(null, pg_temp.order_json('a5000000-0000-4000-8000-000000000001', jsonb_build_array(
  jsonb_build_object('item_id', 'c1200000-0000-4000-8000-000000000001', 'expected_quantity', 10, 'lot_number', 'LOT-RT',
    'target_bin_id', tests.bin('Z1-A01-S1-B01', 'a5000000-0000-4000-8000-000000000001')),
  jsonb_build_object('item_id', 'c1200000-0000-4000-8000-000000000002', 'expected_quantity', 3)))) o;
reset role;

select matches((select code from t_order), '^ACME-GR[0-9]{5}$', 'code: the tenant''s prefix and GR, a marker no other record uses');
select is((select status || '/' || reference || '/' || (select count(*) from public.receive_order_lines l where l.receive_order_id = o.id)
  from public.receive_orders o where o.id = (select id from t_order)), 'draft/PO-TEST-1/2', 'save: a draft with its lines, the reference trimmed');
select is((select string_agg(coalesce(from_status, '-') || '>' || status, ',') from public.receive_order_events where receive_order_id = (select id from t_order)),
  '->draft', 'history: the order''s first event');

-- The form's messages.
select tests.act_as('admin@acme.test');
select is(tests.message_of($$ select public.save_receive_order(null, '{"lines": []}') $$, 'supplier_id'), 'Supplier is required', 'save: a supplier is required');
select is(tests.message_of($$ select public.save_receive_order(null, '{"lines": []}') $$, 'warehouse_id'), 'Warehouse is required', 'save: a warehouse is required');
select is(tests.message_of($$ select public.save_receive_order(null, '{"lines": []}') $$, 'lines'), 'Add at least one line', 'save: at least one line');
select is(tests.message_of(format('select public.save_receive_order(null, %L)', pg_temp.order_json('a5000000-0000-4000-8000-000000000001',
  '[{"item_id": "c1200000-0000-4000-8000-000000000001", "expected_quantity": 0}]'))::text, 'lines.0.expected_quantity'),
  'Quantity must be a whole number above 0', 'save: a line''s quantity is above 0');
select is(tests.message_of(format('select public.save_receive_order(null, %L)', pg_temp.order_json('a5000000-0000-4000-8000-000000000001',
  '[{"item_id": "c1200000-0000-4000-8000-000000000001", "expected_quantity": 2, "serial_number": "SN-1"}]'))::text, 'lines.0.serial_number'),
  'A serial number is received one at a time: quantity 1', 'save: a serial number is quantity 1');
select is(tests.message_of(format('select public.save_receive_order(null, %L)', pg_temp.order_json('a5000000-0000-4000-8000-000000000001',
  jsonb_build_array(jsonb_build_object('item_id', 'c1200000-0000-4000-8000-000000000001', 'expected_quantity', 1,
    'target_bin_id', tests.bin('Z1-A01-S1-B01', 'a5000000-0000-4000-8000-000000000002')))))::text, 'lines.0.target_bin_id'),
  'Target bin must be an active bin of the warehouse', 'save: the target bin is a bin of the order''s warehouse');
reset role;

-- Only admins save; nobody writes the tables directly.
select tests.act_as('marcus.reyes@acmelogistics.example');
select throws_ok(format('select public.save_receive_order(%L, %L)', (select id from t_order), pg_temp.order_json('a5000000-0000-4000-8000-000000000001', '[]')),
  '42501', 'Only administrators can manage receive orders', 'save: a supervisor cannot');
select throws_ok($$ insert into public.receive_orders (supplier_id, warehouse_id, receive_code) values ('a5200000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 'X') $$,
  '42501', null, 'direct insert refused');
select throws_ok(format('update public.receive_order_lines set received_quantity = 3 where receive_order_id = %L', (select id from t_order)), '42501', null, 'direct update of a line refused');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok(format('select public.transition_receive_order(%L, ''ordered'')', (select id from t_order)), 'PT404', 'Receive order not found', 'another tenant: not found');
select is((select count(*)::int from public.receive_orders where id = (select id from t_order)), 0, 'another tenant reads nothing');
reset role;

-- Receiving a draft is refused; then the order is placed.
select tests.act_as('grace.kim@acmelogistics.example');
select is(tests.message_of(format('select public.receive_order_line(%L, 1)', (select id from public.receive_order_lines where item_id = 'c1200000-0000-4000-8000-000000000001')), 'status'),
  'Only an ordered receive order can be received; this one is draft', 'receive: not while draft');
select throws_ok(format('select public.transition_receive_order(%L, ''ordered'')', (select id from t_order)), '42501',
  'Only administrators can change the status of a receive order', 'transition: staff cannot place an order');
reset role;
select tests.act_as('admin@acme.test');
select is((select status from public.transition_receive_order((select id from t_order), 'ordered', 'Confirmed by phone')), 'ordered', 'transition: an admin places it');
select is(tests.message_of(format('select public.transition_receive_order(%L, ''draft'')', (select id from t_order)), 'status'),
  'A receive order cannot move from ordered to draft', 'transition: no arrow back to draft');
select throws_ok(format('select public.transition_receive_order(%L, ''received'')', (select id from t_order)), '42501',
  'A receive order is received by receiving its lines', 'transition: received only by receiving');
select is(public.receive_order_actions((select id from t_order)), array['edit', 'receive', 'cancelled'], 'actions: an admin may edit, receive or cancel an ordered order');
reset role;

-- Receiving: through the ledger, as the caller; the order moves on by itself.
select tests.act_as('tyrone.jackson@acmelogistics.example');
select throws_ok(format('select public.receive_order_line(%L, 1)', (select id from public.receive_order_lines where item_id = 'c1200000-0000-4000-8000-000000000001')),
  '42501', 'Only admins, receivers, supervisors and managers of this warehouse can receive stock', 'receive: a picker cannot (the ledger decides)');
reset role;
select tests.act_as('grace.kim@acmelogistics.example');
select is(tests.message_of(format('select public.receive_order_line(%L, 11)', (select id from public.receive_order_lines where item_id = 'c1200000-0000-4000-8000-000000000001')), 'quantity'),
  'At most 10 left to receive on this line', 'receive: not more than expected');
select is(tests.message_of(format('select public.receive_order_line(%L, 1)', (select id from public.receive_order_lines where item_id = 'c1200000-0000-4000-8000-000000000002')), 'bin_id'),
  'Choose the bin to receive into', 'receive: a bin is needed when the line has none');
select is((select received_quantity from public.receive_order_line((select id from public.receive_order_lines where item_id = 'c1200000-0000-4000-8000-000000000001'), 6)), 6,
  'receive: a receiver receives part of a line into its target bin');
select is((select count(*)::int from public.receive_orders where id = (select id from t_order)), 1, 'a receiver of the warehouse reads the order');
reset role;
select is((select status from public.receive_orders where id = (select id from t_order)), 'partially_received', 'status: partially received');
select is((select transaction_type || '/' || quantity || '/' || reference_type || '/' || coalesce(lot_number, '-') from public.inventory_transactions
  where reference_id = (select id from t_order)), 'receive/6/receive_order/LOT-RT', 'ledger: a receive transaction referencing the order, the line''s lot');
select tests.act_as('grace.kim@acmelogistics.example');
select lives_ok(format('select public.receive_order_line(%L, 4)', (select id from public.receive_order_lines where item_id = 'c1200000-0000-4000-8000-000000000001')), 'receive: the rest of the first line');
select lives_ok(format('select public.receive_order_line(%L, 3, %L)', (select id from public.receive_order_lines where item_id = 'c1200000-0000-4000-8000-000000000002'),
  tests.bin('Z1-A01-S1-B02', 'a5000000-0000-4000-8000-000000000001')), 'receive: the second line into a bin chosen on the spot');
reset role;
select is((select status || '/' || (received_at is not null)::text from public.receive_orders where id = (select id from t_order)), 'received/true', 'status: received once every line is');
select is((select string_agg(coalesce(from_status, '-') || '>' || status, ',' order by seq) from public.receive_order_events where receive_order_id = (select id from t_order)),
  '->draft,draft>ordered,ordered>partially_received,partially_received>received', 'history: every move, in order');
select is((select coalesce(sum(quantity), 0)::int from public.inventory_stock where item_id in ('c1200000-0000-4000-8000-000000000001', 'c1200000-0000-4000-8000-000000000002')),
  13, 'stock: what was received is on hand');

-- The seed: every status in both tenants.
select is((select string_agg(distinct status, ',' order by status) from public.receive_orders where tenant_id = 'a0000000-0000-4000-8000-000000000001' and receive_code <> (select code from t_order)),
  'cancelled,draft,ordered,partially_received,received', 'seed: acme orders in every status');
select is((select string_agg(distinct status, ',' order by status) from public.receive_orders where tenant_id = 'b0000000-0000-4000-8000-000000000001'),
  'cancelled,draft,ordered,partially_received,received', 'seed: globex orders in every status');

select * from finish();
rollback;
