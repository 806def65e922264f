-- The dispatcher's own tables and functions: dispatcher_settings (each dispatcher only
-- their own row; validation as 23514 details), the support queue's acknowledgements of failed
-- attempts (acknowledge_failure, resolve_failure, support_failures), notify_admins and its
-- admin_messages, and the live topics remittances / support_acknowledgements, as anon and each panel
-- of acme and globex. On the seed (78_dispatcher.sql), rolled back.
begin;
select plan(81);

create function pg_temp.has_detail(statement text, field text, part text) returns boolean
language sql
as $$
  select coalesce((select bool_or(e ->> 'field' = field and position(part in e ->> 'message') > 0)
    from jsonb_array_elements(tests.details(statement)) e), false);
$$;

-- Fixtures: acme's open (unacknowledged) recent failures, one of globex's, an acme zone and service.
create temporary table fx (name text primary key, id uuid);
insert into fx
select 'open' || row_number() over (order by f.failed_at desc), f.id from public.support_failures f
where f.tenant_id = 'a0000000-0000-4000-8000-000000000001' and f.state = 'open' order by f.failed_at desc limit 2;
insert into fx
select 'globex_failure', f.id from public.support_failures f
where f.tenant_id = 'b0000000-0000-4000-8000-000000000001' and f.state = 'open' order by f.failed_at desc limit 1;
insert into fx select 'acme_zone', z.id from public.zones z where z.tenant_id = 'a0000000-0000-4000-8000-000000000001' order by z.name limit 1;
insert into fx select 'acme_service', s.id from public.delivery_services s where s.tenant_id = 'a0000000-0000-4000-8000-000000000001' order by s.name limit 1;
grant select on fx to anon, authenticated;
create function pg_temp.fx(n text) returns uuid language sql as $$ select id from fx where name = n $$;
grant execute on all functions in schema pg_temp to anon, authenticated;

select is((select count(*)::int from fx where id is not null), 5, 'seed: two open acme failures, an open globex one, an acme zone and service');
select ok((select count(*) from public.dispatcher_settings) >= 4, 'seed: dispatchers of both tenants have settings');
select ok((select count(*) from public.support_acknowledgements where resolved_at is not null) > 0
  and (select count(*) from public.support_acknowledgements where resolved_at is null) > 0, 'seed: acknowledged and resolved failures');
select ok((select count(distinct tenant_id) from public.support_acknowledgements) = 2, 'seed: in both tenants');

-- anon
select tests.act_as(null);
select throws_ok($$ select * from public.dispatcher_settings $$, '42501', null, 'anon: cannot read settings');
select throws_ok($$ select * from public.support_acknowledgements $$, '42501', null, 'anon: cannot read acknowledgements');
select throws_ok($$ select * from public.admin_messages $$, '42501', null, 'anon: cannot read admin messages');
select throws_ok($$ select public.notify_admins('Hi', 'There') $$, '42501', null, 'anon: cannot contact admins');
select throws_ok($$ select public.acknowledge_failure(pg_temp.fx('open1')) $$, '42501', null, 'anon: cannot acknowledge');

-- acme customer and driver
reset role;
select tests.act_as('customer@acme.test');
select is((select count(*)::int from public.dispatcher_settings), 0, 'customer: reads no settings');
select is((select count(*)::int from public.support_acknowledgements), 0, 'customer: reads no acknowledgements');
select throws_ok($$ insert into public.dispatcher_settings (late_threshold_minutes) values (20) $$, '42501', null, 'customer: cannot save settings');
select throws_ok($$ select public.acknowledge_failure(pg_temp.fx('open1')) $$, '42501', 'Only admins and dispatchers handle failed deliveries', 'customer: cannot acknowledge');
select throws_ok($$ select public.notify_admins('Hi', 'There') $$, '42501', 'Only dispatchers can contact the admins here', 'customer: cannot contact admins');
select is((select count(*)::int from public.admin_messages), 0, 'customer: reads no admin messages');
reset role;
select tests.act_as('driver@acme.test');
select is((select count(*)::int from public.dispatcher_settings), 0, 'driver: reads no settings');
select is((select count(*)::int from public.support_acknowledgements), 0, 'driver: reads no acknowledgements');
select throws_ok($$ insert into public.dispatcher_settings (late_threshold_minutes) values (20) $$, '42501', null, 'driver: cannot save settings');
select throws_ok($$ select public.resolve_failure(pg_temp.fx('open1'), 'Done') $$, '42501', null, 'driver: cannot resolve');
select throws_ok($$ select public.notify_admins('Hi', 'There') $$, '42501', null, 'driver: cannot contact admins');

