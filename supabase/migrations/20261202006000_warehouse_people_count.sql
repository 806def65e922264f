-- Warehouse people plan, count and review audits of their warehouses. Since warehouse-only people
-- answer 'warehouse' as their panel (20261202004000_warehouse_only_rights.sql), an audit's moves
-- and its creation admit that panel too; the staff role conditions ('manages', 'counts',
-- 'reviews') still decide who may take each one, as for pick and receive orders.
update private.status_moves set panels = panels || array['warehouse']
where machine = 'inventory_audit' and 'dispatcher' = any (panels) and not ('warehouse' = any (panels));

create or replace function public.create_inventory_audit("values" jsonb) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v jsonb := create_inventory_audit."values";
  tenant uuid := private.current_tenant_id();
  problems jsonb := '[]'::jsonb;
  warehouse uuid;
  kind text := nullif(btrim(coalesce(v ->> 'audit_type', '')), '');
  scheduled date;
  note_text text := nullif(btrim(coalesce(v ->> 'notes', '')), '');
  locations uuid[] := '{}';
  items uuid[] := '{}';
  a public.inventory_audits;
begin
  if tenant is null or private.current_panel_type() not in ('admin', 'dispatcher', 'warehouse') then
    raise exception using errcode = '42501', message = 'Sign in to plan audits';
  end if;
  if v is null or jsonb_typeof(v) <> 'object' then
    raise exception using errcode = '22023', message = 'The audit values must be a JSON object';
  end if;

  if nullif(v ->> 'warehouse_id', '') is null then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse is required');
  elsif (v ->> 'warehouse_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or not exists (select 1 from public.warehouses w where w.id = (v ->> 'warehouse_id')::uuid and w.tenant_id = tenant)
    or not private.can_access_warehouse((v ->> 'warehouse_id')::uuid) then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse not found');
  else
    warehouse := (v ->> 'warehouse_id')::uuid;
  end if;
  if kind is null then
    problems := problems || jsonb_build_object('field', 'audit_type', 'message', 'Audit type is required');
  elsif kind not in ('spot_check', 'full_count', 'cycle_count') then
    problems := problems || jsonb_build_object('field', 'audit_type', 'message', 'Audit type must be spot check, full count or cycle count');
  end if;
  if nullif(v ->> 'scheduled_date', '') is not null then
    begin
      scheduled := (v ->> 'scheduled_date')::date;
      if scheduled < current_date then
        problems := problems || jsonb_build_object('field', 'scheduled_date', 'message', 'Scheduled date cannot be before today');
      end if;
    exception when others then
      problems := problems || jsonb_build_object('field', 'scheduled_date', 'message', 'Scheduled date must be a date');
    end;
  end if;
  if length(coalesce(note_text, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'notes', 'message', 'Notes must be at most 2000 characters');
  end if;

  -- The scope: ids of the warehouse's locations and of the tenant's items.
  if jsonb_typeof(v -> 'scope') = 'object' then
    if jsonb_typeof(v #> '{scope,location_ids}') = 'array' then
      if exists (select 1 from jsonb_array_elements_text(v #> '{scope,location_ids}') e
        where e !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.warehouse_locations l where l.id = e::uuid and l.warehouse_id = warehouse)) then
        problems := problems || jsonb_build_object('field', 'scope.location_ids', 'message', 'Choose locations of this warehouse');
      else
        select coalesce(array_agg(distinct e::uuid), '{}') into locations from jsonb_array_elements_text(v #> '{scope,location_ids}') e;
      end if;
    end if;
    if jsonb_typeof(v #> '{scope,item_ids}') = 'array' then
      if exists (select 1 from jsonb_array_elements_text(v #> '{scope,item_ids}') e
        where e !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.inventory_items i where i.id = e::uuid and i.tenant_id = tenant)) then
        problems := problems || jsonb_build_object('field', 'scope.item_ids', 'message', 'Item not found');
      else
        select coalesce(array_agg(distinct e::uuid), '{}') into items from jsonb_array_elements_text(v #> '{scope,item_ids}') e;
      end if;
    end if;
  end if;
  if cardinality(locations) > 500 or cardinality(items) > 500 then
    problems := problems || jsonb_build_object('field', 'scope', 'message', 'At most 500 locations and 500 items');
  elsif kind = 'full_count' and (cardinality(locations) > 0 or cardinality(items) > 0) then
    problems := problems || jsonb_build_object('field', 'scope', 'message', 'A full count covers the whole warehouse: choose no locations or items');
  elsif kind = 'cycle_count' and cardinality(locations) = 0 then
    problems := problems || jsonb_build_object('field', 'scope.location_ids', 'message', 'Choose at least one location to count');
  elsif kind = 'spot_check' and cardinality(locations) = 0 and cardinality(items) = 0 then
    problems := problems || jsonb_build_object('field', 'scope', 'message', 'Choose at least one location or item to check');
  end if;

  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  if not ('manages' = any (private.inventory_audit_move_conditions(warehouse))) then
    raise exception using errcode = '42501', message = 'Only admins, supervisors and managers of this warehouse can plan an audit';
  end if;

  insert into public.inventory_audits (tenant_id, warehouse_id, audit_type, scheduled_date, notes,
    scope_location_ids, scope_item_ids, created_by)
  values (tenant, warehouse, kind, scheduled, note_text, locations, items,
    (select p.id from public.profiles p where p.id = auth.uid() and p.tenant_id = tenant))
  returning * into a;
  perform private.append_inventory_audit_event(a, null, null);
  return jsonb_build_object('message', 'Audit created successfully', 'audit', to_jsonb(a));
end;
$$;
