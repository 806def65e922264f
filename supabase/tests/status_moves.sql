-- The status machines read their moves from one declaration, private.status_moves
-- (20261201000500): for every status of the delivery, return request, exception and receive order machines and
-- for every role, the actions offered (delivery_actions, return_request_actions, exception_actions,
-- receive_order_actions) are exactly the moves the functions that make them accept; every declared move is accepted for
-- someone; and the machines' functions compare no status with a literal, so the declaration is the
-- only place listing moves.
begin;
select plan(143);

select tests.ready_acme_fleet();

-- Who is asked: acme's admin, dispatcher, customer Carla (every fixture is hers), driver Derek (the
-- fixtures' driver, and the one who raised the exceptions) and driver Luis (nobody's driver here).
create function pg_temp.people() returns setof text
language sql
as $$
  values ('admin@acme.test'), ('dispatcher@acme.test'), ('customer@acme.test'), ('driver@acme.test'), ('luis.ortega@acmelogistics.example');
$$;

-- A request on a delivered delivery of Carla's, brought to `state` by the dispatcher.
create function pg_temp.return_in(state text) returns uuid
language plpgsql
as $$
declare
  id uuid;
  d uuid := tests.acme_delivery_in('delivered');
begin
  execute 'reset role';
  perform tests.act_as('customer@acme.test');
  insert into public.return_requests (delivery_id, reason, items, refund_amount)
  values (d, 'damaged', '[{"package_index": 0, "quantity": 1}]', 10)
  returning return_requests.id into id;
  execute 'reset role';
  perform tests.act_as('dispatcher@acme.test');
  if state = 'rejected' then
    perform public.transition_return_request(id, 'rejected', 'Outside the window');
  elsif state <> 'requested' then
    perform public.transition_return_request(id, 'approved', 'Fine');
    if state <> 'approved' then
      perform public.transition_return_request(id, 'pickup_scheduled');
    end if;
    if state in ('picked_up', 'received', 'closed') then
      perform public.transition_return_request(id, 'picked_up');
    end if;
    if state in ('received', 'closed') then
      perform public.transition_return_request(id, 'received');
    end if;
    if state = 'closed' then
      perform public.transition_return_request(id, 'closed', refunded => true);
    end if;
  end if;
  execute 'reset role';
  return id;
end;
$$;

-- An exception Derek raised on a delivery he carries, brought to `state` by the dispatcher.
create function pg_temp.exception_in(state text) returns uuid
language plpgsql
as $$
declare
  id uuid;
  d uuid := tests.acme_delivery_in('in_transit');
begin
  execute 'reset role';
  perform tests.act_as('driver@acme.test');
  insert into public.exceptions (delivery_id, type, severity, description)
  values (d, 'delayed', 'medium', 'Road closed on Mission St') returning exceptions.id into id;
  execute 'reset role';
  perform tests.act_as('dispatcher@acme.test');
  if state <> 'open' then
    perform public.transition_exception(id, 'investigating');
  end if;
  if state in ('resolved', 'closed') then
    perform public.transition_exception(id, state, 'Rerouted via Howard St');
  end if;
  execute 'reset role';
  return id;
end;
$$;

-- A receive order of one line (10 of an acme item into Bayview), brought to `state` by the admin.
create function pg_temp.receive_order_in(state text) returns uuid
language plpgsql
as $$
declare
  o public.receive_orders;
  line uuid;
begin
  execute 'reset role';
  perform tests.act_as('admin@acme.test');
  o := public.save_receive_order(null, jsonb_build_object('supplier_id', 'a5200000-0000-4000-8000-000000000001',
    'warehouse_id', 'a5000000-0000-4000-8000-000000000001',
    'lines', jsonb_build_array(jsonb_build_object('item_id', (select i.id from public.inventory_items i where i.tenant_id = 'a0000000-0000-4000-8000-000000000001' order by i.id limit 1),
      'expected_quantity', 10,
      'target_bin_id', (select b.id from public.warehouse_locations b where b.warehouse_id = 'a5000000-0000-4000-8000-000000000001' and b.code = 'Z1-A01-S1-B01')))));
  if state <> 'draft' then
    perform public.transition_receive_order(o.id, case when state = 'cancelled' then 'cancelled' else 'ordered' end);
  end if;
  select l.id into line from public.receive_order_lines l where l.receive_order_id = o.id;
  if state = 'partially_received' then
    perform public.receive_order_line(line, 4);
  elsif state = 'received' then
    perform public.receive_order_line(line, 10);
  end if;
  execute 'reset role';
  return o.id;
