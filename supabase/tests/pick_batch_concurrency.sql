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
  built integer := 0;
  refused integer := 0;
  other_errors text := '';
  per_order text;
begin
  -- Committed set-up, as Bayview's manager: six pending orders of one item in Ambient Storage bins.
  perform tests.open_session('setup', 'a5100000-0000-4000-8000-000000000001', null);
  ids := tests.committed_pick_orders('setup', 'CONC-BATCH-',
    array['Z1-A02-S1-B01', 'Z1-A02-S1-B02', 'Z1-A02-S1-B03', 'Z1-A02-S1-B04', 'Z1-A03-S1-B01', 'Z1-A03-S1-B02'], warehouse);

  -- The sessions of the supervisor (odd) and the manager (even), claims set at connection start as PostgREST sets them.
  perform tests.open_sessions(clients, 'a5100000-0000-4000-8000-000000000002', 'a5100000-0000-4000-8000-000000000001');
  select count(*) filter (where answer is not null),
         count(*) filter (where refusal like '%Validation failed%' or refusal like '%already in batch%'),
         coalesce(string_agg(refusal, '; ') filter (where answer is null and refusal not like '%Validation failed%' and refusal not like '%already in batch%'), '')
    into built, refused, other_errors
    from tests.run_at_once(array(select format('select public.build_pick_batch(%L, ''batch'', ''zone'', 2, 10, %L::uuid[])', warehouse, ids)
                                 from generate_series(1, clients)));
  perform tests.close_sessions(clients);

  select string_agg(x.n::text, ',') into per_order from extensions.dblink('setup', format($s$
    select (select count(distinct b.id) from public.pick_orders b where b.id = o.batch_id)::int
    from public.pick_orders o where o.id = any (%L::uuid[]) order by o.reference_number
  $s$, ids)) as x(n integer);

  return next is(built, 1, 'one builder takes the orders');
  return next is(refused, clients - 1, 'every other builder is refused: the orders are already in a batch');
  return next is(other_errors, '', 'no deadlock, no other error');
  return next is(per_order, '1,1,1,1,1,1', 'every order is in exactly one batch');

  -- Cleanup, as the database owner, triggers off (replica role): the batches, then the orders.
  perform tests.remove_committed('setup', format($s$
    delete from public.pick_order_events where pick_order_id in (select id from public.pick_orders where id = any (%1$L::uuid[]) or id in (select batch_id from public.pick_orders where id = any (%1$L::uuid[])));
    delete from public.pick_order_lines where pick_order_id in (select batch_id from public.pick_orders where id = any (%1$L::uuid[]));
    delete from public.pick_orders where id in (select batch_id from public.pick_orders where id = any (%1$L::uuid[]));
    delete from public.pick_order_lines where pick_order_id = any (%1$L::uuid[]);
    delete from public.pick_orders where id = any (%1$L::uuid[])
  $s$, ids));
  perform extensions.dblink_disconnect('setup');
end;
$$;

select * from tests.if_sessions(4, 'select * from pg_temp.run()');

select * from finish();
rollback;
