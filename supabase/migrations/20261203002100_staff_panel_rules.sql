-- Policies and functions ask private.is_staff() / private.is_staff_panel() (20261203002000) whether a
-- panel is staff, instead of listing the panels: every function that held such a list is written out
-- whole here, and every policy that held one is dropped and created again. Behaviour is unchanged:
-- the predicates answer exactly as the lists they replace (null for no panel), and
--   "in ('admin', 'dispatcher')"               is private.is_staff() / private.is_staff_panel(x)
--   "in ('admin', 'dispatcher', 'warehouse')"  is private.is_staff(true) / private.is_staff_panel(x, true)
--   "in ('dispatcher', 'warehouse')" beside private.is_tenant_admin(tenant) is private.is_staff(true)
--   (an admin of the tenant already passes the admin test).
--
-- Kept as they are, on purpose:
-- - the deliveries read policy "deliveries: staff read the tenant's; customers, drivers theirs" says
--   "not a driver, a customer or warehouse-only" so that the planner estimates the staff's reads of
--   the deliveries list near the truth (an initplan boolean or an "= any" list is guessed far low;
--   see 20261125001395): a new panel must be added to its list by hand, and supabase/tests/deliveries.sql
--   fails when profiles allow a fifth panel;
-- - vocabularies that name every panel rather than the staff (a conversation participant's role);
-- - checks of one panel (a driver's, a customer's own rows), and status_moves' panels, which are data.

-- Functions.

-- private.exception_problems(x exceptions)
CREATE OR REPLACE FUNCTION private.exception_problems(x exceptions)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  problems jsonb := '[]'::jsonb;
  photo jsonb;
  assignee public.profiles;
begin
  if x.delivery_id is null then
    problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'Delivery is required');
  elsif not exists (select 1 from public.deliveries d where d.id = x.delivery_id and d.tenant_id = x.tenant_id)
    or (current_user in ('anon', 'authenticated') and private.current_panel_type() = 'driver' and not private.driver_carries(x.delivery_id)) then
    problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'Delivery not found');
  end if;

  if x.type is null or btrim(x.type) = '' then
    problems := problems || jsonb_build_object('field', 'type', 'message', 'Type is required');
  elsif x.type not in ('damaged', 'lost', 'delayed', 'address_problem', 'refused', 'other') then
    problems := problems || jsonb_build_object('field', 'type', 'message', 'Type must be damaged, lost, delayed, address problem, refused or other');
  end if;

  if x.severity is null or btrim(x.severity) = '' then
    problems := problems || jsonb_build_object('field', 'severity', 'message', 'Severity is required');
  elsif x.severity not in ('low', 'medium', 'high', 'critical') then
    problems := problems || jsonb_build_object('field', 'severity', 'message', 'Severity must be low, medium, high or critical');
  end if;

  if x.description is null or btrim(x.description) = '' then
    problems := problems || jsonb_build_object('field', 'description', 'message', 'Description is required');
  elsif length(x.description) > 2000 then
    problems := problems || jsonb_build_object('field', 'description', 'message', 'Description must be at most 2000 characters');
  end if;

  if x.photos is null or jsonb_typeof(x.photos) <> 'array' then
    problems := problems || jsonb_build_object('field', 'photos', 'message', 'Photos must be a list of uploaded files');
  elsif jsonb_array_length(x.photos) > 10 then
    problems := problems || jsonb_build_object('field', 'photos', 'message', 'At most 10 photos');
  else
    for photo in select value from jsonb_array_elements(x.photos) loop
      if jsonb_typeof(photo) <> 'string' or not private.is_tenant_file_ref(photo #>> '{}', x.tenant_id) then
        problems := problems || jsonb_build_object('field', 'photos', 'message', 'Photos must be files uploaded to this business''s storage');
        exit;
      end if;
    end loop;
  end if;

  if x.assigned_to is not null then
    select p.* into assignee from public.profiles p where p.id = x.assigned_to and p.tenant_id = x.tenant_id;
    if assignee.id is null or not private.is_staff_panel(assignee.panel_type) or assignee.status <> 'active' then
      problems := problems || jsonb_build_object('field', 'assigned_to', 'message', 'Assign it to an active admin or dispatcher of this business');
    end if;
  end if;

  if length(coalesce(x.resolution_notes, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'resolution_notes', 'message', 'Resolution notes must be at most 2000 characters');
  end if;
  return problems;
end;
$function$;

-- private.may_read_conversation(conversation uuid)
CREATE OR REPLACE FUNCTION private.may_read_conversation(conversation uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.conversations c
    where c.id = conversation and private.is_tenant_member(c.tenant_id)
      and (
        private.is_staff()
        or (
          exists (select 1 from public.conversation_participants p where p.conversation_id = c.id and p.user_id = auth.uid())
          and (
            c.type <> 'order'
            or (private.current_panel_type() = 'customer'
                and exists (select 1 from public.deliveries d where d.id = c.delivery_id and d.customer_id = auth.uid()))
          )
        )
      )
  );
$function$;

-- private.may_read_receive_order(tenant uuid, warehouse uuid)
CREATE OR REPLACE FUNCTION private.may_read_receive_order(tenant uuid, warehouse uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select tenant = private.current_tenant_id()
    and (private.is_tenant_admin(tenant)
      or (private.is_staff(true) and private.can_access_warehouse(warehouse)));
$function$;

-- private.may_receive_tenant_topic(topic text)
CREATE OR REPLACE FUNCTION private.may_receive_tenant_topic(topic text)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  parts text[];
  panels text[];
begin
  if topic is null or topic !~ '^tenant:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:[a-z_][a-z0-9_]*(:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$' then
    return false;
  end if;
  parts := string_to_array(topic, ':');
  if not private.is_tenant_member(parts[2]::uuid) then
    return false;
  end if;
  -- Per-person topics: only their person joins (`inbox`: chat's unread counts, 20261125001030).
  if parts[3] in ('notifications', 'driver_work', 'inbox') then
    return array_length(parts, 1) = 4 and parts[4]::uuid = auth.uid()
      and (parts[3] <> 'driver_work' or private.current_panel_type() = 'driver');
  end if;
  -- Per-warehouse topics: the admin and dispatcher panels' people, warehouse people among them, who
  -- may access that warehouse of the topic's tenant.
  if parts[3] = 'warehouse' then
    return array_length(parts, 1) = 4
      and private.is_staff(true)
      and exists (select 1 from public.warehouses w where w.id = parts[4]::uuid and w.tenant_id = parts[2]::uuid)
      and private.can_access_warehouse(parts[4]::uuid);
  end if;
  if array_length(parts, 1) <> 3 then
    return false;
  end if;
  select t.panel_types into panels from private.tenant_topic_panels t where t.entity = parts[3];
  return panels is null or private.current_panel_type() = any (panels);
end;
$function$;

-- private.may_use_handoff_signature(name text)
CREATE OR REPLACE FUNCTION private.may_use_handoff_signature(name text)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  parts text[] := storage.foldername(name);
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or array_length(parts, 1) <> 2 or parts[1] <> tenant::text
    or parts[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or not private.is_staff(true) then
    return false;
  end if;
  return exists (select 1 from public.warehouses w where w.id = parts[2]::uuid and w.tenant_id = tenant)
    and private.can_access_warehouse(parts[2]::uuid);
end;
$function$;

-- private.may_use_proof_object(name text, writing boolean)
CREATE OR REPLACE FUNCTION private.may_use_proof_object(name text, writing boolean)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  parts text[] := storage.foldername(name);
  tenant uuid := private.current_tenant_id();
  panel text := private.current_panel_type();
  d public.deliveries;
begin
  if tenant is null or array_length(parts, 1) <> 2 or parts[1] <> tenant::text
    or parts[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  select x.* into d from public.deliveries x where x.id = parts[2]::uuid and x.tenant_id = tenant;
  if d.id is null then
    return false;
  end if;
  if private.is_staff_panel(panel) then
    return true;
  end if;
  if panel = 'driver' then
    return d.driver_id = auth.uid() and (not writing or d.status in ('accepted', 'picked_up', 'in_transit'));
  end if;
  return panel = 'customer' and not writing and d.customer_id = auth.uid();
end;
$function$;

-- private.performance_window(from_date date, to_date date, OUT tenant uuid, OUT zone text, OUT first_day date, OUT last_day date, OUT starts timestamp with time zone, OUT finishes timestamp with time zone)
CREATE OR REPLACE FUNCTION private.performance_window(from_date date, to_date date, OUT tenant uuid, OUT zone text, OUT first_day date, OUT last_day date, OUT starts timestamp with time zone, OUT finishes timestamp with time zone)
 RETURNS record
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  problems jsonb := '[]'::jsonb;
begin
  tenant := private.current_tenant_id();
  if tenant is null or not private.is_tenant_member(tenant) or not private.is_staff() then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can see driver performance';
  end if;
  select coalesce(nullif(t.settings #>> '{general,timezone}', ''), 'UTC') into zone from public.tenants t where t.id = tenant;
  if not private.is_known_timezone(zone) then
    zone := 'UTC';
  end if;
  last_day := coalesce(to_date, (now() at time zone zone)::date);
  first_day := coalesce(from_date, last_day - 29);
  if first_day > last_day then
    problems := problems || jsonb_build_object('field', 'to_date', 'message', 'The end date must not be before the start date');
  elsif last_day - first_day + 1 > 366 then
    problems := problems || jsonb_build_object('field', 'from_date', 'message', 'Choose a range of at most 366 days');
  end if;
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  starts := first_day::timestamp at time zone zone;
  finishes := (last_day + 1)::timestamp at time zone zone;
end;
$function$;

-- private.track_order_message()
CREATE OR REPLACE FUNCTION private.track_order_message()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.conversations;
  d public.deliveries;
  s public.conversation_support;
  sender public.profiles;
  opened boolean := false;
  customer_name text;
  dispatcher record;
begin
  select x.* into c from public.conversations x where x.id = new.conversation_id;
  if c.type is distinct from 'order' or c.delivery_id is null or new.message_type <> 'text' then
    return null;
  end if;
  select x.* into d from public.deliveries x where x.id = c.delivery_id;
  select x.* into s from public.conversation_support x where x.conversation_id = c.id for update;
  if new.sender_id is distinct from d.customer_id then
    -- Staff answering a waiting customer: they are on it.
    select p.* into sender from public.profiles p where p.id = new.sender_id;
    if s.conversation_id is not null and s.state = 'waiting' and private.is_staff_panel(sender.panel_type) then
      update public.conversation_support x
      set state = 'acknowledged', acknowledged_by = sender.id, acknowledged_by_name = sender.full_name, acknowledged_at = new.created_at
      where x.conversation_id = c.id;
    end if;
    return null;
  end if;

  if s.conversation_id is null then
    insert into public.conversation_support (conversation_id, tenant_id, delivery_id, customer_id, state, waiting_since, last_customer_message_at)
    values (c.id, c.tenant_id, d.id, d.customer_id, 'waiting', new.created_at, new.created_at)
    returning * into s;
    opened := true;
  elsif s.state = 'resolved' then
    update public.conversation_support x
    set state = 'waiting', waiting_since = new.created_at, last_customer_message_at = new.created_at,
      acknowledged_by = null, acknowledged_by_name = null, acknowledged_at = null, note = null,
      resolved_by = null, resolved_by_name = null, resolved_at = null, resolution_note = null
    where x.conversation_id = c.id
    returning * into s;
    opened := true;
  else
    update public.conversation_support x set last_customer_message_at = greatest(x.last_customer_message_at, new.created_at)
    where x.conversation_id = c.id
    returning * into s;
  end if;

  -- Only API callers' messages are news (the seed's history notifies nobody), and a customer who
  -- keeps writing notifies dispatch once every 10 minutes.
  if current_setting('role', true) in ('authenticated', 'anon', 'service_role')
    and (opened or s.notified_at is null or s.notified_at < now() - interval '10 minutes') then
    select p.full_name into customer_name from public.profiles p where p.id = d.customer_id;
    for dispatcher in
      select p.id, t.slug from public.profiles p join public.tenants t on t.id = p.tenant_id
      where p.tenant_id = c.tenant_id and p.status = 'active' and p.panel_type = 'dispatcher'
    loop
      insert into public.notifications (tenant_id, user_id, title, body, link)
      values (c.tenant_id, dispatcher.id,
        left(format('%s wrote about %s', coalesce(customer_name, 'A customer'), d.delivery_code), 200),
        left(new.content, 300),
        '/' || dispatcher.slug || '/dispatcher/support?view=messages&conversation=' || c.id::text);
    end loop;
    update public.conversation_support x set notified_at = now() where x.conversation_id = c.id;
  end if;
  return null;
end;
$function$;

-- private.validate_assignment()
CREATE OR REPLACE FUNCTION private.validate_assignment()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  problems jsonb;
  delivery_status text;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if not (private.is_tenant_member(new.tenant_id) and private.is_staff()) then
    return new;
  end if;
  if tg_op = 'UPDATE' then
    if old.status <> 'pending' then
      raise exception using errcode = '23514', message = 'Validation failed',
        detail = jsonb_build_array(jsonb_build_object('field', 'status', 'message',
          format('Only pending assignments can be edited; this one is %s', old.status)))::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
    if new.delivery_id <> old.delivery_id or new.tenant_id <> old.tenant_id then
      raise exception using errcode = '23514', message = 'Validation failed',
        detail = jsonb_build_array(jsonb_build_object('field', 'delivery_id', 'message',
          'An assignment stays with its delivery; unassign it and assign the other delivery instead'))::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
  else
    new.assigned_by := auth.uid();
    new.assignment_time := now();
    new.status := 'pending';
  end if;

  problems := private.assignment_fit_problems(new.tenant_id, new.delivery_id, new.driver_id, new.vehicle_id);
  if tg_op = 'INSERT' and jsonb_array_length(problems) = 0 then
    select d.status into delivery_status from public.deliveries d where d.id = new.delivery_id;
    if delivery_status <> 'pending' then
      problems := problems || jsonb_build_object('field', 'delivery_id', 'message',
        format('Only pending deliveries can be assigned; this one is %s', replace(delivery_status, '_', ' ')));
    end if;
  end if;
  if length(coalesce(new.notes, '')) > 1000 then
    problems := problems || jsonb_build_object('field', 'notes', 'message', 'Notes must be at most 1000 characters');
  end if;
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$function$;

-- private.validate_delivery()
CREATE OR REPLACE FUNCTION private.validate_delivery()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  api boolean := current_user in ('anon', 'authenticated');
begin
  if api and not (private.is_tenant_member(new.tenant_id) and private.is_staff()) then
    return new;
  end if;
  if tg_op = 'UPDATE' then
    if new.tenant_id is distinct from old.tenant_id then
      raise exception using errcode = '23514', message = 'A delivery cannot move to another business';
    end if;
    if api and old.status not in ('pending', 'assigned') then
      raise exception using errcode = '23514', message = 'Validation failed',
        detail = jsonb_build_array(jsonb_build_object('field', 'status', 'message',
          format('A delivery can be edited only while pending or assigned; this one is %s', replace(old.status, '_', ' '))))::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
    new := private.derive_delivery(new, old, api);
  else
    new := private.derive_delivery(new, null, api);
  end if;
  return new;
end;
$function$;

-- private.validate_exception()
CREATE OR REPLACE FUNCTION private.validate_exception()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  api boolean := current_user in ('anon', 'authenticated');
  panel text := private.current_panel_type();
  problems jsonb;
begin
  if api and not (private.is_tenant_member(new.tenant_id) and (private.is_staff_panel(panel) or panel = 'driver')) then
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
$function$;

-- private.validate_return_request()
CREATE OR REPLACE FUNCTION private.validate_return_request()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  api boolean := current_user in ('anon', 'authenticated');
  panel text := private.current_panel_type();
  problems jsonb;
  d public.deliveries;
begin
  if api and not (private.is_tenant_member(new.tenant_id) and (private.is_staff_panel(panel) or panel = 'customer')) then
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
$function$;

-- private.webhook_fan_out(batch integer)
CREATE OR REPLACE FUNCTION private.webhook_fan_out(batch integer DEFAULT 500)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  due integer;
begin
  with events as (
    select e.id, e.tenant_id, e.module_id, e.event_type, e.customer_id, e.occurred_at
    from public.webhook_events e
    where e.fanned_out_at is null
    order by e.seq
    limit batch
    for update skip locked
  ), made as (
    insert into public.webhook_deliveries (tenant_id, subscription_id, event_id, event_type)
    select e.tenant_id, s.id, e.id, e.event_type
    from events e
    join public.webhook_subscriptions s on s.tenant_id = e.tenant_id and s.module_id = e.module_id and s.is_active
      and s.created_at <= e.occurred_at
    join public.profiles p on p.id = s.user_id and p.tenant_id = s.tenant_id
    where p.status = 'active'
      and (private.is_staff_panel(p.panel_type) or (p.panel_type = 'customer' and e.customer_id = p.id))
    on conflict (subscription_id, event_id) do nothing
  )
  update public.webhook_events e set fanned_out_at = now() from events where e.id = events.id;

  select count(*)::integer into due from public.webhook_deliveries d
  where d.status = 'pending' and d.next_attempt_at <= now();
  return due;
end;
$function$;

-- public.assignment_fit(delivery_id uuid, driver_id uuid, vehicle_id uuid)
CREATE OR REPLACE FUNCTION public.assignment_fit(delivery_id uuid, driver_id uuid, vehicle_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or not private.is_tenant_member(tenant) or not private.is_staff() then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can check an assignment';
  end if;
  return jsonb_build_object(
    'problems', private.assignment_fit_problems(tenant, assignment_fit.delivery_id, assignment_fit.driver_id, assignment_fit.vehicle_id),
    'weight_kg', (select d.total_weight_kg from public.deliveries d where d.id = assignment_fit.delivery_id and d.tenant_id = tenant),
    'capacity_kg', (select v.capacity_unit from public.vehicles v where v.id = assignment_fit.vehicle_id and v.tenant_id = tenant)
  );
end;
$function$;

-- public.create_delivery_conversation(delivery_id uuid)
CREATE OR REPLACE FUNCTION public.create_delivery_conversation(delivery_id uuid)
 RETURNS conversations
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d public.deliveries;
  c public.conversations;
  panel text := private.current_panel_type();
  driver_name text;
  staff uuid;
  staff_panel text;
begin
  select x.* into d from public.deliveries x where x.id = create_delivery_conversation.delivery_id;
  if d.id is null or not private.is_tenant_member(d.tenant_id)
    or not (private.is_staff_panel(panel) or (panel = 'driver' and d.driver_id = auth.uid())) then
    raise exception using errcode = 'PT404', message = 'Delivery not found';
  end if;
  if d.driver_id is null then
    perform private.validation_error('delivery_id', 'This delivery has no driver to talk to yet');
  end if;
  select x.* into c from public.conversations x
  where x.delivery_id = d.id and x.type = 'driver' and x.metadata ->> 'driverId' = d.driver_id::text and not x.is_archived
  order by x.created_at desc limit 1;
  if c.id is null then
    select p.full_name into driver_name from public.profiles p where p.id = d.driver_id;
    insert into public.conversations (tenant_id, type, title, metadata, delivery_id, created_by)
    values (d.tenant_id, 'driver', d.delivery_code || ' with ' || driver_name,
      jsonb_build_object('orderId', d.id, 'driverId', d.driver_id, 'source', case when panel = 'driver' then 'driver_app' else 'dispatcher_panel' end),
      d.id, auth.uid())
    returning * into c;
    insert into public.conversation_participants (conversation_id, tenant_id, user_id, role)
    values (c.id, c.tenant_id, d.driver_id, 'driver');
    if panel = 'driver' then
      -- Dispatch hears of it: who assigned the delivery, else who created it.
      select p.id, p.panel_type into staff, staff_panel
      from public.profiles p
      where p.tenant_id = d.tenant_id and p.status = 'active' and private.is_staff_panel(p.panel_type)
        and p.id = coalesce(
          (select a.assigned_by from public.assignments a
           where a.delivery_id = d.id and a.driver_id = d.driver_id and a.status in ('pending', 'accepted')
           order by a.assignment_time desc limit 1),
          d.created_by);
      if staff is null then
        select p.id, p.panel_type into staff, staff_panel from public.profiles p where p.id = d.created_by
          and p.tenant_id = d.tenant_id and p.status = 'active' and private.is_staff_panel(p.panel_type);
      end if;
      if staff is not null then
        insert into public.conversation_participants (conversation_id, tenant_id, user_id, role)
        values (c.id, c.tenant_id, staff, staff_panel)
        on conflict on constraint conversation_participants_conversation_user_key do nothing;
      end if;
    end if;
  end if;
  insert into public.conversation_participants (conversation_id, tenant_id, user_id, role)
  values (c.id, c.tenant_id, auth.uid(), panel)
  on conflict on constraint conversation_participants_conversation_user_key do nothing;
  return c;
end;
$function$;

-- public.create_inventory_audit("values" jsonb)
CREATE OR REPLACE FUNCTION public.create_inventory_audit("values" jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v jsonb := create_inventory_audit."values";
  tenant uuid := private.current_tenant_id();
  problems jsonb := '[]'::jsonb;
  warehouse uuid;
  kind text := nullif(btrim(coalesce(v ->> 'audit_type', '')), '');
  scheduled date;
  note_text text := nullif(btrim(coalesce(v ->> 'notes', '')), '');
  locations uuid[] := '{}';
  items uuid[] := '{}';
  a public.inventory_audits;
begin
  if tenant is null or not private.is_staff(true) then
    raise exception using errcode = '42501', message = 'Sign in to plan audits';
  end if;
  if v is null or jsonb_typeof(v) <> 'object' then
    raise exception using errcode = '22023', message = 'The audit values must be a JSON object';
  end if;

  if nullif(v ->> 'warehouse_id', '') is null then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse is required');
  elsif (v ->> 'warehouse_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or not exists (select 1 from public.warehouses w where w.id = (v ->> 'warehouse_id')::uuid and w.tenant_id = tenant)
    or not private.can_access_warehouse((v ->> 'warehouse_id')::uuid) then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse not found');
  else
    warehouse := (v ->> 'warehouse_id')::uuid;
  end if;
  if kind is null then
    problems := problems || jsonb_build_object('field', 'audit_type', 'message', 'Audit type is required');
  elsif kind not in ('spot_check', 'full_count', 'cycle_count') then
    problems := problems || jsonb_build_object('field', 'audit_type', 'message', 'Audit type must be spot check, full count or cycle count');
  end if;
  if nullif(v ->> 'scheduled_date', '') is not null then
    begin
      scheduled := (v ->> 'scheduled_date')::date;
      if scheduled < current_date then
        problems := problems || jsonb_build_object('field', 'scheduled_date', 'message', 'Scheduled date cannot be before today');
      end if;
    exception when others then
      problems := problems || jsonb_build_object('field', 'scheduled_date', 'message', 'Scheduled date must be a date');
    end;
  end if;
  if length(coalesce(note_text, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'notes', 'message', 'Notes must be at most 2000 characters');
  end if;

  -- The scope: ids of the warehouse's locations and of the tenant's items.
  if jsonb_typeof(v -> 'scope') = 'object' then
    if jsonb_typeof(v #> '{scope,location_ids}') = 'array' then
      if exists (select 1 from jsonb_array_elements_text(v #> '{scope,location_ids}') e
        where e !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.warehouse_locations l where l.id = e::uuid and l.warehouse_id = warehouse)) then
        problems := problems || jsonb_build_object('field', 'scope.location_ids', 'message', 'Choose locations of this warehouse');
      else
        select coalesce(array_agg(distinct e::uuid), '{}') into locations from jsonb_array_elements_text(v #> '{scope,location_ids}') e;
      end if;
    end if;
    if jsonb_typeof(v #> '{scope,item_ids}') = 'array' then
      if exists (select 1 from jsonb_array_elements_text(v #> '{scope,item_ids}') e
        where e !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.inventory_items i where i.id = e::uuid and i.tenant_id = tenant)) then
        problems := problems || jsonb_build_object('field', 'scope.item_ids', 'message', 'Item not found');
      else
        select coalesce(array_agg(distinct e::uuid), '{}') into items from jsonb_array_elements_text(v #> '{scope,item_ids}') e;
      end if;
    end if;
  end if;
  if cardinality(locations) > 500 or cardinality(items) > 500 then
    problems := problems || jsonb_build_object('field', 'scope', 'message', 'At most 500 locations and 500 items');
  elsif kind = 'full_count' and (cardinality(locations) > 0 or cardinality(items) > 0) then
    problems := problems || jsonb_build_object('field', 'scope', 'message', 'A full count covers the whole warehouse: choose no locations or items');
  elsif kind = 'cycle_count' and cardinality(locations) = 0 then
    problems := problems || jsonb_build_object('field', 'scope.location_ids', 'message', 'Choose at least one location to count');
  elsif kind = 'spot_check' and cardinality(locations) = 0 and cardinality(items) = 0 then
    problems := problems || jsonb_build_object('field', 'scope', 'message', 'Choose at least one location or item to check');
  end if;

  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  if not ('manages' = any (private.inventory_audit_move_conditions(warehouse))) then
    raise exception using errcode = '42501', message = 'Only admins, supervisors and managers of this warehouse can plan an audit';
  end if;

  insert into public.inventory_audits (tenant_id, warehouse_id, audit_type, scheduled_date, notes,
    scope_location_ids, scope_item_ids, created_by)
  values (tenant, warehouse, kind, scheduled, note_text, locations, items,
    (select p.id from public.profiles p where p.id = auth.uid() and p.tenant_id = tenant))
  returning * into a;
  perform private.append_inventory_audit_event(a, null, null);
  return jsonb_build_object('message', 'Audit created successfully', 'audit', to_jsonb(a));
end;
$function$;

-- public.create_order_conversation(delivery_id uuid)
CREATE OR REPLACE FUNCTION public.create_order_conversation(delivery_id uuid)
 RETURNS conversations
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  d public.deliveries;
  c public.conversations;
  panel text := private.current_panel_type();
begin
  select x.* into d from public.deliveries x where x.id = create_order_conversation.delivery_id;
  if d.id is null or not private.is_tenant_member(d.tenant_id)
    or not (private.is_staff_panel(panel) or (panel = 'customer' and d.customer_id = auth.uid())) then
    perform private.not_found('Delivery not found');
  end if;
  select x.* into c from public.conversations x
  where x.delivery_id = d.id and x.type = 'order' and not x.is_archived;
  if c.id is null then
    insert into public.conversations (tenant_id, type, title, metadata, delivery_id, created_by)
    values (d.tenant_id, 'order', 'Order ' || d.delivery_code,
      jsonb_build_object('orderId', d.id, 'source', case when panel = 'customer' then 'customer_dashboard' else 'dispatcher_panel' end),
      d.id, auth.uid())
    on conflict (delivery_id) where type = 'order' and not is_archived do nothing
    returning * into c;
    if c.id is null then
      -- Opened at the same moment by another call: that one.
      select x.* into c from public.conversations x
      where x.delivery_id = d.id and x.type = 'order' and not x.is_archived;
    end if;
  end if;
  insert into public.conversation_participants (conversation_id, tenant_id, user_id, role)
  values (c.id, c.tenant_id, d.customer_id, 'customer')
  on conflict on constraint conversation_participants_conversation_user_key do nothing;
  insert into public.conversation_participants (conversation_id, tenant_id, user_id, role)
  values (c.id, c.tenant_id, auth.uid(), panel)
  on conflict on constraint conversation_participants_conversation_user_key do nothing;
  return c;
end;
$function$;

-- public.delivery_instructions(delivery_id uuid)
CREATE OR REPLACE FUNCTION public.delivery_instructions(delivery_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d public.deliveries;
  p public.customer_preferences;
  panel text := private.current_panel_type();
  address_note text;
begin
  select x.* into d from public.deliveries x where x.id = delivery_instructions.delivery_id;
  if d.id is null or not private.is_tenant_member(d.tenant_id)
    or not (
      private.is_staff_panel(panel)
      or (panel = 'driver' and d.driver_id = auth.uid())
      or (panel = 'customer' and d.customer_id = auth.uid())
    ) then
    raise exception using errcode = 'PT404', message = 'Delivery not found';
  end if;
  if d.dropoff_address_id is not null then
    select x.* into p from public.customer_preferences x
    where x.customer_id = d.customer_id and x.location_id = d.dropoff_address_id and x.is_active
    limit 1;
  end if;
  address_note := nullif(btrim(d.dropoff_address ->> 'delivery_instructions'), '');
  if p.id is null and address_note is null then
    return null;
  end if;
  return jsonb_strip_nulls(jsonb_build_object(
    'instructions', coalesce(nullif(btrim(p.delivery_instructions), ''), address_note),
    'address_instructions', case when p.id is not null and address_note is distinct from nullif(btrim(p.delivery_instructions), '') then address_note end,
    'signature_required', coalesce((p.delivery_options ->> 'signature_required')::boolean, false),
    'leave_at_door', (p.delivery_options ->> 'leave_at_door')::boolean,
    'leave_with_neighbor', (p.delivery_options ->> 'leave_with_neighbor')::boolean,
    'requires_appointment', coalesce((p.delivery_options ->> 'requires_appointment')::boolean, false),
    'authorized_receivers', coalesce(p.delivery_options -> 'authorized_receivers', '[]'::jsonb)
  ));
end;
$function$;

-- public.driver_cash_summary()
CREATE OR REPLACE FUNCTION public.driver_cash_summary()
 RETURNS TABLE(driver_id uuid, full_name text, avatar_url text, driver_status text, collected numeric, remitted numeric, outstanding numeric, shortfall numeric, outstanding_count integer, last_remitted_at timestamp with time zone, currency text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or not private.is_tenant_member(tenant) or not private.is_staff() then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can see drivers'' cash';
  end if;
  return query
  with cash as (
    select x.driver_id,
      sum(x.cod_amount) as collected,
      coalesce(sum(x.cod_amount) filter (where rd.id is null), 0) as outstanding,
      coalesce(sum(x.cod_amount) filter (where rd.id is not null), 0) as covered,
      count(*) filter (where rd.id is null)::integer as outstanding_count
    from public.deliveries x
    left join public.remittance_deliveries rd on rd.delivery_id = x.id
    where x.tenant_id = tenant and x.status = 'delivered' and x.cod_amount > 0 and x.driver_id is not null
    group by x.driver_id
  ),
  handed as (
    select r.driver_id, sum(r.amount) as remitted, max(r.recorded_at) as last_at
    from public.remittances r where r.tenant_id = tenant group by r.driver_id
  )
  select dr.id, p.full_name, p.avatar_url, dr.status,
    coalesce(c.collected, 0)::numeric, coalesce(h.remitted, 0)::numeric, coalesce(c.outstanding, 0)::numeric,
    (coalesce(c.covered, 0) - coalesce(h.remitted, 0))::numeric, coalesce(c.outstanding_count, 0),
    h.last_at, private.tenant_currency(tenant)
  from public.drivers dr
  join public.profiles p on p.id = dr.id
  left join cash c on c.driver_id = dr.id
  left join handed h on h.driver_id = dr.id
  where dr.tenant_id = tenant
  order by coalesce(c.outstanding, 0) desc, p.full_name;
end;
$function$;

-- public.next_pick_order_reference()
CREATE OR REPLACE FUNCTION public.next_pick_order_reference()
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or not private.is_staff(true) then
    raise exception using errcode = '42501', message = 'Sign in to create pick orders';
  end if;
  return private.next_tenant_code(tenant, 'pick_orders', 'PK');
end;
$function$;

-- public.put_back_return_request(return_request_id uuid, item_id uuid, bin_id uuid, quantity integer, condition text)
CREATE OR REPLACE FUNCTION public.put_back_return_request(return_request_id uuid, item_id uuid, bin_id uuid, quantity integer, condition text DEFAULT 'available'::text)
 RETURNS inventory_transactions
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  r public.return_requests;
  warehouse uuid;
  warehouse_name text;
begin
  if private.current_tenant_id() is null then
    raise exception using errcode = '42501', message = 'Sign in to put returns into stock';
  end if;
  select x.* into r from public.return_requests x
  where x.id = put_back_return_request.return_request_id
    and x.tenant_id = private.current_tenant_id()
    and private.is_staff()
  for update;
  if r.id is null then
    perform private.not_found('Return request not found');
  end if;
  if r.status <> 'received' then
    perform private.validation_error('status', format('Only a received return request can be put back into stock; this one is %s',
      replace(r.status, '_', ' ')));
  end if;
  if put_back_return_request.condition is null or put_back_return_request.condition not in ('available', 'damaged') then
    perform private.validation_error('condition', 'Condition must be available or damaged');
  end if;
  if put_back_return_request.bin_id is null then
    perform private.validation_error('bin_id', 'Bin is required');
  end if;
  select l.warehouse_id into warehouse from public.warehouse_locations l
  where l.id = put_back_return_request.bin_id and l.tenant_id = r.tenant_id;
  if warehouse is null then
    perform private.validation_error('bin_id', 'Bin not found');
  end if;
  if r.warehouse_id is not null and warehouse <> r.warehouse_id then
    select w.name into warehouse_name from public.warehouses w where w.id = r.warehouse_id;
    perform private.validation_error('bin_id', format('Choose a bin of %s, where this return was received', warehouse_name));
  end if;
  return public.record_inventory_transaction(
    transaction_type => 'return',
    item_id => put_back_return_request.item_id,
    warehouse_id => warehouse,
    quantity => put_back_return_request.quantity,
    to_bin_id => put_back_return_request.bin_id,
    stock_status => put_back_return_request.condition,
    reason => 'Return ' || r.return_code,
    reference_type => 'return_request',
    reference_id => r.id);
end;
$function$;

-- public.quote(pickup_lat double precision, pickup_lng double precision, dropoff_lat double precision, dropoff_lng double precision, service_id uuid, weight_kg numeric, ready_at timestamp with time zone)
CREATE OR REPLACE FUNCTION public.quote(pickup_lat double precision, pickup_lng double precision, dropoff_lat double precision, dropoff_lng double precision, service_id uuid, weight_kg numeric, ready_at timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or not private.is_staff() then
    raise exception 'You do not have permission to quote deliveries'
      using errcode = '42501', hint = 'Only the admins and dispatchers of a tenant may quote.';
  end if;
  return private.quote_for(tenant, pickup_lat, pickup_lng, dropoff_lat, dropoff_lng, service_id, weight_kg, coalesce(ready_at, now()));
end;
$function$;

-- public.record_remittance(driver_id uuid, delivery_ids uuid[], amount numeric, method text, note text, discrepancy_reason text)
CREATE OR REPLACE FUNCTION public.record_remittance(driver_id uuid, delivery_ids uuid[], amount numeric, method text, note text DEFAULT ''::text, discrepancy_reason text DEFAULT NULL::text)
 RETURNS remittances
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  tenant uuid := private.current_tenant_id();
  problems jsonb := '[]'::jsonb;
  ids uuid[];
  total numeric(12, 2);
  reason text := nullif(btrim(coalesce(record_remittance.discrepancy_reason, '')), '');
  body text := btrim(coalesce(record_remittance.note, ''));
  found_count integer;
  d record;
  result public.remittances;
begin
  if tenant is null or not private.is_tenant_member(tenant) or not private.is_staff() then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can record remittances';
  end if;

  if record_remittance.driver_id is null then
    problems := problems || jsonb_build_object('field', 'driver_id', 'message', 'Choose a driver');
  elsif not exists (select 1 from public.drivers r where r.id = record_remittance.driver_id and r.tenant_id = tenant) then
    problems := problems || jsonb_build_object('field', 'driver_id', 'message', 'Driver not found');
  end if;

  select coalesce(array_agg(distinct x), '{}') into ids from unnest(coalesce(record_remittance.delivery_ids, '{}')) x where x is not null;
  if cardinality(ids) = 0 then
    problems := problems || jsonb_build_object('field', 'delivery_ids', 'message', 'Choose at least one delivery');
  elsif cardinality(ids) > 500 then
    problems := problems || jsonb_build_object('field', 'delivery_ids', 'message', 'Choose at most 500 deliveries');
  elsif cardinality(ids) <> cardinality(record_remittance.delivery_ids) then
    problems := problems || jsonb_build_object('field', 'delivery_ids', 'message', 'Each delivery may be listed once');
  else
    -- Locked, so two dispatchers remitting the same delivery at once wait for each other.
    found_count := 0;
    for d in
      select x.id, x.delivery_code, x.status, x.driver_id, x.cod_amount,
        exists (select 1 from public.remittance_deliveries rd where rd.delivery_id = x.id) as remitted
      from public.deliveries x
      where x.id = any (ids) and x.tenant_id = tenant
      order by x.delivery_code
      for update of x
    loop
      found_count := found_count + 1;
      if d.status <> 'delivered' then
        problems := problems || jsonb_build_object('field', 'delivery_ids', 'message', d.delivery_code || ' is not delivered');
      elsif d.driver_id is distinct from record_remittance.driver_id then
        problems := problems || jsonb_build_object('field', 'delivery_ids', 'message', d.delivery_code || ' was not delivered by this driver');
      elsif d.cod_amount <= 0 then
        problems := problems || jsonb_build_object('field', 'delivery_ids', 'message', d.delivery_code || ' has no cash on delivery');
      elsif d.remitted then
        problems := problems || jsonb_build_object('field', 'delivery_ids', 'message', d.delivery_code || ' is already remitted');
      end if;
    end loop;
    if found_count < cardinality(ids) then
      problems := problems || jsonb_build_object('field', 'delivery_ids', 'message',
        case when cardinality(ids) - found_count = 1 then 'A delivery was not found' else (cardinality(ids) - found_count) || ' deliveries were not found' end);
    end if;
  end if;

  if record_remittance.amount is null then
    problems := problems || jsonb_build_object('field', 'amount', 'message', 'Enter the amount');
  elsif record_remittance.amount = 'NaN'::numeric or record_remittance.amount < 0 then
    problems := problems || jsonb_build_object('field', 'amount', 'message', 'The amount must be 0 or more');
  elsif record_remittance.amount >= 10000000000 then
    problems := problems || jsonb_build_object('field', 'amount', 'message', 'The amount is too large');
  elsif record_remittance.amount <> round(record_remittance.amount, 2) then
    problems := problems || jsonb_build_object('field', 'amount', 'message', 'Enter the amount with at most 2 decimals');
  elsif jsonb_array_length(problems) = 0 then
    select coalesce(sum(x.cod_amount), 0) into total from public.deliveries x where x.id = any (ids);
    if record_remittance.amount <> total and reason is null then
      problems := problems
        || jsonb_build_object('field', 'amount', 'message', 'The amount must equal the cash of the chosen deliveries (' || to_char(total, 'FM999999999990.00') || ') unless a discrepancy reason is given')
        || jsonb_build_object('field', 'discrepancy_reason', 'message', 'Give the reason the amount differs from the deliveries'' cash');
    end if;
  end if;

  if record_remittance.method is null or record_remittance.method not in ('cash', 'bank_transfer', 'card', 'other') then
    problems := problems || jsonb_build_object('field', 'method', 'message', 'Choose a method: cash, bank transfer, card or other');
  end if;
  if length(body) > 2000 then
    problems := problems || jsonb_build_object('field', 'note', 'message', 'The note must be at most 2000 characters');
  end if;
  if reason is not null and length(reason) > 500 then
    problems := problems || jsonb_build_object('field', 'discrepancy_reason', 'message', 'The reason must be at most 500 characters');
  end if;

  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;

  insert into public.remittances (tenant_id, reference_number, driver_id, recorded_by, amount, currency, method, note, discrepancy_reason)
  values (tenant,
    private.tenant_code_prefix(tenant) || '-R' || lpad(private.next_tenant_number(tenant, 'remittance')::text, 5, '0'),
    record_remittance.driver_id, auth.uid(), record_remittance.amount, private.tenant_currency(tenant),
    record_remittance.method, body, reason)
  returning * into result;

  insert into public.remittance_deliveries (tenant_id, remittance_id, delivery_id, cod_amount)
  select tenant, result.id, x.id, x.cod_amount from public.deliveries x where x.id = any (ids);

  return result;
end;
$function$;

-- public.respond_to_assignment(assignment_id uuid, accept boolean, reason text, occurred_at timestamp with time zone, idempotency_key text)
CREATE OR REPLACE FUNCTION public.respond_to_assignment(assignment_id uuid, accept boolean, reason text DEFAULT NULL::text, occurred_at timestamp with time zone DEFAULT NULL::timestamp with time zone, idempotency_key text DEFAULT NULL::text)
 RETURNS assignments
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  a public.assignments;
  d public.deliveries;
  why text := nullif(btrim(respond_to_assignment.reason), '');
  at timestamptz := coalesce(respond_to_assignment.occurred_at, now());
begin
  select x.* into a from public.assignments x where x.id = respond_to_assignment.assignment_id for update;
  if a.id is null or not private.is_tenant_member(a.tenant_id)
    or (not private.is_staff() and a.driver_id is distinct from auth.uid()) then
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
$function$;

-- public.save_package_handoff(package_handoff_id uuid, handoff jsonb)
CREATE OR REPLACE FUNCTION public.save_package_handoff(package_handoff_id uuid, handoff jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v jsonb := coalesce(handoff, '{}'::jsonb);
  tenant uuid := private.current_tenant_id();
  panel text := private.current_panel_type();
  creating boolean := save_package_handoff.package_handoff_id is null;
  old public.package_handoffs;
  h public.package_handoffs;
  problems jsonb := '[]'::jsonb;
  uuid_re text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  warehouse uuid;
  delivery uuid;
  pick uuid;
  staff uuid;
  signature text := nullif(btrim(v ->> 'signature_url'), '');
  note_text text := nullif(btrim(v ->> 'notes'), '');
  target text := nullif(btrim(v ->> 'status'), '');
  refusal text;
begin
  if tenant is null or panel is null or not private.is_staff_panel(panel, true) then
    raise exception using errcode = '42501', message = 'Only admins and warehouse staff can hand over packages';
  end if;
  if jsonb_typeof(v) <> 'object' then
    perform private.validation_error('handoff', 'The handoff must be an object');
  end if;

  if not creating then
    select x.* into old from public.package_handoffs x
    where x.id = save_package_handoff.package_handoff_id and x.tenant_id = tenant and private.can_access_warehouse(x.warehouse_id)
    for update;
    if old.id is null then
      perform private.not_found('Package handoff not found');
    end if;
    if old.status = 'completed' then
      perform private.validation_error('status', 'A completed handoff cannot be changed');
    end if;
    warehouse := old.warehouse_id;
    if v ? 'status' and target is null then
      problems := problems || jsonb_build_object('field', 'status', 'message', 'Status is required');
    end if;
    target := coalesce(target, old.status);
    if target not in ('pending', 'in_progress', 'completed', 'cancelled') then
      problems := problems || jsonb_build_object('field', 'status', 'message', 'Status must be pending, in progress, completed or cancelled');
    elsif target <> old.status and not private.move_exists('package_handoff', target, old.status) then
      problems := problems || jsonb_build_object('field', 'status', 'message',
        format('A handoff that is %s cannot become %s', replace(old.status, '_', ' '), replace(target, '_', ' ')));
    else
      refusal := private.move_refusal('package_handoff', case when target = old.status then 'edit' else target end, old.status, panel,
        private.package_handoff_move_conditions(warehouse));
      if refusal is not null then
        raise exception using errcode = '42501', message = refusal;
      end if;
    end if;
    if v ? 'signature_url' and signature is null then
      problems := problems || jsonb_build_object('field', 'signature_url', 'message', 'Signature URL is required');
    end if;
    signature := coalesce(signature, case when v ? 'signature_url' then null else old.signature_url end);
    note_text := case when v ? 'notes' then note_text else old.notes end;
  else
    -- The warehouse: one the caller may access.
    if nullif(v ->> 'warehouse_id', '') is null then
      problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse is required');
    elsif (v ->> 'warehouse_id') !~* uuid_re or not exists (
      select 1 from public.warehouses w where w.id = (v ->> 'warehouse_id')::uuid and w.tenant_id = tenant
    ) or not private.can_access_warehouse((v ->> 'warehouse_id')::uuid) then
      problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse not found');
    else
      warehouse := (v ->> 'warehouse_id')::uuid;
    end if;
    if nullif(v ->> 'delivery_id', '') is null then
      problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'Delivery is required');
    elsif (v ->> 'delivery_id') !~* uuid_re or not exists (
      select 1 from public.deliveries d where d.id = (v ->> 'delivery_id')::uuid and d.tenant_id = tenant
    ) then
      problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'Delivery not found');
    elsif not exists (select 1 from public.deliveries d where d.id = (v ->> 'delivery_id')::uuid and d.status = 'assigned') then
      problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'Choose a delivery that is assigned to a driver');
    else
      delivery := (v ->> 'delivery_id')::uuid;
    end if;
    if nullif(v ->> 'picking_order_id', '') is null then
      problems := problems || jsonb_build_object('field', 'picking_order_id', 'message', 'Picking order is required');
    elsif (v ->> 'picking_order_id') !~* uuid_re or not exists (
      select 1 from public.pick_orders o where o.id = (v ->> 'picking_order_id')::uuid and o.tenant_id = tenant
        and o.status = 'completed' and o.warehouse_id is not distinct from warehouse
    ) then
      problems := problems || jsonb_build_object('field', 'picking_order_id', 'message', 'Choose a completed pick order of this warehouse');
    else
      pick := (v ->> 'picking_order_id')::uuid;
    end if;
    if nullif(v ->> 'warehouse_staff_id', '') is null then
      problems := problems || jsonb_build_object('field', 'warehouse_staff_id', 'message', 'Warehouse staff is required');
    elsif (v ->> 'warehouse_staff_id') !~* uuid_re or not exists (
      select 1 from public.warehouse_staff s where s.id = (v ->> 'warehouse_staff_id')::uuid and s.tenant_id = tenant
        and s.warehouse_id is not distinct from warehouse and s.active
    ) then
      problems := problems || jsonb_build_object('field', 'warehouse_staff_id', 'message', 'Choose a staff member of this warehouse');
    else
      staff := (v ->> 'warehouse_staff_id')::uuid;
    end if;
    if signature is null then
      problems := problems || jsonb_build_object('field', 'signature_url', 'message', 'Signature URL is required');
    end if;
  end if;

  -- The signature is a drawing uploaded to the warehouse's folder of the signatures bucket.
  if signature is not null and (creating or signature is distinct from old.signature_url) and warehouse is not null
    and (not starts_with(signature, tenant::text || '/' || warehouse::text || '/')
      or substr(signature, length(tenant::text || '/' || warehouse::text || '/') + 1) !~ '^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$') then
    problems := problems || jsonb_build_object('field', 'signature_url', 'message', 'The signature must be uploaded to this warehouse''s folder');
  end if;
  if length(coalesce(note_text, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'notes', 'message', 'Notes must be at most 2000 characters');
  end if;

  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;

  if creating then
    insert into public.package_handoffs (tenant_id, warehouse_id, delivery_id, picking_order_id, warehouse_staff_id,
      signature_url, notes, created_by)
    values (tenant, warehouse, delivery, pick, staff, signature, note_text,
      (select p.id from public.profiles p where p.id = auth.uid() and p.tenant_id = tenant))
    returning * into h;
    perform private.append_package_handoff_event(h, null);
  else
    update public.package_handoffs x set status = target, signature_url = signature, notes = note_text,
      completed_at = case when target = 'completed' then now() else null end
    where x.id = old.id
    returning * into h;
    if target <> old.status then
      perform private.append_package_handoff_event(h, old.status);
      if target = 'completed' then
        perform private.package_handoff_completed(h);
      end if;
    end if;
  end if;

  return jsonb_build_object('message', 'Package handoff submitted successfully',
    'package_handoff', (select to_jsonb(r) from public.package_handoff_rows r where r.id = h.id));
end;
$function$;

-- public.save_pick_order(pick_order_id uuid, "values" jsonb)
CREATE OR REPLACE FUNCTION public.save_pick_order(pick_order_id uuid, "values" jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v jsonb := save_pick_order."values";
  tenant uuid := private.current_tenant_id();
  old public.pick_orders;
  o public.pick_orders;
  creating boolean := save_pick_order.pick_order_id is null;
  problems jsonb := '[]'::jsonb;
  warehouse uuid;
  ref text;
  ext text;
  kind text;
  prio numeric;
  note_text text;
  picker_note text;
  assignee uuid;
  due date;
  lines jsonb;
  line jsonb;
  old_line public.pick_order_lines;
  i integer := 0;
  q numeric;
  pq numeric;
  conditions text[];
  header_changed boolean;
begin
  if tenant is null or not private.is_staff(true) then
    raise exception using errcode = '42501', message = 'Sign in to save pick orders';
  end if;
  if v is null or jsonb_typeof(v) <> 'object' then
    raise exception using errcode = '22023', message = 'The pick order values must be a JSON object';
  end if;
  if not creating then
    select x.* into old from public.pick_orders x
    where x.id = save_pick_order.pick_order_id and x.tenant_id = tenant and private.can_access_warehouse(x.warehouse_id)
    for update;
    if old.id is null then
      perform private.not_found('Pick order not found');
    end if;
    if not private.move_exists('pick_order', 'edit', old.status) and not private.move_exists('pick_order', 'pick', old.status) then
      perform private.validation_error('status', format('A pick order that is %s cannot be changed', old.status));
    end if;
  end if;

  -- The values, each from the input when given, else the stored one (or the default).
  begin
    warehouse := case when v ? 'warehouse_id' then nullif(v ->> 'warehouse_id', '')::uuid else old.warehouse_id end;
  exception when invalid_text_representation then
    perform private.validation_error('warehouse_id', 'Warehouse not found');
  end;
  ref := case when v ? 'reference_number' then btrim(coalesce(v ->> 'reference_number', '')) else old.reference_number end;
  ext := case when v ? 'external_reference' then nullif(btrim(coalesce(v ->> 'external_reference', '')), '') else old.external_reference end;
  kind := case when v ? 'order_type' then v ->> 'order_type' else coalesce(old.order_type, 'individual') end;
  note_text := case when v ? 'notes' then nullif(btrim(coalesce(v ->> 'notes', '')), '') else old.notes end;
  picker_note := case when v -> 'picking_progress' ? 'picker_notes'
    then nullif(btrim(coalesce(v #>> '{picking_progress,picker_notes}', '')), '') else old.picker_notes end;
  begin
    assignee := case when v ? 'assigned_to' then nullif(v ->> 'assigned_to', '')::uuid else old.assigned_to end;
  exception when invalid_text_representation then
    problems := problems || jsonb_build_object('field', 'assigned_to', 'message', 'Choose a staff member of this warehouse');
  end;
  begin
    due := case when v ? 'due_date' then nullif(v ->> 'due_date', '')::date else old.due_date end;
  exception when invalid_datetime_format or datetime_field_overflow then
    problems := problems || jsonb_build_object('field', 'due_date', 'message', 'Due date must be a date');
  end;

  -- Rights: the warehouse must be one the caller may access, then the machine decides.
  if warehouse is null then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse is required');
  elsif not exists (select 1 from public.warehouses w where w.id = warehouse and w.tenant_id = tenant)
    or not private.can_access_warehouse(warehouse) then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse not found');
  else
    conditions := private.pick_order_move_conditions(warehouse);
    if creating and not 'manages' = any (conditions) then
      raise exception using errcode = '42501', message = 'Only admins, supervisors and managers of this warehouse can create pick orders';
    end if;
  end if;
  if not creating then
    conditions := private.pick_order_move_conditions(old.warehouse_id);
    header_changed := warehouse is distinct from old.warehouse_id or ref is distinct from old.reference_number
      or ext is distinct from old.external_reference or kind is distinct from old.order_type
      or (v ? 'priority' and v -> 'priority' is distinct from to_jsonb(old.priority))
      or note_text is distinct from old.notes or assignee is distinct from old.assigned_to or due is distinct from old.due_date;
    if (old.status = 'pending' or header_changed) and not 'manages' = any (conditions) then
      raise exception using errcode = '42501', message = 'Only admins, supervisors and managers of this warehouse can change a pick order';
    end if;
    if old.status = 'in_progress' and not 'picks' = any (conditions) then
      raise exception using errcode = '42501', message = 'Only admins, pickers, supervisors and managers of this warehouse can pick';
    end if;
    if old.status = 'pending' and warehouse is distinct from old.warehouse_id and not v ? 'item_details' then
      problems := problems || jsonb_build_object('field', 'item_details', 'message', 'Choose the items again: the bins are the new warehouse''s');
    end if;
    if old.status = 'in_progress' and warehouse is distinct from old.warehouse_id then
      problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'The warehouse cannot change once picking has started');
    end if;
  end if;

  if v ? 'status' and v ->> 'status' is distinct from coalesce(old.status, 'pending') then
    problems := problems || jsonb_build_object('field', 'status', 'message', 'Start, complete or cancel the pick order to change its status');
  end if;
  if creating and (not v ? 'reference_number' or v -> 'reference_number' = 'null'::jsonb) then
    ref := private.next_tenant_code(tenant, 'pick_orders', 'PK');
  end if;
  if ref is null or ref = '' then
    problems := problems || jsonb_build_object('field', 'reference_number', 'message', 'Reference number is required');
  elsif length(ref) > 64 then
    problems := problems || jsonb_build_object('field', 'reference_number', 'message', 'Reference number must be at most 64 characters');
  elsif exists (select 1 from public.pick_orders x where x.tenant_id = tenant and x.reference_number = ref
      and x.id is distinct from old.id) then
    problems := problems || jsonb_build_object('field', 'reference_number', 'message', 'Reference number already exists');
  end if;
  if length(coalesce(ext, '')) > 100 then
    problems := problems || jsonb_build_object('field', 'external_reference', 'message', 'External reference must be at most 100 characters');
  end if;
  if kind is null or kind not in ('individual', 'batch', 'wave') then
    problems := problems || jsonb_build_object('field', 'order_type', 'message', 'Order type must be individual, batch or wave');
  end if;
  if v ? 'priority' then
    if jsonb_typeof(v -> 'priority') is distinct from 'number' or (v ->> 'priority')::numeric <> trunc((v ->> 'priority')::numeric)
      or (v ->> 'priority')::numeric not between 1 and 100 then
      problems := problems || jsonb_build_object('field', 'priority', 'message', 'Priority must be a whole number from 1 to 100');
    else
      prio := (v ->> 'priority')::numeric;
    end if;
  end if;
  if length(coalesce(note_text, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'notes', 'message', 'Notes must be at most 2000 characters');
  end if;
  if length(coalesce(picker_note, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'picking_progress.picker_notes', 'message', 'Picker notes must be at most 2000 characters');
  end if;
  if assignee is not null and assignee is distinct from old.assigned_to and not exists (
    select 1 from public.warehouse_staff s where s.warehouse_id = warehouse and s.user_id = assignee and s.active
  ) then
    problems := problems || jsonb_build_object('field', 'assigned_to', 'message', 'Choose a staff member of this warehouse');
  end if;
  if due is not null and due is distinct from old.due_date and due < current_date then
    problems := problems || jsonb_build_object('field', 'due_date', 'message', 'Due date cannot be before today');
  end if;

  -- The lines.
  lines := case when v ? 'item_details' then v -> 'item_details' end;
  if creating and lines is null then
    lines := '[]'::jsonb;
  end if;
  if lines is not null then
    if jsonb_typeof(lines) <> 'array' or jsonb_array_length(lines) = 0 then
      problems := problems || jsonb_build_object('field', 'item_details', 'message', 'Add at least one item');
    elsif jsonb_array_length(lines) > 200 then
      problems := problems || jsonb_build_object('field', 'item_details', 'message', 'At most 200 items');
    elsif not creating and old.status = 'in_progress' and jsonb_array_length(lines) <> (select count(*) from public.pick_order_lines l where l.pick_order_id = old.id) then
      problems := problems || jsonb_build_object('field', 'item_details', 'message', 'Items cannot be added or removed once picking has started');
    else
      for line in select value from jsonb_array_elements(lines) loop
        if jsonb_typeof(line) <> 'object' then
          problems := problems || jsonb_build_object('field', format('item_details.%s', i), 'message', 'An item must be an object');
          i := i + 1;
          continue;
        end if;
        if nullif(line ->> 'item_id', '') is null then
          problems := problems || jsonb_build_object('field', format('item_details.%s.item_id', i), 'message', 'Item is required');
        elsif (line ->> 'item_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.inventory_items it where it.id = (line ->> 'item_id')::uuid and it.tenant_id = tenant) then
          problems := problems || jsonb_build_object('field', format('item_details.%s.item_id', i), 'message', 'Item not found');
        end if;
        if nullif(line ->> 'bin_id', '') is null then
          problems := problems || jsonb_build_object('field', format('item_details.%s.bin_id', i), 'message', 'Bin is required');
        elsif (line ->> 'bin_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.warehouse_locations b where b.id = (line ->> 'bin_id')::uuid and b.warehouse_id = warehouse
            and b.location_type = 'bin' and (b.status = 'active' or (not creating and old.status = 'in_progress'))) then
          problems := problems || jsonb_build_object('field', format('item_details.%s.bin_id', i), 'message', 'Choose an active bin of this warehouse');
        end if;
        q := 1;
        if line ? 'quantity' and jsonb_typeof(line -> 'quantity') <> 'null' then
          if jsonb_typeof(line -> 'quantity') <> 'number' or (line ->> 'quantity')::numeric <> trunc((line ->> 'quantity')::numeric)
            or (line ->> 'quantity')::numeric not between 1 and 1000000 then
            problems := problems || jsonb_build_object('field', format('item_details.%s.quantity', i), 'message', 'Quantity must be a whole number above 0');
            q := null;
          else
            q := (line ->> 'quantity')::numeric;
          end if;
        end if;
        pq := 0;
        if line ? 'picked_quantity' and jsonb_typeof(line -> 'picked_quantity') <> 'null' then
          if jsonb_typeof(line -> 'picked_quantity') <> 'number' or (line ->> 'picked_quantity')::numeric <> trunc((line ->> 'picked_quantity')::numeric)
            or (line ->> 'picked_quantity')::numeric < 0 then
            problems := problems || jsonb_build_object('field', format('item_details.%s.picked_quantity', i), 'message', 'Picked quantity must be a whole number, 0 or more');
            pq := null;
          else
            pq := (line ->> 'picked_quantity')::numeric;
          end if;
        end if;
        if pq is not null and q is not null and pq > q then
          problems := problems || jsonb_build_object('field', format('item_details.%s.picked_quantity', i), 'message', 'Picked quantity cannot be more than the quantity');
        elsif (creating or old.status = 'pending') and pq is not null and pq > 0 then
          problems := problems || jsonb_build_object('field', format('item_details.%s.picked_quantity', i), 'message', 'Items are picked once the pick order is in progress');
        end if;
        if not creating and old.status = 'in_progress' then
          select l.* into old_line from public.pick_order_lines l where l.pick_order_id = old.id and l.position = i;
          if old_line.item_id::text is distinct from lower(line ->> 'item_id') or old_line.bin_id::text is distinct from lower(line ->> 'bin_id')
            or old_line.quantity is distinct from q::integer then
            problems := problems || jsonb_build_object('field', format('item_details.%s', i), 'message', 'Items cannot change once picking has started');
          elsif pq is not null and pq < old_line.picked_quantity then
            problems := problems || jsonb_build_object('field', format('item_details.%s.picked_quantity', i), 'message',
              format('Picked quantity cannot go below the %s already picked', old_line.picked_quantity));
          end if;
        end if;
        i := i + 1;
      end loop;
    end if;
  end if;

  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;

  if creating then
    insert into public.pick_orders (tenant_id, warehouse_id, reference_number, external_reference, order_type, priority,
      notes, picker_notes, assigned_to, due_date, created_by)
    values (tenant, warehouse, ref, ext, kind, coalesce(prio, 1)::integer, note_text, picker_note, assignee, due,
      (select p.id from public.profiles p where p.id = auth.uid() and p.tenant_id = tenant))
    returning * into o;
    perform private.append_pick_order_event(o, null, null);
  else
    update public.pick_orders x set warehouse_id = warehouse, reference_number = ref, external_reference = ext,
      order_type = kind, priority = coalesce(prio::integer, x.priority), notes = note_text, picker_notes = picker_note,
      assigned_to = assignee, due_date = due
    where x.id = old.id
    returning * into o;
  end if;

  if lines is not null then
    if creating or old.status = 'pending' then
      delete from public.pick_order_lines l where l.pick_order_id = o.id;
      insert into public.pick_order_lines (tenant_id, pick_order_id, warehouse_id, position, item_id, bin_id, quantity)
      select tenant, o.id, o.warehouse_id, (t.n - 1)::integer, (t.e ->> 'item_id')::uuid, (t.e ->> 'bin_id')::uuid,
        coalesce((t.e ->> 'quantity')::integer, 1)
      from jsonb_array_elements(lines) with ordinality as t(e, n);
    else
      -- Picks: each line's growth comes out of its reservation, in one lock order (the balances'
      -- ids) for all of the order's bins.
      perform 1 from public.inventory_stock s
      where s.status = 'available' and (s.item_id, s.bin_id) in (select l.item_id, l.bin_id from public.pick_order_lines l where l.pick_order_id = o.id)
      order by s.id for update;
      for old_line in select l.* from public.pick_order_lines l where l.pick_order_id = o.id order by l.position for update loop
        pq := coalesce((lines -> old_line.position ->> 'picked_quantity')::integer, old_line.picked_quantity);
        if pq > old_line.picked_quantity then
          perform private.pick_reserved_inventory(old_line.item_id, o.warehouse_id, old_line.bin_id,
            (pq - old_line.picked_quantity)::integer, 'pick_order', o.id);
          update public.pick_order_lines l set picked_quantity = pq::integer,
            reserved_quantity = l.reserved_quantity - (pq::integer - l.picked_quantity),
            status = case when pq = l.quantity then 'picked' else 'partially_picked' end
          where l.id = old_line.id;
        end if;
      end loop;
    end if;
  end if;

  return jsonb_build_object('message', case when creating then 'Pick order created successfully' else 'Pick order updated successfully' end,
    'pick_order', public.get_pick_order(o.id));
end;
$function$;

-- public.search_delivery_ids(term text)
CREATE OR REPLACE FUNCTION public.search_delivery_ids(term text)
 RETURNS SETOF uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  tenant uuid := private.current_tenant_id();
  q text := btrim(coalesce(term, ''));
  pattern text;
begin
  if tenant is null or not private.is_staff() or q = '' or length(q) > 100 then
    return;
  end if;
  pattern := '%' || replace(replace(replace(q, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return query
    select d.id from public.deliveries d
    where d.tenant_id = tenant
      and (
        d.delivery_code ilike pattern
        or d.external_reference_id ilike pattern
        or d.customer_id in (
          select p.id from public.profiles p where p.tenant_id = tenant and p.panel_type = 'customer' and p.full_name ilike pattern
        )
      )
    order by d.created_at desc
    limit 200;
end;
$function$;

-- public.set_conversation_archived(conversation_id uuid, archived boolean)
CREATE OR REPLACE FUNCTION public.set_conversation_archived(conversation_id uuid, archived boolean)
 RETURNS conversations
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.conversations;
begin
  select x.* into c from public.conversations x where x.id = set_conversation_archived.conversation_id;
  if c.id is null or not private.may_read_conversation(c.id) then
    raise exception using errcode = 'PT404', message = 'Conversation not found';
  end if;
  if not private.is_staff() then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can archive a conversation';
  end if;
  update public.conversations x set is_archived = coalesce(archived, false) where x.id = c.id returning * into c;
  return c;
end;
$function$;

-- public.set_driver_status(driver_id uuid, status text)
CREATE OR REPLACE FUNCTION public.set_driver_status(driver_id uuid, status text)
 RETURNS drivers
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d public.drivers;
  next_status text := status;
begin
  select * into d from public.drivers where id = driver_id for update;
  if d.id is null or not private.is_tenant_member(d.tenant_id)
    or not (d.id = auth.uid() or private.is_staff()) then
    raise exception using errcode = 'PT404', message = 'Driver not found';
  end if;
  if next_status is null or next_status not in ('offline', 'available', 'on_break') then
    raise exception using errcode = '23514', message = 'Validation failed',
      detail = jsonb_build_array(jsonb_build_object('field', 'status', 'message', 'Status must be offline, available or on_break'))::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  -- public.assignments comes with the deliveries migration (plpgsql resolves names when it runs).
  if next_status = 'available' and exists (
    select 1 from public.assignments a where a.driver_id = d.id and a.status = 'accepted'
  ) then
    next_status := 'busy';
  end if;
  update public.drivers set status = next_status where id = d.id returning * into d;
  return d;
end;
$function$;

-- public.transition_exception(exception_id uuid, status text, resolution_notes text, note text)
CREATE OR REPLACE FUNCTION public.transition_exception(exception_id uuid, status text, resolution_notes text DEFAULT NULL::text, note text DEFAULT NULL::text)
 RETURNS exceptions
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    and (private.is_staff_panel(panel) or (panel = 'driver' and e.reported_by = auth.uid()))
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
$function$;

-- public.transition_return_request(return_request_id uuid, status text, note text, refunded boolean, schedule_pickup boolean, warehouse_id uuid)
CREATE OR REPLACE FUNCTION public.transition_return_request(return_request_id uuid, status text, note text DEFAULT NULL::text, refunded boolean DEFAULT NULL::boolean, schedule_pickup boolean DEFAULT false, warehouse_id uuid DEFAULT NULL::uuid)
 RETURNS return_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    and (private.is_staff_panel(panel) or (panel = 'customer' and x.customer_id = auth.uid()))
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
$function$;

-- public.unassign_delivery(delivery_id uuid, reason text)
CREATE OR REPLACE FUNCTION public.unassign_delivery(delivery_id uuid, reason text DEFAULT NULL::text)
 RETURNS deliveries
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d public.deliveries;
  a public.assignments;
  origin text;
  why text := nullif(btrim(unassign_delivery.reason), '');
begin
  select x.* into d from public.deliveries x where x.id = unassign_delivery.delivery_id for update;
  if d.id is null or not private.is_tenant_member(d.tenant_id) or not private.is_staff() then
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
$function$;

-- public.unremitted_deliveries(driver_id uuid)
CREATE OR REPLACE FUNCTION public.unremitted_deliveries(driver_id uuid)
 RETURNS TABLE(id uuid, delivery_code text, delivered_at timestamp with time zone, cod_amount numeric, currency text, dropoff_address text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or not private.is_tenant_member(tenant) or not private.is_staff() then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can record remittances';
  end if;
  return query
  select x.id, x.delivery_code, x.delivered_at, x.cod_amount, x.currency, x.dropoff_address ->> 'full_address'
  from public.deliveries x
  where x.tenant_id = tenant and x.driver_id = unremitted_deliveries.driver_id and x.status = 'delivered' and x.cod_amount > 0
    and not exists (select 1 from public.remittance_deliveries rd where rd.delivery_id = x.id)
  order by x.delivered_at, x.delivery_code;
end;
$function$;

-- public.update_conversation_participants(conversation_id uuid, action text, user_ids uuid[], role text)
CREATE OR REPLACE FUNCTION public.update_conversation_participants(conversation_id uuid, action text, user_ids uuid[], role text DEFAULT 'member'::text)
 RETURNS SETOF conversation_participants
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.conversations;
begin
  select x.* into c from public.conversations x where x.id = update_conversation_participants.conversation_id;
  if c.id is null or not private.may_read_conversation(c.id) then
    raise exception using errcode = 'PT404', message = 'Conversation not found';
  end if;
  if not private.is_staff() then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can change who takes part';
  end if;
  if action is null or action not in ('add', 'remove') then
    perform private.validation_error('action', 'Action must be add or remove');
  end if;
  if user_ids is null or cardinality(user_ids) = 0 or cardinality(user_ids) > 50 then
    perform private.validation_error('user_ids', 'Choose 1 to 50 people');
  end if;
  if action = 'add' then
    if role is null or role not in ('admin', 'dispatcher', 'driver', 'customer', 'member') then
      perform private.validation_error('role', 'Role must be admin, dispatcher, driver, customer or member');
    end if;
    if exists (
      select 1 from unnest(user_ids) u
      where not exists (select 1 from public.profiles p where p.id = u and p.tenant_id = c.tenant_id and p.status = 'active')
    ) then
      perform private.validation_error('user_ids', 'Everyone added must be an active person of this business');
    end if;
    if c.type = 'order' and exists (
      select 1 from unnest(user_ids) u
      join public.profiles p on p.id = u
      where not private.is_staff_panel(p.panel_type)
        and not exists (select 1 from public.deliveries d where d.id = c.delivery_id and d.customer_id = u)
    ) then
      perform private.validation_error('user_ids', 'Only staff and the order''s customer can take part in an order conversation');
    end if;
    insert into public.conversation_participants (conversation_id, tenant_id, user_id, role)
    select c.id, c.tenant_id, u, update_conversation_participants.role from unnest(user_ids) u
    on conflict on constraint conversation_participants_conversation_user_key do update set role = excluded.role;
  else
    delete from public.conversation_participants p where p.conversation_id = c.id and p.user_id = any (user_ids);
  end if;
  return query select p.* from public.conversation_participants p where p.conversation_id = c.id;
end;
$function$;

-- Policies.

drop policy "addresses: own, and all of the tenant for its admins and dispatchers" on public.addresses;
create policy "addresses: own, and all of the tenant for its admins and dispatchers" on public.addresses
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      user_id = (select auth.uid())
      or (select private.is_staff())
    )
  );

drop policy "assignments: admins and dispatchers assign" on public.assignments;
create policy "assignments: admins and dispatchers assign" on public.assignments for insert to authenticated
  with check (tenant_id = (select private.current_tenant_id()) and (select private.is_staff()));

drop policy "assignments: admins and dispatchers edit" on public.assignments;
create policy "assignments: admins and dispatchers edit" on public.assignments for update to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.is_staff()))
  with check (tenant_id = (select private.current_tenant_id()) and (select private.is_staff()));

drop policy "assignments: staff read the tenant's, drivers their own" on public.assignments;
create policy "assignments: staff read the tenant's, drivers their own" on public.assignments
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.is_staff())
      or driver_id = (select auth.uid())
    )
  );

drop policy "conversation_support: admins and dispatchers read the tenant's" on public.conversation_support;
create policy "conversation_support: admins and dispatchers read the tenant's" on public.conversation_support
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.is_staff()));

drop policy "customer_preferences: admins and dispatchers of the tenant read all, customers their own" on public.customer_preferences;
create policy "customer_preferences: admins and dispatchers of the tenant read all, customers their own"
  on public.customer_preferences for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.is_staff())
      or customer_id = (select auth.uid())
    )
  );

drop policy "deliveries: admins and dispatchers add" on public.deliveries;
create policy "deliveries: admins and dispatchers add" on public.deliveries for insert to authenticated
  with check (tenant_id = (select private.current_tenant_id()) and (select private.is_staff()));

drop policy "deliveries: admins and dispatchers update" on public.deliveries;
create policy "deliveries: admins and dispatchers update" on public.deliveries for update to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.is_staff()))
  with check (tenant_id = (select private.current_tenant_id()) and (select private.is_staff()));

drop policy "delivery_services: admins and dispatchers read the tenant's, drivers its active ones" on public.delivery_services;
create policy "delivery_services: admins and dispatchers read the tenant's, drivers its active ones" on public.delivery_services
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.is_staff())
      or ((select private.current_panel_type()) = 'driver' and active)
    )
  );

drop policy "driver_positions: admins and dispatchers read the tenant's, a driver their own" on public.driver_positions;
create policy "driver_positions: admins and dispatchers read the tenant's, a driver their own" on public.driver_positions
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.is_staff())
      or driver_id = (select auth.uid())
    )
  );

drop policy "drivers: admins and dispatchers read the tenant's, a driver their own" on public.drivers;
create policy "drivers: admins and dispatchers read the tenant's, a driver their own" on public.drivers
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.is_staff())
      or id = (select auth.uid())
    )
  );

drop policy "exceptions: admins and dispatchers edit" on public.exceptions;
create policy "exceptions: admins and dispatchers edit" on public.exceptions for update to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.is_staff()))
  with check (tenant_id = (select private.current_tenant_id()) and (select private.is_staff()));

drop policy "exceptions: staff add, drivers for deliveries they carry" on public.exceptions;
create policy "exceptions: staff add, drivers for deliveries they carry" on public.exceptions
  for insert to authenticated
  with check (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.is_staff())
      or ((select private.current_panel_type()) = 'driver' and private.driver_carries(delivery_id))
    )
  );

