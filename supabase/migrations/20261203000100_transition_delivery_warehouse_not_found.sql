-- A warehouse-only person calling transition_delivery on a delivery of their tenant was answered
-- 42501 with the move's refusal ("Only admins and dispatchers can ..."), which told them the delivery
-- exists although the deliveries read policy shows them none. They are now answered "Delivery not
-- found" (PT404) like anyone who cannot read it. The function is written out whole; only the
-- not-found check changes.

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
  target text := transition_delivery.status;
  origin text;
  at timestamptz := coalesce(transition_delivery.occurred_at, now());
  why text := nullif(btrim(transition_delivery.reason), '');
  refusal text;
  ev public.delivery_events;
begin
  select x.* into d from public.deliveries x where x.id = transition_delivery.delivery_id for update;
  panel := private.current_panel_type();
  if d.id is null or not private.is_tenant_member(d.tenant_id)
    -- Warehouse-only people read no deliveries (their select policy): for them none exists.
    or panel = 'warehouse'
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
  origin := d.status;

  -- The arrows and who takes them: private.status_moves (machine 'delivery').
  if not private.move_exists('delivery', target, origin) then
    perform private.validation_error('status', format('A delivery that is %s cannot become %s',
      private.delivery_status_label(origin), private.delivery_status_label(target)));
  end if;
  refusal := private.move_refusal('delivery', target, origin, panel, private.delivery_move_conditions(d.id));
  if refusal is not null then
    raise exception using errcode = '42501', message = refusal;
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

