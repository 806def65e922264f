-- Zones, delivery services, zone pricing and the quote: who reads and writes each table (anon and
-- every panel of acme and globex), the outline rules of a zone, the form rules of each table as
-- {field, message} details, and the quote's edges (no zone, no price, boundary points, inactive
-- zone, service and price).
begin;
select plan(114);

-- The message the database gives an outline, as the admin would get it.
create function pg_temp.outline_problem(shape text) returns text
language sql
as $$ select private.zone_polygon_problem(shape::jsonb) $$;

create function pg_temp.insert_zone(code text, shape text default null) returns text
language sql
as $$
  select format('insert into public.zones (name, code, polygon) values (%L, %L, %L::jsonb)', 'Zone ' || code, code,
    coalesce(shape, '{"type": "Polygon", "coordinates": [[[-122.41, 37.77], [-122.40, 37.77], [-122.40, 37.78], [-122.41, 37.77]]]}'));
$$;

create function pg_temp.quote(plat float8, plng float8, dlat float8, dlng float8, service uuid, kg numeric) returns jsonb
language sql
as $$ select public.quote(plat, plng, dlat, dlng, service, kg) $$;

grant execute on all functions in schema pg_temp to anon, authenticated;

-- Acme's fixtures: zones SF-SOMA (a6..02), SF-MISSION (a6..03), SF-TI (a6..08, inactive); services
-- EXPRESS (a61..01), SAMEDAY (a61..02). Globex: zone LDN-DOCKS (b6..03), service NOW (b61..01).

