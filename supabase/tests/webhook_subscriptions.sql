-- Webhook subscriptions: the catalogue is read by members; subscriptions are the tenant admins'
-- to read and write (other panels, globex's admin and anon refused), the signing secret is not
-- readable through the API and neither secret reaches the audit trail, and the card's rules
-- (a valid URL, both auth header fields or neither, one per person and module) answer 23514.
begin;
select plan(20);

create function pg_temp.insert_subscription(patch jsonb) returns text
language sql
as $$
  select format(
    'insert into public.webhook_subscriptions (tenant_id, user_id, module_id, webhook_url, secret_header_key, secret_header_value, signing_secret) select r.tenant_id, r.user_id, r.module_id, r.webhook_url, r.secret_header_key, r.secret_header_value, r.signing_secret from jsonb_populate_record(null::public.webhook_subscriptions, %L::jsonb) r',
    (jsonb_build_object('tenant_id', 'a0000000-0000-4000-8000-000000000001', 'user_id', 'a1000000-0000-4000-8000-000000000005', 'module_id', 'deliveries',
       'webhook_url', 'https://shop.example/hooks', 'secret_header_key', 'Authorization', 'secret_header_value', 'Bearer hush-hush',
       'signing_secret', 'whsec_' || repeat('A', 43) || '=') || patch)::text
  );
$$;
grant execute on all functions in schema pg_temp to anon, authenticated;

select tests.act_as(null);
select throws_ok($$ select id from public.webhook_modules $$, '42501', null, 'anon: cannot read the catalogue');
select throws_ok(pg_temp.insert_subscription('{}'), '42501', null, 'anon: cannot subscribe');

reset role;
select tests.act_as('business@acme.test');
select is((select count(*)::int from public.webhook_modules), 8, 'a member reads the catalogue');
select is((select count(*)::int from public.webhook_subscriptions), 0, 'business customer: reads no subscription');
select throws_ok(pg_temp.insert_subscription('{}'), '42501', null, 'business customer: cannot subscribe themselves');
reset role;
select tests.act_as('dispatcher@acme.test');
select throws_ok(pg_temp.insert_subscription('{}'), '42501', null, 'dispatcher: cannot subscribe');

reset role;
select tests.act_as('admin@acme.test');
select lives_ok(pg_temp.insert_subscription('{}'), 'admin: subscribes a business user to deliveries');
select is((select created_by::text from public.webhook_subscriptions), 'a1000000-0000-4000-8000-000000000001', 'admin: created_by is the admin');
select throws_ok($$ select signing_secret from public.webhook_subscriptions $$, '42501', null, 'admin: the signing secret is not readable through the API');
select throws_ok(pg_temp.insert_subscription('{}'), '23505', null, 'admin: one subscription per person and module');
select is(tests.details(pg_temp.insert_subscription('{"module_id": "exceptions", "webhook_url": "not a url"}')),
  '[{"key": "webhooks.url_invalid", "field": "webhook_url", "message": "Please enter a valid URL"}]'::jsonb, 'admin: an invalid URL is refused with the card''s message');
select is(tests.details(pg_temp.insert_subscription('{"module_id": "exceptions", "secret_header_value": null}')),
  '[{"key": "webhooks.header_incomplete", "field": "secret_header_value", "message": "Enter both the header name and its value, or neither"}]'::jsonb, 'admin: a header name without its value is refused');
select lives_ok(pg_temp.insert_subscription('{"module_id": "exceptions", "secret_header_key": null, "secret_header_value": null}'), 'admin: no auth header is fine');
select throws_ok(pg_temp.insert_subscription('{"module_id": "nope"}'), '23503', null, 'admin: only a module of the catalogue');
select throws_ok(pg_temp.insert_subscription('{"module_id": "assignments", "signing_secret": "plain"}'), '23514', null, 'admin: only a whsec_ secret signs');
select is(tests.affected($$ update public.webhook_subscriptions set webhook_url = 'https://shop.example/v2', is_active = false where module_id = 'deliveries' $$), 1, 'admin: edits a subscription');
select throws_ok($$ update public.webhook_subscriptions set user_id = 'a1000000-0000-4000-8000-000000000004' $$, '42501', null, 'admin: the owner never changes');

reset role;
select is((select count(*)::int from public.audit_log where table_name = 'webhook_subscriptions'
  and (coalesce(new_values::text, '') || coalesce(old_values::text, '')) ~ '(hush-hush|whsec_|secret_header)'), 0, 'audit: neither secret is logged');
select is((select count(*)::int from public.audit_log where table_name = 'webhook_subscriptions' and actor_id = 'a1000000-0000-4000-8000-000000000001'), 3, 'audit: the admin''s changes are logged');

select tests.act_as('admin@globex.test');
select is((select count(*)::int from public.webhook_subscriptions), 0, 'globex admin: reads none of acme''s subscriptions');

select * from finish();
rollback;
