-- The public API's side of API keys: how a presented key becomes the person it acts as, and the
-- answers kept for Idempotency-Key retries.
--
-- A key acts with its owner's rights in the database: a user-scoped key as its business user, a
-- tenant key as the admin who created it. The `api` edge function (service role) resolves a key by
-- its SHA-256 with public.authenticate_api_key, then calls PostgREST with a short-lived JWT for the
-- owner, so RLS and the database's rules decide what the key sees and may do, exactly as for the
-- owner in the app, and the audit trail names the owner.

-- The key's use is stamped at most once a minute, by the platform, and is not a change anyone made:
-- the audit trail leaves updates that stamp last_used_at out (nobody else may write that column:
-- the API roles are granted name, description, expires_at and is_active only).
drop trigger audit_row_change on public.api_keys;
create trigger audit_row_change after insert or delete on public.api_keys
  for each row execute function private.audit_row_change();
create trigger audit_row_change_update after update on public.api_keys
  for each row when (old.last_used_at is not distinct from new.last_used_at)
  execute function private.audit_row_change();

-- Resolves a key by its hash. Answers {ok: true, key_id, tenant_id, owner_id, user_id} or
-- {ok: false, reason} with reason unknown, revoked, expired or owner_inactive (a deactivated or
-- suspended owner's keys stop working; a tenant key whose creator is gone has no owner). The
-- platform only: it reads hashes, which no API role may.
create or replace function public.authenticate_api_key(p_key_hash text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  k public.api_keys;
  owner uuid;
begin
  select * into k from public.api_keys where key_hash = p_key_hash;
  if not found then
    return jsonb_build_object('ok', false, 'reason', 'unknown');
  end if;
  if not k.is_active then
    return jsonb_build_object('ok', false, 'reason', 'revoked');
  end if;
  if k.expires_at is not null and k.expires_at <= now() then
    return jsonb_build_object('ok', false, 'reason', 'expired');
  end if;
  owner := coalesce(k.user_id, k.created_by);
  if owner is null or not exists (
    select 1
    from public.profiles p
    join public.tenants t on t.id = p.tenant_id
    where p.id = owner and p.tenant_id = k.tenant_id and p.status = 'active' and t.status = 'active'
  ) then
    return jsonb_build_object('ok', false, 'reason', 'owner_inactive');
  end if;
  if k.last_used_at is null or k.last_used_at < now() - interval '1 minute' then
    update public.api_keys set last_used_at = now() where id = k.id;
  end if;
  return jsonb_build_object('ok', true, 'key_id', k.id, 'tenant_id', k.tenant_id, 'owner_id', owner, 'user_id', k.user_id);
end;
$$;
revoke all on function public.authenticate_api_key(text) from public, anon, authenticated;
grant execute on function public.authenticate_api_key(text) to service_role;

-- The answers to requests sent with an Idempotency-Key, per API key, for 24 hours: a retry gets the
-- same answer, and the same Idempotency-Key with another body is refused. The request is known by
-- the SHA-256 of its method, path and body; a row without an answer is a request still running.
create table public.api_idempotency_keys (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  api_key_id uuid not null references public.api_keys (id) on delete cascade,
  idempotency_key text not null,
  request_fingerprint text not null,
  response_status integer,
  response_body jsonb,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '24 hours',
  constraint api_idempotency_keys_key_check check (length(idempotency_key) between 1 and 255),
  constraint api_idempotency_keys_fingerprint_check check (request_fingerprint ~ '^[0-9a-f]{64}$'),
  constraint api_idempotency_keys_response_check check ((response_status is null) = (response_body is null)),
  constraint api_idempotency_keys_api_key_id_idempotency_key_key unique (api_key_id, idempotency_key)
);
comment on table public.api_idempotency_keys is
  'no audit: a cache of the public API''s answers kept 24 hours for retries, written only by the platform; the changes the requests made are audited where they happen';
create index api_idempotency_keys_tenant_id_idx on public.api_idempotency_keys (tenant_id);
create index api_idempotency_keys_expires_at_idx on public.api_idempotency_keys (expires_at);
alter table public.api_idempotency_keys enable row level security;
-- The platform's own: no API role reads or writes it (no policy, no grants).
revoke all on public.api_idempotency_keys from anon, authenticated;

-- Claims an Idempotency-Key for a request. Answers {state: 'new', id} when this request is the
-- first (the caller runs it and records the answer with finish_api_idempotency), {state:
-- 'replay', status, body} when it was answered before, {state: 'conflict'} when the key was used
-- with another request, {state: 'in_progress'} when the first is still running. Expired answers
-- are forgotten here.
create or replace function public.begin_api_idempotency(p_api_key_id uuid, p_idempotency_key text, p_fingerprint text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  existing public.api_idempotency_keys;
  new_id uuid;
begin
  delete from public.api_idempotency_keys where expires_at <= now() and api_key_id = p_api_key_id;
  insert into public.api_idempotency_keys (tenant_id, api_key_id, idempotency_key, request_fingerprint)
  select k.tenant_id, k.id, p_idempotency_key, p_fingerprint from public.api_keys k where k.id = p_api_key_id
  on conflict (api_key_id, idempotency_key) do nothing
  returning id into new_id;
  if new_id is not null then
    return jsonb_build_object('state', 'new', 'id', new_id);
  end if;
  select * into existing from public.api_idempotency_keys where api_key_id = p_api_key_id and idempotency_key = p_idempotency_key;
  if not found then
    raise exception 'API key not found' using errcode = 'PT404';
  end if;
  if existing.request_fingerprint <> p_fingerprint then
    return jsonb_build_object('state', 'conflict');
  end if;
  if existing.response_status is null then
    return jsonb_build_object('state', 'in_progress');
  end if;
  return jsonb_build_object('state', 'replay', 'status', existing.response_status, 'body', existing.response_body);
end;
$$;
revoke all on function public.begin_api_idempotency(uuid, text, text) from public, anon, authenticated;
grant execute on function public.begin_api_idempotency(uuid, text, text) to service_role;

-- Records the answer of a claimed key; a null status lets the key go (the request failed on the
-- server's side and may be tried again).
create or replace function public.finish_api_idempotency(p_id uuid, p_status integer, p_body jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_status is null then
    delete from public.api_idempotency_keys where id = p_id;
  else
    update public.api_idempotency_keys set response_status = p_status, response_body = p_body where id = p_id;
  end if;
end;
$$;
revoke all on function public.finish_api_idempotency(uuid, integer, jsonb) from public, anon, authenticated;
grant execute on function public.finish_api_idempotency(uuid, integer, jsonb) to service_role;
