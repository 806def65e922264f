-- Webhook dispatch in the database: an event fans out to each active subscription of its module
-- whose owner may read the row (the admin gets the tenant's, a business customer only their own,
-- the other tenant nothing); a claimed delivery is leased (a second claim does not get it); an
-- answer is recorded as an attempt and decides what follows (2xx done, 5xx retried on the
-- schedule then given up, 410 disables, 5 days of failure disables and notifies); the log is the
-- tenant admins' to read, and only the service role claims and records. The cron job calls the
-- dispatcher with the URL and key from Vault.
begin;
select plan(34);

\set acme 'a0000000-0000-4000-8000-000000000001'
\set globex 'b0000000-0000-4000-8000-000000000001'
\set ada 'a1000000-0000-4000-8000-000000000001'
\set boris 'a1000000-0000-4000-8000-000000000005'
\set gina 'b2000000-0000-4000-8000-000000000001'

insert into public.webhook_subscriptions (id, tenant_id, user_id, module_id, webhook_url, signing_secret, created_by, created_at) values
  ('c0000000-0000-4000-8000-00000000000a', :'acme', :'ada', 'deliveries', 'https://ada.example/hooks', 'whsec_' || repeat('A', 43) || '=', :'ada', now() - interval '1 minute'),
  ('c0000000-0000-4000-8000-00000000000b', :'acme', :'boris', 'deliveries', 'https://boris.example/hooks', 'whsec_' || repeat('B', 43) || '=', :'ada', now() - interval '1 minute'),
  ('c0000000-0000-4000-8000-00000000000c', :'globex', :'gina', 'deliveries', 'https://gina.example/hooks', 'whsec_' || repeat('C', 43) || '=', :'gina', now() - interval '1 minute');
-- What was written before this test is not its concern.
update public.webhook_events set fanned_out_at = now() where fanned_out_at is null;

select tests.act_as('dispatcher@acme.test');
-- Carla's delivery, and one of Boris's own.
select tests.acme_delivery();
insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
values (:'boris', '{"full_address": "1 Market St, San Francisco"}', 37.794, -122.395, '{"full_address": "600 Mission St, San Francisco"}', 37.775, -122.41,
  '[{"quantity": 1, "weight_kg": 2}]', 'a6100000-0000-4000-8000-000000000002');
reset role;

set local role service_role;
select is(private.webhook_fan_out(), 3, 'the new events fan out into the deliveries now due');
reset role;

create function pg_temp.deliveries_of(sub text) returns text[]
language sql
as $$
  select coalesce(array_agg(d.event_type || ' ' || (e.payload -> 'data' ->> 'customer_id') order by e.seq), '{}')
  from public.webhook_deliveries d join public.webhook_events e on e.id = d.event_id
  where d.subscription_id = ('c0000000-0000-4000-8000-00000000000' || sub)::uuid;
$$;
select is(pg_temp.deliveries_of('a'), array['delivery.created a1000000-0000-4000-8000-000000000004', 'delivery.created ' || :'boris'],
  'the admin''s subscription carries every delivery of the tenant');
select is(pg_temp.deliveries_of('b'), array['delivery.created ' || :'boris'], 'the business customer''s carries only their own delivery');
select is(pg_temp.deliveries_of('c'), '{}'::text[], 'the other tenant''s carries none');
select ok((select count(distinct message_id) = 3 and bool_and(message_id ~ '^msg_[0-9a-f]{32}$') from public.webhook_deliveries
  where subscription_id in ('c0000000-0000-4000-8000-00000000000a', 'c0000000-0000-4000-8000-00000000000b')), 'each delivery has its own webhook-id');

-- Claims, as the dispatcher does (the service role).
set local role service_role;
create temp table claim2 as select * from public.webhook_dispatch_claim(50);
select is((select count(*)::int from claim2), 3, 'the due deliveries are claimed');
select is((select signing_secret from claim2 where webhook_url = 'https://boris.example/hooks'), 'whsec_' || repeat('B', 43) || '=', 'a claim answers the subscription''s secret');
select is((select count(*)::int from public.webhook_dispatch_claim(50)), 0, 'a claimed delivery is leased: a second run gets none of them');
reset role;

