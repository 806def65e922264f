-- Chat: conversations about a delivery between dispatch and its driver, participants, messages,
-- unread counts and the live topics, as every role of acme and globex.
begin;
select plan(40);

insert into public.drivers (id, tenant_id, licence_number, licence_class, licence_expiry)
values ('a1000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'TEST-DEREK-3', 'standard', current_date + 365)
on conflict (id) do nothing;
update public.drivers set licence_class = 'standard', licence_expiry = current_date + 365 where id = 'a1000000-0000-4000-8000-000000000003';
update public.vehicles set active = true where id = 'a3000000-0000-4000-8000-000000000001';

create temp table fx (delivery uuid, unassigned uuid, conversation uuid);
grant all on fx to authenticated;
select tests.act_as('dispatcher@acme.test');
with x as (
  insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
  values ('a1000000-0000-4000-8000-000000000004', '{"full_address": "1 Market St"}', 37.794, -122.395, '{"full_address": "600 Mission St"}', 37.775, -122.41,
    '[{"quantity": 1, "weight_kg": 2}]', 'a6100000-0000-4000-8000-000000000002'),
   ('a1000000-0000-4000-8000-000000000004', '{"full_address": "1 Market St"}', 37.794, -122.395, '{"full_address": "600 Mission St"}', 37.775, -122.41,
    '[{"quantity": 1, "weight_kg": 2}]', 'a6100000-0000-4000-8000-000000000002')
  returning id)
insert into fx (delivery, unassigned) select min(id::text)::uuid, max(id::text)::uuid from x;
insert into public.assignments (delivery_id, driver_id, vehicle_id)
  select delivery, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001' from fx;

-- Creating the conversation of a delivery
select throws_ok(format($$ select public.create_delivery_conversation(%L) $$, (select unassigned from fx)),
  '23514', 'Validation failed', 'a delivery without a driver has nobody to talk to');
update fx set conversation = (select id from public.create_delivery_conversation((select delivery from fx)));
select is((select type || ' ' || (metadata ->> 'source') || ' ' || (metadata ->> 'driverId') from public.conversations where id = (select conversation from fx)),
  'driver dispatcher_panel a1000000-0000-4000-8000-000000000003', 'a driver conversation from the dispatcher panel, naming the driver');
select is((select metadata ->> 'orderId' from public.conversations where id = (select conversation from fx)), (select delivery::text from fx), 'and the delivery');
select is((select string_agg(role, ',' order by role) from public.conversation_participants where conversation_id = (select conversation from fx)),
  'dispatcher,driver', 'the dispatcher and the driver take part');
select is((select id from public.create_delivery_conversation((select delivery from fx))), (select conversation from fx), 'asking again reuses it');
reset role;
select tests.act_as('customer@acme.test');
select throws_ok(format($$ select public.create_delivery_conversation(%L) $$, (select delivery from fx)),
  'PT404', 'Delivery not found', 'a customer cannot open a driver conversation');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok(format($$ select public.create_delivery_conversation(%L) $$, (select delivery from fx)),
  'PT404', 'Delivery not found', 'another tenant cannot');

-- Messages
reset role;
delete from realtime.messages;
select tests.act_as('dispatcher@acme.test');
select is((select content from public.send_message((select conversation from fx), '  Can you take the Mission St drop first?  ', client_id => 'web-00000001')),
  'Can you take the Mission St drop first?', 'the dispatcher writes (trimmed)');
select is((select count(*)::int from (select public.send_message((select conversation from fx), 'Can you take the Mission St drop first?', client_id => 'web-00000001')) x), 1,
  'a retried send answers the message');
select is((select count(*)::int from public.messages where conversation_id = (select conversation from fx)), 1, 'and stores it once');
select throws_ok(format($$ select public.send_message(%L, '   ') $$, (select conversation from fx)), '23514', 'Validation failed', 'an empty message');
select throws_ok(format($$ select public.send_message(%L, repeat('x', 4001)) $$, (select conversation from fx)), '23514', 'Validation failed', 'a message too long');
select throws_ok(format($$ select public.send_message(%L, 'hi', 'system') $$, (select conversation from fx)), '23514', 'Validation failed', 'system messages are the database''s');
reset role;
select ok(exists (select 1 from realtime.messages where topic = 'conversation:' || (select conversation from fx) and payload #>> '{record,content}' = 'Can you take the Mission St drop first?'),
  'the message reaches the conversation topic');
select ok(exists (select 1 from realtime.messages where topic = 'tenant:a0000000-0000-4000-8000-000000000001:inbox:a1000000-0000-4000-8000-000000000003' and event = 'message'),
  'and the driver''s inbox');
select ok(not exists (select 1 from realtime.messages where topic = 'tenant:a0000000-0000-4000-8000-000000000001:inbox:a1000000-0000-4000-8000-000000000002'),
  'not the sender''s');

select tests.act_as('driver@acme.test');
select is((select unread_count from public.list_conversations() where id = (select conversation from fx)), 1, 'the driver has one unread');
select is((select last_message from public.list_conversations() where id = (select conversation from fx)), 'Can you take the Mission St drop first?', 'the list shows the last message');
select lives_ok(format($$ select public.send_message(%L, 'Sure, on my way') $$, (select conversation from fx)), 'the driver answers');
select is((select unread_count from public.list_conversations() where id = (select conversation from fx)), 0, 'answering reads the conversation');
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select unread_count from public.list_conversations() where id = (select conversation from fx)), 1, 'the dispatcher has the answer unread');
select lives_ok(format($$ select public.mark_conversation_read(%L) $$, (select conversation from fx)), 'the dispatcher reads it');
select is((select unread_count from public.list_conversations() where id = (select conversation from fx)), 0, 'nothing unread');

