-- Tenant settings and brand settings: what the admin screens system-settings and brand-settings write.
--
-- Both live on public.tenants (20261121000100): `settings` is private (members read it through
-- public.get_tenant_settings), `brand_settings`, `name`, `logo_url` and `contact_info` are the
-- tenant's public face. The shapes:
--
--   settings.general.default_location_cordinates.settings {latitude, longitude}  the default map centre
--   settings.general.timezone                                                    an IANA zone the database knows
--   settings.general.currency                                                    ISO 4217, from private.known_currencies()
--   settings.general.units {weight kg|lb, volume m3|ft3, length cm|in, temperature C|F}  (defaults kg, m³, cm, °C)
--   settings.general.language                                                    en, es or fr
--   settings.maps.maps_key                                                       the Mapbox key: members only; the key's
--                                                                                name makes the audit log redact it
--   brand_settings {presets [{name, palette}], colors {primary, secondary, background, cardBg, text,
--                   textLight} as hex, configurations {font, preset}, assets {favicon, logo {light, dark}}}
--
-- Only the tenant's active admins change them (the update policy of 20261121000100, and the save
-- functions below say so with 42501); private.validate_tenant() checks every write, whoever makes it,
-- and answers 23514 'Validation failed' with [{field, message}] the forms apply to their fields.
-- A brand change is announced on `tenant:<id>:brand`, so every member's open page repaints at once.

create or replace function private.known_currencies() returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'JPY', 'CNY', 'HKD', 'SGD', 'INR', 'CHF', 'SEK', 'NOK', 'DKK',
    'PLN', 'CZK', 'HUF', 'MXN', 'BRL', 'ARS', 'CLP', 'COP', 'ZAR', 'NGN', 'KES', 'EGP', 'AED', 'SAR', 'ILS',
    'TRY', 'KRW', 'THB', 'MYR', 'IDR', 'PHP', 'VND'
  ];
$$;

create or replace function private.is_known_timezone(zone text) returns boolean
language sql
stable
set search_path = ''
as $$
  select zone is not null and zone ~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$'
    and exists (select 1 from pg_catalog.pg_timezone_names z where z.name = zone);
$$;

