-- The deliveries a handoff form offers (public.handoff_delivery_choices): the board's people every
-- assigned delivery of their business; warehouse-only people only those of the warehouses they may
-- access (picked up at its address, or being handed over there), never the rest, which the
-- deliveries policy still hides from them; drivers, customers and anon refused; cross-tenant and
-- access modes. The save holds the same rule: a warehouse-only person's handoff of a delivery
-- outside their work is refused as not found, the board's is not.
begin;
select plan(23);

-- The codes a caller is offered, sorted and joined.
create function pg_temp.offered(who text, warehouse uuid default null, term text default null) returns text
language plpgsql
as $$
declare
  result text;
begin
  perform tests.act_as(who);
  select string_agg(c.delivery_code, ' ' order by c.delivery_code) into result
  from public.handoff_delivery_choices(warehouse, term, 50) c;
  perform set_config('role', 'postgres', true);
  return coalesce(result, '');
end;
$$;
create function pg_temp.codes(ids uuid[]) returns text
language sql security definer
as $$ select coalesce(string_agg(delivery_code, ' ' order by delivery_code), '') from public.deliveries where id = any (ids) $$;
grant execute on all functions in schema pg_temp to anon, authenticated;

-- Bayview's seeded handoffs: their deliveries, the cancelled one apart.
select tests.remember('bay_open_' || row_number() over (order by d.delivery_code), d.id)
from public.package_handoffs h join public.deliveries d on d.id = h.delivery_id
where h.warehouse_id = 'a5000000-0000-4000-8000-000000000001' and h.status <> 'cancelled' and d.status = 'assigned';
select tests.remember('bay_cancelled', x.id) from (select h.delivery_id as id from public.package_handoffs h
where h.warehouse_id = 'a5000000-0000-4000-8000-000000000001' and h.status = 'cancelled'
  and not exists (select 1 from public.package_handoffs o where o.delivery_id = h.delivery_id and o.status <> 'cancelled') limit 1) x;
-- An assigned delivery picked up at Bayview's address, and one with no tie to any warehouse.
select tests.remember('picked_at_bay', x.id) from (select d.id from public.deliveries d
where d.tenant_id = 'a0000000-0000-4000-8000-000000000001' and d.status = 'assigned'
  and not exists (select 1 from public.package_handoffs h where h.delivery_id = d.id) order by d.delivery_code limit 1) x;
update public.deliveries set pickup_address_id = 'a4000000-0000-4000-8000-000000000002' where id = tests.id('picked_at_bay');
select tests.remember('elsewhere', x.id) from (select d.id from public.deliveries d
where d.tenant_id = 'a0000000-0000-4000-8000-000000000001' and d.status = 'assigned' and d.id <> tests.id('picked_at_bay')
  and not exists (select 1 from public.package_handoffs h where h.delivery_id = d.id)
  and not exists (select 1 from public.warehouses w where w.address_id = d.pickup_address_id) order by d.delivery_code limit 1) x;

select ok(cardinality(tests.ids('bay_open_')) > 0 and tests.id('bay_cancelled') is not null
  and tests.id('picked_at_bay') is not null and tests.id('elsewhere') is not null, 'the fixture: Bayview handoffs, a cancelled one, a pickup at Bayview, one elsewhere');

-- The seed (70_deliveries.sql, 73_warehouse_pickups.sql): each tenant's main warehouse has three of
-- today's assigned deliveries collected there and not handed over yet, two of them with a completed
-- pick order named after the delivery, so its people have real choices in the create modal.
select is((select string_agg(w.code || ' ' || (select count(*) from public.deliveries d
    where d.pickup_address_id = w.address_id and d.status = 'assigned' and d.assigned_at >= now() - interval '12 hours'
      and not exists (select 1 from public.package_handoffs h where h.delivery_id = d.id)), ', ' order by w.code)
  from public.warehouses w where w.id in ('a5000000-0000-4000-8000-000000000001', 'b5000000-0000-4000-8000-000000000001')),
  'LDN-PRK 3, SF-BAY 3', 'seed: three deliveries to hand over at each main warehouse');
select is((select string_agg(w.code || ' ' || (select count(*) from public.deliveries d
    join public.pick_orders o on o.external_reference = d.delivery_code and o.warehouse_id = w.id and o.status = 'completed'
    where d.pickup_address_id = w.address_id and d.status = 'assigned'), ', ' order by w.code)
  from public.warehouses w where w.id in ('a5000000-0000-4000-8000-000000000001', 'b5000000-0000-4000-8000-000000000001')),
  'LDN-PRK 2, SF-BAY 2', 'seed: two of them with their packages picked (a completed pick order named after the delivery)');
select is(cardinality(tests.ids('bay_open_')), 3, 'seed: the handoffs in every status stay with other deliveries');

-- The board's people: every assigned delivery of the business.
select is(pg_temp.offered('admin@acme.test'),
  (select pg_temp.codes(array_agg(id)) from public.deliveries where tenant_id = 'a0000000-0000-4000-8000-000000000001' and status = 'assigned'),
  'an admin is offered every assigned delivery');
select is(pg_temp.offered('dispatcher@acme.test', 'a5000000-0000-4000-8000-000000000001'), pg_temp.offered('admin@acme.test'),
  'so is the dispatcher, whatever the warehouse');
