-- The stock ledger under concurrency, on PostgreSQL: many sessions (dblink connections, each a real
-- backend signed in as a picker or a supervisor) pick from one bin at once, and move stock between
-- two bins in opposite directions at once. The sum of successful picks never exceeds the stock, the
-- others are refused with 'Insufficient stock', no move deadlocks, and the ledger sums to the
-- balances. PGlite serves one connection at a time (and has no dblink), so there it proves nothing
-- and is skipped.
--
-- The sessions commit, so this file makes its own item and removes it at the end. The picks run
-- before the moves, so exactly floor(100 / 3) of them succeed; 50 more are received for the moves.
begin;
select plan(7);

create function pg_temp.run() returns setof text
language plpgsql
as $$
declare
  item constant uuid := 'c1000000-0000-4000-8000-0000000000cc';
  warehouse constant uuid := 'a5000000-0000-4000-8000-000000000001';
  bin_a uuid;
  bin_b uuid;
  clients constant integer := 16;
  rounds constant integer := 8;
  ok_picks integer := 0;
  refused integer := 0;
  other_errors text := '';
  deadlocks integer := 0;
  moved integer := 0;
  stock_left integer;
  ledger_picked integer;
  r integer;
begin
  bin_a := tests.bin('Z2-A01-S1-B01', warehouse);
  bin_b := tests.bin('Z2-A01-S1-B02', warehouse);

  -- Committed set-up, as the database owner (trusted by the ledger function): an item, 100 in bin A
  -- and 40 in bin B.
  perform tests.open_session('setup', null, null);
  perform extensions.dblink_exec('setup', format($s$
    insert into public.inventory_items (id, tenant_id, name, sku, category) values (%L, 'a0000000-0000-4000-8000-000000000001', 'Wireless Barcode Scanner (load test)', 'CONC-SCAN-01', 'Electronics');
  $s$, item));
  perform * from extensions.dblink('setup', format($s$
    select (public.record_inventory_transaction('receive', %1$L, %2$L, 100, null, %3$L)).id
    union all select (public.record_inventory_transaction('receive', %1$L, %2$L, 40, null, %4$L)).id
  $s$, item, warehouse, bin_a, bin_b)) as x(id uuid);

  -- The sessions of a supervisor (odd) and a picker (even): role and claims set at connection start, as PostgREST
  -- sets them per request.
  perform tests.open_sessions(clients, 'a5100000-0000-4000-8000-000000000002', 'a5100000-0000-4000-8000-000000000004');

  -- Picks: every round, all sessions pick 3 from bin A at once (16 x 3 x 8 = 384 asked of 100).
  for r in 1..rounds loop
    select ok_picks + count(*) filter (where answer is not null),
           refused + count(*) filter (where refusal like '%Insufficient stock%'),
           other_errors || coalesce(string_agg(refusal || '; ', '') filter (where answer is null and refusal not like '%Insufficient stock%'), '')
      into ok_picks, refused, other_errors
      from tests.run_at_once(array_fill(format('select (public.record_inventory_transaction(''pick'', %L, %L, 3, %L)).id', item, warehouse, bin_a), array[clients]));
  end loop;

  perform * from extensions.dblink('setup', format('select (public.record_inventory_transaction(''receive'', %L, %L, 50, null, %L)).id', item, warehouse, bin_a)) as x(id uuid);

  -- Moves: the supervisor's sessions (the odd ones), half moving A -> B while the other half move B -> A, 1 at a time.
  for r in 1..rounds loop
    select moved + count(*) filter (where answer is not null),
           deadlocks + count(*) filter (where refusal like '%deadlock%'),
           other_errors || coalesce(string_agg(refusal || '; ', '') filter (where answer is null and refusal not like '%deadlock%' and refusal not like '%Insufficient stock%'), '')
      into moved, deadlocks, other_errors
      from tests.run_at_once(array(
        select case when c % 2 = 1 then format('select (public.record_inventory_transaction(''move'', %L, %L, 1, %L, %L)).id', item, warehouse,
          case when c % 4 = 1 then bin_a else bin_b end, case when c % 4 = 1 then bin_b else bin_a end) end
        from generate_series(1, clients) c));
  end loop;
  perform tests.close_sessions(clients);

  select coalesce(sum(quantity), 0) into stock_left from extensions.dblink('setup',
    format('select quantity from public.inventory_stock where item_id = %L', item)) as x(quantity integer);
  select coalesce(sum(quantity), 0) into ledger_picked from extensions.dblink('setup',
    format('select quantity from public.inventory_transactions where item_id = %L and transaction_type = ''pick''', item)) as x(quantity integer);

  return next is(ok_picks + refused, clients * rounds, 'every pick was either made or refused as insufficient');
  return next ok(ok_picks * 3 <= 100 and ok_picks = 33, format('the successful picks (%s x 3) never exceed the 100 in the bin, and take all they can', ok_picks));
  return next is(ledger_picked, ok_picks * 3, 'the ledger holds exactly the successful picks');
  return next is(stock_left, 190 - ledger_picked, 'the balances are the receipts less the picks: moves keep the total');
  return next is(deadlocks, 0, format('moves in opposite directions never deadlock (%s moves made)', moved));
  return next is(other_errors, '', 'no other error');
  return next is_empty(format($q$
    select * from extensions.dblink('setup', $r$
      with moves as (
        select item_id, to_bin_id as bin_id, lot_number, serial_number, stock_status, quantity from public.inventory_transactions where to_bin_id is not null and item_id = '%1$s'
        union all
        select item_id, from_bin_id, lot_number, serial_number, stock_status, -quantity from public.inventory_transactions where from_bin_id is not null and item_id = '%1$s'
      ), sums as (select bin_id, stock_status, sum(quantity)::int as quantity from moves group by 1, 2)
      select coalesce(s.bin_id, m.bin_id)::text from public.inventory_stock s
      full join sums m on m.bin_id = s.bin_id and m.stock_status = s.status
      where s.item_id = '%1$s' and coalesce(s.quantity, 0) <> coalesce(m.quantity, 0)
    $r$) as x(bin text)
  $q$, item), 'the ledger sums to the balances');

  -- Cleanup: the ledger is append-only, so its rows go with triggers off (replica role).
  perform tests.remove_committed('setup', format($s$
    delete from public.inventory_transactions where item_id = %1$L;
    delete from public.inventory_stock where item_id = %1$L;
    delete from public.inventory_items where id = %1$L
  $s$, item));
  perform extensions.dblink_disconnect('setup');
end;
$$;

select * from tests.if_sessions(7, 'select * from pg_temp.run()');

select * from finish();
rollback;
