-- Customers message dispatch about an order (20261128000200): create_order_conversation, who reads
-- and writes order conversations, the support state (conversation_support, acknowledge and resolve,
-- reopening), the dispatchers' notifications and the live topics, as anon and every panel of acme
-- and globex.
begin;
select plan(67);

create function pg_temp.has_detail(statement text, field text, part text) returns boolean
language sql
as $$
  select coalesce((select bool_or(e ->> 'field' = field and position(part in e ->> 'message') > 0)
    from jsonb_array_elements(tests.details(statement)) e), false);
$$;

-- The seed (82_support_messages.sql): each tenant's queue has customers' conversations in every state.
select is((select string_agg(x, ' ' order by x) from (
  select t.slug || ':' || string_agg(distinct s.state, ',' order by s.state) as x
  from public.conversation_support s join public.tenants t on t.id = s.tenant_id group by t.slug) y),
  'acme:acknowledged,resolved,waiting globex:acknowledged,resolved,waiting', 'seed: customer conversations in each support state, in both tenants');
select is((select count(*)::int from public.conversations c where c.type = 'order'
  and not exists (select 1 from public.messages m join public.deliveries d on d.id = c.delivery_id where m.conversation_id = c.id and m.sender_id = d.customer_id)),
  0, 'seed: every order conversation has its customer''s messages');
select is((select count(*)::int from public.notifications where link like '%view=messages%'), 0, 'seed: its history notifies nobody');

-- Fixtures: a delivery of Carla (customer@acme.test), one of Boris (business@acme.test), booked by acme's dispatcher.
create temp table fx (name text primary key, id uuid);
grant all on fx to anon, authenticated;
create function pg_temp.fx(n text) returns uuid language sql as $$ select id from fx where name = n $$;
grant execute on all functions in schema pg_temp to anon, authenticated;

select tests.act_as('dispatcher@acme.test');
with x as (
  insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
  values ('a1000000-0000-4000-8000-000000000004', '{"full_address": "1 Market St"}', 37.794, -122.395, '{"full_address": "600 Mission St"}', 37.775, -122.41,
    '[{"quantity": 1, "weight_kg": 2}]', 'a6100000-0000-4000-8000-000000000002'),
   ('a1000000-0000-4000-8000-000000000005', '{"full_address": "1 Market St"}', 37.794, -122.395, '{"full_address": "600 Mission St"}', 37.775, -122.41,
    '[{"quantity": 1, "weight_kg": 2}]', 'a6100000-0000-4000-8000-000000000002')
  returning id, customer_id)
insert into fx
select case when customer_id = 'a1000000-0000-4000-8000-000000000004' then 'carla' else 'boris' end, id from x;
reset role;
select is((select count(*)::int from fx), 2, 'fixtures: a delivery of each customer');

-- Opening
select tests.act_as(null);
select throws_ok(format($$ select public.create_order_conversation(%L) $$, pg_temp.fx('carla')), '42501', null, 'anon cannot open one');
reset role;
select tests.act_as('business@acme.test');
select throws_ok(format($$ select public.create_order_conversation(%L) $$, pg_temp.fx('carla')), 'PT404', 'Delivery not found', 'a customer cannot open one about another''s delivery');
select lives_ok(format($$ insert into fx select 'boris_conversation', id from public.create_order_conversation(%L) $$, pg_temp.fx('boris')), 'a business customer opens one about their own');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok(format($$ select public.create_order_conversation(%L) $$, pg_temp.fx('carla')), 'PT404', 'Delivery not found', 'a driver cannot');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok(format($$ select public.create_order_conversation(%L) $$, pg_temp.fx('carla')), 'PT404', 'Delivery not found', 'another tenant cannot');
reset role;
select tests.act_as('customer@acme.test');
insert into fx select 'conversation', id from public.create_order_conversation(pg_temp.fx('carla'));
reset role;
select is((select type || ' ' || (metadata ->> 'source') || ' ' || (metadata ->> 'orderId') from public.conversations where id = pg_temp.fx('conversation')),
  'order customer_dashboard ' || pg_temp.fx('carla'), 'an order conversation from the customer dashboard, naming the delivery');