-- The seed
select is((select count(*)::int from public.zones where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 8, 'seed: eight acme zones');
select is((select count(*)::int from public.zones where tenant_id = 'b0000000-0000-4000-8000-000000000001'), 8, 'seed: eight globex zones');
select is((select count(*)::int from public.delivery_services), 8, 'seed: four services per tenant');
select is((select count(*)::int from public.zone_pricing), 2 * 8 * 8 * 4, 'seed: a price for every zone pair and service of each tenant');
select is((select count(*)::int from public.zones where boundary is null), 0, 'seed: every zone has its boundary');
select is(private.tenant_currency('a0000000-0000-4000-8000-000000000001'), 'USD', 'acme prices in USD (the default)');
select is(private.tenant_currency('b0000000-0000-4000-8000-000000000001'), 'GBP', 'globex prices in GBP (its settings)');

-- Outline rules
select is(pg_temp.outline_problem('{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}'), null, 'outline: a triangle is valid');
select is(pg_temp.outline_problem('null'), 'Draw the zone on the map', 'outline: none');
select is(pg_temp.outline_problem('{"type": "Point", "coordinates": [0, 0]}'), 'The zone must be a GeoJSON Polygon', 'outline: not a Polygon');
select is(pg_temp.outline_problem('[[0, 0], [1, 0], [1, 1], [0, 0]]'), 'The zone must be a GeoJSON Polygon', 'outline: a bare ring');
select is(pg_temp.outline_problem('{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]], "properties": {}}'), 'The zone must be a GeoJSON Polygon', 'outline: unknown keys');
select is(pg_temp.outline_problem('{"type": "Polygon", "coordinates": [[[0, 0], [4, 0], [4, 4], [0, 0]], [[1, 1], [2, 1], [2, 2], [1, 1]]]}'),
  'A zone is one outline, without holes', 'outline: a hole');
select is(pg_temp.outline_problem('{"type": "Polygon", "coordinates": [[[0, 0], [1, 0, 5], [1, 1], [0, 0]]]}'),
  'Each point must be a [longitude, latitude] pair of numbers', 'outline: a point with an altitude');
select is(pg_temp.outline_problem('{"type": "Polygon", "coordinates": [[[0, 0], ["1", 0], [1, 1], [0, 0]]]}'),
  'Each point must be a [longitude, latitude] pair of numbers', 'outline: a coordinate as a string');
select is(pg_temp.outline_problem('{"type": "Polygon", "coordinates": [[[0, 0], [181, 0], [1, 1], [0, 0]]]}'),
  'Points must have a longitude from -180 to 180 and a latitude from -90 to 90', 'outline: longitude out of range');
select is(pg_temp.outline_problem('{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 91], [0, 0]]]}'),
  'Points must have a longitude from -180 to 180 and a latitude from -90 to 90', 'outline: latitude out of range');
select is(pg_temp.outline_problem('{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1e400], [0, 0]]]}'),
  'Points must have a longitude from -180 to 180 and a latitude from -90 to 90', 'outline: a number beyond float8');
select is(pg_temp.outline_problem('{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}'),
  'The outline must be closed: its last point must repeat its first', 'outline: not closed');
select is(pg_temp.outline_problem('{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 0]]]}'),
  'Draw at least 3 points', 'outline: two distinct points');
select is(pg_temp.outline_problem('{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [1, 0], [0, 0]]]}'),
  'The outline must not pass through the same point twice', 'outline: a repeated point');
select is(pg_temp.outline_problem('{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [2, 0], [0, 0]]]}'),
  'The zone must enclose an area', 'outline: three points on a line');
select is(pg_temp.outline_problem('{"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]]}'),
  'The outline must not cross itself', 'outline: a bow tie');
select is(pg_temp.outline_problem('{"type": "Polygon", "coordinates": [[[0, 0], [2, 0], [2, 2], [1, 0], [0, 2], [0, 0]]]}'),
  'The outline must not cross itself', 'outline: a vertex touching another edge');
select is(pg_temp.outline_problem(
    (select jsonb_build_object('type', 'Polygon', 'coordinates', jsonb_build_array(
      jsonb_agg(jsonb_build_array(cos(radians(i * 0.7)), sin(radians(i * 0.7))) order by i) || jsonb_build_array(jsonb_build_array(1, 0))))::text
     from generate_series(0, 501) i)),
  'A zone can have at most 500 points', 'outline: more than 500 points');

-- anon
select tests.act_as(null);
select throws_ok($$ select id from public.zones $$, '42501', null, 'anon: cannot read zones');
select throws_ok($$ select id from public.delivery_services $$, '42501', null, 'anon: cannot read services');
select throws_ok($$ select id from public.zone_pricing $$, '42501', null, 'anon: cannot read prices');
select throws_ok($$ select id from public.zone_pricing_rows $$, '42501', null, 'anon: cannot read the price list');
select throws_ok(pg_temp.insert_zone('ANON-1'), '42501', null, 'anon: cannot insert a zone');
select throws_ok($$ select pg_temp.quote(37.77, -122.39, 37.76, -122.42, 'a6100000-0000-4000-8000-000000000002', 1) $$, '42501', null, 'anon: cannot quote');
select throws_ok($$ select * from public.zones_containing(37.77, -122.39) $$, '42501', null, 'anon: cannot look zones up');

-- customer of acme: nothing at all.
reset role;
select tests.act_as('customer@acme.test');
select is((select count(*)::int from public.zones), 0, 'customer: reads no zone');
select is((select count(*)::int from public.delivery_services), 0, 'customer: reads no service');
select is((select count(*)::int from public.zone_pricing), 0, 'customer: reads no price');
select is((select count(*)::int from public.zone_pricing_rows), 0, 'customer: reads no price row');
select is((select count(*)::int from public.zones_containing(37.77, -122.39)), 0, 'customer: the zone lookup finds nothing');
select throws_ok(pg_temp.insert_zone('CUST-1'), '42501', null, 'customer: cannot insert a zone');
select throws_ok($$ insert into public.delivery_services (name, code, kind, min_transit_hours, max_transit_hours) values ('X', 'X', 'same_day', 1, 2) $$,
  '42501', null, 'customer: cannot insert a service');
select is(tests.affected($$ update public.zones set name = 'X' $$), 0, 'customer: updates no zone');
select throws_ok($$ select pg_temp.quote(37.77, -122.39, 37.76, -122.42, 'a6100000-0000-4000-8000-000000000002', 1) $$, '42501',
  'You do not have permission to quote deliveries', 'customer: cannot quote');

-- driver of acme: the active zones and services (a delivery's, a home zone), no price, no write.
reset role;
select tests.act_as('driver@acme.test');
select is((select count(*)::int from public.zones), 7, 'driver: reads the seven active acme zones');
select is((select count(*)::int from public.zones where not active), 0, 'driver: reads no inactive zone');
select is((select count(*)::int from public.delivery_services), 4, 'driver: reads the active acme services');
select is((select count(*)::int from public.zone_pricing), 0, 'driver: reads no price');
select throws_ok(pg_temp.insert_zone('DRV-1'), '42501', null, 'driver: cannot insert a zone');
select is(tests.affected($$ update public.zones set active = false $$), 0, 'driver: updates no zone');
select is(tests.affected($$ delete from public.delivery_services $$), 0, 'driver: deletes no service');
select throws_ok($$ select pg_temp.quote(37.77, -122.39, 37.76, -122.42, 'a6100000-0000-4000-8000-000000000002', 1) $$, '42501', null, 'driver: cannot quote');

-- dispatcher of acme: reads everything of acme, writes nothing, quotes.
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select count(*)::int from public.zones), 8, 'dispatcher: reads the eight acme zones');
select is((select count(*)::int from public.zones where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'dispatcher: no globex zone');
select is((select count(*)::int from public.delivery_services where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'dispatcher: no globex service');
select is((select count(*)::int from public.zone_pricing), 8 * 8 * 4, 'dispatcher: reads every acme price');
select is((select count(*)::int from public.zone_pricing_rows), 8 * 8 * 4, 'dispatcher: reads every acme price row');
select throws_ok(pg_temp.insert_zone('DSP-1'), '42501', null, 'dispatcher: cannot insert a zone');
select throws_ok($$ insert into public.zone_pricing (origin_zone_id, destination_zone_id, service_id, base_price, per_unit_price, min_transit_time, max_transit_time)
  values ('a6000000-0000-4000-8000-000000000008', 'a6000000-0000-4000-8000-000000000008', 'a6100000-0000-4000-8000-000000000001', 1, 1, 1, 2) $$,
  '42501', null, 'dispatcher: cannot insert a price');
select is(tests.affected($$ update public.zone_pricing set base_price = 0 $$), 0, 'dispatcher: updates no price');
select is(tests.affected($$ delete from public.zone_pricing $$), 0, 'dispatcher: deletes no price');
select is((select code from public.zones_containing(37.7706, -122.3870) limit 1), 'SF-SOMA', 'dispatcher: the depot is in SoMa');
select is((pg_temp.quote(37.7706, -122.3870, 37.7600, -122.4200, 'a6100000-0000-4000-8000-000000000002', 2) -> 'pickup_zone' ->> 'code'), 'SF-SOMA',
  'dispatcher: quotes a route');

-- globex's dispatcher sees none of acme's, and acme's points are in no zone of globex.
reset role;
select tests.act_as('dispatcher@globex.test');
select is((select count(*)::int from public.zones where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'globex dispatcher: no acme zone');
select is((select count(*)::int from public.zone_pricing_rows where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'globex dispatcher: no acme price');
select is((select count(*)::int from public.zones_containing(37.7706, -122.3870)), 0, 'globex dispatcher: acme''s depot is in no zone of globex');
select is(tests.details($$ select pg_temp.quote(37.7706, -122.3870, 37.76, -122.42, 'a6100000-0000-4000-8000-000000000002', 1) $$),
  '[{"key": "quote.no_pickup_zone", "field": "pickup", "message": "No active zone covers the pickup point"}, {"key": "quote.no_dropoff_zone", "field": "dropoff", "message": "No active zone covers the drop-off point"}, {"key": "quote.service_not_found", "field": "service_id", "message": "Service not found"}]'::jsonb,
  'globex dispatcher: quoting with acme''s points and service finds nothing of acme');
select is((pg_temp.quote(51.5054, -0.0235, 51.5150, -0.1400, 'b6100000-0000-4000-8000-000000000001', 1) ->> 'currency'), 'GBP', 'globex dispatcher: quotes in GBP');

-- globex's driver and customer: the driver its own tenant's active zones and services, the customer nothing.
reset role;
select tests.act_as('driver@globex.test');
select is((select count(*)::int from public.zones), 7, 'globex driver: reads the seven active globex zones');
select is((select count(*)::int from public.zones where tenant_id <> 'b0000000-0000-4000-8000-000000000001'), 0, 'globex driver: no acme zone');
select is((select count(*)::int from public.delivery_services where tenant_id <> 'b0000000-0000-4000-8000-000000000001'), 0, 'globex driver: no acme service');
select is((select count(*)::int from public.zone_pricing_rows), 0, 'globex driver: reads no price');
select is(tests.affected($$ update public.zones set active = false $$), 0, 'globex driver: updates no zone');
reset role;
select tests.act_as('customer@globex.test');
select is((select count(*)::int from public.zones) + (select count(*)::int from public.delivery_services) + (select count(*)::int from public.zone_pricing), 0,
  'globex customer: reads no zone, service or price');
select throws_ok($$ insert into public.zone_pricing (origin_zone_id, destination_zone_id, service_id, base_price, per_unit_price, min_transit_time, max_transit_time)
  values ('b6000000-0000-4000-8000-000000000008', 'b6000000-0000-4000-8000-000000000008', 'b6100000-0000-4000-8000-000000000001', 1, 1, 1, 2) $$,
  '42501', null, 'globex customer: cannot insert a price');

-- globex's admin writes nothing of acme.
reset role;
select tests.act_as('admin@globex.test');
select is(tests.affected($$ update public.zones set name = 'Taken' where tenant_id = 'a0000000-0000-4000-8000-000000000001' $$), 0, 'globex admin: updates no acme zone');
select is(tests.affected($$ delete from public.zone_pricing where tenant_id = 'a0000000-0000-4000-8000-000000000001' $$), 0, 'globex admin: deletes no acme price');
select is(tests.affected($$ update public.delivery_services set active = false where tenant_id = 'a0000000-0000-4000-8000-000000000001' $$), 0, 'globex admin: updates no acme service');
select throws_ok($$ insert into public.zones (tenant_id, name, code, polygon) values ('a0000000-0000-4000-8000-000000000001', 'Taken', 'TAKEN',
  '{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}') $$, '42501', null, 'globex admin: cannot insert into acme');
select throws_ok($$ insert into public.zone_pricing (origin_zone_id, destination_zone_id, service_id, base_price, per_unit_price, min_transit_time, max_transit_time)
  values ('a6000000-0000-4000-8000-000000000002', 'b6000000-0000-4000-8000-000000000003', 'b6100000-0000-4000-8000-000000000001', 1, 1, 1, 2) $$,
  '23514', 'Validation failed', 'globex admin: cannot price from an acme zone');

-- acme's admin: the whole cycle and every form rule.
reset role;
select tests.act_as('admin@acme.test');
select lives_ok(pg_temp.insert_zone('TEST-1'), 'admin: inserts a zone');
select is((select tenant_id::text from public.zones where code = 'TEST-1'), 'a0000000-0000-4000-8000-000000000001', 'admin: the zone is acme''s');
select is((select boundary::text from public.zones where code = 'TEST-1'), '((-122.41,37.77),(-122.4,37.77),(-122.4,37.78))', 'admin: the boundary follows the outline');
select is(tests.details(pg_temp.insert_zone('TEST-1')), '[{"key": "zones.code_taken", "field": "code", "message": "Code already exists"}]', 'admin: a duplicate code');
select is(tests.details($$ insert into public.zones (name, code, color, polygon) values ('', 'bad code', 'blue', '{"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]]}') $$),
  '[{"key": "zones.name_required", "field": "name", "message": "Name is required"}, {"key": "zones.code_format", "field": "code", "message": "Code must be up to 32 letters, digits, - or _, starting with a letter or digit", "params": {"max": 32}}, {"key": "zones.color_invalid", "field": "color", "message": "Colour must be a hex colour such as #2563eb"}, {"key": "zones.polygon_self_crossing", "field": "polygon", "message": "The outline must not cross itself"}]',
  'admin: every zone problem at once');
select is(tests.details($$ update public.zones set polygon = '{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1]]]}' where code = 'TEST-1' $$),
  '[{"key": "zones.polygon_not_closed", "field": "polygon", "message": "The outline must be closed: its last point must repeat its first"}]', 'admin: an edit that opens the outline');
select throws_ok($$ update public.zones set boundary = '((0,0),(1,0),(1,1))' where code = 'TEST-1' $$, '428C9', null, 'admin: the boundary is derived, never written');
select throws_ok($$ update public.zones set tenant_id = 'b0000000-0000-4000-8000-000000000001' where code = 'TEST-1' $$, '42501', null, 'admin: tenant_id never changes');

select lives_ok($$ insert into public.delivery_services (name, code, kind, min_transit_hours, max_transit_hours, required_vehicle_features)
  values ('Bike Rush', 'BIKE', 'on_demand', 0.25, 1, '{gps_tracking}') $$, 'admin: inserts a service');
select is(tests.details($$ insert into public.delivery_services (name, code, kind, min_transit_hours, max_transit_hours, required_vehicle_features)
  values ('Bike Rush', 'BIKE', 'drone', 5, 2, '{gps_tracking,gps_tracking}') $$),
  '[{"key": "services.code_taken", "field": "code", "message": "Code already exists"}, {"key": "services.kind_invalid", "field": "kind", "message": "Kind must be one of on_demand, same_day, next_day or scheduled"}, {"key": "services.max_transit_hours_below_min", "field": "max_transit_hours", "message": "Max transit hours must not be less than min transit hours"}, {"key": "services.vehicle_features_invalid", "field": "required_vehicle_features", "message": "Vehicle features must be distinct values among lift_gate, refrigeration, temperature_control, security_system and gps_tracking"}]',
  'admin: every service problem at once');
select is(tests.details($$ insert into public.delivery_services (name, code, kind, min_transit_hours, max_transit_hours, required_vehicle_features)
  values ('Hover', 'HOVER', 'same_day', 1, 2, '{jet_pack}') $$),
  '[{"key": "services.vehicle_features_invalid", "field": "required_vehicle_features", "message": "Vehicle features must be distinct values among lift_gate, refrigeration, temperature_control, security_system and gps_tracking"}]',
  'admin: an unknown vehicle feature');

select lives_ok($$ insert into public.zone_pricing (origin_zone_id, destination_zone_id, service_id, base_price, per_unit_price, min_transit_time, max_transit_time)
  select z.id, z.id, s.id, 4.5, 0.25, 0.5, 1 from public.zones z, public.delivery_services s where z.code = 'TEST-1' and s.code = 'BIKE' $$, 'admin: prices a route');
select is(tests.details($$ insert into public.zone_pricing (origin_zone_id, destination_zone_id, service_id, base_price, per_unit_price, min_transit_time, max_transit_time)
  select z.id, z.id, s.id, -1, -0.5, 3, 2 from public.zones z, public.delivery_services s where z.code = 'TEST-1' and s.code = 'BIKE' $$),
  '[{"key": "pricing.route_service_taken", "field": "service_id", "message": "A price for this route and service already exists"}, {"key": "pricing.base_price_negative", "field": "base_price", "message": "Base price must be 0 or more"}, {"key": "pricing.per_unit_price_negative", "field": "per_unit_price", "message": "Per unit price must be 0 or more"}, {"key": "pricing.max_transit_time_below_min", "field": "max_transit_time", "message": "Max transit time must not be less than min transit time"}]',
  'admin: every price problem at once');
select is(tests.details($$ insert into public.zone_pricing (origin_zone_id, destination_zone_id, service_id, base_price, per_unit_price, min_transit_time, max_transit_time)
  values (null, 'b6000000-0000-4000-8000-000000000003', 'b6100000-0000-4000-8000-000000000001', null, null, null, null) $$),
  '[{"key": "pricing.origin_zone_required", "field": "origin_zone_id", "message": "Origin zone is required"}, {"key": "pricing.destination_zone_not_found", "field": "destination_zone_id", "message": "Destination zone not found"}, {"key": "pricing.service_not_found", "field": "service_id", "message": "Service not found"}, {"key": "pricing.base_price_required", "field": "base_price", "message": "Base price is required"}, {"key": "pricing.per_unit_price_required", "field": "per_unit_price", "message": "Per unit price is required"}, {"key": "pricing.min_transit_time_required", "field": "min_transit_time", "message": "Min transit time is required"}, {"key": "pricing.max_transit_time_required", "field": "max_transit_time", "message": "Max transit time is required"}]',
  'admin: missing values and another tenant''s zone and service');
select is((select base_price::text from public.zone_pricing_rows where origin_zone_code = 'TEST-1' and service_code = 'BIKE'), '4.50', 'admin: the price list shows the new price with its names');
select is((select count(*)::int from public.audit_log where table_name = 'zone_pricing' and new_values ->> 'base_price' = '4.50'), 1, 'admin: the price is in the audit trail');
select is((select count(*)::int from public.audit_log where table_name in ('zones', 'delivery_services') and action = 'insert' and new_values ->> 'code' in ('TEST-1', 'BIKE')), 2,
  'admin: the zone and the service are in the audit trail');
select throws_ok($$ delete from public.zones where code = 'TEST-1' $$, '23503', null, 'admin: a priced zone cannot be removed');

-- The quote
select is(pg_temp.quote(37.7706, -122.3870, 37.7600, -122.4200, 'a6100000-0000-4000-8000-000000000002', 2.5) - array['earliest_at', 'latest_at', 'pricing_id'],
  (select jsonb_build_object(
     'price', round(p.base_price + p.per_unit_price * 2.5, 2), 'currency', 'USD', 'base_price', p.base_price, 'per_unit_price', p.per_unit_price,
     'weight_kg', 2.5,
     'service', jsonb_build_object('id', 'a6100000-0000-4000-8000-000000000002', 'code', 'SAMEDAY', 'name', 'Same Day', 'kind', 'same_day'),
     'pickup_zone', jsonb_build_object('id', 'a6000000-0000-4000-8000-000000000002', 'code', 'SF-SOMA', 'name', 'SoMa & Mission Bay', 'color', '#16a34a'),
     'dropoff_zone', jsonb_build_object('id', 'a6000000-0000-4000-8000-000000000003', 'code', 'SF-MISSION', 'name', 'Mission & Castro', 'color', '#d97706'),
     'min_transit_hours', p.min_transit_time, 'max_transit_hours', p.max_transit_time)
   from public.zone_pricing p
   where p.origin_zone_id = 'a6000000-0000-4000-8000-000000000002' and p.destination_zone_id = 'a6000000-0000-4000-8000-000000000003'
     and p.service_id = 'a6100000-0000-4000-8000-000000000002'),
  'quote: price = base + per kg x weight, in USD, with the matched zones, service and transit window');
select is((select (q ->> 'latest_at')::timestamptz - (q ->> 'earliest_at')::timestamptz
           from (select public.quote(37.7706, -122.3870, 37.7600, -122.4200, 'a6100000-0000-4000-8000-000000000002', 1, '2026-11-25 09:00+00') q) x),
  (select make_interval(secs => (p.max_transit_time - p.min_transit_time) * 3600) from public.zone_pricing p
   where p.origin_zone_id = 'a6000000-0000-4000-8000-000000000002' and p.destination_zone_id = 'a6000000-0000-4000-8000-000000000003'
     and p.service_id = 'a6100000-0000-4000-8000-000000000002'),
  'quote: the transit window runs from ready_at');
select is((public.quote(37.7706, -122.3870, 37.7600, -122.4200, 'a6100000-0000-4000-8000-000000000002', 1, '2026-11-25 09:00+00') ->> 'earliest_at')::timestamptz,
  '2026-11-25 09:00+00'::timestamptz + make_interval(secs => 3 * 3600), 'quote: the earliest arrival is ready_at + the min transit time');
select is((pg_temp.quote(37.7706, -122.3870, 37.7706, -122.3870, 'a6100000-0000-4000-8000-000000000001', 0) ->> 'price')::numeric,
  (select base_price from public.zone_pricing where origin_zone_id = 'a6000000-0000-4000-8000-000000000002' and destination_zone_id = origin_zone_id
     and service_id = 'a6100000-0000-4000-8000-000000000001'), 'quote: weight 0 costs the base price');
-- Boundary points: a vertex and a point on an edge are inside.
select is((pg_temp.quote(37.766, -122.380, 37.766, -122.380, 'a6100000-0000-4000-8000-000000000002', 1) -> 'pickup_zone' ->> 'code'), 'SF-SOMA',
  'quote: a vertex shared by SoMa and Bayview lands in the smaller zone, SoMa');
select is((pg_temp.quote(37.766, -122.390, 37.766, -122.390, 'a6100000-0000-4000-8000-000000000002', 1) -> 'pickup_zone' ->> 'code'), 'SF-SOMA',
  'quote: a point on the edge SoMa and Bayview share lands in SoMa');
select is((select array_agg(code order by code) from public.zones_containing(37.766, -122.390)), array['SF-BAYVIEW', 'SF-SOMA'],
  'zones_containing: the shared edge is in both zones');
select is((pg_temp.quote(37.76, -122.445, 37.76, -122.445, 'a6100000-0000-4000-8000-000000000002', 1) -> 'pickup_zone' ->> 'code'), 'SF-MISSION',
  'quote: the edge between Mission and Sunset lands in the smaller, Mission');
select is(tests.details($$ select pg_temp.quote(37.70, -122.60, 37.7706, -122.3870, 'a6100000-0000-4000-8000-000000000002', 1) $$),
  '[{"key": "quote.no_pickup_zone", "field": "pickup", "message": "No active zone covers the pickup point"}]', 'quote: a pickup in the ocean');
select is(tests.details($$ select pg_temp.quote(37.7706, -122.3870, 37.8200, -122.3700, 'a6100000-0000-4000-8000-000000000002', 1) $$),
  '[{"key": "quote.no_dropoff_zone", "field": "dropoff", "message": "No active zone covers the drop-off point"}]', 'quote: a drop-off in the inactive Treasure Island zone');
select is(tests.details($$ select pg_temp.quote(95, -122.3870, 37.7706, 200, null, -1) $$),
  '[{"key": "quote.pickup_range", "field": "pickup", "message": "Pickup point must have a latitude from -90 to 90 and a longitude from -180 to 180"}, {"key": "quote.dropoff_range", "field": "dropoff", "message": "Drop-off point must have a latitude from -90 to 90 and a longitude from -180 to 180"}, {"key": "quote.service_required", "field": "service_id", "message": "Service is required"}, {"key": "quote.weight_range", "field": "weight_kg", "message": "Weight must be from 0 to 100000 kg"}]',
  'quote: bad points, no service, negative weight');
update public.delivery_services set active = false where code = 'BIKE';
select is(tests.details($$ select pg_temp.quote(37.775, -122.405, 37.775, -122.405, (select id from public.delivery_services where code = 'BIKE'), 1) $$),
  '[{"key": "quote.service_inactive", "field": "service_id", "params": {"service": "Bike Rush"}, "message": "Service Bike Rush is not active"}]', 'quote: an inactive service');
update public.zone_pricing set active = false
  where origin_zone_id = 'a6000000-0000-4000-8000-000000000002' and destination_zone_id = 'a6000000-0000-4000-8000-000000000003'
    and service_id = 'a6100000-0000-4000-8000-000000000002';
select is(tests.details($$ select pg_temp.quote(37.7706, -122.3870, 37.7600, -122.4200, 'a6100000-0000-4000-8000-000000000002', 1) $$),
  '[{"key": "quote.no_price", "field": "route", "params": {"origin": "SoMa & Mission Bay", "service": "Same Day", "destination": "Mission & Castro"}, "message": "No active price for Same Day from SoMa & Mission Bay to Mission & Castro"}]', 'quote: an inactive price');
delete from public.zone_pricing
  where origin_zone_id = 'a6000000-0000-4000-8000-000000000002' and destination_zone_id = 'a6000000-0000-4000-8000-000000000003'
    and service_id = 'a6100000-0000-4000-8000-000000000002';
select is(tests.details($$ select pg_temp.quote(37.7706, -122.3870, 37.7600, -122.4200, 'a6100000-0000-4000-8000-000000000002', 1) $$),
  '[{"key": "quote.no_price", "field": "route", "params": {"origin": "SoMa & Mission Bay", "service": "Same Day", "destination": "Mission & Castro"}, "message": "No active price for Same Day from SoMa & Mission Bay to Mission & Castro"}]', 'quote: no price at all');
update public.zones set active = false where code = 'SF-SOMA';
select is((select code from public.zones_containing(37.7706, -122.3870) limit 1), null, 'an inactive zone contains nothing');
select is(tests.details($$ select pg_temp.quote(37.7706, -122.3870, 37.7600, -122.4200, 'a6100000-0000-4000-8000-000000000001', 1) $$),
  '[{"key": "quote.no_pickup_zone", "field": "pickup", "message": "No active zone covers the pickup point"}]', 'quote: the pickup''s zone is inactive');
select is(tests.details($$ select public.quote(37.7, -122.4, 37.7, -122.4, 'a6100000-0000-4000-8000-000000000001', 'NaN') $$),
  '[{"key": "quote.no_pickup_zone", "field": "pickup", "message": "No active zone covers the pickup point"}, {"key": "quote.no_dropoff_zone", "field": "dropoff", "message": "No active zone covers the drop-off point"}, {"key": "quote.weight_range", "field": "weight_kg", "message": "Weight must be from 0 to 100000 kg"}]',
  'quote: NaN weight');

-- The private helpers stay private.
reset role;
select tests.act_as('admin@acme.test');
select throws_ok($$ select private.quote_for('b0000000-0000-4000-8000-000000000001', 51.5, -0.02, 51.5, -0.02, 'b6100000-0000-4000-8000-000000000001', 1) $$,
  '42501', null, 'admin: cannot price another tenant through the private function');
select throws_ok($$ select * from private.zones_at('b0000000-0000-4000-8000-000000000001', 51.5, -0.02) $$, '42501', null,
  'admin: cannot look up another tenant''s zones through the private function');

reset role;
select * from finish();
rollback;
