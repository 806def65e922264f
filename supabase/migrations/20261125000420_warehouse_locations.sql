-- Warehouse locations: zone > aisle > shelf > bin.
-- The database holds the hierarchy: a zone has no parent; an aisle's parent is a zone, a shelf's an
-- aisle, a bin's a shelf, always in the same warehouse (the (parent_id, warehouse_id) foreign key
-- and private.location_problems). A location with sub-locations keeps its type and warehouse.
--
-- Every location gets a code people read and scanners read off labels, generated here: its
-- parent's code and its own segment, Z<n> / A<nn> / S<n> / B<nn>, numbered per parent in creation
-- order (Z1-A03-S2-B05). A location moved to another parent is renumbered there, and its
-- sub-locations' codes follow.
--
-- Who: admins manage; whoever may access the warehouse (private.can_access_warehouse) reads.

create table public.warehouse_locations (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  warehouse_id uuid not null,
  location_type text not null,
  name text not null,
  parent_id uuid,
  code text not null default '',
  seq integer not null default 0,
  position jsonb not null default '{}'::jsonb,
  capacity jsonb not null default '{}'::jsonb,
  status text not null default 'active',
  metadata jsonb not null default '{"temperature_range": {"min": 15, "max": 25}, "special_handling": [], "security_level": "medium", "access_restrictions": [], "notes": ""}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint warehouse_locations_id_warehouse_key unique (id, warehouse_id),
  constraint warehouse_locations_warehouse_id_fkey foreign key (warehouse_id, tenant_id)
    references public.warehouses (id, tenant_id) on delete cascade,
  -- The parent is in the same warehouse; a location with sub-locations cannot be removed (checked at
  -- the end of the statement, so removing a warehouse takes its whole tree).
  constraint warehouse_locations_parent_id_fkey foreign key (parent_id, warehouse_id)
    references public.warehouse_locations (id, warehouse_id) on delete no action,
  constraint warehouse_locations_code_key unique (warehouse_id, code),
  constraint warehouse_locations_location_type_check check (location_type in ('zone', 'aisle', 'shelf', 'bin')),
  constraint warehouse_locations_parent_id_check check ((location_type = 'zone') = (parent_id is null)),
  constraint warehouse_locations_name_check check (btrim(name) <> '' and length(name) <= 200),
  constraint warehouse_locations_status_check check (status in ('active', 'inactive', 'maintenance', 'reserved')),
  constraint warehouse_locations_position_check check (jsonb_typeof(position) = 'object'),
  constraint warehouse_locations_capacity_check check (jsonb_typeof(capacity) = 'object'),
  constraint warehouse_locations_metadata_check check (jsonb_typeof(metadata) = 'object')
);
create index warehouse_locations_tenant_id_idx on public.warehouse_locations (tenant_id, created_at desc);
create index warehouse_locations_warehouse_id_idx on public.warehouse_locations (warehouse_id, tenant_id, location_type);
create index warehouse_locations_parent_id_idx on public.warehouse_locations (parent_id, warehouse_id);
create index warehouse_locations_warehouse_id_code_idx on public.warehouse_locations (warehouse_id, code);
alter table public.warehouse_locations enable row level security;

create trigger set_updated_at before update on public.warehouse_locations
  for each row execute function private.set_updated_at();

create trigger audit_row_change after insert or update or delete on public.warehouse_locations
  for each row execute function private.audit_row_change();

-- The type one level up (null for a zone).
create or replace function private.location_parent_type(location_type text) returns text
language sql
immutable
set search_path = ''
as $$
  select case location_type when 'aisle' then 'zone' when 'shelf' then 'aisle' when 'bin' then 'shelf' end;
$$;
revoke all on function private.location_parent_type(text) from public;
grant execute on function private.location_parent_type(text) to authenticated, service_role;

