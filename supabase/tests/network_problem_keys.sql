-- The delivery network's refusals carry stable keys beside their English (private.problem), as the
-- error's DETAIL (what PostgREST hands the app as `details`): vehicles, zones, delivery services,
-- zone prices and dispatcher settings, as the admins and dispatchers of acme and globex; SQLSTATE
-- and message stay as they were.
begin;
select plan(16);

grant execute on function tests.refusal(text) to authenticated;

create function pg_temp.keys(statement text) returns text
language sql
as $$ select string_agg(coalesce(p ->> 'field', '-') || ':' || (p ->> 'key'), ' ' order by ord)
      from jsonb_array_elements(tests.refusal(statement) -> 'details') with ordinality as x (p, ord) $$;
grant execute on function pg_temp.keys(text) to authenticated;

create temp table fx (acme_vehicle uuid, globex_vehicle uuid, acme_zone uuid, globex_zone uuid, acme_service uuid, globex_service uuid, acme_price uuid);
grant all on fx to authenticated;
insert into fx
select (select id from public.vehicles where tenant_id = 'a0000000-0000-4000-8000-000000000001' order by code limit 1),
       (select id from public.vehicles where tenant_id = 'b0000000-0000-4000-8000-000000000001' order by code limit 1),
       (select id from public.zones where tenant_id = 'a0000000-0000-4000-8000-000000000001' order by code limit 1),
       (select id from public.zones where tenant_id = 'b0000000-0000-4000-8000-000000000001' order by code limit 1),
       (select id from public.delivery_services where tenant_id = 'a0000000-0000-4000-8000-000000000001' order by code limit 1),
       (select id from public.delivery_services where tenant_id = 'b0000000-0000-4000-8000-000000000001' order by code limit 1),
       (select id from public.zone_pricing where tenant_id = 'a0000000-0000-4000-8000-000000000001' order by id limit 1);
select ok((select acme_vehicle is not null and globex_vehicle is not null and acme_zone is not null and globex_zone is not null
  and acme_service is not null and globex_service is not null and acme_price is not null from fx), 'the seed has vehicles, zones, services and a price of acme and globex');

-- Vehicles
select tests.act_as('admin@acme.test');
select is(pg_temp.keys(format($$ update public.vehicles set name = repeat('n', 201), code = '', description = E'line\nbreak', capacity_unit = 0,
    image_url = 'https://evil.test/van.png', vehicle_requirements = '{"license_requirements": ["pilot"], "special_features": ["jetpack"], "fuel_type": "coal", "wings": 2}'
    where id = %L $$, (select acme_vehicle from fx))),
  'name:vehicles.name_too_long code:vehicles.code_required description:vehicles.description_not_printable capacity_unit:vehicles.capacity_invalid '
  'image_url:vehicles.image_not_tenant_file vehicle_requirements:vehicles.requirements_shape vehicle_requirements.license_requirements:vehicles.licences_invalid '
  'vehicle_requirements.special_features:vehicles.features_invalid vehicle_requirements.fuel_type:vehicles.fuel_type_invalid',
  'acme admin: each of the vehicle''s problems keyed, in order');
select is(tests.refusal(format($$ update public.vehicles set code = repeat('c', 65) where id = %L $$, (select acme_vehicle from fx))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "vehicles.code_too_long", "field": "code", "message": "Code must be at most 64 characters", "params": {"max": 64}}]}'::jsonb,
  'acme admin: a code too long, keyed with the limit, same SQLSTATE, message and English');
reset role;
select tests.act_as('admin@globex.test');
select is(tests.refusal(format($$ update public.vehicles set description = repeat('d', 2001), vehicle_requirements = '{"license_requirements": []}' where id = %L $$, (select globex_vehicle from fx))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "vehicles.description_too_long", "field": "description", "message": "Description must be at most 2000 characters", "params": {"max": 2000}}, '
  '{"key": "vehicles.licences_required", "field": "vehicle_requirements.license_requirements", "message": "At least one license requirement is required!"}, '
  '{"key": "vehicles.fuel_type_required", "field": "vehicle_requirements.fuel_type", "message": "Fuel type is required!"}]}'::jsonb,
  'globex admin: their own vehicle''s problems keyed');
reset role;

-- Zones
select tests.act_as('admin@acme.test');
select is(tests.refusal(format($$ update public.zones set name = repeat('z', 121), code = 'bad code', color = 'blue',
    polygon = '{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 0]]]}' where id = %L $$, (select acme_zone from fx))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "zones.name_too_long", "field": "name", "message": "Name must be at most 120 characters", "params": {"max": 120}}, '
  '{"key": "zones.code_format", "field": "code", "message": "Code must be up to 32 letters, digits, - or _, starting with a letter or digit", "params": {"max": 32}}, '
  '{"key": "zones.color_invalid", "field": "color", "message": "Colour must be a hex colour such as #2563eb"}, '
  '{"key": "zones.polygon_too_few_points", "field": "polygon", "message": "Draw at least 3 points", "params": {"min": 3}}]}'::jsonb,
  'acme admin: the zone''s problems keyed, the outline''s point count with its limit');
select is(pg_temp.keys(format($$ update public.zones set polygon = 'null', description = repeat('d', 1001) where id = %L $$, (select acme_zone from fx))),
  'description:zones.description_too_long polygon:zones.polygon_required', 'acme admin: no outline drawn');
select is(pg_temp.keys(format($$ update public.zones set polygon = '{"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]]}' where id = %L $$, (select acme_zone from fx))),
  'polygon:zones.polygon_self_crossing', 'acme admin: an outline that crosses itself');
