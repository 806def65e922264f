-- Webhooks', API keys', profiles' and tenant settings' refusals carry keys (supabase/README.md,
-- "Refusals and their keys"), so the integrations page, the users' pages and a profile's language
-- show them in the user's language.
--
-- Written out whole from their only definitions: private.webhook_subscription_problems and
-- private.validate_webhook_subscription (20261201002100_webhook_subscriptions.sql),
-- public.replay_webhook_delivery (20261201002400_webhook_replay.sql), private.validate_api_key
-- (20261201002000_api_keys.sql; its problems come keyed from private.api_key_problems, it now raises
-- them through private.raise_problems), public.begin_api_idempotency
-- (20261202003000_public_api_keys.sql; api_keys.not_found, the same refusal as the api-keys function's),
-- private.guard_profile_admin_rules (20261125000100_users_admin.sql; users.self_role,
-- users.self_deactivate and users.last_admin, the same refusals the admin-users function gives),
-- private.guard_profile_update (20261121000200_profiles.sql), private.guard_profile_language
-- (20261201004000_profile_language.sql) and public.get_tenant_settings (20261121000100_tenants.sql).
-- Only how refusals are raised changes: the same SQLSTATE (23514 'Validation failed', PT404, 42501),
-- MESSAGE, fields, English words and hints; grants as the defining migrations gave them.

create or replace function private.webhook_subscription_problems(s public.webhook_subscriptions) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  if s.webhook_url is null or s.webhook_url !~ '^https?://[^\s/?#]+([/?#]\S*)?$' or length(s.webhook_url) > 2000 then
    problems := problems || private.problem('webhooks.url_invalid', 'webhook_url', 'Please enter a valid URL');
  end if;
  if s.secret_header_key is not null and s.secret_header_key !~ '^[A-Za-z0-9!#$%&''*+.^_`|~-]{1,100}$' then
    problems := problems || private.problem('webhooks.header_name_invalid', 'secret_header_key', 'Enter a header name: letters, digits and - only');
  end if;
  if (s.secret_header_key is null) <> (s.secret_header_value is null) then
    problems := problems || private.problem('webhooks.header_incomplete',
      case when s.secret_header_key is null then 'secret_header_key' else 'secret_header_value' end,
      'Enter both the header name and its value, or neither');
  elsif s.secret_header_value is not null and (s.secret_header_value ~ '[\r\n]' or length(s.secret_header_value) > 2000) then
    problems := problems || private.problem('webhooks.header_value_invalid', 'secret_header_value',
      'The header value must be one line of at most 2000 characters', jsonb_build_object('max', 2000));
  end if;
  if not exists (select 1 from public.profiles p where p.id = s.user_id and p.tenant_id = s.tenant_id) then
    problems := problems || private.problem('webhooks.user_not_found', 'user_id', 'User not found');
  end if;
  return problems;
end;
$$;
revoke all on function private.webhook_subscription_problems(public.webhook_subscriptions) from public;
grant execute on function private.webhook_subscription_problems(public.webhook_subscriptions) to authenticated, service_role;

create or replace function private.validate_webhook_subscription() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  problems := private.webhook_subscription_problems(new);
  if jsonb_array_length(problems) > 0 then
    perform private.raise_problems(problems);
  end if;
  return new;
end;
$$;
revoke all on function private.validate_webhook_subscription() from public;

create or replace function public.replay_webhook_delivery(delivery_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.webhook_deliveries;
begin
  select * into d from public.webhook_deliveries w where w.id = replay_webhook_delivery.delivery_id for update;
  if d.id is null or not private.is_tenant_admin(d.tenant_id) then
    perform private.raise_problems(jsonb_build_array(private.problem('webhooks.delivery_not_found', null, 'Webhook delivery not found')),
      'PT404', 'Webhook delivery not found');
  end if;
  update public.webhook_deliveries
  set status = 'pending', next_attempt_at = now(), attempt_count = 0, delivered_at = null
  where id = d.id;
end;
$$;
revoke all on function public.replay_webhook_delivery(uuid) from public, anon;
grant execute on function public.replay_webhook_delivery(uuid) to authenticated;

create or replace function private.validate_api_key() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if tg_op = 'UPDATE' then
    new.revoked_at := case when new.is_active then null when old.is_active then now() else old.revoked_at end;
  else
    new.revoked_at := case when new.is_active then null else now() end;
  end if;
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  problems := private.api_key_problems(new, case when tg_op = 'UPDATE' then old end);
  if jsonb_array_length(problems) > 0 then
    perform private.raise_problems(problems);
  end if;
  return new;
end;
$$;
revoke all on function private.validate_api_key() from public;

create or replace function public.begin_api_idempotency(p_api_key_id uuid, p_idempotency_key text, p_fingerprint text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  existing public.api_idempotency_keys;
  new_id uuid;
begin
  delete from public.api_idempotency_keys where expires_at <= now() and api_key_id = p_api_key_id;
  insert into public.api_idempotency_keys (tenant_id, api_key_id, idempotency_key, request_fingerprint)
  select k.tenant_id, k.id, p_idempotency_key, p_fingerprint from public.api_keys k where k.id = p_api_key_id
  on conflict (api_key_id, idempotency_key) do nothing
  returning id into new_id;
  if new_id is not null then
    return jsonb_build_object('state', 'new', 'id', new_id);
  end if;
  select * into existing from public.api_idempotency_keys where api_key_id = p_api_key_id and idempotency_key = p_idempotency_key;
  if not found then
    perform private.raise_problems(jsonb_build_array(private.problem('api_keys.not_found', null, 'API key not found')),
      'PT404', 'API key not found');
  end if;
  if existing.request_fingerprint <> p_fingerprint then
    return jsonb_build_object('state', 'conflict');
  end if;
  if existing.response_status is null then
    return jsonb_build_object('state', 'in_progress');
  end if;
  return jsonb_build_object('state', 'replay', 'status', existing.response_status, 'body', existing.response_body);
end;
$$;
revoke all on function public.begin_api_idempotency(uuid, text, text) from public, anon, authenticated;
grant execute on function public.begin_api_idempotency(uuid, text, text) to service_role;

create or replace function private.guard_profile_admin_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  was_active_admin boolean := old.panel_type = 'admin' and old.status = 'active';
  stays_active_admin boolean;
  field text;
begin
  if not was_active_admin then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op = 'DELETE' then
    stays_active_admin := false;
    field := 'status';
  else
    stays_active_admin := new.panel_type = 'admin' and new.status = 'active';
    field := case when new.panel_type is distinct from 'admin' then 'panel_type' else 'status' end;
  end if;
  if stays_active_admin then
    return new;
  end if;

  if old.id = auth.uid() then
    perform private.raise_problem(case when field = 'panel_type' then 'users.self_role' else 'users.self_deactivate' end, field,
      case when field = 'panel_type' then 'You cannot change your own role' else 'You cannot deactivate your own account' end);
  end if;

  -- Two admins demoting each other at once must not both succeed: one tenant's changes queue here.
  perform pg_advisory_xact_lock(hashtextextended('profiles.admins:' || old.tenant_id::text, 0));
  if not exists (
    select 1 from public.profiles p
    where p.tenant_id = old.tenant_id and p.id <> old.id and p.panel_type = 'admin' and p.status = 'active'
  ) then
    perform private.raise_problem('users.last_admin', field,
      'A business needs at least one active administrator: make someone else an administrator first');
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
revoke all on function private.guard_profile_admin_rules() from public;

create or replace function private.guard_profile_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.id is distinct from old.id or new.tenant_id is distinct from old.tenant_id then
    perform private.raise_problems(jsonb_build_array(private.problem('profiles.owner_fixed', null,
      'A profile cannot move to another user or tenant')), '42501', 'A profile cannot move to another user or tenant');
  end if;
  if new.email is distinct from old.email then
    perform private.raise_problems(jsonb_build_array(private.problem('profiles.email_follows_account', 'email',
      'The email of a profile follows the account''s email')), '42501', 'The email of a profile follows the account''s email');
  end if;
  if private.is_tenant_admin(old.tenant_id) then
    return new;
  end if;
  if new.panel_type is distinct from old.panel_type or new.roles is distinct from old.roles
     or new.user_type is distinct from old.user_type or new.status is distinct from old.status then
    perform private.raise_problems(jsonb_build_array(private.problem('profiles.admin_fields', null,
      'Only an administrator of the tenant can change panel, roles, user type or status')),
      '42501', 'Only an administrator of the tenant can change panel, roles, user type or status');
  end if;
  return new;
end;
$$;
revoke all on function private.guard_profile_update() from public;

create or replace function private.guard_profile_language() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.language is distinct from old.language and old.id is distinct from (select auth.uid()) then
    perform private.raise_problems(jsonb_build_array(private.problem('profiles.language_own_only', 'language',
      'Only the user can choose the language of their profile')), '42501', 'Only the user can choose the language of their profile');
  end if;
  return new;
end;
$$;
revoke all on function private.guard_profile_language() from public;

-- The hint stays as it was: raised here with the keyed DETAIL beside it.
create or replace function public.get_tenant_settings(p_tenant_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb;
begin
  if not private.is_tenant_member(p_tenant_id) then
    raise exception using errcode = '42501', message = 'You do not have permission to read this tenant''s settings',
      detail = jsonb_build_array(private.problem('settings.not_member', null, 'You do not have permission to read this tenant''s settings'))::text,
      hint = 'Only members of a tenant may read its settings.';
  end if;
  select t.settings into result from public.tenants t where t.id = p_tenant_id;
  return result;
end;
$$;
revoke all on function public.get_tenant_settings(uuid) from public, anon;
grant execute on function public.get_tenant_settings(uuid) to authenticated, service_role;