select is((select string_agg(role, ',') from public.conversation_participants where conversation_id = pg_temp.fx('conversation')), 'customer', 'the customer takes part');
select tests.act_as('customer@acme.test');
select is((select id from public.create_order_conversation(pg_temp.fx('carla'))), pg_temp.fx('conversation'), 'asking again reuses it');
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select id from public.create_order_conversation(pg_temp.fx('carla'))), pg_temp.fx('conversation'), 'staff opening it get the same one');
select is((select metadata ->> 'source' from public.conversations where id = pg_temp.fx('conversation')), 'customer_dashboard', 'unchanged');
reset role;
select is((select string_agg(role, ',' order by role) from public.conversation_participants where conversation_id = pg_temp.fx('conversation')), 'customer,dispatcher', 'the dispatcher who opened it takes part too');
delete from public.conversation_participants where conversation_id = pg_temp.fx('conversation') and role = 'dispatcher';

-- The customer writes: waiting for dispatch, the dispatchers notified once
delete from realtime.messages;
select tests.act_as('customer@acme.test');
select is((select content from public.send_message(pg_temp.fx('conversation'), 'Could you deliver after 5pm instead? Nobody is home before.', client_id => 'web-cust0001')),
  'Could you deliver after 5pm instead? Nobody is home before.', 'the customer writes');
reset role;
select is((select state from public.conversation_support where conversation_id = pg_temp.fx('conversation')), 'waiting', 'the conversation waits for dispatch');
select is((select customer_id from public.conversation_support where conversation_id = pg_temp.fx('conversation')), 'a1000000-0000-4000-8000-000000000004'::uuid, 'for that customer');
select is((select count(*)::int from public.notifications n where n.link like '%conversation=' || pg_temp.fx('conversation')),
  (select count(*)::int from public.profiles where tenant_id = 'a0000000-0000-4000-8000-000000000001' and private.panel_type_of(id) = 'dispatcher'),
  'each active dispatcher of acme is notified (as the rules see them: warehouse-only people of the dispatcher panel read no order conversation)');
select ok((select bool_and(n.tenant_id = 'a0000000-0000-4000-8000-000000000001' and private.panel_type_of(p.id) = 'dispatcher') from public.notifications n join public.profiles p on p.id = n.user_id
  where n.link like '%conversation=' || pg_temp.fx('conversation')), 'only them');
select ok(exists (select 1 from public.notifications n where n.user_id = 'a1000000-0000-4000-8000-000000000002'
  and n.link = '/acme/dispatcher/support?view=messages&conversation=' || pg_temp.fx('conversation') and n.title like 'Carla % wrote about ACME-%'),
  'the notification names the customer and the delivery and links to the queue');
select tests.act_as('customer@acme.test');
select lives_ok(format($$ select public.send_message(%L, 'Or leave it with the concierge.') $$, pg_temp.fx('conversation')), 'the customer writes again');
reset role;
select is((select count(*)::int from public.notifications n where n.user_id = 'a1000000-0000-4000-8000-000000000002' and n.link like '%conversation=' || pg_temp.fx('conversation')),
  1, 'a chatty customer does not notify again within 10 minutes');
select ok(exists (select 1 from realtime.messages where topic = 'tenant:a0000000-0000-4000-8000-000000000001:conversation_support'),
  'the queue hears of it live');