create or replace function private.is_hex_color(value jsonb) returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_typeof(value) = 'string' and (value #>> '{}') ~* '^#([0-9a-f]{3}|[0-9a-f]{6})$', false);
$$;

-- A brand image: a same-origin path, an http(s) URL, or a small data:image (the favicon may be one).
create or replace function private.is_brand_image_ref(value jsonb) returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_typeof(value) = 'string' and (
    (value #>> '{}') ~ '^/[^/\s][^\s"''<>]*$' and length(value #>> '{}') <= 2048
    or (value #>> '{}') ~* '^https?://[^\s"''<>]+$' and length(value #>> '{}') <= 2048
    or ((value #>> '{}') ~* '^data:image/(png|x-icon|vnd\.microsoft\.icon|svg\+xml|gif|jpeg|webp)[;,]' and length(value #>> '{}') <= 100000)
  ), false);
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
    return jsonb_build_array(jsonb_build_object('field', 'general', 'message', 'General settings must be an object'));
  end if;
  if point is not null then
    if jsonb_typeof(point) <> 'object' or jsonb_typeof(point -> 'latitude') <> 'number'
       or (point ->> 'latitude')::numeric not between -90 and 90 then
      problems := problems || jsonb_build_object('field', 'general.latitude', 'message', 'Latitude must be between -90 and 90');
    end if;
    if jsonb_typeof(point) <> 'object' or jsonb_typeof(point -> 'longitude') <> 'number'
       or (point ->> 'longitude')::numeric not between -180 and 180 then
      problems := problems || jsonb_build_object('field', 'general.longitude', 'message', 'Longitude must be between -180 and 180');
    end if;
  end if;
  if general ? 'timezone' and not (jsonb_typeof(general -> 'timezone') = 'string' and private.is_known_timezone(general ->> 'timezone')) then
    problems := problems || jsonb_build_object('field', 'general.timezone', 'message', 'Choose a known time zone');
  end if;
  if general ? 'currency' and not (jsonb_typeof(general -> 'currency') = 'string' and (general ->> 'currency') = any (private.known_currencies())) then
    problems := problems || jsonb_build_object('field', 'general.currency', 'message', 'Choose a known currency');
  end if;
  if general ? 'language' and not coalesce(general ->> 'language' in ('en', 'es', 'fr') and jsonb_typeof(general -> 'language') = 'string', false) then
    problems := problems || jsonb_build_object('field', 'general.language', 'message', 'Choose English, Spanish or French');
  end if;
  if units is not null then
    if jsonb_typeof(units) <> 'object' then
      problems := problems || jsonb_build_object('field', 'general.units', 'message', 'Units must be an object');
    else
      if units ? 'weight' and not coalesce(units ->> 'weight' in ('kg', 'lb'), false) then
        problems := problems || jsonb_build_object('field', 'general.units.weight', 'message', 'Weight is measured in kg or lb');
      end if;
      if units ? 'volume' and not coalesce(units ->> 'volume' in ('m3', 'ft3'), false) then
        problems := problems || jsonb_build_object('field', 'general.units.volume', 'message', 'Volume is measured in m³ or ft³');
      end if;
      if units ? 'length' and not coalesce(units ->> 'length' in ('cm', 'in'), false) then
        problems := problems || jsonb_build_object('field', 'general.units.length', 'message', 'Length is measured in cm or in');
      end if;
      if units ? 'temperature' and not coalesce(units ->> 'temperature' in ('C', 'F'), false) then
        problems := problems || jsonb_build_object('field', 'general.units.temperature', 'message', 'Temperature is measured in °C or °F');
      end if;
    end if;
  end if;
  if maps is not null then
    if jsonb_typeof(maps) <> 'object' then
      problems := problems || jsonb_build_object('field', 'maps_key', 'message', 'Maps settings must be an object');
    elsif maps ? 'maps_key' and not coalesce(
      jsonb_typeof(maps -> 'maps_key') = 'null' or (maps ->> 'maps_key') ~ '^[A-Za-z0-9._-]+$' and length(maps ->> 'maps_key') <= 512, false) then
      problems := problems || jsonb_build_object('field', 'maps_key', 'message', 'The maps key may contain only letters, digits, dots, dashes and underscores');
    end if;
  end if;
  return problems;
end;
$$;

create or replace function private.brand_settings_problems(brand jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  color_key text;
  colors jsonb := brand -> 'colors';
  assets jsonb := brand -> 'assets';
  font jsonb := brand #> '{configurations,font}';
  preset jsonb;
begin
  if colors is not null then
    if jsonb_typeof(colors) <> 'object' then
      problems := problems || jsonb_build_object('field', 'colors', 'message', 'Colours must be an object');
    else
      foreach color_key in array array['primary', 'secondary', 'background', 'cardBg', 'text', 'textLight'] loop
        if colors ? color_key and not private.is_hex_color(colors -> color_key) then
          problems := problems || jsonb_build_object('field', 'colors.' || color_key, 'message', 'Enter a hex colour such as #1d4ed8');
        end if;
      end loop;
    end if;
  end if;
  if font is not null and not coalesce(jsonb_typeof(font) = 'string' and (font #>> '{}') ~ '^[[:alnum:] _-]{1,64}$', false) then
    problems := problems || jsonb_build_object('field', 'configurations.font', 'message', 'Choose a font');
  end if;
  if brand ? 'presets' then
    if jsonb_typeof(brand -> 'presets') <> 'array' then
      problems := problems || jsonb_build_object('field', 'presets', 'message', 'Presets must be a list');
    else
      for preset in select e from jsonb_array_elements(brand -> 'presets') e loop
        if not coalesce(jsonb_typeof(preset) = 'object' and jsonb_typeof(preset -> 'name') = 'string'
             and length(btrim(preset ->> 'name')) between 1 and 60 and jsonb_typeof(preset -> 'palette') = 'object'
             and not exists (select 1 from jsonb_each(preset -> 'palette') c where not private.is_hex_color(c.value)), false) then
          problems := problems || jsonb_build_object('field', 'presets', 'message', 'Each preset needs a name and hex colours');
          exit;
        end if;
      end loop;
    end if;
  end if;
  if assets is not null then
    if jsonb_typeof(assets) <> 'object' then
      problems := problems || jsonb_build_object('field', 'assets', 'message', 'Assets must be an object');
    else
      if assets ? 'favicon' and jsonb_typeof(assets -> 'favicon') <> 'null' and not private.is_brand_image_ref(assets -> 'favicon') then
        problems := problems || jsonb_build_object('field', 'assets.favicon', 'message', 'The favicon must be an uploaded image');
      end if;
      if assets ? 'logo' and jsonb_typeof(assets -> 'logo') <> 'null' then
        if jsonb_typeof(assets -> 'logo') = 'string' then
          if not private.is_brand_image_ref(assets -> 'logo') then
            problems := problems || jsonb_build_object('field', 'assets.logo.light', 'message', 'The logo must be an uploaded image');
          end if;
        elsif jsonb_typeof(assets -> 'logo') = 'object' then
          if assets #> '{logo,light}' is not null and jsonb_typeof(assets #> '{logo,light}') <> 'null' and not private.is_brand_image_ref(assets #> '{logo,light}') then
            problems := problems || jsonb_build_object('field', 'assets.logo.light', 'message', 'The logo must be an uploaded image');
          end if;
          if assets #> '{logo,dark}' is not null and jsonb_typeof(assets #> '{logo,dark}') <> 'null' and not private.is_brand_image_ref(assets #> '{logo,dark}') then
            problems := problems || jsonb_build_object('field', 'assets.logo.dark', 'message', 'The logo must be an uploaded image');
          end if;
        else
          problems := problems || jsonb_build_object('field', 'assets.logo.light', 'message', 'The logo must be an uploaded image');
        end if;
      end if;
    end if;
  end if;
  return problems;
end;
$$;

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
    problems := problems || jsonb_build_object('field', 'contact_info.email', 'message', 'Enter a valid email address');
  end if;
  if contact ? 'phone' and not coalesce(jsonb_typeof(contact -> 'phone') = 'null'
       or (contact ->> 'phone') ~ '^\+?[0-9 ()-]{7,24}$' and length(regexp_replace(contact ->> 'phone', '\D', '', 'g')) >= 10, false) then
    problems := problems || jsonb_build_object('field', 'contact_info.phone', 'message', 'Phone number must have at least 10 digits');
  end if;
  if contact ? 'address' and not coalesce(jsonb_typeof(contact -> 'address') = 'null'
       or jsonb_typeof(contact -> 'address') = 'string' and length(contact ->> 'address') <= 300, false) then
    problems := problems || jsonb_build_object('field', 'contact_info.address', 'message', 'The address may be at most 300 characters');
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
      problems := problems || jsonb_build_object('field', 'name', 'message', 'Business name is required!');
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
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_tenant() from public;
-- The checks run as the writer (the trigger is security invoker, as validate_vehicle is).
revoke all on function private.tenant_settings_problems(jsonb), private.brand_settings_problems(jsonb),
  private.tenant_contact_problems(jsonb), private.is_known_timezone(text), private.is_hex_color(jsonb),
  private.is_brand_image_ref(jsonb), private.known_currencies() from public;
grant execute on function private.tenant_settings_problems(jsonb), private.brand_settings_problems(jsonb),
  private.tenant_contact_problems(jsonb), private.is_known_timezone(text), private.is_hex_color(jsonb),
  private.is_brand_image_ref(jsonb), private.known_currencies() to authenticated, service_role;

create trigger validate_tenant before insert or update on public.tenants
  for each row execute function private.validate_tenant();

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
    raise exception 'Only the tenant''s admins may change its settings' using errcode = '42501';
  end if;
  if p_general is null or jsonb_typeof(p_general) <> 'object' then
    raise exception using errcode = '23514', message = 'Validation failed',
      detail = '[{"field": "general", "message": "General settings must be an object"}]';
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

-- The admin's save of brand-settings: the whole brand at once (what the screen shows is what is stored).
create or replace function public.save_tenant_brand(p_tenant_id uuid, p_brand jsonb) returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if not private.is_tenant_admin(p_tenant_id) then
    raise exception 'Only the tenant''s admins may change its brand' using errcode = '42501';
  end if;
  if p_brand is null or jsonb_typeof(p_brand) <> 'object' then
    raise exception using errcode = '23514', message = 'Validation failed',
      detail = '[{"field": "colors", "message": "Brand settings must be an object"}]';
  end if;
  update public.tenants t set brand_settings = p_brand where t.id = p_tenant_id;
end;
$$;
revoke all on function public.save_tenant_brand(uuid, jsonb) from public, anon;
grant execute on function public.save_tenant_brand(uuid, jsonb) to authenticated, service_role;

-- Every member's open pages repaint when the public face changes: the payload names the tenant
-- only (pages read the brand again from the public face; the private settings never travel).
create or replace function private.broadcast_tenant_brand() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(jsonb_build_object('id', new.id, 'slug', new.slug), 'brand_changed',
    'tenant:' || new.id::text || ':brand', true);
  return null;
end;
$$;
revoke all on function private.broadcast_tenant_brand() from public;

create trigger tenants_broadcast_brand after update of name, logo_url, brand_settings on public.tenants
  for each row when (old.name is distinct from new.name or old.logo_url is distinct from new.logo_url
    or old.brand_settings is distinct from new.brand_settings)
  execute function private.broadcast_tenant_brand();
