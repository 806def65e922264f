-- Waves split orders (public.build_pick_batch, 20261207000100_pick_wave_split.sql): a wave by zone
-- takes an order's lines of its zone and moves the others to a new pending order (lines,
-- references, histories; the new order batchable), a wave by item does the same by item, the line
-- cap counts the lines taken, an order of one zone joins whole, a batch keeps orders whole, a
-- refused build splits nothing, the rights of each role of both tenants and cross-tenant.
begin;
select plan(51);

-- A pending Bayview order remembered under `name` (its reference number is `name` too, for reading).
create function pg_temp.order_as(name text, lines jsonb, extra jsonb default '{}') returns uuid
language plpgsql
as $$
declare
  new_id uuid;
begin
  new_id := (public.save_pick_order(null, jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
    'reference_number', 'WS-' || name, 'item_details', lines) || extra) #>> '{pick_order,order,id}')::uuid;
  perform tests.remember(name, new_id);
  return new_id;
end;
$$;

-- The order's lines, as 'bin qty' in position order (positions from 0, no gap).
create function pg_temp.order_lines(id uuid) returns text
language sql
security definer
as $$
  select string_agg(b.code || ' ' || l.quantity, ', ' order by l.position)
    || case when max(l.position) = count(*) - 1 and min(l.position) = 0 then '' else ' (gap)' end
  from public.pick_order_lines l join public.warehouse_locations b on b.id = l.bin_id where l.pick_order_id = $1
$$;

create function pg_temp.by_ref(reference text) returns public.pick_orders
language sql
security definer
as $$ select * from public.pick_orders where reference_number = $1 and tenant_id = 'a0000000-0000-4000-8000-000000000001' $$;

create function pg_temp.history(id uuid) returns text
language sql
security definer
as $$ select string_agg(coalesce(from_status, '-') || '>' || status || ' ' || coalesce(note, ''), ' | ' order by seq) from public.pick_order_events where pick_order_id = $1 $$;

create function pg_temp.split_of(result jsonb, name text) returns jsonb
language sql stable
as $$
  select o - 'id' from jsonb_array_elements(result -> 'batches') b, jsonb_array_elements(b -> 'orders') o
  where o ->> 'reference_number' = 'WS-' || name
$$;

grant execute on all functions in schema pg_temp to anon, authenticated;

