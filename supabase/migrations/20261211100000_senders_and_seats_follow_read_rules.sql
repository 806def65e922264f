-- Who may write to the admins, be assigned an exception or be seated in a conversation is decided
-- by what they may read (the read rules), not by the stored panel_type: a warehouse-only person
-- (panel 'dispatcher', seen as 'warehouse' by private.panel_type_of / current_panel_type, who
-- reads no delivery) was still admitted by the three checks below. Follows
-- 20261210500000_recipients_follow_read_rules.sql (who hears of a record).
--
--   public.notify_admins                 "Contact your admins" is the dispatcher's support page (spec
--                                        section 2: support on the dispatcher dashboard, which stays
--                                        with dispatchers): the sender must be a dispatcher as the rules
--                                        see them; others are refused, keyed support.contact_not_allowed.
--   private.exception_problems           the assignee must be staff who may read the exception's
--                                        delivery (exceptions.assignee_cannot_read for a warehouse-only
--                                        person; exceptions.assignee_not_staff as before otherwise).
--   public.update_conversation_participants  a person seated must be able to read the conversation's
--                                        subject (its delivery) by the read rules; an order
--                                        conversation stays with staff (by the rules) and its customer
--                                        (chat.participant_cannot_read, chat.order_participant_not_allowed).
--
-- private.may_read_delivery(person, delivery) asks the deliveries read policies for someone who is
-- not the caller, as private.may_access_warehouse does for warehouses (supabase/tests/
-- recipients_read_rules.sql checks it agrees with RLS for every person of both tenants).
-- public.reads_deliveries(profiles) is a computed field the app's staff pickers filter on, so they
-- offer only the people the database accepts.
-- Each function is written out whole from its current definition; only the rule in question changes.

-- Whether a person may read a delivery, by the deliveries read policies: an active member of its
-- tenant who is staff as the rules see them (the policy's "not a driver, a customer or
-- warehouse-only", written for the planner), or its customer, or a driver who carries or carried it.
create or replace function private.may_read_delivery(person uuid, delivery uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select coalesce(private.is_staff_panel(private.panel_type_of(person)), false)
      or d.customer_id = person
      or (
        private.panel_type_of(person) = 'driver'
        and (
          d.driver_id = person
          or exists (
            select 1 from public.assignments a
            where a.delivery_id = d.id and a.driver_id = person and a.status in ('accepted', 'completed')
          )
        )
      )
    from public.deliveries d
    join public.profiles p on p.id = person and p.tenant_id = d.tenant_id and p.status = 'active'
    where d.id = delivery
  ), false);
$$;
revoke all on function private.may_read_delivery(uuid, uuid) from public;

-- A computed field of profiles (PostgREST): whether the person is staff who reads the tenant's
-- deliveries as the rules see them (an admin or a dispatcher, not a warehouse-only person), so
-- "assign to" and "add people" pickers offer exactly who the database accepts. Answered only to
-- staff of the person's tenant (null otherwise).
create or replace function public.reads_deliveries(p public.profiles) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case when private.is_staff() and p.tenant_id = private.current_tenant_id()
    then coalesce(private.is_staff_panel(private.panel_type_of(p.id)), false) end;
$$;
revoke all on function public.reads_deliveries(public.profiles) from public, anon;
grant execute on function public.reads_deliveries(public.profiles) to authenticated, service_role;

-- "Contact your admins": dispatchers as the rules see them.
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
    problems := problems || jsonb_build_object('field', 'subject', 'message', 'Subject is required');
  elsif length(clean_subject) > 150 then
    problems := problems || jsonb_build_object('field', 'subject', 'message', 'Subject must be at most 150 characters');
  end if;
  if clean_body = '' then
    problems := problems || jsonb_build_object('field', 'body', 'message', 'Message is required');
  elsif length(clean_body) > 2000 then
    problems := problems || jsonb_build_object('field', 'body', 'message', 'Message must be at most 2000 characters');
  end if;
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  -- The sender's own rows, serialized per sender so two quick clicks cannot both pass the limit.
  perform pg_advisory_xact_lock(hashtextextended('admin_messages:' || me.id::text, 0));
  if (select count(*) from public.admin_messages m where m.sender_id = me.id and m.created_at > now() - interval '10 minutes') >= 5 then
    raise exception using errcode = 'PT429', message = 'Too many messages: wait a few minutes before writing to your admins again';
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

-- An exception's assignee is staff who may read its delivery.
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

  -- The assignee works the exception, so reads its delivery: staff as the rules see them, not a
  -- warehouse-only person of the dispatcher panel.
  if x.assigned_to is not null then
    select p.* into assignee from public.profiles p where p.id = x.assigned_to and p.tenant_id = x.tenant_id;
    if assignee.id is null or not private.is_staff_panel(assignee.panel_type) or assignee.status <> 'active' then
      problems := problems || private.problem('exceptions.assignee_not_staff', 'assigned_to', 'Assign it to an active admin or dispatcher of this business');
    elsif not coalesce(private.is_staff_panel(private.panel_type_of(assignee.id)), false)
      or (x.delivery_id is not null and not private.may_read_delivery(assignee.id, x.delivery_id)) then
      problems := problems || private.problem('exceptions.assignee_cannot_read', 'assigned_to',
        format('%s works in the warehouse only and cannot read this delivery: assign it to an admin or dispatcher', coalesce(assignee.full_name, 'This person')),
        jsonb_build_object('name', coalesce(assignee.full_name, 'This person')));
    end if;
  end if;

  if length(coalesce(x.resolution_notes, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'resolution_notes', 'message', 'Resolution notes must be at most 2000 characters');
  end if;
  return problems;
end;
$function$;

-- A person seated in a conversation may read its subject.
CREATE OR REPLACE FUNCTION public.update_conversation_participants(conversation_id uuid, action text, user_ids uuid[], role text DEFAULT 'member'::text)
 RETURNS SETOF conversation_participants
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
