-- Taking an order out of a batch (public.take_out_of_pick_batch): only while the batch is pending;
-- the order is pending and free again with its own lines; the batch keeps the others' lines in
-- route order, its priority and due date follow them, and the last order out cancels it; both
-- histories say it; the refusals; the rights of each role of both tenants, access modes and
-- cross-tenant; a built batch assigned to a picker of its warehouse only; the batch's generated
-- note tells the count left after each take-out and keeps what a person wrote.
begin;
select plan(48);

create function pg_temp.line(bin_code text, qty integer) returns jsonb
language sql stable
as $$ select jsonb_build_object('item_id', 'c4000000-0000-4000-8000-000000000001', 'bin_id', tests.bin(bin_code), 'quantity', qty) $$;

-- A pending Bayview order remembered under `name` (reference number 'TO-' || name).
create function pg_temp.order_as(name text, priority integer, due date, lines jsonb) returns uuid
language plpgsql
as $$
declare
  new_id uuid;
begin
  new_id := (public.save_pick_order(null, jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
    'reference_number', 'TO-' || name, 'priority', priority, 'due_date', due, 'item_details', lines)) #>> '{pick_order,order,id}')::uuid;
  perform tests.remember(name, new_id);
  return new_id;
end;
$$;

create function pg_temp.build(name text, members text[]) returns uuid
language plpgsql
as $$
declare
  new_id uuid;
