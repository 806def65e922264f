-- The public API's key resolution and idempotency store: only the platform (service role) resolves
-- a key or touches the stored answers; a key resolves to its owner (its business user, or the admin
-- who created a tenant key) only while it is active, unexpired and its owner active; the use stamp
-- is not audited; an Idempotency-Key replays its answer and refuses another request.
begin;
select plan(24);

-- acme's admin issues a tenant key and a key for Boris (business); globex's admin one of theirs.
select tests.act_as('admin@acme.test');
insert into public.api_keys (name, key_prefix, key_hash) values ('Shop', 'wpk_Tenant12', repeat('1', 64));
insert into public.api_keys (name, user_id, key_prefix, key_hash) values ('Boris shop', 'a1000000-0000-4000-8000-000000000005', 'wpk_Boris123', repeat('2', 64));
insert into public.api_keys (name, key_prefix, key_hash, expires_at) values ('Soon', 'wpk_Expire12', repeat('3', 64), now() + interval '1 hour');
insert into public.api_keys (name, key_prefix, key_hash) values ('Gone', 'wpk_Revoke12', repeat('4', 64));
update public.api_keys set is_active = false where key_prefix = 'wpk_Revoke12';
reset role;
select tests.act_as('admin@globex.test');
insert into public.api_keys (name, key_prefix, key_hash) values ('Globex', 'wpk_Globex12', repeat('5', 64));
reset role;
-- The expiry passes (an owner's edit cannot set it in the past; time can).
alter table public.api_keys disable trigger validate_api_key;
update public.api_keys set expires_at = now() - interval '1 second' where key_prefix = 'wpk_Expire12';
alter table public.api_keys enable trigger validate_api_key;

-- No API role resolves keys or reads the stored answers.
select tests.act_as(null);
select throws_ok($$ select public.authenticate_api_key(repeat('1', 64)) $$, '42501', null, 'anon: cannot resolve a key');
select throws_ok($$ select id from public.api_idempotency_keys $$, '42501', null, 'anon: cannot read stored answers');
reset role;
select tests.act_as('admin@acme.test');
select throws_ok($$ select public.authenticate_api_key(repeat('1', 64)) $$, '42501', null, 'admin: cannot resolve a key');
select throws_ok($$ select id from public.api_idempotency_keys $$, '42501', null, 'admin: cannot read stored answers');
select throws_ok($$ select public.begin_api_idempotency(gen_random_uuid(), 'k', repeat('a', 64)) $$, '42501', null, 'admin: cannot claim an idempotency key');
reset role;
select tests.act_as('business@acme.test');
select throws_ok($$ select public.authenticate_api_key(repeat('2', 64)) $$, '42501', null, 'business customer: cannot resolve even their own key');
select throws_ok($$ select public.finish_api_idempotency(gen_random_uuid(), 200, '{}') $$, '42501', null, 'business customer: cannot record an answer');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok($$ select id from public.api_idempotency_keys $$, '42501', null, 'globex admin: cannot read stored answers');
reset role;

-- The platform resolves keys.
set local role service_role;
select is(public.authenticate_api_key(repeat('1', 64)) - 'key_id',
  '{"ok": true, "tenant_id": "a0000000-0000-4000-8000-000000000001", "owner_id": "a1000000-0000-4000-8000-000000000001", "user_id": null}'::jsonb,
  'a tenant key acts as the admin who created it');
select is(public.authenticate_api_key(repeat('2', 64)) ->> 'owner_id', 'a1000000-0000-4000-8000-000000000005', 'a user-scoped key acts as its business user');
select is(public.authenticate_api_key(repeat('5', 64)) ->> 'tenant_id', 'b0000000-0000-4000-8000-000000000001', 'a globex key is globex''s');
select is(public.authenticate_api_key(repeat('9', 64)), '{"ok": false, "reason": "unknown"}'::jsonb, 'an unknown hash is refused');
select is(public.authenticate_api_key(repeat('3', 64)), '{"ok": false, "reason": "expired"}'::jsonb, 'an expired key is refused');
select is(public.authenticate_api_key(repeat('4', 64)), '{"ok": false, "reason": "revoked"}'::jsonb, 'a revoked key is refused');
reset role;
select ok((select last_used_at is not null from public.api_keys where key_prefix = 'wpk_Tenant12'), 'a resolved key is stamped as used');
select is((select count(*)::int from public.audit_log where table_name = 'api_keys' and action = 'update' and 'last_used_at' = any(changed_columns)), 0,
  'the use stamp is not audited');

-- A deactivated owner's keys stop working.
update public.profiles set status = 'inactive' where id = 'a1000000-0000-4000-8000-000000000005';
set local role service_role;
select is(public.authenticate_api_key(repeat('2', 64)), '{"ok": false, "reason": "owner_inactive"}'::jsonb, 'a deactivated owner''s key is refused');
reset role;

-- Idempotency: claimed once, replayed after the answer, refused with another request.
set local role service_role;
create temp table claim on commit drop as
  select public.begin_api_idempotency((select id from public.api_keys where key_prefix = 'wpk_Tenant12'), 'order-1', repeat('a', 64)) as answer;
select is((select answer ->> 'state' from claim), 'new', 'a first request claims its key');
select is(public.begin_api_idempotency((select id from public.api_keys where key_prefix = 'wpk_Tenant12'), 'order-1', repeat('a', 64)),
  '{"state": "in_progress"}'::jsonb, 'the same request while the first runs is told so');
select lives_ok(format($$ select public.finish_api_idempotency(%L, 201, '{"id": "d1"}') $$, (select answer ->> 'id' from claim)), 'the answer is recorded');
select is(public.begin_api_idempotency((select id from public.api_keys where key_prefix = 'wpk_Tenant12'), 'order-1', repeat('a', 64)),
  '{"state": "replay", "status": 201, "body": {"id": "d1"}}'::jsonb, 'a retry gets the same answer');
select is(public.begin_api_idempotency((select id from public.api_keys where key_prefix = 'wpk_Tenant12'), 'order-1', repeat('b', 64)),
  '{"state": "conflict"}'::jsonb, 'the same key with another request is refused');
select is(public.begin_api_idempotency((select id from public.api_keys where key_prefix = 'wpk_Globex12'), 'order-1', repeat('b', 64)) ->> 'state',
  'new', 'another API key has its own Idempotency-Keys');
-- An expired answer is forgotten: the key may be used again.
reset role;
update public.api_idempotency_keys set expires_at = now() - interval '1 second' where idempotency_key = 'order-1';
set local role service_role;
select is(public.begin_api_idempotency((select id from public.api_keys where key_prefix = 'wpk_Tenant12'), 'order-1', repeat('b', 64)) ->> 'state',
  'new', 'after 24 hours the key is free again');
reset role;

select * from finish();
rollback;
