-- The public API's rate limit, shared by every edge worker: counted in the database per key, in the
-- same call that resolves the key. Only the platform (service role) may call it; each key counts on
-- its own; a key that may not be used is not counted; a window that has passed starts again.
begin;
select plan(17);

select tests.act_as('admin@acme.test');
insert into public.api_keys (name, key_prefix, key_hash) values ('Limited', 'wpk_Limit123', repeat('6', 64));
insert into public.api_keys (name, key_prefix, key_hash) values ('Other', 'wpk_Other123', repeat('7', 64));
insert into public.api_keys (name, key_prefix, key_hash) values ('Gone', 'wpk_Gone1234', repeat('8', 64));
update public.api_keys set is_active = false where key_prefix = 'wpk_Gone1234';
reset role;
select tests.act_as('admin@globex.test');
insert into public.api_keys (name, key_prefix, key_hash) values ('Globex', 'wpk_GlobexRL', repeat('9', 64));
reset role;

-- No API role of either tenant counts or resolves keys, nor reads the counters.
select tests.act_as(null);
select throws_ok($$ select public.authenticate_api_request(repeat('6', 64), 2, 60) $$, '42501', null, 'anon: cannot take a rate limit');
reset role;
select tests.act_as('admin@acme.test');
select throws_ok($$ select public.authenticate_api_request(repeat('6', 64), 2, 60) $$, '42501', null, 'acme admin: cannot take a rate limit');
select throws_ok($$ select private.take_key_rate_limit('api', 'x', 2, interval '1 minute') $$, '42501', null, 'acme admin: cannot reach the counter');
reset role;
select tests.act_as('business@acme.test');
select throws_ok($$ select public.authenticate_api_request(repeat('6', 64), 2, 60) $$, '42501', null, 'acme business customer: cannot take a rate limit');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok($$ select public.authenticate_api_request(repeat('9', 64), 2, 60) $$, '42501', null, 'globex admin: cannot take a rate limit, even for their key');
select throws_ok($$ select count(*) from private.rate_limits $$, '42501', null, 'globex admin: cannot read the counters');
reset role;

set local role service_role;
select is(public.authenticate_api_request(repeat('6', 64), 2, 60) -> 'rate_limit',
  '{"allowed": true, "limit": 2, "remaining": 1, "retry_after": 60}'::jsonb, 'the first request of a window: allowed, one left');
select is(public.authenticate_api_request(repeat('6', 64), 2, 60) - 'key_id' - 'tenant_id' - 'owner_id' - 'user_id',
  '{"ok": true, "rate_limit": {"allowed": true, "limit": 2, "remaining": 0, "retry_after": 60}}'::jsonb, 'the second: allowed, none left, the key resolved as before');
select is(public.authenticate_api_request(repeat('6', 64), 2, 60) -> 'rate_limit' ->> 'allowed', 'false', 'the third: refused');
select is(public.authenticate_api_request(repeat('6', 64), 2, 60) -> 'rate_limit' ->> 'remaining', '0', 'refused requests leave nothing');
select is(public.authenticate_api_request(repeat('7', 64), 2, 60) -> 'rate_limit' ->> 'remaining', '1', 'another key of the tenant counts on its own');
select is(public.authenticate_api_request(repeat('9', 64), 2, 60) -> 'rate_limit' ->> 'allowed', 'true', 'globex''s key counts on its own');
select is(public.authenticate_api_request(repeat('8', 64), 2, 60), '{"ok": false, "reason": "revoked"}'::jsonb, 'a revoked key is refused as before, without a count');
reset role;
select is((select count(*)::int from private.rate_limits where bucket = 'api' and key = (select id::text from public.api_keys where key_prefix = 'wpk_Gone1234')), 0,
  'a refused key leaves no counter');
select is((select hits from private.rate_limits where bucket = 'api' and key = (select id::text from public.api_keys where key_prefix = 'wpk_Limit123')), 3,
  'the count stops one past the limit');

-- The window passes: the key may call again, a full window ahead.
update private.rate_limits set window_start = now() - interval '61 seconds'
where bucket = 'api' and key = (select id::text from public.api_keys where key_prefix = 'wpk_Limit123');
set local role service_role;
select is(public.authenticate_api_request(repeat('6', 64), 2, 60) -> 'rate_limit',
  '{"allowed": true, "limit": 2, "remaining": 1, "retry_after": 60}'::jsonb, 'a new window starts once the last is over');
select throws_ok($$ select public.authenticate_api_request(repeat('6', 64), 0, 60) $$, '22023', null, 'a limit of nothing is a mistake, not a lock-out');
reset role;

select * from finish();
rollback;
