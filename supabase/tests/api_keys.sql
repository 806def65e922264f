-- API keys: only the tenant's admins read and write them (each other panel of acme, globex's
-- admin, anon refused), the hash is never readable through the API nor written to the audit
-- trail, the rules (name, expiry not in the past, business users only, revoked keys frozen) as
-- 23514 details, and revocation stamps revoked_at.
begin;
select plan(32);

-- An insert of a key as the caller, with `patch` merged over a valid tenant key.
create function pg_temp.insert_key(patch jsonb) returns text
language sql
as $$
  select format(
    'insert into public.api_keys (tenant_id, user_id, name, description, key_prefix, key_hash, expires_at) select r.tenant_id, r.user_id, r.name, r.description, r.key_prefix, r.key_hash, r.expires_at from jsonb_populate_record(null::public.api_keys, %L::jsonb) r',
    (jsonb_build_object('tenant_id', 'a0000000-0000-4000-8000-000000000001', 'name', 'Shop sync', 'description', 'Orders from the shop',
       'key_prefix', 'wpk_AbCd1234', 'key_hash', repeat('a', 64)) || patch)::text
  );
$$;
grant execute on all functions in schema pg_temp to anon, authenticated;

-- anon
select tests.act_as(null);
select throws_ok($$ select id from public.api_keys $$, '42501', null, 'anon: cannot read api keys');
select throws_ok(pg_temp.insert_key('{}'), '42501', null, 'anon: cannot insert');

-- every other panel of acme: nothing.
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select count(*)::int from public.api_keys), 0, 'dispatcher: reads no key');
select throws_ok(pg_temp.insert_key('{}'), '42501', null, 'dispatcher: cannot insert');
reset role;
select tests.act_as('business@acme.test');
select is((select count(*)::int from public.api_keys), 0, 'business customer: reads no key, not even their own');
select throws_ok(pg_temp.insert_key('{"user_id": "a1000000-0000-4000-8000-000000000005"}'), '42501', null, 'business customer: cannot issue themselves a key');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok(pg_temp.insert_key('{}'), '42501', null, 'driver: cannot insert');
reset role;
select tests.act_as('customer@acme.test');
select throws_ok(pg_temp.insert_key('{}'), '42501', null, 'customer: cannot insert');

-- admin of acme: issue, read, edit, revoke.
reset role;
select tests.act_as('admin@acme.test');
select lives_ok(pg_temp.insert_key('{}'), 'admin: issues a tenant key');
select lives_ok(pg_temp.insert_key(jsonb_build_object('user_id', 'a1000000-0000-4000-8000-000000000005', 'key_hash', repeat('b', 64), 'key_prefix', 'wpk_Boris123',
  'expires_at', now() + interval '30 days')), 'admin: issues a key to a business user');
select is((select count(*)::int from public.api_keys), 2, 'admin: reads the tenant''s keys');
select is((select created_by::text from public.api_keys where key_prefix = 'wpk_AbCd1234'), 'a1000000-0000-4000-8000-000000000001', 'admin: created_by is the admin');
select throws_ok($$ select key_hash from public.api_keys $$, '42501', null, 'admin: the hash is not readable through the API');
select throws_ok($$ insert into public.api_keys (name, key_prefix, key_hash, created_by) values ('Forged', 'wpk_Forged12', repeat('c', 64), 'a1000000-0000-4000-8000-000000000002') $$,
  '42501', null, 'admin: cannot name another creator');
select is(tests.details(pg_temp.insert_key(jsonb_build_object('name', '   ', 'key_hash', repeat('d', 64)))),
  '[{"key": "api_keys.name_required", "field": "name", "message": "Name is required"}]'::jsonb, 'admin: a blank name is refused on its field');
select is(tests.details(pg_temp.insert_key(jsonb_build_object('expires_at', now() - interval '1 minute', 'key_hash', repeat('d', 64)))),
  '[{"key": "api_keys.expiry_in_past", "field": "expires_at", "message": "Expiry cannot be earlier than now"}]'::jsonb, 'admin: an expiry in the past is refused');
select is(tests.details(pg_temp.insert_key(jsonb_build_object('user_id', 'a1000000-0000-4000-8000-000000000004', 'key_hash', repeat('d', 64)))),
  '[{"key": "api_keys.business_users_only", "field": "user_id", "message": "API keys can only be issued to business users"}]'::jsonb, 'admin: an individual customer gets no key');
select is(tests.details(pg_temp.insert_key(jsonb_build_object('user_id', 'b2000000-0000-4000-8000-000000000004', 'key_hash', repeat('d', 64)))),
  '[{"key": "api_keys.business_users_only", "field": "user_id", "message": "API keys can only be issued to business users"}]'::jsonb, 'admin: another tenant''s user is nobody here');
select throws_ok(pg_temp.insert_key(jsonb_build_object('tenant_id', 'b0000000-0000-4000-8000-000000000001', 'key_hash', repeat('d', 64))),
  '42501', null, 'admin: cannot issue a key in another tenant');
select throws_ok(pg_temp.insert_key(jsonb_build_object('key_hash', 'my-key-in-clear')), '23514', null, 'admin: only a SHA-256 digest is a key_hash');

select is(tests.affected($$ update public.api_keys set name = 'Shop sync v2', description = 'Renamed' where key_prefix = 'wpk_AbCd1234' $$), 1, 'admin: edits an active key');
select is(tests.affected($$ update public.api_keys set is_active = false where key_prefix = 'wpk_AbCd1234' $$), 1, 'admin: revokes it');
select isnt((select revoked_at from public.api_keys where key_prefix = 'wpk_AbCd1234'), null, 'revoking stamps revoked_at');
select is(tests.details($$ update public.api_keys set name = 'Back again' where key_prefix = 'wpk_AbCd1234' $$),
  '[{"key": "api_keys.inactive", "field": "is_active", "message": "Only active API keys can be edited or revoked"}]'::jsonb, 'admin: a revoked key is not edited');
select is(tests.details($$ update public.api_keys set is_active = true where key_prefix = 'wpk_AbCd1234' $$),
  '[{"key": "api_keys.inactive", "field": "is_active", "message": "Only active API keys can be edited or revoked"}]'::jsonb, 'admin: a revoked key is not brought back');
select throws_ok($$ update public.api_keys set key_hash = repeat('e', 64) $$, '42501', null, 'admin: the hash never changes');
select throws_ok($$ delete from public.api_keys $$, '42501', null, 'admin: keys are revoked, never deleted');

-- The audit trail names the admin and never carries the hash.
reset role;
select is((select count(*)::int from public.audit_log where table_name = 'api_keys' and actor_id = 'a1000000-0000-4000-8000-000000000001'), 4,
  'audit: the issues, the edit and the revocation are logged as the admin');
select is((select count(*)::int from public.audit_log where table_name = 'api_keys'
  and (coalesce(new_values::text, '') ~ 'key_hash|aaaaaaaa' or coalesce(old_values::text, '') ~ 'key_hash|aaaaaaaa' or 'key_hash' = any (changed_columns))), 0,
  'audit: the hash is never logged');
select is((select count(*)::int from public.audit_log where table_name = 'api_keys' and action = 'insert' and new_values ->> 'key_prefix' = 'wpk_AbCd1234'), 1,
  'audit: the visible prefix is');

-- globex's admin sees none of acme's.
select tests.act_as('admin@globex.test');
select is((select count(*)::int from public.api_keys), 0, 'globex admin: reads none of acme''s keys');
select is(tests.affected($$ update public.api_keys set name = 'Hijack' $$), 0, 'globex admin: edits none of acme''s keys');

select * from finish();
rollback;
