-- Warehouse locations' and warehouse staff's refusals carry stable keys (supabase/README.md,
-- "Refusals and their keys"), so the location form and the staff form show a refusal only the
-- database decides (a parent of the wrong type, a location with sub-locations changing its type, a
-- person already working at the warehouse) in the user's language; unkeyed, they stayed English.
-- Each function is written out whole from its current (first) definition; only how a problem is
-- built and raised changes: the same fields, English words, problem order and grants, and the
-- triggers raise them as before (SQLSTATE 23514, MESSAGE 'Validation failed').
--
--   private.location_problems, private.validate_location                from 20261125000420_warehouse_locations.sql
--   private.warehouse_staff_problems, private.validate_warehouse_staff  from 20261125000410_warehouse_staff.sql
--
-- Keys are locations.* and warehouse_staff.* (the warehouses' own, warehouses.*, stay theirs). The
-- values the words name travel as params: {max} of the name's and notes' lengths, {min} 0 of the
-- numbers that must be at least 0, and {type}, the raw location type, of the parent rules whose
-- English names the type (the app words it).

-- The problems of a location as the form's fields (spec 5 'Warehouse location'), [] when none.
CREATE OR REPLACE FUNCTION private.location_problems(l public.warehouse_locations)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  problems jsonb := '[]'::jsonb;
  parent public.warehouse_locations;
  pos jsonb := case when jsonb_typeof(l.position) = 'object' then l.position else '{}'::jsonb end;
  cap jsonb := case when jsonb_typeof(l.capacity) = 'object' then l.capacity else '{}'::jsonb end;
  meta jsonb := case when jsonb_typeof(l.metadata) = 'object' then l.metadata else '{}'::jsonb end;
  allowed_position text[];
  has_children boolean := false;
  old_row public.warehouse_locations;
begin
  if l.warehouse_id is null then
    problems := problems || private.problem('locations.warehouse_required', 'warehouse_id', 'Warehouse is required!');
  elsif not exists (select 1 from public.warehouses w where w.id = l.warehouse_id and w.tenant_id = l.tenant_id) then
    problems := problems || private.problem('locations.warehouse_not_found', 'warehouse_id', 'Warehouse not found');
  end if;

  if l.location_type is null or l.location_type not in ('zone', 'aisle', 'shelf', 'bin') then
    problems := problems || private.problem('locations.type_invalid', 'location_type', 'Invalid location type');
  end if;

  if l.name is null or btrim(l.name) = '' then
    problems := problems || private.problem('locations.name_required', 'name', 'Name is required!');
  elsif length(l.name) > 200 then
    problems := problems || private.problem('locations.name_too_long', 'name', 'Name must be at most 200 characters', jsonb_build_object('max', 200));
  end if;

  if l.status is null or l.status not in ('active', 'inactive', 'maintenance', 'reserved') then
    problems := problems || private.problem('locations.status_invalid', 'status', 'Invalid status');
  end if;

  -- The hierarchy.
  if l.location_type = 'zone' then
    if l.parent_id is not null then
      problems := problems || private.problem('locations.zone_parent_forbidden', 'parent_id', 'A zone cannot have a parent');
    end if;
  elsif l.location_type in ('aisle', 'shelf', 'bin') then
    if l.parent_id is null then
      problems := problems || private.problem('locations.parent_required', 'parent_id', case l.location_type
        when 'aisle' then 'An aisle needs a parent zone'
        when 'shelf' then 'A shelf needs a parent aisle'
        else 'A bin needs a parent shelf' end,
        jsonb_build_object('type', l.location_type));
    else
      select * into parent from public.warehouse_locations p where p.id = l.parent_id and p.tenant_id = l.tenant_id;
      if parent.id is null then
        problems := problems || private.problem('locations.parent_not_found', 'parent_id', 'Parent location not found');
      elsif parent.warehouse_id is distinct from l.warehouse_id then
        problems := problems || private.problem('locations.parent_other_warehouse', 'parent_id', 'The parent must be in the same warehouse');
      elsif parent.location_type <> private.location_parent_type(l.location_type) then
        problems := problems || private.problem('locations.parent_type_invalid', 'parent_id', case l.location_type
          when 'aisle' then 'The parent of an aisle must be a zone'
          when 'shelf' then 'The parent of a shelf must be an aisle'
          else 'The parent of a bin must be a shelf' end,
          jsonb_build_object('type', l.location_type));
      end if;
    end if;
  end if;

  -- A location with sub-locations keeps its type and warehouse (its children would break the rule).
  select * into old_row from public.warehouse_locations o where o.id = l.id;
  if old_row.id is not null then
    has_children := exists (select 1 from public.warehouse_locations c where c.parent_id = l.id);
    if has_children and old_row.location_type is distinct from l.location_type then
      problems := problems || private.problem('locations.type_locked_by_children', 'location_type', 'A location with sub-locations cannot change its type');
    end if;
    if has_children and old_row.warehouse_id is distinct from l.warehouse_id then
      problems := problems || private.problem('locations.warehouse_locked_by_children', 'warehouse_id', 'A location with sub-locations cannot move to another warehouse');
    end if;
  end if;

  -- Position: the fields of its type only.
  allowed_position := case l.location_type
    when 'zone' then array['floor', 'area']
    when 'aisle' then array['number', 'section']
    when 'shelf' then array['height', 'sequence']
    when 'bin' then array['position', 'sequence']
    else array[]::text[] end;
  if jsonb_typeof(l.position) is distinct from 'object' or pos - allowed_position <> '{}'::jsonb then
    problems := problems || private.problem('locations.position_fields_invalid', 'position', 'Position fields must match the location type');
  end if;
  if pos ? 'floor' and jsonb_typeof(pos -> 'floor') not in ('number', 'null') then
    problems := problems || private.problem('locations.floor_not_number', 'position.floor', 'Floor must be a number');
  end if;
  if pos ? 'area' and jsonb_typeof(pos -> 'area') not in ('string', 'null') then
    problems := problems || private.problem('locations.area_not_text', 'position.area', 'Area must be text');
  end if;
  if not private.is_optional_non_negative(pos -> 'number') then
    problems := problems || private.problem('locations.aisle_number_negative', 'position.number', 'Aisle number must be at least 0', jsonb_build_object('min', 0));
  end if;
  if pos ? 'section' and jsonb_typeof(pos -> 'section') not in ('string', 'null') then
    problems := problems || private.problem('locations.section_not_text', 'position.section', 'Section must be text');
  end if;
  if not private.is_optional_non_negative(pos -> 'height') then
    problems := problems || private.problem('locations.height_negative', 'position.height', 'Height must be at least 0', jsonb_build_object('min', 0));
  end if;
  if not private.is_optional_non_negative(pos -> 'sequence') then
    problems := problems || private.problem('locations.sequence_negative', 'position.sequence', 'Sequence must be at least 0', jsonb_build_object('min', 0));
  end if;
  if pos ? 'position' and jsonb_typeof(pos -> 'position') <> 'null'
     and coalesce(pos ->> 'position' not in ('front', 'back', 'left', 'right', 'center'), true) then
    problems := problems || private.problem('locations.bin_position_invalid', 'position.position', 'Bin position must be front, back, left, right or center');
  end if;

  -- Capacity: optional numbers, none below 0.
  if jsonb_typeof(l.capacity) is distinct from 'object'
     or cap - array['max_weight', 'max_volume', 'dimensions', 'item_limit'] <> '{}'::jsonb then
    problems := problems || private.problem('locations.capacity_fields_invalid', 'capacity', 'Capacity can only hold max_weight, max_volume, dimensions and item_limit');
  end if;
  if not private.is_optional_non_negative(cap -> 'max_weight') then
    problems := problems || private.problem('locations.max_weight_negative', 'capacity.max_weight', 'Max weight must be at least 0', jsonb_build_object('min', 0));
  end if;
  if not private.is_optional_non_negative(cap -> 'max_volume') then
    problems := problems || private.problem('locations.max_volume_negative', 'capacity.max_volume', 'Max volume must be at least 0', jsonb_build_object('min', 0));
  end if;
  if not private.is_optional_non_negative(cap -> 'item_limit') then
    problems := problems || private.problem('locations.item_limit_negative', 'capacity.item_limit', 'Item limit must be at least 0', jsonb_build_object('min', 0));
  end if;
  if cap ? 'dimensions' and jsonb_typeof(cap -> 'dimensions') <> 'null' then
    if jsonb_typeof(cap -> 'dimensions') <> 'object' or (cap -> 'dimensions') - array['length', 'width', 'height'] <> '{}'::jsonb then
      problems := problems || private.problem('locations.dimensions_fields_invalid', 'capacity.dimensions', 'Dimensions can only hold length, width and height');
    else
      if not private.is_optional_non_negative(cap -> 'dimensions' -> 'length') then
        problems := problems || private.problem('locations.length_negative', 'capacity.dimensions.length', 'Length must be at least 0', jsonb_build_object('min', 0));
      end if;
      if not private.is_optional_non_negative(cap -> 'dimensions' -> 'width') then
        problems := problems || private.problem('locations.width_negative', 'capacity.dimensions.width', 'Width must be at least 0', jsonb_build_object('min', 0));
      end if;
      if not private.is_optional_non_negative(cap -> 'dimensions' -> 'height') then
        problems := problems || private.problem('locations.height_negative', 'capacity.dimensions.height', 'Height must be at least 0', jsonb_build_object('min', 0));
      end if;
    end if;
  end if;

  -- Metadata.
  if jsonb_typeof(l.metadata) is distinct from 'object'
     or meta - array['temperature_range', 'special_handling', 'security_level', 'access_restrictions', 'notes'] <> '{}'::jsonb then
    problems := problems || private.problem('locations.metadata_fields_invalid', 'metadata',
      'Metadata can only hold temperature_range, special_handling, security_level, access_restrictions and notes');
  end if;
  if meta ? 'temperature_range' and jsonb_typeof(meta -> 'temperature_range') <> 'null' then
    if jsonb_typeof(meta -> 'temperature_range') <> 'object'
       or coalesce(jsonb_typeof(meta -> 'temperature_range' -> 'min'), 'null') not in ('number', 'null')
       or coalesce(jsonb_typeof(meta -> 'temperature_range' -> 'max'), 'null') not in ('number', 'null') then
      problems := problems || private.problem('locations.temperatures_not_numbers', 'metadata.temperature_range.min', 'Temperatures must be numbers');
    elsif jsonb_typeof(meta -> 'temperature_range' -> 'min') = 'number' and jsonb_typeof(meta -> 'temperature_range' -> 'max') = 'number'
       and (meta #>> '{temperature_range,min}')::numeric > (meta #>> '{temperature_range,max}')::numeric then
      problems := problems || private.problem('locations.temperature_max_below_min', 'metadata.temperature_range.max', 'Maximum temperature must not be below the minimum');
    end if;
  end if;
  if meta ? 'special_handling' and not private.is_string_set(meta -> 'special_handling',
       array['fragile', 'dust-free', 'temperature-controlled', 'hazardous', 'flammable']) then
    problems := problems || private.problem('locations.special_handling_invalid', 'metadata.special_handling',
      'Special handling must be distinct values among fragile, dust-free, temperature-controlled, hazardous and flammable');
  end if;
  if meta ? 'access_restrictions' and not private.is_string_set(meta -> 'access_restrictions',
       array['key-card', 'supervisor', 'security', 'authorized-personnel']) then
    problems := problems || private.problem('locations.access_restrictions_invalid', 'metadata.access_restrictions',
      'Access restrictions must be distinct values among key-card, supervisor, security and authorized-personnel');
  end if;
  if meta ? 'security_level' and coalesce(meta ->> 'security_level' not in ('low', 'medium', 'high', 'maximum'), true) then
    problems := problems || private.problem('locations.security_level_invalid', 'metadata.security_level', 'Security level must be low, medium, high or maximum');
  end if;
  if meta ? 'notes' and jsonb_typeof(meta -> 'notes') <> 'null'
     and (jsonb_typeof(meta -> 'notes') <> 'string' or length(meta ->> 'notes') > 2000) then
    problems := problems || private.problem('locations.notes_invalid', 'metadata.notes', 'Notes must be text of at most 2000 characters',
      jsonb_build_object('max', 2000));
  end if;
  return problems;
end;
$function$;

revoke all on function private.location_problems(public.warehouse_locations) from public;
grant execute on function private.location_problems(public.warehouse_locations) to authenticated, service_role;

CREATE OR REPLACE FUNCTION private.validate_location()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  perform private.raise_problems(private.location_problems(new));
  return new;
end;
$function$;
revoke all on function private.validate_location() from public;

-- The problems of a warehouse staff row as the form's fields, [] when none.
CREATE OR REPLACE FUNCTION private.warehouse_staff_problems(s public.warehouse_staff)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  problems jsonb := '[]'::jsonb;
begin
  if s.warehouse_id is null then
    problems := problems || private.problem('warehouse_staff.warehouse_required', 'warehouse_id', 'Warehouse is required');
  elsif not exists (select 1 from public.warehouses w where w.id = s.warehouse_id and w.tenant_id = s.tenant_id) then
    problems := problems || private.problem('warehouse_staff.warehouse_not_found', 'warehouse_id', 'Warehouse not found');
  end if;
  if s.user_id is null then
    problems := problems || private.problem('warehouse_staff.user_required', 'user_id', 'User is required');
  elsif not exists (select 1 from public.profiles p where p.id = s.user_id and p.tenant_id = s.tenant_id) then
    problems := problems || private.problem('warehouse_staff.user_not_member', 'user_id', 'User must be a person of this business');
  elsif exists (select 1 from public.warehouse_staff o where o.warehouse_id = s.warehouse_id and o.user_id = s.user_id and o.id <> s.id) then
    problems := problems || private.problem('warehouse_staff.already_staff', 'user_id', 'This person already works at this warehouse');
  end if;
  if s.role is null or btrim(s.role) = '' then
    problems := problems || private.problem('warehouse_staff.role_required', 'role', 'Role is required');
  elsif s.role not in ('manager', 'supervisor', 'receiver', 'picker', 'packer', 'dispatcher_liaison') then
    problems := problems || private.problem('warehouse_staff.role_invalid', 'role', 'Invalid role');
  end if;
  return problems;
end;
$function$;

revoke all on function private.warehouse_staff_problems(public.warehouse_staff) from public;
grant execute on function private.warehouse_staff_problems(public.warehouse_staff) to authenticated, service_role;

CREATE OR REPLACE FUNCTION private.validate_warehouse_staff()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  perform private.raise_problems(private.warehouse_staff_problems(new));
  return new;
end;
$function$;
revoke all on function private.validate_warehouse_staff() from public;
