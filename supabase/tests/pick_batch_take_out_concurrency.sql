-- Taking orders out of one batch at once, on PostgreSQL: eight sessions (dblink connections, each a
-- real backend signed in as Bayview's manager or supervisor) take the two orders of one pending
-- batch out at the same time, four sessions per order. The batch's row is locked first, then the
-- order's, and both are read again under the locks, so each order leaves exactly once (the others
-- are told it is not in a batch), the last one out cancels the batch exactly once, nobody
-- deadlocks. PGlite serves one connection at a time (and has no dblink), so there it proves nothing
-- and is skipped.
--
-- The sessions commit, so this file makes its own orders and removes them at the end.
begin;
select plan(5);

create function pg_temp.run() returns setof text
language plpgsql
as $$
declare
  warehouse constant uuid := 'a5000000-0000-4000-8000-000000000001';
  clients constant integer := 8;
  ids uuid[];
  batch uuid;
  conn text;
  got jsonb;
  taken integer := 0;
  refused integer := 0;
  other_errors text := '';
  err text;
  state text;
  closing integer;
  i integer;
begin
  -- Committed set-up, as Bayview's manager: two pending orders, built into one batch.
  perform tests.open_session('setup', 'a5100000-0000-4000-8000-000000000001', null);
  select array_agg(x.id order by x.id) into ids from extensions.dblink('setup', format($s$
    select (public.save_pick_order(null, jsonb_build_object('warehouse_id', %1$L, 'reference_number', 'CONC-TAKEOUT-' || n,
      'item_details', jsonb_build_array(jsonb_build_object(
        'item_id', (select id from public.inventory_items where tenant_id = 'a0000000-0000-4000-8000-000000000001' and is_active order by sku limit 1),
        'bin_id', (select id from public.warehouse_locations where warehouse_id = %1$L and code = 'Z1-A02-S1-B0' || n)))))
      #>> '{pick_order,order,id}')::uuid
    from generate_series(1, 2) n
  $s$, warehouse)) as x(id uuid);
  select x.id into batch from extensions.dblink('setup', format($s$
    select (public.build_pick_batch(%L, 'batch', 'item', 10, 10, %L::uuid[]) #>> '{batches,0,id}')::uuid
  $s$, warehouse, ids)) as x(id uuid);

  for i in 1..clients loop
    perform tests.open_session('c' || i,
      case when i % 2 = 0 then 'a5100000-0000-4000-8000-000000000001' else 'a5100000-0000-4000-8000-000000000002' end::uuid);
  end loop;
  for i in 1..clients loop
    perform extensions.dblink_send_query('c' || i, format('select public.take_out_of_pick_batch(%L)', ids[1 + (i % 2)]));
  end loop;
  for i in 1..clients loop
    conn := 'c' || i;
    got := null;
    select x.r into got from extensions.dblink_get_result(conn, false) as x(r jsonb);
    if got is not null then
      taken := taken + 1;
    else
      err := extensions.dblink_error_message(conn);
      if err like '%is not in a batch%' then
        refused := refused + 1;
      else
        other_errors := other_errors || err || '; ';
      end if;
    end if;
    perform * from extensions.dblink_get_result(conn, false) as x(r jsonb);
  end loop;
  for i in 1..clients loop
    perform extensions.dblink_disconnect('c' || i);
  end loop;

  select x.s into state from extensions.dblink('setup', format($s$
    select b.status || ' ' || (select count(*) from public.pick_orders m where m.batch_id = b.id) || ' ' ||
      (select count(*) from public.pick_order_lines l where l.pick_order_id = b.id)
    from public.pick_orders b where b.id = %L
  $s$, batch)) as x(s text);
  select x.n into closing from extensions.dblink('setup', format($s$
    select count(*)::int from public.pick_order_events e where e.pick_order_id = %L and e.status = 'cancelled'
  $s$, batch)) as x(n integer);

  return next is(taken, 2, 'each order is taken out once');
  return next is(refused, clients - 2, 'every other session is told the order is not in a batch');
  return next is(other_errors, '', 'no deadlock, no other error');
  return next is(state, 'cancelled 0 0', 'the batch is cancelled, with no order and no line left');
  return next is(closing, 1, 'it is cancelled exactly once');

  -- Cleanup, as the database owner, triggers off (replica role): the batch, then the orders.
  perform extensions.dblink_exec('setup', format($s$
    set session_replication_role = replica;
    delete from public.pick_order_events where pick_order_id = any (%1$L::uuid[]) or pick_order_id = %2$L;
    delete from public.pick_order_lines where pick_order_id = any (%1$L::uuid[]) or pick_order_id = %2$L;
    delete from public.pick_orders where id = any (%1$L::uuid[]) or id = %2$L;
    reset session_replication_role;
  $s$, ids, batch));
  perform extensions.dblink_disconnect('setup');
end;
$$;

create function pg_temp.main() returns setof text
language plpgsql
as $$
begin
  if not tests.sessions_available() then
    return next skip('PGlite serves one connection at a time: concurrency is proven on PostgreSQL', 5);
    return;
  end if;
  return query select * from pg_temp.run();
end;
$$;

select * from pg_temp.main();

select * from finish();
rollback;
