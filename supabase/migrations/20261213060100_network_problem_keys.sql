-- The delivery network's refusals carry stable keys (supabase/README.md, "Refusals and their keys"):
-- vehicles (vehicles.*), zones (zones.*), zone prices (pricing.*), delivery services (services.*) and
-- each dispatcher's settings (dispatcher_settings.*), so their forms show a refusal only the database
-- decides (a code already taken, a route already priced, a zone or service of another business) in
-- the page's language; unkeyed, it stayed English. Each function is written out whole from its
-- current (first) definition; only how a refusal is built and raised changes: the same fields,
-- English words, problem order, grants and SQLSTATEs (23514 'Validation failed'; 23514 'Settings
-- cannot move to another person or business'). The triggers raise through private.raise_problems,
-- whose hint names the key. The values the words name travel as params: {max} of a length, {min} and
-- {max} of a range, {min} and {max} of a zone outline's point count.
-- A zone's outline problem is still answered as English by private.zone_polygon_problem (also the
-- map's own check, not rewritten here); zone_problems gives each of its answers a key (zones.polygon_*),
-- and zones.polygon_invalid, which no catalogue words, to one it does not know, so its English shows.
--
--   private.vehicle_problems, private.validate_vehicle                    from 20261121000500_vehicles.sql
--   private.zone_problems, private.validate_zone                          from 20261125000500_zones.sql
--   private.delivery_service_problems, private.validate_delivery_service  from 20261125000510_delivery_services.sql
--   private.zone_pricing_problems, private.validate_zone_pricing          from 20261125000520_zone_pricing.sql
--   private.dispatcher_settings_problems, private.validate_dispatcher_settings
--                                                                         from 20261125001170_dispatcher_settings.sql

-- The vehicle form's rules (vehicles.*), with the form's field names.
create or replace function private.vehicle_problems(v public.vehicles) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  req jsonb := v.vehicle_requirements;
  licences jsonb;
  features jsonb;
  fuel jsonb;
begin
  if v.name is null or btrim(v.name) = '' then
    problems := problems || private.problem('vehicles.name_required', 'name', 'Name is required!');
  elsif not private.is_printable_ascii(v.name) then
    problems := problems || private.problem('vehicles.name_not_printable', 'name', 'Name can only contain letters, numbers, and special characters');
  elsif length(v.name) > 200 then
    problems := problems || private.problem('vehicles.name_too_long', 'name', 'Name must be at most 200 characters', jsonb_build_object('max', 200));
  end if;

  if v.code is null or btrim(v.code) = '' then
    problems := problems || private.problem('vehicles.code_required', 'code', 'Code is required!');
  elsif not private.is_printable_ascii(v.code) then
    problems := problems || private.problem('vehicles.code_not_printable', 'code', 'Code can only contain letters, numbers, and special characters');
  elsif length(v.code) > 64 then
    problems := problems || private.problem('vehicles.code_too_long', 'code', 'Code must be at most 64 characters', jsonb_build_object('max', 64));
  elsif exists (select 1 from public.vehicles o where o.tenant_id = v.tenant_id and o.code = v.code and o.id <> v.id) then
    problems := problems || private.problem('vehicles.code_taken', 'code', 'Code already exists');
  end if;

  if v.description is null or btrim(v.description) = '' then
    problems := problems || private.problem('vehicles.description_required', 'description', 'Description is required!');
  elsif not private.is_printable_ascii(v.description) then
    problems := problems || private.problem('vehicles.description_not_printable', 'description', 'Description can only contain letters, numbers, and special characters');
  elsif length(v.description) > 2000 then
    problems := problems || private.problem('vehicles.description_too_long', 'description', 'Description must be at most 2000 characters', jsonb_build_object('max', 2000));
  end if;

  if v.capacity_unit is null or v.capacity_unit < 1 or v.capacity_unit = 'NaN'::numeric or v.capacity_unit = 'Infinity'::numeric then
    problems := problems || private.problem('vehicles.capacity_invalid', 'capacity_unit', 'Capacity unit must be a number and greater than 0!');
  end if;

  if v.image_url is not null and not private.is_tenant_file_ref(v.image_url, v.tenant_id) then
    problems := problems || private.problem('vehicles.image_not_tenant_file', 'image_url', 'Image must be a file uploaded to this business''s storage');
  end if;

  if req is null or jsonb_typeof(req) <> 'object' then
    req := '{}'::jsonb;
  elsif req - array['license_requirements', 'special_features', 'fuel_type'] <> '{}'::jsonb then
    problems := problems || private.problem('vehicles.requirements_shape', 'vehicle_requirements',
      'Vehicle requirements can only hold license_requirements, special_features and fuel_type');
  end if;
  licences := req -> 'license_requirements';
  features := coalesce(req -> 'special_features', '[]'::jsonb);
  fuel := req -> 'fuel_type';

  if licences is null or jsonb_typeof(licences) = 'null' or (jsonb_typeof(licences) = 'array' and jsonb_array_length(licences) = 0) then
    problems := problems || private.problem('vehicles.licences_required', 'vehicle_requirements.license_requirements', 'At least one license requirement is required!');
  elsif not private.is_string_set(licences, array['standard', 'commercial', 'special']) then
    problems := problems || private.problem('vehicles.licences_invalid', 'vehicle_requirements.license_requirements',
      'License requirements must be distinct values among standard, commercial and special');
  end if;

  if not private.is_string_set(features, array['lift_gate', 'refrigeration', 'temperature_control', 'security_system', 'gps_tracking']) then
    problems := problems || private.problem('vehicles.features_invalid', 'vehicle_requirements.special_features',
      'Special features must be distinct values among lift_gate, refrigeration, temperature_control, security_system and gps_tracking');
  end if;

  if fuel is null or jsonb_typeof(fuel) = 'null' or (jsonb_typeof(fuel) = 'string' and btrim(fuel #>> '{}') = '') then
    problems := problems || private.problem('vehicles.fuel_type_required', 'vehicle_requirements.fuel_type', 'Fuel type is required!');
  elsif jsonb_typeof(fuel) <> 'string' or fuel #>> '{}' not in ('petrol', 'diesel', 'electric', 'hybrid', 'cng') then
    problems := problems || private.problem('vehicles.fuel_type_invalid', 'vehicle_requirements.fuel_type',
      'Fuel type must be one of petrol, diesel, electric, hybrid or cng');
  end if;

  return problems;
end;
$$;
revoke all on function private.vehicle_problems(public.vehicles) from public;
grant execute on function private.vehicle_problems(public.vehicles) to authenticated, service_role;

-- The trigger raises the vehicle's problems at once (23514 'Validation failed'); rows written by API callers
-- who are not the tenant's admin are left to RLS (42501), so a refusal never tells them about another
-- tenant's codes.
create or replace function private.validate_vehicle() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  perform private.raise_problems(private.vehicle_problems(new));
  return new;
end;
$$;
revoke all on function private.validate_vehicle() from public;

-- A zone's rules (zones.*).
create or replace function private.zone_problems(z public.zones) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  outline text := private.zone_polygon_problem(z.polygon);
begin
  if z.name is null or btrim(z.name) = '' then
    problems := problems || private.problem('zones.name_required', 'name', 'Name is required');
  elsif length(z.name) > 120 then
    problems := problems || private.problem('zones.name_too_long', 'name', 'Name must be at most 120 characters', jsonb_build_object('max', 120));
  end if;

  if z.code is null or btrim(z.code) = '' then
    problems := problems || private.problem('zones.code_required', 'code', 'Code is required');
  elsif z.code !~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$' then
    problems := problems || private.problem('zones.code_format', 'code', 'Code must be up to 32 letters, digits, - or _, starting with a letter or digit', jsonb_build_object('max', 32));
  elsif exists (select 1 from public.zones o where o.tenant_id = z.tenant_id and o.code = z.code and o.id <> z.id) then
    problems := problems || private.problem('zones.code_taken', 'code', 'Code already exists');
  end if;

  if z.description is null or length(z.description) > 1000 then
    problems := problems || private.problem('zones.description_too_long', 'description', 'Description must be at most 1000 characters', jsonb_build_object('max', 1000));
  end if;

  if z.color is null or z.color !~ '^#[0-9a-fA-F]{6}$' then
    problems := problems || private.problem('zones.color_invalid', 'color', 'Colour must be a hex colour such as #2563eb');
  end if;

  if outline is not null then
    -- private.zone_polygon_problem answers the outline's English; each of its answers has its key here
    -- (zones.polygon_invalid for one this list does not know yet, with its English as the fallback).
    problems := problems || private.problem(case outline
        when 'Draw the zone on the map' then 'zones.polygon_required'
        when 'The zone must be a GeoJSON Polygon' then 'zones.polygon_not_geojson'
        when 'A zone is one outline, without holes' then 'zones.polygon_has_holes'
        when 'Each point must be a [longitude, latitude] pair of numbers' then 'zones.polygon_point_shape'
        when 'Points must have a longitude from -180 to 180 and a latitude from -90 to 90' then 'zones.polygon_point_range'
        when 'The outline must be closed: its last point must repeat its first' then 'zones.polygon_not_closed'
        when 'Draw at least 3 points' then 'zones.polygon_too_few_points'
        when 'A zone can have at most 500 points' then 'zones.polygon_too_many_points'
        when 'The outline must not pass through the same point twice' then 'zones.polygon_repeated_point'
        when 'The outline must not cross itself' then 'zones.polygon_self_crossing'
        when 'The zone must enclose an area' then 'zones.polygon_no_area'
        else 'zones.polygon_invalid'
      end, 'polygon', outline,
      case outline when 'Draw at least 3 points' then jsonb_build_object('min', 3)
        when 'A zone can have at most 500 points' then jsonb_build_object('max', 500) end);
  end if;
  return problems;
end;
$$;
revoke all on function private.zone_problems(public.zones) from public;
grant execute on function private.zone_problems(public.zones) to authenticated, service_role;

-- The zone's trigger, as the vehicle's.
create or replace function private.validate_zone() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  perform private.raise_problems(private.zone_problems(new));
  return new;
end;
$$;
revoke all on function private.validate_zone() from public;

-- A delivery service's rules (services.*).
create or replace function private.delivery_service_problems(s public.delivery_services) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  if s.name is null or btrim(s.name) = '' then
    problems := problems || private.problem('services.name_required', 'name', 'Name is required');
  elsif length(s.name) > 120 then
    problems := problems || private.problem('services.name_too_long', 'name', 'Name must be at most 120 characters', jsonb_build_object('max', 120));
  end if;

  if s.code is null or btrim(s.code) = '' then
    problems := problems || private.problem('services.code_required', 'code', 'Code is required');
  elsif s.code !~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$' then
    problems := problems || private.problem('services.code_format', 'code', 'Code must be up to 32 letters, digits, - or _, starting with a letter or digit', jsonb_build_object('max', 32));
  elsif exists (select 1 from public.delivery_services o where o.tenant_id = s.tenant_id and o.code = s.code and o.id <> s.id) then
    problems := problems || private.problem('services.code_taken', 'code', 'Code already exists');
  end if;

  if s.description is null or length(s.description) > 1000 then
    problems := problems || private.problem('services.description_too_long', 'description', 'Description must be at most 1000 characters', jsonb_build_object('max', 1000));
  end if;

  if s.kind is null then
    problems := problems || private.problem('services.kind_required', 'kind', 'Kind is required');
  elsif s.kind not in ('on_demand', 'same_day', 'next_day', 'scheduled') then
    problems := problems || private.problem('services.kind_invalid', 'kind', 'Kind must be one of on_demand, same_day, next_day or scheduled');
  end if;

  if s.min_transit_hours is null then
    problems := problems || private.problem('services.min_transit_hours_required', 'min_transit_hours', 'Min transit hours is required');
  elsif s.min_transit_hours < 0 or s.min_transit_hours > 720 then
    problems := problems || private.problem('services.min_transit_hours_range', 'min_transit_hours', 'Min transit hours must be from 0 to 720', jsonb_build_object('min', 0, 'max', 720));
  end if;

  if s.max_transit_hours is null then
    problems := problems || private.problem('services.max_transit_hours_required', 'max_transit_hours', 'Max transit hours is required');
  elsif s.max_transit_hours < 0 or s.max_transit_hours > 720 then
    problems := problems || private.problem('services.max_transit_hours_range', 'max_transit_hours', 'Max transit hours must be from 0 to 720', jsonb_build_object('min', 0, 'max', 720));
  elsif s.min_transit_hours is not null and s.max_transit_hours < s.min_transit_hours then
    problems := problems || private.problem('services.max_transit_hours_below_min', 'max_transit_hours', 'Max transit hours must not be less than min transit hours');
  end if;

  if not coalesce(private.is_text_set(s.required_vehicle_features,
       array['lift_gate', 'refrigeration', 'temperature_control', 'security_system', 'gps_tracking']), false) then
    problems := problems || private.problem('services.vehicle_features_invalid', 'required_vehicle_features', 'Vehicle features must be distinct values among lift_gate, refrigeration, temperature_control, security_system and gps_tracking');
  end if;
  return problems;
end;
$$;
revoke all on function private.delivery_service_problems(public.delivery_services) from public;
grant execute on function private.delivery_service_problems(public.delivery_services) to authenticated, service_role;

-- The delivery service's trigger, as the vehicle's.
create or replace function private.validate_delivery_service() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  perform private.raise_problems(private.delivery_service_problems(new));
  return new;
end;
$$;
revoke all on function private.validate_delivery_service() from public;

-- A zone price's rules (pricing.*): its route, service, prices and transit times.
create or replace function private.zone_pricing_problems(p public.zone_pricing) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  if p.origin_zone_id is null then
    problems := problems || private.problem('pricing.origin_zone_required', 'origin_zone_id', 'Origin zone is required');
  elsif not exists (select 1 from public.zones z where z.id = p.origin_zone_id and z.tenant_id = p.tenant_id) then
    problems := problems || private.problem('pricing.origin_zone_not_found', 'origin_zone_id', 'Origin zone not found');
  end if;

  if p.destination_zone_id is null then
    problems := problems || private.problem('pricing.destination_zone_required', 'destination_zone_id', 'Destination zone is required');
  elsif not exists (select 1 from public.zones z where z.id = p.destination_zone_id and z.tenant_id = p.tenant_id) then
    problems := problems || private.problem('pricing.destination_zone_not_found', 'destination_zone_id', 'Destination zone not found');
  end if;

  if p.service_id is null then
    problems := problems || private.problem('pricing.service_required', 'service_id', 'Service is required');
  elsif not exists (select 1 from public.delivery_services s where s.id = p.service_id and s.tenant_id = p.tenant_id) then
    problems := problems || private.problem('pricing.service_not_found', 'service_id', 'Service not found');
  elsif exists (
    select 1 from public.zone_pricing o
    where o.tenant_id = p.tenant_id and o.origin_zone_id = p.origin_zone_id and o.destination_zone_id = p.destination_zone_id
      and o.service_id = p.service_id and o.id <> p.id
  ) then
    problems := problems || private.problem('pricing.route_service_taken', 'service_id', 'A price for this route and service already exists');
  end if;

  if p.base_price is null then
    problems := problems || private.problem('pricing.base_price_required', 'base_price', 'Base price is required');
  elsif p.base_price < 0 then
    problems := problems || private.problem('pricing.base_price_negative', 'base_price', 'Base price must be 0 or more');
  end if;

  if p.per_unit_price is null then
    problems := problems || private.problem('pricing.per_unit_price_required', 'per_unit_price', 'Per unit price is required');
  elsif p.per_unit_price < 0 then
    problems := problems || private.problem('pricing.per_unit_price_negative', 'per_unit_price', 'Per unit price must be 0 or more');
  end if;

  if p.min_transit_time is null then
    problems := problems || private.problem('pricing.min_transit_time_required', 'min_transit_time', 'Min transit time is required');
  elsif p.min_transit_time < 0 or p.min_transit_time > 720 then
    problems := problems || private.problem('pricing.min_transit_time_range', 'min_transit_time', 'Min transit time must be from 0 to 720 hours', jsonb_build_object('min', 0, 'max', 720));
  end if;

  if p.max_transit_time is null then
    problems := problems || private.problem('pricing.max_transit_time_required', 'max_transit_time', 'Max transit time is required');
  elsif p.max_transit_time < 0 or p.max_transit_time > 720 then
    problems := problems || private.problem('pricing.max_transit_time_range', 'max_transit_time', 'Max transit time must be from 0 to 720 hours', jsonb_build_object('min', 0, 'max', 720));
  elsif p.min_transit_time is not null and p.max_transit_time < p.min_transit_time then
    problems := problems || private.problem('pricing.max_transit_time_below_min', 'max_transit_time', 'Max transit time must not be less than min transit time');
  end if;
  return problems;
end;
$$;
revoke all on function private.zone_pricing_problems(public.zone_pricing) from public;
grant execute on function private.zone_pricing_problems(public.zone_pricing) to authenticated, service_role;

-- The zone price's trigger, as the vehicle's.
create or replace function private.validate_zone_pricing() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  perform private.raise_problems(private.zone_pricing_problems(new));
  return new;
end;
$$;
revoke all on function private.validate_zone_pricing() from public;

-- A dispatcher's settings rules (dispatcher_settings.*).
create or replace function private.dispatcher_settings_problems(s public.dispatcher_settings) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  f jsonb := coalesce(s.default_board_filters, '{}'::jsonb);
  key text;
  value text;
begin
  if jsonb_typeof(f) <> 'object' then
    return jsonb_build_array(private.problem('dispatcher_settings.filters_shape', 'default_board_filters', 'Default board filters must be an object'));
  end if;
  for key in select jsonb_object_keys(f) loop
    if key not in ('kind', 'service_id', 'zone_id', 'window') then
      problems := problems || private.problem('dispatcher_settings.filter_unknown', 'default_board_filters.' || key, 'Unknown board filter');
    elsif jsonb_typeof(f -> key) not in ('string', 'null') then
      problems := problems || private.problem('dispatcher_settings.filter_not_text', 'default_board_filters.' || key, 'Must be text or empty');
    end if;
  end loop;
  if jsonb_array_length(problems) > 0 then
    return problems;
  end if;

  value := nullif(f ->> 'kind', '');
  if value is not null and value not in ('on_demand', 'pickup', 'delivery', 'pickup_delivery') then
    problems := problems || private.problem('dispatcher_settings.kind_invalid', 'default_board_filters.kind', 'Kind must be on demand, pickup, delivery or pickup and delivery');
  end if;
  value := nullif(f ->> 'service_id', '');
  if value is not null and (value !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or not exists (select 1 from public.delivery_services x where x.id = value::uuid and x.tenant_id = s.tenant_id)) then
    problems := problems || private.problem('dispatcher_settings.service_not_found', 'default_board_filters.service_id', 'Service not found');
  end if;
  value := nullif(f ->> 'zone_id', '');
  if value is not null and (value !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or not exists (select 1 from public.zones x where x.id = value::uuid and x.tenant_id = s.tenant_id)) then
    problems := problems || private.problem('dispatcher_settings.zone_not_found', 'default_board_filters.zone_id', 'Zone not found');
  end if;
  value := nullif(f ->> 'window', '');
  if value is not null and value not in ('overdue', 'next_hour', 'today') then
    problems := problems || private.problem('dispatcher_settings.window_invalid', 'default_board_filters.window', 'Window must be overdue, next hour or today');
  end if;

  if s.late_threshold_minutes is null or s.late_threshold_minutes not between 0 and 240 then
    problems := problems || private.problem('dispatcher_settings.late_threshold_range', 'late_threshold_minutes', 'Late threshold must be a whole number of minutes from 0 to 240', jsonb_build_object('min', 0, 'max', 240));
  end if;
  if s.auto_assign_mode is null or s.auto_assign_mode not in ('off', 'suggest', 'auto') then
    problems := problems || private.problem('dispatcher_settings.auto_assign_mode_invalid', 'auto_assign_mode', 'Auto-assign mode must be off, suggest or auto');
  end if;
  if s.sound_on_new_unassigned is null then
    problems := problems || private.problem('dispatcher_settings.sound_required', 'sound_on_new_unassigned', 'Choose whether to play a sound');
  end if;
  return problems;
end;
$$;
revoke all on function private.dispatcher_settings_problems(public.dispatcher_settings) from public;
grant execute on function private.dispatcher_settings_problems(public.dispatcher_settings) to authenticated, service_role;

-- API writes belong to the caller: the row is theirs, of their tenant (RLS refuses anyone else).
-- Empty filter values are stored as absent keys, so "any" has one spelling.
create or replace function private.validate_dispatcher_settings() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (new.user_id is distinct from old.user_id or new.tenant_id is distinct from old.tenant_id) then
    perform private.raise_problems(jsonb_build_array(private.problem('dispatcher_settings.owner_fixed', null,
      'Settings cannot move to another person or business')), '23514', 'Settings cannot move to another person or business');
  end if;
  if jsonb_typeof(new.default_board_filters) = 'object' then
    new.default_board_filters := jsonb_strip_nulls(new.default_board_filters);
    new.default_board_filters := coalesce((select jsonb_object_agg(e.key, e.value) from jsonb_each(new.default_board_filters) e
      where not (jsonb_typeof(e.value) = 'string' and btrim(e.value #>> '{}') = '')), '{}'::jsonb);
  end if;
  perform private.raise_problems(private.dispatcher_settings_problems(new));
  return new;
end;
$$;
revoke all on function private.validate_dispatcher_settings() from public;
