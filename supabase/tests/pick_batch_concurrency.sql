-- Batch building under concurrency, on PostgreSQL: eight sessions (dblink connections, each a real
-- backend signed in as Bayview's manager or supervisor) build batches from the same six pending
-- orders at once. The candidates are locked in id order and read again under the locks, so exactly
-- one builder takes them, the others are refused naming the batch an order is already in, nobody
-- deadlocks, and every order ends in exactly one batch. PGlite serves one connection at a time (and
-- has no dblink), so there it proves nothing and is skipped.
--
-- The sessions commit, so this file makes its own orders and removes them at the end.
begin;
select plan(4);

create function pg_temp.run() returns setof text
language plpgsql
as $$
declare
  warehouse constant uuid := 'a5000000-0000-4000-8000-000000000001';
  clients constant integer := 8;
  ids uuid[];
  conn text;
  got jsonb;
  built integer := 0;
  refused integer := 0;
  other_errors text := '';
  err text;
  per_order text;
  i integer;
begin
  -- Committed set-up, as Bayview's manager: six pending orders of one item in Ambient Storage bins.
  perform tests.open_session('setup', 'a5100000-0000-4000-8000-000000000001', null);
  select array_agg(x.id order by x.id) into ids from extensions.dblink('setup', format($s$
    select (public.save_pick_order(null, jsonb_build_object('warehouse_id', %1$L, 'reference_number', 'CONC-BATCH-' || n,
      'item_details', jsonb_build_array(jsonb_build_object(
        'item_id', (select id from public.inventory_items where tenant_id = 'a0000000-0000-4000-8000-000000000001' and is_active order by sku limit 1),
        'bin_id', (select id from public.warehouse_locations where warehouse_id = %1$L and code = 'Z1-A02-S1-B0' || n)))))
      #>> '{pick_order,order,id}')::uuid
    from generate_series(1, 4) n
    union all
    select (public.save_pick_order(null, jsonb_build_object('warehouse_id', %1$L, 'reference_number', 'CONC-BATCH-' || (n + 4),
      'item_details', jsonb_build_array(jsonb_build_object(
        'item_id', (select id from public.inventory_items where tenant_id = 'a0000000-0000-4000-8000-000000000001' and is_active order by sku limit 1),
        'bin_id', (select id from public.warehouse_locations where warehouse_id = %1$L and code = 'Z1-A03-S1-B0' || n)))))
      #>> '{pick_order,order,id}')::uuid
    from generate_series(1, 2) n
  $s$, warehouse)) as x(id uuid);

  -- The sessions of the manager (even) and the supervisor (odd), claims set at connection start as PostgREST sets them.
  for i in 1..clients loop
    perform tests.open_session('c' || i,
      case when i % 2 = 0 then 'a5100000-0000-4000-8000-000000000001' else 'a5100000-0000-4000-8000-000000000002' end::uuid);
  end loop;
  for i in 1..clients loop
    perform extensions.dblink_send_query('c' || i, format('select public.build_pick_batch(%L, ''batch'', ''zone'', 2, 10, %L::uuid[])', warehouse, ids));
  end loop;
  for i in 1..clients loop
    conn := 'c' || i;
    got := null;
    select x.r into got from extensions.dblink_get_result(conn, false) as x(r jsonb);
    if got is not null then
      built := built + 1;
    else
      err := extensions.dblink_error_message(conn);
      if err like '%Validation failed%' or err like '%already in batch%' then
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

  select string_agg(x.n::text, ',') into per_order from extensions.dblink('setup', format($s$
    select (select count(distinct b.id) from public.pick_orders b where b.id = o.batch_id)::int
    from public.pick_orders o where o.id = any (%L::uuid[]) order by o.reference_number
  $s$, ids)) as x(n integer);

  return next is(built, 1, 'one builder takes the orders');
  return next is(refused, clients - 1, 'every other builder is refused: the orders are already in a batch');
  return next is(other_errors, '', 'no deadlock, no other error');
  return next is(per_order, '1,1,1,1,1,1', 'every order is in exactly one batch');

  -- Cleanup, as the database owner, triggers off (replica role): the batches, then the orders.
  perform extensions.dblink_exec('setup', format($s$
    set session_replication_role = replica;
    delete from public.pick_order_events where pick_order_id in (select id from public.pick_orders where id = any (%1$L::uuid[]) or id in (select batch_id from public.pick_orders where id = any (%1$L::uuid[])));
    delete from public.pick_order_lines where pick_order_id in (select batch_id from public.pick_orders where id = any (%1$L::uuid[]));
    delete from public.pick_orders where id in (select batch_id from public.pick_orders where id = any (%1$L::uuid[]));
    delete from public.pick_order_lines where pick_order_id = any (%1$L::uuid[]);
    delete from public.pick_orders where id = any (%1$L::uuid[]);
    reset session_replication_role;
  $s$, ids));
  perform extensions.dblink_disconnect('setup');
end;
$$;

create function pg_temp.main() returns setof text
language plpgsql
as $$
begin
  if not tests.sessions_available() then
    return next skip('PGlite serves one connection at a time: concurrency is proven on PostgreSQL', 4);
    return;
  end if;
  return query select * from pg_temp.run();
end;
$$;

select * from pg_temp.main();

select * from finish();
rollback;
