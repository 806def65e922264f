-- The quote: the price, currency, transit window and zones of a shipment from a pickup point to a
-- drop-off point with a service and a weight.
--
--   price = base_price + per_unit_price * weight_kg, rounded to the cent, in the tenant's currency.
--   The pickup's zone is the origin, the drop-off's the destination: each the most specific active
--   zone containing the point (private.zones_at: the smallest, then by code), so a point on an edge
--   two zones share always prices the same way. Only active zones, an active service and an active
--   price count. The transit window is the price's min and max transit time (hours) from ready_at.
--
-- A route that cannot be priced is refused as every validation here is refused: SQLSTATE 23514
-- 'Validation failed' with [{field, message}] details (pickup, dropoff, service_id, weight_kg,
-- route), so the app shows each message where it belongs.
--
-- private.quote_for is the one computation: public.quote (API, the caller's tenant, admins and
-- dispatchers only) and, later, the deliveries' own functions (which pass their row's tenant) call it.

create or replace function private.quote_for(
  tenant uuid,
  pickup_lat double precision,
  pickup_lng double precision,
  dropoff_lat double precision,
  dropoff_lng double precision,
  service_id uuid,
  weight_kg numeric,
  ready_at timestamptz default now()
) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  origin public.zones;
  destination public.zones;
  service public.delivery_services;
  price public.zone_pricing;
  amount numeric(12, 2);
begin
  if pickup_lat is null or pickup_lng is null or pickup_lat not between -90 and 90 or pickup_lng not between -180 and 180 then
    problems := problems || jsonb_build_object('field', 'pickup', 'message',
      'Pickup point must have a latitude from -90 to 90 and a longitude from -180 to 180');
  else
    select z.* into origin from private.zones_at(tenant, pickup_lat, pickup_lng) z limit 1;
    if origin.id is null then
      problems := problems || jsonb_build_object('field', 'pickup', 'message', 'No active zone covers the pickup point');
    end if;
  end if;

  if dropoff_lat is null or dropoff_lng is null or dropoff_lat not between -90 and 90 or dropoff_lng not between -180 and 180 then
    problems := problems || jsonb_build_object('field', 'dropoff', 'message',
      'Drop-off point must have a latitude from -90 to 90 and a longitude from -180 to 180');
  else
    select z.* into destination from private.zones_at(tenant, dropoff_lat, dropoff_lng) z limit 1;
    if destination.id is null then
      problems := problems || jsonb_build_object('field', 'dropoff', 'message', 'No active zone covers the drop-off point');
    end if;
  end if;

  if quote_for.service_id is null then
    problems := problems || jsonb_build_object('field', 'service_id', 'message', 'Service is required');
  else
    select s.* into service from public.delivery_services s where s.id = quote_for.service_id and s.tenant_id = tenant;
    if service.id is null then
      problems := problems || jsonb_build_object('field', 'service_id', 'message', 'Service not found');
    elsif not service.active then
      problems := problems || jsonb_build_object('field', 'service_id', 'message', 'Service ' || service.name || ' is not active');
    end if;
  end if;

  if weight_kg is null then
    problems := problems || jsonb_build_object('field', 'weight_kg', 'message', 'Weight is required');
  elsif weight_kg < 0 or weight_kg > 100000 or weight_kg = 'NaN'::numeric then
    problems := problems || jsonb_build_object('field', 'weight_kg', 'message', 'Weight must be from 0 to 100000 kg');
  end if;

  if jsonb_array_length(problems) = 0 then
    select p.* into price from public.zone_pricing p
    where p.tenant_id = tenant and p.origin_zone_id = origin.id and p.destination_zone_id = destination.id
      and p.service_id = service.id and p.active;
    if price.id is null then
      problems := problems || jsonb_build_object('field', 'route', 'message',
        format('No active price for %s from %s to %s', service.name, origin.name, destination.name));
    end if;
  end if;

  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;

  amount := round(price.base_price + price.per_unit_price * weight_kg, 2);
  return jsonb_build_object(
    'price', amount,
    'currency', private.tenant_currency(tenant),
    'base_price', price.base_price,
    'per_unit_price', price.per_unit_price,
    'weight_kg', weight_kg,
    'pricing_id', price.id,
    'service', jsonb_build_object('id', service.id, 'code', service.code, 'name', service.name, 'kind', service.kind),
    'pickup_zone', jsonb_build_object('id', origin.id, 'code', origin.code, 'name', origin.name, 'color', origin.color),
    'dropoff_zone', jsonb_build_object('id', destination.id, 'code', destination.code, 'name', destination.name, 'color', destination.color),
    'min_transit_hours', price.min_transit_time,
    'max_transit_hours', price.max_transit_time,
    'earliest_at', coalesce(ready_at, now()) + make_interval(secs => price.min_transit_time * 3600),
    'latest_at', coalesce(ready_at, now()) + make_interval(secs => price.max_transit_time * 3600)
  );
end;
$$;
revoke all on function private.quote_for(uuid, double precision, double precision, double precision, double precision, uuid, numeric, timestamptz)
  from public, anon, authenticated;
grant execute on function private.quote_for(uuid, double precision, double precision, double precision, double precision, uuid, numeric, timestamptz)
  to service_role;

-- The API's quote: the caller's tenant, for its admins and dispatchers (who read prices).
-- Security definer, so that it may call private.quote_for, which API roles may not: the tenant is the
-- caller's own (never a parameter) and the panel check is explicit.
create or replace function public.quote(
  pickup_lat double precision,
  pickup_lng double precision,
  dropoff_lat double precision,
  dropoff_lng double precision,
  service_id uuid,
  weight_kg numeric,
  ready_at timestamptz default null
) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or private.current_panel_type() not in ('admin', 'dispatcher') then
    raise exception 'You do not have permission to quote deliveries'
      using errcode = '42501', hint = 'Only the admins and dispatchers of a tenant may quote.';
  end if;
  return private.quote_for(tenant, pickup_lat, pickup_lng, dropoff_lat, dropoff_lng, service_id, weight_kg, coalesce(ready_at, now()));
end;
$$;
revoke all on function public.quote(double precision, double precision, double precision, double precision, uuid, numeric, timestamptz)
  from public, anon;
grant execute on function public.quote(double precision, double precision, double precision, double precision, uuid, numeric, timestamptz)
  to authenticated, service_role;