-- acme admin
reset role;
select tests.act_as('admin@acme.test');
select is((select count(*)::int from public.dispatcher_settings), 0, 'admin: reads nobody''s dispatcher settings');
select is((select count(*)::int from public.support_acknowledgements where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'admin: no other tenant''s acknowledgements');
select ok((select count(*) from public.support_acknowledgements) > 0, 'admin: reads the tenant''s acknowledgements');
select throws_ok($$ insert into public.dispatcher_settings (late_threshold_minutes) values (20) $$, '42501', null, 'admin: has no dispatcher settings to save');
select throws_ok($$ select public.notify_admins('Hi', 'There') $$, '42501', null, 'admin: the form is the dispatchers''');
select ok((select count(*) from public.admin_messages) >= 2 and (select bool_and(tenant_id = 'a0000000-0000-4000-8000-000000000001') from public.admin_messages),
  'admin: reads the tenant''s admin messages only');

-- acme dispatcher: settings
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select count(*)::int from public.dispatcher_settings), 1, 'dispatcher: reads exactly one settings row');
select is((select user_id from public.dispatcher_settings), auth.uid(), 'dispatcher: their own');
select is((select late_threshold_minutes from public.dispatcher_settings), 10, 'dispatcher: the seeded threshold');
select is(tests.affected($$ update public.dispatcher_settings set late_threshold_minutes = 45 where true $$), 1, 'dispatcher: updates only their own row');
select is((select late_threshold_minutes from public.dispatcher_settings), 45, 'dispatcher: saved');
select throws_ok($$ insert into public.dispatcher_settings (user_id, late_threshold_minutes) values ('a1000000-0000-4000-8000-000000000101', 20)
  on conflict (user_id) do update set late_threshold_minutes = excluded.late_threshold_minutes $$, '42501', null, 'dispatcher: cannot write a colleague''s row');
select ok(pg_temp.has_detail($$ update public.dispatcher_settings set late_threshold_minutes = 241 $$, 'late_threshold_minutes', 'from 0 to 240'), 'rule: at most 240 minutes');
select ok(pg_temp.has_detail($$ update public.dispatcher_settings set late_threshold_minutes = -1 $$, 'late_threshold_minutes', 'from 0 to 240'), 'rule: no negative threshold');
select ok(pg_temp.has_detail($$ update public.dispatcher_settings set auto_assign_mode = 'always' $$, 'auto_assign_mode', 'off, suggest or auto'), 'rule: a known auto-assign mode');
select ok(pg_temp.has_detail($$ update public.dispatcher_settings set default_board_filters = '{"kind": "truck"}' $$, 'default_board_filters.kind', 'Kind must be'), 'rule: a known kind');
select ok(pg_temp.has_detail($$ update public.dispatcher_settings set default_board_filters = '{"window": "week"}' $$, 'default_board_filters.window', 'Window must be overdue, next hour or today'), 'rule: a known window');
select ok(pg_temp.has_detail($$ update public.dispatcher_settings set default_board_filters = '{"colour": "red"}' $$, 'default_board_filters.colour', 'Unknown board filter'), 'rule: no unknown filter');
select ok(pg_temp.has_detail($$ update public.dispatcher_settings set default_board_filters = '{"zone_id": "not-a-uuid"}' $$, 'default_board_filters.zone_id', 'Zone not found'), 'rule: a zone id');
select lives_ok(format($$ update public.dispatcher_settings set default_board_filters = '{"zone_id": "%s", "service_id": "%s", "kind": "", "window": null}' $$,
  pg_temp.fx('acme_zone'), pg_temp.fx('acme_service')), 'dispatcher: the tenant''s zone and service');
