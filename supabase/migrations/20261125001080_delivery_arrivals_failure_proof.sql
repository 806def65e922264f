-- The driver app's missing steps and failure photos.
--
-- Arrivals: "Arrived at pickup" and "Arrived" (at the drop-off) are not states of the delivery
-- machine (20261125000730): they are timeline events, `delivery_events.action` 'arrived_pickup' /
-- 'arrived_dropoff', recorded by `record_delivery_arrival(delivery_id, stop, lat, lng, occurred_at,
-- idempotency_key)`:
--   - only the driver carrying the delivery (its accepted assignment) records one: staff and the
--     customer get 42501, anyone who cannot see the delivery 'Delivery not found' (PT404);
--   - at the pickup while the delivery is accepted, at the drop-off while it is in transit (else
--     23514 on `status`); `stop` is 'pickup' or 'dropoff' (23514 on `stop`);
--   - idempotent twice over: the same idempotency key is applied once (offline queues resend), and
--     a second arrival at the same stop of the same assignment returns the first one;
--   - occurred_at is the device's time (not in the future, not before the delivery existed);
--   - the board hears it on `tenant:<id>:delivery_events` (the table's broadcast), the tracking
--     page on `tracking:<token>` (its view now lists `arrivals` [{stop, at}] of the current driver).
--
-- Failure photos: transition_delivery now takes `proof` when failing too ({photo_urls, notes}:
-- no signature, no recipient), the files in the delivery's own folder; it is kept on the delivery
-- (`deliveries.proof`, replaced by the real proof if a later attempt delivers) and on the failure
-- event (`delivery_events.proof`, so every attempt's photos stay in the timeline). The bucket's
-- upload policy already lets the carrying driver write while accepted, picked up or in transit,
-- which is when the failure photo is uploaded (before the failure itself, in the queue's order).

alter table public.delivery_events drop constraint delivery_events_action_check;
alter table public.delivery_events add constraint delivery_events_action_check
  check (action in ('created', 'assigned', 'reassigned', 'unassigned', 'rejected', 'status', 'arrived_pickup', 'arrived_dropoff'));
alter table public.delivery_events add column proof jsonb;

create or replace function public.transition_delivery(
  delivery_id uuid,
  status text,
  reason text default null,
  note text default null,
  lat double precision default null,
  lng double precision default null,
  proof jsonb default null,
  occurred_at timestamptz default null,
  idempotency_key text default null
) returns public.deliveries
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.deliveries;
  a public.assignments;
  me uuid := auth.uid();
  panel text;
  is_staff boolean;
  is_driver boolean;
  target text := transition_delivery.status;
  origin text;
  at timestamptz := coalesce(transition_delivery.occurred_at, now());
  why text := nullif(btrim(transition_delivery.reason), '');
  allowed boolean;
  ev public.delivery_events;
begin
  select x.* into d from public.deliveries x where x.id = transition_delivery.delivery_id for update;
  panel := private.current_panel_type();
  if d.id is null or not private.is_tenant_member(d.tenant_id)
    or (panel = 'customer' and d.customer_id is distinct from me)
    or (panel = 'driver' and d.driver_id is distinct from me
      and not exists (select 1 from public.assignments x where x.delivery_id = d.id and x.driver_id = me and x.status in ('accepted', 'completed')))
  then
    raise exception using errcode = 'PT404', message = 'Delivery not found';
  end if;

  if transition_delivery.idempotency_key is not null then
    if transition_delivery.idempotency_key !~ '^[A-Za-z0-9_.:-]{8,100}$' then
      perform private.validation_error('idempotency_key', 'The idempotency key must be 8 to 100 letters, digits or _.:-');
    end if;
    if exists (select 1 from public.delivery_events e where e.delivery_id = d.id and e.idempotency_key = transition_delivery.idempotency_key) then
      return d;
    end if;
  end if;

  if target is null or target not in ('pending', 'assigned', 'accepted', 'picked_up', 'in_transit', 'delivered', 'failed', 'cancelled', 'returned') then
    perform private.validation_error('status', 'Status must be one of pending, accepted, picked_up, in_transit, delivered, failed, cancelled or returned');
  end if;
  if target = 'assigned' then
    perform private.validation_error('status', 'A delivery is assigned by creating an assignment for it');
  end if;
  if (lat is null) <> (lng is null) or lat not between -90 and 90 or lng not between -180 and 180 then
    perform private.validation_error('position', 'A position needs a latitude from -90 to 90 and a longitude from -180 to 180');
  end if;
  if at > now() + interval '2 minutes' then
    perform private.validation_error('occurred_at', 'The time of an event cannot be in the future');
  end if;
  if at < d.created_at - interval '1 minute' then
    perform private.validation_error('occurred_at', 'The time of an event cannot be before the delivery was created');
  end if;
  if length(coalesce(note, '')) > 1000 then
    perform private.validation_error('note', 'The note must be at most 1000 characters');
  end if;
  if length(coalesce(why, '')) > 500 then
    perform private.validation_error('reason', 'The reason must be at most 500 characters');
  end if;

  select x.* into a from public.assignments x where x.delivery_id = d.id and x.status in ('pending', 'accepted') for update;
  is_staff := panel in ('admin', 'dispatcher');
  is_driver := panel = 'driver' and a.driver_id is not distinct from me and a.id is not null;
  origin := d.status;

  allowed := case
    when origin = 'assigned' and target = 'accepted' then is_driver
    when origin = 'accepted' and target = 'picked_up' then is_driver
    when origin = 'picked_up' and target = 'in_transit' then is_driver
    when origin = 'in_transit' and target = 'delivered' then is_driver
    when origin in ('accepted', 'picked_up', 'in_transit') and target = 'failed' then is_driver or is_staff
    when origin in ('pending', 'assigned', 'accepted') and target = 'cancelled' then is_staff
    when origin = 'failed' and target in ('returned', 'pending') then is_staff
  end;
  if allowed is null then
    perform private.validation_error('status', format('A delivery that is %s cannot become %s',
      private.delivery_status_label(origin), private.delivery_status_label(target)));
  end if;
  if not allowed then
    raise exception using errcode = '42501', message = case
      when target in ('accepted', 'picked_up', 'in_transit', 'delivered')
        then format('Only the driver of its active assignment can mark a delivery %s', private.delivery_status_label(target))
      when target = 'cancelled' then 'Only admins and dispatchers can cancel a delivery'
      when target = 'returned' then 'Only admins and dispatchers can mark a delivery returned'
      else 'Only admins and dispatchers can reopen a failed delivery'
    end;
  end if;
  if target in ('failed', 'cancelled') and why is null then
    perform private.validation_error('reason', 'A reason is required');
  end if;
  if transition_delivery.proof is not null then
    if target not in ('delivered', 'failed') then
      perform private.validation_error('proof', 'Proof is given only when delivering or failing');
    end if;
    if private.proof_problem(transition_delivery.proof) is not null then
      perform private.validation_error('proof', private.proof_problem(transition_delivery.proof));
    end if;
    if target = 'failed' then
      if transition_delivery.proof ? 'signature_url' or transition_delivery.proof ? 'recipient_name' then
        perform private.validation_error('proof', 'A failure''s proof holds photos and notes only');
      end if;
      -- check_delivery_proof checks the folder on delivery; a failure's photos are checked here.
      if exists (
        select 1 from jsonb_array_elements(coalesce(transition_delivery.proof -> 'photo_urls', '[]'::jsonb)) u
        where not starts_with(u #>> '{}', d.tenant_id::text || '/' || d.id::text || '/')
          or substr(u #>> '{}', length(d.tenant_id::text || '/' || d.id::text || '/') + 1) !~ '^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$'
      ) then
        perform private.validation_error('proof', 'Proof files must be uploaded to this delivery''s folder of the proofs bucket');
      end if;
    end if;
  end if;

  update public.deliveries x set
    status = target,
    status_reason = case when target in ('failed', 'cancelled') then why when target = 'pending' then null else x.status_reason end,
    driver_id = case when target in ('cancelled', 'pending') then null else x.driver_id end,
    vehicle_id = case when target in ('cancelled', 'pending') then null else x.vehicle_id end,
    accepted_at = case when target = 'accepted' then at when target = 'pending' then null else x.accepted_at end,
    picked_up_at = case when target = 'picked_up' then at when target = 'pending' then null else x.picked_up_at end,
    in_transit_at = case when target = 'in_transit' then at when target = 'pending' then null else x.in_transit_at end,
    delivered_at = case when target = 'delivered' then at else x.delivered_at end,
    failed_at = case when target = 'failed' then at when target = 'pending' then null else x.failed_at end,
    cancelled_at = case when target = 'cancelled' then at else x.cancelled_at end,
    returned_at = case when target = 'returned' then at else x.returned_at end,
    assigned_at = case when target = 'pending' then null else x.assigned_at end,
    proof = case
      when target = 'delivered' then
        coalesce(transition_delivery.proof, '{}'::jsonb) || jsonb_strip_nulls(jsonb_build_object('lat', lat, 'lng', lng, 'captured_at', at))
      when target = 'failed' and transition_delivery.proof is not null then
        transition_delivery.proof || jsonb_strip_nulls(jsonb_build_object('lat', lat, 'lng', lng, 'captured_at', at))
      else x.proof end
  where x.id = d.id
  returning * into d;

  if a.id is not null then
    update public.assignments x set
      status = case
        when target = 'accepted' then 'accepted'
        when target in ('delivered', 'failed') then 'completed'
        when target = 'cancelled' then 'cancelled'
        else x.status end,
      responded_at = case when target = 'accepted' then at else x.responded_at end,
      completed_at = case when target in ('delivered', 'failed') then at else x.completed_at end,
      cancelled_at = case when target = 'cancelled' then at else x.cancelled_at end,
      cancel_reason = case when target = 'cancelled' then why else x.cancel_reason end
    where x.id = a.id;
  end if;

  ev := private.append_delivery_event(d, 'status', origin, at, note, why, lat, lng, a.id, transition_delivery.idempotency_key);
  if target = 'failed' and transition_delivery.proof is not null then
    update public.delivery_events x set proof = transition_delivery.proof where x.id = ev.id;
  end if;
  perform private.refresh_driver_status(a.driver_id);
  return d;
end;
$$;
revoke all on function public.transition_delivery(uuid, text, text, text, double precision, double precision, jsonb, timestamptz, text) from public, anon;
grant execute on function public.transition_delivery(uuid, text, text, text, double precision, double precision, jsonb, timestamptz, text)
  to authenticated, service_role;


-- The tracking page's view, now with the current driver's arrivals (sub-steps of its stepper).
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
      'colors', t.brand_settings -> 'colors')
  ));
end;
$$;

create or replace function public.record_delivery_arrival(
  delivery_id uuid,
  stop text,
  lat double precision default null,
  lng double precision default null,
  occurred_at timestamptz default null,
  idempotency_key text default null
) returns public.delivery_events
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.deliveries;
  a public.assignments;
  e public.delivery_events;
  me uuid := auth.uid();
  panel text := private.current_panel_type();
  at timestamptz := coalesce(record_delivery_arrival.occurred_at, now());
  what text;
begin
  select x.* into d from public.deliveries x where x.id = record_delivery_arrival.delivery_id for update;
  if d.id is null or not private.is_tenant_member(d.tenant_id)
    or (panel = 'customer' and d.customer_id is distinct from me)
    or (panel = 'driver' and d.driver_id is distinct from me)
  then
    raise exception using errcode = 'PT404', message = 'Delivery not found';
  end if;
  if record_delivery_arrival.idempotency_key is not null then
    if record_delivery_arrival.idempotency_key !~ '^[A-Za-z0-9_.:-]{8,100}$' then
      perform private.validation_error('idempotency_key', 'The idempotency key must be 8 to 100 letters, digits or _.:-');
    end if;
    select x.* into e from public.delivery_events x where x.delivery_id = d.id and x.idempotency_key = record_delivery_arrival.idempotency_key;
    if e.id is not null then
      return e;
    end if;
  end if;
  select x.* into a from public.assignments x where x.delivery_id = d.id and x.status = 'accepted';
  if panel is distinct from 'driver' or a.id is null or a.driver_id is distinct from me then
    raise exception using errcode = '42501', message = 'Only the driver carrying a delivery can record an arrival';
  end if;
  if stop is null or stop not in ('pickup', 'dropoff') then
    perform private.validation_error('stop', 'Stop must be pickup or dropoff');
  end if;
  if stop = 'pickup' and d.status <> 'accepted' then
    perform private.validation_error('status', format('A driver arrives at the pickup of an accepted delivery, not of one that is %s', private.delivery_status_label(d.status)));
  end if;
  if stop = 'dropoff' and d.status <> 'in_transit' then
    perform private.validation_error('status', format('A driver arrives at the drop-off of a delivery in transit, not of one that is %s', private.delivery_status_label(d.status)));
  end if;
  if (lat is null) <> (lng is null) or lat not between -90 and 90 or lng not between -180 and 180 then
    perform private.validation_error('position', 'A position needs a latitude from -90 to 90 and a longitude from -180 to 180');
  end if;
  if at > now() + interval '2 minutes' then
    perform private.validation_error('occurred_at', 'The time of an event cannot be in the future');
  end if;
  if at < d.created_at - interval '1 minute' then
    perform private.validation_error('occurred_at', 'The time of an event cannot be before the delivery was created');
  end if;
  what := 'arrived_' || stop;
  select x.* into e from public.delivery_events x where x.delivery_id = d.id and x.assignment_id = a.id and x.action = what;
  if e.id is not null then
    return e;
  end if;
  e := private.append_delivery_event(d, what, d.status, at, null, null, lat, lng, a.id, record_delivery_arrival.idempotency_key);
  perform realtime.send(private.tracking_view(d), 'tracking', 'tracking:' || d.tracking_token, true);
  return e;
end;
$$;
revoke all on function public.record_delivery_arrival(uuid, text, double precision, double precision, timestamptz, text) from public, anon;
grant execute on function public.record_delivery_arrival(uuid, text, double precision, double precision, timestamptz, text) to authenticated, service_role;
