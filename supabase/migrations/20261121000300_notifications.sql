-- Notifications: one row per message to one person, live on the private topic
-- `tenant:<tenant_id>:notifications:<user_id>` that only that person may join.
--
-- The database and service_role write them (later issues' triggers and functions); a user reads
-- their own and marks them read, nothing else.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  user_id uuid not null,
  title text not null,
  body text,
  link text,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The recipient belongs to the notification's tenant: the pair must be a profile.
  constraint notifications_user_id_tenant_id_fkey foreign key (user_id, tenant_id)
    references public.profiles (id, tenant_id) on delete cascade,
  constraint notifications_title_length check (length(btrim(title)) between 1 and 200),
  constraint notifications_body_length check (body is null or length(body) <= 4000),
  constraint notifications_link_length check (link is null or length(link) <= 2048)
);
create index notifications_tenant_id_idx on public.notifications (tenant_id);
create index notifications_user_id_tenant_id_idx on public.notifications (user_id, tenant_id);
create index notifications_user_id_created_at_idx on public.notifications (user_id, created_at desc);
create index notifications_unread_idx on public.notifications (user_id) where read_at is null;
alter table public.notifications enable row level security;

create trigger set_updated_at before update on public.notifications
  for each row execute function private.set_updated_at();

revoke all on public.notifications from anon, authenticated;
grant select on public.notifications to authenticated;
grant update (read_at) on public.notifications to authenticated;

create policy "notifications: read own" on public.notifications for select to authenticated
  using (user_id = (select auth.uid()) and tenant_id = (select private.current_tenant_id()));
create policy "notifications: mark own read" on public.notifications for update to authenticated
  using (user_id = (select auth.uid()) and tenant_id = (select private.current_tenant_id()))
  with check (user_id = (select auth.uid()) and tenant_id = (select private.current_tenant_id()));

-- {total, unread} of the caller's notifications (RLS decides which are theirs).
create or replace function public.notification_stats() returns json
language sql
stable
set search_path = ''
as $$
  select json_build_object('total', count(*), 'unread', count(*) filter (where n.read_at is null))
  from public.notifications n
  where n.user_id = (select auth.uid());
$$;
revoke all on function public.notification_stats() from public, anon;
grant execute on function public.notification_stats() to authenticated, service_role;

-- Marks every unread notification of the caller read; returns how many it marked.
create or replace function public.mark_all_notifications_read() returns integer
language plpgsql
set search_path = ''
as $$
declare
  marked integer;
begin
  update public.notifications n set read_at = now()
  where n.user_id = (select auth.uid()) and n.read_at is null;
  get diagnostics marked = row_count;
  return marked;
end;
$$;
revoke all on function public.mark_all_notifications_read() from public, anon;
grant execute on function public.mark_all_notifications_read() to authenticated, service_role;

-- Live: every change goes to its recipient's topic. Security definer because realtime.send writes
-- realtime.messages, which the caller may not (as the caller the broadcast would be lost).
create or replace function private.broadcast_notification_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  target record;
begin
  if tg_op = 'DELETE' then
    target := old;
  else
    target := new;
  end if;
  perform realtime.broadcast_changes(
    'tenant:' || target.tenant_id::text || ':notifications:' || target.user_id::text,
    tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  return null;
end;
$$;
revoke all on function private.broadcast_notification_change() from public;

create trigger notifications_broadcast
  after insert or update or delete on public.notifications
  for each row execute function private.broadcast_notification_change();

-- Who may join a tenant topic (`tenant:<tenant_id>:<entity>[:<user_id>]`): an active member of that
-- tenant; a per-user topic only its user. A malformed topic is refused, never cast into an error.
create or replace function private.may_receive_tenant_topic(topic text) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  parts text[];
begin
  if topic is null or topic !~ '^tenant:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:[a-z_][a-z0-9_]*(:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$' then
    return false;
  end if;
  parts := string_to_array(topic, ':');
  if not private.is_tenant_member(parts[2]::uuid) then
    return false;
  end if;
  if parts[3] = 'notifications' then
    return array_length(parts, 1) = 4 and parts[4]::uuid = auth.uid();
  end if;
  return array_length(parts, 1) = 3;
end;
$$;
revoke all on function private.may_receive_tenant_topic(text) from public;
grant execute on function private.may_receive_tenant_topic(text) to anon, authenticated;

create policy "tenant topics: members receive" on realtime.messages for select to authenticated
  using ((select private.may_receive_tenant_topic((select realtime.topic()))));
-- Permissive policies OR together: whatever later policies admit, a `tenant:` topic is received
-- only as private.may_receive_tenant_topic() allows.
create policy "tenant topics: only as the tenant rules allow" on realtime.messages as restrictive for select to anon, authenticated
  using (
    (select realtime.topic()) is null
    or (select realtime.topic()) not like 'tenant:%'
    or (select private.may_receive_tenant_topic((select realtime.topic())))
  );
