-- Warehouses: a tenant's storage sites, at one of the
-- tenant's own addresses. Admins manage them; who else sees a warehouse and everything stored in
-- it (locations now; stock, picks and handoffs later) is decided by one helper,
-- private.can_access_warehouse(warehouse_id), which the warehouse-scoped tables' policies call.
--
-- Access mode (spec 3): all_users lets every member of the warehouse's staff in; select_users only the people listed in user_ids; exclude_users everyone but
-- them. Admins of the tenant always have access: they manage the lists.
--
-- The form's rules hold here too: a write that breaks them is refused with SQLSTATE 23514,
-- 'Validation failed' and the spec's messages as {field, message} details (form field names).
-- Saves go through public.save_warehouse(), which answers with the server's own message
-- ('Warehouse created successfully', 'Warehouse updated successfully') that the form shows.

create table public.warehouses (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  name text not null,
  code text not null,
  address_id uuid not null references public.addresses (id) on delete restrict,
  status text not null default 'active',
  total_capacity numeric not null default 0,
  available_capacity numeric not null default 0,
  access_mode text not null default 'all_users',
  user_ids uuid[] not null default '{}',
  features jsonb not null default '{"climate_control": false, "security_level": "medium", "dock_doors": 0, "hazardous_materials": false, "refrigeration": false, "cross_docking": false}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Lets the warehouse's child rows prove the tenant matches (staff, locations, stock ...).
  constraint warehouses_id_tenant_key unique (id, tenant_id),
  constraint warehouses_code_key unique (tenant_id, code),
  constraint warehouses_name_check check (btrim(name) <> '' and length(name) <= 200),
  constraint warehouses_code_check check (btrim(code) <> '' and length(code) <= 64),
  constraint warehouses_status_check check (status in ('active', 'inactive', 'maintenance', 'full')),
  constraint warehouses_total_capacity_check check (total_capacity >= 0 and total_capacity < 'Infinity'::numeric),
  constraint warehouses_available_capacity_check check (
    available_capacity >= 0 and available_capacity <= total_capacity
  ),
  constraint warehouses_access_mode_check check (access_mode in ('all_users', 'select_users', 'exclude_users')),
  constraint warehouses_user_ids_check check (
    array_position(user_ids, null) is null and (access_mode = 'all_users' or cardinality(user_ids) > 0)
  ),
  constraint warehouses_features_check check (
    jsonb_typeof(features) = 'object'
    and features - array['climate_control', 'security_level', 'dock_doors', 'hazardous_materials', 'refrigeration', 'cross_docking'] = '{}'::jsonb
    and coalesce(jsonb_typeof(features -> 'climate_control') = 'boolean', true)
    and coalesce(jsonb_typeof(features -> 'hazardous_materials') = 'boolean', true)
    and coalesce(jsonb_typeof(features -> 'refrigeration') = 'boolean', true)
    and coalesce(jsonb_typeof(features -> 'cross_docking') = 'boolean', true)
    and coalesce(features ->> 'security_level' in ('low', 'medium', 'high', 'maximum'), true)
    and coalesce(jsonb_typeof(features -> 'dock_doors') = 'number' and (features ->> 'dock_doors')::numeric >= 0, true)
  )
);
create index warehouses_tenant_id_idx on public.warehouses (tenant_id, name);
create index warehouses_address_id_idx on public.warehouses (address_id);
create index warehouses_tenant_id_status_idx on public.warehouses (tenant_id, status);
alter table public.warehouses enable row level security;

create trigger set_updated_at before update on public.warehouses
  for each row execute function private.set_updated_at();

create trigger audit_row_change after insert or update or delete on public.warehouses
  for each row execute function private.audit_row_change();

