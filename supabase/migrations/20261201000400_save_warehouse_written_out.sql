-- public.save_warehouse, written out whole as the database has had it since 20261125001390, which
-- rewrote the text of 20261125000400's definition in place (its P0002 'Warehouse not found' became
-- private.not_found) so that the current definition was in no file. Nothing changes: the body is
-- that rewritten one, character for character.
--
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
    perform private.not_found('Warehouse not found');
  end if;
  return jsonb_build_object('message', 'Warehouse updated successfully', 'warehouse', to_jsonb(saved));
end;
$$;
revoke all on function public.save_warehouse(uuid, jsonb) from public, anon;
grant execute on function public.save_warehouse(uuid, jsonb) to authenticated;