end;
$$;

-- Whether `statement` (as `who`) gets past the machine: it succeeds, or fails on something else
-- than the move (a missing proof, say). Refused: not found (PT404), not theirs to make (42501) or no
-- such arrow (23514 with a `status` detail). Undone either way.
create function pg_temp.machine_accepts(statement text, who text) returns boolean
language plpgsql
as $$
declare
  detail text;
begin
  begin
    execute 'reset role';
    perform tests.act_as(who);
    execute statement;
    raise exception using errcode = 'P0001', message = 'undo';
  exception when others then
    if sqlstate = 'P0001' and sqlerrm = 'undo' then
      return true;
    end if;
    if sqlstate in ('PT404', '42501') then
      return false;
    end if;
    get stacked diagnostics detail = pg_exception_detail;
    return not (sqlstate = '23514' and detail ~ '^\s*\[' and detail::jsonb @> '[{"field": "status"}]');
  end;
end;
$$;

-- The actions function's answer for the record, as `who` (an unreadable record answers null: none).
create function pg_temp.offered(actions_fn text, id uuid, who text) returns text[]
language plpgsql
as $$
declare
  found text[];
begin
  execute 'reset role';
  perform tests.act_as(who);
  execute format('select public.%I($1)', actions_fn) into found using id;
  execute 'reset role';
  return coalesce(found, '{}');
end;
$$;

-- For each status and person: a record brought to the status by `fixture` (a function's qualified
-- name), the machine's own actions offered (those named by `candidates`, in candidates' order) and those its functions accept (`attempt` is a format() with the record's id
-- and the action), as one row per status and person.
create function pg_temp.compare(fixture text, actions_fn text, statuses text[], candidates text[], attempt text)
returns table (state text, who text, offered text[], accepted text[])
language plpgsql
as $$
declare
  id uuid;
  given text[];
  action text;
begin
  foreach state in array statuses loop
    execute format('select %s($1)', fixture) into id using state;
    for who in select pg_temp.people() loop
      given := pg_temp.offered(actions_fn, id, who);
      offered := array(select c from unnest(candidates) with ordinality as t(c, n) where c = any (given) order by n);
      accepted := '{}';
      foreach action in array candidates loop
        if pg_temp.machine_accepts(format(attempt, id, action), who) then
          accepted := accepted || action;
        end if;
      end loop;
      return next;
    end loop;
  end loop;
end;
$$;

create temp table seen (machine text, state text, who text, offered text[], accepted text[]);
grant all on seen to public;

insert into seen
select 'delivery', c.*
from pg_temp.compare('tests.acme_delivery_in', 'delivery_actions',
  array['pending', 'assigned', 'accepted', 'picked_up', 'in_transit', 'delivered', 'failed', 'cancelled', 'returned'],
  array['unassign', 'accepted', 'picked_up', 'in_transit', 'delivered', 'failed', 'cancelled', 'returned', 'pending'],
  $$select case %2$L when 'unassign' then (public.unassign_delivery(%1$L, 'Test')).id
    else (public.transition_delivery(%1$L, %2$L, 'Test reason')).id end$$) c;

insert into seen
select 'return_request', c.*
from pg_temp.compare('pg_temp.return_in', 'return_request_actions',
  array['requested', 'approved', 'rejected', 'pickup_scheduled', 'picked_up', 'received', 'closed'],
  array['approved', 'rejected', 'pickup_scheduled', 'picked_up', 'received', 'closed'],
  $$select public.transition_return_request(%1$L, %2$L, 'Test note', refunded => true)$$) c;