drop policy "exceptions: staff read the tenant's, drivers those they raised" on public.exceptions;
create policy "exceptions: staff read the tenant's, drivers those they raised" on public.exceptions
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.is_staff())
      or (reported_by = (select auth.uid()) and (select private.current_panel_type()) = 'driver')
    )
  );

drop policy "inventory_items: admins and the dispatcher panel read" on public.inventory_items;
create policy "inventory_items: admins and the dispatcher panel read" on public.inventory_items
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (select private.is_staff(true))
  );

drop policy "profiles: own; the tenant's people as the caller's panel allows" on public.profiles;
create policy "profiles: own; the tenant's people as the caller's panel allows" on public.profiles
  for select to authenticated
  using (
    id = (select auth.uid())
    or (
      tenant_id = (select private.current_tenant_id())
      and (
        panel_type <> 'customer'
        or (select private.is_staff())
        or (
          panel_type = 'customer'
          and (select private.current_panel_type()) = 'driver'
          and private.is_customer_of_my_deliveries(id)
        )
      )
    )
  );

drop policy "remittances: admins and dispatchers read the tenant's, a driver their own" on public.remittances;
create policy "remittances: admins and dispatchers read the tenant's, a driver their own" on public.remittances
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.is_staff())
      or driver_id = (select auth.uid())
    )
  );

