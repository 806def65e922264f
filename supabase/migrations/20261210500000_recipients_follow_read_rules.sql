-- Who hears of a record is who may read it: alerts and webhook fan-out choose their recipients by
-- the rule that reads the record they are about, not by the profile's panel_type.
--
-- Warehouse-only people keep panel_type 'dispatcher' (the app opens that panel for their warehouse
-- section); the rules see them as 'warehouse' (private.current_panel_type(), 20261202004000) and they
-- read no delivery, no order conversation, no assignment, return or exception. The functions below
-- picked recipients by the stored panel, so they still told them about those records:
--   private.track_order_message      a customer's message: "the dispatchers" were panel_type 'dispatcher';
--   private.webhook_fan_out          an event went to every staff *panel* (admin, dispatcher), so a
--                                    warehouse-only subscriber got deliveries, assignments, returns and
--                                    exceptions, and a dispatcher got pick orders, receive orders,
--                                    handoffs and audits of warehouses they may not access;
--   public.create_delivery_conversation  a driver's chat took in "dispatch" (the assigner, else the
--                                    creator) by stored panel; a participant reads a driver conversation;
--   private.notify_delivery_change   a failure was told to its assigner whatever they read now;
--   private.package_handoff_completed  the assigner was told of the handoff whatever they read now;
--   private.check_reorder_points     a warehouse's managers were told of its stock even where its access
--                                    mode keeps them out (stock is read through can_access_warehouse).
-- Each is written out whole from its current definition; only the recipient choice changes.
--
-- Two person-level readers make "may this person read it" askable for someone who is not the caller:
-- private.panel_type_of(person) answers as private.current_panel_type() does for the caller, and
-- private.may_access_warehouse(person, warehouse) as private.can_access_warehouse(warehouse) does
-- (supabase/tests/recipients_read_rules.sql checks both agree with the caller's versions for every
-- person of both tenants). The caller's versions stay as they are: policies call them per row.