-- The problems of a warehouse as the form's fields (spec 5 'Warehouse', verbatim), [] when none.
-- Security definer for the look-ups (the address and the people must be the tenant's, the code
-- unique in it); validate_warehouse only calls it for writes RLS lets through.
create or replace function private.warehouse_problems(w public.warehouses) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  f jsonb := case when jsonb_typeof(w.features) = 'object' then w.features else '{}'::jsonb end;
begin
  if w.name is null or btrim(w.name) = '' then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Warehouse name is required!');
  elsif length(w.name) > 200 then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Warehouse name must be at most 200 characters');
  end if;

  if w.code is null or btrim(w.code) = '' then
    problems := problems || jsonb_build_object('field', 'code', 'message', 'Warehouse code is required!');
  elsif length(w.code) > 64 then
    problems := problems || jsonb_build_object('field', 'code', 'message', 'Warehouse code must be at most 64 characters');
  elsif exists (select 1 from public.warehouses o where o.tenant_id = w.tenant_id and o.code = w.code and o.id <> w.id) then
    problems := problems || jsonb_build_object('field', 'code', 'message', 'Warehouse code already exists');
  end if;

  if w.address_id is null then
    problems := problems || jsonb_build_object('field', 'address_id', 'message', 'Address is required!');
  elsif not exists (select 1 from public.addresses a where a.id = w.address_id and a.tenant_id = w.tenant_id and a.user_id is null) then
    problems := problems || jsonb_build_object('field', 'address_id', 'message', 'Address must be one of this business''s addresses');
  end if;

  if w.status is null or btrim(w.status) = '' then
    problems := problems || jsonb_build_object('field', 'status', 'message', 'Status is required!');
  elsif w.status not in ('active', 'inactive', 'maintenance', 'full') then
    problems := problems || jsonb_build_object('field', 'status', 'message', 'Status must be active, inactive, maintenance or full');
  end if;

  if w.total_capacity is null or w.total_capacity < 0 or w.total_capacity = 'NaN'::numeric or w.total_capacity = 'Infinity'::numeric then
    problems := problems || jsonb_build_object('field', 'total_capacity', 'message', 'Total capacity must be at least 0');
  end if;
  if w.available_capacity is null or w.available_capacity < 0 or w.available_capacity = 'NaN'::numeric then
    problems := problems || jsonb_build_object('field', 'available_capacity', 'message', 'Available capacity must be at least 0');
  elsif w.total_capacity is not null and w.available_capacity > w.total_capacity then
    problems := problems || jsonb_build_object('field', 'available_capacity', 'message', 'Available capacity cannot exceed total capacity');
  end if;

  if w.access_mode is null or btrim(w.access_mode) = '' then
    problems := problems || jsonb_build_object('field', 'access_mode', 'message', 'Access mode is required!');
  elsif w.access_mode not in ('all_users', 'select_users', 'exclude_users') then
    problems := problems || jsonb_build_object('field', 'access_mode', 'message', 'Access mode must be all_users, select_users or exclude_users');
  elsif w.access_mode <> 'all_users' and coalesce(cardinality(w.user_ids), 0) = 0 then
    problems := problems || jsonb_build_object('field', 'user_ids', 'message', 'Users are required when access mode is not "All Users"');
  end if;
  if w.user_ids is not null and exists (
    select 1 from unnest(w.user_ids) u(id)
    where u.id is null or not exists (select 1 from public.profiles p where p.id = u.id and p.tenant_id = w.tenant_id)
  ) then
    problems := problems || jsonb_build_object('field', 'user_ids', 'message', 'Users must be people of this business');
  end if;

  if jsonb_typeof(w.features) is distinct from 'object'
     or f - array['climate_control', 'security_level', 'dock_doors', 'hazardous_materials', 'refrigeration', 'cross_docking'] <> '{}'::jsonb then
    problems := problems || jsonb_build_object('field', 'features', 'message',
      'Features can only hold climate_control, security_level, dock_doors, hazardous_materials, refrigeration and cross_docking');
  end if;
  if f ? 'dock_doors' and (jsonb_typeof(f -> 'dock_doors') <> 'number' or (f ->> 'dock_doors')::numeric < 0) then
    problems := problems || jsonb_build_object('field', 'features.dock_doors', 'message', 'Dock doors must be at least 0');
  end if;
  if f ? 'security_level' and coalesce(f ->> 'security_level' not in ('low', 'medium', 'high', 'maximum'), true) then
    problems := problems || jsonb_build_object('field', 'features.security_level', 'message', 'Security level must be low, medium, high or maximum');
  end if;
  return problems;
end;
$$;
revoke all on function private.warehouse_problems(public.warehouses) from public;
grant execute on function private.warehouse_problems(public.warehouses) to authenticated, service_role;

create or replace function private.validate_warehouse() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  -- A caller who may not write the row's tenant is left to RLS (42501): no hint about its codes.
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  problems := private.warehouse_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_warehouse() from public;

create trigger validate_warehouse before insert or update on public.warehouses
  for each row execute function private.validate_warehouse();

-- Whether the caller may see a warehouse and what is stored in it. Admins of its tenant: always.
-- Anyone else must be an active member of its tenant who works there (an active row of
-- public.warehouse_staff for this warehouse; a dispatcher who works with a warehouse is on its
-- roster as its dispatcher liaison), and pass the access mode. Security definer: it reads the
-- warehouse and the roster whatever their own policies say (no recursion).
create or replace function private.can_access_warehouse(warehouse uuid) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  w record;
  me uuid := auth.uid();
