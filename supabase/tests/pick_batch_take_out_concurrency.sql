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
  taken integer := 0;
  refused integer := 0;
  other_errors text := '';
  state text;
  closing integer;
begin
  -- Committed set-up, as Bayview's manager: two pending orders, built into one batch.
  perform tests.open_session('setup', 'a5100000-0000-4000-8000-000000000001', null);
  ids := tests.committed_pick_orders('setup', 'CONC-TAKEOUT-', array['Z1-A02-S1-B01', 'Z1-A02-S1-B02'], warehouse);
  select x.id into batch from extensions.dblink('setup', format($s$
    select (public.build_pick_batch(%L, 'batch', 'item', 10, 10, %L::uuid[]) #>> '{batches,0,id}')::uuid
  $s$, warehouse, ids)) as x(id uuid);

  -- The sessions of the supervisor (odd) and the manager (even); session i takes out order 1 + (i % 2).
  perform tests.open_sessions(clients, 'a5100000-0000-4000-8000-000000000002', 'a5100000-0000-4000-8000-000000000001');
  select count(*) filter (where answer is not null),
         count(*) filter (where refusal like '%is not in a batch%'),
         coalesce(string_agg(refusal, '; ') filter (where answer is null and refusal not like '%is not in a batch%'), '')
    into taken, refused, other_errors
    from tests.run_at_once(array(select format('select public.take_out_of_pick_batch(%L)', ids[1 + (i % 2)]) from generate_series(1, clients) i));
  perform tests.close_sessions(clients);

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
  perform tests.remove_committed('setup', format($s$
    delete from public.pick_order_events where pick_order_id = any (%1$L::uuid[]) or pick_order_id = %2$L;
    delete from public.pick_order_lines where pick_order_id = any (%1$L::uuid[]) or pick_order_id = %2$L;
    delete from public.pick_orders where id = any (%1$L::uuid[]) or id = %2$L
  $s$, ids, batch));
  perform extensions.dblink_disconnect('setup');
end;
$$;

select * from tests.if_sessions(5, 'select * from pg_temp.run()');

select * from finish();
rollback;
