-- Who hears of a record is who may read it (20261210500000): a customer's message in an order
-- conversation, webhook fan-out, a driver's chat taking in dispatch, a handoff completed, a failure
-- and a reorder point crossed choose their recipients by the record's read rule, not by the stored panel_type. Tyrone Jackson is
-- an acme picker of the dispatcher panel without the dispatcher role (warehouse-only: Bayview and
-- Dogpatch); Dana (dispatcher@acme.test) is a dispatcher and Bayview's liaison, with no row in
-- Dogpatch (open to its manager and lead picker only). Globex hears of none of acme's.
begin;
select plan(28);

\set acme 'a0000000-0000-4000-8000-000000000001'
\set globex 'b0000000-0000-4000-8000-000000000001'
\set bayview 'a5000000-0000-4000-8000-000000000001'
\set dogpatch 'a5000000-0000-4000-8000-000000000002'
\set tyrone 'a5100000-0000-4000-8000-000000000004'
\set dana 'a1000000-0000-4000-8000-000000000002'
\set glen 'b2000000-0000-4000-8000-000000000002'

-- The person-level readers answer as the caller's own do, for everyone of both tenants.
create function pg_temp.disagreements() returns text[]
language plpgsql
as $$
declare
  p record;
  w record;
  found text[] := '{}';
begin
  for p in select x.id, x.email from public.profiles x where x.tenant_id in ('a0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001') loop
    perform set_config('request.jwt.claims', json_build_object('sub', p.id, 'role', 'authenticated')::text, true);
    perform set_config('request.jwt.claim.sub', p.id::text, true);
    if private.current_panel_type() is distinct from private.panel_type_of(p.id) then
      found := found || (p.email || ' panel');
    end if;
    for w in select x.id, x.code from public.warehouses x loop
      if private.can_access_warehouse(w.id) is distinct from private.may_access_warehouse(p.id, w.id) then
        found := found || (p.email || ' ' || w.code);
      end if;
    end loop;
  end loop;
  perform set_config('request.jwt.claims', '', true);
  perform set_config('request.jwt.claim.sub', '', true);
  return found;
end;
$$;
select is(pg_temp.disagreements(), '{}'::text[], 'panel_type_of and may_access_warehouse agree with the caller''s rules for every person and warehouse');
select is(private.panel_type_of(:'tyrone'), 'warehouse', 'Tyrone is warehouse-only as the rules see him');
select is(private.panel_type_of(:'dana'), 'dispatcher', 'Dana is a dispatcher');
select is(private.may_access_warehouse(:'dana', :'dogpatch'), false, 'Dana may not access Dogpatch');
select is(private.may_access_warehouse(:'tyrone', :'dogpatch'), true, 'Tyrone may');

-- A customer's message in an order conversation: acme's dispatchers are told, Tyrone is not.
create temp table fx (name text primary key, id uuid);
grant all on fx to anon, authenticated;
create function pg_temp.fx(n text) returns uuid language sql as $$ select id from fx where name = n $$;
grant execute on all functions in schema pg_temp to anon, authenticated;
select tests.act_as('dispatcher@acme.test');
insert into fx values ('carla', tests.acme_delivery());
reset role;
select tests.act_as('customer@acme.test');
insert into fx select 'conversation', id from public.create_order_conversation(pg_temp.fx('carla'));
select lives_ok($$ select public.send_message(pg_temp.fx('conversation'), 'Can you come after 5pm?') $$, 'the customer writes');
reset role;
create function pg_temp.told(person uuid) returns integer
language sql
as $$ select count(*)::int from public.notifications n where n.user_id = person and n.link like '%conversation=' || pg_temp.fx('conversation') $$;
select is(pg_temp.told(:'dana'), 1, 'the dispatcher is told');
select is(pg_temp.told(:'tyrone'), 0, 'the warehouse-only picker of the dispatcher panel is not (they read no order conversation)');
select is((select count(*)::int from public.notifications n join public.profiles p on p.id = n.user_id
  where n.link like '%conversation=' || pg_temp.fx('conversation') and private.panel_type_of(p.id) is distinct from 'dispatcher'), 0,
  'only dispatchers as the rules see them are told');
select is((select count(*)::int from public.notifications n where n.link like '%conversation=' || pg_temp.fx('conversation') and n.tenant_id = :'globex'), 0,
  'nobody of globex is told');
select tests.act_as('tyrone.jackson@acmelogistics.example');
select is((select count(*)::int from public.conversations where id = pg_temp.fx('conversation')), 0, 'and Tyrone indeed reads no such conversation');
reset role;

