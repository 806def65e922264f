-- The rate limits' counters are swept by an hourly pg_cron job: a window that started more than an
-- hour ago is deleted (every window in use is one minute), whatever its bucket; the counters of the
-- last hour stay. No role of either tenant, nor anon, runs the sweep.
begin;
select plan(9);

insert into private.rate_limits (bucket, key, window_start, hits) values
  ('tracking', '203.0.113.1', now() - interval '1 hour 1 minute', 60),
  ('api', 'old-key', now() - interval '3 days', 5),
  ('public', '203.0.113.2', now() - interval '2 hours', 1),
  ('tracking', '203.0.113.3', now() - interval '59 minutes', 3),
  ('api', 'new-key', now() - interval '30 seconds', 2),
  ('public', '203.0.113.4', now(), 1);

select is((select schedule from cron.job where jobname = 'rate-limits-sweep'), '23 * * * *', 'the sweep runs every hour');
select is((select command from cron.job where jobname = 'rate-limits-sweep'), ' select private.sweep_rate_limits() ', 'the job runs the sweep');

select tests.act_as(null);
select throws_ok($$ select private.sweep_rate_limits() $$, '42501', null, 'anon: cannot sweep');
reset role;
select tests.act_as('admin@acme.test');
select throws_ok($$ select private.sweep_rate_limits() $$, '42501', null, 'acme admin: cannot sweep');
reset role;
select tests.act_as('business@acme.test');
select throws_ok($$ select private.sweep_rate_limits() $$, '42501', null, 'acme business customer: cannot sweep');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok($$ select private.sweep_rate_limits() $$, '42501', null, 'globex admin: cannot sweep');
reset role;

-- The job as pg_cron runs it.
do $$ begin execute (select command from cron.job where jobname = 'rate-limits-sweep'); end $$;

select set_eq($$ select bucket || '/' || key from private.rate_limits where key in ('203.0.113.1', 'old-key', '203.0.113.2', '203.0.113.3', 'new-key', '203.0.113.4') $$,
  array['tracking/203.0.113.3', 'api/new-key', 'public/203.0.113.4'],
  'windows that started more than an hour ago are deleted in every bucket; the last hour''s stay');
select is(private.sweep_rate_limits(), 0, 'a second sweep finds nothing left to delete');

-- A swept client starts a new window.
set local role service_role;
select is(public.take_public_rate_limit('203.0.113.2', 2, 60) ->> 'remaining', '1', 'a swept client starts a fresh window');
reset role;

select * from finish();
rollback;
