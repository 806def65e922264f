-- The public tracking page's data: `public.track_delivery(token)`, callable by anyone (anon too),
-- returns ONLY whitelisted fields of the delivery whose tracking token it is:
--   code, kind, status, the status timeline (status and time, never who), the expected window
--   (the drop-off window, else the quote's latest arrival), a live estimate while in transit, the
--   recipient's city (no street, no names, no phone), the driver's FIRST name and position only
--   while the delivery is in transit and the fix is at most 2 minutes old, the proof's shape
--   (signature yes/no, photo count) after delivery, the failure reason after a failure, and the
--   tenant's public face (name, logo, brand colours).
-- Lookups are rate-limited per client address (60 a minute, HTTP 429 beyond), unknown tokens
-- included; an unknown or malformed token gets the same neutral 404 'No delivery matches this
-- tracking link' (the body PostgREST gives a PT404, with response.status 404, so the count stays).
-- Live: every change of what the page shows is sent, as the same sanitized object, to the public
-- topic `tracking:<token>`; anyone holding the token may join it (the token is the secret).

-- Fixed-window counters for public calls (tracking now, the public API later).
create table private.rate_limits (
  bucket text not null,
  key text not null,
  window_start timestamptz not null,
  hits integer not null,
  constraint rate_limits_pkey primary key (bucket, key)
);
revoke all on private.rate_limits from public, anon, authenticated;

-- Counts a hit; false once `max_hits` were counted in the current window. The key is the caller's
-- address as the API gateway forwards it (x-forwarded-for's first entry), else 'unknown'.
create or replace function private.take_rate_limit(bucket text, max_hits integer, per interval) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
  who text := coalesce(nullif(btrim(split_part(headers ->> 'x-forwarded-for', ',', 1)), ''), headers ->> 'x-real-ip', 'unknown');
  counted integer;
begin
  insert into private.rate_limits as r (bucket, key, window_start, hits)
  values (take_rate_limit.bucket, left(who, 100), now(), 1)
  on conflict on constraint rate_limits_pkey do update
    set hits = case when r.window_start <= now() - take_rate_limit.per then 1 else r.hits + 1 end,
        window_start = case when r.window_start <= now() - take_rate_limit.per then now() else r.window_start end
  returning r.hits into counted;
  return counted <= max_hits;
end;
$$;
revoke all on function private.take_rate_limit(text, integer, interval) from public, anon, authenticated;

-- Great-circle distance in metres.
create or replace function private.haversine_m(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision)
returns double precision
language sql
immutable
set search_path = ''
as $$
  select 2 * 6371000 * asin(sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2) + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2)
  ));
$$;
revoke all on function private.haversine_m(double precision, double precision, double precision, double precision) from public;
grant execute on function private.haversine_m(double precision, double precision, double precision, double precision) to anon, authenticated, service_role;

-- What the public may know of a delivery. Nothing else ever leaves through tracking.
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
    'delivered_at', d.delivered_at,
    'proof', case when d.status = 'delivered' then jsonb_build_object(
      'signature', coalesce(d.proof ? 'signature_url', false),
      'photos', coalesce(jsonb_array_length(case when jsonb_typeof(d.proof -> 'photo_urls') = 'array' then d.proof -> 'photo_urls' end), 0)
    ) end,
    'failure_reason', case when d.status in ('failed', 'returned') then d.status_reason end,
    'business', jsonb_build_object('name', t.name, 'slug', t.slug, 'logo_url', t.logo_url,
      'colors', t.brand_settings -> 'colors')
  ));
end;
$$;
revoke all on function private.tracking_view(public.deliveries) from public, anon, authenticated;

create or replace function public.track_delivery(token text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  d public.deliveries;
begin
  if not private.take_rate_limit('tracking', 60, interval '1 minute') then
    raise exception using errcode = 'PT429', message = 'Too many tracking lookups; try again in a minute';
  end if;
  if token is not null and token ~ '^[0-9a-f]{32,128}$' then
    select x.* into d from public.deliveries x where x.tracking_token = token;
  end if;
  if d.id is null then
    -- Not raised: an error would roll back the lookup's count, and guessing must be counted too.
    -- PostgREST answers this body with status 404 (response.status), as it would answer PT404.
    perform set_config('response.status', '404', true);
    return jsonb_build_object('code', 'PT404', 'message', 'No delivery matches this tracking link', 'details', null, 'hint', null);
  end if;
  return private.tracking_view(d);
end;
$$;
revoke all on function public.track_delivery(text) from public;
grant execute on function public.track_delivery(text) to anon, authenticated, service_role;

-- Who may join `tracking:<token>`: anyone, when the token is a delivery's.
create or replace function private.may_receive_tracking_topic(topic text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select topic ~ '^tracking:[0-9a-f]{32,128}$'
    and exists (select 1 from public.deliveries d where d.tracking_token = substr(topic, 10));
$$;
revoke all on function private.may_receive_tracking_topic(text) from public;
grant execute on function private.may_receive_tracking_topic(text) to anon, authenticated;

create policy "tracking topics: whoever holds the token" on realtime.messages for select to anon, authenticated
  using ((select private.may_receive_tracking_topic((select realtime.topic()))));

-- Every change the page shows: the delivery's status, windows or proof, and the driver's fix while
-- a delivery of theirs is in transit.
create or replace function private.broadcast_tracking_delivery() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(private.tracking_view(new), 'tracking', 'tracking:' || new.tracking_token, true);
  return null;
end;
$$;
revoke all on function private.broadcast_tracking_delivery() from public;

create trigger deliveries_tracking_broadcast
  after update on public.deliveries
  for each row
  when (old.status is distinct from new.status or old.dropoff_window_start is distinct from new.dropoff_window_start
    or old.dropoff_window_end is distinct from new.dropoff_window_end or old.proof is distinct from new.proof
    or old.driver_id is distinct from new.driver_id)
  execute function private.broadcast_tracking_delivery();

create or replace function private.broadcast_tracking_position() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.deliveries;
begin
  for d in select x.* from public.deliveries x where x.driver_id = new.id and x.status = 'in_transit' loop
    perform realtime.send(private.tracking_view(d), 'tracking', 'tracking:' || d.tracking_token, true);
  end loop;
  return null;
end;
$$;
revoke all on function private.broadcast_tracking_position() from public;

create trigger drivers_tracking_broadcast
  after update of last_lat, last_lng, last_position_at on public.drivers
  for each row
  when (old.last_position_at is distinct from new.last_position_at)
  execute function private.broadcast_tracking_position();