create temp table boris as select delivery_id, message_id from claim2 where webhook_url = 'https://boris.example/hooks';
grant select on claim2, boris to public;

set local role service_role;
select public.webhook_dispatch_record(jsonb_build_array(
  jsonb_build_object('delivery_id', (select delivery_id from boris), 'status_code', 500, 'duration_ms', 12, 'response_excerpt', 'oops')));
reset role;
select is((select status || ' ' || attempt_count || ' ' || (next_attempt_at - now())::text || ' ' || last_status_code from public.webhook_deliveries where id = (select delivery_id from boris)),
  'pending 1 00:00:05 500', 'a 500 is tried again after 5 seconds');
select is((select attempt || ' ' || status_code || ' ' || response_excerpt from public.webhook_attempts where delivery_id = (select delivery_id from boris)),
  '1 500 oops', 'the attempt is logged with its answer');
select ok((select failing_since = now() from public.webhook_subscriptions where id = 'c0000000-0000-4000-8000-00000000000b'), 'the subscription is failing since then');

-- The retry is due (time moves on), claimed again with the same webhook-id, and this time taken.
update public.webhook_deliveries set next_attempt_at = now() - interval '1 second' where id = (select delivery_id from boris);
set local role service_role;
select is((select message_id || ' ' || attempt from public.webhook_dispatch_claim(50) where delivery_id = (select delivery_id from boris)),
  (select message_id from boris) || ' 2', 'the retry keeps the webhook-id');
select public.webhook_dispatch_record(jsonb_build_array(jsonb_build_object('delivery_id', (select delivery_id from boris), 'status_code', 200, 'duration_ms', 9)));
select public.webhook_dispatch_record(jsonb_build_array(jsonb_build_object('delivery_id', (select delivery_id from boris), 'status_code', 200, 'duration_ms', 9)));
reset role;
select is((select status || ' ' || attempt_count || ' ' || (next_attempt_at is null) from public.webhook_deliveries where id = (select delivery_id from boris)),
  'succeeded 2 true', 'a 2xx ends the delivery');
select is((select count(*)::int from public.webhook_attempts where delivery_id = (select delivery_id from boris)), 2, 'an answer recorded twice is logged once');
select is((select failing_since from public.webhook_subscriptions where id = 'c0000000-0000-4000-8000-00000000000b'), null, 'a success ends the failing');

select is(array(select private.webhook_retry_delay(n)::text from generate_series(1, 8) n),
  array['00:00:05', '00:05:00', '00:30:00', '02:00:00', '05:00:00', '10:00:00', '10:00:00', null], 'the retry schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then none');

-- The eighth failure gives up.
create temp table ada as select delivery_id from claim2 where webhook_url = 'https://ada.example/hooks' order by delivery_id limit 2;
grant select on ada to public;
update public.webhook_deliveries set attempt_count = 8 where id = (select min(delivery_id::text)::uuid from ada);
set local role service_role;
select public.webhook_dispatch_record(jsonb_build_array(jsonb_build_object('delivery_id', (select min(delivery_id::text)::uuid from ada), 'status_code', null, 'error', 'The receiver could not be reached')));
reset role;
select is((select status || ' ' || (next_attempt_at is null) || ' ' || last_error from public.webhook_deliveries where id = (select min(delivery_id::text)::uuid from ada)),
  'failed true The receiver could not be reached', 'after the last retry the delivery is given up');

-- Failing for 5 days disables the subscription and tells its owner and the admin who set it up.
update public.webhook_subscriptions set failing_since = now() - interval '5 days 1 minute' where id = 'c0000000-0000-4000-8000-00000000000a';
set local role service_role;
select public.webhook_dispatch_record(jsonb_build_array(jsonb_build_object('delivery_id', (select max(delivery_id::text)::uuid from ada), 'status_code', 503)));
reset role;
select is((select is_active::text || ' ' || disabled_reason from public.webhook_subscriptions where id = 'c0000000-0000-4000-8000-00000000000a'),
  'false Failing for 5 days', 'five days of failure disable the subscription');
select is((select count(*)::int from public.notifications where user_id = :'ada' and title = 'Webhook disabled' and body like 'The Deliveries webhook to https://ada.example/hooks%'),
  1, 'its owner is notified once');

