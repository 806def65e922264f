-- The system settings' and the picking defaults' refusals carry stable keys (supabase/README.md,
-- "Refusals and their keys"), so the admin's System settings page shows them in the admin's language
-- instead of reading back from the English. Each function is written out whole from its current
-- definition; only how a refusal is built and raised changes: the same fields, English words,
-- problem order and SQLSTATEs (23514 'Validation failed', 42501 with its English).
--
--   private.tenant_contact_problems, private.tenant_settings_problems, private.validate_tenant,
--   public.save_tenant_settings        from 20261125000310_tenant_settings.sql
--   private.settings_section_problems, private.picking_settings_problems
--                                      from 20261208000100_settings_section_problems.sql
--   private.validate_tenant_picking_settings, public.save_picking_settings
--                                      from 20261206001100_picking_settings.sql
--
-- private.settings_section_problems gains what keys need: an optional `shape_key` for the shape
-- problem, and an optional `problem` (the key) and its `min`/`max` as params in each bound. Without
-- them it answers as before (delivery settings call it so: their refusals are not keyed yet).
-- Adding a parameter makes a new function, so the old one is dropped first (nothing depends on it
-- but function bodies, which name it and resolve the new one).

-- The public face's contact details: {phone, email, address}, each optional.
create or replace function private.tenant_contact_problems(contact jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  if contact is null then
    return problems;
  end if;
  if contact ? 'email' and not coalesce(jsonb_typeof(contact -> 'email') = 'null'
       or (contact ->> 'email') ~* '^[^@\s]{1,64}@[^@\s]+\.[^@\s]{2,}$' and length(contact ->> 'email') <= 254, false) then
    problems := problems || private.problem('settings.email_invalid', 'contact_info.email', 'Enter a valid email address');
  end if;
  if contact ? 'phone' and not coalesce(jsonb_typeof(contact -> 'phone') = 'null'
       or (contact ->> 'phone') ~ '^\+?[0-9 ()-]{7,24}$' and length(regexp_replace(contact ->> 'phone', '\D', '', 'g')) >= 10, false) then
    problems := problems || private.problem('settings.phone_invalid', 'contact_info.phone', 'Phone number must have at least 10 digits');
  end if;
  if contact ? 'address' and not coalesce(jsonb_typeof(contact -> 'address') = 'null'
       or jsonb_typeof(contact -> 'address') = 'string' and length(contact ->> 'address') <= 300, false) then
    problems := problems || private.problem('settings.address_too_long', 'contact_info.address', 'The address may be at most 300 characters',
      jsonb_build_object('max', 300));
  end if;
  return problems;
end;
$$;

create or replace function private.tenant_settings_problems(settings jsonb) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  general jsonb := settings -> 'general';
  point jsonb := settings #> '{general,default_location_cordinates,settings}';
  units jsonb := settings #> '{general,units}';
  maps jsonb := settings -> 'maps';
begin
  if general is not null and jsonb_typeof(general) <> 'object' then
    return jsonb_build_array(private.problem('settings.general_shape', 'general', 'General settings must be an object'));
  end if;
  if point is not null then
    if jsonb_typeof(point) <> 'object' or jsonb_typeof(point -> 'latitude') <> 'number'
       or (point ->> 'latitude')::numeric not between -90 and 90 then
      problems := problems || private.problem('settings.latitude_range', 'general.latitude', 'Latitude must be between -90 and 90');
    end if;
    if jsonb_typeof(point) <> 'object' or jsonb_typeof(point -> 'longitude') <> 'number'
       or (point ->> 'longitude')::numeric not between -180 and 180 then
      problems := problems || private.problem('settings.longitude_range', 'general.longitude', 'Longitude must be between -180 and 180');
    end if;
  end if;
  if general ? 'timezone' and not (jsonb_typeof(general -> 'timezone') = 'string' and private.is_known_timezone(general ->> 'timezone')) then
    problems := problems || private.problem('settings.timezone_unknown', 'general.timezone', 'Choose a known time zone');
  end if;
  if general ? 'currency' and not (jsonb_typeof(general -> 'currency') = 'string' and (general ->> 'currency') = any (private.known_currencies())) then
    problems := problems || private.problem('settings.currency_unknown', 'general.currency', 'Choose a known currency');
  end if;
  if general ? 'language' and not coalesce(general ->> 'language' in ('en', 'es', 'fr') and jsonb_typeof(general -> 'language') = 'string', false) then
    problems := problems || private.problem('settings.language_unknown', 'general.language', 'Choose English, Spanish or French');
  end if;
  if units is not null then
    if jsonb_typeof(units) <> 'object' then
      problems := problems || private.problem('settings.units_shape', 'general.units', 'Units must be an object');
    else
      if units ? 'weight' and not coalesce(units ->> 'weight' in ('kg', 'lb'), false) then
        problems := problems || private.problem('settings.weight_unit', 'general.units.weight', 'Weight is measured in kg or lb');
      end if;
      if units ? 'volume' and not coalesce(units ->> 'volume' in ('m3', 'ft3'), false) then
        problems := problems || private.problem('settings.volume_unit', 'general.units.volume', 'Volume is measured in m³ or ft³');
      end if;
      if units ? 'length' and not coalesce(units ->> 'length' in ('cm', 'in'), false) then
        problems := problems || private.problem('settings.length_unit', 'general.units.length', 'Length is measured in cm or in');
      end if;
      if units ? 'temperature' and not coalesce(units ->> 'temperature' in ('C', 'F'), false) then
        problems := problems || private.problem('settings.temperature_unit', 'general.units.temperature', 'Temperature is measured in °C or °F');
      end if;
    end if;
  end if;
  if maps is not null then
    if jsonb_typeof(maps) <> 'object' then
      problems := problems || private.problem('settings.maps_shape', 'maps_key', 'Maps settings must be an object');
    elsif maps ? 'maps_key' and not coalesce(
      jsonb_typeof(maps -> 'maps_key') = 'null' or (maps ->> 'maps_key') ~ '^[A-Za-z0-9._-]+$' and length(maps ->> 'maps_key') <= 512, false) then
      problems := problems || private.problem('settings.maps_key_invalid', 'maps_key',
        'The maps key may contain only letters, digits, dots, dashes and underscores');
    end if;
  end if;
  return problems;
end;
$$;

create or replace function private.validate_tenant() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  if tg_op = 'INSERT' or new.name is distinct from old.name then
    if not coalesce(jsonb_typeof(new.name -> 'en') = 'string' and length(btrim(new.name ->> 'en')) between 1 and 200, false) then
      problems := problems || private.problem('settings.name_required', 'name', 'Business name is required!');
    end if;
  end if;
  if tg_op = 'INSERT' or new.contact_info is distinct from old.contact_info then
    problems := problems || private.tenant_contact_problems(new.contact_info);
  end if;
  if tg_op = 'INSERT' or new.settings is distinct from old.settings then
    problems := problems || private.tenant_settings_problems(new.settings);
  end if;
  if tg_op = 'INSERT' or new.brand_settings is distinct from old.brand_settings then
    problems := problems || private.brand_settings_problems(new.brand_settings);
  end if;
  perform private.raise_problems(problems);
  return new;
end;
$$;
revoke all on function private.validate_tenant() from public;
revoke all on function private.tenant_settings_problems(jsonb), private.tenant_contact_problems(jsonb) from public;
grant execute on function private.tenant_settings_problems(jsonb), private.tenant_contact_problems(jsonb) to authenticated, service_role;

-- The admin's save of system-settings: name, contact and the `general` and `maps` parts of the
-- settings (other parts, e.g. a later issue's, are kept). Security definer, because merging reads the
-- private settings column, which no API role may select; so the admin check here is the guard.
create or replace function public.save_tenant_settings(
  p_tenant_id uuid, p_name text, p_contact_info jsonb, p_general jsonb, p_maps_key text
) returns void
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
  if p_general is null or jsonb_typeof(p_general) <> 'object' then
    perform private.raise_problem('settings.general_shape', 'general', 'General settings must be an object');
  end if;
  update public.tenants t
  set name = coalesce(t.name, '{}'::jsonb) || jsonb_build_object('en', btrim(coalesce(p_name, ''))),
      contact_info = p_contact_info,
      settings = t.settings
        || jsonb_build_object('general', coalesce(t.settings -> 'general', '{}'::jsonb) || p_general)
        || jsonb_build_object('maps', coalesce(t.settings -> 'maps', '{}'::jsonb)
             || jsonb_build_object('maps_key', nullif(btrim(coalesce(p_maps_key, '')), '')))
  where t.id = p_tenant_id;
end;
$$;
revoke all on function public.save_tenant_settings(uuid, text, jsonb, jsonb, text) from public, anon;
grant execute on function public.save_tenant_settings(uuid, text, jsonb, jsonb, text) to authenticated, service_role;

-- The problems of a settings section: [] when `section` is SQL null (nothing stored) or right;
-- [{field, message: shape_message}] alone when it is not an object or holds a key outside `keys`;
-- otherwise one {field.key, message} per entry of `whole_numbers` ([{key, min, max, message,
-- problem?}], in that order) whose key is present and is not a whole number from min to max.
-- With `shape_key`, the shape problem carries it; a bound with `problem` carries that key and its
-- {min, max} as params (the words name them).
drop function private.settings_section_problems(jsonb, text, text[], text, jsonb);
create function private.settings_section_problems(
  section jsonb,
  field text,
  keys text[],
  shape_message text,
  whole_numbers jsonb default '[]'::jsonb,
  shape_key text default null
) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  bound jsonb;
  key text;
begin
  if section is null then
    return problems;
  end if;
  if jsonb_typeof(section) <> 'object' or section - keys <> '{}'::jsonb then
    return jsonb_build_array(case when shape_key is null then jsonb_build_object('field', field, 'message', shape_message)
      else private.problem(shape_key, field, shape_message) end);
  end if;
  for bound in select value from jsonb_array_elements(whole_numbers) loop
    key := bound ->> 'key';
    if section ? key and not coalesce(jsonb_typeof(section -> key) = 'number'
        and (section ->> key)::numeric between (bound ->> 'min')::numeric and (bound ->> 'max')::numeric
        and (section ->> key)::numeric % 1 = 0, false) then
      problems := problems || case when bound ? 'problem'
        then private.problem(bound ->> 'problem', field || '.' || key, bound ->> 'message',
          jsonb_build_object('min', bound -> 'min', 'max', bound -> 'max'))
        else jsonb_build_object('field', field || '.' || key, 'message', bound ->> 'message') end;
    end if;
  end loop;
  return problems;
end;
$$;
revoke all on function private.settings_section_problems(jsonb, text, text[], text, jsonb, text) from public;
grant execute on function private.settings_section_problems(jsonb, text, text[], text, jsonb, text) to authenticated, service_role;

-- What is wrong with a `settings.picking` value (an empty array when nothing is; null is no value):
-- max_orders a whole number from 2 to 50, max_lines from 1 to 200 (the bounds build_pick_batch accepts).
create or replace function private.picking_settings_problems(picking jsonb) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select private.settings_section_problems(
    picking, 'picking', array['max_orders', 'max_lines'], 'Picking settings hold max_orders and max_lines',
    jsonb_build_array(
      jsonb_build_object('key', 'max_orders', 'min', 2, 'max', 50, 'message', 'Max orders must be a whole number from 2 to 50',
        'problem', 'settings.picking_max_orders'),
      jsonb_build_object('key', 'max_lines', 'min', 1, 'max', 200, 'message', 'Max lines must be a whole number from 1 to 200',
        'problem', 'settings.picking_max_lines')),
    'settings.picking_shape');
$$;
revoke all on function private.picking_settings_problems(jsonb) from public;
grant execute on function private.picking_settings_problems(jsonb) to authenticated, service_role;

create or replace function private.validate_tenant_picking_settings() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.settings -> 'picking' is not distinct from old.settings -> 'picking' then
    return new;
  end if;
  perform private.raise_problems(private.picking_settings_problems(new.settings -> 'picking'));
  return new;
end;
$$;
revoke all on function private.validate_tenant_picking_settings() from public;

-- Replaces the tenant's picking settings with `p_picking` (a key left out falls back to its default).
create or replace function public.save_picking_settings(p_tenant_id uuid, p_picking jsonb) returns jsonb
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
  set settings = coalesce(t.settings, '{}'::jsonb) || jsonb_build_object('picking', coalesce(p_picking, '{}'::jsonb))
  where t.id = p_tenant_id;
  return private.picking_settings(p_tenant_id);
end;
$$;
revoke all on function public.save_picking_settings(uuid, jsonb) from public, anon;
grant execute on function public.save_picking_settings(uuid, jsonb) to authenticated, service_role;
