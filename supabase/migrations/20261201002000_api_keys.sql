-- API keys: how a tenant's systems call Waypost. A key belongs to the tenant (user_id null: the
-- business's own integrations) or to one business user of it (user_id: a shop acting as that
-- customer). The tenant's active admins manage both; nobody else reads them.
--
-- The key itself is never stored: the api-keys edge function generates it, answers it once, and
-- keeps its SHA-256 (`key_hash`, a name the audit trail's redaction matches, so the log never
-- carries it either) and its first characters (`key_prefix`) so a person can tell keys apart.
-- A key is revoked by clearing is_active (revoked_at is stamped) and is never deleted: its row is
-- the history of who could call the API. A revoked key is never edited again, and an expiry, when
-- set or changed, is never in the past; both answer 23514 with [{field, message}] details.

create table public.api_keys (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  user_id uuid,
  name text not null,
  description text not null default '',
  key_prefix text not null,
  key_hash text not null,
  expires_at timestamptz,
  is_active boolean not null default true,
  last_used_at timestamptz,
  revoked_at timestamptz,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint api_keys_user_id_fkey foreign key (user_id, tenant_id) references public.profiles (id, tenant_id) on delete cascade,
  constraint api_keys_key_hash_key unique (key_hash),
  constraint api_keys_key_hash_check check (key_hash ~ '^[0-9a-f]{64}$'),
  constraint api_keys_key_prefix_check check (key_prefix ~ '^wpk_[A-Za-z0-9_-]{8}$'),
  constraint api_keys_name_check check (btrim(name) <> '' and length(name) <= 100),
  constraint api_keys_description_check check (length(description) <= 500),
  constraint api_keys_revoked_at_check check ((revoked_at is null) = is_active)
);
-- The management screen lists the tenant's own keys, the user tab one user's, newest first.
create index api_keys_tenant_id_created_at_idx on public.api_keys (tenant_id, created_at desc) where user_id is null;
create index api_keys_tenant_id_idx on public.api_keys (tenant_id);
create index api_keys_user_id_tenant_id_idx on public.api_keys (user_id, tenant_id, created_at desc);
create index api_keys_created_by_idx on public.api_keys (created_by);
alter table public.api_keys enable row level security;

create trigger set_updated_at before update on public.api_keys
  for each row execute function private.set_updated_at();

-- The problems of a key's write as the form's fields, [] when there are none.
create or replace function private.api_key_problems(k public.api_keys, previous public.api_keys) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  if previous.id is not null and not previous.is_active
     and (k.name, k.description, k.expires_at, k.is_active) is distinct from (previous.name, previous.description, previous.expires_at, previous.is_active) then
    return jsonb_build_array(jsonb_build_object('field', 'is_active', 'message', 'Only active API keys can be edited or revoked'));
  end if;
  if k.name is null or btrim(k.name) = '' then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name is required');
  elsif length(k.name) > 100 then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name must be at most 100 characters');
  end if;
  if length(coalesce(k.description, '')) > 500 then
    problems := problems || jsonb_build_object('field', 'description', 'message', 'Description must be at most 500 characters');
  end if;
  if k.expires_at is not null and k.expires_at < now()
     and (previous.id is null or k.expires_at is distinct from previous.expires_at) then
    problems := problems || jsonb_build_object('field', 'expires_at', 'message', 'Expiry cannot be earlier than now');
  end if;
  if k.user_id is not null and not exists (
    select 1 from public.profiles p where p.id = k.user_id and p.tenant_id = k.tenant_id and p.user_type = 'business'
  ) then
    problems := problems || jsonb_build_object('field', 'user_id', 'message', 'API keys can only be issued to business users');
  end if;
  return problems;
end;
$$;
revoke all on function private.api_key_problems(public.api_keys, public.api_keys) from public;
grant execute on function private.api_key_problems(public.api_keys, public.api_keys) to authenticated, service_role;

-- Security invoker. A caller who may not write the tenant's keys is left to RLS (42501), so a
-- refusal never tells them about another tenant's people.
create or replace function private.validate_api_key() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if tg_op = 'UPDATE' then
    new.revoked_at := case when new.is_active then null when old.is_active then now() else old.revoked_at end;
  else
    new.revoked_at := case when new.is_active then null else now() end;
  end if;
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  problems := private.api_key_problems(new, case when tg_op = 'UPDATE' then old end);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_api_key() from public;

create trigger validate_api_key before insert or update on public.api_keys
  for each row execute function private.validate_api_key();

create trigger audit_row_change after insert or update or delete on public.api_keys
  for each row execute function private.audit_row_change();

-- The hash is not readable through the API: only the platform (service role) looks a key up.
revoke all on public.api_keys from anon, authenticated;
grant select (id, tenant_id, user_id, name, description, key_prefix, expires_at, is_active, last_used_at, revoked_at,
  created_by, created_at, updated_at) on public.api_keys to authenticated;
grant insert (tenant_id, user_id, name, description, key_prefix, key_hash, expires_at) on public.api_keys to authenticated;
grant update (name, description, expires_at, is_active) on public.api_keys to authenticated;

create policy "api_keys: admins of the tenant read" on public.api_keys for select to authenticated
  using ((select private.is_tenant_admin(tenant_id)));
create policy "api_keys: admins of the tenant add" on public.api_keys for insert to authenticated
  with check ((select private.is_tenant_admin(tenant_id)) and created_by = (select auth.uid()));
create policy "api_keys: admins of the tenant edit and revoke" on public.api_keys for update to authenticated
  using ((select private.is_tenant_admin(tenant_id)))
  with check ((select private.is_tenant_admin(tenant_id)));
