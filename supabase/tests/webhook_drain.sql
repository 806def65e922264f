-- The dispatcher drains the queue in rounds, several at once (supabase/functions/webhook-dispatch):
-- each claim takes what is due oldest first, so a retry that fell due goes before the deliveries
-- due after it (a burst of new events never starves it), and what one round holds (its lease) is
-- never claimed by another round. Concurrent claims are proven on PostgreSQL in
-- tests/app/webhook-drain-concurrency.test.ts.
begin;
select plan(6);

\set acme 'a0000000-0000-4000-8000-000000000001'
\set ada 'a1000000-0000-4000-8000-000000000001'

insert into public.webhook_subscriptions (id, tenant_id, user_id, module_id, webhook_url, signing_secret, created_by, created_at) values
  ('c0000000-0000-4000-8000-0000000000da', :'acme', :'ada', 'deliveries', 'https://ada.example/drain', 'whsec_' || repeat('D', 43) || '=', :'ada', now() - interval '1 minute');
-- What was written before this test is not its concern.
update public.webhook_events set fanned_out_at = now() where fanned_out_at is null;
update public.webhook_deliveries set status = 'failed', next_attempt_at = null where status = 'pending';

-- Five events; the first already failed once and its retry fell due a second ago.
insert into public.webhook_events (id, tenant_id, module_id, event_type, subject_id, payload, fanned_out_at)
select ('e0000000-0000-4000-8000-00000000000' || n)::uuid, :'acme', 'deliveries', 'delivery.created', gen_random_uuid(),
  jsonb_build_object('type', 'delivery.created', 'n', n), now()
from generate_series(1, 5) n;
insert into public.webhook_deliveries (tenant_id, subscription_id, event_id, event_type, message_id, attempt_count, next_attempt_at)
select :'acme', 'c0000000-0000-4000-8000-0000000000da', ('e0000000-0000-4000-8000-00000000000' || n)::uuid, 'delivery.created', 'msg_drain' || n,
  case when n = 1 then 1 else 0 end, case when n = 1 then now() - interval '1 second' else now() end
from generate_series(1, 5) n;

set local role service_role;
create temp table round1 as select * from public.webhook_dispatch_claim(1);
select is((select message_id || ' ' || attempt from round1), 'msg_drain1 2', 'the due retry is claimed first, before the newer deliveries');
create temp table round2 as select * from public.webhook_dispatch_claim(2);
create temp table round3 as select * from public.webhook_dispatch_claim(2);
select is((select count(*)::int from (select message_id from round1 union all select message_id from round2 union all select message_id from round3) x), 5,
  'round after round the queue drains');
select is((select count(distinct message_id)::int from (select message_id from round1 union all select message_id from round2 union all select message_id from round3) x), 5,
  'no delivery is claimed by two rounds');
select is((select count(*)::int from public.webhook_dispatch_claim(50)), 0, 'a drained queue answers an empty claim, which ends a round');

-- Recorded: a success ends one, a 500 makes the other due again in 5 s, not now.
select public.webhook_dispatch_record((select jsonb_agg(jsonb_build_object('delivery_id', delivery_id, 'status_code', case when message_id = 'msg_drain2' then 500 else 200 end))
  from (select * from round1 union all select * from round2 union all select * from round3) r));
select is((select count(*)::int from public.webhook_dispatch_claim(50)), 0, 'a failed attempt is not due again within the same drain before its retry time');
reset role;
update public.webhook_deliveries set next_attempt_at = now() - interval '1 second' where message_id = 'msg_drain2';
set local role service_role;
select is((select message_id || ' ' || attempt from public.webhook_dispatch_claim(50)), 'msg_drain2 2', 'once its retry time comes, the next round takes it');
reset role;

select * from finish();
rollback;