begin
  if me is null or warehouse is null then
    return false;
  end if;
  select x.tenant_id, x.access_mode, x.user_ids into w from public.warehouses x where x.id = warehouse;
  if not found or not private.is_tenant_member(w.tenant_id) then
    return false;
  end if;
  if private.is_tenant_admin(w.tenant_id) then
    return true;
  end if;
  if not exists (
    select 1 from public.warehouse_staff s where s.warehouse_id = warehouse and s.user_id = me and s.active
  ) then
    return false;
  end if;
  return case w.access_mode
    when 'all_users' then true
    when 'select_users' then me = any (w.user_ids)
    when 'exclude_users' then not (me = any (w.user_ids))
    else false
  end;
end;
$$;
revoke all on function private.can_access_warehouse(uuid) from public;
grant execute on function private.can_access_warehouse(uuid) to anon, authenticated, service_role;

revoke all on public.warehouses from anon, authenticated;
grant select on public.warehouses to authenticated;
grant insert (tenant_id, name, code, address_id, status, total_capacity, available_capacity, access_mode, user_ids, features)
  on public.warehouses to authenticated;
grant update (name, code, address_id, status, total_capacity, available_capacity, access_mode, user_ids, features)
  on public.warehouses to authenticated;
grant delete on public.warehouses to authenticated;

create policy "warehouses: admins, and the staff the access mode lets in, read" on public.warehouses
  for select to authenticated
  -- The admin test comes first and on the row itself: a row being inserted is not yet visible to
  -- can_access_warehouse's look-up, and RETURNING must still see it.
  using (
    tenant_id = (select private.current_tenant_id())
    and ((select private.is_tenant_admin(tenant_id)) or private.can_access_warehouse(id))
  );
create policy "warehouses: admins add" on public.warehouses for insert to authenticated
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "warehouses: admins update" on public.warehouses for update to authenticated
  using ((select private.is_tenant_admin(tenant_id)))
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "warehouses: admins remove" on public.warehouses for delete to authenticated
  using ((select private.is_tenant_admin(tenant_id)));

-- Create (p_warehouse_id null) or update a warehouse of the caller's tenant from the form's values,
-- answering with the server's message and the saved row. Security invoker: grants, RLS and the
-- validation trigger decide, exactly as for a direct write. Keys missing from p_values keep their
-- default (create) or stored value (update).
create or replace function public.save_warehouse(p_warehouse_id uuid, p_values jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r public.warehouses;
  saved public.warehouses;
begin
  if p_values is null or jsonb_typeof(p_values) <> 'object' then
    raise exception using errcode = '22023', message = 'The warehouse values must be a JSON object';
  end if;
  r := jsonb_populate_record(null::public.warehouses, p_values);
  if p_warehouse_id is null then
    insert into public.warehouses (tenant_id, name, code, address_id, status, total_capacity, available_capacity, access_mode, user_ids, features)
    values (
      private.current_tenant_id(), r.name, r.code, r.address_id,
      case when p_values ? 'status' then r.status else 'active' end,
      coalesce(r.total_capacity, 0), coalesce(r.available_capacity, 0),
      case when p_values ? 'access_mode' then r.access_mode else 'all_users' end,
      coalesce(r.user_ids, '{}'),
      '{"climate_control": false, "security_level": "medium", "dock_doors": 0, "hazardous_materials": false, "refrigeration": false, "cross_docking": false}'::jsonb
        || coalesce(case when jsonb_typeof(r.features) = 'object' then r.features end, '{}'::jsonb)
    )
    returning * into saved;
    return jsonb_build_object('message', 'Warehouse created successfully', 'warehouse', to_jsonb(saved));
  end if;
  update public.warehouses w set
    name = case when p_values ? 'name' then r.name else w.name end,
    code = case when p_values ? 'code' then r.code else w.code end,
    address_id = case when p_values ? 'address_id' then r.address_id else w.address_id end,
    status = case when p_values ? 'status' then r.status else w.status end,
    total_capacity = case when p_values ? 'total_capacity' then r.total_capacity else w.total_capacity end,
    available_capacity = case when p_values ? 'available_capacity' then r.available_capacity else w.available_capacity end,
    access_mode = case when p_values ? 'access_mode' then r.access_mode else w.access_mode end,
    user_ids = case when p_values ? 'user_ids' then coalesce(r.user_ids, '{}') else w.user_ids end,
    features = case when p_values ? 'features' then r.features else w.features end
  where w.id = p_warehouse_id and w.tenant_id = private.current_tenant_id()
  returning * into saved;
  if saved.id is null then
    raise exception using errcode = 'P0002', message = 'Warehouse not found';
  end if;
  return jsonb_build_object('message', 'Warehouse updated successfully', 'warehouse', to_jsonb(saved));
end;
$$;
revoke all on function public.save_warehouse(uuid, jsonb) from public, anon;
grant execute on function public.save_warehouse(uuid, jsonb) to authenticated;