insert into seen
select 'exception', c.*
from pg_temp.compare('pg_temp.exception_in', 'exception_actions',
  array['open', 'investigating', 'resolved', 'closed'],
  array['investigating', 'resolved', 'closed'],
  $$select public.transition_exception(%1$L, %2$L, 'Test resolution')$$) c;

insert into seen
select 'receive_order', c.*
from pg_temp.compare('pg_temp.receive_order_in', 'receive_order_actions',
  array['draft', 'ordered', 'partially_received', 'received', 'cancelled'],
  array['ordered', 'cancelled'],
  $$select public.transition_receive_order(%1$L, %2$L, 'Test note')$$) c;

-- 45 + 35 + 20 + 25 rows: offered equals accepted for each.
select is(s.offered, s.accepted, format('%s %s as %s: the actions offered are the moves accepted', s.machine, s.state, s.who))
from seen s order by s.machine, s.state, s.who;

select is((select count(*) from seen)::integer, 125, 'every status of the four machines was asked of every person');

-- Every declared move of these four machines' transition functions (and unassign) is accepted for
-- someone, and nothing else (the pick order machine's moves and actions: pick_orders.sql).
select set_eq(
  $$select distinct s.machine, s.state, a from seen s cross join unnest(s.accepted) a$$,
  $$select distinct m.machine, m.from_status, m.action from private.status_moves m
    where m.to_status is not null and m.action not in ('assign', 'reject')
      -- A receive order moves to partially received and received by receiving its lines
      -- (receive_orders.sql), never by asking for the status.
      and m.via <> 'public.receive_order_line'
      and m.machine in ('delivery', 'return_request', 'exception', 'receive_order')$$,
  'the moves accepted for someone are exactly the declared ones'
);

-- The declaration is the only place listing moves: the machines' functions read it and compare the
-- record's status with no literal.
select ok(p.prosrc ~ 'private\.move_exists' and p.prosrc ~ 'private\.move_refusal', p.proname || ' checks moves against private.status_moves')
from pg_proc p where p.oid in ('public.transition_delivery'::regproc, 'public.transition_return_request'::regproc, 'public.transition_exception'::regproc);
select ok(p.prosrc ~ 'private\.machine_actions', p.proname || ' lists moves from private.status_moves')
from pg_proc p where p.oid in ('public.delivery_actions'::regproc, 'public.return_request_actions'::regproc, 'public.exception_actions'::regproc);
select ok(p.prosrc ~ 'private\.move_exists', 'unassign_delivery checks its arrows against private.status_moves')
from pg_proc p where p.oid = 'public.unassign_delivery'::regproc;
select ok(p.prosrc !~ ('(origin|\m' || f.alias || '\.status)\s*(=|<>|!=|\min\M|\mnot\s+in\M)\s*\(?\s*'''),
  p.proname || ' compares the current status with no literal')
from (values ('public.transition_delivery'::regproc, 'd'), ('public.unassign_delivery'::regproc, 'd'),
  ('public.transition_return_request'::regproc, 'r'), ('public.transition_exception'::regproc, 'x')) as f (fn, alias)
join pg_proc p on p.oid = f.fn;
select ok(p.prosrc !~ '''(pending|assigned|accepted|picked_up|in_transit|delivered|failed|cancelled|returned|requested|approved|rejected|pickup_scheduled|received|closed|open|investigating|resolved)''',
  p.proname || ' names no status')
from pg_proc p where p.oid in ('public.delivery_actions'::regproc, 'public.return_request_actions'::regproc, 'public.exception_actions'::regproc);

select is(
  (select count(*) from (select m.machine, m.action from private.status_moves m group by 1, 2 having count(distinct m.refusal) > 1) x)::integer,
  0, 'each action has one refusal');
select is_empty(
  $$select 1 from private.status_moves m where m.to_status is not null and m.action <> m.to_status
    and m.action not in ('assign', 'unassign', 'reject')$$,
  'a transition function''s action is named after the status it moves to');

select * from finish();
rollback;
