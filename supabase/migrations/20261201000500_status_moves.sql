-- Each status machine's moves, declared once as data: private.status_moves. Until now every machine
-- listed its arrows twice in SQL (the transition function's checks and the actions function's
-- lists) and the exceptions' once more in the app (a map of next statuses), three copies that could
-- drift apart. Now:
--   - a machine's transition function asks private.move_exists (is there such an arrow from the
--     current status? else 23514 on `status`, worded as before) and private.move_refusal (may this
--     caller make it? else 42501 with the move's refusal);
--   - its actions function lists private.machine_actions for the record's status and the caller;
--   - the app asks the actions function (delivery_actions, return_request_actions and, new here,
--     exception_actions) instead of keeping its own copy.
-- What a move does (timestamps, the assignment, events, notifications, the pickup delivery) stays
-- in the function that makes it; only which moves exist and who makes them is read from here.
--
-- A row is one action from one status for one kind of caller:
--   machine      'delivery', 'return_request', 'exception' (a new machine adds its name)
--   action       what a caller asks for and the actions function lists: the target status for the
--                machine's transition function; otherwise the verb of the function or screen that
--                makes it ('assign', 'unassign', 'reject', 'edit')
--   from_status  the status the record must be in
--   to_status    the status it ends in (null: not a move of the status, e.g. 'edit')
--   panels       the panels (private.current_panel_type()) whose callers may take it ...
--   condition    ... when this named condition also holds for the caller and the record (null: none);
--                the machine's conditions function says which hold (private.delivery_move_conditions)
--   refusal      what the machine's transition function tells a caller who may not (42501), the
--                same for every row of an action; null where another function decides who may
--   via          the function (or trigger) that makes it, for readers
--   position     the order in which actions functions list actions
-- The behaviour is exactly that of 20261125000730, 20261125001080, 20261125001350, 20261125001360 and
-- 20261125001370, whose headers describe the machines.

create table private.status_moves (
  machine text not null,
  action text not null,
  from_status text not null,
  to_status text,
  panels text[] not null,
  condition text,
  refusal text,
  via text not null,
  position smallint not null,
  constraint status_moves_panels_check check (panels <@ array['admin', 'dispatcher', 'driver', 'customer'] and cardinality(panels) >= 1),
  constraint status_moves_key unique nulls not distinct (machine, action, from_status, panels, condition)
);
alter table private.status_moves enable row level security;
-- Read only through the definer helpers below; nobody writes it but migrations.
revoke all on private.status_moves from public, anon, authenticated;

insert into private.status_moves (machine, action, from_status, to_status, panels, condition, refusal, via, position)
select 'delivery', m.action, f.from_status, m.to_status, m.panels, m.condition, m.refusal, m.via, m.position
from (values
  ('edit', array['pending', 'assigned'], null, array['admin', 'dispatcher'], null,
    null, 'deliveries update (private.validate_delivery)', 10),
  ('assign', array['pending'], 'assigned', array['admin', 'dispatcher'], null,
    null, 'assignments insert (private.assignment_moves_delivery)', 20),
  ('unassign', array['assigned', 'accepted'], 'pending', array['admin', 'dispatcher'], null,
    null, 'public.unassign_delivery', 30),
  ('accepted', array['assigned'], 'accepted', array['driver'], 'assigned_driver',
    'Only the driver of its active assignment can mark a delivery accepted', 'public.transition_delivery (public.respond_to_assignment)', 40),
  ('reject', array['assigned'], 'pending', array['driver'], 'assigned_driver',
    null, 'public.respond_to_assignment', 50),
  ('picked_up', array['accepted'], 'picked_up', array['driver'], 'assigned_driver',
    'Only the driver of its active assignment can mark a delivery picked up', 'public.transition_delivery', 60),
  ('in_transit', array['picked_up'], 'in_transit', array['driver'], 'assigned_driver',
    'Only the driver of its active assignment can mark a delivery in transit', 'public.transition_delivery', 70),
  ('delivered', array['in_transit'], 'delivered', array['driver'], 'assigned_driver',
    'Only the driver of its active assignment can mark a delivery delivered', 'public.transition_delivery', 80),
  -- The refusal is the one transition_delivery has always given here (its message for any other move).
  ('failed', array['accepted', 'picked_up', 'in_transit'], 'failed', array['driver'], 'assigned_driver',
    'Only admins and dispatchers can reopen a failed delivery', 'public.transition_delivery', 90),
  ('failed', array['accepted', 'picked_up', 'in_transit'], 'failed', array['admin', 'dispatcher'], null,
    'Only admins and dispatchers can reopen a failed delivery', 'public.transition_delivery', 90),
  ('cancelled', array['pending', 'assigned', 'accepted'], 'cancelled', array['admin', 'dispatcher'], null,
    'Only admins and dispatchers can cancel a delivery', 'public.transition_delivery', 100),
  ('returned', array['failed'], 'returned', array['admin', 'dispatcher'], null,
    'Only admins and dispatchers can mark a delivery returned', 'public.transition_delivery', 110),
  ('pending', array['failed'], 'pending', array['admin', 'dispatcher'], null,
    'Only admins and dispatchers can reopen a failed delivery', 'public.transition_delivery', 120)
) as m (action, froms, to_status, panels, condition, refusal, via, position)
cross join lateral unnest(m.froms) as f (from_status);

insert into private.status_moves (machine, action, from_status, to_status, panels, condition, refusal, via, position)
values
  ('return_request', 'edit', 'requested', null, array['admin', 'dispatcher'], null,
    null, 'return_requests update (private.validate_return_request)', 10),
  ('return_request', 'approved', 'requested', 'approved', array['admin', 'dispatcher'], null,
    'Only admins and dispatchers can change the status of a return request', 'public.transition_return_request', 20),
  ('return_request', 'rejected', 'requested', 'rejected', array['admin', 'dispatcher'], null,
    'Only admins and dispatchers can change the status of a return request', 'public.transition_return_request', 30),
  ('return_request', 'pickup_scheduled', 'approved', 'pickup_scheduled', array['admin', 'dispatcher'], null,
    'Only admins and dispatchers can change the status of a return request', 'public.transition_return_request', 40),
  ('return_request', 'picked_up', 'pickup_scheduled', 'picked_up', array['admin', 'dispatcher'], null,
    'Only admins and dispatchers can change the status of a return request', 'public.transition_return_request', 50),
  ('return_request', 'received', 'picked_up', 'received', array['admin', 'dispatcher'], null,
    'Only admins and dispatchers can change the status of a return request', 'public.transition_return_request', 60),
  ('return_request', 'closed', 'received', 'closed', array['admin', 'dispatcher'], null,
    'Only admins and dispatchers can change the status of a return request', 'public.transition_return_request', 70),
  ('exception', 'investigating', 'open', 'investigating', array['admin', 'dispatcher'], null,
    'Only admins and dispatchers can change the status of an exception', 'public.transition_exception', 10),
  ('exception', 'resolved', 'investigating', 'resolved', array['admin', 'dispatcher'], null,
    'Only admins and dispatchers can change the status of an exception', 'public.transition_exception', 20),
  ('exception', 'closed', 'investigating', 'closed', array['admin', 'dispatcher'], null,
    'Only admins and dispatchers can change the status of an exception', 'public.transition_exception', 30);

-- Whether the machine has this arrow (for anyone) from the status.
create or replace function private.move_exists(machine text, action text, from_status text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from private.status_moves m
    where m.machine = move_exists.machine and m.action = move_exists.action and m.from_status = move_exists.from_status
  );
$$;
revoke all on function private.move_exists(text, text, text) from public, anon;
grant execute on function private.move_exists(text, text, text) to authenticated, service_role;

-- Null when a caller of `panel` for whom `conditions` hold may take the action from the status; else
-- what they are told. Ask move_exists first: an action with no arrow is refused with no message.
create or replace function private.move_refusal(machine text, action text, from_status text, panel text, conditions text[]) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case when bool_or(coalesce(panel = any (m.panels), false) and (m.condition is null or m.condition = any (coalesce(conditions, '{}'))))
    then null else coalesce(min(m.refusal), 'Permission denied') end
  from private.status_moves m
  where m.machine = move_refusal.machine and m.action = move_refusal.action and m.from_status = move_refusal.from_status;
$$;
revoke all on function private.move_refusal(text, text, text, text, text[]) from public, anon;
grant execute on function private.move_refusal(text, text, text, text, text[]) to authenticated, service_role;

-- The actions open from the status to a caller of `panel` for whom `conditions` hold, in the
-- declaration's order ('{}' when none).
create or replace function private.machine_actions(machine text, from_status text, panel text, conditions text[]) returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(a.action order by a.position, a.action), '{}')
  from (
    select m.action, min(m.position) as position
    from private.status_moves m
    where m.machine = machine_actions.machine and m.from_status = machine_actions.from_status
      and panel = any (m.panels) and (m.condition is null or m.condition = any (coalesce(conditions, '{}')))
    group by m.action
  ) a;
