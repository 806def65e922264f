-- The `public` function's per-client rate limit, shared by every edge worker: counted in the
-- database per client address (bucket 'public'). Only the platform (service role) counts; no role of
-- either tenant, nor anon, may; each client counts on its own; a window that has passed starts again.
begin;
select plan(11);

select tests.act_as(null);
select throws_ok($$ select public.take_public_rate_limit('203.0.113.7', 2, 60) $$, '42501', null, 'anon: cannot take a rate limit');
reset role;
select tests.act_as('admin@acme.test');
select throws_ok($$ select public.take_public_rate_limit('203.0.113.7', 2, 60) $$, '42501', null, 'acme admin: cannot take a rate limit');
reset role;
select tests.act_as('business@acme.test');
select throws_ok($$ select public.take_public_rate_limit('203.0.113.7', 2, 60) $$, '42501', null, 'acme business customer: cannot take a rate limit');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok($$ select public.take_public_rate_limit('203.0.113.7', 2, 60) $$, '42501', null, 'globex admin: cannot take a rate limit');
reset role;

set local role service_role;
select is(public.take_public_rate_limit('203.0.113.7', 2, 60), '{"allowed": true, "limit": 2, "remaining": 1, "retry_after": 60}'::jsonb,
  'the first request of a window: allowed, one left');
select is(public.take_public_rate_limit('203.0.113.7', 2, 60) ->> 'remaining', '0', 'the second: allowed, none left');
select is(public.take_public_rate_limit('203.0.113.7', 2, 60) ->> 'allowed', 'false', 'the third: refused');
select is(public.take_public_rate_limit('198.51.100.9', 2, 60) ->> 'remaining', '1', 'another client counts on its own');
select is(public.take_public_rate_limit('  ', 2, 60) ->> 'remaining', '1', 'a client without an address counts as unknown');
reset role;
select is((select count(*)::int from private.rate_limits where bucket = 'public' and key in ('203.0.113.7', '198.51.100.9', 'unknown')), 3,
  'one counter per client, in its own bucket');

update private.rate_limits set window_start = now() - interval '61 seconds' where bucket = 'public' and key = '203.0.113.7';
set local role service_role;
select is(public.take_public_rate_limit('203.0.113.7', 2, 60) ->> 'remaining', '1', 'a new window starts once the last is over');
reset role;

select * from finish();
rollback;