drop policy "return_requests: admins and dispatchers edit" on public.return_requests;
create policy "return_requests: admins and dispatchers edit" on public.return_requests for update to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.is_staff()))
  with check (tenant_id = (select private.current_tenant_id()) and (select private.is_staff()));

drop policy "return_requests: staff add, customers request their own" on public.return_requests;
create policy "return_requests: staff add, customers request their own" on public.return_requests
  for insert to authenticated
  with check (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.is_staff())
      or ((select private.current_panel_type()) = 'customer' and customer_id = (select auth.uid()))
    )
  );

drop policy "return_requests: staff read the tenant's, customers their own" on public.return_requests;
create policy "return_requests: staff read the tenant's, customers their own" on public.return_requests
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.is_staff())
      or (customer_id = (select auth.uid()) and (select private.current_panel_type()) = 'customer')
    )
  );

drop policy "suppliers: admins and dispatchers of the tenant read" on public.suppliers;
create policy "suppliers: admins and dispatchers of the tenant read" on public.suppliers for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (select private.is_staff(true))
  );

drop policy "support_acknowledgements: admins and dispatchers read the tenant's" on public.support_acknowledgements;
create policy "support_acknowledgements: admins and dispatchers read the tenant's" on public.support_acknowledgements
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.is_staff()));