$$;
revoke all on function private.machine_actions(text, text, text, text[]) from public, anon;
grant execute on function private.machine_actions(text, text, text, text[]) to authenticated, service_role;

-- The delivery machine's conditions that hold for the caller: 'assigned_driver' when they are the
-- driver of the delivery's active (pending or accepted) assignment.
create or replace function private.delivery_move_conditions(delivery uuid) returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select case when private.current_panel_type() = 'driver' and exists (
      select 1 from public.assignments a
      where a.delivery_id = delivery and a.status in ('pending', 'accepted') and a.driver_id = auth.uid()
    ) then array['assigned_driver'] else '{}'::text[] end;
$$;
revoke all on function private.delivery_move_conditions(uuid) from public, anon;
grant execute on function private.delivery_move_conditions(uuid) to authenticated, service_role;

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

-- Staff take a delivery back from its driver (before pickup): the assignment is cancelled with the
-- reason, the delivery is pending again and the driver freed. Its arrows are the 'unassign' rows.
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
  if not private.move_exists('delivery', 'unassign', d.status) then
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

-- What the caller may do with a delivery now (the detail screen's and the board's actions): the
-- declared actions from its status open to them.
create or replace function public.delivery_actions(delivery_id uuid) returns text[]
language sql
stable
set search_path = ''
as $$
  select private.machine_actions('delivery', d.status, private.current_panel_type(), private.delivery_move_conditions(d.id))
  from public.deliveries d where d.id = delivery_actions.delivery_id;