-- Items of the test, with stock in Bayview's Ambient Storage (Z1) and Cold Chain (Z2) zones.
insert into public.inventory_items (id, tenant_id, name, sku) values
  ('c3100000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Wave Test Kettle', 'WS-TEST-01'),
  ('c3100000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'Wave Test Yoghurt', 'WS-TEST-02');
select public.record_inventory_transaction('receive', 'c3100000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 20,
  to_bin_id => tests.bin('Z1-A02-S1-B01'));
select public.record_inventory_transaction('receive', 'c3100000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 20,
  to_bin_id => tests.bin('Z1-A01-S2-B03'));
select public.record_inventory_transaction('receive', 'c3100000-0000-4000-8000-000000000002', 'a5000000-0000-4000-8000-000000000001', 20,
  to_bin_id => tests.bin('Z2-A01-S1-B02'));

-- Orders, as an admin: s1 (a Z2 line between two Z1 lines: Z1; with every field a split copies),
-- s2 (Z1 only), s3 (Z2 only), s4 (Z1 and Z2, whose "-2" is taken), s5 (kettles and a yoghurt),
-- s6 (Z1 and Z2, for a refused build).
reset role;
select tests.act_as('admin@acme.test');
select pg_temp.order_as('s1', jsonb_build_array(tests.pick_line('c3100000-0000-4000-8000-000000000001', 'Z1-A02-S1-B01', 1),
  tests.pick_line('c3100000-0000-4000-8000-000000000002', 'Z2-A01-S1-B02', 3), tests.pick_line('c3100000-0000-4000-8000-000000000001', 'Z1-A01-S2-B03', 2)),
  jsonb_build_object('external_reference', 'SO-7731', 'priority', 7, 'due_date', current_date + 2,
    'assigned_to', 'a5100000-0000-4000-8000-000000000004', 'notes', 'Fragile: pack apart'));
select pg_temp.order_as('s2', jsonb_build_array(tests.pick_line('c3100000-0000-4000-8000-000000000001', 'Z1-A02-S1-B01', 1)));
select pg_temp.order_as('s3', jsonb_build_array(tests.pick_line('c3100000-0000-4000-8000-000000000002', 'Z2-A01-S1-B02', 1)));
select pg_temp.order_as('s4', jsonb_build_array(tests.pick_line('c3100000-0000-4000-8000-000000000001', 'Z1-A02-S1-B01', 1),
  tests.pick_line('c3100000-0000-4000-8000-000000000002', 'Z2-A01-S1-B02', 1), tests.pick_line('c3100000-0000-4000-8000-000000000002', 'Z2-A01-S1-B02', 2)));
select pg_temp.order_as('s4-2', jsonb_build_array(tests.pick_line('c3100000-0000-4000-8000-000000000001', 'Z1-A02-S1-B01', 1)));
select pg_temp.order_as('s5', jsonb_build_array(tests.pick_line('c3100000-0000-4000-8000-000000000001', 'Z1-A02-S1-B01', 2),
  tests.pick_line('c3100000-0000-4000-8000-000000000002', 'Z2-A01-S1-B02', 1), tests.pick_line('c3100000-0000-4000-8000-000000000001', 'Z1-A01-S2-B03', 1)));
select pg_temp.order_as('s6', jsonb_build_array(tests.pick_line('c3100000-0000-4000-8000-000000000001', 'Z1-A02-S1-B01', 1),
  tests.pick_line('c3100000-0000-4000-8000-000000000002', 'Z2-A01-S1-B02', 1)));
reset role;

-- Previews (nothing written): a wave takes only the lines of the order's zone, and says so.
select tests.act_as('maya.chen@acmelogistics.example');
select is(tests.pick_plan(tests.run(tests.pick_batch_build(array['s1', 's2', 's3'], order_type => 'wave')), 'WS-'), 'Ambient Storage: s1 s2 | Cold Chain: s3',
  'a wave by zone: an order goes with the zone of most of its lines');
select is(pg_temp.split_of(tests.run(tests.pick_batch_build(array['s1', 's2', 's3'], order_type => 'wave')), 's1'),
  '{"reference_number": "WS-s1", "line_count": 2, "split_line_count": 1}'::jsonb, 'the preview says the order will be split: 2 lines taken, 1 left');
select is(pg_temp.split_of(tests.run(tests.pick_batch_build(array['s1', 's2', 's3'], order_type => 'wave')), 's2') ->> 'split_line_count', '0',
  'an order of one zone is not split');
select is((tests.run(tests.pick_batch_build(array['s1', 's2', 's3'], order_type => 'wave')) #>> '{batches,0,line_count}'), '3',
  'the wave counts only the lines it takes');
select is(tests.pick_plan(tests.run(tests.pick_batch_build(array['s1'], order_type => 'wave', max_lines => 2)), 'WS-'), 'Ambient Storage: s1',
  'the line cap counts the lines taken: a 3-line order fits a wave of 2 lines');
select is(tests.message_of(tests.pick_batch_build(array['s1'], order_type => 'batch', max_lines => 2), 'max_lines'), 'No pending order fits within 2 lines',
  'a batch keeps the order whole: 3 lines do not fit 2');
select is(pg_temp.split_of(tests.run(tests.pick_batch_build(array['s1', 's2', 's3'])), 's1'),
  '{"reference_number": "WS-s1", "line_count": 3, "split_line_count": 0}'::jsonb, 'a batch takes the order whole (nothing split)');
select is((select count(*)::int from public.pick_orders where reference_number like 'WS-%-_' and reference_number <> 'WS-s4-2'), 0, 'a preview splits nothing');
select is(pg_temp.order_lines(tests.id('s1')), 'Z1-A02-S1-B01 1, Z2-A01-S1-B02 3, Z1-A01-S2-B03 2', 'a preview leaves the lines where they are');

-- Building the wave of Ambient Storage splits s1; s2 joins whole.
select lives_ok($$ select tests.remember('w1', (tests.run(tests.pick_batch_build(array['s1', 's2'], order_type => 'wave', dry_run => false)) #>> '{batches,0,id}')::uuid) $$,
  'a manager builds a wave by zone');
select is((tests.pick_order(tests.id('w1'))).order_type || ' ' || (tests.pick_order(tests.id('w1'))).status, 'wave pending', 'a pending wave');
select is(tests.batch_members(tests.id('w1'), 'WS-'), 's1 pending, s2 pending', 'both orders are its members');
select is(pg_temp.order_lines(tests.id('s1')), 'Z1-A02-S1-B01 1, Z1-A01-S2-B03 2', 's1 keeps its lines of the zone, numbered from 0');
select ok((pg_temp.by_ref('WS-s1-2')).id is not null, 'the other lines went to a new order, WS-s1-2');
select is(pg_temp.order_lines((pg_temp.by_ref('WS-s1-2')).id), 'Z2-A01-S1-B02 3', 'the new order has the line of the other zone');
select is((select row(o.warehouse_id, o.external_reference, o.priority, o.due_date, o.assigned_to, o.notes, o.order_type, o.status, o.batch_id)::text
  from pg_temp.by_ref('WS-s1-2') o),
  (select row(o.warehouse_id, o.external_reference, o.priority, o.due_date, o.assigned_to, o.notes, 'individual', 'pending', null::uuid)::text
  from tests.pick_order(tests.id('s1')) o),
  'it is a pending individual order in no batch, with the original''s warehouse, external reference, priority, due date, assignee and notes');
select is(pg_temp.history((pg_temp.by_ref('WS-s1-2')).id), '->pending Split from WS-s1 for wave ' || (tests.pick_order(tests.id('w1'))).reference_number,
  'its history says where it comes from');
select is(pg_temp.history(tests.id('s1')), '->pending  | pending>pending Split for wave ' || (tests.pick_order(tests.id('w1'))).reference_number
  || ': 1 line moved to WS-s1-2 | pending>pending Added to wave ' || (tests.pick_order(tests.id('w1'))).reference_number,
  'the original''s history says it too, before joining the wave');
select is((select string_agg(e ->> 'bin_name' || ' ' || (e ->> 'quantity') || ' for ' || replace(e ->> 'order_reference', 'WS-', ''), ', ')
  from jsonb_array_elements(public.get_pick_order(tests.id('w1')) -> 'items') e),
  'Z1-A01-S2-B03 2 for s1, Z1-A02-S1-B01 1 for s1, Z1-A02-S1-B01 1 for s2', 'the wave''s route is one zone''s bins');
select is(pg_temp.history(tests.id('s2')), '->pending  | pending>pending Added to wave ' || (tests.pick_order(tests.id('w1'))).reference_number,
  's2 joins whole, not split');
select is((select count(*)::int from public.pick_orders where reference_number = 'WS-s2-2'), 0, 'no order split from s2');
select is((select coalesce(sum(reserved), 0)::int from public.inventory_stock where item_id in ('c3100000-0000-4000-8000-000000000001', 'c3100000-0000-4000-8000-000000000002')),
  0, 'nothing is reserved by a split');
reset role;

-- The new order is batchable: a wave of Cold Chain takes it with s3.
select tests.act_as('marcus.reyes@acmelogistics.example');
select ok((select count(*) from jsonb_array_elements(tests.run(tests.pick_batch_build(null)) -> 'batches') b, jsonb_array_elements(b -> 'orders') o
  where o ->> 'reference_number' = 'WS-s1-2') = 1, 'the new order is a candidate of the next build');
select lives_ok(format('select tests.remember(''w2'', (tests.run(%L) #>> ''{batches,0,id}'')::uuid)',
  format('select public.build_pick_batch(%L, ''wave'', ''zone'', 5, 10, %L::uuid[], false)', 'a5000000-0000-4000-8000-000000000001',
    array[(pg_temp.by_ref('WS-s1-2')).id, tests.id('s3')])), 'a supervisor waves it with s3');
select is((select string_agg(reference_number, ', ' order by reference_number) from public.pick_orders where batch_id = tests.id('w2')),
  'WS-s1-2, WS-s3', 'the wave of Cold Chain has the split order and s3');
reset role;

-- The split wave works as before: a picker starts it, the members follow; taking s1 out gives it back whole (its zone's lines).
select tests.act_as('tyrone.jackson@acmelogistics.example');
select lives_ok(format('select public.transition_pick_order(%L, ''in_progress'')', tests.id('w2')), 'a picker starts the wave of the split order');
select is(tests.batch_members(tests.id('w2'), 'WS-'), 's1-2 in_progress, s3 in_progress', 'its members start with it');
select is(tests.stock('c3100000-0000-4000-8000-000000000002', 'Z2-A01-S1-B02'), '20/4', 'the wave reserves its lines');
reset role;
select tests.act_as('maya.chen@acmelogistics.example');
select lives_ok(format('select public.take_out_of_pick_batch(%L)', tests.id('s1')), 'a split order is taken out of its wave as any member');
select is(pg_temp.order_lines(tests.id('s1')), 'Z1-A02-S1-B01 1, Z1-A01-S2-B03 2', 'with the lines it kept');

-- A derived reference is unique in the tenant: WS-s4-2 exists, so s4's is WS-s4-3.
select is(pg_temp.split_of(tests.run(tests.pick_batch_build(array['s4'], order_type => 'wave', dry_run => false)), 's4') #>> '{split_order,reference_number}',
  'WS-s4-3', 'the first free "-n": WS-s4-3');
select is(pg_temp.order_lines(tests.id('s4')) || ' | ' || pg_temp.order_lines((pg_temp.by_ref('WS-s4-3')).id),
  'Z2-A01-S1-B02 1, Z2-A01-S1-B02 2 | Z1-A02-S1-B01 1', 's4 goes with Cold Chain (two lines), its Ambient line leaves');

-- By item: a wave takes the lines of the order's item (most units), the others leave.
select is(pg_temp.split_of(tests.run(tests.pick_batch_build(array['s5'], order_type => 'wave', group_by => 'item', dry_run => false)), 's5') #>> '{split_order,reference_number}',
  'WS-s5-2', 'a wave by item splits an order of two items');
select is(pg_temp.order_lines(tests.id('s5')) || ' | ' || pg_temp.order_lines((pg_temp.by_ref('WS-s5-2')).id),
  'Z1-A02-S1-B01 2, Z1-A01-S2-B03 1 | Z2-A01-S1-B02 1', 'the kettles stay in the wave, the yoghurt leaves');

-- A refused build splits nothing (one call, atomic).
select is(tests.message_of(tests.pick_batch_build(array['s6', 's2'], order_type => 'wave', dry_run => false), 'pick_order_ids'),
  'WS-s2 is already in batch ' || (tests.pick_order(tests.id('w1'))).reference_number, 'a build with an order already in a wave is refused');
select is(pg_temp.order_lines(tests.id('s6')) || ' ' || (select count(*) from public.pick_orders where reference_number = 'WS-s6-2'),
  'Z1-A02-S1-B01 1, Z2-A01-S1-B02 1 0', 'and s6 is not split');
reset role;

-- Who may build (and so split): admins, managers and supervisors (above); nobody else, and nothing is split.
select tests.act_as('tyrone.jackson@acmelogistics.example');
select throws_ok(tests.pick_batch_build(array['s6'], order_type => 'wave', dry_run => false), '42501',
  'Only admins, supervisors and managers of this warehouse can build batches', 'a picker does not build a wave');
reset role;
select tests.act_as('grace.kim@acmelogistics.example');
select throws_ok(tests.pick_batch_build(array['s6'], order_type => 'wave', dry_run => false), '42501', null, 'a receiver does not');
reset role;
select tests.act_as('dispatcher@acme.test');
select throws_ok(tests.pick_batch_build(array['s6'], order_type => 'wave', dry_run => false), '42501', null, 'the dispatcher (a liaison) does not');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok(tests.pick_batch_build(array['s6'], order_type => 'wave', dry_run => false), '42501', 'Sign in to build batches', 'a driver does not');
reset role;
select tests.act_as('customer@acme.test');
select throws_ok(tests.pick_batch_build(array['s6'], order_type => 'wave', dry_run => false), '42501', 'Sign in to build batches', 'a customer does not');
reset role;
-- Access mode: Bayview's supervisor does not build in Dogpatch.
select tests.act_as('marcus.reyes@acmelogistics.example');
select is(tests.message_of(tests.pick_batch_build(null, order_type => 'wave', warehouse => 'a5000000-0000-4000-8000-000000000002'), 'warehouse_id'),
  'Warehouse not found', 'access mode: another warehouse''s staff do not build there');
reset role;
-- Globex: its manager and supervisor preview waves of their warehouse, its picker does not, nobody reaches Acme.
select tests.act_as('oliver.bennett@globexfreight.example');
select ok(jsonb_array_length(tests.run(tests.pick_batch_build(null, order_type => 'wave', warehouse => 'b5000000-0000-4000-8000-000000000001')) -> 'batches') > 0,
  'globex: a manager previews waves of their warehouse');
select is(tests.message_of(tests.pick_batch_build(array['s6'], order_type => 'wave'), 'warehouse_id'), 'Warehouse not found',
  'cross-tenant: another business''s warehouse is not found');
reset role;
select tests.act_as('priya.patel@globexfreight.example');
select lives_ok(tests.pick_batch_build(null, order_type => 'wave', warehouse => 'b5000000-0000-4000-8000-000000000001'), 'globex: a supervisor previews');
reset role;
select tests.act_as('amara.okoye@globexfreight.example');
select throws_ok(tests.pick_batch_build(null, order_type => 'wave', warehouse => 'b5000000-0000-4000-8000-000000000001'), '42501', null, 'globex: a picker does not build');
reset role;
select tests.act_as('admin@globex.test');
select is(tests.message_of(tests.pick_batch_build(array['s6'], order_type => 'wave', dry_run => false, warehouse => 'b5000000-0000-4000-8000-000000000001'), 'pick_order_ids'),
  'Pick order not found', 'cross-tenant: another business''s orders are not found');
select is((select count(*)::int from public.pick_orders where reference_number like 'WS-%'), 0, 'cross-tenant: Acme''s orders are not read');
reset role;
select is(pg_temp.order_lines(tests.id('s6')) || ' ' || (select count(*) from public.pick_orders where reference_number = 'WS-s6-2'),
  'Z1-A02-S1-B01 1, Z2-A01-S1-B02 1 0', 'after every refusal, s6 is whole');

-- The seed (46_pick_batches.sql): each tenant has a pending wave of Ambient Storage with a split order.
select is((select string_agg(t.slug || ' ' || b.order_type || ' ' || b.status || ' ' || s.status, ', ' order by t.slug)
  from public.pick_order_events e
  join public.pick_orders s on s.id = e.pick_order_id
  join public.pick_orders b on b.reference_number = substring(e.note from 'for wave (.*)$') and b.tenant_id = e.tenant_id
  join public.tenants t on t.id = e.tenant_id
  where e.note like 'Split from % for wave %' and s.reference_number not like 'WS-%'),
  'acme wave pending pending, globex wave pending pending', 'seed: each tenant has a wave that split an order, the split order pending');

select is_empty($$ select id from public.inventory_stock where quantity < 0 or reserved < 0 or reserved > quantity $$, 'no balance is negative or over-reserved');

select * from finish();
rollback;
