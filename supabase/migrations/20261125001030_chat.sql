-- Chat: conversations between dispatch and a driver about a delivery (type
-- driver) or about an order (type order), their participants, and messages.
--
-- Spec shapes: Conversation {id, type, title, metadata {orderId, driverId, source 'dispatcher_panel'},
-- participants, unreadCount, isArchived, createdAt, updatedAt}; Message {content, message_type
-- (default text), sender, timestamps}. Calls: create a conversation for a delivery, send a message,
-- update participants (action add, user_ids, role), get one conversation; a list with unreadCount.
--
-- Who: admins and dispatchers read every conversation of the tenant and may take part in any (the
-- first message adds them); drivers and customers read and write only those they take part in.
-- Everything is written through the functions below (the tables grant the API reads only), so the
-- rules hold whatever the client.
-- Live: each conversation's messages on the private topic `conversation:<id>` (its participants and
-- the tenant's admins and dispatchers join it), and a small `message` event on each other
-- participant's `tenant:<tenant_id>:inbox:<user_id>` so unread counts move without following every
-- conversation.
-- Audit: conversations and participants are audited; messages are not (-- no audit: messages, below).

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  type text not null,
  title text not null,
  metadata jsonb not null default '{}'::jsonb,
  delivery_id uuid,
  is_archived boolean not null default false,
  created_by uuid,
  last_message_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint conversations_id_tenant_id_key unique (id, tenant_id),
  constraint conversations_delivery_fkey foreign key (delivery_id, tenant_id) references public.deliveries (id, tenant_id),
  constraint conversations_created_by_fkey foreign key (created_by) references public.profiles (id) on delete set null,
  constraint conversations_type_check check (type in ('driver', 'order')),
  constraint conversations_title_check check (btrim(title) <> '' and length(title) <= 200),
  constraint conversations_metadata_check check (jsonb_typeof(metadata) = 'object' and length(metadata::text) <= 2000)
);
create index conversations_tenant_id_last_message_at_idx on public.conversations (tenant_id, is_archived, last_message_at desc nulls last);
create index conversations_delivery_id_idx on public.conversations (delivery_id) where delivery_id is not null;
create index conversations_created_by_idx on public.conversations (created_by) where created_by is not null;
alter table public.conversations enable row level security;

create trigger set_updated_at before update on public.conversations
  for each row execute function private.set_updated_at();
create trigger audit_row_change after insert or update or delete on public.conversations
  for each row execute function private.audit_row_change();

create table public.conversation_participants (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null,
  tenant_id uuid not null,
  user_id uuid not null,
  role text not null default 'member',
  last_read_at timestamptz,
  joined_at timestamptz not null default now(),
  constraint conversation_participants_conversation_user_key unique (conversation_id, user_id),
  constraint conversation_participants_conversation_fkey foreign key (conversation_id, tenant_id)
    references public.conversations (id, tenant_id) on delete cascade,
  constraint conversation_participants_user_fkey foreign key (user_id, tenant_id)
    references public.profiles (id, tenant_id) on delete cascade,
  constraint conversation_participants_tenant_fkey foreign key (tenant_id) references public.tenants (id),
  constraint conversation_participants_role_check check (role in ('admin', 'dispatcher', 'driver', 'customer', 'member'))
);
create index conversation_participants_tenant_id_idx on public.conversation_participants (tenant_id);
create index conversation_participants_user_id_idx on public.conversation_participants (user_id, conversation_id);
alter table public.conversation_participants enable row level security;

create trigger audit_row_change after insert or update or delete on public.conversation_participants
  for each row execute function private.audit_row_change();

-- no audit: messages (the messages are themselves the record of what was said, never edited; the
-- conversation and its participants are audited)
create table public.messages (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null,
  conversation_id uuid not null,
  sender_id uuid,
  content text not null,
  message_type text not null default 'text',
  -- The sending app's own id for the message: a retried send is stored once.
  client_id text,
  -- The clock, not the transaction's start: messages and reads order by it (unread counts).
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default now(),
  constraint messages_conversation_fkey foreign key (conversation_id, tenant_id)
    references public.conversations (id, tenant_id) on delete cascade,
  constraint messages_sender_fkey foreign key (sender_id) references public.profiles (id) on delete set null,
  constraint messages_tenant_fkey foreign key (tenant_id) references public.tenants (id),
  constraint messages_content_check check (btrim(content) <> '' and length(content) <= 4000),
  constraint messages_message_type_check check (message_type in ('text', 'system')),
  constraint messages_client_id_check check (client_id is null or client_id ~ '^[A-Za-z0-9_.:-]{8,100}$')
);
create index messages_tenant_id_idx on public.messages (tenant_id);
create index messages_conversation_id_created_at_idx on public.messages (conversation_id, created_at desc);
create unique index messages_client_id_idx on public.messages (conversation_id, client_id) where client_id is not null;
create index messages_sender_id_idx on public.messages (sender_id) where sender_id is not null;
alter table public.messages enable row level security;

