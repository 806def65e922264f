-- Tenancy: public.notifications, its RPCs, its live topic and who may join tenant topics on
-- realtime.messages, as anon, each panel of acme and globex's admin.
begin;
select plan(42);

create temp table ids (name text primary key, id uuid not null);
insert into ids values
  ('acme', 'a0000000-0000-4000-8000-000000000001'), ('globex', 'b0000000-0000-4000-8000-000000000001'),
  ('acme customer', 'a1000000-0000-4000-8000-000000000004'), ('acme driver', 'a1000000-0000-4000-8000-000000000003'),
  ('globex admin', 'b2000000-0000-4000-8000-000000000001');
create function pg_temp.topic(tenant text, who text) returns text language sql stable
as $$ select 'tenant:' || (select id from ids where name = tenant) || ':notifications:' || (select id from ids where name = who) $$;

-- The seed gives every person four notifications, two of them unread.
select is((select count(*)::int from public.notifications), 36, 'seed: four notifications for each of the nine people');

-- anon
select tests.act_as(null);
select throws_ok($$ select id from public.notifications $$, '42501', null, 'anon: cannot read notifications');
select throws_ok($$ select public.notification_stats() $$, '42501', null, 'anon: no stats');
select throws_ok($$ select public.mark_all_notifications_read() $$, '42501', null, 'anon: cannot mark all read');

-- Each user reads their own, and only them.
reset role;
select tests.act_as('customer@acme.test');
select is((select count(*)::int from public.notifications), 4, 'customer: reads their four');
select is((select count(*)::int from public.notifications where user_id <> auth.uid()), 0, 'customer: reads nobody else''s');
select is(public.notification_stats()::jsonb, '{"total": 4, "unread": 2}'::jsonb, 'customer: notification_stats');
select is(tests.affected($$ update public.notifications set read_at = now() where id = (select id from public.notifications where read_at is null order by created_at limit 1) $$), 1, 'customer: marks one read');
select is(public.notification_stats()::jsonb, '{"total": 4, "unread": 1}'::jsonb, 'customer: one unread left');
select is(public.mark_all_notifications_read(), 1, 'customer: mark_all_notifications_read marks the rest');
select is(public.notification_stats()::jsonb, '{"total": 4, "unread": 0}'::jsonb, 'customer: none unread');
select throws_ok($$ update public.notifications set title = 'Edited' $$, '42501', null, 'customer: cannot edit a notification');
select throws_ok($$ update public.notifications set user_id = 'a1000000-0000-4000-8000-000000000003' $$, '42501', null, 'customer: cannot hand a notification to someone else');
select throws_ok($$ delete from public.notifications $$, '42501', null, 'customer: cannot delete notifications');
select throws_ok($$ insert into public.notifications (tenant_id, user_id, title) values ('a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000004', 'Self') $$, '42501', null, 'customer: cannot create notifications');

reset role;
select tests.act_as('driver@acme.test');
select is(public.notification_stats()::jsonb, '{"total": 4, "unread": 2}'::jsonb, 'driver: their own stats, untouched by the customer');
select is(tests.affected($$ update public.notifications set read_at = now() where user_id = 'a1000000-0000-4000-8000-000000000004' $$), 0, 'driver: cannot mark the customer''s');
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select count(*)::int from public.notifications where user_id = auth.uid()), 4, 'dispatcher: reads their own');
select is((select count(*)::int from public.notifications where user_id <> auth.uid()), 0, 'dispatcher: reads nobody else''s');
reset role;
select tests.act_as('admin@acme.test');
select is((select count(*)::int from public.notifications), 4, 'admin: reads only their own, not the tenant''s');
select is(tests.affected($$ update public.notifications set read_at = now() where user_id <> auth.uid() $$), 0, 'admin: cannot mark others'' read');
select throws_ok($$ insert into public.notifications (tenant_id, user_id, title) values ('a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000003', 'Hi') $$, '42501', null, 'admin: cannot create notifications through the API');
reset role;
select tests.act_as('admin@globex.test');
select is((select count(*)::int from public.notifications where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'globex admin: reads nothing of acme');
select is(public.mark_all_notifications_read(), 2, 'globex admin: mark all read marks their own two');

-- What holds whoever writes.
reset role;
select throws_ok($$ insert into public.notifications (tenant_id, user_id, title) values ('b0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000004', 'Wrong tenant') $$, '23503', null, 'the recipient must belong to the notification''s tenant');
select throws_ok($$ insert into public.notifications (tenant_id, user_id, title) values ('a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000004', '  ') $$, '23514', null, 'a title is required');

-- Live: a change goes to its recipient's topic only.
delete from realtime.messages;
insert into public.notifications (tenant_id, user_id, title) values ('a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000004', 'Parcel arrived');
select results_eq(
  $$ select topic, event, payload #>> '{record,title}' from realtime.messages $$,
  $$ values (pg_temp.topic('acme', 'acme customer'), 'INSERT', 'Parcel arrived') $$,
  'insert: broadcast to tenant:<tenant>:notifications:<user>'
);
select ok((select bool_and(private) from realtime.messages), 'the broadcast is private');

-- Who may join which topic.
select ok(tests.may_receive('customer@acme.test', pg_temp.topic('acme', 'acme customer')), 'customer: joins their own notifications topic');
select ok(not tests.may_receive('driver@acme.test', pg_temp.topic('acme', 'acme customer')), 'driver: not another user''s notifications topic');
select ok(not tests.may_receive('admin@acme.test', pg_temp.topic('acme', 'acme customer')), 'admin: not another user''s notifications topic either');
select ok(not tests.may_receive('admin@globex.test', pg_temp.topic('acme', 'acme customer')), 'globex admin: not an acme topic');
select ok(not tests.may_receive('admin@globex.test', pg_temp.topic('acme', 'globex admin')), 'globex admin: not their own id under acme');
select ok(tests.may_receive('admin@globex.test', pg_temp.topic('globex', 'globex admin')), 'globex admin: their own topic');
select ok(tests.may_receive('dispatcher@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:deliveries'), 'dispatcher: a tenant entity topic of their tenant');
select ok(not tests.may_receive('dispatcher@globex.test', 'tenant:a0000000-0000-4000-8000-000000000001:deliveries'), 'globex dispatcher: not an acme entity topic');
select ok(not tests.may_receive('admin@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:notifications'), 'admin: not a notifications topic without a user');
select ok(not tests.may_receive('admin@acme.test', 'tenant:not-a-uuid:deliveries'), 'a malformed topic is refused, not an error');
select ok(not tests.may_receive('orphan@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:deliveries'), 'a user without a profile joins no tenant topic');
select ok(not tests.may_receive(null, 'tenant:a0000000-0000-4000-8000-000000000001:deliveries'), 'anon joins no tenant topic');

-- Permissive policies added later cannot open tenant topics wider (the restrictive policy).
create policy "test: too wide" on realtime.messages for select to authenticated using (true);
select ok(not tests.may_receive('driver@acme.test', pg_temp.topic('acme', 'acme customer')), 'a later permissive policy does not open another user''s topic');
select ok(tests.may_receive('driver@acme.test', 'conversation:42'), 'a later permissive policy still governs other topics');

select * from finish();
rollback;
