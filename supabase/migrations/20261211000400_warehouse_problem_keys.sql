-- The warehouses' refusals carry stable keys (supabase/README.md, "Refusals and their keys"), and
-- save_warehouse's answer a `key` beside its English `message`, so the warehouse form shows both in
-- the admin's language instead of comparing the server's English. Each function is written out
-- whole from its current definition; only how a refusal (or the answer's words) is built changes:
-- the same fields, English words, problem order and SQLSTATEs (23514 'Validation failed', 22023,
-- PT404 'Warehouse not found').
--
--   private.warehouse_problems, private.validate_warehouse   from 20261125000400_warehouses.sql
--   public.save_warehouse                                    from 20261201000400_save_warehouse_written_out.sql

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
    problems := problems || private.problem('warehouses.name_required', 'name', 'Warehouse name is required!');
  elsif length(w.name) > 200 then
    problems := problems || private.problem('warehouses.name_too_long', 'name', 'Warehouse name must be at most 200 characters', jsonb_build_object('max', 200));
  end if;

  if w.code is null or btrim(w.code) = '' then
    problems := problems || private.problem('warehouses.code_required', 'code', 'Warehouse code is required!');
  elsif length(w.code) > 64 then
    problems := problems || private.problem('warehouses.code_too_long', 'code', 'Warehouse code must be at most 64 characters', jsonb_build_object('max', 64));
  elsif exists (select 1 from public.warehouses o where o.tenant_id = w.tenant_id and o.code = w.code and o.id <> w.id) then
    problems := problems || private.problem('warehouses.code_taken', 'code', 'Warehouse code already exists');
  end if;

  if w.address_id is null then
    problems := problems || private.problem('warehouses.address_required', 'address_id', 'Address is required!');
  elsif not exists (select 1 from public.addresses a where a.id = w.address_id and a.tenant_id = w.tenant_id and a.user_id is null) then
    problems := problems || private.problem('warehouses.address_not_business', 'address_id', 'Address must be one of this business''s addresses');
  end if;

  if w.status is null or btrim(w.status) = '' then
    problems := problems || private.problem('warehouses.status_required', 'status', 'Status is required!');
  elsif w.status not in ('active', 'inactive', 'maintenance', 'full') then
    problems := problems || private.problem('warehouses.status_invalid', 'status', 'Status must be active, inactive, maintenance or full');
  end if;

  if w.total_capacity is null or w.total_capacity < 0 or w.total_capacity = 'NaN'::numeric or w.total_capacity = 'Infinity'::numeric then
    problems := problems || private.problem('warehouses.total_capacity_negative', 'total_capacity', 'Total capacity must be at least 0', jsonb_build_object('min', 0));
  end if;
  if w.available_capacity is null or w.available_capacity < 0 or w.available_capacity = 'NaN'::numeric then
    problems := problems || private.problem('warehouses.available_capacity_negative', 'available_capacity', 'Available capacity must be at least 0', jsonb_build_object('min', 0));
  elsif w.total_capacity is not null and w.available_capacity > w.total_capacity then
    problems := problems || private.problem('warehouses.available_above_total', 'available_capacity', 'Available capacity cannot exceed total capacity');
  end if;

  if w.access_mode is null or btrim(w.access_mode) = '' then
    problems := problems || private.problem('warehouses.access_mode_required', 'access_mode', 'Access mode is required!');
  elsif w.access_mode not in ('all_users', 'select_users', 'exclude_users') then
    problems := problems || private.problem('warehouses.access_mode_invalid', 'access_mode', 'Access mode must be all_users, select_users or exclude_users');
  elsif w.access_mode <> 'all_users' and coalesce(cardinality(w.user_ids), 0) = 0 then
    problems := problems || private.problem('warehouses.users_required', 'user_ids', 'Users are required when access mode is not "All Users"');
  end if;
  if w.user_ids is not null and exists (
    select 1 from unnest(w.user_ids) u(id)
    where u.id is null or not exists (select 1 from public.profiles p where p.id = u.id and p.tenant_id = w.tenant_id)
  ) then
    problems := problems || private.problem('warehouses.users_not_members', 'user_ids', 'Users must be people of this business');
  end if;

  if jsonb_typeof(w.features) is distinct from 'object'
     or f - array['climate_control', 'security_level', 'dock_doors', 'hazardous_materials', 'refrigeration', 'cross_docking'] <> '{}'::jsonb then
    problems := problems || private.problem('warehouses.features_shape', 'features',
      'Features can only hold climate_control, security_level, dock_doors, hazardous_materials, refrigeration and cross_docking');
  end if;
  if f ? 'dock_doors' and (jsonb_typeof(f -> 'dock_doors') <> 'number' or (f ->> 'dock_doors')::numeric < 0) then
    problems := problems || private.problem('warehouses.dock_doors_negative', 'features.dock_doors', 'Dock doors must be at least 0', jsonb_build_object('min', 0));
  end if;
  if f ? 'security_level' and coalesce(f ->> 'security_level' not in ('low', 'medium', 'high', 'maximum'), true) then
    problems := problems || private.problem('warehouses.security_level_invalid', 'features.security_level', 'Security level must be low, medium, high or maximum');
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
begin
  -- A caller who may not write the row's tenant is left to RLS (42501): no hint about its codes.
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  perform private.raise_problems(private.warehouse_problems(new));
  return new;
end;
$$;
revoke all on function private.validate_warehouse() from public;

-- Create (p_warehouse_id null) or update a warehouse of the caller's tenant from the form's values,
-- answering with the server's message (and its key) and the saved row. Security invoker: grants, RLS
-- and the validation trigger decide, exactly as for a direct write. Keys missing from p_values keep
-- their default (create) or stored value (update).
create or replace function public.save_warehouse(p_warehouse_id uuid, p_values jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r public.warehouses;
  saved public.warehouses;
begin
  if p_values is null or jsonb_typeof(p_values) <> 'object' then
    perform private.raise_problems(jsonb_build_array(private.problem('warehouses.values_shape', null, 'The warehouse values must be a JSON object')),
      '22023', 'The warehouse values must be a JSON object');
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
    return jsonb_build_object('message', 'Warehouse created successfully', 'key', 'warehouses.created', 'warehouse', to_jsonb(saved));
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
    perform private.raise_problems(jsonb_build_array(private.problem('warehouses.not_found', null, 'Warehouse not found')), 'PT404', 'Warehouse not found');
  end if;
  return jsonb_build_object('message', 'Warehouse updated successfully', 'key', 'warehouses.updated', 'warehouse', to_jsonb(saved));
end;
$$;
revoke all on function public.save_warehouse(uuid, jsonb) from public, anon;
grant execute on function public.save_warehouse(uuid, jsonb) to authenticated;
