-- Warehouse staff: a person of the tenant working at one warehouse in one
-- role, shown in pickers as 'name - role'. One row per person and warehouse. Admins manage the
-- roster; a person reads their own rows, and the staff the warehouse's access mode lets in read
-- their colleagues (private.can_access_warehouse).

create table public.warehouse_staff (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  warehouse_id uuid not null,
  user_id uuid not null,
  role text not null,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint warehouse_staff_warehouse_id_fkey foreign key (warehouse_id, tenant_id)
    references public.warehouses (id, tenant_id) on delete cascade,
  constraint warehouse_staff_user_id_fkey foreign key (user_id, tenant_id)
    references public.profiles (id, tenant_id) on delete cascade,
  constraint warehouse_staff_user_id_key unique (warehouse_id, user_id),
  constraint warehouse_staff_role_check check (role in ('manager', 'supervisor', 'receiver', 'picker', 'packer', 'dispatcher_liaison'))
);
create index warehouse_staff_tenant_id_idx on public.warehouse_staff (tenant_id, created_at desc);
create index warehouse_staff_user_id_idx on public.warehouse_staff (user_id, tenant_id);
create index warehouse_staff_warehouse_id_idx on public.warehouse_staff (warehouse_id, tenant_id);
alter table public.warehouse_staff enable row level security;

create trigger set_updated_at before update on public.warehouse_staff
  for each row execute function private.set_updated_at();

create trigger audit_row_change after insert or update or delete on public.warehouse_staff
  for each row execute function private.audit_row_change();

create or replace function private.warehouse_staff_problems(s public.warehouse_staff) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  if s.warehouse_id is null then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse is required');
  elsif not exists (select 1 from public.warehouses w where w.id = s.warehouse_id and w.tenant_id = s.tenant_id) then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse not found');
  end if;
  if s.user_id is null then
    problems := problems || jsonb_build_object('field', 'user_id', 'message', 'User is required');
  elsif not exists (select 1 from public.profiles p where p.id = s.user_id and p.tenant_id = s.tenant_id) then
    problems := problems || jsonb_build_object('field', 'user_id', 'message', 'User must be a person of this business');
  elsif exists (select 1 from public.warehouse_staff o where o.warehouse_id = s.warehouse_id and o.user_id = s.user_id and o.id <> s.id) then
    problems := problems || jsonb_build_object('field', 'user_id', 'message', 'This person already works at this warehouse');
  end if;
  if s.role is null or btrim(s.role) = '' then
    problems := problems || jsonb_build_object('field', 'role', 'message', 'Role is required');
  elsif s.role not in ('manager', 'supervisor', 'receiver', 'picker', 'packer', 'dispatcher_liaison') then
    problems := problems || jsonb_build_object('field', 'role', 'message', 'Invalid role');
  end if;
  return problems;
end;
$$;
revoke all on function private.warehouse_staff_problems(public.warehouse_staff) from public;
grant execute on function private.warehouse_staff_problems(public.warehouse_staff) to authenticated, service_role;

create or replace function private.validate_warehouse_staff() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  problems := private.warehouse_staff_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_warehouse_staff() from public;

create trigger validate_warehouse_staff before insert or update on public.warehouse_staff
  for each row execute function private.validate_warehouse_staff();

revoke all on public.warehouse_staff from anon, authenticated;
grant select on public.warehouse_staff to authenticated;
grant insert (tenant_id, warehouse_id, user_id, role, active) on public.warehouse_staff to authenticated;
grant update (warehouse_id, user_id, role, active) on public.warehouse_staff to authenticated;
grant delete on public.warehouse_staff to authenticated;

create policy "warehouse_staff: own rows, and the rosters of warehouses the caller may access" on public.warehouse_staff
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (user_id = (select auth.uid()) or private.can_access_warehouse(warehouse_id))
  );
create policy "warehouse_staff: admins add" on public.warehouse_staff for insert to authenticated
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "warehouse_staff: admins update" on public.warehouse_staff for update to authenticated
  using ((select private.is_tenant_admin(tenant_id)))
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "warehouse_staff: admins remove" on public.warehouse_staff for delete to authenticated
  using ((select private.is_tenant_admin(tenant_id)));