drop policy "vehicles: admins and dispatchers of the tenant read" on public.vehicles;
create policy "vehicles: admins and dispatchers of the tenant read" on public.vehicles for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (select private.is_staff())
  );

drop policy "zone_pricing: admins and dispatchers of the tenant read" on public.zone_pricing;
create policy "zone_pricing: admins and dispatchers of the tenant read" on public.zone_pricing for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (select private.is_staff())
  );

drop policy "zones: admins and dispatchers read the tenant's, drivers its active ones" on public.zones;
create policy "zones: admins and dispatchers read the tenant's, drivers its active ones" on public.zones
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.is_staff())
      or ((select private.current_panel_type()) = 'driver' and active)
    )
  );

drop policy "inventory-labels bucket: admins and the dispatcher panel read their tenant's labels" on storage.objects;
create policy "inventory-labels bucket: admins and the dispatcher panel read their tenant's labels" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'inventory-labels'
    and (storage.foldername(name))[1] = (select private.current_tenant_id())::text
    and (select private.is_staff(true))
  );

drop policy "proofs bucket: staff remove" on storage.objects;
create policy "proofs bucket: staff remove" on storage.objects for delete to authenticated
  using (bucket_id = 'proofs' and private.may_use_proof_object(name, true) and (select private.is_staff()));

drop policy "tenants bucket: staff list their tenant's folder" on storage.objects;
create policy "tenants bucket: staff list their tenant's folder" on storage.objects for select to authenticated
  using (
    bucket_id = 'tenants'
    and (storage.foldername(name))[1] = (select private.current_tenant_id())::text
    and (select private.is_staff())
  );