select is((select default_board_filters from public.dispatcher_settings),
  jsonb_build_object('zone_id', pg_temp.fx('acme_zone'), 'service_id', pg_temp.fx('acme_service')), 'empty filters are stored as absent');
select is(tests.affected($$ delete from public.dispatcher_settings where true $$), 1, 'dispatcher: resets their own row only');
select lives_ok($$ insert into public.dispatcher_settings (late_threshold_minutes) values (0) $$, 'dispatcher: saves a new row with the defaults');
select ok((select sound_on_new_unassigned and auto_assign_mode = 'suggest' and default_board_filters = '{}' and tenant_id = 'a0000000-0000-4000-8000-000000000001'
  from public.dispatcher_settings), 'defaults: sound on, suggest, no filters, the tenant');
reset role;
select is((select array_agg(a.action order by a.created_at, a.action) from public.audit_log a
  where a.table_name = 'dispatcher_settings' and a.actor_id = 'a1000000-0000-4000-8000-000000000002'),
  array['delete', 'insert', 'update', 'update']::text[], 'audit: every change of the row is in the audit log with who made it');
select tests.act_as('dispatcher@acme.test');

-- acme dispatcher: the support queue
select ok((select count(*) from public.support_failures where tenant_id = 'a0000000-0000-4000-8000-000000000001') > 0, 'dispatcher: reads the failures');
select is((select count(*)::int from public.support_failures where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'dispatcher: only the tenant''s');
select throws_ok($$ insert into public.support_acknowledgements (tenant_id, delivery_id, delivery_event_id) select tenant_id, delivery_id, id from public.support_failures limit 1 $$,
  '42501', null, 'dispatcher: no direct insert');
select throws_ok($$ select public.acknowledge_failure(pg_temp.fx('globex_failure')) $$, 'PT404', 'Failed attempt not found', 'dispatcher: another tenant''s failure is not found');
select throws_ok($$ select public.acknowledge_failure(gen_random_uuid()) $$, 'PT404', 'Failed attempt not found', 'dispatcher: an unknown failure is not found');
select ok(pg_temp.has_detail(format($$ select public.acknowledge_failure('%s', repeat('x', 1001)) $$, pg_temp.fx('open1')), 'note', 'at most 1000'), 'rule: a note of at most 1000 characters');
select lives_ok($$ select public.acknowledge_failure(pg_temp.fx('open1'), 'Calling the customer') $$, 'dispatcher: acknowledges a failure');
select is((select state from public.support_failures where id = pg_temp.fx('open1')), 'acknowledged', 'the failure is acknowledged');
select ok((select acknowledged_by = auth.uid() and acknowledged_by_name = 'Dana Dispatcher' and note = 'Calling the customer' from public.support_acknowledgements where delivery_event_id = pg_temp.fx('open1')),
  'who acknowledged it and their note');
select ok(pg_temp.has_detail($$ select public.acknowledge_failure(pg_temp.fx('open1')) $$, 'status', 'Already acknowledged by Dana Dispatcher'), 'rule: acknowledged once');
select ok(pg_temp.has_detail($$ select public.resolve_failure(pg_temp.fx('open1'), '  ') $$, 'resolution_note', 'A resolution note is required'), 'rule: a resolution note is required');
select lives_ok($$ select public.resolve_failure(pg_temp.fx('open1'), 'Customer rebooked for tomorrow morning') $$, 'dispatcher: resolves it with a note');
select is((select state || ' / ' || resolution_note from public.support_failures where id = pg_temp.fx('open1')), 'resolved / Customer rebooked for tomorrow morning', 'resolved with the note');
select ok(pg_temp.has_detail($$ select public.resolve_failure(pg_temp.fx('open1'), 'Again') $$, 'status', 'Already resolved'), 'rule: resolved once');
select lives_ok($$ select public.resolve_failure(pg_temp.fx('open2'), 'Returned to the sender') $$, 'dispatcher: resolves an open failure directly');
select ok((select acknowledged_by = auth.uid() and resolved_by = auth.uid() from public.support_acknowledgements where delivery_event_id = pg_temp.fx('open2')),
  'resolving acknowledges too');

-- acme dispatcher: contacting the admins
reset role;
select tests.act_as('dispatcher@acme.test');
select ok(pg_temp.has_detail($$ select public.notify_admins('  ', '') $$, 'subject', 'Subject is required')
  and pg_temp.has_detail($$ select public.notify_admins('  ', '') $$, 'body', 'Message is required'), 'rule: subject and message are required');
select ok(pg_temp.has_detail($$ select public.notify_admins(repeat('s', 151), 'Body') $$, 'subject', 'at most 150'), 'rule: subject at most 150 characters');
select ok(pg_temp.has_detail($$ select public.notify_admins('Subject', repeat('b', 2001)) $$, 'body', 'at most 2000'), 'rule: message at most 2000 characters');
select is((select (public.notify_admins('Van 3 is out of fuel', 'Refuelling at the depot; back on the road in 20 minutes.')) ->> 'recipients'), '2',
  'dispatcher: both active acme admins are notified');
reset role;
select is((select count(*)::int from public.notifications n join public.profiles p on p.id = n.user_id
  where n.title = 'Dana Dispatcher: Van 3 is out of fuel' and p.panel_type = 'admin' and p.tenant_id = 'a0000000-0000-4000-8000-000000000001'), 2,
  'the notifications are the acme admins''');
select is((select count(*)::int from public.notifications where title = 'Dana Dispatcher: Van 3 is out of fuel' and tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0,
  'nobody of globex is notified');
select tests.act_as('dispatcher@acme.test');
select lives_ok($$ select public.notify_admins('Note ' || g, 'Message ' || g) from generate_series(1, 4) g $$, 'dispatcher: five messages in ten minutes');
select throws_ok($$ select public.notify_admins('Sixth', 'Too many') $$, 'PT429', null, 'rule: a sixth within ten minutes is refused');
select ok((select bool_and(sender_id = auth.uid()) from public.admin_messages), 'dispatcher: reads only their own messages');

-- globex
reset role;
select tests.act_as('dispatcher@globex.test');
select is((select count(*)::int from public.dispatcher_settings), 1, 'globex dispatcher: their own settings only');
select ok(pg_temp.has_detail(format($$ update public.dispatcher_settings set default_board_filters = '{"zone_id": "%s"}' $$, pg_temp.fx('acme_zone')),
  'default_board_filters.zone_id', 'Zone not found'), 'globex dispatcher: another tenant''s zone is not found');
select throws_ok($$ select public.resolve_failure(pg_temp.fx('open2'), 'Mine?') $$, 'PT404', null, 'globex dispatcher: acme''s failures are not found');
select is((select count(*)::int from public.support_failures where tenant_id <> 'b0000000-0000-4000-8000-000000000001'), 0, 'globex dispatcher: sees no acme failure');
reset role;
select tests.act_as('admin@globex.test');
select ok((select bool_and(tenant_id = 'b0000000-0000-4000-8000-000000000001') from public.admin_messages), 'globex admin: reads only globex''s messages');


-- Live topics, decided as Realtime decides at join (as the owner, who writes the probe).
reset role;
select ok(not tests.may_receive('driver@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:remittances'), 'driver: does not hear remittances');
select ok(not tests.may_receive('driver@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:support_acknowledgements'), 'driver: does not hear the support queue');
select ok(tests.may_receive('admin@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:remittances'), 'admin: hears remittances');
select ok(tests.may_receive('dispatcher@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:support_acknowledgements'), 'dispatcher: hears the support queue');
select ok(tests.may_receive('dispatcher@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:remittances'), 'dispatcher: hears remittances');
select ok(not tests.may_receive('dispatcher@globex.test', 'tenant:a0000000-0000-4000-8000-000000000001:remittances'), 'globex dispatcher: does not hear acme''s remittances');

select * from finish();
rollback;
