-- "Contact your admins": a dispatcher writes a subject and a message, and every
-- active admin of the tenant gets it as a notification (live on their notifications topic), linked to
-- the sender's page. `admin_messages` keeps what was sent: the sender reads their own (the support
-- page's "sent" list), the tenant's admins read all of them; nobody writes the table directly.
--
-- notify_admins(subject, body) -> {id, recipients}: dispatchers only (42501 otherwise); the subject
-- 1..150 and the message 1..2000 characters (23514 details on `subject` and `body`); at most 5
-- messages in 10 minutes per sender (PT429, HTTP 429), so a stuck button cannot flood the admins.

create table public.admin_messages (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  sender_id uuid not null,
  sender_name text,
  subject text not null,
  body text not null,
  recipients integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint admin_messages_sender_fkey foreign key (sender_id, tenant_id) references public.profiles (id, tenant_id) on delete cascade,
  constraint admin_messages_subject_check check (btrim(subject) <> '' and length(subject) <= 150),
  constraint admin_messages_body_check check (btrim(body) <> '' and length(body) <= 2000),
  constraint admin_messages_recipients_check check (recipients >= 0)
);
create index admin_messages_tenant_id_idx on public.admin_messages (tenant_id, created_at desc);
create index admin_messages_sender_id_idx on public.admin_messages (sender_id, created_at desc);
alter table public.admin_messages enable row level security;

create trigger set_updated_at before update on public.admin_messages
  for each row execute function private.set_updated_at();
create trigger audit_row_change after insert or update or delete on public.admin_messages
  for each row execute function private.audit_row_change();

revoke all on public.admin_messages from anon, authenticated;
grant select on public.admin_messages to authenticated;

create policy "admin_messages: senders read their own" on public.admin_messages
  for select to authenticated
  using (sender_id = (select auth.uid()) and tenant_id = (select private.current_tenant_id()));
create policy "admin_messages: admins read the tenant's" on public.admin_messages
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.is_tenant_admin(admin_messages.tenant_id)));
-- No insert, update or delete policy: written only by notify_admins.

create or replace function public.notify_admins(subject text, body text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
  if me.id is null or me.panel_type <> 'dispatcher' then
    raise exception using errcode = '42501', message = 'Only dispatchers can contact the admins here';
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
$$;
revoke all on function public.notify_admins(text, text) from public, anon;
grant execute on function public.notify_admins(text, text) to authenticated, service_role;