-- A JSON value that is absent, null, or a number at least 0.
create or replace function private.is_optional_non_negative(value jsonb) returns boolean
language sql
immutable
set search_path = ''
as $$
  select value is null or jsonb_typeof(value) = 'null'
    or (jsonb_typeof(value) = 'number' and (value #>> '{}')::numeric >= 0);
$$;
revoke all on function private.is_optional_non_negative(jsonb) from public;
grant execute on function private.is_optional_non_negative(jsonb) to authenticated, service_role;

-- The problems of a location as the form's fields (spec 5 'Warehouse location'), [] when none.
create or replace function private.location_problems(l public.warehouse_locations) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse is required!');
  elsif not exists (select 1 from public.warehouses w where w.id = l.warehouse_id and w.tenant_id = l.tenant_id) then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse not found');
  end if;

  if l.location_type is null or l.location_type not in ('zone', 'aisle', 'shelf', 'bin') then
    problems := problems || jsonb_build_object('field', 'location_type', 'message', 'Invalid location type');
  end if;

  if l.name is null or btrim(l.name) = '' then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name is required!');
  elsif length(l.name) > 200 then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name must be at most 200 characters');
  end if;

  if l.status is null or l.status not in ('active', 'inactive', 'maintenance', 'reserved') then
    problems := problems || jsonb_build_object('field', 'status', 'message', 'Invalid status');
  end if;

  -- The hierarchy.
  if l.location_type = 'zone' then
    if l.parent_id is not null then
      problems := problems || jsonb_build_object('field', 'parent_id', 'message', 'A zone cannot have a parent');
    end if;
  elsif l.location_type in ('aisle', 'shelf', 'bin') then
    if l.parent_id is null then
      problems := problems || jsonb_build_object('field', 'parent_id', 'message', case l.location_type
        when 'aisle' then 'An aisle needs a parent zone'
        when 'shelf' then 'A shelf needs a parent aisle'
        else 'A bin needs a parent shelf' end);
    else
      select * into parent from public.warehouse_locations p where p.id = l.parent_id and p.tenant_id = l.tenant_id;
      if parent.id is null then
        problems := problems || jsonb_build_object('field', 'parent_id', 'message', 'Parent location not found');
      elsif parent.warehouse_id is distinct from l.warehouse_id then
        problems := problems || jsonb_build_object('field', 'parent_id', 'message', 'The parent must be in the same warehouse');
      elsif parent.location_type <> private.location_parent_type(l.location_type) then
        problems := problems || jsonb_build_object('field', 'parent_id', 'message', case l.location_type
          when 'aisle' then 'The parent of an aisle must be a zone'
          when 'shelf' then 'The parent of a shelf must be an aisle'
          else 'The parent of a bin must be a shelf' end);
      end if;
    end if;
  end if;

  -- A location with sub-locations keeps its type and warehouse (its children would break the rule).
  select * into old_row from public.warehouse_locations o where o.id = l.id;
  if old_row.id is not null then
    has_children := exists (select 1 from public.warehouse_locations c where c.parent_id = l.id);
    if has_children and old_row.location_type is distinct from l.location_type then
      problems := problems || jsonb_build_object('field', 'location_type', 'message', 'A location with sub-locations cannot change its type');
    end if;
    if has_children and old_row.warehouse_id is distinct from l.warehouse_id then
      problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'A location with sub-locations cannot move to another warehouse');
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
    problems := problems || jsonb_build_object('field', 'position', 'message', 'Position fields must match the location type');
  end if;
  if pos ? 'floor' and jsonb_typeof(pos -> 'floor') not in ('number', 'null') then
    problems := problems || jsonb_build_object('field', 'position.floor', 'message', 'Floor must be a number');
  end if;
  if pos ? 'area' and jsonb_typeof(pos -> 'area') not in ('string', 'null') then
    problems := problems || jsonb_build_object('field', 'position.area', 'message', 'Area must be text');
  end if;
  if not private.is_optional_non_negative(pos -> 'number') then
    problems := problems || jsonb_build_object('field', 'position.number', 'message', 'Aisle number must be at least 0');
  end if;
  if pos ? 'section' and jsonb_typeof(pos -> 'section') not in ('string', 'null') then
    problems := problems || jsonb_build_object('field', 'position.section', 'message', 'Section must be text');
  end if;
  if not private.is_optional_non_negative(pos -> 'height') then
    problems := problems || jsonb_build_object('field', 'position.height', 'message', 'Height must be at least 0');
  end if;
  if not private.is_optional_non_negative(pos -> 'sequence') then
    problems := problems || jsonb_build_object('field', 'position.sequence', 'message', 'Sequence must be at least 0');
  end if;
  if pos ? 'position' and jsonb_typeof(pos -> 'position') <> 'null'
     and coalesce(pos ->> 'position' not in ('front', 'back', 'left', 'right', 'center'), true) then
    problems := problems || jsonb_build_object('field', 'position.position', 'message', 'Bin position must be front, back, left, right or center');
  end if;

  -- Capacity: optional numbers, none below 0.
  if jsonb_typeof(l.capacity) is distinct from 'object'
     or cap - array['max_weight', 'max_volume', 'dimensions', 'item_limit'] <> '{}'::jsonb then
    problems := problems || jsonb_build_object('field', 'capacity', 'message', 'Capacity can only hold max_weight, max_volume, dimensions and item_limit');
  end if;
  if not private.is_optional_non_negative(cap -> 'max_weight') then
    problems := problems || jsonb_build_object('field', 'capacity.max_weight', 'message', 'Max weight must be at least 0');
  end if;
  if not private.is_optional_non_negative(cap -> 'max_volume') then
    problems := problems || jsonb_build_object('field', 'capacity.max_volume', 'message', 'Max volume must be at least 0');
  end if;
  if not private.is_optional_non_negative(cap -> 'item_limit') then
    problems := problems || jsonb_build_object('field', 'capacity.item_limit', 'message', 'Item limit must be at least 0');
  end if;
  if cap ? 'dimensions' and jsonb_typeof(cap -> 'dimensions') <> 'null' then
    if jsonb_typeof(cap -> 'dimensions') <> 'object' or (cap -> 'dimensions') - array['length', 'width', 'height'] <> '{}'::jsonb then
      problems := problems || jsonb_build_object('field', 'capacity.dimensions', 'message', 'Dimensions can only hold length, width and height');
    else
      if not private.is_optional_non_negative(cap -> 'dimensions' -> 'length') then
        problems := problems || jsonb_build_object('field', 'capacity.dimensions.length', 'message', 'Length must be at least 0');
      end if;
      if not private.is_optional_non_negative(cap -> 'dimensions' -> 'width') then
        problems := problems || jsonb_build_object('field', 'capacity.dimensions.width', 'message', 'Width must be at least 0');
      end if;
      if not private.is_optional_non_negative(cap -> 'dimensions' -> 'height') then
        problems := problems || jsonb_build_object('field', 'capacity.dimensions.height', 'message', 'Height must be at least 0');
      end if;
    end if;
  end if;

  -- Metadata.
  if jsonb_typeof(l.metadata) is distinct from 'object'
     or meta - array['temperature_range', 'special_handling', 'security_level', 'access_restrictions', 'notes'] <> '{}'::jsonb then
    problems := problems || jsonb_build_object('field', 'metadata', 'message',
      'Metadata can only hold temperature_range, special_handling, security_level, access_restrictions and notes');
  end if;
  if meta ? 'temperature_range' and jsonb_typeof(meta -> 'temperature_range') <> 'null' then
    if jsonb_typeof(meta -> 'temperature_range') <> 'object'
       or coalesce(jsonb_typeof(meta -> 'temperature_range' -> 'min'), 'null') not in ('number', 'null')
       or coalesce(jsonb_typeof(meta -> 'temperature_range' -> 'max'), 'null') not in ('number', 'null') then
      problems := problems || jsonb_build_object('field', 'metadata.temperature_range.min', 'message', 'Temperatures must be numbers');
    elsif jsonb_typeof(meta -> 'temperature_range' -> 'min') = 'number' and jsonb_typeof(meta -> 'temperature_range' -> 'max') = 'number'
       and (meta #>> '{temperature_range,min}')::numeric > (meta #>> '{temperature_range,max}')::numeric then
      problems := problems || jsonb_build_object('field', 'metadata.temperature_range.max', 'message', 'Maximum temperature must not be below the minimum');
    end if;
  end if;
  if meta ? 'special_handling' and not private.is_string_set(meta -> 'special_handling',
       array['fragile', 'dust-free', 'temperature-controlled', 'hazardous', 'flammable']) then
    problems := problems || jsonb_build_object('field', 'metadata.special_handling', 'message',
      'Special handling must be distinct values among fragile, dust-free, temperature-controlled, hazardous and flammable');
  end if;
  if meta ? 'access_restrictions' and not private.is_string_set(meta -> 'access_restrictions',
       array['key-card', 'supervisor', 'security', 'authorized-personnel']) then
    problems := problems || jsonb_build_object('field', 'metadata.access_restrictions', 'message',
      'Access restrictions must be distinct values among key-card, supervisor, security and authorized-personnel');
  end if;
  if meta ? 'security_level' and coalesce(meta ->> 'security_level' not in ('low', 'medium', 'high', 'maximum'), true) then
    problems := problems || jsonb_build_object('field', 'metadata.security_level', 'message', 'Security level must be low, medium, high or maximum');
  end if;
  if meta ? 'notes' and jsonb_typeof(meta -> 'notes') <> 'null'
     and (jsonb_typeof(meta -> 'notes') <> 'string' or length(meta ->> 'notes') > 2000) then
    problems := problems || jsonb_build_object('field', 'metadata.notes', 'message', 'Notes must be text of at most 2000 characters');
  end if;
  return problems;
end;
$$;
revoke all on function private.location_problems(public.warehouse_locations) from public;
grant execute on function private.location_problems(public.warehouse_locations) to authenticated, service_role;

create or replace function private.validate_location() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  problems := private.location_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_location() from public;

-- Runs after validate_location (triggers fire in name order): the code from the parent's code and
-- the location's number among its siblings. A new location, or one given a new parent or type, is
-- numbered after its last sibling; otherwise it keeps its number and only follows its parent's code.
create or replace function private.assign_location_code() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  parent_code text;
  prefix text := case new.location_type when 'zone' then 'Z' when 'aisle' then 'A' when 'shelf' then 'S' else 'B' end;
  width integer := case new.location_type when 'aisle' then 2 when 'bin' then 2 else 1 end;
begin
  if tg_op = 'INSERT' or new.parent_id is distinct from old.parent_id or new.location_type is distinct from old.location_type
     or new.warehouse_id is distinct from old.warehouse_id then
    select coalesce(max(s.seq), 0) + 1 into new.seq
    from public.warehouse_locations s
    where s.warehouse_id = new.warehouse_id and s.parent_id is not distinct from new.parent_id
      and s.location_type = new.location_type and s.id <> new.id;
  end if;
  select p.code into parent_code from public.warehouse_locations p where p.id = new.parent_id;
  new.code := coalesce(parent_code || '-', '') || prefix || lpad(new.seq::text, width, '0');
  return new;
end;
$$;
revoke all on function private.assign_location_code() from public;

-- A changed code carries down to the sub-locations (each recomputes its own from its parent).
create or replace function private.cascade_location_code() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.code is distinct from old.code then
    update public.warehouse_locations c set code = c.code where c.parent_id = new.id;
  end if;
  return null;
end;
$$;
revoke all on function private.cascade_location_code() from public;

create trigger validate_location before insert or update on public.warehouse_locations
  for each row execute function private.validate_location();
create trigger warehouse_location_code before insert or update on public.warehouse_locations
  for each row execute function private.assign_location_code();
-- Not `update of code`: a column list names the statement's SET columns, and a move sets parent_id.
create trigger warehouse_location_code_cascade after update on public.warehouse_locations
  for each row execute function private.cascade_location_code();

revoke all on public.warehouse_locations from anon, authenticated;
grant select on public.warehouse_locations to authenticated;
grant insert (tenant_id, warehouse_id, location_type, name, parent_id, position, capacity, status, metadata)
  on public.warehouse_locations to authenticated;
grant update (warehouse_id, location_type, name, parent_id, position, capacity, status, metadata)
  on public.warehouse_locations to authenticated;
grant delete on public.warehouse_locations to authenticated;

create policy "warehouse_locations: whoever may access the warehouse reads" on public.warehouse_locations
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and private.can_access_warehouse(warehouse_id));
create policy "warehouse_locations: admins add" on public.warehouse_locations for insert to authenticated
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "warehouse_locations: admins update" on public.warehouse_locations for update to authenticated
  using ((select private.is_tenant_admin(tenant_id)))
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "warehouse_locations: admins remove" on public.warehouse_locations for delete to authenticated
  using ((select private.is_tenant_admin(tenant_id)));
