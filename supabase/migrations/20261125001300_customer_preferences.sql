-- Customer delivery preferences: when and how a
-- customer wants deliveries at one of their addresses. Admins manage them; dispatchers read them
-- (they plan with them); a customer reads their own; drivers read none for now.
--
-- The whole shape of a preference: the scalar fields as columns, the nested groups
-- (delivery_options, contact_preferences, notification_preferences, delivery_preferences) as jsonb
-- objects with exactly the spec's keys. The form's rules hold here too: a write that breaks them is
-- refused by private.validate_customer_preference() with SQLSTATE 23514, 'Validation failed' and the
-- spec's messages as [{field, message}] in DETAIL, named by the form's field paths
-- (`preferred_time_end`, `delivery_options.authorized_receivers.0.name`,
-- `contact_preferences.notification_methods.1.type`, ...), as vehicles and addresses do.
--
-- Times are 'HH:mm' text (24-hour), not `time`: a malformed time must come back as the spec's
-- 'Invalid time format (HH:mm)' on its field, not as a cast error before any trigger runs, and the
-- API returns them exactly as the form shows them. 'HH:mm' strings order as the times do.
--
-- One active preference per customer and location, so `customer_preference_for` (the delivery
-- form's suggestion) has one answer.

create table public.customer_preferences (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  customer_id uuid not null,
  location_id uuid not null references public.addresses (id) on delete cascade,
  name text not null,
  description text not null default '',
  preferred_day_of_week smallint not null,
  preferred_time_start text not null,
  preferred_time_end text not null,
  delivery_instructions text not null default '',
  delivery_options jsonb not null default '{"signature_required": false, "leave_with_neighbor": true, "leave_at_door": true,
    "requires_appointment": false, "package_handling": {"fragile": false, "temperature_sensitive": false},
    "authorized_receivers": []}'::jsonb,
  contact_preferences jsonb not null default '{"notification_methods": [], "notification_events": {"on_dispatch": true,
    "day_before": false, "day_of": true, "hour_before": true, "on_arrival": true, "on_completion": true}, "language": "en"}'::jsonb,
  is_active boolean not null default true,
  notification_preferences jsonb not null default '{"email_notifications": true, "sms_notifications": true,
    "push_notifications": true}'::jsonb,
  delivery_preferences jsonb not null default '{"preferred_delivery_time": null, "preferred_delivery_days": [],
    "delivery_instructions": null, "signature_required": false}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The customer is a person of the same tenant; their preferences go with them.
  constraint customer_preferences_customer_id_fkey foreign key (customer_id, tenant_id)
    references public.profiles (id, tenant_id) on update cascade on delete cascade,
  constraint customer_preferences_name_check check (btrim(name) <> '' and length(name) <= 200),
  constraint customer_preferences_description_check check (length(description) <= 2000),
  constraint customer_preferences_preferred_day_of_week_check check (preferred_day_of_week between 0 and 6),
  constraint customer_preferences_preferred_time_start_check check (preferred_time_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  constraint customer_preferences_preferred_time_end_check check (
    preferred_time_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and preferred_time_end > preferred_time_start
  ),
  constraint customer_preferences_delivery_instructions_check check (length(delivery_instructions) <= 2000),
  constraint customer_preferences_delivery_options_check check (
    jsonb_typeof(delivery_options) = 'object'
    and delivery_options - array['signature_required', 'leave_with_neighbor', 'leave_at_door', 'requires_appointment',
      'package_handling', 'authorized_receivers'] = '{}'::jsonb
    and coalesce(jsonb_typeof(delivery_options -> 'authorized_receivers') = 'array', false)
  ),
  constraint customer_preferences_contact_preferences_check check (
    jsonb_typeof(contact_preferences) = 'object'
    and contact_preferences - array['notification_methods', 'notification_events', 'language'] = '{}'::jsonb
    and coalesce(jsonb_typeof(contact_preferences -> 'notification_methods') = 'array', false)
    and coalesce(contact_preferences ->> 'language' in ('en', 'es', 'fr'), false)
  ),
  constraint customer_preferences_notification_preferences_check check (
    jsonb_typeof(notification_preferences) = 'object'
    and notification_preferences - array['email_notifications', 'sms_notifications', 'push_notifications'] = '{}'::jsonb
  ),
  constraint customer_preferences_delivery_preferences_check check (
    jsonb_typeof(delivery_preferences) = 'object'
    and delivery_preferences - array['preferred_delivery_time', 'preferred_delivery_days', 'delivery_instructions',
      'signature_required'] = '{}'::jsonb
  )
);
create index customer_preferences_tenant_id_idx on public.customer_preferences (tenant_id, created_at desc);
create index customer_preferences_customer_id_tenant_id_idx on public.customer_preferences (customer_id, tenant_id);
create index customer_preferences_location_id_idx on public.customer_preferences (location_id);
create index customer_preferences_tenant_id_day_idx on public.customer_preferences (tenant_id, preferred_day_of_week);
create index customer_preferences_tenant_id_active_idx on public.customer_preferences (tenant_id, is_active);
create index customer_preferences_tenant_id_name_idx on public.customer_preferences (tenant_id, name);
create unique index customer_preferences_one_active_per_location on public.customer_preferences (customer_id, location_id)
  where is_active;