select is(pg_temp.offered('admin@acme.test', null, (select delivery_code from public.deliveries where id = tests.id('elsewhere'))),
  pg_temp.codes(array[tests.id('elsewhere')]), 'the search narrows to a code');

-- A warehouse-only packer of Bayview: its handoffs' deliveries and the pickup at its address only.
select is(pg_temp.offered('sofia.rossi@acmelogistics.example', 'a5000000-0000-4000-8000-000000000001'),
  (select pg_temp.codes(array_agg(id)) from (select unnest(tests.ids('bay_open_') || tests.id('picked_at_bay')) as id
    union select d.id from public.deliveries d where d.status = 'assigned' and d.pickup_address_id = 'a4000000-0000-4000-8000-000000000002') x),
  'a packer is offered the deliveries of her warehouse''s work');
select is(pg_temp.offered('sofia.rossi@acmelogistics.example'), pg_temp.offered('sofia.rossi@acmelogistics.example', 'a5000000-0000-4000-8000-000000000001'),
  'the same without a warehouse (she may access only Bayview''s floor work)');
select ok(strpos(' ' || pg_temp.offered('sofia.rossi@acmelogistics.example') || ' ', ' ' || pg_temp.codes(array[tests.id('elsewhere')]) || ' ') = 0,
  'not a delivery outside her work');
select ok(strpos(' ' || pg_temp.offered('sofia.rossi@acmelogistics.example') || ' ', ' ' || pg_temp.codes(array[tests.id('bay_cancelled')]) || ' ') = 0,
  'nor one whose only handoff was cancelled');
select is(pg_temp.offered('sofia.rossi@acmelogistics.example', null, (select delivery_code from public.deliveries where id = tests.id('elsewhere'))), '',
  'searching its code finds nothing');
select tests.act_as('sofia.rossi@acmelogistics.example');
select is((select count(*)::int from public.deliveries), 0, 'the deliveries table itself still shows her none');
reset role;

-- The save holds the rule: Sofia hands over the delivery picked up at Bayview, not the one elsewhere;
-- the admin hands over the one elsewhere.
create function pg_temp.handoff(delivery uuid) returns text
language sql security definer
as $$
  select format('select public.save_package_handoff(null, %L)', jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
    'delivery_id', delivery,
    'picking_order_id', (select o.id from public.pick_orders o where o.warehouse_id = 'a5000000-0000-4000-8000-000000000001' and o.status = 'completed' order by o.reference_number limit 1),
    'warehouse_staff_id', (select w.id from public.warehouse_staff w where w.warehouse_id = 'a5000000-0000-4000-8000-000000000001' and w.user_id = 'a5100000-0000-4000-8000-000000000005'),
    'signature_url', 'a0000000-0000-4000-8000-000000000001/a5000000-0000-4000-8000-000000000001/seed-signature.png'))
$$;
grant execute on all functions in schema pg_temp to anon, authenticated;
select tests.act_as('sofia.rossi@acmelogistics.example');
select is(tests.details(pg_temp.handoff(tests.id('elsewhere'))), '[{"key": "handoffs.delivery_not_found", "field": "delivery_id", "message": "Delivery not found"}]'::jsonb,
  'her handoff of a delivery outside her work is refused as not found');
select is((select count(*)::int from public.package_handoffs where delivery_id = tests.id('elsewhere')), 0, 'and nothing is saved');
select lives_ok(pg_temp.handoff(tests.id('picked_at_bay')), 'she hands over the delivery picked up at her warehouse');
reset role;
select tests.act_as('admin@acme.test');
select lives_ok(pg_temp.handoff(tests.id('elsewhere')), 'the admin hands over any assigned delivery');
reset role;

-- Access modes and refusals.
select tests.act_as('sofia.rossi@acmelogistics.example');
select throws_ok($$ select * from public.handoff_delivery_choices('a5000000-0000-4000-8000-000000000002') $$, 'PT404', 'Warehouse not found',
  'a warehouse she may not access is not found');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok($$ select * from public.handoff_delivery_choices() $$, '42501', 'Only staff hand packages over', 'a driver is refused');
reset role;
select tests.act_as('customer@acme.test');
select throws_ok($$ select * from public.handoff_delivery_choices() $$, '42501', 'Only staff hand packages over', 'a customer is refused');
reset role;
select tests.act_as(null);
select throws_ok($$ select * from public.handoff_delivery_choices() $$, '42501', null, 'anon is refused');
reset role;

-- Another business: its own deliveries only; Acme's warehouse is not found.
select is(pg_temp.offered('admin@globex.test'),
  (select pg_temp.codes(array_agg(id)) from public.deliveries where tenant_id = 'b0000000-0000-4000-8000-000000000001' and status = 'assigned'),
  'another business''s admin is offered its own assigned deliveries only');
select tests.act_as('kwame.mensah@globexfreight.example');
select throws_ok($$ select * from public.handoff_delivery_choices('a5000000-0000-4000-8000-000000000001') $$, 'PT404', 'Warehouse not found',
  'another business''s packer does not find Acme''s warehouse');
reset role;

select * from finish();
rollback;
