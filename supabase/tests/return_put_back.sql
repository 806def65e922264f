-- Putting a received return back into stock: one `return` transaction referencing the request,
-- available or damaged, into a bin of the request's warehouse; refused for other statuses, other
-- warehouses' bins, other conditions, other tenants and whoever the ledger does not let put returns
-- into stock; the ledger and the balances agree.
begin;
select plan(19);

insert into public.inventory_items (id, tenant_id, name, sku) values
  ('c1800000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Put Back Test Kettle', 'PB-KETTLE-01');

select tests.remember('received', x.id) from (select id as id from public.return_requests
  where tenant_id = 'a0000000-0000-4000-8000-000000000001' and status = 'received' order by id limit 1) x;
select tests.remember('closed', x.id) from (select id as id from public.return_requests
  where tenant_id = 'a0000000-0000-4000-8000-000000000001' and status = 'closed' order by id limit 1) x;
-- Received into Bayview.
update public.return_requests set warehouse_id = 'a5000000-0000-4000-8000-000000000001' where id = tests.id('received');
select tests.remember('bin', id) from public.warehouse_locations where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and code = 'Z1-A01-S1-B02';
select tests.remember('other_bin', x.id) from (select id as id from public.warehouse_locations
  where warehouse_id = 'a5000000-0000-4000-8000-000000000002' and location_type = 'bin' and status = 'active' order by code limit 1) x;
select tests.remember('globex_bin', x.id) from (select id as id from public.warehouse_locations
  where tenant_id = 'b0000000-0000-4000-8000-000000000001' and location_type = 'bin' and status = 'active' order by code limit 1) x;

select ok(num_nonnulls(tests.id('received'), tests.id('closed'), tests.id('bin'), tests.id('other_bin'), tests.id('globex_bin')) = 5, 'the seed has a received and a closed acme return, and the bins');

-- As `who`, put `units` back into `bin` as `condition` (the request named `request`): the error's SQLSTATE, or 'ok'.
create function pg_temp.put_back(who text, request text, units integer, bin text default 'bin', condition text default 'available')
returns text
language plpgsql
as $$
declare
  code text := 'ok';
begin
  perform tests.act_as(who);
  begin
    perform public.put_back_return_request(tests.id(request), 'c1800000-0000-4000-8000-000000000001',
      tests.id(bin), units, condition);
  exception when others then
    code := sqlstate;
  end;
  reset role;
  return code;
end;
$$;

create function pg_temp.detail(who text, statement text) returns jsonb
language plpgsql
as $$
declare
  d jsonb;
begin
  perform tests.act_as(who);
  d := tests.details(statement);
  reset role;
  return d;
end;
$$;

-- Who may.
select is(pg_temp.put_back('admin@acme.test', 'received', 3), 'ok', 'an admin puts a received return back into stock');
select is(pg_temp.put_back('admin@acme.test', 'received', 1, condition => 'damaged'), 'ok', 'as damaged stock too');
select is(pg_temp.put_back('dispatcher@acme.test', 'received', 1), '42501', 'a dispatcher who receives in no warehouse is refused by the ledger');
select is(pg_temp.put_back('driver@acme.test', 'received', 1), 'PT404', 'a driver does not find the request');
select is(pg_temp.put_back('customer@acme.test', 'received', 1), 'PT404', 'a customer does not find the request');
select is(pg_temp.put_back('grace.kim@acmelogistics.example', 'received', 1), 'PT404', 'warehouse-only staff, who read no returns, do not find it');
select is(pg_temp.put_back('admin@globex.test', 'received', 1), 'PT404', 'another tenant''s admin does not find it');
select is(pg_temp.put_back('dispatcher@globex.test', 'received', 1), 'PT404', 'another tenant''s dispatcher does not find it');
select is(pg_temp.put_back(null, 'received', 1), '42501', 'anon may not call it');

-- What is refused, with the field and the words.
select is(pg_temp.detail('admin@acme.test', format($q$select public.put_back_return_request(%L, 'c1800000-0000-4000-8000-000000000001', %L, 1)$q$,
    tests.id('closed'), tests.id('bin'))),
  '[{"key": "returns.put_back_not_received", "field": "status", "params": {"status": "closed"}, "message": "Only a received return request can be put back into stock; this one is closed"}]'::jsonb,
  'a request in another status is refused');
select is(pg_temp.detail('admin@acme.test', format($q$select public.put_back_return_request(%L, 'c1800000-0000-4000-8000-000000000001', %L, 1)$q$,
    tests.id('received'), tests.id('other_bin'))) -> 0 ->> 'field',
  'bin_id', 'a bin of another warehouse is refused');
select is(pg_temp.detail('admin@acme.test', format($q$select public.put_back_return_request(%L, 'c1800000-0000-4000-8000-000000000001', %L, 1)$q$,
    tests.id('received'), tests.id('globex_bin'))),
  '[{"key": "returns.put_back_bin_not_found", "field": "bin_id", "message": "Bin not found"}]'::jsonb, 'a bin of another tenant is not found');
select is(pg_temp.detail('admin@acme.test', format($q$select public.put_back_return_request(%L, 'c1800000-0000-4000-8000-000000000001', %L, 1, 'expired')$q$,
    tests.id('received'), tests.id('bin'))),
  '[{"key": "returns.put_back_condition_invalid", "field": "condition", "message": "Condition must be available or damaged"}]'::jsonb, 'a condition other than available or damaged is refused');
select is(pg_temp.detail('admin@acme.test', format($q$select public.put_back_return_request(%L, 'c1800000-0000-4000-8000-000000000001', %L, 0)$q$,
    tests.id('received'), tests.id('bin'))) -> 0 ->> 'field',
  'quantity', 'a quantity of 0 is refused by the ledger');

-- What was written: two return transactions referencing the request, and the balances they moved.
select results_eq(
  $$select transaction_type, reference_type, reference_id, stock_status, quantity from public.inventory_transactions
    where item_id = 'c1800000-0000-4000-8000-000000000001' order by quantity desc$$,
  format($$values ('return'::text, 'return_request'::text, %L::uuid, 'available'::text, 3), ('return', 'return_request', %L::uuid, 'damaged', 1)$$,
    tests.id('received'), tests.id('received')),
  'each put-back is one return transaction referencing the request, nothing from the refused ones');
select results_eq(
  $$select status, quantity from public.inventory_stock where item_id = 'c1800000-0000-4000-8000-000000000001' order by status$$,
  $$values ('available'::text, 3), ('damaged', 1)$$,
  'the bin holds 3 available and 1 damaged');
select is((select sum(quantity)::int from public.inventory_stock where item_id = 'c1800000-0000-4000-8000-000000000001'),
  (select sum(quantity)::int from public.inventory_transactions where item_id = 'c1800000-0000-4000-8000-000000000001'),
  'the ledger sums to the balances');
select is((select reason from public.inventory_transactions where item_id = 'c1800000-0000-4000-8000-000000000001' limit 1),
  'Return ' || (select return_code from public.return_requests where id = tests.id('received')),
  'the transaction says which return it came from');

select * from finish();
rollback;
