-- Vehicles of a tenant's fleet: admins manage them, dispatchers
-- read them; live on `tenant:<tenant_id>:vehicles` for the tenant's admins and dispatchers.
--
-- The form's rules hold here too. A write that breaks them is refused by
-- private.validate_vehicle() with SQLSTATE 23514, message 'Validation failed' and, as DETAIL, a
-- JSON array of {field, message} with the spec's messages. PostgREST passes DETAIL on as the error
-- body's `details`, which src/lib/server-errors.ts parses and the form applies to its fields
-- (field names are the form's: `vehicle_requirements.fuel_type`, ...). The check constraints
-- say the same again, named `vehicles_<form field, dots as _>_check`, so that a refusal without
-- details (a race on the unique code, a load with triggers off) still lands on its field.

-- Printable ASCII (0x20-0x7E), not only spaces: the spec's rule for name, code and description.
create or replace function private.is_printable_ascii(value text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select value ~ '^[\x20-\x7E]+$' and btrim(value) <> '';
$$;

-- A JSON array of at least `min_count` distinct strings, all in `allowed`. CASE, not AND: the
-- array functions raise on a non-array, and AND does not promise to test the type first.
create or replace function private.is_string_set(value jsonb, allowed text[], min_count integer default 0) returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    when value is null or jsonb_typeof(value) <> 'array' then false
    when jsonb_array_length(value) < min_count then false
    else not exists (select 1 from jsonb_array_elements(value) e where jsonb_typeof(e) <> 'string' or e #>> '{}' <> all (allowed))
      and (select count(distinct e) = count(*) from jsonb_array_elements(value) e)
  end;
$$;

-- Where a tenant's files live: `<tenant_id>/<file>` in the `tenants` bucket, as a storage path or
-- as the public URL of that path on any host (local stack, Supabase project, custom domain). The
-- file name is what the upload-file function stores: no folders, no dot files.
create or replace function private.is_tenant_file_ref(ref text, tenant uuid) returns boolean
language sql
immutable
set search_path = ''
as $$
  select ref ~ ('^(https?://[^/?#\s]+/storage/v1/object/public/tenants/)?' || tenant::text || '/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$');
$$;

revoke all on function private.is_printable_ascii(text), private.is_string_set(jsonb, text[], integer),
  private.is_tenant_file_ref(text, uuid) from public;
grant execute on function private.is_printable_ascii(text), private.is_string_set(jsonb, text[], integer),
  private.is_tenant_file_ref(text, uuid) to anon, authenticated, service_role;

create table public.vehicles (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  name text not null,
  code text not null,
  description text not null,
  image_url text,
  capacity_unit numeric not null,
  vehicle_requirements jsonb not null default '{"license_requirements": [], "special_features": []}'::jsonb,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint vehicles_code_key unique (tenant_id, code),
  constraint vehicles_name_check check (private.is_printable_ascii(name) and length(name) <= 200),
  constraint vehicles_code_check check (private.is_printable_ascii(code) and length(code) <= 64),
  constraint vehicles_description_check check (private.is_printable_ascii(description) and length(description) <= 2000),
  -- NaN and Infinity compare greater than every number in Postgres: refused explicitly.
  constraint vehicles_capacity_unit_check check (capacity_unit >= 1 and capacity_unit < 'Infinity'::numeric and capacity_unit <> 'NaN'::numeric),
  constraint vehicles_image_url_check check (image_url is null or private.is_tenant_file_ref(image_url, tenant_id)),
  constraint vehicles_vehicle_requirements_check check (jsonb_typeof(vehicle_requirements) = 'object'),
  constraint vehicles_vehicle_requirements_license_requirements_check check (
    private.is_string_set(vehicle_requirements -> 'license_requirements', array['standard', 'commercial', 'special'], 1)
  ),
  constraint vehicles_vehicle_requirements_special_features_check check (
    private.is_string_set(coalesce(vehicle_requirements -> 'special_features', '[]'::jsonb),
      array['lift_gate', 'refrigeration', 'temperature_control', 'security_system', 'gps_tracking'])
  ),
  constraint vehicles_vehicle_requirements_fuel_type_check check (
    coalesce(jsonb_typeof(vehicle_requirements -> 'fuel_type') = 'string'
      and vehicle_requirements ->> 'fuel_type' in ('petrol', 'diesel', 'electric', 'hybrid', 'cng'), false)
  ),
  constraint vehicles_vehicle_requirements_keys_check check (
    case when jsonb_typeof(vehicle_requirements) = 'object'
      then vehicle_requirements - array['license_requirements', 'special_features', 'fuel_type'] = '{}'::jsonb
      else false end
  )
);
create index vehicles_tenant_id_idx on public.vehicles (tenant_id);
create index vehicles_tenant_id_name_idx on public.vehicles (tenant_id, name);
alter table public.vehicles enable row level security;

create trigger set_updated_at before update on public.vehicles
  for each row execute function private.set_updated_at();

-- The problems of a vehicle as the form's fields, [] when there are none. One message per field,
-- the first rule it breaks, so the form shows what to fix first.
create or replace function private.vehicle_problems(v public.vehicles) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  req jsonb := v.vehicle_requirements;
  licences jsonb;
  features jsonb;
  fuel jsonb;
begin
  if v.name is null or btrim(v.name) = '' then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name is required!');
  elsif not private.is_printable_ascii(v.name) then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name can only contain letters, numbers, and special characters');
  elsif length(v.name) > 200 then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name must be at most 200 characters');
  end if;

  if v.code is null or btrim(v.code) = '' then
    problems := problems || jsonb_build_object('field', 'code', 'message', 'Code is required!');
  elsif not private.is_printable_ascii(v.code) then
    problems := problems || jsonb_build_object('field', 'code', 'message', 'Code can only contain letters, numbers, and special characters');
  elsif length(v.code) > 64 then
    problems := problems || jsonb_build_object('field', 'code', 'message', 'Code must be at most 64 characters');
  elsif exists (select 1 from public.vehicles o where o.tenant_id = v.tenant_id and o.code = v.code and o.id <> v.id) then
    problems := problems || jsonb_build_object('field', 'code', 'message', 'Code already exists');
  end if;

  if v.description is null or btrim(v.description) = '' then
    problems := problems || jsonb_build_object('field', 'description', 'message', 'Description is required!');
  elsif not private.is_printable_ascii(v.description) then
    problems := problems || jsonb_build_object('field', 'description', 'message', 'Description can only contain letters, numbers, and special characters');
  elsif length(v.description) > 2000 then
    problems := problems || jsonb_build_object('field', 'description', 'message', 'Description must be at most 2000 characters');
  end if;

  if v.capacity_unit is null or v.capacity_unit < 1 or v.capacity_unit = 'NaN'::numeric or v.capacity_unit = 'Infinity'::numeric then
    problems := problems || jsonb_build_object('field', 'capacity_unit', 'message', 'Capacity unit must be a number and greater than 0!');
  end if;

  if v.image_url is not null and not private.is_tenant_file_ref(v.image_url, v.tenant_id) then
    problems := problems || jsonb_build_object('field', 'image_url', 'message', 'Image must be a file uploaded to this business''s storage');
  end if;

  if req is null or jsonb_typeof(req) <> 'object' then
    req := '{}'::jsonb;
  elsif req - array['license_requirements', 'special_features', 'fuel_type'] <> '{}'::jsonb then
    problems := problems || jsonb_build_object('field', 'vehicle_requirements',
      'message', 'Vehicle requirements can only hold license_requirements, special_features and fuel_type');
  end if;
  licences := req -> 'license_requirements';
  features := coalesce(req -> 'special_features', '[]'::jsonb);
  fuel := req -> 'fuel_type';

  if licences is null or jsonb_typeof(licences) = 'null' or (jsonb_typeof(licences) = 'array' and jsonb_array_length(licences) = 0) then
    problems := problems || jsonb_build_object('field', 'vehicle_requirements.license_requirements', 'message', 'At least one license requirement is required!');
  elsif not private.is_string_set(licences, array['standard', 'commercial', 'special']) then
    problems := problems || jsonb_build_object('field', 'vehicle_requirements.license_requirements',
      'message', 'License requirements must be distinct values among standard, commercial and special');
  end if;

  if not private.is_string_set(features, array['lift_gate', 'refrigeration', 'temperature_control', 'security_system', 'gps_tracking']) then
    problems := problems || jsonb_build_object('field', 'vehicle_requirements.special_features',
      'message', 'Special features must be distinct values among lift_gate, refrigeration, temperature_control, security_system and gps_tracking');
  end if;

  if fuel is null or jsonb_typeof(fuel) = 'null' or (jsonb_typeof(fuel) = 'string' and btrim(fuel #>> '{}') = '') then
    problems := problems || jsonb_build_object('field', 'vehicle_requirements.fuel_type', 'message', 'Fuel type is required!');
  elsif jsonb_typeof(fuel) <> 'string' or fuel #>> '{}' not in ('petrol', 'diesel', 'electric', 'hybrid', 'cng') then
    problems := problems || jsonb_build_object('field', 'vehicle_requirements.fuel_type',
      'message', 'Fuel type must be one of petrol, diesel, electric, hybrid or cng');
  end if;

  return problems;
end;
$$;
revoke all on function private.vehicle_problems(public.vehicles) from public;
grant execute on function private.vehicle_problems(public.vehicles) to authenticated, service_role;

-- Security invoker: the duplicate-code lookup sees what the caller sees. A caller who may not
-- write the row's tenant is left to RLS (42501), so a refusal never tells them about another
-- tenant's codes.
create or replace function private.validate_vehicle() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  problems := private.vehicle_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_vehicle() from public;

create trigger validate_vehicle before insert or update on public.vehicles
  for each row execute function private.validate_vehicle();

revoke all on public.vehicles from anon, authenticated;
grant select on public.vehicles to authenticated;
-- tenant_id may be sent on insert (RLS holds it to the admin's own tenant) and never changed.
grant insert (tenant_id, name, code, description, image_url, capacity_unit, vehicle_requirements, active)
  on public.vehicles to authenticated;
grant update (name, code, description, image_url, capacity_unit, vehicle_requirements, active)
  on public.vehicles to authenticated;
grant delete on public.vehicles to authenticated;

create policy "vehicles: admins and dispatchers of the tenant read" on public.vehicles for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (select private.current_panel_type()) in ('admin', 'dispatcher')
  );
create policy "vehicles: admins add" on public.vehicles for insert to authenticated
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "vehicles: admins update" on public.vehicles for update to authenticated
  using ((select private.is_tenant_admin(tenant_id)))
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "vehicles: admins remove" on public.vehicles for delete to authenticated
  using ((select private.is_tenant_admin(tenant_id)));

-- The one trigger function of every live table (tests/stack/fixture/.../live_tenant_fixtures.sql):
-- each row change goes to `tenant:<tenant_id>:<table>`. Security definer because realtime.send
-- writes realtime.messages, which the caller may not (as the caller the broadcast would be lost).
create or replace function private.broadcast_tenant_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.tenant_id is distinct from old.tenant_id then
    perform realtime.broadcast_changes(
      'tenant:' || old.tenant_id::text || ':' || tg_table_name, 'DELETE', 'DELETE', tg_table_name, tg_table_schema, null, old);
    perform realtime.broadcast_changes(
      'tenant:' || new.tenant_id::text || ':' || tg_table_name, 'INSERT', 'INSERT', tg_table_name, tg_table_schema, new, null);
  else
    perform realtime.broadcast_changes(
      'tenant:' || coalesce(new.tenant_id, old.tenant_id)::text || ':' || tg_table_name,
      tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  end if;
  return null;
end;
$$;
revoke all on function private.broadcast_tenant_change() from public;

create trigger vehicles_broadcast
  after insert or update or delete on public.vehicles
  for each row execute function private.broadcast_tenant_change();

-- Which panels may join a tenant entity topic. An entity listed here is received only by those
-- panels of the tenant; an entity not listed stays open to every active member (the rule of
-- 20261121000300). Each live table's migration adds its row.
create table private.tenant_topic_panels (
  entity text primary key,
  panel_types text[] not null,
  constraint tenant_topic_panels_entity_format check (entity ~ '^[a-z_][a-z0-9_]*$'),
  constraint tenant_topic_panels_panel_types_check check (
    panel_types <@ array['admin', 'dispatcher', 'driver', 'customer'] and cardinality(panel_types) >= 1
  )
);
revoke all on private.tenant_topic_panels from public, anon, authenticated;

insert into private.tenant_topic_panels (entity, panel_types) values ('vehicles', array['admin', 'dispatcher']);

create or replace function private.may_receive_tenant_topic(topic text) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  parts text[];
  panels text[];
begin
  if topic is null or topic !~ '^tenant:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:[a-z_][a-z0-9_]*(:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$' then
    return false;
  end if;
  parts := string_to_array(topic, ':');
  if not private.is_tenant_member(parts[2]::uuid) then
    return false;
  end if;
  if parts[3] = 'notifications' then
    return array_length(parts, 1) = 4 and parts[4]::uuid = auth.uid();
  end if;
  if array_length(parts, 1) <> 3 then
    return false;
  end if;
  select t.panel_types into panels from private.tenant_topic_panels t where t.entity = parts[3];
  return panels is null or private.current_panel_type() = any (panels);
end;
$$;
