-- The delivery settings' refusals carry stable keys (supabase/README.md, "Refusals and their keys"),
-- like the system settings' and the picking defaults' (20261210200100_settings_problem_keys.sql), so
-- an admin's client shows them in the admin's language instead of reading back from the English.
-- Each function is written out whole from its current definition; only how a refusal is built and
-- raised changes: the same fields, English words, problem order and SQLSTATEs (23514 'Validation
-- failed', 42501 with its English).
--
--   private.delivery_settings_problems  from 20261208000100_settings_section_problems.sql
--   private.validate_tenant_delivery_settings, public.save_delivery_settings
--                                       from 20261125001040_delivery_proof.sql

-- What is wrong with a `settings.delivery` value (an empty array when nothing is; null is no value):
-- proof's items each 'required', 'optional' or 'off'; 1 to 20 distinct failure reasons of 1 to 100 characters.
create or replace function private.delivery_settings_problems(delivery jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  problems jsonb;
  proof_problems jsonb;
  item text;
begin
  problems := private.settings_section_problems(delivery, 'delivery', array['proof', 'failure_reasons'],
    'Delivery settings hold proof and failure_reasons', '[]'::jsonb, 'settings.delivery_shape');
  if delivery is null or jsonb_array_length(problems) > 0 then
    return problems;
  end if;
  if delivery ? 'proof' then
    proof_problems := private.settings_section_problems(delivery -> 'proof', 'delivery.proof', array['signature', 'photo', 'recipient_name', 'notes'],
      'Proof settings hold signature, photo, recipient_name and notes', '[]'::jsonb, 'settings.proof_shape');
    if jsonb_array_length(proof_problems) > 0 then
      problems := problems || proof_problems;
    else
      foreach item in array array['signature', 'photo', 'recipient_name', 'notes'] loop
        if delivery -> 'proof' ? item and coalesce(delivery #>> array['proof', item], '') not in ('required', 'optional', 'off') then
          problems := problems || private.problem('settings.proof_choice', 'delivery.proof.' || item, 'Choose required, optional or off');
        end if;
      end loop;
    end if;
  end if;
  if delivery ? 'failure_reasons' then
    if jsonb_typeof(delivery -> 'failure_reasons') <> 'array' or jsonb_array_length(delivery -> 'failure_reasons') not between 1 and 20 then
      problems := problems || private.problem('settings.failure_reasons_count', 'delivery.failure_reasons', 'Give 1 to 20 failure reasons',
        jsonb_build_object('min', 1, 'max', 20));
    elsif exists (
      select 1 from jsonb_array_elements(delivery -> 'failure_reasons') r
      where jsonb_typeof(r) <> 'string' or btrim(r #>> '{}') = '' or length(r #>> '{}') > 100
    ) then
      problems := problems || private.problem('settings.failure_reason_length', 'delivery.failure_reasons',
        'Each failure reason is a text of 1 to 100 characters', jsonb_build_object('min', 1, 'max', 100));
    elsif (select count(distinct lower(btrim(r #>> '{}'))) from jsonb_array_elements(delivery -> 'failure_reasons') r)
      <> jsonb_array_length(delivery -> 'failure_reasons') then
      problems := problems || private.problem('settings.failure_reasons_distinct', 'delivery.failure_reasons',
        'Failure reasons must be different from each other');
    end if;
  end if;
  return problems;
end;
$$;
revoke all on function private.delivery_settings_problems(jsonb) from public;
grant execute on function private.delivery_settings_problems(jsonb) to authenticated, service_role;

create or replace function private.validate_tenant_delivery_settings() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.settings -> 'delivery' is not distinct from old.settings -> 'delivery' then
    return new;
  end if;
  perform private.raise_problems(private.delivery_settings_problems(new.settings -> 'delivery'));
  return new;
end;
$$;
revoke all on function private.validate_tenant_delivery_settings() from public;

create or replace function public.save_delivery_settings(p_tenant_id uuid, p_delivery jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.is_tenant_admin(p_tenant_id) then
    perform private.raise_problems(
      jsonb_build_array(private.problem('settings.not_admin', null, 'Only the tenant''s admins may change its settings')),
      '42501', 'Only the tenant''s admins may change its settings');
  end if;
  update public.tenants t
  set settings = coalesce(t.settings, '{}'::jsonb) || jsonb_build_object('delivery', p_delivery)
  where t.id = p_tenant_id;
  return private.delivery_settings(p_tenant_id);
end;
$$;
revoke all on function public.save_delivery_settings(uuid, jsonb) from public, anon;
grant execute on function public.save_delivery_settings(uuid, jsonb) to authenticated, service_role;
