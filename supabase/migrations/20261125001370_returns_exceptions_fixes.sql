-- Fixes of 20261125001350_return_requests.sql and 20261125001360_exceptions.sql, found by their pgTAP:
-- - a request or exception the caller cannot see answers 'not found' as HTTP 404: PostgREST maps the
--   SQLSTATE PT404 to that status (P0002 becomes a 500), as the delivery functions of 20261125000730 do;
-- - the caller checks move from the (security definer) problem functions, where current_user is the
--   owner and so never an API role, to the triggers, which run as the caller: a customer's request
--   names a delivery they can read (their own), a driver's exception one they carry or carried;
--   otherwise 'Delivery not found' on delivery_id, saying nothing about other people's deliveries.

create or replace function private.validate_return_request() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api boolean := current_user in ('anon', 'authenticated');
  panel text := private.current_panel_type();
  problems jsonb;
  d public.deliveries;
begin
  if api and not (private.is_tenant_member(new.tenant_id) and panel in ('admin', 'dispatcher', 'customer')) then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.customer_id is null and new.delivery_id is not null then
      select x.customer_id into new.customer_id from public.deliveries x where x.id = new.delivery_id and x.tenant_id = new.tenant_id;
      if new.customer_id is null and api and panel = 'customer' then
        new.customer_id := auth.uid();
      end if;
    end if;
    -- Asked as the caller: a customer requests returns of the deliveries they can read, their own.
    if api and panel = 'customer' and new.delivery_id is not null
      and not exists (select 1 from public.deliveries x where x.id = new.delivery_id) then
      raise exception using errcode = '23514', message = 'Validation failed',
        detail = jsonb_build_array(jsonb_build_object('field', 'delivery_id', 'message', 'Delivery not found'))::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
    if api then
      new.status := 'requested';
      new.refunded := null;
      new.pickup_delivery_id := null;
      new.warehouse_id := null;
      new.received_at := null;
      new.received_by := null;
      new.closed_at := null;
      new.requested_by := auth.uid();
      new.created_at := now();
    end if;
    if new.return_code is null or api then
      new.return_code := private.next_tenant_code(new.tenant_id, 'return_requests', 'R');
    end if;
    problems := private.return_request_problems(new, null);
  else
    if new.tenant_id is distinct from old.tenant_id then
      raise exception using errcode = '23514', message = 'A return request cannot move to another business';
    end if;
    if api and old.status <> 'requested' then
      raise exception using errcode = '23514', message = 'Validation failed',
        detail = jsonb_build_array(jsonb_build_object('field', 'status', 'message',
          format('A return request can be edited only while requested; this one is %s', replace(old.status, '_', ' '))))::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
    new.return_code := old.return_code;
    problems := private.return_request_problems(new, old);
  end if;
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  select x.* into d from public.deliveries x where x.id = new.delivery_id;
  new.currency := coalesce(d.currency, new.currency);
  -- Descriptions of the items default to their package's.
  new.items := (
    select coalesce(jsonb_agg(jsonb_build_object(
      'package_index', (e ->> 'package_index')::integer,
      'description', coalesce(nullif(btrim(e ->> 'description'), ''), d.packages -> ((e ->> 'package_index')::integer) ->> 'description',
        format('Package %s', (e ->> 'package_index')::integer + 1)),
      'quantity', (e ->> 'quantity')::integer) order by n), '[]'::jsonb)
    from jsonb_array_elements(new.items) with ordinality as t(e, n)
  );
  new.reason_text := nullif(btrim(new.reason_text), '');
  return new;
end;
$$;

create or replace function private.validate_exception() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api boolean := current_user in ('anon', 'authenticated');
  panel text := private.current_panel_type();
  problems jsonb;
begin
  if api and not (private.is_tenant_member(new.tenant_id) and panel in ('admin', 'dispatcher', 'driver')) then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if api then
      new.status := 'open';
      new.resolution_notes := null;
      new.resolved_at := null;
      new.resolved_by := null;
      new.reported_by := auth.uid();
      new.created_at := now();
      -- A driver raises exceptions for the deliveries they carry or carried, and no other.
      if panel = 'driver' and not private.driver_carries(new.delivery_id) then
        raise exception using errcode = '23514', message = 'Validation failed',
          detail = jsonb_build_array(jsonb_build_object('field', 'delivery_id', 'message', 'Delivery not found'))::text,
          hint = 'details is a JSON array of {field, message}';
      end if;
      if panel = 'driver' and new.assigned_to is not null then
        raise exception using errcode = '23514', message = 'Validation failed',
          detail = jsonb_build_array(jsonb_build_object('field', 'assigned_to', 'message', 'Only admins and dispatchers assign exceptions'))::text,
          hint = 'details is a JSON array of {field, message}';
      end if;
    end if;
    if new.exception_code is null or api then
      new.exception_code := private.next_tenant_code(new.tenant_id, 'exceptions', 'X');
    end if;
  else
    if new.tenant_id is distinct from old.tenant_id then
      raise exception using errcode = '23514', message = 'An exception cannot move to another business';
    end if;
    if api and old.status in ('resolved', 'closed') then
      raise exception using errcode = '23514', message = 'Validation failed',
        detail = jsonb_build_array(jsonb_build_object('field', 'status', 'message',
          format('An exception can be edited only while open or investigating; this one is %s', old.status)))::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
    new.exception_code := old.exception_code;
  end if;
  problems := private.exception_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
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
  staff boolean;
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
  staff := panel in ('admin', 'dispatcher');
  origin := r.status;
  if target is null or target not in ('requested', 'approved', 'rejected', 'pickup_scheduled', 'picked_up', 'received', 'closed') then
    perform private.validation_error('status', 'Status must be approved, rejected, pickup scheduled, picked up, received or closed');
  end if;
  if not ((origin = 'requested' and target in ('approved', 'rejected'))
    or (origin = 'approved' and target = 'pickup_scheduled')
    or (origin = 'pickup_scheduled' and target = 'picked_up')
    or (origin = 'picked_up' and target = 'received')
    or (origin = 'received' and target = 'closed')) then
    perform private.validation_error('status', format('A return request cannot go from %s to %s',
      replace(origin, '_', ' '), replace(target, '_', ' ')));
  end if;
  if not staff then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can change the status of a return request';
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
  if not ((origin = 'open' and target = 'investigating') or (origin = 'investigating' and target in ('resolved', 'closed'))) then
    perform private.validation_error('status', format('An exception cannot go from %s to %s', origin, target));
  end if;
  if panel not in ('admin', 'dispatcher') then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can change the status of an exception';
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
