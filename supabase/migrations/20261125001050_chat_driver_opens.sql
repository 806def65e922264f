-- Chat (20261125001030): a conversation a driver opens reaches dispatch.
--
-- Before, a driver who opened their delivery's chat first (the driver app's Chat button) was its
-- only participant: staff could read it, but only participants hear the `message` event on their
-- inbox topic, so nobody's unread count moved and the driver's question waited unseen. Now the
-- person who assigned the delivery (its active assignment's assigned_by), else whoever created the
-- delivery, takes part from the start when they are an active admin or dispatcher of the tenant,
-- the same way the dispatcher and the driver take part in a conversation dispatch opens.
-- Everything else is as before (20261125001030's create_delivery_conversation).

create or replace function public.create_delivery_conversation(delivery_id uuid) returns public.conversations
language plpgsql
security definer
set search_path = ''
as $$
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
    or not (panel in ('admin', 'dispatcher') or (panel = 'driver' and d.driver_id = auth.uid())) then
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
      where p.tenant_id = d.tenant_id and p.status = 'active' and p.panel_type in ('admin', 'dispatcher')
        and p.id = coalesce(
          (select a.assigned_by from public.assignments a
           where a.delivery_id = d.id and a.driver_id = d.driver_id and a.status in ('pending', 'accepted')
           order by a.assignment_time desc limit 1),
          d.created_by);
      if staff is null then
        select p.id, p.panel_type into staff, staff_panel from public.profiles p where p.id = d.created_by
          and p.tenant_id = d.tenant_id and p.status = 'active' and p.panel_type in ('admin', 'dispatcher');
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
$$;
revoke all on function public.create_delivery_conversation(uuid) from public, anon;
grant execute on function public.create_delivery_conversation(uuid) to authenticated, service_role;
