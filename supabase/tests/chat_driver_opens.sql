-- Chat: a conversation the driver opens first reaches dispatch (20261125001050): whoever assigned
-- the delivery takes part, hears the driver's message on their inbox and counts it unread; a
-- conversation dispatch opens is as before.
begin;
select plan(6);

insert into public.drivers (id, tenant_id, licence_number, licence_class, licence_expiry)
values ('a1000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'TEST-DEREK-3', 'standard', current_date + 365)
on conflict (id) do nothing;
update public.drivers set licence_class = 'standard', licence_expiry = current_date + 365 where id = 'a1000000-0000-4000-8000-000000000003';
update public.vehicles set active = true where id = 'a3000000-0000-4000-8000-000000000001';

create temp table fx (delivery uuid, conversation uuid);
grant all on fx to authenticated;
select tests.act_as('dispatcher@acme.test');
with x as (
  insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
  values ('a1000000-0000-4000-8000-000000000004', '{"full_address": "1 Market St"}', 37.794, -122.395, '{"full_address": "600 Mission St"}', 37.775, -122.41,
    '[{"quantity": 1, "weight_kg": 2}]', 'a6100000-0000-4000-8000-000000000002')
  returning id)
insert into fx (delivery) select id from x;
insert into public.assignments (delivery_id, driver_id, vehicle_id)
  select delivery, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001' from fx;

reset role;
select tests.act_as('driver@acme.test');
update fx set conversation = (select id from public.create_delivery_conversation((select delivery from fx)));
select is((select metadata ->> 'source' from public.conversations where id = (select conversation from fx)), 'driver_app', 'the driver opens it from the driver app');
select is((select string_agg(role || ':' || user_id, ',' order by role) from public.conversation_participants where conversation_id = (select conversation from fx)),
  'dispatcher:a1000000-0000-4000-8000-000000000002,driver:a1000000-0000-4000-8000-000000000003', 'the dispatcher who assigned it takes part');
reset role;
delete from realtime.messages;
select tests.act_as('driver@acme.test');
select lives_ok(format($$ select public.send_message(%L, 'Loading dock is closed, where should I go?') $$, (select conversation from fx)), 'the driver writes');
reset role;
select ok(exists (select 1 from realtime.messages where topic = 'tenant:a0000000-0000-4000-8000-000000000001:inbox:a1000000-0000-4000-8000-000000000002' and event = 'message'),
  'the dispatcher''s inbox hears it');
select tests.act_as('dispatcher@acme.test');
select is((select unread_count from public.list_conversations() where id = (select conversation from fx)), 1, 'and counts it unread');
reset role;
select tests.act_as('admin@acme.test');
select is((select unread_count from public.list_conversations() where id = (select conversation from fx)), 0, 'an admin not taking part counts nothing');

reset role;
select * from finish();
rollback;
