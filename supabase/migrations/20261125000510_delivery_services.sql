-- Delivery services: what a tenant sells (on demand, same day, next day, scheduled), each with its
-- promised transit window (the SLA, in hours) and the vehicle features a delivery of it needs (the
-- special features a vehicle may carry; assignments check the vehicle carries them).
-- Admins manage them; dispatchers read them all; drivers read the active ones (the service of the
-- deliveries they carry); customers read none.
-- The form's rules hold here too: 23514 'Validation failed' with [{field, message}] details.

-- Distinct, non-null values, all in `allowed` (a check constraint may not hold the subquery).
create or replace function private.is_text_set(value text[], allowed text[]) returns boolean
language sql
immutable
set search_path = ''
as $$
  select value is not null and value <@ allowed and array_position(value, null) is null
    and cardinality(value) = (select count(distinct v) from unnest(value) v);
$$;
revoke all on function private.is_text_set(text[], text[]) from public;
grant execute on function private.is_text_set(text[], text[]) to anon, authenticated, service_role;

create table public.delivery_services (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  name text not null,
  code text not null,
  description text not null default '',
  kind text not null,
  min_transit_hours numeric(6, 2) not null,
  max_transit_hours numeric(6, 2) not null,
  required_vehicle_features text[] not null default '{}',
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint delivery_services_code_key unique (tenant_id, code),
  constraint delivery_services_id_tenant_id_key unique (id, tenant_id),
  constraint delivery_services_name_check check (btrim(name) <> '' and length(name) <= 120),
  constraint delivery_services_code_check check (code ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$'),
  constraint delivery_services_description_check check (length(description) <= 1000),
  constraint delivery_services_kind_check check (kind in ('on_demand', 'same_day', 'next_day', 'scheduled')),
  constraint delivery_services_min_transit_hours_check check (min_transit_hours >= 0 and min_transit_hours <= 720),
  constraint delivery_services_max_transit_hours_check check (max_transit_hours >= min_transit_hours and max_transit_hours <= 720),
  constraint delivery_services_required_vehicle_features_check check (
    private.is_text_set(required_vehicle_features, array['lift_gate', 'refrigeration', 'temperature_control', 'security_system', 'gps_tracking'])
  )
);
create index delivery_services_tenant_id_name_idx on public.delivery_services (tenant_id, name);
create index delivery_services_tenant_id_active_idx on public.delivery_services (tenant_id, active);
alter table public.delivery_services enable row level security;

create trigger set_updated_at before update on public.delivery_services
  for each row execute function private.set_updated_at();

create or replace function private.delivery_service_problems(s public.delivery_services) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  if s.name is null or btrim(s.name) = '' then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name is required');
  elsif length(s.name) > 120 then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name must be at most 120 characters');
  end if;

  if s.code is null or btrim(s.code) = '' then
    problems := problems || jsonb_build_object('field', 'code', 'message', 'Code is required');
  elsif s.code !~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$' then
    problems := problems || jsonb_build_object('field', 'code', 'message',
      'Code must be up to 32 letters, digits, - or _, starting with a letter or digit');
  elsif exists (select 1 from public.delivery_services o where o.tenant_id = s.tenant_id and o.code = s.code and o.id <> s.id) then
    problems := problems || jsonb_build_object('field', 'code', 'message', 'Code already exists');
  end if;

  if s.description is null or length(s.description) > 1000 then
    problems := problems || jsonb_build_object('field', 'description', 'message', 'Description must be at most 1000 characters');
  end if;

  if s.kind is null then
    problems := problems || jsonb_build_object('field', 'kind', 'message', 'Kind is required');
  elsif s.kind not in ('on_demand', 'same_day', 'next_day', 'scheduled') then
    problems := problems || jsonb_build_object('field', 'kind', 'message', 'Kind must be one of on_demand, same_day, next_day or scheduled');
  end if;

  if s.min_transit_hours is null then
    problems := problems || jsonb_build_object('field', 'min_transit_hours', 'message', 'Min transit hours is required');
  elsif s.min_transit_hours < 0 or s.min_transit_hours > 720 then
    problems := problems || jsonb_build_object('field', 'min_transit_hours', 'message', 'Min transit hours must be from 0 to 720');
  end if;

  if s.max_transit_hours is null then
    problems := problems || jsonb_build_object('field', 'max_transit_hours', 'message', 'Max transit hours is required');
  elsif s.max_transit_hours < 0 or s.max_transit_hours > 720 then
    problems := problems || jsonb_build_object('field', 'max_transit_hours', 'message', 'Max transit hours must be from 0 to 720');
  elsif s.min_transit_hours is not null and s.max_transit_hours < s.min_transit_hours then
    problems := problems || jsonb_build_object('field', 'max_transit_hours', 'message', 'Max transit hours must not be less than min transit hours');
  end if;

  if not coalesce(private.is_text_set(s.required_vehicle_features,
       array['lift_gate', 'refrigeration', 'temperature_control', 'security_system', 'gps_tracking']), false) then
    problems := problems || jsonb_build_object('field', 'required_vehicle_features', 'message',
      'Vehicle features must be distinct values among lift_gate, refrigeration, temperature_control, security_system and gps_tracking');
  end if;
  return problems;
end;
$$;
revoke all on function private.delivery_service_problems(public.delivery_services) from public;
grant execute on function private.delivery_service_problems(public.delivery_services) to authenticated, service_role;

create or replace function private.validate_delivery_service() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  problems := private.delivery_service_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_delivery_service() from public;

create trigger validate_delivery_service before insert or update on public.delivery_services
  for each row execute function private.validate_delivery_service();

create trigger audit_row_change after insert or update or delete on public.delivery_services
  for each row execute function private.audit_row_change();

revoke all on public.delivery_services from anon, authenticated;
grant select on public.delivery_services to authenticated;
grant insert (tenant_id, name, code, description, kind, min_transit_hours, max_transit_hours, required_vehicle_features, active)
  on public.delivery_services to authenticated;
grant update (name, code, description, kind, min_transit_hours, max_transit_hours, required_vehicle_features, active)
  on public.delivery_services to authenticated;
grant delete on public.delivery_services to authenticated;

create policy "delivery_services: admins and dispatchers read the tenant's, drivers its active ones" on public.delivery_services
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.current_panel_type()) in ('admin', 'dispatcher')
      or ((select private.current_panel_type()) = 'driver' and active)
    )
  );
create policy "delivery_services: admins add" on public.delivery_services for insert to authenticated
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "delivery_services: admins update" on public.delivery_services for update to authenticated
  using ((select private.is_tenant_admin(tenant_id)))
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "delivery_services: admins remove" on public.delivery_services for delete to authenticated
  using ((select private.is_tenant_admin(tenant_id)));
