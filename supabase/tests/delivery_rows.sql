-- The deliveries list's view (delivery_rows), as every role of acme and globex: security invoker,
-- so each caller sees the rows the deliveries policies give them, with the names the list shows.
-- Counts are of rows this file creates, so the seed's deliveries do not matter.
begin;
select plan(19);

select is(
  (select array_to_string(reloptions, ',') from pg_class where oid = 'public.delivery_rows'::regclass),
  'security_invoker=true',
  'delivery_rows runs as the caller (its RLS, never the owner''s)'
);

-- One acme delivery for Carla (by the dispatcher) and one globex delivery for Greta (by its dispatcher).
create temporary table mine (tenant text, id uuid) on commit drop;
grant all on mine to authenticated, anon;
select tests.act_as('dispatcher@acme.test');
with d as (
  insert into public.deliveries (tenant_id, customer_id, pickup_address_id, dropoff_address_id, packages, service_id, external_reference_id)
  values ('a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000004', 'a4000000-0000-4000-8000-000000000001',
    'a4000000-0000-4000-8000-000000000002', '[{"description": "Chairs", "quantity": 2, "weight_kg": 4}]',
    'a6100000-0000-4000-8000-000000000002', 'ROWS-TEST-ACME')
  returning id
)
insert into mine select 'acme', d.id from d;
reset role;
select tests.act_as('dispatcher@globex.test');
with d as (
  insert into public.deliveries (tenant_id, customer_id, pickup_address_id, dropoff_address_id, packages, service_id, external_reference_id)
  values ('b0000000-0000-4000-8000-000000000001', 'b2000000-0000-4000-8000-000000000004', 'b4000000-0000-4000-8000-000000000001',
    'b4000000-0000-4000-8000-000000000002', '[{"description": "Books", "quantity": 1, "weight_kg": 3}]',
    'b6100000-0000-4000-8000-000000000001', 'ROWS-TEST-GLOBEX')
  returning id
)
insert into mine select 'globex', d.id from d;
reset role;

select is((select count(*)::int from mine), 2, 'fixtures: one delivery in each tenant');

-- anon: nothing at all.
select tests.act_as(null);
select throws_ok($$ select id from public.delivery_rows $$, '42501', null, 'anon: cannot read the view');
reset role;

-- acme staff: the tenant's delivery with its names; never globex's.
select tests.act_as('dispatcher@acme.test');
select is(
  (select to_jsonb(r) - 'id' from (
    select customer_name, service_name, service_code, pickup_city, dropoff_city, status, kind, currency
    from public.delivery_rows where id = (select id from mine where tenant = 'acme')
  ) r),
  '{"customer_name": "Carla Customer", "service_name": "Same Day", "service_code": "SAMEDAY", "pickup_city": "San Francisco",
    "dropoff_city": "San Francisco", "status": "pending", "kind": "delivery", "currency": "USD"}'::jsonb,
  'acme dispatcher: the row carries the customer, service and cities'
);
select isnt((select pickup_zone_name from public.delivery_rows where id = (select id from mine where tenant = 'acme')), null, 'acme dispatcher: the pickup zone by name');
select is((select count(*)::int from public.delivery_rows where id = (select id from mine where tenant = 'globex')), 0, 'acme dispatcher: no globex row');
select is((select count(*)::int from public.delivery_rows where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'acme dispatcher: only acme rows');
select is((select count(*)::int from public.delivery_rows where customer_name ilike '%carla cust%' and id in (select id from mine)), 1, 'acme dispatcher: searches the customer''s name');
reset role;
select tests.act_as('admin@acme.test');
select is((select count(*)::int from public.delivery_rows where id in (select id from mine)), 1, 'acme admin: the acme row only');
reset role;

-- acme customer: their own deliveries only.
select tests.act_as('customer@acme.test');
select is((select count(*)::int from public.delivery_rows where id = (select id from mine where tenant = 'acme')), 1, 'acme customer: their own delivery');
select is((select count(*)::int from public.delivery_rows where customer_id <> 'a1000000-0000-4000-8000-000000000004'), 0, 'acme customer: nobody else''s');
reset role;

-- acme driver: not a delivery they do not carry; then it once assigned to them.
select tests.act_as('driver@acme.test');
select is((select count(*)::int from public.delivery_rows where id in (select id from mine)), 0, 'acme driver: not a delivery they do not carry');
reset role;
insert into public.drivers (id, tenant_id, licence_number, licence_class, licence_expiry)
values ('a1000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'ROWS-DEREK-1', 'standard', current_date + 365)
on conflict (id) do nothing;
update public.drivers set licence_class = 'standard', licence_expiry = current_date + 365 where id = 'a1000000-0000-4000-8000-000000000003';
update public.vehicles set active = true where id = 'a3000000-0000-4000-8000-000000000001';
select tests.act_as('dispatcher@acme.test');
insert into public.assignments (delivery_id, driver_id, vehicle_id)
values ((select id from mine where tenant = 'acme'), 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001');
select is(
  (select driver_name from public.delivery_rows where id = (select id from mine where tenant = 'acme')),
  'Derek Driver',
  'acme dispatcher: the assigned driver by name'
);
reset role;
select tests.act_as('driver@acme.test');
select is((select status from public.delivery_rows where id = (select id from mine where tenant = 'acme')), 'assigned', 'acme driver: the delivery they carry');
select is((select count(*)::int from public.delivery_rows where id = (select id from mine where tenant = 'globex')), 0, 'acme driver: no globex row');
reset role;

-- globex: its own row, never acme's.
select tests.act_as('dispatcher@globex.test');
select is((select count(*)::int from public.delivery_rows where id = (select id from mine where tenant = 'globex')), 1, 'globex dispatcher: its own delivery');
select is((select count(*)::int from public.delivery_rows where id = (select id from mine where tenant = 'acme')), 0, 'globex dispatcher: no acme row');
reset role;
select tests.act_as('customer@globex.test');
select is((select count(*)::int from public.delivery_rows where id = (select id from mine where tenant = 'acme')), 0, 'globex customer: no acme row');
reset role;

-- The view writes nothing.
select tests.act_as('admin@acme.test');
select throws_ok($$ update public.delivery_rows set status = 'delivered' $$, '55000', null, 'acme admin: the view is read-only (a join, not an updatable view)');
reset role;

select * from finish();
rollback;
