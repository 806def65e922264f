-- Customer preferences' refusals carry stable keys (supabase/README.md, "Refusals and their keys"),
-- so the admin's preference form shows the database's refusals in the admin's language (the kit's
-- Form places a keyed problem under its field in the page's language; an unkeyed one stayed English).
-- Both functions are written out whole from their current (first) definition,
-- 20261125001300_customer_preferences.sql; only how a refusal is built and raised changes: the same
-- fields, English words, problem order and SQLSTATE 23514 'Validation failed'. A key names one rule
-- wherever it applies (`preferences.name_required` for the preference's name and a receiver's).

-- The problems of a preference as the form's fields (in the product's
-- words, verbatim), [] when there are none; one message per field, the first rule it breaks. Security
-- definer for the look-ups only (the customer and the address must be the tenant's and the
-- customer's): the trigger runs it for the tenant's admins and the platform, never to answer others.
create or replace function private.customer_preference_problems(p public.customer_preferences) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  time_pattern constant text := '^([01][0-9]|2[0-3]):[0-5][0-9]$';
  options jsonb := case when jsonb_typeof(p.delivery_options) = 'object' then p.delivery_options else '{}'::jsonb end;
  contact jsonb := case when jsonb_typeof(p.contact_preferences) = 'object' then p.contact_preferences else '{}'::jsonb end;
  notify jsonb := case when jsonb_typeof(p.notification_preferences) = 'object' then p.notification_preferences else '{}'::jsonb end;
  general jsonb := case when jsonb_typeof(p.delivery_preferences) = 'object' then p.delivery_preferences else '{}'::jsonb end;
  handling jsonb;
  events jsonb;
  receivers jsonb;
  methods jsonb;
  item jsonb;
  i integer;
  prefix text;
  kind text;
  contact_value text;
  key text;
begin
  if p.customer_id is null then
    problems := problems || private.problem('preferences.customer_required', 'customer_id', 'Customer is required');
  elsif not exists (select 1 from public.profiles c where c.id = p.customer_id and c.tenant_id = p.tenant_id and c.panel_type = 'customer') then
    problems := problems || private.problem('preferences.customer_not_customer', 'customer_id', 'Customer must be a customer of this business');
  end if;

  if p.location_id is null then
    problems := problems || private.problem('preferences.location_required', 'location_id', 'Location is required');
  elsif p.customer_id is not null and not exists (
    select 1 from public.addresses a where a.id = p.location_id and a.tenant_id = p.tenant_id and a.user_id = p.customer_id
  ) then
    problems := problems || private.problem('preferences.location_not_customers', 'location_id', 'Location must be one of the customer''s addresses');
  elsif p.is_active and exists (
    select 1 from public.customer_preferences o
    where o.customer_id = p.customer_id and o.location_id = p.location_id and o.is_active and o.id <> p.id
  ) then
    problems := problems || private.problem('preferences.location_taken', 'location_id', 'This customer already has an active preference for this location');
  end if;

  if p.name is null or btrim(p.name) = '' then
    problems := problems || private.problem('preferences.name_required', 'name', 'Name is required');
  elsif length(p.name) > 200 then
    problems := problems || private.problem('preferences.name_too_long', 'name', 'Name must be at most 200 characters');
  end if;

  if length(coalesce(p.description, '')) > 2000 then
    problems := problems || private.problem('preferences.description_too_long', 'description', 'Description must be at most 2000 characters');
  end if;

  if p.preferred_day_of_week is null then
    problems := problems || private.problem('preferences.day_required', 'preferred_day_of_week', 'Day of week is required');
  elsif p.preferred_day_of_week not between 0 and 6 then
    problems := problems || private.problem('preferences.day_invalid', 'preferred_day_of_week', 'Invalid day of week');
  end if;

  if p.preferred_time_start is null or btrim(p.preferred_time_start) = '' then
    problems := problems || private.problem('preferences.start_required', 'preferred_time_start', 'Start time is required');
  elsif p.preferred_time_start !~ time_pattern then
    problems := problems || private.problem('preferences.time_format', 'preferred_time_start', 'Invalid time format (HH:mm)');
  end if;

  if p.preferred_time_end is null or btrim(p.preferred_time_end) = '' then
    problems := problems || private.problem('preferences.end_required', 'preferred_time_end', 'End time is required');
  elsif p.preferred_time_end !~ time_pattern then
    problems := problems || private.problem('preferences.time_format', 'preferred_time_end', 'Invalid time format (HH:mm)');
  elsif coalesce(p.preferred_time_start ~ time_pattern, false) and p.preferred_time_end <= p.preferred_time_start then
    problems := problems || private.problem('preferences.end_before_start', 'preferred_time_end', 'End time must be after start time');
  end if;

  if length(coalesce(p.delivery_instructions, '')) > 2000 then
    problems := problems || private.problem('preferences.instructions_too_long', 'delivery_instructions', 'Delivery instructions must be at most 2000 characters');
  end if;

  -- delivery_options
  if jsonb_typeof(p.delivery_options) is distinct from 'object'
     or options - array['signature_required', 'leave_with_neighbor', 'leave_at_door', 'requires_appointment', 'package_handling', 'authorized_receivers'] <> '{}'::jsonb then
    problems := problems || private.problem('preferences.options_shape', 'delivery_options', 'Delivery options can only hold signature_required, leave_with_neighbor, leave_at_door, requires_appointment, package_handling and authorized_receivers');
  end if;
  foreach key in array array['signature_required', 'leave_with_neighbor', 'leave_at_door', 'requires_appointment'] loop
    if not private.is_optional_boolean(options -> key) then
      problems := problems || private.problem('preferences.boolean', 'delivery_options.' || key, 'Must be true or false');
    end if;
  end loop;
  handling := options -> 'package_handling';
  if handling is not null and (jsonb_typeof(handling) <> 'object'
      or handling - array['fragile', 'temperature_sensitive'] <> '{}'::jsonb
      or not private.is_optional_boolean(handling -> 'fragile')
      or not private.is_optional_boolean(handling -> 'temperature_sensitive')) then
    problems := problems || private.problem('preferences.handling_shape', 'delivery_options.package_handling', 'Package handling holds fragile and temperature_sensitive, each true or false');
  end if;
  receivers := options -> 'authorized_receivers';
  if receivers is null or jsonb_typeof(receivers) <> 'array' then
    problems := problems || private.problem('preferences.receivers_shape', 'delivery_options.authorized_receivers', 'Authorized receivers must be a list');
  elsif jsonb_array_length(receivers) > 10 then
    problems := problems || private.problem('preferences.receivers_too_many', 'delivery_options.authorized_receivers', 'At most 10 authorized receivers');
  else
    for i in 0 .. jsonb_array_length(receivers) - 1 loop
      item := receivers -> i;
      prefix := 'delivery_options.authorized_receivers.' || i || '.';
      if jsonb_typeof(item) <> 'object' then
        item := '{}'::jsonb;
      end if;
      if jsonb_typeof(item -> 'name') is distinct from 'string' or btrim(item ->> 'name') = '' then
        problems := problems || private.problem('preferences.name_required', prefix || 'name', 'Name is required');
      elsif length(item ->> 'name') > 200 then
        problems := problems || private.problem('preferences.name_too_long', prefix || 'name', 'Name must be at most 200 characters');
      end if;
      if jsonb_typeof(item -> 'relationship') is distinct from 'string' or btrim(item ->> 'relationship') = '' then
        problems := problems || private.problem('preferences.relationship_required', prefix || 'relationship', 'Relationship is required');
      elsif length(item ->> 'relationship') > 100 then
        problems := problems || private.problem('preferences.relationship_too_long', prefix || 'relationship', 'Relationship must be at most 100 characters');
      end if;
      if jsonb_typeof(item -> 'contact') is distinct from 'string' or btrim(item ->> 'contact') = '' then
        problems := problems || private.problem('preferences.contact_required', prefix || 'contact', 'Contact is required');
      elsif length(item ->> 'contact') > 200 then
        problems := problems || private.problem('preferences.contact_too_long', prefix || 'contact', 'Contact must be at most 200 characters');
      end if;
      if item - array['name', 'relationship', 'contact'] <> '{}'::jsonb then
        problems := problems || private.problem('preferences.receiver_shape', rtrim(prefix, '.'), 'A receiver holds name, relationship and contact only');
      end if;
    end loop;
  end if;

  -- contact_preferences
  if jsonb_typeof(p.contact_preferences) is distinct from 'object'
     or contact - array['notification_methods', 'notification_events', 'language'] <> '{}'::jsonb then
    problems := problems || private.problem('preferences.contact_shape', 'contact_preferences', 'Contact preferences can only hold notification_methods, notification_events and language');
  end if;
  methods := contact -> 'notification_methods';
  if methods is null or jsonb_typeof(methods) <> 'array' then
    problems := problems || private.problem('preferences.methods_shape', 'contact_preferences.notification_methods', 'Notification methods must be a list');
  elsif jsonb_array_length(methods) > 10 then
    problems := problems || private.problem('preferences.methods_too_many', 'contact_preferences.notification_methods', 'At most 10 notification methods');
  else
    for i in 0 .. jsonb_array_length(methods) - 1 loop
      item := methods -> i;
      prefix := 'contact_preferences.notification_methods.' || i || '.';
      if jsonb_typeof(item) <> 'object' then
        item := '{}'::jsonb;
      end if;
      kind := case when jsonb_typeof(item -> 'type') = 'string' then btrim(item ->> 'type') end;
      contact_value := case when jsonb_typeof(item -> 'contact') = 'string' then btrim(item ->> 'contact') end;
      if coalesce(kind, '') = '' then
        problems := problems || private.problem('preferences.type_required', prefix || 'type', 'Notification type is required');
      elsif kind not in ('sms', 'email', 'phone') then
        problems := problems || private.problem('preferences.type_invalid', prefix || 'type', 'Notification type must be sms, email or phone');
      end if;
      if coalesce(contact_value, '') = '' then
        problems := problems || private.problem('preferences.contact_required', prefix || 'contact', 'Contact is required');
      elsif length(contact_value) > 200 then
        problems := problems || private.problem('preferences.contact_too_long', prefix || 'contact', 'Contact must be at most 200 characters');
      elsif kind = 'email' and contact_value !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
        problems := problems || private.problem('preferences.email_invalid', prefix || 'contact', 'Valid email is required');
      elsif kind in ('sms', 'phone') and length(regexp_replace(contact_value, '\D', '', 'g')) < 10 then
        problems := problems || private.problem('preferences.phone_invalid', prefix || 'contact', 'Please enter a valid phone number with at least 10 digits');
      end if;
      if not private.is_optional_boolean(item -> 'enabled') then
        problems := problems || private.problem('preferences.boolean', prefix || 'enabled', 'Must be true or false');
      end if;
      if item - array['type', 'enabled', 'contact'] <> '{}'::jsonb then
        problems := problems || private.problem('preferences.method_shape', rtrim(prefix, '.'), 'A notification method holds type, enabled and contact only');
      end if;
    end loop;
  end if;
  events := contact -> 'notification_events';
  if events is not null and (jsonb_typeof(events) <> 'object'
      or events - array['on_dispatch', 'day_before', 'day_of', 'hour_before', 'on_arrival', 'on_completion'] <> '{}'::jsonb
      or exists (select 1 from jsonb_each(events) e where jsonb_typeof(e.value) <> 'boolean')) then
    problems := problems || private.problem('preferences.events_shape', 'contact_preferences.notification_events', 'Notification events are on_dispatch, day_before, day_of, hour_before, on_arrival and on_completion, each true or false');
  end if;
  if jsonb_typeof(contact -> 'language') is distinct from 'string' or btrim(contact ->> 'language') = '' then
    problems := problems || private.problem('preferences.language_required', 'contact_preferences.language', 'Language is required');
  elsif contact ->> 'language' not in ('en', 'es', 'fr') then
    problems := problems || private.problem('preferences.language_invalid', 'contact_preferences.language', 'Language must be en, es or fr');
  end if;

  -- notification_preferences
  if jsonb_typeof(p.notification_preferences) is distinct from 'object'
     or notify - array['email_notifications', 'sms_notifications', 'push_notifications'] <> '{}'::jsonb
     or not private.is_optional_boolean(notify -> 'email_notifications')
     or not private.is_optional_boolean(notify -> 'sms_notifications')
     or not private.is_optional_boolean(notify -> 'push_notifications') then
    problems := problems || private.problem('preferences.notifications_shape', 'notification_preferences', 'Notification preferences are email_notifications, sms_notifications and push_notifications, each true or false');
  end if;

  -- delivery_preferences
  if jsonb_typeof(p.delivery_preferences) is distinct from 'object'
     or general - array['preferred_delivery_time', 'preferred_delivery_days', 'delivery_instructions', 'signature_required'] <> '{}'::jsonb then
    problems := problems || private.problem('preferences.general_shape', 'delivery_preferences', 'Delivery preferences can only hold preferred_delivery_time, preferred_delivery_days, delivery_instructions and signature_required');
  end if;
  if coalesce(jsonb_typeof(general -> 'preferred_delivery_time'), 'null') not in ('null', 'string')
     or length(coalesce(general ->> 'preferred_delivery_time', '')) > 100 then
    problems := problems || private.problem('preferences.preferred_time_too_long', 'delivery_preferences.preferred_delivery_time', 'Preferred delivery time must be at most 100 characters');
  end if;
  if general ? 'preferred_delivery_days' and jsonb_typeof(general -> 'preferred_delivery_days') <> 'null' and not (
    jsonb_typeof(general -> 'preferred_delivery_days') = 'array'
    and not exists (select 1 from jsonb_array_elements(general -> 'preferred_delivery_days') d
                    where jsonb_typeof(d) <> 'number' or d::text !~ '^[0-6]$')
    and (select count(distinct d) = count(*) from jsonb_array_elements(general -> 'preferred_delivery_days') d)
  ) then
    problems := problems || private.problem('preferences.day_invalid', 'delivery_preferences.preferred_delivery_days', 'Invalid day of week');
  end if;
  if coalesce(jsonb_typeof(general -> 'delivery_instructions'), 'null') not in ('null', 'string')
     or length(coalesce(general ->> 'delivery_instructions', '')) > 2000 then
    problems := problems || private.problem('preferences.instructions_too_long', 'delivery_preferences.delivery_instructions', 'Delivery instructions must be at most 2000 characters');
  end if;
  if not private.is_optional_boolean(general -> 'signature_required') then
    problems := problems || private.problem('preferences.boolean', 'delivery_preferences.signature_required', 'Must be true or false');
  end if;

  return problems;
end;
$$;
revoke all on function private.customer_preference_problems(public.customer_preferences) from public;
grant execute on function private.customer_preference_problems(public.customer_preferences) to authenticated, service_role;

-- Security invoker. A caller who may not write the row's tenant is left to RLS (42501), so a
-- refusal never tells them about another tenant's people or addresses.
create or replace function private.validate_customer_preference() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  perform private.raise_problems(private.customer_preference_problems(new));
  return new;
end;
$$;
revoke all on function private.validate_customer_preference() from public;