alter table public.customer_preferences enable row level security;

create trigger set_updated_at before update on public.customer_preferences
  for each row execute function private.set_updated_at();

-- A boolean in a jsonb object: absent is the default, anything but true/false is a problem.
create or replace function private.is_optional_boolean(value jsonb) returns boolean
language sql
immutable
set search_path = ''
as $$
  select value is null or jsonb_typeof(value) = 'boolean';
$$;
revoke all on function private.is_optional_boolean(jsonb) from public;
grant execute on function private.is_optional_boolean(jsonb) to authenticated, service_role;

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
    problems := problems || jsonb_build_object('field', 'customer_id', 'message', 'Customer is required');
  elsif not exists (select 1 from public.profiles c where c.id = p.customer_id and c.tenant_id = p.tenant_id and c.panel_type = 'customer') then
    problems := problems || jsonb_build_object('field', 'customer_id', 'message', 'Customer must be a customer of this business');
  end if;

  if p.location_id is null then
    problems := problems || jsonb_build_object('field', 'location_id', 'message', 'Location is required');
  elsif p.customer_id is not null and not exists (
    select 1 from public.addresses a where a.id = p.location_id and a.tenant_id = p.tenant_id and a.user_id = p.customer_id
  ) then
    problems := problems || jsonb_build_object('field', 'location_id', 'message', 'Location must be one of the customer''s addresses');
  elsif p.is_active and exists (
    select 1 from public.customer_preferences o
    where o.customer_id = p.customer_id and o.location_id = p.location_id and o.is_active and o.id <> p.id
  ) then
    problems := problems || jsonb_build_object('field', 'location_id', 'message', 'This customer already has an active preference for this location');
  end if;

  if p.name is null or btrim(p.name) = '' then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name is required');
  elsif length(p.name) > 200 then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name must be at most 200 characters');
  end if;

  if length(coalesce(p.description, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'description', 'message', 'Description must be at most 2000 characters');
  end if;

  if p.preferred_day_of_week is null then
    problems := problems || jsonb_build_object('field', 'preferred_day_of_week', 'message', 'Day of week is required');
  elsif p.preferred_day_of_week not between 0 and 6 then
    problems := problems || jsonb_build_object('field', 'preferred_day_of_week', 'message', 'Invalid day of week');
  end if;

  if p.preferred_time_start is null or btrim(p.preferred_time_start) = '' then
    problems := problems || jsonb_build_object('field', 'preferred_time_start', 'message', 'Start time is required');
  elsif p.preferred_time_start !~ time_pattern then
    problems := problems || jsonb_build_object('field', 'preferred_time_start', 'message', 'Invalid time format (HH:mm)');
  end if;

  if p.preferred_time_end is null or btrim(p.preferred_time_end) = '' then
    problems := problems || jsonb_build_object('field', 'preferred_time_end', 'message', 'End time is required');
  elsif p.preferred_time_end !~ time_pattern then
    problems := problems || jsonb_build_object('field', 'preferred_time_end', 'message', 'Invalid time format (HH:mm)');
  elsif coalesce(p.preferred_time_start ~ time_pattern, false) and p.preferred_time_end <= p.preferred_time_start then
    problems := problems || jsonb_build_object('field', 'preferred_time_end', 'message', 'End time must be after start time');
  end if;

  if length(coalesce(p.delivery_instructions, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'delivery_instructions', 'message', 'Delivery instructions must be at most 2000 characters');
  end if;

  -- delivery_options
  if jsonb_typeof(p.delivery_options) is distinct from 'object'
     or options - array['signature_required', 'leave_with_neighbor', 'leave_at_door', 'requires_appointment', 'package_handling', 'authorized_receivers'] <> '{}'::jsonb then
    problems := problems || jsonb_build_object('field', 'delivery_options', 'message',
      'Delivery options can only hold signature_required, leave_with_neighbor, leave_at_door, requires_appointment, package_handling and authorized_receivers');
  end if;
  foreach key in array array['signature_required', 'leave_with_neighbor', 'leave_at_door', 'requires_appointment'] loop
    if not private.is_optional_boolean(options -> key) then
      problems := problems || jsonb_build_object('field', 'delivery_options.' || key, 'message', 'Must be true or false');
    end if;
  end loop;
  handling := options -> 'package_handling';
  if handling is not null and (jsonb_typeof(handling) <> 'object'
      or handling - array['fragile', 'temperature_sensitive'] <> '{}'::jsonb
      or not private.is_optional_boolean(handling -> 'fragile')
      or not private.is_optional_boolean(handling -> 'temperature_sensitive')) then
    problems := problems || jsonb_build_object('field', 'delivery_options.package_handling', 'message',
      'Package handling holds fragile and temperature_sensitive, each true or false');
  end if;
  receivers := options -> 'authorized_receivers';
  if receivers is null or jsonb_typeof(receivers) <> 'array' then
    problems := problems || jsonb_build_object('field', 'delivery_options.authorized_receivers', 'message', 'Authorized receivers must be a list');
  elsif jsonb_array_length(receivers) > 10 then
    problems := problems || jsonb_build_object('field', 'delivery_options.authorized_receivers', 'message', 'At most 10 authorized receivers');
  else
    for i in 0 .. jsonb_array_length(receivers) - 1 loop
      item := receivers -> i;
      prefix := 'delivery_options.authorized_receivers.' || i || '.';
      if jsonb_typeof(item) <> 'object' then
        item := '{}'::jsonb;
      end if;
      if jsonb_typeof(item -> 'name') is distinct from 'string' or btrim(item ->> 'name') = '' then
        problems := problems || jsonb_build_object('field', prefix || 'name', 'message', 'Name is required');
      elsif length(item ->> 'name') > 200 then
        problems := problems || jsonb_build_object('field', prefix || 'name', 'message', 'Name must be at most 200 characters');
      end if;
      if jsonb_typeof(item -> 'relationship') is distinct from 'string' or btrim(item ->> 'relationship') = '' then
        problems := problems || jsonb_build_object('field', prefix || 'relationship', 'message', 'Relationship is required');
      elsif length(item ->> 'relationship') > 100 then
        problems := problems || jsonb_build_object('field', prefix || 'relationship', 'message', 'Relationship must be at most 100 characters');
      end if;
      if jsonb_typeof(item -> 'contact') is distinct from 'string' or btrim(item ->> 'contact') = '' then
        problems := problems || jsonb_build_object('field', prefix || 'contact', 'message', 'Contact is required');
      elsif length(item ->> 'contact') > 200 then
        problems := problems || jsonb_build_object('field', prefix || 'contact', 'message', 'Contact must be at most 200 characters');
      end if;
      if item - array['name', 'relationship', 'contact'] <> '{}'::jsonb then
        problems := problems || jsonb_build_object('field', rtrim(prefix, '.'), 'message', 'A receiver holds name, relationship and contact only');
      end if;
    end loop;
  end if;

  -- contact_preferences
  if jsonb_typeof(p.contact_preferences) is distinct from 'object'
     or contact - array['notification_methods', 'notification_events', 'language'] <> '{}'::jsonb then
    problems := problems || jsonb_build_object('field', 'contact_preferences', 'message',
      'Contact preferences can only hold notification_methods, notification_events and language');
  end if;
  methods := contact -> 'notification_methods';
  if methods is null or jsonb_typeof(methods) <> 'array' then
    problems := problems || jsonb_build_object('field', 'contact_preferences.notification_methods', 'message', 'Notification methods must be a list');
  elsif jsonb_array_length(methods) > 10 then
    problems := problems || jsonb_build_object('field', 'contact_preferences.notification_methods', 'message', 'At most 10 notification methods');
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
        problems := problems || jsonb_build_object('field', prefix || 'type', 'message', 'Notification type is required');
      elsif kind not in ('sms', 'email', 'phone') then
        problems := problems || jsonb_build_object('field', prefix || 'type', 'message', 'Notification type must be sms, email or phone');
      end if;
      if coalesce(contact_value, '') = '' then
        problems := problems || jsonb_build_object('field', prefix || 'contact', 'message', 'Contact is required');
      elsif length(contact_value) > 200 then
        problems := problems || jsonb_build_object('field', prefix || 'contact', 'message', 'Contact must be at most 200 characters');
      elsif kind = 'email' and contact_value !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
        problems := problems || jsonb_build_object('field', prefix || 'contact', 'message', 'Valid email is required');
      elsif kind in ('sms', 'phone') and length(regexp_replace(contact_value, '\D', '', 'g')) < 10 then
        problems := problems || jsonb_build_object('field', prefix || 'contact', 'message', 'Please enter a valid phone number with at least 10 digits');
      end if;
      if not private.is_optional_boolean(item -> 'enabled') then
        problems := problems || jsonb_build_object('field', prefix || 'enabled', 'message', 'Must be true or false');
      end if;
      if item - array['type', 'enabled', 'contact'] <> '{}'::jsonb then
        problems := problems || jsonb_build_object('field', rtrim(prefix, '.'), 'message', 'A notification method holds type, enabled and contact only');
      end if;
    end loop;
  end if;
  events := contact -> 'notification_events';
  if events is not null and (jsonb_typeof(events) <> 'object'
      or events - array['on_dispatch', 'day_before', 'day_of', 'hour_before', 'on_arrival', 'on_completion'] <> '{}'::jsonb
      or exists (select 1 from jsonb_each(events) e where jsonb_typeof(e.value) <> 'boolean')) then
    problems := problems || jsonb_build_object('field', 'contact_preferences.notification_events', 'message',
      'Notification events are on_dispatch, day_before, day_of, hour_before, on_arrival and on_completion, each true or false');
  end if;
  if jsonb_typeof(contact -> 'language') is distinct from 'string' or btrim(contact ->> 'language') = '' then
    problems := problems || jsonb_build_object('field', 'contact_preferences.language', 'message', 'Language is required');
  elsif contact ->> 'language' not in ('en', 'es', 'fr') then
    problems := problems || jsonb_build_object('field', 'contact_preferences.language', 'message', 'Language must be en, es or fr');
  end if;

  -- notification_preferences
  if jsonb_typeof(p.notification_preferences) is distinct from 'object'
     or notify - array['email_notifications', 'sms_notifications', 'push_notifications'] <> '{}'::jsonb
     or not private.is_optional_boolean(notify -> 'email_notifications')
     or not private.is_optional_boolean(notify -> 'sms_notifications')
     or not private.is_optional_boolean(notify -> 'push_notifications') then
    problems := problems || jsonb_build_object('field', 'notification_preferences', 'message',
      'Notification preferences are email_notifications, sms_notifications and push_notifications, each true or false');
  end if;

  -- delivery_preferences
  if jsonb_typeof(p.delivery_preferences) is distinct from 'object'
     or general - array['preferred_delivery_time', 'preferred_delivery_days', 'delivery_instructions', 'signature_required'] <> '{}'::jsonb then
    problems := problems || jsonb_build_object('field', 'delivery_preferences', 'message',
      'Delivery preferences can only hold preferred_delivery_time, preferred_delivery_days, delivery_instructions and signature_required');
  end if;
  if coalesce(jsonb_typeof(general -> 'preferred_delivery_time'), 'null') not in ('null', 'string')
     or length(coalesce(general ->> 'preferred_delivery_time', '')) > 100 then
    problems := problems || jsonb_build_object('field', 'delivery_preferences.preferred_delivery_time', 'message', 'Preferred delivery time must be at most 100 characters');
  end if;
  if general ? 'preferred_delivery_days' and jsonb_typeof(general -> 'preferred_delivery_days') <> 'null' and not (
    jsonb_typeof(general -> 'preferred_delivery_days') = 'array'
    and not exists (select 1 from jsonb_array_elements(general -> 'preferred_delivery_days') d
                    where jsonb_typeof(d) <> 'number' or d::text !~ '^[0-6]$')
    and (select count(distinct d) = count(*) from jsonb_array_elements(general -> 'preferred_delivery_days') d)
  ) then
    problems := problems || jsonb_build_object('field', 'delivery_preferences.preferred_delivery_days', 'message', 'Invalid day of week');
  end if;
  if coalesce(jsonb_typeof(general -> 'delivery_instructions'), 'null') not in ('null', 'string')
     or length(coalesce(general ->> 'delivery_instructions', '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'delivery_preferences.delivery_instructions', 'message', 'Delivery instructions must be at most 2000 characters');
  end if;
  if not private.is_optional_boolean(general -> 'signature_required') then
    problems := problems || jsonb_build_object('field', 'delivery_preferences.signature_required', 'message', 'Must be true or false');
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
declare
  problems jsonb;
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  problems := private.customer_preference_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_customer_preference() from public;

create trigger validate_customer_preference before insert or update on public.customer_preferences
  for each row execute function private.validate_customer_preference();

create trigger audit_row_change after insert or update or delete on public.customer_preferences
  for each row execute function private.audit_row_change();

revoke all on public.customer_preferences from anon, authenticated;
grant select on public.customer_preferences to authenticated;
-- tenant_id may be sent on insert (RLS holds it to the admin's own tenant) and never changed.
grant insert (tenant_id, customer_id, location_id, name, description, preferred_day_of_week, preferred_time_start,
  preferred_time_end, delivery_instructions, delivery_options, contact_preferences, is_active, notification_preferences,
  delivery_preferences) on public.customer_preferences to authenticated;
grant update (customer_id, location_id, name, description, preferred_day_of_week, preferred_time_start,
  preferred_time_end, delivery_instructions, delivery_options, contact_preferences, is_active, notification_preferences,
  delivery_preferences) on public.customer_preferences to authenticated;
grant delete on public.customer_preferences to authenticated;

create policy "customer_preferences: admins and dispatchers of the tenant read all, customers their own"
  on public.customer_preferences for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.current_panel_type()) in ('admin', 'dispatcher')
      or customer_id = (select auth.uid())
    )
  );
create policy "customer_preferences: admins add" on public.customer_preferences for insert to authenticated
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "customer_preferences: admins update" on public.customer_preferences for update to authenticated
  using ((select private.is_tenant_admin(tenant_id)))
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "customer_preferences: admins remove" on public.customer_preferences for delete to authenticated
  using ((select private.is_tenant_admin(tenant_id)));

-- The list screen's rows: the preference with its customer's name and email and its location's
-- title and address. security_invoker: the caller's RLS on all three tables decides; left joins, so
-- a preference the caller may read never disappears because its customer or address is hidden.
create view public.customer_preference_rows with (security_invoker = true) as
  select p.id, p.tenant_id, p.customer_id, c.full_name as customer_name, c.email as customer_email,
    p.location_id, a.title ->> 'en' as location_title, a.full_address as location_address,
    p.name, p.description, p.preferred_day_of_week, p.preferred_time_start, p.preferred_time_end,
    p.delivery_instructions, p.delivery_options, p.contact_preferences, p.is_active,
    p.notification_preferences, p.delivery_preferences, p.created_at, p.updated_at
  from public.customer_preferences p
  left join public.profiles c on c.id = p.customer_id
  left join public.addresses a on a.id = p.location_id;
revoke all on public.customer_preference_rows from anon, authenticated;
grant select on public.customer_preference_rows to authenticated;

-- What the delivery form suggests for a customer at one of their addresses: the active
-- preference's window and instructions, or null. Security invoker: whoever may not read the
-- preference (another tenant, a driver, another customer) gets null.
create or replace function public.customer_preference_for(customer_id uuid, location_id uuid) returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p.id,
    'name', p.name,
    'preferred_day_of_week', p.preferred_day_of_week,
    'preferred_time_start', p.preferred_time_start,
    'preferred_time_end', p.preferred_time_end,
    'delivery_instructions', p.delivery_instructions,
    'signature_required', coalesce((p.delivery_options ->> 'signature_required')::boolean, false),
    'leave_with_neighbor', coalesce((p.delivery_options ->> 'leave_with_neighbor')::boolean, true),
    'leave_at_door', coalesce((p.delivery_options ->> 'leave_at_door')::boolean, true),
    'requires_appointment', coalesce((p.delivery_options ->> 'requires_appointment')::boolean, false),
    'authorized_receivers', coalesce(p.delivery_options -> 'authorized_receivers', '[]'::jsonb)
  )
  from public.customer_preferences p
  where p.customer_id = customer_preference_for.customer_id
    and p.location_id = customer_preference_for.location_id
    and p.is_active
  limit 1;
$$;
revoke all on function public.customer_preference_for(uuid, uuid) from public, anon;
grant execute on function public.customer_preference_for(uuid, uuid) to authenticated, service_role;