-- Whether the caller takes part in a conversation, or is the tenant's admin or dispatcher.
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
        or exists (select 1 from public.conversation_participants p where p.conversation_id = c.id and p.user_id = auth.uid())
      )
  );
$$;
revoke all on function private.may_read_conversation(uuid) from public;
grant execute on function private.may_read_conversation(uuid) to anon, authenticated;

revoke all on public.conversations, public.conversation_participants, public.messages from anon, authenticated;
grant select on public.conversations, public.conversation_participants, public.messages to authenticated;

create policy "conversations: participants and the tenant's staff" on public.conversations
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and private.may_read_conversation(id));
create policy "conversation_participants: whoever reads the conversation" on public.conversation_participants
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and private.may_read_conversation(conversation_id));
create policy "messages: whoever reads the conversation" on public.messages
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and private.may_read_conversation(conversation_id));

create or replace function private.chat_error(field text, message text) returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.validation_error(field, message);
end;
$$;
revoke all on function private.chat_error(text, text) from public;

-- The conversation about a delivery with its driver: the caller (an admin or dispatcher, or the
-- delivery's driver) and the driver take part; an open one is reused.
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
  end if;
  insert into public.conversation_participants (conversation_id, tenant_id, user_id, role)
  values (c.id, c.tenant_id, auth.uid(), panel)
  on conflict on constraint conversation_participants_conversation_user_key do nothing;
  return c;
end;
$$;
revoke all on function public.create_delivery_conversation(uuid) from public, anon;
grant execute on function public.create_delivery_conversation(uuid) to authenticated, service_role;

create or replace function public.send_message(
  conversation_id uuid, content text, message_type text default 'text', client_id text default null
) returns public.messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  c public.conversations;
  m public.messages;
  panel text := private.current_panel_type();
  body text := btrim(send_message.content);
begin
  select x.* into c from public.conversations x where x.id = send_message.conversation_id;
  if c.id is null or not private.may_read_conversation(c.id) then
    raise exception using errcode = 'PT404', message = 'Conversation not found';
  end if;
  if c.is_archived then
    perform private.validation_error('conversation_id', 'This conversation is archived');
  end if;
  if body is null or body = '' then
    perform private.validation_error('content', 'Write a message');
  end if;
  if length(body) > 4000 then
    perform private.validation_error('content', 'A message can be at most 4000 characters');
  end if;
  if coalesce(send_message.message_type, 'text') <> 'text' then
    perform private.validation_error('message_type', 'Only text messages can be sent');
  end if;
  if send_message.client_id is not null then
    if send_message.client_id !~ '^[A-Za-z0-9_.:-]{8,100}$' then
      perform private.validation_error('client_id', 'The client id must be 8 to 100 letters, digits or _.:-');
    end if;
    select x.* into m from public.messages x where x.conversation_id = c.id and x.client_id = send_message.client_id;
    if m.id is not null then
      return m;
    end if;
  end if;
  -- Staff who write into a conversation take part in it from then on.
  insert into public.conversation_participants (conversation_id, tenant_id, user_id, role)
  values (c.id, c.tenant_id, auth.uid(), case when panel in ('admin', 'dispatcher', 'driver', 'customer') then panel else 'member' end)
  on conflict on constraint conversation_participants_conversation_user_key do nothing;
  insert into public.messages (tenant_id, conversation_id, sender_id, content, message_type, client_id)
  values (c.tenant_id, c.id, auth.uid(), body, 'text', send_message.client_id)
  returning * into m;
  update public.conversations x set last_message_at = m.created_at where x.id = c.id;
  update public.conversation_participants p set last_read_at = m.created_at
  where p.conversation_id = c.id and p.user_id = auth.uid();
  return m;
end;
$$;
revoke all on function public.send_message(uuid, text, text, text) from public, anon;
grant execute on function public.send_message(uuid, text, text, text) to authenticated, service_role;

-- Spec 7: update participants (action add, user_ids, role); 'remove' takes them out. Admins and
-- dispatchers only; the people must be active members of the tenant.
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
    raise exception using errcode = 'PT404', message = 'Conversation not found';
  end if;
  if private.current_panel_type() not in ('admin', 'dispatcher') then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can archive a conversation';
  end if;
  update public.conversations x set is_archived = coalesce(archived, false) where x.id = c.id returning * into c;
  return c;
end;
$$;
revoke all on function public.set_conversation_archived(uuid, boolean) from public, anon;
grant execute on function public.set_conversation_archived(uuid, boolean) to authenticated, service_role;

create or replace function public.mark_conversation_read(conversation_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.conversation_participants p set last_read_at = clock_timestamp()
  where p.conversation_id = mark_conversation_read.conversation_id and p.user_id = auth.uid();
end;
$$;
revoke all on function public.mark_conversation_read(uuid) from public, anon;
grant execute on function public.mark_conversation_read(uuid) to authenticated, service_role;

-- The caller's conversations, newest activity first, with unreadCount: messages of others after
-- the caller last read it (all of them when never read). Staff see every conversation of the
-- tenant; those they do not take part in count nothing unread.
create or replace function public.list_conversations(archived boolean default false, delivery_id uuid default null)
returns table (
  id uuid, type text, title text, metadata jsonb, delivery_id uuid, is_archived boolean,
  created_at timestamptz, updated_at timestamptz, last_message_at timestamptz, last_message text,
  participants jsonb, unread_count integer
)
language sql
stable
set search_path = ''
as $$
  select c.id, c.type, c.title, c.metadata, c.delivery_id, c.is_archived, c.created_at, c.updated_at, c.last_message_at,
    (select m.content from public.messages m where m.conversation_id = c.id order by m.created_at desc limit 1),
    coalesce((select jsonb_agg(jsonb_build_object('user_id', p.user_id, 'role', p.role,
        'full_name', (select pr.full_name from public.profiles pr where pr.id = p.user_id)) order by p.joined_at)
      from public.conversation_participants p where p.conversation_id = c.id), '[]'::jsonb),
    coalesce((select count(*)::int from public.messages m
      join public.conversation_participants me on me.conversation_id = m.conversation_id and me.user_id = (select auth.uid())
      where m.conversation_id = c.id and m.sender_id is distinct from (select auth.uid())
        and (me.last_read_at is null or m.created_at > me.last_read_at)), 0)
  from public.conversations c
  where c.is_archived = coalesce(list_conversations.archived, false)
    and (list_conversations.delivery_id is null or c.delivery_id = list_conversations.delivery_id)
  order by c.last_message_at desc nulls last, c.created_at desc
  limit 200;
$$;
revoke all on function public.list_conversations(boolean, uuid) from public, anon;
grant execute on function public.list_conversations(boolean, uuid) to authenticated, service_role;

-- Live
create or replace function private.may_receive_conversation_topic(topic text) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if topic is null or topic !~ '^conversation:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  return private.may_read_conversation(substr(topic, 14)::uuid);
end;
$$;
revoke all on function private.may_receive_conversation_topic(text) from public;
grant execute on function private.may_receive_conversation_topic(text) to anon, authenticated;

create policy "conversation topics: whoever reads the conversation" on realtime.messages for select to authenticated
  using ((select private.may_receive_conversation_topic((select realtime.topic()))));

create or replace function private.broadcast_message() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  person uuid;
begin
  perform realtime.broadcast_changes('conversation:' || new.conversation_id::text, 'INSERT', 'INSERT',
    tg_table_name, tg_table_schema, new, null);
  for person in
    select p.user_id from public.conversation_participants p
    where p.conversation_id = new.conversation_id and p.user_id is distinct from new.sender_id
  loop
    perform realtime.send(jsonb_build_object('conversation_id', new.conversation_id, 'message_id', new.id,
        'sender_id', new.sender_id, 'preview', left(new.content, 120), 'created_at', new.created_at),
      'message', 'tenant:' || new.tenant_id::text || ':inbox:' || person::text, true);
  end loop;
  return null;
end;
$$;
revoke all on function private.broadcast_message() from public;

create trigger messages_broadcast after insert on public.messages
  for each row execute function private.broadcast_message();
