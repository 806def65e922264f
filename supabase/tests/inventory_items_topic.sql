-- The item catalogue's live topic `tenant:<tenant>:inventory_items`: joined by exactly who reads the
-- items (every staff member of the tenant, the warehouse floor included), as each role of both
-- tenants; and what an item's insert, update and delete announce there.
begin;
select plan(27);

create function pg_temp.reads_items(who text, tenant uuid) returns boolean
language plpgsql
as $$
declare
  seen boolean;
begin
  perform tests.act_as(who);
  select exists (select 1 from public.inventory_items where tenant_id = tenant) into seen;
  reset role;
  return seen;
end;
$$;

-- Each role of acme, on acme's topic: the join answers as the items' read does.
select ok(tests.may_receive('admin@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items'), 'acme admin joins the items topic');
select ok(tests.may_receive('dispatcher@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items'), 'acme dispatcher joins it');
select ok(tests.may_receive('tyrone.jackson@acmelogistics.example', 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items'),
  'an acme warehouse-only person (the floor panel) joins it: they read the items');
select ok(tests.may_receive('grace.kim@acmelogistics.example', 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items'),
  'acme staff of one warehouse join it: the catalogue has no warehouse');
select ok(not tests.may_receive('driver@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items'), 'acme driver is refused');
select ok(not tests.may_receive('customer@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items'), 'acme customer is refused');
select ok(not tests.may_receive('business@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items'), 'an acme business customer is refused');
select ok(not tests.may_receive('orphan@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items'), 'someone with no membership is refused');

-- Each role of globex: its own topic as its staff, never acme's.
select ok(tests.may_receive('admin@globex.test', 'tenant:b0000000-0000-4000-8000-000000000001:inventory_items'), 'globex admin joins globex''s items topic');
select ok(tests.may_receive('dispatcher@globex.test', 'tenant:b0000000-0000-4000-8000-000000000001:inventory_items'), 'globex dispatcher joins it');
select ok(tests.may_receive('oliver.bennett@globexfreight.example', 'tenant:b0000000-0000-4000-8000-000000000001:inventory_items'), 'globex warehouse staff join it');
select ok(not tests.may_receive('driver@globex.test', 'tenant:b0000000-0000-4000-8000-000000000001:inventory_items'), 'globex driver is refused');
select ok(not tests.may_receive('customer@globex.test', 'tenant:b0000000-0000-4000-8000-000000000001:inventory_items'), 'globex customer is refused');
select ok(not tests.may_receive('admin@globex.test', 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items'), 'globex admin is refused acme''s topic');
select ok(not tests.may_receive('dispatcher@globex.test', 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items'), 'globex dispatcher is refused acme''s topic');
select ok(not tests.may_receive('oliver.bennett@globexfreight.example', 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items'),
  'globex warehouse staff are refused acme''s topic');
select ok(not tests.may_receive('admin@acme.test', 'tenant:b0000000-0000-4000-8000-000000000001:inventory_items'), 'acme admin is refused globex''s topic');
select ok(not tests.may_receive('admin@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items:a0000000-0000-4000-8000-000000000001'),
  'the topic has no per-row or per-person suffix');

-- No wider than the read: for everyone above, on both tenants' topics, joining means reading items.
select is(
  (select string_agg(who || ' on ' || tenant::text, ', ')
   from unnest(array['admin@acme.test', 'dispatcher@acme.test', 'tyrone.jackson@acmelogistics.example', 'grace.kim@acmelogistics.example',
                     'driver@acme.test', 'customer@acme.test', 'business@acme.test', 'orphan@acme.test',
                     'admin@globex.test', 'dispatcher@globex.test', 'oliver.bennett@globexfreight.example', 'driver@globex.test', 'customer@globex.test']) who,
        unnest(array['a0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001']::uuid[]) tenant
   where tests.may_receive(who, 'tenant:' || tenant::text || ':inventory_items') is distinct from pg_temp.reads_items(who, tenant)),
  null, 'everyone joins the items topic of a tenant exactly when they read that tenant''s items');
select ok(not tests.may_receive(null, 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items'), 'anon is refused');

-- What is announced (as the owner): an item's insert, update and delete, on its tenant's topic only.
delete from realtime.messages;
insert into public.inventory_items (id, tenant_id, name, sku)
values ('a7700000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Topic test dock', 'TOPIC-TEST-1');
select is((select count(*)::integer from realtime.messages
  where topic = 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items' and event = 'INSERT'
    and payload #>> '{record,id}' = 'a7700000-0000-4000-8000-000000000001' and payload ->> 'table' = 'inventory_items'),
  1, 'a new item is announced on its tenant''s items topic, the row in the record');
delete from realtime.messages;
update public.inventory_items set name = 'Topic test dock, renamed' where id = 'a7700000-0000-4000-8000-000000000001';
select is((select payload #>> '{record,name}' from realtime.messages
  where topic = 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items' and event = 'UPDATE'
    and payload #>> '{record,id}' = 'a7700000-0000-4000-8000-000000000001'),
  'Topic test dock, renamed', 'an edit is announced with the row as it is now');
select is((select payload -> 'old_record' from realtime.messages
  where topic = 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items' and event = 'UPDATE'),
  '{"id": "a7700000-0000-4000-8000-000000000001"}'::jsonb, '... the old row cut to its key');
delete from realtime.messages;
delete from public.inventory_items where id = 'a7700000-0000-4000-8000-000000000001';
select is((select count(*)::integer from realtime.messages
  where topic = 'tenant:a0000000-0000-4000-8000-000000000001:inventory_items' and event = 'DELETE'
    and payload #>> '{old_record,id}' = 'a7700000-0000-4000-8000-000000000001' and payload -> 'record' = 'null'::jsonb),
  1, 'a deleted item is announced as a DELETE naming its id');
select is((select count(*)::integer from realtime.messages where topic not like 'tenant:a0000000-0000-4000-8000-000000000001:%'),
  0, 'nothing of acme''s item goes to another tenant''s topics');

-- The topics' panel list takes the warehouse floor's panel and still refuses an unknown one.
select throws_ok($$ insert into private.tenant_topic_panels (entity, panel_types) values ('nothing_here', array['admin', 'robot']) $$,
  '23514', null, 'a topic''s panels are panels the rules know');
select is((select panel_types from private.tenant_topic_panels where entity = 'inventory_items'), array['admin', 'dispatcher', 'warehouse'],
  'the items topic is the staff panels'', the floor included (the items'' read: private.is_staff(true))');

select * from finish();
rollback;