begin
  new_id := (public.build_pick_batch('a5000000-0000-4000-8000-000000000001', 'batch', 'item', 10, 20,
    (select array_agg(tests.id(n)) from unnest(members) n)) #>> '{batches,0,id}')::uuid;
  perform tests.remember(name, new_id);
  return new_id;
end;
$$;

create function pg_temp.take_out(name text) returns text
language sql
as $$ select format('select public.take_out_of_pick_batch(%L)', tests.id(name)) $$;

create function pg_temp.route_of(id uuid) returns text
language sql security definer
as $$
  select string_agg(l.position || ':' || replace(o.reference_number, 'TO-', ''), ' ' order by l.position)
  from public.pick_order_lines l
  join public.pick_order_lines s on s.id = l.source_line_id
  join public.pick_orders o on o.id = s.pick_order_id
  where l.pick_order_id = $1
$$;

create function pg_temp.notes_of(id uuid) returns text
language sql security definer
as $$ select notes from public.pick_orders where id = $1 $$;

create function pg_temp.lines_of(id uuid) returns integer
language sql security definer
as $$ select count(*)::integer from public.pick_order_lines where pick_order_id = $1 $$;

create function pg_temp.last_note(id uuid) returns text
language sql security definer
as $$ select coalesce(from_status, '-') || '>' || status || ' ' || note from public.pick_order_events where pick_order_id = $1 order by seq desc limit 1 $$;

grant execute on all functions in schema pg_temp to anon, authenticated;

-- An item with stock in three Bayview bins, and four orders of it.
insert into public.inventory_items (id, tenant_id, name, sku) values
  ('c4000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Take Out Test Lamp', 'TO-TEST-01');
select public.record_inventory_transaction('receive', 'c4000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 10,
  to_bin_id => tests.bin(b)) from unnest(array['Z1-A01-S2-B03', 'Z1-A02-S1-B01', 'Z2-A01-S1-B02']) b;

select tests.act_as('admin@acme.test');
select pg_temp.order_as('t1', 1, current_date + 5, jsonb_build_array(pg_temp.line('Z1-A02-S1-B01', 1)));
select pg_temp.order_as('t2', 9, current_date + 1, jsonb_build_array(pg_temp.line('Z2-A01-S1-B02', 1), pg_temp.line('Z1-A01-S2-B03', 2)));
select pg_temp.order_as('t3', 3, current_date + 3, jsonb_build_array(pg_temp.line('Z1-A01-S2-B03', 1)));
select pg_temp.order_as('t4', 1, null, jsonb_build_array(pg_temp.line('Z1-A02-S1-B01', 1)));
select lives_ok($$ select pg_temp.build('b1', array['t1', 't2', 't3']) $$, 'a batch of three orders');
select is(pg_temp.route_of(tests.id('b1')), '0:t2 1:t3 2:t1 3:t2', 'its route: four lines in bin order');
select is(pg_temp.notes_of(tests.id('b1')), 'Batch of 3 orders by item: Take Out Test Lamp (TO-TEST-01)', 'its note says what was built');
select is((public.save_pick_order(tests.id('b1'), jsonb_build_object('notes',
  pg_temp.notes_of(tests.id('b1')) || E'\nDock 4 first; Batch of 9 orders by zone: stays as written')) ->> 'message'),
  'Pick order updated successfully', 'the admin adds to the batch''s note');
select tests.remember('dogpatch', (public.save_pick_order(null, jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000002',
  'reference_number', 'TO-dogpatch', 'item_details', jsonb_build_array(jsonb_build_object('item_id', 'c4000000-0000-4000-8000-000000000001',
  'bin_id', tests.bin('Z1-A01-S1-B01', 'a5000000-0000-4000-8000-000000000002'))))) #>> '{pick_order,order,id}')::uuid);
select throws_ok(pg_temp.take_out('t4'), '55000', 'TO-t4 is not in a batch', 'an order in no batch is refused');
select throws_ok(pg_temp.take_out('b1'), '55000', (tests.pick_order(tests.id('b1'))).reference_number || ' is not in a batch', 'a batch is not taken out of anything');
select throws_ok($$ select public.take_out_of_pick_batch('c4000000-0000-4000-8000-0000000000ff') $$, 'PT404', 'Pick order not found', 'an unknown order is not found');
reset role;

-- Who may not: a picker, a receiver, the dispatcher (a liaison), a driver, a customer; another
-- warehouse's staff (access mode); another business.
select tests.act_as('tyrone.jackson@acmelogistics.example');
select throws_ok(pg_temp.take_out('t2'), '42501', 'Only admins, supervisors and managers of this warehouse can take orders out of a batch', 'a picker does not take orders out');
reset role;
select tests.act_as('grace.kim@acmelogistics.example');
select throws_ok(pg_temp.take_out('t2'), '42501', 'Only admins, supervisors and managers of this warehouse can take orders out of a batch', 'a receiver does not take orders out');
reset role;
select tests.act_as('dispatcher@acme.test');
select throws_ok(pg_temp.take_out('t2'), '42501', 'Only admins, supervisors and managers of this warehouse can take orders out of a batch', 'the dispatcher does not take orders out');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok(pg_temp.take_out('t2'), '42501', 'Sign in to change batches', 'a driver does not');
reset role;
select tests.act_as('customer@acme.test');
select throws_ok(pg_temp.take_out('t2'), '42501', 'Sign in to change batches', 'a customer does not');
reset role;
select tests.act_as('marcus.reyes@acmelogistics.example');
select throws_ok(pg_temp.take_out('dogpatch'), 'PT404', 'Pick order not found', 'access mode: another warehouse''s order is not found');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok(pg_temp.take_out('t2'), 'PT404', 'Pick order not found', 'cross-tenant: another business''s admin finds nothing');
reset role;
select tests.act_as('oliver.bennett@globexfreight.example');
select throws_ok(pg_temp.take_out('t2'), 'PT404', 'Pick order not found', 'cross-tenant: another business''s manager finds nothing');
reset role;
select is((tests.pick_order(tests.id('t2'))).batch_id, tests.id('b1'), 'after every refusal the order is still in its batch');

-- A manager takes t2 (the most urgent) out: it is free with its lines; the batch keeps the rest.
select tests.act_as('maya.chen@acmelogistics.example');
select is((public.take_out_of_pick_batch(tests.id('t2')) ->> 'message'),
  'TO-t2 taken out of batch ' || (tests.pick_order(tests.id('b1'))).reference_number, 'a manager takes an order out');
reset role;
select is((select o.status || ' ' || o.order_type || ' ' || coalesce(o.batch_id::text, 'free') from tests.pick_order(tests.id('t2')) o),
  'pending individual free', 'the order is a pending individual order again, in no batch');
select is(pg_temp.lines_of(tests.id('t2')), 2, 'with its own lines');
select is(pg_temp.route_of(tests.id('b1')), '0:t3 1:t1', 'the batch keeps the other orders'' lines, in route order from 0');
select is((select o.priority || ' ' || o.due_date from tests.pick_order(tests.id('b1')) o), '3 ' || (current_date + 3),
  'its priority and due date follow the orders left');
select is(pg_temp.last_note(tests.id('t2')), 'pending>pending Taken out of batch ' || (tests.pick_order(tests.id('b1'))).reference_number || ': pending again',
  'the order''s history says it');
select is(pg_temp.last_note(tests.id('b1')), 'pending>pending TO-t2 taken out', 'the batch''s history says it');
select is(pg_temp.notes_of(tests.id('b1')), E'Batch of 2 orders by item: Take Out Test Lamp (TO-TEST-01)\nDock 4 first; Batch of 9 orders by zone: stays as written',
  'the note''s generated line tells the count left; the written text stays as written');
select tests.act_as('admin@acme.test');
select is((public.save_pick_order(tests.id('t2'), '{"priority": 5}') ->> 'message'), 'Pick order updated successfully', 'the order is edited on its own again');
select is(jsonb_array_length(public.get_pick_order(tests.id('b1')) -> 'members'), 2, 'the batch''s read has two members');
reset role;

-- A supervisor takes another out; the admin takes the last one out and the batch is cancelled.
select tests.act_as('marcus.reyes@acmelogistics.example');
select lives_ok(pg_temp.take_out('t1'), 'a supervisor takes an order out');
reset role;
select is(pg_temp.notes_of(tests.id('b1')), E'Batch of 1 order by item: Take Out Test Lamp (TO-TEST-01)\nDock 4 first; Batch of 9 orders by zone: stays as written',
  'one order left: the note says so, in the singular');
select tests.act_as('admin@acme.test');
select is((public.take_out_of_pick_batch(tests.id('t3')) -> 'batch_cancelled'), 'true'::jsonb, 'the last order out cancels the batch');
reset role;
select is((select o.status || ' ' || (o.ended_at is not null) from tests.pick_order(tests.id('b1')) o), 'cancelled true', 'the batch is cancelled');
select is(pg_temp.lines_of(tests.id('b1')), 0, 'with no line left');
select is(pg_temp.last_note(tests.id('b1')), 'pending>cancelled TO-t3 taken out: no order left', 'its history says why');
select is((select string_agg(replace(reference_number, 'TO-', '') || ' ' || status, ', ' order by reference_number) from public.pick_orders
  where id in (tests.id('t1'), tests.id('t2'), tests.id('t3')) and batch_id is null), 't1 pending, t2 pending, t3 pending', 'every order is pending and free');

-- Once a batch has started, its orders stay.
select tests.act_as('admin@acme.test');
select lives_ok($$ select pg_temp.build('b2', array['t1', 't3']) $$, 'the orders are batched again');
reset role;
select tests.act_as('tyrone.jackson@acmelogistics.example');
select lives_ok(format('select public.transition_pick_order(%L, ''in_progress'')', tests.id('b2')), 'a picker starts the batch');
reset role;
select tests.act_as('maya.chen@acmelogistics.example');
select throws_ok(pg_temp.take_out('t1'), '55000', (tests.pick_order(tests.id('b2'))).reference_number || ' is in progress: orders leave a batch only before it starts',
  'an order does not leave a started batch');
reset role;
select is((tests.pick_order(tests.id('t1'))).batch_id, tests.id('b2'), 'it is still in the batch');
select is((select sum(reserved)::int from public.inventory_stock where item_id = 'c4000000-0000-4000-8000-000000000001'), 2, 'and its stock still reserved by the batch');

-- Assigning a built batch: a picker of its warehouse, not someone else's staff; not by a picker.
select tests.act_as('maya.chen@acmelogistics.example');
select lives_ok($$ select pg_temp.build('b3', array['t2', 't4']) $$, 'a manager builds another batch');
select is((public.save_pick_order(tests.id('b3'), '{"notes": "Fragile: pick last"}') ->> 'message'), 'Pick order updated successfully',
  'the manager rewrites the note entirely');
select lives_ok(pg_temp.take_out('t4'), 'and takes an order out');
select is(pg_temp.notes_of(tests.id('b3')), 'Fragile: pick last', 'a note without the generated line is left as written');
select is((public.save_pick_order(tests.id('b3'), '{"assigned_to": "a5100000-0000-4000-8000-000000000004"}') #>> '{pick_order,assigned_to_user,id}'),
  'a5100000-0000-4000-8000-000000000004', 'the manager assigns it to a picker of the warehouse');
select is((select e ->> 'message' from jsonb_array_elements(tests.details(format('select public.save_pick_order(%L, ''{"assigned_to": "b5100000-0000-4000-8000-000000000004"}'')',
  tests.id('b3')))) e where e ->> 'field' = 'assigned_to'), 'Choose a staff member of this warehouse', 'another business''s picker is refused');
reset role;
select tests.act_as('tyrone.jackson@acmelogistics.example');
select throws_ok(format('select public.save_pick_order(%L, ''{"assigned_to": null}'')', tests.id('b3')), '42501',
  'Only admins, supervisors and managers of this warehouse can change a pick order', 'a picker does not reassign a batch');
reset role;

-- Globex: its picker may not take out of its seeded batch, its manager may; Acme's admin finds nothing there.
select tests.remember('gx', (select min(id::text)::uuid from public.pick_orders where tenant_id = 'b0000000-0000-4000-8000-000000000001' and batch_id is not null));
select tests.act_as('amara.okoye@globexfreight.example');
select throws_ok(pg_temp.take_out('gx'), '42501', 'Only admins, supervisors and managers of this warehouse can take orders out of a batch', 'globex: a picker does not');
reset role;
select tests.act_as('admin@acme.test');
select throws_ok(pg_temp.take_out('gx'), 'PT404', 'Pick order not found', 'cross-tenant: Acme''s admin does not reach Globex''s batch');
reset role;
select tests.act_as('oliver.bennett@globexfreight.example');
select lives_ok(pg_temp.take_out('gx'), 'globex: a manager takes an order out of its batch');
reset role;

select * from finish();
rollback;