-- Who reads it
select tests.act_as('customer@acme.test');
select is((select count(*)::int from public.list_conversations() where id = pg_temp.fx('conversation')), 1, 'the customer lists it');
select is((select count(*)::int from public.messages where conversation_id = pg_temp.fx('conversation')), 2, 'and reads its messages');
select is((select count(*)::int from public.conversation_support), 0, 'but not its support state');
select is((select count(*)::int from public.support_conversations), 0, 'nor the queue');
reset role;
select tests.act_as('business@acme.test');
select is((select count(*)::int from public.conversations where id = pg_temp.fx('conversation')), 0, 'another customer reads nothing of it');
select throws_ok(format($$ select public.send_message(%L, 'hello') $$, pg_temp.fx('conversation')), 'PT404', 'Conversation not found', 'nor writes into it');
reset role;
-- A driver put into it by hand (before the rule existed) still reads nothing.
insert into public.conversation_participants (conversation_id, tenant_id, user_id, role)
values (pg_temp.fx('conversation'), 'a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000003', 'driver');
select tests.act_as('driver@acme.test');
select is((select count(*)::int from public.conversations where type = 'order'), 0, 'a driver never reads an order conversation');
select is((select count(*)::int from public.messages where conversation_id = pg_temp.fx('conversation')), 0, 'nor its messages');
select throws_ok(format($$ select public.send_message(%L, 'hello') $$, pg_temp.fx('conversation')), 'PT404', 'Conversation not found', 'nor writes into it');
select is((select count(*)::int from public.conversation_support), 0, 'nor the support state');
reset role;
delete from public.conversation_participants where conversation_id = pg_temp.fx('conversation') and role = 'driver';
select tests.act_as('dispatcher@acme.test');
select ok(pg_temp.has_detail(format($$ select public.update_conversation_participants(%L, 'add', array['a1000000-0000-4000-8000-000000000003'::uuid], 'driver') $$, pg_temp.fx('conversation')),
  'user_ids', 'Only staff and the order''s customer'), 'staff cannot add a driver to it');
select ok(pg_temp.has_detail(format($$ select public.update_conversation_participants(%L, 'add', array['a1000000-0000-4000-8000-000000000005'::uuid], 'customer') $$, pg_temp.fx('conversation')),
  'user_ids', 'Only staff and the order''s customer'), 'nor another customer');
select is((select state || ' ' || customer_name || ' ' || last_customer_message from public.support_conversations where id = pg_temp.fx('conversation')),
  'waiting Carla Customer Or leave it with the concierge.', 'the dispatcher''s queue shows it waiting, with the customer and their last message');
