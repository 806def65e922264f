-- The public API's Idempotency-Key answers are swept after 24 hours by an hourly pg_cron job; the
-- answers of the last 24 hours stay, whichever key and tenant they belong to. No API role runs the
-- sweep.
begin;
select plan(10);

select tests.act_as('admin@acme.test');
insert into public.api_keys (name, key_prefix, key_hash) values ('Sweep', 'wpk_Sweep123', repeat('a', 64));
reset role;
select tests.act_as('admin@globex.test');
insert into public.api_keys (name, key_prefix, key_hash) values ('Sweep', 'wpk_SweepGlx', repeat('b', 64));
reset role;

-- Answers of both tenants: one a day and a minute old, one just under a day, one new, one a day old
-- and still unanswered.
insert into public.api_idempotency_keys (tenant_id, api_key_id, idempotency_key, request_fingerprint, response_status, response_body, created_at, expires_at)
select k.tenant_id, k.id, v.idem, repeat('c', 64), v.status, case when v.status is null then null else '{}'::jsonb end, now() - v.age, now() - v.age + interval '24 hours'
from public.api_keys k
cross join (values ('old', interval '24 hours 1 minute', 201), ('almost', interval '23 hours 59 minutes', 201),
                   ('new', interval '0', 201), ('stuck', interval '25 hours', null)) as v (idem, age, status)
where k.key_prefix in ('wpk_Sweep123', 'wpk_SweepGlx');

select is((select schedule from cron.job where jobname = 'api-idempotency-sweep'), '41 * * * *', 'the sweep runs every hour');
select is((select command from cron.job where jobname = 'api-idempotency-sweep'), ' select private.sweep_api_idempotency() ', 'the job runs the sweep');

select tests.act_as(null);
select throws_ok($$ select private.sweep_api_idempotency() $$, '42501', null, 'anon: cannot sweep');
reset role;
select tests.act_as('admin@acme.test');
select throws_ok($$ select private.sweep_api_idempotency() $$, '42501', null, 'acme admin: cannot sweep');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok($$ select private.sweep_api_idempotency() $$, '42501', null, 'globex admin: cannot sweep');
reset role;

-- The job as pg_cron runs it.
do $$ begin execute (select command from cron.job where jobname = 'api-idempotency-sweep'); end $$;

select is((select count(*)::int from public.api_idempotency_keys i join public.api_keys k on k.id = i.api_key_id
  where k.key_prefix in ('wpk_Sweep123', 'wpk_SweepGlx') and i.idempotency_key in ('old', 'stuck')), 0,
  'answers older than 24 hours are deleted, an unanswered one too, in both tenants');
select set_eq($$ select k.key_prefix || '/' || i.idempotency_key from public.api_idempotency_keys i join public.api_keys k on k.id = i.api_key_id
  where k.key_prefix in ('wpk_Sweep123', 'wpk_SweepGlx') $$,
  array['wpk_Sweep123/almost', 'wpk_Sweep123/new', 'wpk_SweepGlx/almost', 'wpk_SweepGlx/new'],
  'answers of the last 24 hours stay');
select is(private.sweep_api_idempotency(), 0, 'a second sweep finds nothing left to delete');

-- A swept Idempotency-Key may be used again, as a new request.
set local role service_role;
select is(public.begin_api_idempotency((select id from public.api_keys where key_prefix = 'wpk_Sweep123'), 'old', repeat('d', 64)) ->> 'state',
  'new', 'a swept Idempotency-Key starts a new request');
select is(public.begin_api_idempotency((select id from public.api_keys where key_prefix = 'wpk_Sweep123'), 'new', repeat('d', 64)) ->> 'state',
  'conflict', 'a kept one still guards its request');
reset role;

select * from finish();
rollback;
