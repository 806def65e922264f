-- The audit trail: who changed what, when, with the values before and after.
--
-- One generic trigger function, private.audit_row_change(), writes public.audit_log. Every
-- tenant-owned table attaches it in the migration that creates the table (supabase/README.md):
--
--   create trigger audit_row_change after insert or update or delete on public.<table>
--     for each row execute function private.audit_row_change();
--
-- A table may opt out only with a comment `-- no audit: <table> (why)` (the convention check reads it).
-- Values whose key names a secret (password, secret, token, hash, api key, maps key) are never
-- recorded, at any depth of a jsonb value; `updated_at` is bookkeeping and not a change.
-- The log is append-only for every API role: only this trigger function (security definer) writes it.

create table public.audit_log (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  -- Who, as they were at the time: the id may outlive the person, the name is kept as it was.
  actor_id uuid,
  actor_name text,
  table_name text not null,
  row_id uuid not null,
  action text not null,
  changed_columns text[] not null default '{}',
  old_values jsonb,
  new_values jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint audit_log_action_check check (action in ('insert', 'update', 'delete')),
  constraint audit_log_table_name_check check (table_name ~ '^[a-z_][a-z0-9_]*$')
);
-- The activity screen: newest first within a tenant, narrowed by table, actor or action;
-- a record's history: one row's entries.
create index audit_log_tenant_id_created_at_idx on public.audit_log (tenant_id, created_at desc);
create index audit_log_tenant_id_table_row_idx on public.audit_log (tenant_id, table_name, row_id, created_at desc);
create index audit_log_tenant_id_actor_idx on public.audit_log (tenant_id, actor_id, created_at desc);
alter table public.audit_log enable row level security;

revoke all on public.audit_log from anon, authenticated, service_role;
grant select on public.audit_log to authenticated, service_role;

create policy "audit_log: tenant admins read their tenant's entries" on public.audit_log for select to authenticated
  using ((select private.is_tenant_admin(tenant_id)));

-- Whether a key names a secret that must never be copied into the log.
create or replace function private.is_secret_key(key text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select lower(key) ~ '(password|passwd|secret|token|hash|api_?key|maps_?key|private_?key|signing_?key)';
$$;

-- A jsonb value without the secret keys, at any depth.
create or replace function private.audit_redact(value jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  result jsonb;
begin
  case jsonb_typeof(value)
    when 'object' then
      select coalesce(jsonb_object_agg(e.key, private.audit_redact(e.value)), '{}'::jsonb) into result
      from jsonb_each(value) e
      where not private.is_secret_key(e.key);
      return result;
    when 'array' then
      select coalesce(jsonb_agg(private.audit_redact(e.value) order by e.ordinality), '[]'::jsonb) into result
      from jsonb_array_elements(value) with ordinality e;
      return result;
    else
      return value;
  end case;
end;
$$;

create or replace function private.audit_row_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op <> 'INSERT' then private.audit_redact(to_jsonb(old)) end;
  new_row jsonb := case when tg_op <> 'DELETE' then private.audit_redact(to_jsonb(new)) end;
  row_data jsonb := coalesce(new_row, old_row);
  changed text[];
  before_values jsonb;
  after_values jsonb;
  actor uuid := auth.uid();
  tenant uuid;
begin
  -- The tenants table is its own tenant; every other table carries tenant_id.
  tenant := case when tg_table_name = 'tenants' then (row_data ->> 'id')::uuid else (row_data ->> 'tenant_id')::uuid end;
  -- A deleted tenant has no log left to write to (its entries go with it).
  if tenant is null or (tg_table_name = 'tenants' and tg_op = 'DELETE') then
    return null;
  end if;

  if tg_op = 'UPDATE' then
    select coalesce(array_agg(n.key order by n.key), '{}'),
           coalesce(jsonb_object_agg(n.key, old_row -> n.key), '{}'::jsonb),
           coalesce(jsonb_object_agg(n.key, n.value), '{}'::jsonb)
      into changed, before_values, after_values
    from jsonb_each(new_row) n
    where n.key <> 'updated_at' and (old_row -> n.key) is distinct from n.value;
    if cardinality(changed) = 0 then
      return null;
    end if;
  elsif tg_op = 'INSERT' then
    after_values := new_row - 'updated_at';
    select coalesce(array_agg(k order by k), '{}') into changed from jsonb_object_keys(after_values) k;
  else
    before_values := old_row - 'updated_at';
    select coalesce(array_agg(k order by k), '{}') into changed from jsonb_object_keys(before_values) k;
  end if;

  insert into public.audit_log (tenant_id, actor_id, actor_name, table_name, row_id, action, changed_columns, old_values, new_values)
  values (
    tenant,
    actor,
    (select p.full_name from public.profiles p where p.id = actor),
    tg_table_name,
    (row_data ->> 'id')::uuid,
    lower(tg_op),
    changed,
    before_values,
    after_values
  );
  return null;
end;
$$;
revoke all on function private.audit_row_change(), private.audit_redact(jsonb), private.is_secret_key(text) from public;

-- Append-only, whoever asks: no API role has the grant, and this refuses the database's own roles too.
-- The one removal allowed is the tenant's own: deleting a tenant cascades to its log, and by then
-- the tenant row is gone (the cascade runs after it), so a live tenant's entries can never be removed.
create or replace function private.refuse_audit_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from public.tenants t where t.id = old.tenant_id) then
    return old;
  end if;
  raise exception 'The audit log is append-only' using errcode = '42501';
end;
$$;
revoke all on function private.refuse_audit_change() from public;

create trigger audit_log_append_only before update or delete on public.audit_log
  for each row execute function private.refuse_audit_change();

-- The tenant-owned tables of today.
create trigger audit_row_change after insert or update or delete on public.tenants
  for each row execute function private.audit_row_change();
create trigger audit_row_change after insert or update or delete on public.profiles
  for each row execute function private.audit_row_change();
create trigger audit_row_change after insert or update or delete on public.vehicles
  for each row execute function private.audit_row_change();
-- no audit: notifications (a per-user inbox written by the system at high volume; reading one is not a change of the tenant's data)