$$;

create or replace function public.transition_return_request(
  return_request_id uuid,
  status text,
  note text default null,
  refunded boolean default null,
  schedule_pickup boolean default false,
  warehouse_id uuid default null
) returns public.return_requests
language plpgsql
security definer
set search_path = ''
as $$
declare
  r public.return_requests;
  target text := transition_return_request.status;
  origin text;
  panel text := private.current_panel_type();
  refusal text;
  chosen uuid;
begin
  select x.* into r from public.return_requests x
  where x.id = transition_return_request.return_request_id
    and x.tenant_id = private.current_tenant_id()
    and (panel in ('admin', 'dispatcher') or (panel = 'customer' and x.customer_id = auth.uid()))
  for update;
  if r.id is null then
    raise exception using errcode = 'PT404', message = 'Return request not found';
  end if;
  origin := r.status;
  if target is null or target not in ('requested', 'approved', 'rejected', 'pickup_scheduled', 'picked_up', 'received', 'closed') then
    perform private.validation_error('status', 'Status must be approved, rejected, pickup scheduled, picked up, received or closed');
  end if;
  -- The arrows and who takes them: private.status_moves (machine 'return_request').
  if not private.move_exists('return_request', target, origin) then
    perform private.validation_error('status', format('A return request cannot go from %s to %s',
      replace(origin, '_', ' '), replace(target, '_', ' ')));
  end if;
  refusal := private.move_refusal('return_request', target, origin, panel, '{}');
  if refusal is not null then
    raise exception using errcode = '42501', message = refusal;
  end if;
  if length(coalesce(note, '')) > 1000 then
    perform private.validation_error('note', 'The note must be at most 1000 characters');
  end if;
  if target = 'rejected' and (note is null or btrim(note) = '') then
    perform private.validation_error('note', 'Give the reason for rejecting the return');
  end if;
  if target = 'closed' and refunded is null then
    perform private.validation_error('refunded', 'Say whether the refund was paid');
  end if;

  if target = 'pickup_scheduled' or (target = 'approved' and schedule_pickup) then
    if target = 'approved' then
      update public.return_requests x set status = 'approved' where x.id = r.id returning * into r;
      perform private.append_return_request_event(r, origin, note);
      origin := 'approved';
    end if;
    chosen := private.return_warehouse(r.tenant_id, transition_return_request.warehouse_id);
    update public.return_requests x
    set pickup_delivery_id = private.create_return_pickup(r, chosen),
        warehouse_id = chosen,
        status = 'pickup_scheduled'
    where x.id = r.id
    returning * into r;
    perform private.append_return_request_event(r, origin, case when target = 'pickup_scheduled' then note end);
  else
    update public.return_requests x
    set status = target,
        refunded = case when target = 'closed' then transition_return_request.refunded else x.refunded end,
        closed_at = case when target = 'closed' then now() else x.closed_at end,
        received_at = case when target = 'received' then now() else x.received_at end,
        received_by = case when target = 'received' then auth.uid() else x.received_by end
    where x.id = r.id
    returning * into r;
    perform private.append_return_request_event(r, origin, note);
  end if;
  return r;
