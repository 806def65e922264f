-- delivery_instructions(delivery_id): the customer's preference for the drop-off address and the
-- address's own instructions, for the driver carrying the delivery, staff and the customer only.
begin;
select plan(9);

insert into public.drivers (id, tenant_id, licence_number, licence_class, licence_expiry)
values ('a1000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'TEST-DEREK-5', 'standard', current_date + 365)
on conflict (id) do nothing;
update public.drivers set licence_class = 'standard', licence_expiry = current_date + 365 where id = 'a1000000-0000-4000-8000-000000000003';
update public.vehicles set active = true where id = 'a3000000-0000-4000-8000-000000000001';

-- Carla's seeded preference: its address, and a delivery there for Derek.
create temp table fx (delivery uuid, bare uuid, pref_name text, instructions text);
grant all on fx to anon, authenticated;
insert into fx (pref_name, instructions)
  select name, delivery_instructions from public.customer_preferences
  where customer_id = 'a1000000-0000-4000-8000-000000000004' and is_active order by name limit 1;
select tests.act_as('dispatcher@acme.test');
with x as (
  insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address_id, packages, service_id, dropoff_lat, dropoff_lng)
  select 'a1000000-0000-4000-8000-000000000004', '{"full_address": "1 Market St"}', 37.794, -122.395, p.location_id,
    '[{"quantity": 1, "weight_kg": 2}]', 'a6100000-0000-4000-8000-000000000002', 0, 0
  from public.customer_preferences p where p.name = (select pref_name from fx) and p.customer_id = 'a1000000-0000-4000-8000-000000000004'
  returning id)
update fx set delivery = (select id from x);
with y as (
  insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
  values ('a1000000-0000-4000-8000-000000000004', '{"full_address": "1 Market St"}', 37.794, -122.395, '{"full_address": "600 Mission St"}', 37.775, -122.41,
    '[{"quantity": 1, "weight_kg": 2}]', 'a6100000-0000-4000-8000-000000000002')
  returning id)
update fx set bare = (select id from y);
insert into public.assignments (delivery_id, driver_id, vehicle_id)
  select delivery, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001' from fx;

select is(public.delivery_instructions((select delivery from fx)) ->> 'instructions', (select instructions from fx), 'staff read the customer''s instructions');
select is(public.delivery_instructions((select bare from fx)), null, 'nothing to say for an address without preference or instructions');
reset role;
select tests.act_as('driver@acme.test');
select is(public.delivery_instructions((select delivery from fx)) ->> 'instructions', (select instructions from fx), 'the driver carrying it reads them');
select ok(jsonb_typeof(public.delivery_instructions((select delivery from fx)) -> 'authorized_receivers') = 'array', 'with the authorized receivers');
select is((select count(*)::int from public.customer_preferences), 0, 'while customer_preferences themselves stay closed to drivers');
reset role;
select tests.act_as('luis.ortega@acmelogistics.example');
select throws_ok(format($$ select public.delivery_instructions(%L) $$, (select delivery from fx)), 'PT404', 'Delivery not found', 'another driver cannot');
reset role;
select tests.act_as('customer@acme.test');
select isnt(public.delivery_instructions((select delivery from fx)), null, 'the customer reads their own');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok(format($$ select public.delivery_instructions(%L) $$, (select delivery from fx)), 'PT404', 'Delivery not found', 'another tenant cannot');
reset role;
select tests.act_as(null);
select throws_ok(format($$ select public.delivery_instructions(%L) $$, (select delivery from fx)), '42501', null, 'anon cannot call it');

reset role;
select * from finish();
rollback;
