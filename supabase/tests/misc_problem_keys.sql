-- Exceptions', support's, conversations', returns' moves', webhooks', profiles' and tenant settings'
-- refusals carry stable keys beside their English (migrations 20261213080100..0500), as the error's
-- DETAIL, with the values the words name as params, as acme's admin, dispatcher, driver and customer
-- and globex's admin; SQLSTATE and MESSAGE stay as they were (23514 'Validation failed', PT404 and
-- 42501 with their English).
begin;
select plan(21);

-- The first problem of a refusal as "<sqlstate> <field>:<key>".
create function pg_temp.refused(statement text) returns text
language sql
as $$ select r ->> 'code' || ' ' || coalesce(r #>> '{details,0,field}', '-') || ':' || coalesce(r #>> '{details,0,key}', '-')
      from tests.refusal(statement) r $$;
grant execute on all functions in schema pg_temp to authenticated;

-- An acme delivery on the road with Derek and an exception on it, open, reported by Derek.
select tests.ready_acme_fleet();
create temp table fx as select tests.acme_delivery_in('in_transit') as delivery, null::uuid as exception;
reset role;
grant select on fx to authenticated;
select tests.act_as('driver@acme.test');
insert into public.exceptions (delivery_id, type, severity, description)
  select delivery, 'delayed', 'medium', 'Road closed on Mission St' from fx;
reset role;
update fx set exception = (select id from public.exceptions where delivery_id = fx.delivery);

-- Exceptions
reset role;
select tests.act_as('dispatcher@acme.test');
select is(tests.refusal($$ insert into public.exceptions (delivery_id, type, severity, description) select delivery, '', 'medium', 'x' from fx $$),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "exceptions.type_required", "field": "type", "message": "Type is required"}]}'::jsonb,
  'acme dispatcher: an exception without a type, keyed, same SQLSTATE, message and English');
select is(tests.refusal($$ insert into public.exceptions (delivery_id, type, severity, description) select delivery, 'lost', 'medium', repeat('x', 2001) from fx $$),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "exceptions.description_too_long", "field": "description", "message": "Description must be at most 2000 characters", "params": {"max": 2000}}]}'::jsonb,
  'acme dispatcher: a description too long, keyed with its max');
select is(tests.refusal($$ select public.transition_exception((select exception from fx), 'closed', 'Done') $$),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "exceptions.move_not_allowed", "field": "status", "message": "An exception cannot go from open to closed", "params": {"from": "open", "to": "closed"}}]}'::jsonb,
  'acme dispatcher: a move the machine does not have, keyed with the raw statuses');
select is(pg_temp.refused($$ select public.transition_exception((select exception from fx), 'archived') $$), '23514 status:exceptions.status_invalid',
  'acme dispatcher: an unknown status');
reset role;
select tests.act_as('driver@acme.test');
select is(tests.refusal($$ select public.transition_exception((select exception from fx), 'investigating') $$),
  '{"code": "42501", "message": "Only admins and dispatchers can change the status of an exception", "details": [{"key": "exceptions.status_not_allowed", "message": "Only admins and dispatchers can change the status of an exception"}]}'::jsonb,
  'acme driver: a move only staff make, 42501 keyed');
reset role;
select tests.act_as('admin@globex.test');
select is(tests.refusal($$ select public.transition_exception((select exception from fx), 'investigating') $$),
  '{"code": "PT404", "message": "Exception not found", "details": [{"key": "exceptions.not_found", "message": "Exception not found"}]}'::jsonb,
  'globex admin: another business''s exception is not found, PT404 keyed');

-- Support: failed deliveries and customers' conversations
reset role;
select tests.act_as('admin@acme.test');
select is(tests.refusal($$ select public.resolve_failure(gen_random_uuid(), 'Called') $$),
  '{"code": "PT404", "message": "Failed attempt not found", "details": [{"key": "support.failure_not_found", "message": "Failed attempt not found"}]}'::jsonb,
  'acme admin: an unknown failed attempt, PT404 keyed');
select is(tests.refusal($$ select public.acknowledge_order_conversation(gen_random_uuid()) $$),
  '{"code": "PT404", "message": "Customer conversation not found", "details": [{"key": "support.conversation_not_found", "message": "Customer conversation not found"}]}'::jsonb,
  'acme admin: an unknown customer conversation, PT404 keyed');
