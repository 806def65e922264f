-- Webhook dispatch at once (migration 20261207001000): an event enqueued, or a delivery made due by
-- a replay, calls the dispatcher through pg_net when a slot is free and the job is on, once per
-- transaction, and never makes the change fail; the job's run calls only when something is due and
-- a slot is free. A call is a request in net.http_request_queue, sent after commit (this file rolls
-- back: nothing is sent).
begin;
select plan(20);

-- No call of earlier work, every slot free, nothing waiting to be sent.
select tests.quiet_webhook_dispatch();
create function pg_temp.lease_both() returns void
language sql
as $$ update private.webhook_dispatch_slots set holder = gen_random_uuid(), held_until = now() + interval '90 seconds' $$;
create function pg_temp.free_both() returns void
language sql
as $$ update private.webhook_dispatch_slots set holder = null, held_until = '-infinity' $$;

-- The trigger's decision.
select tests.enqueue_webhook_event();
select is((select headers ->> 'Authorization' from net.http_request_queue), 'Bearer test-service-key', 'an event enqueued calls with the service key from Vault');
select is(tests.dispatch_calls(), array['{"by": "enqueue"}'::jsonb], 'once, with a slot free');
select tests.enqueue_webhook_event();
select tests.enqueue_webhook_event();
select is(cardinality(tests.dispatch_calls()), 1, 'two statements of one transaction make one call');
savepoint undone;
select tests.enqueue_webhook_event();
rollback to savepoint undone;
select is(tests.dispatch_calls(), '{}'::jsonb[], 'an event rolled back takes its call with it');

select pg_temp.lease_both();
select tests.enqueue_webhook_event();
select is(tests.dispatch_calls(), '{}'::jsonb[], 'an event enqueued with both slots leased makes no call (the calls holding them drain it)');
update private.webhook_dispatch_slots set held_until = now() - interval '1 second' where slot = 2;
select tests.enqueue_webhook_event();
select is(cardinality(tests.dispatch_calls()), 1, 'a slot whose lease ended counts as free');
select pg_temp.free_both();

insert into public.webhook_events (tenant_id, module_id, event_type, subject_id, payload)
select tenant_id, module_id, event_type, subject_id, payload from public.webhook_events where false;
select is(tests.dispatch_calls(), '{}'::jsonb[], 'a statement that enqueues nothing makes no call');

select cron.alter_job((select jobid from cron.job where jobname = 'webhook-dispatch'), active := false);
select tests.enqueue_webhook_event();
select is(tests.dispatch_calls(), '{}'::jsonb[], 'with the job paused, no call (pausing the job pauses dispatch)');
select cron.alter_job((select jobid from cron.job where jobname = 'webhook-dispatch'), active := true);

delete from vault.secrets where name = 'project_url';
select lives_ok($$ select tests.enqueue_webhook_event() $$, 'without the project URL in Vault the event is still written');
select is(tests.dispatch_calls(), '{}'::jsonb[], 'and no call is made (the job sends it later)');
select vault.create_secret('http://127.0.0.1:54321', 'project_url');

-- A delivery to send (the events above are not this part's): acme's dispatcher subscribes, an event, its delivery made by the job's fan-out.
update public.webhook_events set fanned_out_at = now() where fanned_out_at is null;
delete from public.webhook_subscriptions where user_id = 'a1000000-0000-4000-8000-000000000002' and module_id = 'deliveries';
insert into public.webhook_subscriptions (tenant_id, user_id, module_id, webhook_url, signing_secret, created_at)
values ('a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000002', 'deliveries', 'https://dee.example/hooks',
  'whsec_' || repeat('A', 43) || '=', now() - interval '1 minute');
select tests.enqueue_webhook_event();
select tests.dispatch_calls();

-- The job's decision.
select pg_temp.lease_both();
select is(private.webhook_dispatch_tick(), null, 'the job makes no call with both slots leased, a delivery due');
select is(tests.dispatch_calls(), '{}'::jsonb[], 'nothing is queued');
select pg_temp.free_both();
select isnt(private.webhook_dispatch_tick(), null, 'the job calls with a slot free and a delivery due');
select is(tests.dispatch_calls(), array['{"by": "schedule", "due": 1}'::jsonb], 'saying how many are due');
set local role service_role;
select is((select count(*)::int from public.webhook_dispatch_claim(50)), 1, 'the dispatcher claims the delivery due');
reset role;
select is(tests.dispatch_calls(), '{}'::jsonb[], 'and its claim (leasing what it takes) makes no call');

update public.webhook_deliveries set status = 'succeeded', next_attempt_at = null, delivered_at = now()
where subscription_id = (select id from public.webhook_subscriptions where user_id = 'a1000000-0000-4000-8000-000000000002' and module_id = 'deliveries');
select tests.dispatch_calls();
select is(private.webhook_dispatch_tick(), null, 'the job makes no call with nothing due');

-- A delivery made due by other hands than the dispatcher's: a replay.
select tests.act_as('admin@acme.test');
select public.replay_webhook_delivery((select d.id from public.webhook_deliveries d join public.webhook_subscriptions s on s.id = d.subscription_id
  where s.user_id = 'a1000000-0000-4000-8000-000000000002' and s.module_id = 'deliveries' limit 1));
reset role;
select is(tests.dispatch_calls(), array['{"by": "enqueue"}'::jsonb], 'a replay calls the dispatcher');
update public.webhook_deliveries set next_attempt_at = now() + interval '5 seconds'
where status = 'pending' and subscription_id = (select id from public.webhook_subscriptions where user_id = 'a1000000-0000-4000-8000-000000000002' and module_id = 'deliveries');
select is(tests.dispatch_calls(), '{}'::jsonb[], 'a retry set for later makes no call');

select ok((select command ~ '^\s*select private\.webhook_dispatch_tick\(\)\s*$' and schedule = '5 seconds' from cron.job where jobname = 'webhook-dispatch'),
  'the job runs its decision every 5 seconds');

select * from finish();
rollback;