reset role;
select tests.act_as('admin@globex.test');
select is(pg_temp.keys(format($$ update public.zones set code = (select code from public.zones where tenant_id = 'b0000000-0000-4000-8000-000000000001' and id <> %L limit 1),
    polygon = '{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1]]]}' where id = %L $$, (select globex_zone from fx), (select globex_zone from fx))),
  'code:zones.code_taken polygon:zones.polygon_not_closed', 'globex admin: their own zone''s problems keyed');
reset role;

-- Delivery services
select tests.act_as('admin@globex.test');
select is(tests.refusal(format($$ update public.delivery_services set min_transit_hours = 800, max_transit_hours = null, kind = 'drone' where id = %L $$, (select globex_service from fx))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "services.kind_invalid", "field": "kind", "message": "Kind must be one of on_demand, same_day, next_day or scheduled"}, '
  '{"key": "services.min_transit_hours_range", "field": "min_transit_hours", "message": "Min transit hours must be from 0 to 720", "params": {"min": 0, "max": 720}}, '
  '{"key": "services.max_transit_hours_required", "field": "max_transit_hours", "message": "Max transit hours is required"}]}'::jsonb,
  'globex admin: the service''s problems keyed with the range');
reset role;
select tests.act_as('admin@acme.test');
select is(pg_temp.keys(format($$ update public.delivery_services set name = ' ', code = '-x', description = repeat('d', 1001), min_transit_hours = 5, max_transit_hours = 2,
    required_vehicle_features = '{jet_pack}' where id = %L $$, (select acme_service from fx))),
  'name:services.name_required code:services.code_format description:services.description_too_long max_transit_hours:services.max_transit_hours_below_min '
  'required_vehicle_features:services.vehicle_features_invalid', 'acme admin: each of the service''s problems keyed, in order');
reset role;

-- Zone prices
select tests.act_as('admin@acme.test');
select is(tests.refusal(format($$ update public.zone_pricing set origin_zone_id = %L, service_id = %L, min_transit_time = 721, max_transit_time = -1 where id = %L $$,
    (select globex_zone from fx), (select globex_service from fx), (select acme_price from fx))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "pricing.origin_zone_not_found", "field": "origin_zone_id", "message": "Origin zone not found"}, '
  '{"key": "pricing.service_not_found", "field": "service_id", "message": "Service not found"}, '
  '{"key": "pricing.min_transit_time_range", "field": "min_transit_time", "message": "Min transit time must be from 0 to 720 hours", "params": {"min": 0, "max": 720}}, '
  '{"key": "pricing.max_transit_time_range", "field": "max_transit_time", "message": "Max transit time must be from 0 to 720 hours", "params": {"min": 0, "max": 720}}]}'::jsonb,
  'acme admin: globex''s zone and service are not found, the transit ranges keyed with their limits');
select is(pg_temp.keys(format($$ update public.zone_pricing set destination_zone_id = null, base_price = -1, per_unit_price = null, min_transit_time = 5, max_transit_time = 2 where id = %L $$,
    (select acme_price from fx))),
  'destination_zone_id:pricing.destination_zone_required base_price:pricing.base_price_negative per_unit_price:pricing.per_unit_price_required '
  'max_transit_time:pricing.max_transit_time_below_min', 'acme admin: each of the price''s problems keyed, in order');
reset role;

-- Dispatcher settings
select tests.act_as('dispatcher@acme.test');
select is(tests.refusal($$ update public.dispatcher_settings set late_threshold_minutes = 241, auto_assign_mode = 'always', sound_on_new_unassigned = null,
    default_board_filters = '{"kind": "truck", "zone_id": "not-a-uuid", "window": "week"}' $$),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "dispatcher_settings.kind_invalid", "field": "default_board_filters.kind", "message": "Kind must be on demand, pickup, delivery or pickup and delivery"}, '
  '{"key": "dispatcher_settings.zone_not_found", "field": "default_board_filters.zone_id", "message": "Zone not found"}, '
  '{"key": "dispatcher_settings.window_invalid", "field": "default_board_filters.window", "message": "Window must be overdue, next hour or today"}, '
  '{"key": "dispatcher_settings.late_threshold_range", "field": "late_threshold_minutes", "message": "Late threshold must be a whole number of minutes from 0 to 240", "params": {"min": 0, "max": 240}}, '
  '{"key": "dispatcher_settings.auto_assign_mode_invalid", "field": "auto_assign_mode", "message": "Auto-assign mode must be off, suggest or auto"}, '
  '{"key": "dispatcher_settings.sound_required", "field": "sound_on_new_unassigned", "message": "Choose whether to play a sound"}]}'::jsonb,
  'acme dispatcher: each of the settings'' problems keyed, the threshold with its range');
select is(pg_temp.keys($$ update public.dispatcher_settings set default_board_filters = '{"colour": "red", "zone_id": 7}' $$),
  'default_board_filters.colour:dispatcher_settings.filter_unknown default_board_filters.zone_id:dispatcher_settings.filter_not_text',
  'acme dispatcher: an unknown filter and a filter that is not text');
select is(tests.refusal($$ update public.dispatcher_settings set user_id = 'a1000000-0000-4000-8000-000000000101' $$),
  '{"code": "23514", "message": "Settings cannot move to another person or business", "details": [{"key": "dispatcher_settings.owner_fixed", "message": "Settings cannot move to another person or business"}]}'::jsonb,
  'acme dispatcher: settings stay theirs, keyed, same SQLSTATE and message');
reset role;
select tests.act_as('dispatcher@globex.test');
select is(pg_temp.keys(format($$ insert into public.dispatcher_settings (default_board_filters) values ('{"service_id": "%s"}') $$, (select acme_service from fx))),
  'default_board_filters.service_id:dispatcher_settings.service_not_found', 'globex dispatcher: acme''s service is not found');
reset role;

select * from finish();
rollback;
