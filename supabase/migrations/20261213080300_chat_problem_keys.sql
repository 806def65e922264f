-- Conversations' refusals carry keys (supabase/README.md, "Refusals and their keys"): archiving one,
-- opening a delivery's conversation with its driver, changing who takes part, and a dispatcher's
-- message to the admins, so the chat screens and the "Contact admins" dialog show them in the user's
-- language.
--
-- Written out whole from their current definitions: public.set_conversation_archived
-- (20261203002100_staff_panel_rules.sql), public.create_delivery_conversation
-- (20261210500000_recipients_follow_read_rules.sql), public.update_conversation_participants and
-- public.notify_admins (20261211100000_senders_and_seats_follow_read_rules.sql). Only how refusals are
-- raised changes: the same SQLSTATE (PT404, 42501, PT429, 23514 'Validation failed'), MESSAGE, fields
-- and English words; grants as 20261125001030_chat.sql and 20261125001180_admin_messages.sql gave them.
-- Params: {min} and {max} of the counts and lengths.

create or replace function public.set_conversation_archived(conversation_id uuid, archived boolean) returns public.conversations
language plpgsql
security definer
set search_path = ''
as $$
declare
  c public.conversations;
begin
  select x.* into c from public.conversations x where x.id = set_conversation_archived.conversation_id;
  if c.id is null or not private.may_read_conversation(c.id) then
    perform private.raise_problems(jsonb_build_array(private.problem('chat.conversation_not_found', null, 'Conversation not found')),
      'PT404', 'Conversation not found');
  end if;
  if not private.is_staff() then
    perform private.raise_problems(jsonb_build_array(private.problem('chat.archive_not_allowed', null,
      'Only admins and dispatchers can archive a conversation')), '42501', 'Only admins and dispatchers can archive a conversation');
  end if;
  update public.conversations x set is_archived = coalesce(archived, false) where x.id = c.id returning * into c;
  return c;
end;
$$;
revoke all on function public.set_conversation_archived(uuid, boolean) from public, anon;
grant execute on function public.set_conversation_archived(uuid, boolean) to authenticated, service_role;

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
    or not (private.is_staff_panel(panel) or (panel = 'driver' and d.driver_id = auth.uid())) then
    perform private.raise_problems(jsonb_build_array(private.problem('chat.delivery_not_found', null, 'Delivery not found')),
      'PT404', 'Delivery not found');
  end if;
  if d.driver_id is null then
    perform private.raise_problem('chat.delivery_no_driver', 'delivery_id', 'This delivery has no driver to talk to yet');
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
$$;
revoke all on function public.create_delivery_conversation(uuid) from public, anon;
grant execute on function public.create_delivery_conversation(uuid) to authenticated, service_role;

CREATE OR REPLACE FUNCTION public.update_conversation_participants(conversation_id uuid, action text, user_ids uuid[], role text DEFAULT 'member'::text)
 RETURNS SETOF public.conversation_participants
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.conversations;
  refused record;
begin
  select x.* into c from public.conversations x where x.id = update_conversation_participants.conversation_id;
  if c.id is null or not private.may_read_conversation(c.id) then
    perform private.raise_problems(jsonb_build_array(private.problem('chat.conversation_not_found', null, 'Conversation not found')),
      'PT404', 'Conversation not found');
  end if;
  if not private.is_staff() then
    perform private.raise_problems(jsonb_build_array(private.problem('chat.participants_not_allowed', null,
      'Only admins and dispatchers can change who takes part')), '42501', 'Only admins and dispatchers can change who takes part');
  end if;
  if action is null or action not in ('add', 'remove') then
    perform private.raise_problem('chat.participants_action_invalid', 'action', 'Action must be add or remove');
  end if;
  if user_ids is null or cardinality(user_ids) = 0 or cardinality(user_ids) > 50 then
    perform private.raise_problem('chat.participants_count', 'user_ids', 'Choose 1 to 50 people', jsonb_build_object('min', 1, 'max', 50));
  end if;
  if action = 'add' then
    if role is null or role not in ('admin', 'dispatcher', 'driver', 'customer', 'member') then
      perform private.raise_problem('chat.participant_role_invalid', 'role', 'Role must be admin, dispatcher, driver, customer or member');
    end if;
    if exists (
      select 1 from unnest(user_ids) u
      where not exists (select 1 from public.profiles p where p.id = u and p.tenant_id = c.tenant_id and p.status = 'active')
    ) then
      perform private.raise_problem('chat.participant_not_active', 'user_ids', 'Everyone added must be an active person of this business');
    end if;
    -- An order conversation: staff as the rules see them and the order's customer.
    if c.type = 'order' and exists (
      select 1 from unnest(user_ids) u
      where not coalesce(private.is_staff_panel(private.panel_type_of(u)), false)
        and not exists (select 1 from public.deliveries d where d.id = c.delivery_id and d.customer_id = u)
    ) then
      perform private.raise_problem('chat.order_participant_not_allowed', 'user_ids',
        'Only staff and the order''s customer can take part in an order conversation');
    end if;
    -- Everyone seated reads what the conversation is about (a warehouse-only person reads no delivery).
    select p.full_name, d.delivery_code into refused
    from unnest(user_ids) with ordinality u(id, n)
    join public.profiles p on p.id = u.id
    left join public.deliveries d on d.id = c.delivery_id
    where not (coalesce(private.is_staff_panel(private.panel_type_of(u.id)), false)
      or (c.delivery_id is not null and private.may_read_delivery(u.id, c.delivery_id)))
    order by u.n limit 1;
    if found then
      perform private.raise_problem('chat.participant_cannot_read', 'user_ids',
        format('%s cannot read %s, so cannot take part in its conversation', coalesce(refused.full_name, 'Someone added'), coalesce(refused.delivery_code, 'its delivery')),
        jsonb_build_object('name', coalesce(refused.full_name, 'Someone added'), 'code', coalesce(refused.delivery_code, '')));
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
revoke all on function public.update_conversation_participants(uuid, text, uuid[], text) from public, anon;
grant execute on function public.update_conversation_participants(uuid, text, uuid[], text) to authenticated, service_role;