-- Webhooks: Tyrone, Dana and Glen (globex's dispatcher) subscribe to deliveries and pick orders.
update public.webhook_events set fanned_out_at = now() where fanned_out_at is null;
insert into public.webhook_subscriptions (id, tenant_id, user_id, module_id, webhook_url, signing_secret, created_by, created_at) values
  ('c2900000-0000-4000-8000-0000000000a1', :'acme', :'tyrone', 'deliveries', 'https://tyrone.example/hooks', 'whsec_' || repeat('T', 43) || '=', null, now() - interval '1 minute'),
  ('c2900000-0000-4000-8000-0000000000a2', :'acme', :'tyrone', 'pick_orders', 'https://tyrone.example/hooks', 'whsec_' || repeat('T', 43) || '=', null, now() - interval '1 minute'),
  ('c2900000-0000-4000-8000-0000000000b1', :'acme', :'dana', 'deliveries', 'https://dana.example/hooks', 'whsec_' || repeat('D', 43) || '=', null, now() - interval '1 minute'),
  ('c2900000-0000-4000-8000-0000000000b2', :'acme', :'dana', 'pick_orders', 'https://dana.example/hooks', 'whsec_' || repeat('D', 43) || '=', null, now() - interval '1 minute'),
  ('c2900000-0000-4000-8000-0000000000c1', :'globex', :'glen', 'deliveries', 'https://glen.example/hooks', 'whsec_' || repeat('G', 43) || '=', null, now() - interval '1 minute'),
  ('c2900000-0000-4000-8000-0000000000c2', :'globex', :'glen', 'pick_orders', 'https://glen.example/hooks', 'whsec_' || repeat('G', 43) || '=', null, now() - interval '1 minute');
select tests.act_as('dispatcher@acme.test');
insert into fx values ('delivery', tests.acme_delivery());
reset role;
-- A pick order in Bayview and one in Dogpatch, made by acme's admin.
insert into fx select 'item', id from public.inventory_items where tenant_id = :'acme' order by sku limit 1;
select tests.act_as('admin@acme.test');
insert into fx values ('bayview_pick', (public.save_pick_order(null, jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
  'item_details', jsonb_build_array(jsonb_build_object('item_id', pg_temp.fx('item'), 'bin_id', tests.bin('Z1-A01-S1-B01')))))
  #>> '{pick_order,order,id}')::uuid);
insert into fx values ('dogpatch_pick', (public.save_pick_order(null, jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000002',
  'item_details', jsonb_build_array(jsonb_build_object('item_id', pg_temp.fx('item'), 'bin_id', tests.bin('Z1-A01-S1-B01', 'a5000000-0000-4000-8000-000000000002')))))
  #>> '{pick_order,order,id}')::uuid);
reset role;
set local role service_role;
select ok(private.webhook_fan_out() >= 0, 'the events fan out');
reset role;
create function pg_temp.carried(subscription text) returns text[]
language sql
as $$
  select coalesce(array_agg(case e.subject_id when pg_temp.fx('delivery') then 'delivery' when pg_temp.fx('bayview_pick') then 'bayview'
      when pg_temp.fx('dogpatch_pick') then 'dogpatch' else 'other' end order by e.seq), '{}')
  from public.webhook_deliveries d join public.webhook_events e on e.id = d.event_id
  where d.subscription_id = subscription::uuid;
$$;
select is(pg_temp.carried('c2900000-0000-4000-8000-0000000000a1'), '{}'::text[], 'Tyrone''s deliveries subscription carries no delivery (he reads none)');
select is(pg_temp.carried('c2900000-0000-4000-8000-0000000000a2'), array['bayview', 'dogpatch'], 'his pick orders subscription carries both of his warehouses'' orders');
select is(pg_temp.carried('c2900000-0000-4000-8000-0000000000b1'), array['delivery'], 'Dana''s deliveries subscription carries the delivery');
select is(pg_temp.carried('c2900000-0000-4000-8000-0000000000b2'), array['bayview'], 'her pick orders subscription carries Bayview''s order, not Dogpatch''s (she may not access it)');
select is(pg_temp.carried('c2900000-0000-4000-8000-0000000000c1') || pg_temp.carried('c2900000-0000-4000-8000-0000000000c2'), '{}'::text[], 'globex''s carry none of acme''s');
select tests.act_as('dispatcher@acme.test');
select is((select count(*)::int from public.pick_orders where id = pg_temp.fx('dogpatch_pick')), 0, 'and Dana indeed reads no Dogpatch pick order');
reset role;

-- A driver's chat takes in dispatch (the assigner, else the creator) only as staff: a delivery
-- created by someone now warehouse-only brings in nobody but the driver.
select tests.ready_acme_fleet();
select tests.act_as('dispatcher@acme.test');
insert into fx values ('chat_delivery', tests.acme_delivery());
insert into public.assignments (delivery_id, driver_id, vehicle_id)
  values (pg_temp.fx('chat_delivery'), 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001');
reset role;
update public.deliveries set created_by = :'tyrone' where id = pg_temp.fx('chat_delivery');
update public.assignments set assigned_by = :'tyrone' where delivery_id = pg_temp.fx('chat_delivery');
select tests.act_as('driver@acme.test');
insert into fx select 'chat', id from public.create_delivery_conversation(pg_temp.fx('chat_delivery'));
reset role;
select is((select string_agg(role, ',' order by role) from public.conversation_participants where conversation_id = pg_temp.fx('chat')), 'driver',
  'the warehouse-only assigner is not made a participant');

-- A completed handoff is told to the delivery's driver and to its assigner while staff: the same
-- delivery, assigned by Tyrone, then by Dana.
create function pg_temp.complete_handoff() returns void
language sql
as $$
  select private.package_handoff_completed(jsonb_populate_record(null::public.package_handoffs,
    to_jsonb(h) || jsonb_build_object('delivery_id', pg_temp.fx('chat_delivery'), 'status', 'completed', 'completed_at', now())))
  from public.package_handoffs h where h.warehouse_id = 'a5000000-0000-4000-8000-000000000001' limit 1;
$$;
create function pg_temp.handed_over_told(person uuid) returns integer
language sql
as $$
  select count(*)::int from public.notifications n
  where n.user_id = person and n.title = 'Packages of ' || (select delivery_code from public.deliveries where id = pg_temp.fx('chat_delivery')) || ' handed over';
$$;
select pg_temp.complete_handoff();
select is(pg_temp.handed_over_told(:'tyrone'), 0, 'a handoff completed: the warehouse-only assigner is not told');
select ok(exists (select 1 from public.notifications n where n.user_id = 'a1000000-0000-4000-8000-000000000003' and n.title like 'Packages ready at %'
  and n.body like 'The packages of ' || (select delivery_code from public.deliveries where id = pg_temp.fx('chat_delivery')) || ' %'), 'its driver is');
update public.assignments set assigned_by = :'dana' where delivery_id = pg_temp.fx('chat_delivery');
select pg_temp.complete_handoff();
select is(pg_temp.handed_over_told(:'dana'), 1, 'an assigner who is a dispatcher is told');

-- A failure is told to the dispatchers and to its assigner while staff.
insert into fx values ('failing', tests.acme_delivery_in('accepted'));
update public.assignments set assigned_by = :'tyrone' where delivery_id = pg_temp.fx('failing');
select tests.act_as('driver@acme.test');
select lives_ok($$ select public.transition_delivery(pg_temp.fx('failing'), 'failed', 'Nobody at the address') $$, 'the driver fails a delivery Tyrone assigned');
reset role;
create function pg_temp.failure_told(person uuid) returns integer
language sql
as $$
  select count(*)::int from public.notifications n
  where n.user_id = person and n.title = (select delivery_code from public.deliveries where id = pg_temp.fx('failing')) || ' failed';
$$;
select is(pg_temp.failure_told(:'tyrone'), 0, 'the warehouse-only assigner is not told of the failure');
select is(pg_temp.failure_told(:'dana'), 1, 'the dispatcher is');
select is((select count(*)::int from public.notifications n where n.tenant_id = :'globex'
  and n.title = (select delivery_code from public.deliveries where id = pg_temp.fx('failing')) || ' failed'), 0, 'nobody of globex is');

-- A reorder point crossed: Dogpatch's manager is told; a manager row in a warehouse whose access
-- mode keeps them out is not enough.
set constraints public.reorder_points_checked_at_commit immediate;
update public.warehouses set user_ids = array['a5100000-0000-4000-8000-000000000004']::uuid[] where id = :'dogpatch';
select is(private.may_access_warehouse('a5100000-0000-4000-8000-000000000001', :'dogpatch'), false, 'Maya (Dogpatch''s manager) is now kept out of it');
insert into public.inventory_items (id, tenant_id, name, sku) values
  ('c2900000-0000-4000-8000-0000000000f1', :'acme', 'Recipients Test Pallet', 'RCPT-PALLET-01');
insert into fx values ('stock_bin', tests.bin('Z1-A01-S1-B02', 'a5000000-0000-4000-8000-000000000002'));
select public.record_inventory_transaction(transaction_type => 'receive', item_id => 'c2900000-0000-4000-8000-0000000000f1',
  warehouse_id => :'dogpatch', quantity => 5, to_bin_id => pg_temp.fx('stock_bin'));
insert into public.inventory_reorder_points (tenant_id, item_id, warehouse_id, reorder_point)
  values (:'acme', 'c2900000-0000-4000-8000-0000000000f1', :'dogpatch', 4);
select tests.act_as('admin@acme.test');
select public.record_inventory_transaction(transaction_type => 'pick', item_id => 'c2900000-0000-4000-8000-0000000000f1',
  warehouse_id => 'a5000000-0000-4000-8000-000000000002', quantity => 3, from_bin_id => pg_temp.fx('stock_bin'));
reset role;
select is((select array_agg(n.user_id order by n.user_id) from public.notifications n
  where n.title = 'Recipients Test Pallet is under its reorder point'),
  (select array_agg(p.id order by p.id) from public.profiles p where p.tenant_id = :'acme' and p.panel_type = 'admin' and p.status = 'active'),
  'acme''s admins are told; Dogpatch''s manager, kept out of it by its access mode, is not');

select * from finish();
rollback;
