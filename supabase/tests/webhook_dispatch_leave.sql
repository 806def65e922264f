-- A dispatcher call leaving its slot (migration 20261209900000) calls the dispatcher again when work
-- waits that it can claim, and only then; an enqueue's decision and a leave share one advisory lock
-- (tests/app/webhook-dispatch-leave.test.ts shows the two transactions meeting on it). A call is a
-- request in net.http_request_queue, sent after commit (this file rolls back: nothing is sent).
begin;
select plan(15);

-- No call of earlier work, every slot free, nothing waiting to be sent.
select tests.quiet_webhook_dispatch();
-- Both slots taken by two calls, as the dispatcher does; their tokens in `held`, first call first.
create temp table held (n serial, token uuid);
create function pg_temp.enter_both() returns void
language plpgsql
as $$
declare
  first uuid;
  second uuid;
begin
  truncate held;
  perform set_config('role', 'service_role', true);
  first := public.webhook_dispatch_enter();
  second := public.webhook_dispatch_enter();
  execute 'reset role';
  insert into held (token) values (first), (second);
end;
$$;
-- The calls queued so far, without forgetting them.
create function pg_temp.queued() returns jsonb[]
language sql
as $$ select coalesce(array_agg(convert_from(q.body, 'UTF8')::jsonb order by q.id), '{}') from net.http_request_queue q where q.url = 'http://127.0.0.1:54321/functions/v1/webhook-dispatch' $$;
-- What a new transaction would not carry over: this one's call.
create function pg_temp.next_transaction() returns void
language sql
as $$ select set_config('waypost.webhook_dispatch_called', '', true) $$;
create function pg_temp.free_all() returns void
language sql
as $$ update private.webhook_dispatch_slots set holder = null, held_until = '-infinity'; delete from net.http_request_queue; update private.webhook_dispatch_wake set requested_at = '-infinity' $$;
create function pg_temp.holder(k int) returns uuid
language sql
as $$ select token from held order by n offset k - 1 limit 1 $$;
create function pg_temp.leave(token uuid) returns void
language plpgsql
as $$
begin
  perform set_config('role', 'service_role', true);
  perform public.webhook_dispatch_leave(token);
  execute 'reset role';
end;
$$;

-- Nothing waiting: leaving makes no call.
select pg_temp.enter_both();
select pg_temp.leave(pg_temp.holder(1));
select is(tests.dispatch_calls(), '{}'::jsonb[], 'a call leaving with nothing waiting makes no call');
select pg_temp.leave(pg_temp.holder(2));
update private.webhook_dispatch_slots set holder = null, held_until = '-infinity';

-- An event enqueued while both slots are held: no call then; the first holder to leave calls.
select pg_temp.enter_both();
select tests.enqueue_webhook_event();
select is(tests.dispatch_calls(), '{}'::jsonb[], 'an event enqueued with both slots held makes no call');
select ok(exists (select 1 from pg_locks l where l.locktype = 'advisory' and l.mode = 'ShareLock' and l.pid = pg_backend_pid()
  and ((l.classid::bigint << 32) | l.objid::bigint) = private.webhook_dispatch_lock_key()),
  'the enqueue''s decision holds the dispatch lock shared until its transaction ends');
select pg_temp.leave(pg_temp.holder(1));
select is(tests.dispatch_calls(), array['{"by": "leave"}'::jsonb], 'the call leaving its slot calls the dispatcher for the waiting event');
select ok(exists (select 1 from pg_locks l where l.locktype = 'advisory' and l.mode = 'ExclusiveLock' and l.pid = pg_backend_pid()
  and ((l.classid::bigint << 32) | l.objid::bigint) = private.webhook_dispatch_lock_key()),
  'the leave took the dispatch lock exclusively (it waits for enqueues in flight)');
select pg_temp.leave(pg_temp.holder(2));
select is(tests.dispatch_calls(), array['{"by": "leave"}'::jsonb], 'a second leave with the event still waiting calls again (one of them finds it)');

-- A leave whose lease had ended frees nothing and calls nothing.
update private.webhook_dispatch_slots set holder = null, held_until = '-infinity';
select pg_temp.enter_both();
update private.webhook_dispatch_slots set held_until = now() - interval '1 second' where holder = pg_temp.holder(1);
select pg_temp.leave(pg_temp.holder(1));
select is(tests.dispatch_calls(), '{}'::jsonb[], 'a late leave (lease over) makes no call');
update private.webhook_dispatch_slots set holder = null, held_until = '-infinity';
update public.webhook_events set fanned_out_at = now() where fanned_out_at is null;

-- A delivery due that no claim can take (its subscription is inactive) is not work: no call, so no endless calls.
insert into public.webhook_subscriptions (tenant_id, user_id, module_id, webhook_url, signing_secret, is_active, created_at)
values ('a0000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001', 'deliveries', 'https://off.example/hooks',
  'whsec_' || repeat('B', 43) || '=', false, now() - interval '1 minute');
insert into public.webhook_deliveries (tenant_id, subscription_id, event_id, event_type)
select 'a0000000-0000-4000-8000-000000000001', s.id, (select e.id from public.webhook_events e where e.tenant_id = 'a0000000-0000-4000-8000-000000000001' limit 1), 'delivery.created'
from public.webhook_subscriptions s where s.webhook_url = 'https://off.example/hooks';
select tests.dispatch_calls();
select pg_temp.enter_both();
select pg_temp.leave(pg_temp.holder(1));
select is(tests.dispatch_calls(), '{}'::jsonb[], 'a delivery due to an inactive subscription makes no call (no claim could take it)');
select pg_temp.leave(pg_temp.holder(2));

-- With the job paused, leaving calls nothing (pausing the job pauses dispatch).
select tests.enqueue_webhook_event();
select tests.dispatch_calls();
select pg_temp.enter_both();
select cron.alter_job((select jobid from cron.job where jobname = 'webhook-dispatch'), active := false);
select pg_temp.leave(pg_temp.holder(1));
select is(tests.dispatch_calls(), '{}'::jsonb[], 'with the job paused, a leave makes no call');
select cron.alter_job((select jobid from cron.job where jobname = 'webhook-dispatch'), active := true);
select pg_temp.leave(pg_temp.holder(2));
select is(tests.dispatch_calls(), array['{"by": "leave"}'::jsonb], 'with the job on again, the other holder leaving calls');

-- A burst: the first event's call is on its way (requested, not arrived); the next transactions' events wait for it.
select pg_temp.free_all();
select tests.enqueue_webhook_event();
select is(cardinality(pg_temp.queued()), 1, 'a first event with a slot free calls');
select pg_temp.next_transaction();
select tests.enqueue_webhook_event();
select is(cardinality(pg_temp.queued()), 1, 'the next transaction''s event makes no call while that call is on its way');
set local role service_role;
select isnt(public.webhook_dispatch_enter(), null, 'the call arrives and takes a slot');
reset role;
select is((select requested_at from private.webhook_dispatch_wake), '-infinity'::timestamptz, 'its arrival ends its standing for later events');
select pg_temp.next_transaction();
select tests.enqueue_webhook_event();
select is(cardinality(pg_temp.queued()), 2, 'an event after its arrival, a slot still free, calls again');

select * from finish();
rollback;
