-- Customers message dispatch about an order (issues 11 and 12): chat's 'order' conversations.
--
-- A customer (individual or business) opens the conversation about one of their own deliveries with
-- create_order_conversation(delivery_id): one open conversation per delivery, reused, metadata
-- {orderId, source 'customer_dashboard'} (or 'dispatcher_panel' when staff open it), the customer
-- taking part from the start. Admins and dispatchers read every order conversation of the tenant
-- and take part once they write (send_message, as for driver conversations: participants, unread
-- counts). Drivers never read an order conversation, nor can anyone add a driver or another
-- customer to one; a customer reads only those about their own deliveries; anon nothing.
--
-- The support queue (/{slug}/dispatcher/support?view=messages) follows each customer conversation in
-- `conversation_support`, written only by the database:
--
--   a customer's message           none | resolved -> waiting (waiting_since = now); else the time moves
--   a staff member's answer         waiting -> acknowledged (by whoever answered)
--   acknowledge_order_conversation(conversation_id, note?)          waiting -> acknowledged
--   resolve_order_conversation(conversation_id, resolution_note)    waiting | acknowledged -> resolved
--
-- as acknowledge_failure / resolve_failure do for failed attempts (20261125001175): admins and
-- dispatchers only (42501), PT404 for a conversation the caller cannot see or one no customer has
-- written in, 23514 with a `status` detail naming who did it, `note` / `resolution_note` details.
-- A customer's message notifies the tenant's active dispatchers (public.notifications, live on each
-- one's topic), at most once per conversation every 10 minutes unless it opens or reopens it, so a
-- chatty customer does not flood them. Live on `tenant:<id>:conversation_support` for admins and
-- dispatchers; the queue reads the `support_conversations` view (security invoker).

-- One open order conversation per delivery (create_order_conversation reuses it).
create unique index conversations_open_order_key on public.conversations (delivery_id)
  where type = 'order' and not is_archived;

-- Who reads a conversation: the tenant's admins and dispatchers; otherwise its participants, except
-- that an order conversation is read only by the customer of its delivery (never by a driver, even
-- one added to it by hand before this rule).
create or replace function private.may_read_conversation(conversation uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.conversations c
    where c.id = conversation and private.is_tenant_member(c.tenant_id)
      and (
        private.current_panel_type() in ('admin', 'dispatcher')
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
$$;
revoke all on function private.may_read_conversation(uuid) from public;
grant execute on function private.may_read_conversation(uuid) to anon, authenticated;

create or replace function public.create_order_conversation(delivery_id uuid) returns public.conversations
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  d public.deliveries;
  c public.conversations;
  panel text := private.current_panel_type();
begin
  select x.* into d from public.deliveries x where x.id = create_order_conversation.delivery_id;
  if d.id is null or not private.is_tenant_member(d.tenant_id)
    or not (panel in ('admin', 'dispatcher') or (panel = 'customer' and d.customer_id = auth.uid())) then
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
$$;
revoke all on function public.create_order_conversation(uuid) from public, anon;
grant execute on function public.create_order_conversation(uuid) to authenticated, service_role;

-- 20261125001030's function, with one rule more: an order conversation takes in only the tenant's
-- active admins and dispatchers and the delivery's customer.
create or replace function public.update_conversation_participants(
  conversation_id uuid, action text, user_ids uuid[], role text default 'member'
) returns setof public.conversation_participants
language plpgsql
security definer
set search_path = ''
as $$
declare
  c public.conversations;
begin
  select x.* into c from public.conversations x where x.id = update_conversation_participants.conversation_id;
  if c.id is null or not private.may_read_conversation(c.id) then
    raise exception using errcode = 'PT404', message = 'Conversation not found';
  end if;
  if private.current_panel_type() not in ('admin', 'dispatcher') then
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
      where p.panel_type not in ('admin', 'dispatcher')
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
$$;
revoke all on function public.update_conversation_participants(uuid, text, uuid[], text) from public, anon;
grant execute on function public.update_conversation_participants(uuid, text, uuid[], text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The support state of customer conversations.

create table public.conversation_support (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null,
  tenant_id uuid not null references public.tenants (id),
  delivery_id uuid not null,
  customer_id uuid not null,
  state text not null default 'waiting',
  -- Since when the customer has waited for dispatch: their first message, or the one that reopened it.
  waiting_since timestamptz not null default now(),
  last_customer_message_at timestamptz not null default now(),
  acknowledged_by uuid,
  acknowledged_by_name text,
  acknowledged_at timestamptz,
  note text,
  resolved_by uuid,
  resolved_by_name text,
  resolved_at timestamptz,
  resolution_note text,
  -- When the dispatchers were last notified of this conversation (the 10-minute coalescing).
  notified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint conversation_support_conversation_key unique (conversation_id),
  constraint conversation_support_conversation_fkey foreign key (conversation_id, tenant_id)
    references public.conversations (id, tenant_id) on delete cascade,
  constraint conversation_support_delivery_fkey foreign key (delivery_id, tenant_id)
    references public.deliveries (id, tenant_id) on delete cascade,
  constraint conversation_support_customer_fkey foreign key (customer_id, tenant_id)
    references public.profiles (id, tenant_id) on delete cascade,
  constraint conversation_support_acknowledged_by_fkey foreign key (acknowledged_by) references public.profiles (id) on delete set null,
  constraint conversation_support_resolved_by_fkey foreign key (resolved_by) references public.profiles (id) on delete set null,
  constraint conversation_support_state_check check (state in ('waiting', 'acknowledged', 'resolved')),
  constraint conversation_support_acknowledged_check check ((state = 'waiting') = (acknowledged_at is null)),
  constraint conversation_support_resolved_check check (
    (state = 'resolved') = (resolved_at is not null)
    and (resolved_at is null) = (resolution_note is null)
    and (resolution_note is null or (btrim(resolution_note) <> '' and length(resolution_note) <= 2000))
  ),
  constraint conversation_support_note_check check (note is null or length(note) <= 1000)
);
create index conversation_support_tenant_id_idx on public.conversation_support (tenant_id, state, last_customer_message_at desc);
create index conversation_support_delivery_id_idx on public.conversation_support (delivery_id);
create index conversation_support_customer_id_idx on public.conversation_support (customer_id);
create index conversation_support_acknowledged_by_idx on public.conversation_support (acknowledged_by) where acknowledged_by is not null;
create index conversation_support_resolved_by_idx on public.conversation_support (resolved_by) where resolved_by is not null;
alter table public.conversation_support enable row level security;

create trigger set_updated_at before update on public.conversation_support
  for each row execute function private.set_updated_at();
-- Audited when it opens, closes or changes hands; a further message of a waiting customer only moves
-- last_customer_message_at (the message itself is the record of that), so it is not a change to audit.
create trigger audit_row_change after insert or delete on public.conversation_support
  for each row execute function private.audit_row_change();
create trigger audit_row_change_state after update on public.conversation_support
  for each row
  when (old.state is distinct from new.state or old.note is distinct from new.note
    or old.resolution_note is distinct from new.resolution_note or old.acknowledged_by is distinct from new.acknowledged_by
    or old.resolved_by is distinct from new.resolved_by or old.waiting_since is distinct from new.waiting_since)
  execute function private.audit_row_change();
create trigger conversation_support_broadcast
  after insert or update or delete on public.conversation_support
  for each row execute function private.broadcast_tenant_change();
insert into private.tenant_topic_panels (entity, panel_types) values ('conversation_support', array['admin', 'dispatcher']);

revoke all on public.conversation_support from anon, authenticated;
grant select on public.conversation_support to authenticated;

create policy "conversation_support: admins and dispatchers read the tenant's" on public.conversation_support
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'));
-- No insert, update or delete policy: written by the messages trigger and the two functions below.

-- Each message of an order conversation moves its support state; a customer's notifies dispatch.
create or replace function private.track_order_message() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
    if s.conversation_id is not null and s.state = 'waiting' and sender.panel_type in ('admin', 'dispatcher') then
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
$$;
revoke all on function private.track_order_message() from public;

create trigger messages_track_order after insert on public.messages
  for each row execute function private.track_order_message();

-- The customer conversation the caller (staff) may handle, locked; PT404 otherwise.
create or replace function private.support_conversation(conversation uuid) returns public.conversation_support
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.conversation_support;
begin
  if private.current_panel_type() is distinct from 'admin' and private.current_panel_type() is distinct from 'dispatcher' then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers handle customers'' messages';
  end if;
  select x.* into s from public.conversation_support x
  where x.conversation_id = conversation and x.tenant_id = private.current_tenant_id()
  for update;
  if s.conversation_id is null then
    perform private.not_found('Customer conversation not found');
  end if;
  return s;
end;
$$;
revoke all on function private.support_conversation(uuid) from public, anon, authenticated;

create or replace function public.acknowledge_order_conversation(conversation_id uuid, note text default null)
returns public.conversation_support
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.conversation_support := private.support_conversation(acknowledge_order_conversation.conversation_id);
  clean text := nullif(btrim(acknowledge_order_conversation.note), '');
begin
  if s.state <> 'waiting' then
    perform private.validation_error('status', format('Already %s by %s', s.state,
      coalesce(case when s.state = 'resolved' then s.resolved_by_name else s.acknowledged_by_name end, 'someone')));
  end if;
  if length(coalesce(clean, '')) > 1000 then
    perform private.validation_error('note', 'The note must be at most 1000 characters');
  end if;
  update public.conversation_support x
  set state = 'acknowledged', acknowledged_by = auth.uid(), acknowledged_at = now(), note = clean,
    acknowledged_by_name = (select p.full_name from public.profiles p where p.id = auth.uid())
  where x.conversation_id = s.conversation_id
  returning * into s;
  return s;
end;
$$;
revoke all on function public.acknowledge_order_conversation(uuid, text) from public, anon;
grant execute on function public.acknowledge_order_conversation(uuid, text) to authenticated, service_role;

create or replace function public.resolve_order_conversation(conversation_id uuid, resolution_note text)
returns public.conversation_support
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.conversation_support := private.support_conversation(resolve_order_conversation.conversation_id);
  clean text := nullif(btrim(resolve_order_conversation.resolution_note), '');
  me text := (select p.full_name from public.profiles p where p.id = auth.uid());
begin
  if s.state = 'resolved' then
    perform private.validation_error('status', format('Already resolved by %s', coalesce(s.resolved_by_name, 'someone')));
  end if;
  if clean is null then
    perform private.validation_error('resolution_note', 'A resolution note is required');
  end if;
  if length(clean) > 2000 then
    perform private.validation_error('resolution_note', 'The resolution note must be at most 2000 characters');
  end if;
  update public.conversation_support x
  set state = 'resolved', resolved_by = auth.uid(), resolved_by_name = me, resolved_at = now(), resolution_note = clean,
    acknowledged_by = coalesce(x.acknowledged_by, auth.uid()), acknowledged_by_name = coalesce(x.acknowledged_by_name, me),
    acknowledged_at = coalesce(x.acknowledged_at, now())
  where x.conversation_id = s.conversation_id
  returning * into s;
  return s;
end;
$$;
revoke all on function public.resolve_order_conversation(uuid, text) from public, anon;
grant execute on function public.resolve_order_conversation(uuid, text) to authenticated, service_role;

-- The queue's customer conversations. security_invoker: the caller's RLS decides on every table
-- (only admins and dispatchers read conversation_support, so nobody else gets a row).
create view public.support_conversations with (security_invoker = true) as
  select s.conversation_id as id, s.tenant_id, s.delivery_id, d.delivery_code, d.kind, d.status as delivery_status,
    s.customer_id, cp.full_name as customer_name, c.title, c.is_archived, s.state, s.waiting_since,
    s.last_customer_message_at,
    (select m.content from public.messages m
     where m.conversation_id = s.conversation_id and m.sender_id = s.customer_id
     order by m.created_at desc limit 1) as last_customer_message,
    c.last_message_at,
    s.acknowledged_by, s.acknowledged_by_name, s.acknowledged_at, s.note as acknowledgement_note,
    s.resolved_by, s.resolved_by_name, s.resolved_at, s.resolution_note
  from public.conversation_support s
  join public.conversations c on c.id = s.conversation_id
  join public.deliveries d on d.id = s.delivery_id
  left join public.profiles cp on cp.id = s.customer_id;
revoke all on public.support_conversations from anon, authenticated;
grant select on public.support_conversations to authenticated;