reset role;
select tests.act_as('driver@acme.test');
select is(pg_temp.refused($$ select public.acknowledge_failure(gen_random_uuid()) $$), '42501 -:support.failures_staff_only', 'acme driver: failed deliveries are staff''s');
reset role;
select tests.act_as('customer@acme.test');
select is(pg_temp.refused($$ select public.resolve_order_conversation(gen_random_uuid(), 'x') $$), '42501 -:support.conversations_staff_only',
  'acme customer: customers'' messages are staff''s');
reset role;
select tests.act_as('dispatcher@acme.test');
select is(tests.refusal($$ select public.notify_admins('', repeat('x', 2001)) $$),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "support.subject_required", "field": "subject", "message": "Subject is required"}, {"key": "support.body_too_long", "field": "body", "message": "Message must be at most 2000 characters", "params": {"max": 2000}}]}'::jsonb,
  'acme dispatcher: a message to the admins without subject and too long, both keyed');

-- Conversations
reset role;
select tests.act_as('admin@globex.test');
select is(tests.refusal($$ select public.set_conversation_archived(gen_random_uuid(), true) $$),
  '{"code": "PT404", "message": "Conversation not found", "details": [{"key": "chat.conversation_not_found", "message": "Conversation not found"}]}'::jsonb,
  'globex admin: an unknown conversation, PT404 keyed');
select is(tests.refusal($$ select public.create_delivery_conversation((select delivery from fx)) $$),
  '{"code": "PT404", "message": "Delivery not found", "details": [{"key": "chat.delivery_not_found", "message": "Delivery not found"}]}'::jsonb,
  'globex admin: another business''s delivery, PT404 keyed');
reset role;
select tests.act_as('dispatcher@acme.test');
select is(tests.refusal($$ select public.create_delivery_conversation(tests.acme_delivery()) $$),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "chat.delivery_no_driver", "field": "delivery_id", "message": "This delivery has no driver to talk to yet"}]}'::jsonb,
  'acme dispatcher: a delivery with no driver yet, keyed');

-- Returns' moves
reset role;
select tests.act_as('admin@globex.test');
select is(tests.refusal($$ select public.transition_return_request(gen_random_uuid(), 'approved') $$),
  '{"code": "PT404", "message": "Return request not found", "details": [{"key": "returns.not_found", "message": "Return request not found"}]}'::jsonb,
  'globex admin: an unknown return request, PT404 keyed');
reset role;
select tests.act_as('dispatcher@acme.test');
select is(pg_temp.refused($$ select public.put_back_return_request(gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 1) $$), 'PT404 -:returns.not_found',
  'acme dispatcher: put back of an unknown return request, PT404 keyed');

-- Webhooks
reset role;
select tests.act_as('admin@globex.test');
select is(tests.refusal($$ select public.replay_webhook_delivery(gen_random_uuid()) $$),
  '{"code": "PT404", "message": "Webhook delivery not found", "details": [{"key": "webhooks.delivery_not_found", "message": "Webhook delivery not found"}]}'::jsonb,
  'globex admin: an unknown webhook delivery, PT404 keyed');

-- Profiles and tenant settings
reset role;
select tests.act_as('admin@acme.test');
select is(tests.refusal($$ update public.profiles set language = 'es' where email = 'driver@acme.test' $$),
  '{"code": "42501", "message": "Only the user can choose the language of their profile", "details": [{"key": "profiles.language_own_only", "field": "language", "message": "Only the user can choose the language of their profile"}]}'::jsonb,
  'acme admin: a member''s language is theirs, 42501 keyed');
select is(tests.refusal($$ update public.profiles set status = 'inactive' where email = 'admin@acme.test' $$),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "users.self_deactivate", "field": "status", "message": "You cannot deactivate your own account"}]}'::jsonb,
  'acme admin: not their own deactivation, keyed as the admin-users function keys it');
select is(pg_temp.refused($$ select public.get_tenant_settings('b0000000-0000-4000-8000-000000000001') $$), '42501 -:settings.not_member',
  'acme admin: another business''s settings, 42501 keyed');
reset role;
select tests.act_as('customer@acme.test');
select is(tests.refusal($$ update public.profiles set panel_type = 'admin' where email = 'customer@acme.test' $$),
  '{"code": "42501", "message": "Only an administrator of the tenant can change panel, roles, user type or status", "details": [{"key": "profiles.admin_fields", "message": "Only an administrator of the tenant can change panel, roles, user type or status"}]}'::jsonb,
  'acme customer: only admins change the panel, 42501 keyed');

select * from finish();
rollback;