select is((select unread_count from public.list_conversations() where id = pg_temp.fx('conversation')), 0, 'nothing unread before taking part');
reset role;
select tests.act_as('admin@acme.test');
select is((select count(*)::int from public.support_conversations where id = pg_temp.fx('conversation')), 1, 'an admin reads the queue too');
reset role;
select tests.act_as('dispatcher@globex.test');
select is((select count(*)::int from public.conversations where id = pg_temp.fx('conversation')), 0, 'another tenant''s dispatcher reads nothing');
select is((select count(*)::int from public.support_conversations where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'nor its queue');
select throws_ok(format($$ select public.acknowledge_order_conversation(%L) $$, pg_temp.fx('conversation')), 'PT404', 'Customer conversation not found', 'nor acknowledges it');
reset role;
select tests.act_as('customer@globex.test');
select is((select count(*)::int from public.conversations where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'another tenant''s customer reads nothing');
reset role;
select tests.act_as(null);
select throws_ok($$ select * from public.conversation_support $$, '42501', null, 'anon reads no support state');
select throws_ok($$ select * from public.support_conversations $$, '42501', null, 'nor the queue');
reset role;

-- Acknowledge, answer, resolve
select tests.act_as('driver@acme.test');
select throws_ok(format($$ select public.acknowledge_order_conversation(%L) $$, pg_temp.fx('conversation')), '42501', null, 'a driver cannot acknowledge');
reset role;
select tests.act_as('customer@acme.test');
select throws_ok(format($$ select public.resolve_order_conversation(%L, 'done') $$, pg_temp.fx('conversation')), '42501', null, 'nor a customer resolve');
reset role;
select tests.act_as('dispatcher@acme.test');
select throws_ok(format($$ select public.acknowledge_order_conversation(%L) $$, pg_temp.fx('boris_conversation')), 'PT404', 'Customer conversation not found',
  'a conversation nobody wrote in is not in the queue');
select is((select state || ' ' || acknowledged_by_name from public.acknowledge_order_conversation(pg_temp.fx('conversation'), 'Calling the customer')), 'acknowledged Dana Dispatcher',
  'the dispatcher acknowledges it');
select ok(pg_temp.has_detail(format($$ select public.acknowledge_order_conversation(%L) $$, pg_temp.fx('conversation')), 'status', 'Already acknowledged by Dana Dispatcher'),
  'twice is refused, naming who');
select lives_ok(format($$ select public.send_message(%L, 'Sure, we moved it to the 5-8pm window.') $$, pg_temp.fx('conversation')), 'the dispatcher answers');
reset role;
select ok(exists (select 1 from realtime.messages where topic = 'tenant:a0000000-0000-4000-8000-000000000001:inbox:a1000000-0000-4000-8000-000000000004' and event = 'message'),
  'the answer reaches the customer''s inbox');
select tests.act_as('customer@acme.test');
select is((select unread_count from public.list_conversations() where id = pg_temp.fx('conversation')), 1, 'the customer has it unread');
reset role;
select tests.act_as('dispatcher@acme.test');
select ok(pg_temp.has_detail(format($$ select public.resolve_order_conversation(%L, '   ') $$, pg_temp.fx('conversation')), 'resolution_note', 'A resolution note is required'),
  'resolving needs a note');
select is((select state || ' ' || resolution_note from public.resolve_order_conversation(pg_temp.fx('conversation'), 'Moved to the evening window')),
  'resolved Moved to the evening window', 'the dispatcher resolves it with a note');
select ok(pg_temp.has_detail(format($$ select public.resolve_order_conversation(%L, 'again') $$, pg_temp.fx('conversation')), 'status', 'Already resolved by Dana Dispatcher'),
  'resolving twice is refused');
reset role;

-- A new customer message reopens it; a staff answer acknowledges it
delete from public.notifications where link like '%conversation=' || pg_temp.fx('conversation');
select tests.act_as('customer@acme.test');
select lives_ok(format($$ select public.send_message(%L, 'Sorry, one more thing: ring the bell twice.') $$, pg_temp.fx('conversation')), 'the customer writes after resolution');
reset role;
select is((select state || ' ' || coalesce(resolution_note, '-') || ' ' || coalesce(acknowledged_by_name, '-') from public.conversation_support where conversation_id = pg_temp.fx('conversation')),
  'waiting - -', 'it is waiting again, the resolution cleared');
select ok((select count(*) from public.notifications where link like '%conversation=' || pg_temp.fx('conversation')) > 0, 'and dispatch is notified again');
select tests.act_as('sofia.ramirez@acmelogistics.example');
select lives_ok(format($$ select public.send_message(%L, 'Noted for the driver.') $$, pg_temp.fx('conversation')), 'another dispatcher answers');
reset role;
select is((select state || ' ' || acknowledged_by_name from public.conversation_support where conversation_id = pg_temp.fx('conversation')),
  'acknowledged Sofia Ramirez', 'answering acknowledges it');

-- Live topics
select ok(tests.may_receive('customer@acme.test', 'conversation:' || pg_temp.fx('conversation')), 'the customer joins the conversation topic');
select ok(not tests.may_receive('driver@acme.test', 'conversation:' || pg_temp.fx('conversation')), 'a driver does not');
select ok(not tests.may_receive('business@acme.test', 'conversation:' || pg_temp.fx('conversation')), 'another customer does not');
select ok(tests.may_receive('dispatcher@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:conversation_support'), 'a dispatcher joins the queue''s topic');
select ok(not tests.may_receive('customer@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:conversation_support'), 'a customer does not');
select ok(not tests.may_receive('dispatcher@globex.test', 'tenant:a0000000-0000-4000-8000-000000000001:conversation_support'), 'nor another tenant');

select * from finish();
rollback;