CREATE OR REPLACE FUNCTION public.notify_admins(subject text, body text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  tenant uuid := private.current_tenant_id();
  me public.profiles;
  problems jsonb := '[]'::jsonb;
  clean_subject text := btrim(coalesce(notify_admins.subject, ''));
  clean_body text := btrim(coalesce(notify_admins.body, ''));
  msg public.admin_messages;
  sent integer;
  link text;
begin
  select p.* into me from public.profiles p where p.id = auth.uid() and p.tenant_id = tenant and p.status = 'active';
  -- A dispatcher as the rules see them: not a warehouse-only person of the dispatcher panel.
  if me.id is null or private.panel_type_of(me.id) is distinct from 'dispatcher' then
    perform private.raise_problems(
      jsonb_build_array(private.problem('support.contact_not_allowed', null, 'Only dispatchers can contact the admins here')),
      '42501', 'Only dispatchers can contact the admins here');
  end if;
  if clean_subject = '' then
    problems := problems || private.problem('support.subject_required', 'subject', 'Subject is required');
  elsif length(clean_subject) > 150 then
    problems := problems || private.problem('support.subject_too_long', 'subject', 'Subject must be at most 150 characters',
      jsonb_build_object('max', 150));
  end if;
  if clean_body = '' then
    problems := problems || private.problem('support.body_required', 'body', 'Message is required');
  elsif length(clean_body) > 2000 then
    problems := problems || private.problem('support.body_too_long', 'body', 'Message must be at most 2000 characters',
      jsonb_build_object('max', 2000));
  end if;
  perform private.raise_problems(problems);
  -- The sender's own rows, serialized per sender so two quick clicks cannot both pass the limit.
  perform pg_advisory_xact_lock(hashtextextended('admin_messages:' || me.id::text, 0));
  if (select count(*) from public.admin_messages m where m.sender_id = me.id and m.created_at > now() - interval '10 minutes') >= 5 then
    perform private.raise_problems(jsonb_build_array(private.problem('support.too_many_messages', null,
      'Too many messages: wait a few minutes before writing to your admins again')),
      'PT429', 'Too many messages: wait a few minutes before writing to your admins again');
  end if;

  select '/' || t.slug || '/admin/users/' || me.id::text || '/detail' into link from public.tenants t where t.id = tenant;
  insert into public.notifications (tenant_id, user_id, title, body, link)
  select tenant, p.id, left(me.full_name || ': ' || clean_subject, 200), clean_body, link
  from public.profiles p
  where p.tenant_id = tenant and p.panel_type = 'admin' and p.status = 'active';
  get diagnostics sent = row_count;

  insert into public.admin_messages (tenant_id, sender_id, sender_name, subject, body, recipients)
  values (tenant, me.id, me.full_name, clean_subject, clean_body, sent)
  returning * into msg;
  return jsonb_build_object('id', msg.id, 'recipients', sent);
end;
$function$;
revoke all on function public.notify_admins(text, text) from public, anon;
grant execute on function public.notify_admins(text, text) to authenticated, service_role;