-- A person's panel as the rules see it: their profile's panel_type, 'warehouse' for a warehouse-only
-- person, null without an active profile (as private.current_panel_type() answers for its caller).
create or replace function private.panel_type_of(person uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case when private.is_warehouse_only(p.id) then 'warehouse' else p.panel_type end
  from public.profiles p where p.id = person and p.status = 'active';
$$;
revoke all on function private.panel_type_of(uuid) from public;

-- Whether a person may access a warehouse, by private.can_access_warehouse's rule: an active member
-- of its tenant who is an admin there, or has an active staff row in it that its access mode lets in.
create or replace function private.may_access_warehouse(person uuid, warehouse uuid) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  w record;
  panel text;
begin
  if person is null or warehouse is null then
    return false;
  end if;
  select x.tenant_id, x.access_mode, x.user_ids into w from public.warehouses x where x.id = warehouse;
  if not found then
    return false;
  end if;
  select p.panel_type into panel from public.profiles p where p.id = person and p.tenant_id = w.tenant_id and p.status = 'active';
  if not found then
    return false;
  end if;
  if panel = 'admin' then
    return true;
  end if;
  if not exists (
    select 1 from public.warehouse_staff s where s.warehouse_id = warehouse and s.user_id = person and s.active
  ) then
    return false;
  end if;
  return case w.access_mode
    when 'all_users' then true
    when 'select_users' then person = any (w.user_ids)
    when 'exclude_users' then not (person = any (w.user_ids))
    else false
  end;
end;
$$;
revoke all on function private.may_access_warehouse(uuid, uuid) from public;

-- Whether a webhook event's record is one its subscriber may read, by the read policy of the
-- record's table: the warehouse modules' records by the warehouse's access (receive orders also
-- need a staff panel, floor admitted: private.may_read_receive_order); the others (deliveries,
-- assignments, return requests, exceptions) by the staff rule, or the customer's own (the event's
-- customer_id). `warehouse` is the record's warehouse_id as the event carries it. A module added
-- later with a warehouse is added to the first list here.
create or replace function private.may_read_webhook_event(person uuid, module text, customer uuid, warehouse uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(case
    when module in ('pick_orders', 'package_handoffs', 'inventory_audits') then
      private.may_access_warehouse(person, warehouse)
    when module = 'receive_orders' then
      private.is_staff_panel(private.panel_type_of(person), true) and private.may_access_warehouse(person, warehouse)
    else
      private.is_staff_panel(private.panel_type_of(person))
        or (private.panel_type_of(person) = 'customer' and customer = person)
  end, false);
$$;
revoke all on function private.may_read_webhook_event(uuid, text, uuid, uuid) from public;

-- A customer's message notifies the dispatchers who read it.
create or replace function private.track_order_message()
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
  -- keeps writing notifies dispatch once every 10 minutes. Dispatch is the dispatchers as the rules
  -- see them: staff, who read order conversations; not warehouse-only people of the dispatcher panel.
  if current_setting('role', true) in ('authenticated', 'anon', 'service_role')
    and (opened or s.notified_at is null or s.notified_at < now() - interval '10 minutes') then
    select p.full_name into customer_name from public.profiles p where p.id = d.customer_id;
    for dispatcher in
      select p.id, t.slug from public.profiles p join public.tenants t on t.id = p.tenant_id
      where p.tenant_id = c.tenant_id and p.status = 'active' and p.panel_type = 'dispatcher'
        and private.panel_type_of(p.id) = 'dispatcher'
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

-- An event reaches the subscriptions whose owner may read its record.
create or replace function private.webhook_fan_out(batch integer DEFAULT 500)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  due integer;
begin
  with events as (
    select e.id, e.tenant_id, e.module_id, e.event_type, e.customer_id, e.occurred_at,
      (e.payload -> 'data' ->> 'warehouse_id')::uuid as warehouse_id
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
      and private.may_read_webhook_event(p.id, e.module_id, e.customer_id, e.warehouse_id)
    on conflict (subscription_id, event_id) do nothing
  )
  update public.webhook_events e set fanned_out_at = now() from events where e.id = events.id;

  select count(*)::integer into due from public.webhook_deliveries d
  where d.status = 'pending' and d.next_attempt_at <= now();
  return due;
end;
$function$;

-- A driver's chat takes in dispatch only as staff who read the delivery.
create or replace function public.create_delivery_conversation(delivery_id uuid)
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
      -- Staff as the rules see them (a participant reads a driver conversation, so never a
      -- warehouse-only person, who reads no delivery).
      select p.id, private.panel_type_of(p.id) into staff, staff_panel
      from public.profiles p
      where p.tenant_id = d.tenant_id and p.status = 'active' and private.is_staff_panel(private.panel_type_of(p.id))
        and p.id = coalesce(
          (select a.assigned_by from public.assignments a
           where a.delivery_id = d.id and a.driver_id = d.driver_id and a.status in ('pending', 'accepted')
           order by a.assignment_time desc limit 1),
          d.created_by);
      if staff is null then
        select p.id, private.panel_type_of(p.id) into staff, staff_panel from public.profiles p where p.id = d.created_by
          and p.tenant_id = d.tenant_id and p.status = 'active' and private.is_staff_panel(private.panel_type_of(p.id));
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

-- A failure is told to the dispatchers and to its assigner while they read deliveries.
create or replace function private.notify_delivery_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  assigner uuid;
  dispatcher record;
begin
  if new.status = old.status then
    return null;
  end if;
  if new.status = 'picked_up' then
    perform private.notify(new.customer_id, 'Your delivery ' || new.delivery_code || ' is on its way',
      'Picked up and heading to ' || private.short_place(new.dropoff_address) || '.', new.id);
  elsif new.status = 'delivered' then
    perform private.notify(new.customer_id, 'Your delivery ' || new.delivery_code || ' was delivered',
      coalesce('Received by ' || nullif(new.proof ->> 'recipient_name', '') || '.', null), new.id);
  elsif new.status = 'failed' then
    perform private.notify(new.customer_id, 'We could not deliver ' || new.delivery_code,
      coalesce('Reason: ' || new.status_reason || '. We will be in touch to arrange another attempt.', null), new.id);
    select a.assigned_by into assigner from public.assignments a
    where a.delivery_id = new.id order by a.assignment_time desc limit 1;
    for dispatcher in
      select p.id from public.profiles p
      where p.tenant_id = new.tenant_id and p.status = 'active'
        and ((p.panel_type = 'dispatcher' and not private.is_warehouse_only(p.id))
          or (p.id = assigner and private.is_staff_panel(private.panel_type_of(p.id))))
    loop
      perform private.notify(dispatcher.id, new.delivery_code || ' failed',
        coalesce('Reason: ' || new.status_reason || '.', null), new.id);
    end loop;
  end if;
  return null;
end;
$function$;

-- A completed handoff is told to its assigner while they read deliveries.
create or replace function private.package_handoff_completed(h package_handoffs)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d public.deliveries;
  place text;
  assigner uuid;
begin
  select x.* into d from public.deliveries x where x.id = h.delivery_id;
  select w.name into place from public.warehouses w where w.id = h.warehouse_id;
  perform private.append_delivery_event(d, 'handed_over', d.status, h.completed_at, 'Packages ready at ' || place);
  select a.assigned_by into assigner from public.assignments a
  where a.delivery_id = d.id and a.status in ('pending', 'accepted') order by a.created_at desc limit 1;
  if d.driver_id is not null then
    perform private.notify(d.driver_id, 'Packages ready at ' || place,
      'The packages of ' || d.delivery_code || ' were handed over at ' || place || '.', d.id);
  end if;
  -- The assigner hears of it while they read deliveries (staff as the rules see them).
  if assigner is not null and assigner is distinct from d.driver_id and coalesce(private.is_staff_panel(private.panel_type_of(assigner)), false) then
    perform private.notify(assigner, 'Packages of ' || d.delivery_code || ' handed over',
      'At ' || place || ', ready for its driver.', d.id);
  end if;
end;
$function$;

-- A point crossed is told to the tenant's admins and to the managers who may access the warehouse.
create or replace function private.check_reorder_points()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  queued text := coalesce(current_setting('waypost.reorder_checks', true), '');
  points uuid[];
  rp public.inventory_reorder_points;
  on_hand integer;
  item public.inventory_items;
  place text;
  slug text;
begin
  if queued = '' then
    return null;
  end if;
  perform set_config('waypost.reorder_checks', '', true);
  points := array(select distinct split_part(e, ':', 1)::uuid from unnest(string_to_array(btrim(queued), ' ')) e);
  -- Every point at once, in one order, before any stock is read.
  perform 1 from public.inventory_reorder_points r where r.id = any (points) order by r.id for update;
  -- Each statement below reads what was committed before it began: after the locks, so after
  -- whoever held them committed.
  for rp in select r.* from public.inventory_reorder_points r where r.id = any (points) order by r.id loop
    select coalesce(sum(s.quantity), 0)::integer into on_hand from public.inventory_stock s
    where s.item_id = rp.item_id and s.warehouse_id = rp.warehouse_id and s.status = 'available';
    if on_hand >= rp.reorder_point then
      if rp.below_notified_at is not null then
        update public.inventory_reorder_points r set below_notified_at = null where r.id = rp.id;
      end if;
      continue;
    end if;
    if rp.below_notified_at is not null or position(' ' || rp.id::text || ':d' in queued) = 0 then
      continue;
    end if;
    update public.inventory_reorder_points r set below_notified_at = now() where r.id = rp.id;

    select i.* into item from public.inventory_items i where i.id = rp.item_id;
    select w.name into place from public.warehouses w where w.id = rp.warehouse_id;
    select t.slug into slug from public.tenants t where t.id = rp.tenant_id;
    insert into public.notifications (tenant_id, user_id, title, body, link)
    select p.tenant_id, p.id,
      left(format('%s is under its reorder point', item.name), 200),
      left(format('%s (%s) in %s: %s available, reorder point %s.', item.name, item.sku, place, on_hand, rp.reorder_point), 4000),
      case when p.panel_type = 'admin' then '/' || slug || '/admin/inventory-items/' || item.id::text || '/edit'
        else '/' || slug || '/dispatcher/floor' end
    from public.profiles p
    where p.tenant_id = rp.tenant_id and p.status = 'active'
      and (p.panel_type = 'admin'
        or (exists (
              select 1 from public.warehouse_staff s
              where s.user_id = p.id and s.tenant_id = p.tenant_id and s.warehouse_id = rp.warehouse_id
                and s.role = 'manager' and s.active)
            and private.may_access_warehouse(p.id, rp.warehouse_id)));
  end loop;
  return null;
end;
$function$;