-- Who reads and joins
reset role;
select tests.act_as('admin@acme.test');
select is((select count(*)::int from public.messages where conversation_id = (select conversation from fx)), 2, 'an admin reads every conversation of the tenant');
select is((select unread_count from public.list_conversations() where id = (select conversation from fx)), 0, 'an admin not taking part has nothing unread');
reset role;
select tests.act_as('luis.ortega@acmelogistics.example');
select is((select count(*)::int from public.conversations where id = (select conversation from fx)), 0, 'another driver reads nothing of it');
select throws_ok(format($$ select public.send_message(%L, 'hello') $$, (select conversation from fx)), 'PT404', 'Conversation not found', 'nor writes into it');
reset role;
select tests.act_as('customer@acme.test');
select is((select count(*)::int from public.messages), 0, 'a customer reads no driver conversation');
reset role;
select tests.act_as('admin@globex.test');
select is((select count(*)::int from public.conversations where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'another tenant reads nothing');
reset role;
select ok(tests.may_receive('driver@acme.test', 'conversation:' || (select conversation from fx)), 'the driver joins the conversation topic');
select ok(tests.may_receive('admin@acme.test', 'conversation:' || (select conversation from fx)), 'so does an admin');
select ok(not tests.may_receive('luis.ortega@acmelogistics.example', 'conversation:' || (select conversation from fx)), 'another driver does not');
select ok(not tests.may_receive('admin@globex.test', 'conversation:' || (select conversation from fx)), 'nor another tenant');
select ok(tests.may_receive('driver@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:inbox:a1000000-0000-4000-8000-000000000003'), 'a person joins their inbox');
select ok(not tests.may_receive('dispatcher@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:inbox:a1000000-0000-4000-8000-000000000003'), 'nobody joins another''s inbox');

-- Participants and archive
select tests.act_as('driver@acme.test');
select throws_ok(format($$ select public.update_conversation_participants(%L, 'add', array['a1000000-0000-4000-8000-000000000001'::uuid]) $$, (select conversation from fx)),
  '42501', 'Only admins and dispatchers can change who takes part', 'a driver cannot add people');
reset role;
select tests.act_as('dispatcher@acme.test');
select throws_ok(format($$ select public.update_conversation_participants(%L, 'add', array['b2000000-0000-4000-8000-000000000001'::uuid]) $$, (select conversation from fx)),
  '23514', 'Validation failed', 'people of another tenant cannot be added');
select is((select count(*)::int from public.update_conversation_participants((select conversation from fx), 'add', array['a1000000-0000-4000-8000-000000000001'::uuid], 'admin')), 3,
  'an admin is added');
select lives_ok(format($$ select public.set_conversation_archived(%L, true) $$, (select conversation from fx)), 'the dispatcher archives it');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok(format($$ select public.send_message(%L, 'one more thing') $$, (select conversation from fx)), '23514', 'Validation failed', 'nobody writes into an archived conversation');

reset role;
select * from finish();
rollback;