-- A 410 disables at once.
select tests.act_as('dispatcher@acme.test');
insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
values (:'boris', '{"full_address": "1 Market St, San Francisco"}', 37.794, -122.395, '{"full_address": "600 Mission St, San Francisco"}', 37.775, -122.41,
  '[{"quantity": 1, "weight_kg": 2}]', 'a6100000-0000-4000-8000-000000000002');
reset role;
set local role service_role;
create temp table claim3 as select * from public.webhook_dispatch_claim(50);
select public.webhook_dispatch_record((select jsonb_agg(jsonb_build_object('delivery_id', delivery_id, 'status_code', 410)) from claim3));
reset role;
select is((select string_agg(webhook_url, ' ') from claim3), 'https://boris.example/hooks', 'a disabled subscription gets no new delivery');
select is((select is_active::text || ' ' || disabled_reason from public.webhook_subscriptions where id = 'c0000000-0000-4000-8000-00000000000b'),
  'false The receiver answered 410 Gone', 'a 410 disables the subscription');
select is((select status from public.webhook_deliveries where id = (select delivery_id from claim3)), 'failed', 'and ends its delivery');

-- An admin turning it on again starts it afresh.
select tests.act_as('admin@acme.test');
update public.webhook_subscriptions set is_active = true where id = 'c0000000-0000-4000-8000-00000000000b';
reset role;
select is((select disabled_reason from public.webhook_subscriptions where id = 'c0000000-0000-4000-8000-00000000000b'), null, 'turned on again, the reason is cleared');

-- Replay queues a delivery again with its webhook-id; only the tenant's admins may.
select tests.act_as('business@acme.test');
select throws_ok(format('select public.replay_webhook_delivery(%L)', (select delivery_id from boris)), 'PT404', null, 'business customer: cannot replay');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok(format('select public.replay_webhook_delivery(%L)', (select delivery_id from boris)), 'PT404', null, 'globex admin: cannot replay acme''s');
reset role;
select tests.act_as('admin@acme.test');
select public.replay_webhook_delivery((select delivery_id from boris));
reset role;
select is((select status || ' ' || attempt_count || ' ' || (next_attempt_at = now()) || ' ' || message_id from public.webhook_deliveries where id = (select delivery_id from boris)),
  'pending 0 true ' || (select message_id from boris), 'acme admin: a replayed delivery is due now with its webhook-id');

-- The log is the tenant admins' to read; nobody writes it or dispatches through the API.
select tests.act_as('admin@acme.test');
select ok((select count(*) from public.webhook_deliveries) >= 4 and (select count(*) from public.webhook_attempts) >= 4, 'acme admin: reads the tenant''s log');
select throws_ok($$ update public.webhook_deliveries set status = 'pending' $$, '42501', null, 'acme admin: cannot change a delivery');
select throws_ok($$ select * from public.webhook_dispatch_claim(50) $$, '42501', null, 'acme admin: cannot claim');
reset role;
select tests.act_as('business@acme.test');
select is((select count(*)::int from public.webhook_deliveries) + (select count(*)::int from public.webhook_attempts), 0, 'business customer: reads no log');
select throws_ok($$ select public.webhook_dispatch_record('[]') $$, '42501', null, 'business customer: cannot record');
reset role;
select tests.act_as('admin@globex.test');
select is((select count(*)::int from public.webhook_deliveries where tenant_id <> 'b0000000-0000-4000-8000-000000000001'), 0, 'globex admin: reads none of acme''s log');
reset role;
select tests.act_as(null);
select throws_ok($$ select count(*) from public.webhook_attempts $$, '42501', null, 'anon: cannot read the log');
reset role;

select ok((select command ~ 'private\.webhook_dispatch_tick\(\)' and schedule = '5 seconds' from cron.job where jobname = 'webhook-dispatch')
  and (select prosrc ~ 'vault\.decrypted_secrets s where s\.name = ''project_url''' and prosrc ~ 'service_role_key' and prosrc ~ 'net\.http_post'
    from pg_proc where oid = 'private.webhook_dispatch_call(jsonb)'::regprocedure),
  'the cron job calls the dispatcher every 5 seconds with the URL and key from Vault');

select * from finish();
rollback;
