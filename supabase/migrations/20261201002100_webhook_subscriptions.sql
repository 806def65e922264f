-- Webhooks: a tenant's people receive Waypost's events at an address of their own, one
-- subscription per person and module. The tenant's admins configure them (on the person's page);
-- the events a subscription may carry are those its owner may read.
--
-- `webhook_modules` is the catalogue: each module, its name (en) and the event types it sends.
-- A module that lands later adds its row (and its outbox triggers) in its own migration.
--
-- A subscription keeps the receiver's own auth header (secret_header_key / secret_header_value:
-- e.g. Authorization / Bearer ...) and the signing secret of Standard Webhooks (`whsec_` and the
-- base64 of 32 random bytes) that the webhooks function signs every delivery with. Both are secrets:
-- their names are ones the audit redaction matches, and the signing secret is not readable through
-- the API at all (the function answers it once, when it is made or rotated).

create table public.webhook_modules (
  id text primary key,
  name text not null,
  event_types text[] not null,
  sort_order integer not null,
  constraint webhook_modules_id_check check (id ~ '^[a-z][a-z_]*$'),
  constraint webhook_modules_event_types_check check (cardinality(event_types) > 0)
);
alter table public.webhook_modules enable row level security;
revoke all on public.webhook_modules from anon, authenticated;
grant select on public.webhook_modules to authenticated;
create policy "webhook_modules: members read the catalogue" on public.webhook_modules for select to authenticated
  using (true);

insert into public.webhook_modules (id, name, event_types, sort_order) values
  ('deliveries', 'Deliveries', array['delivery.created', 'delivery.status_changed', 'delivery.assigned'], 10),
  ('assignments', 'Assignments', array['assignment.created', 'assignment.accepted', 'assignment.rejected', 'assignment.completed'], 20),
  ('return_requests', 'Return requests', array['return_request.created', 'return_request.status_changed'], 30),
  ('exceptions', 'Exceptions', array['exception.created', 'exception.status_changed'], 40);

create table public.webhook_subscriptions (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  user_id uuid not null,
  module_id text not null references public.webhook_modules (id),
  webhook_url text not null,
  secret_header_key text,
  secret_header_value text,
  signing_secret text not null,
  is_active boolean not null default true,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint webhook_subscriptions_user_id_fkey foreign key (user_id, tenant_id) references public.profiles (id, tenant_id) on delete cascade,
  constraint webhook_subscriptions_user_id_module_id_key unique (user_id, module_id),
  constraint webhook_subscriptions_webhook_url_check check (webhook_url ~ '^https?://[^\s/?#]+([/?#]\S*)?$' and length(webhook_url) <= 2000),
  constraint webhook_subscriptions_secret_header_key_check check (secret_header_key is null or secret_header_key ~ '^[A-Za-z0-9!#$%&''*+.^_`|~-]{1,100}$'),
  constraint webhook_subscriptions_secret_header_value_check check (secret_header_value is null or (length(secret_header_value) <= 2000 and secret_header_value !~ '[\r\n]')),
  constraint webhook_subscriptions_signing_secret_check check (signing_secret ~ '^whsec_[A-Za-z0-9+/]{43}=$')
);
create index webhook_subscriptions_tenant_id_idx on public.webhook_subscriptions (tenant_id);
create index webhook_subscriptions_user_id_tenant_id_idx on public.webhook_subscriptions (user_id, tenant_id);
create index webhook_subscriptions_module_id_idx on public.webhook_subscriptions (module_id, tenant_id) where is_active;
create index webhook_subscriptions_created_by_idx on public.webhook_subscriptions (created_by);
alter table public.webhook_subscriptions enable row level security;

create trigger set_updated_at before update on public.webhook_subscriptions
  for each row execute function private.set_updated_at();

-- The problems of a subscription as the card's fields, [] when there are none.
create or replace function private.webhook_subscription_problems(s public.webhook_subscriptions) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  if s.webhook_url is null or s.webhook_url !~ '^https?://[^\s/?#]+([/?#]\S*)?$' or length(s.webhook_url) > 2000 then
    problems := problems || jsonb_build_object('field', 'webhook_url', 'message', 'Please enter a valid URL');
  end if;
  if s.secret_header_key is not null and s.secret_header_key !~ '^[A-Za-z0-9!#$%&''*+.^_`|~-]{1,100}$' then
    problems := problems || jsonb_build_object('field', 'secret_header_key', 'message', 'Enter a header name: letters, digits and - only');
  end if;
  if (s.secret_header_key is null) <> (s.secret_header_value is null) then
    problems := problems || jsonb_build_object('field', case when s.secret_header_key is null then 'secret_header_key' else 'secret_header_value' end,
      'message', 'Enter both the header name and its value, or neither');
  elsif s.secret_header_value is not null and (s.secret_header_value ~ '[\r\n]' or length(s.secret_header_value) > 2000) then
    problems := problems || jsonb_build_object('field', 'secret_header_value', 'message', 'The header value must be one line of at most 2000 characters');
  end if;
  if not exists (select 1 from public.profiles p where p.id = s.user_id and p.tenant_id = s.tenant_id) then
    problems := problems || jsonb_build_object('field', 'user_id', 'message', 'User not found');
  end if;
  return problems;
end;
$$;
revoke all on function private.webhook_subscription_problems(public.webhook_subscriptions) from public;
grant execute on function private.webhook_subscription_problems(public.webhook_subscriptions) to authenticated, service_role;

-- Security invoker: a caller who may not write the tenant's subscriptions is left to RLS (42501).
create or replace function private.validate_webhook_subscription() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  problems := private.webhook_subscription_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_webhook_subscription() from public;

create trigger validate_webhook_subscription before insert or update on public.webhook_subscriptions
  for each row execute function private.validate_webhook_subscription();

create trigger audit_row_change after insert or update or delete on public.webhook_subscriptions
  for each row execute function private.audit_row_change();

revoke all on public.webhook_subscriptions from anon, authenticated;
grant select (id, tenant_id, user_id, module_id, webhook_url, secret_header_key, secret_header_value, is_active, created_by, created_at, updated_at)
  on public.webhook_subscriptions to authenticated;
grant insert (tenant_id, user_id, module_id, webhook_url, secret_header_key, secret_header_value, signing_secret, is_active)
  on public.webhook_subscriptions to authenticated;
grant update (webhook_url, secret_header_key, secret_header_value, signing_secret, is_active) on public.webhook_subscriptions to authenticated;
grant delete on public.webhook_subscriptions to authenticated;

create policy "webhook_subscriptions: admins of the tenant read" on public.webhook_subscriptions for select to authenticated
  using ((select private.is_tenant_admin(tenant_id)));
create policy "webhook_subscriptions: admins of the tenant add" on public.webhook_subscriptions for insert to authenticated
  with check ((select private.is_tenant_admin(tenant_id)) and created_by = (select auth.uid()));
create policy "webhook_subscriptions: admins of the tenant edit" on public.webhook_subscriptions for update to authenticated
  using ((select private.is_tenant_admin(tenant_id)))
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "webhook_subscriptions: admins of the tenant remove" on public.webhook_subscriptions for delete to authenticated
  using ((select private.is_tenant_admin(tenant_id)));
