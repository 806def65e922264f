-- The delivery status machine. Only the database decides: these functions check each move and who
-- makes it, write the delivery, its assignment and the driver's duty status, and append the
-- delivery_events row, all in one transaction. The API cannot write `status` (not granted).
--
--   pending    -> assigned      an assignment is created (admins, dispatchers)
--   assigned   -> accepted      the driver of the active assignment (respond_to_assignment or here)
--   assigned   -> pending       the driver rejects (with a reason), or staff unassign
--   accepted   -> picked_up     the driver
--   accepted   -> pending       staff unassign (to give it to someone else)
--   picked_up  -> in_transit    the driver
--   in_transit -> delivered     the driver (with the proof the driver app captured)
--   accepted, picked_up, in_transit -> failed     the driver or staff, with a reason
--   pending, assigned, accepted     -> cancelled  staff, with a reason
--   failed     -> returned      staff (the parcel is back with the sender)
--   failed     -> pending       staff (another attempt)
-- delivered, cancelled and returned are final.
--
-- Errors: a delivery the caller cannot see is 'Delivery not found' (PT404: HTTP 404 through PostgREST); a move the
-- machine has no arrow for is 23514 'Validation failed' with a `status` detail (HTTP 400); a legal
-- move by the wrong person is 42501 (HTTP 403) saying who may make it. Nothing changes on an error.
--
-- Offline driver apps send `occurred_at` (the device's time, stored as the event's and the
-- milestone's time; not in the future) and an `idempotency_key`: the same key on the same delivery
-- is applied once, and a repeat returns the delivery as it is.

create or replace function private.delivery_status_label(status text) returns text
language sql
immutable
set search_path = ''
as $$
  select case status when 'picked_up' then 'picked up' when 'in_transit' then 'in transit' else status end;
$$;
revoke all on function private.delivery_status_label(text) from public;
grant execute on function private.delivery_status_label(text) to authenticated, service_role;

create or replace function private.validation_error(field text, message text) returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = '23514', message = 'Validation failed',
    detail = jsonb_build_array(jsonb_build_object('field', field, 'message', message))::text,
    hint = 'details is a JSON array of {field, message}';
end;
$$;
revoke all on function private.validation_error(text, text) from public;
grant execute on function private.validation_error(text, text) to authenticated, service_role;

-- A driver's duty status follows their work: accepted work makes an available (or offline) driver
-- busy; a busy driver with no accepted work left is available again. On a break stays on a break.
create or replace function private.refresh_driver_status(driver uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  working boolean;
begin
  if driver is null then
    return;
  end if;
  working := exists (select 1 from public.assignments a where a.driver_id = driver and a.status = 'accepted');
  update public.drivers r
  set status = case when working then 'busy' else 'available' end
  where r.id = driver
    and ((working and r.status in ('available', 'offline')) or (not working and r.status = 'busy'));
end;
$$;
revoke all on function private.refresh_driver_status(uuid) from public, anon, authenticated;

-- A new pending assignment of a pending delivery assigns it; a pending assignment given to another
-- driver or vehicle moves the delivery with it. (Rows the seed writes in other states are left as
-- they are.)
create or replace function private.assignment_moves_delivery() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.deliveries;
  before_name text;
  after_name text;
begin
  if tg_op = 'INSERT' then
    if new.status <> 'pending' then
      return null;
    end if;
    update public.deliveries x
    set status = 'assigned', driver_id = new.driver_id, vehicle_id = new.vehicle_id, assigned_at = new.assignment_time
    where x.id = new.delivery_id and x.status = 'pending'
    returning * into d;
    if d.id is not null then
      perform private.append_delivery_event(d, 'assigned', 'pending', new.assignment_time, null, null, null, null, new.id);
    end if;
  elsif old.status = 'pending' and new.status = 'pending'
    and (new.driver_id is distinct from old.driver_id or new.vehicle_id is distinct from old.vehicle_id) then
    update public.deliveries x
    set driver_id = new.driver_id, vehicle_id = new.vehicle_id
    where x.id = new.delivery_id
    returning * into d;
    if d.id is not null then
      select p.full_name into before_name from public.profiles p where p.id = old.driver_id;
      select p.full_name into after_name from public.profiles p where p.id = new.driver_id;
      perform private.append_delivery_event(d, 'reassigned', d.status, now(),
        case when new.driver_id is distinct from old.driver_id then format('From %s to %s', before_name, after_name)
          else 'Vehicle changed' end,
        null, null, null, new.id);
    end if;
  end if;
  return null;
end;
$$;
revoke all on function private.assignment_moves_delivery() from public;

create trigger assignment_moves_delivery after insert or update on public.assignments
  for each row execute function private.assignment_moves_delivery();

-- What a proof may hold (the driver app fills it): known keys of the right types.
create or replace function private.proof_problem(proof jsonb) returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when proof is null then null
    when jsonb_typeof(proof) <> 'object' then 'Proof must be an object'
    when proof - array['signature_url', 'photo_urls', 'recipient_name', 'notes'] <> '{}'::jsonb
      then 'Proof can hold signature_url, photo_urls, recipient_name and notes'
    when proof ? 'signature_url' and (jsonb_typeof(proof -> 'signature_url') <> 'string' or length(proof ->> 'signature_url') > 2048)
      then 'signature_url must be a file reference'
    when proof ? 'photo_urls' and (jsonb_typeof(proof -> 'photo_urls') <> 'array' or jsonb_array_length(proof -> 'photo_urls') > 10
      or exists (select 1 from jsonb_array_elements(proof -> 'photo_urls') u where jsonb_typeof(u) <> 'string' or length(u #>> '{}') > 2048))
      then 'photo_urls must be at most 10 file references'
    when proof ? 'recipient_name' and (jsonb_typeof(proof -> 'recipient_name') <> 'string' or length(proof ->> 'recipient_name') > 200)
      then 'recipient_name must be text of at most 200 characters'
    when proof ? 'notes' and (jsonb_typeof(proof -> 'notes') <> 'string' or length(proof ->> 'notes') > 1000)
      then 'notes must be text of at most 1000 characters'
  end;
$$;
revoke all on function private.proof_problem(jsonb) from public;
grant execute on function private.proof_problem(jsonb) to authenticated, service_role;

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
    if target <> 'delivered' then
      perform private.validation_error('proof', 'Proof is given only when delivering');
    end if;
    if private.proof_problem(transition_delivery.proof) is not null then
      perform private.validation_error('proof', private.proof_problem(transition_delivery.proof));
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
    proof = case when target = 'delivered' then
      coalesce(transition_delivery.proof, '{}'::jsonb) || jsonb_strip_nulls(jsonb_build_object('lat', lat, 'lng', lng, 'captured_at', at))
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

  perform private.append_delivery_event(d, 'status', origin, at, note, why, lat, lng, a.id, transition_delivery.idempotency_key);
  perform private.refresh_driver_status(a.driver_id);
  return d;
end;
$$;
revoke all on function public.transition_delivery(uuid, text, text, text, double precision, double precision, jsonb, timestamptz, text) from public, anon;
grant execute on function public.transition_delivery(uuid, text, text, text, double precision, double precision, jsonb, timestamptz, text)
  to authenticated, service_role;

-- The driver answers a pending assignment: accept (the delivery becomes accepted) or reject with a
-- reason (the delivery is pending again, for someone else).
create or replace function public.respond_to_assignment(
  assignment_id uuid,
  accept boolean,
  reason text default null,
  occurred_at timestamptz default null,
  idempotency_key text default null
) returns public.assignments
language plpgsql
security definer
set search_path = ''
as $$
declare
  a public.assignments;
  d public.deliveries;
  why text := nullif(btrim(respond_to_assignment.reason), '');
  at timestamptz := coalesce(respond_to_assignment.occurred_at, now());
begin
  select x.* into a from public.assignments x where x.id = respond_to_assignment.assignment_id for update;
  if a.id is null or not private.is_tenant_member(a.tenant_id)
    or (private.current_panel_type() not in ('admin', 'dispatcher') and a.driver_id is distinct from auth.uid()) then
    raise exception using errcode = 'PT404', message = 'Assignment not found';
  end if;
  if a.driver_id is distinct from auth.uid() then
    raise exception using errcode = '42501', message = 'Only the assigned driver can accept or reject an assignment';
  end if;
  if accept is null then
    perform private.validation_error('accept', 'Say whether the assignment is accepted');
  end if;
  if respond_to_assignment.idempotency_key is not null and exists (
    select 1 from public.delivery_events e where e.delivery_id = a.delivery_id and e.idempotency_key = respond_to_assignment.idempotency_key
  ) then
    return a;
  end if;
  if a.status <> 'pending' then
    perform private.validation_error('status', format('Only pending assignments can be %s; this one is %s',
      case when accept then 'accepted' else 'rejected' end, a.status));
  end if;

  if accept then
    perform public.transition_delivery(a.delivery_id, 'accepted', null, null, null, null, null, at, respond_to_assignment.idempotency_key);
  else
    if why is null then
      perform private.validation_error('reason', 'A reason is required');
    end if;
    if length(why) > 500 then
      perform private.validation_error('reason', 'The reason must be at most 500 characters');
    end if;
    if at > now() + interval '2 minutes' then
      perform private.validation_error('occurred_at', 'The time of an event cannot be in the future');
    end if;
    update public.assignments x set status = 'rejected', rejection_reason = why, responded_at = at where x.id = a.id;
    update public.deliveries x
    set status = 'pending', driver_id = null, vehicle_id = null, assigned_at = null
    where x.id = a.delivery_id and x.status = 'assigned'
    returning * into d;
    perform private.append_delivery_event(d, 'rejected', 'assigned', at, null, why, null, null, a.id, respond_to_assignment.idempotency_key);
    perform private.refresh_driver_status(a.driver_id);
  end if;
  select x.* into a from public.assignments x where x.id = a.id;
  return a;
end;
$$;
revoke all on function public.respond_to_assignment(uuid, boolean, text, timestamptz, text) from public, anon;
grant execute on function public.respond_to_assignment(uuid, boolean, text, timestamptz, text) to authenticated, service_role;

-- Staff take a delivery back from its driver (before pickup): the assignment is cancelled with the
-- reason, the delivery is pending again and the driver freed.
create or replace function public.unassign_delivery(delivery_id uuid, reason text default null) returns public.deliveries
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.deliveries;
  a public.assignments;
  origin text;
  why text := nullif(btrim(unassign_delivery.reason), '');
begin
  select x.* into d from public.deliveries x where x.id = unassign_delivery.delivery_id for update;
  if d.id is null or not private.is_tenant_member(d.tenant_id) or private.current_panel_type() not in ('admin', 'dispatcher') then
    if d.id is not null and private.is_tenant_member(d.tenant_id) and private.current_panel_type() = 'driver' and d.driver_id = auth.uid() then
      raise exception using errcode = '42501', message = 'Only admins and dispatchers can unassign a delivery; reject the assignment instead';
    end if;
    raise exception using errcode = 'PT404', message = 'Delivery not found';
  end if;
  if d.status not in ('assigned', 'accepted') then
    perform private.validation_error('status', format('Only assigned or accepted deliveries can be unassigned; this one is %s',
      private.delivery_status_label(d.status)));
  end if;
  if length(coalesce(why, '')) > 500 then
    perform private.validation_error('reason', 'The reason must be at most 500 characters');
  end if;
  origin := d.status;
  select x.* into a from public.assignments x where x.delivery_id = d.id and x.status in ('pending', 'accepted') for update;
  update public.assignments x set status = 'cancelled', cancelled_at = now(), cancel_reason = why where x.id = a.id;
  update public.deliveries x
  set status = 'pending', driver_id = null, vehicle_id = null, assigned_at = null, accepted_at = null
  where x.id = d.id
  returning * into d;
  perform private.append_delivery_event(d, 'unassigned', origin, now(), null, why, null, null, a.id);
  perform private.refresh_driver_status(a.driver_id);
  return d;
end;
$$;
revoke all on function public.unassign_delivery(uuid, text) from public, anon;
grant execute on function public.unassign_delivery(uuid, text) to authenticated, service_role;

-- What the caller may do with a delivery now: the moves the machine allows them, for the detail
-- screen's actions (the functions above still decide).
create or replace function public.delivery_actions(delivery_id uuid) returns text[]
language plpgsql
stable
set search_path = ''
as $$
declare
  d public.deliveries;
  panel text := private.current_panel_type();
  staff boolean;
  mine boolean;
  actions text[] := '{}';
begin
  select x.* into d from public.deliveries x where x.id = delivery_actions.delivery_id;
  if d.id is null then
    return null;
  end if;
  staff := panel in ('admin', 'dispatcher');
  mine := panel = 'driver' and d.driver_id = auth.uid();
  if staff and d.status in ('pending', 'assigned') then actions := array_append(actions, 'edit'); end if;
  if staff and d.status = 'pending' then actions := array_append(actions, 'assign'); end if;
  if staff and d.status in ('assigned', 'accepted') then actions := array_append(actions, 'unassign'); end if;
  if mine and d.status = 'assigned' then actions := actions || array['accepted', 'reject']::text[]; end if;
  if mine and d.status = 'accepted' then actions := array_append(actions, 'picked_up'); end if;
  if mine and d.status = 'picked_up' then actions := array_append(actions, 'in_transit'); end if;
  if mine and d.status = 'in_transit' then actions := array_append(actions, 'delivered'); end if;
  if (mine or staff) and d.status in ('accepted', 'picked_up', 'in_transit') then actions := array_append(actions, 'failed'); end if;
  if staff and d.status in ('pending', 'assigned', 'accepted') then actions := array_append(actions, 'cancelled'); end if;
  if staff and d.status = 'failed' then actions := actions || array['returned', 'pending']::text[]; end if;
  return actions;
end;
$$;
revoke all on function public.delivery_actions(uuid) from public, anon;
grant execute on function public.delivery_actions(uuid) to authenticated, service_role;