end;
$$;

-- What the caller may do with a request now (the edit screen's buttons).
create or replace function public.return_request_actions(return_request_id uuid) returns text[]
language sql
stable
set search_path = ''
as $$
  select private.machine_actions('return_request', r.status, private.current_panel_type(), '{}')
  from public.return_requests r where r.id = return_request_actions.return_request_id;
$$;

create or replace function public.transition_exception(exception_id uuid, status text, resolution_notes text default null, note text default null)
returns public.exceptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  x public.exceptions;
  target text := transition_exception.status;
  origin text;
  panel text := private.current_panel_type();
  notes text := nullif(btrim(transition_exception.resolution_notes), '');
  refusal text;
begin
  select e.* into x from public.exceptions e
  where e.id = transition_exception.exception_id
    and e.tenant_id = private.current_tenant_id()
    and (panel in ('admin', 'dispatcher') or (panel = 'driver' and e.reported_by = auth.uid()))
  for update;
  if x.id is null then
    raise exception using errcode = 'PT404', message = 'Exception not found';
  end if;
  origin := x.status;
  if target is null or target not in ('open', 'investigating', 'resolved', 'closed') then
    perform private.validation_error('status', 'Status must be investigating, resolved or closed');
  end if;
  -- The arrows and who takes them: private.status_moves (machine 'exception').
  if not private.move_exists('exception', target, origin) then
    perform private.validation_error('status', format('An exception cannot go from %s to %s', origin, target));
  end if;
  refusal := private.move_refusal('exception', target, origin, panel, '{}');
  if refusal is not null then
    raise exception using errcode = '42501', message = refusal;
  end if;
  if target in ('resolved', 'closed') and notes is null then
    perform private.validation_error('resolution_notes', 'Resolution notes are required to resolve or close an exception');
  end if;
  if length(coalesce(notes, '')) > 2000 then
    perform private.validation_error('resolution_notes', 'Resolution notes must be at most 2000 characters');
  end if;
  if length(coalesce(note, '')) > 2000 then
    perform private.validation_error('note', 'The note must be at most 2000 characters');
  end if;
  update public.exceptions e
  set status = target,
      resolution_notes = case when target in ('resolved', 'closed') then notes else e.resolution_notes end,
      resolved_at = case when target in ('resolved', 'closed') then now() else e.resolved_at end,
      resolved_by = case when target in ('resolved', 'closed') then auth.uid() else e.resolved_by end,
      -- Whoever starts the investigation owns it, unless someone already does.
      assigned_to = case when target = 'investigating' then coalesce(e.assigned_to, auth.uid()) else e.assigned_to end
  where e.id = x.id
  returning * into x;
  perform private.append_exception_event(x, origin, coalesce(nullif(btrim(note), ''), case when target in ('resolved', 'closed') then notes end));
  return x;
end;
$$;

-- What the caller may do with an exception now (the edit screen's buttons): security invoker, so an
-- exception the caller cannot read answers null.
create or replace function public.exception_actions(exception_id uuid) returns text[]
language sql
stable
set search_path = ''
as $$
  select private.machine_actions('exception', x.status, private.current_panel_type(), '{}')
  from public.exceptions x where x.id = exception_actions.exception_id;
$$;
revoke all on function public.exception_actions(uuid) from public, anon;
grant execute on function public.exception_actions(uuid) to authenticated, service_role;
