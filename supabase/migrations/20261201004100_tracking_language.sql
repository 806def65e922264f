-- The tracking page speaks the recipient's language: the whitelisted view of a delivery (the lookup
-- and the `tracking:<token>` topic alike) carries `language`, from the customer's delivery preference
-- at the drop-off (contact_preferences.language: en, es or fr), else their latest active preference.
-- Written out whole; nothing else in it changes.

create or replace function private.tracking_view(d public.deliveries) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  t public.tenants;
  r public.drivers;
  first_name text;
  fresh boolean := false;
  eta timestamptz;
begin
  select x.* into t from public.tenants x where x.id = d.tenant_id;
  if d.status = 'in_transit' and d.driver_id is not null then
    select x.* into r from public.drivers x where x.id = d.driver_id;
    fresh := r.last_position_at is not null and r.last_position_at >= now() - interval '2 minutes';
    select p.first_name into first_name from public.profiles p where p.id = d.driver_id;
    if fresh then
      -- 25 km/h door to door in town, at least 2 minutes.
      eta := now() + make_interval(secs => greatest(120, private.haversine_m(r.last_lat, r.last_lng, d.dropoff_lat, d.dropoff_lng) / (25000.0 / 3600)));
    end if;
  end if;
  return jsonb_strip_nulls(jsonb_build_object(
    'code', d.delivery_code,
    'kind', d.kind,
    'status', d.status,
    'created_at', d.created_at,
    'updated_at', d.updated_at,
    'timeline', coalesce((
      select jsonb_agg(jsonb_build_object('status', e.status, 'at', e.occurred_at) order by e.occurred_at, e.seq)
      from public.delivery_events e
      where e.delivery_id = d.id and e.action in ('created', 'status')
    ), '[]'::jsonb),
    'window', case
      when d.dropoff_window_start is not null then jsonb_build_object('start', d.dropoff_window_start, 'end', d.dropoff_window_end)
      when d.quote ? 'latest_at' then jsonb_build_object('start', d.quote -> 'earliest_at', 'end', d.quote -> 'latest_at')
    end,
    'estimate', eta,
    'destination', jsonb_build_object('city', d.dropoff_address ->> 'city', 'country', d.dropoff_address ->> 'country'),
    'driver', case when d.status = 'in_transit' and d.driver_id is not null then jsonb_build_object(
      'first_name', coalesce(first_name, 'Your driver'),
      'position', case when fresh then jsonb_build_object('lat', r.last_lat, 'lng', r.last_lng, 'heading', r.last_heading, 'at', r.last_position_at) end
    ) end,
    'arrivals', (
      select jsonb_agg(jsonb_build_object('stop', case e.action when 'arrived_pickup' then 'pickup' else 'dropoff' end, 'at', e.occurred_at) order by e.occurred_at, e.seq)
      from public.delivery_events e
      where e.delivery_id = d.id and e.action in ('arrived_pickup', 'arrived_dropoff')
        and e.assignment_id is not distinct from (select a.id from public.assignments a where a.delivery_id = d.id and a.status in ('accepted', 'completed') order by a.assignment_time desc limit 1)
    ),
    'delivered_at', d.delivered_at,
    'proof', case when d.status = 'delivered' then jsonb_build_object(
      'signature', coalesce(d.proof ? 'signature_url', false),
      'photos', coalesce(jsonb_array_length(case when jsonb_typeof(d.proof -> 'photo_urls') = 'array' then d.proof -> 'photo_urls' end), 0)
    ) end,
    'failure_reason', case when d.status in ('failed', 'returned') then d.status_reason end,
    'business', jsonb_build_object('name', t.name, 'slug', t.slug, 'logo_url', t.logo_url,
      'colors', t.brand_settings -> 'colors'),
    -- The recipient's language: their active delivery preference at this drop-off, else their latest
    -- active one; absent when they have none (the page then speaks the browser's language).
    'language', (
      select p.contact_preferences ->> 'language'
      from public.customer_preferences p
      where p.tenant_id = d.tenant_id and p.customer_id = d.customer_id and p.is_active
      order by p.location_id is not distinct from d.dropoff_address_id desc, p.updated_at desc
      limit 1
    )
  ));
end;
$$;
