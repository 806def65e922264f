-- Zone pricing: the price of a service from an origin zone
-- to a destination zone (the same zone for both is a local route): a base price plus a price per
-- kg, and the transit time in hours. One row per route and service. Money is numeric(12,2) in the
-- tenant's currency (private.tenant_currency: tenant settings, USD by default); never floats.
-- Admins manage prices; dispatchers read them (they quote); drivers and customers read none.
-- The list screen reads public.zone_pricing_rows: the rows with their zone and service names, so
-- that search, filters, sort and the exact total are one request.

-- The currency a tenant prices in: its settings' general.currency (an ISO 4217 code), else USD.
create or replace function private.tenant_currency(tenant uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select upper(t.settings #>> '{general,currency}') from public.tenants t
     where t.id = tenant and upper(t.settings #>> '{general,currency}') ~ '^[A-Z]{3}$'),
    'USD');
$$;
revoke all on function private.tenant_currency(uuid) from public;
grant execute on function private.tenant_currency(uuid) to authenticated, service_role;

-- The caller's currency, for screens that show prices.
create or replace function public.tenant_currency() returns text
language sql
stable
set search_path = ''
as $$
  select case when (select private.current_tenant_id()) is null then null
    else private.tenant_currency((select private.current_tenant_id())) end;
$$;
revoke all on function public.tenant_currency() from public, anon;
grant execute on function public.tenant_currency() to authenticated, service_role;

create table public.zone_pricing (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  origin_zone_id uuid not null,
  destination_zone_id uuid not null,
  service_id uuid not null,
  base_price numeric(12, 2) not null,
  -- Per kg of the shipment's weight.
  per_unit_price numeric(12, 2) not null,
  -- Hours.
  min_transit_time numeric(6, 2) not null,
  max_transit_time numeric(6, 2) not null,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Zones and services of the same tenant, never another's.
  constraint zone_pricing_origin_zone_id_fkey foreign key (origin_zone_id, tenant_id)
    references public.zones (id, tenant_id),
  constraint zone_pricing_destination_zone_id_fkey foreign key (destination_zone_id, tenant_id)
    references public.zones (id, tenant_id),
  constraint zone_pricing_service_id_fkey foreign key (service_id, tenant_id)
    references public.delivery_services (id, tenant_id),
  constraint zone_pricing_route_key unique (tenant_id, origin_zone_id, destination_zone_id, service_id),
  constraint zone_pricing_base_price_check check (base_price >= 0),
  constraint zone_pricing_per_unit_price_check check (per_unit_price >= 0),
  constraint zone_pricing_min_transit_time_check check (min_transit_time >= 0 and min_transit_time <= 720),
  constraint zone_pricing_max_transit_time_check check (max_transit_time >= min_transit_time and max_transit_time <= 720)
);
create index zone_pricing_tenant_id_created_at_idx on public.zone_pricing (tenant_id, created_at desc);
create index zone_pricing_origin_zone_id_idx on public.zone_pricing (origin_zone_id, tenant_id);
create index zone_pricing_destination_zone_id_idx on public.zone_pricing (destination_zone_id, tenant_id);
create index zone_pricing_service_id_idx on public.zone_pricing (service_id, tenant_id);
alter table public.zone_pricing enable row level security;

create trigger set_updated_at before update on public.zone_pricing
  for each row execute function private.set_updated_at();

create or replace function private.zone_pricing_problems(p public.zone_pricing) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  if p.origin_zone_id is null then
    problems := problems || jsonb_build_object('field', 'origin_zone_id', 'message', 'Origin zone is required');
  elsif not exists (select 1 from public.zones z where z.id = p.origin_zone_id and z.tenant_id = p.tenant_id) then
    problems := problems || jsonb_build_object('field', 'origin_zone_id', 'message', 'Origin zone not found');
  end if;

  if p.destination_zone_id is null then
    problems := problems || jsonb_build_object('field', 'destination_zone_id', 'message', 'Destination zone is required');
  elsif not exists (select 1 from public.zones z where z.id = p.destination_zone_id and z.tenant_id = p.tenant_id) then
    problems := problems || jsonb_build_object('field', 'destination_zone_id', 'message', 'Destination zone not found');
  end if;

  if p.service_id is null then
    problems := problems || jsonb_build_object('field', 'service_id', 'message', 'Service is required');
  elsif not exists (select 1 from public.delivery_services s where s.id = p.service_id and s.tenant_id = p.tenant_id) then
    problems := problems || jsonb_build_object('field', 'service_id', 'message', 'Service not found');
  elsif exists (
    select 1 from public.zone_pricing o
    where o.tenant_id = p.tenant_id and o.origin_zone_id = p.origin_zone_id and o.destination_zone_id = p.destination_zone_id
      and o.service_id = p.service_id and o.id <> p.id
  ) then
    problems := problems || jsonb_build_object('field', 'service_id', 'message', 'A price for this route and service already exists');
  end if;

  if p.base_price is null then
    problems := problems || jsonb_build_object('field', 'base_price', 'message', 'Base price is required');
  elsif p.base_price < 0 then
    problems := problems || jsonb_build_object('field', 'base_price', 'message', 'Base price must be 0 or more');
  end if;

  if p.per_unit_price is null then
    problems := problems || jsonb_build_object('field', 'per_unit_price', 'message', 'Per unit price is required');
  elsif p.per_unit_price < 0 then
    problems := problems || jsonb_build_object('field', 'per_unit_price', 'message', 'Per unit price must be 0 or more');
  end if;

  if p.min_transit_time is null then
    problems := problems || jsonb_build_object('field', 'min_transit_time', 'message', 'Min transit time is required');
  elsif p.min_transit_time < 0 or p.min_transit_time > 720 then
    problems := problems || jsonb_build_object('field', 'min_transit_time', 'message', 'Min transit time must be from 0 to 720 hours');
  end if;

  if p.max_transit_time is null then
    problems := problems || jsonb_build_object('field', 'max_transit_time', 'message', 'Max transit time is required');
  elsif p.max_transit_time < 0 or p.max_transit_time > 720 then
    problems := problems || jsonb_build_object('field', 'max_transit_time', 'message', 'Max transit time must be from 0 to 720 hours');
  elsif p.min_transit_time is not null and p.max_transit_time < p.min_transit_time then
    problems := problems || jsonb_build_object('field', 'max_transit_time', 'message', 'Max transit time must not be less than min transit time');
  end if;
  return problems;
end;
$$;
revoke all on function private.zone_pricing_problems(public.zone_pricing) from public;
grant execute on function private.zone_pricing_problems(public.zone_pricing) to authenticated, service_role;

create or replace function private.validate_zone_pricing() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  problems := private.zone_pricing_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_zone_pricing() from public;

create trigger validate_zone_pricing before insert or update on public.zone_pricing
  for each row execute function private.validate_zone_pricing();

create trigger audit_row_change after insert or update or delete on public.zone_pricing
  for each row execute function private.audit_row_change();

revoke all on public.zone_pricing from anon, authenticated;
grant select on public.zone_pricing to authenticated;
grant insert (tenant_id, origin_zone_id, destination_zone_id, service_id, base_price, per_unit_price,
  min_transit_time, max_transit_time, active) on public.zone_pricing to authenticated;
grant update (origin_zone_id, destination_zone_id, service_id, base_price, per_unit_price,
  min_transit_time, max_transit_time, active) on public.zone_pricing to authenticated;
grant delete on public.zone_pricing to authenticated;

create policy "zone_pricing: admins and dispatchers of the tenant read" on public.zone_pricing for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (select private.current_panel_type()) in ('admin', 'dispatcher')
  );
create policy "zone_pricing: admins add" on public.zone_pricing for insert to authenticated
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "zone_pricing: admins update" on public.zone_pricing for update to authenticated
  using ((select private.is_tenant_admin(tenant_id)))
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "zone_pricing: admins remove" on public.zone_pricing for delete to authenticated
  using ((select private.is_tenant_admin(tenant_id)));

-- The list screen's rows. security_invoker: the caller's RLS on the three tables decides, so a view
-- never widens what anyone reads.
create view public.zone_pricing_rows with (security_invoker = true) as
  select p.id, p.tenant_id, p.origin_zone_id, o.name as origin_zone_name, o.code as origin_zone_code,
    p.destination_zone_id, d.name as destination_zone_name, d.code as destination_zone_code,
    p.service_id, s.name as service_name, s.code as service_code,
    p.active, p.base_price, p.per_unit_price, p.min_transit_time, p.max_transit_time, p.created_at, p.updated_at
  from public.zone_pricing p
  join public.zones o on o.id = p.origin_zone_id
  join public.zones d on d.id = p.destination_zone_id
  join public.delivery_services s on s.id = p.service_id;
revoke all on public.zone_pricing_rows from anon, authenticated;
grant select on public.zone_pricing_rows to authenticated;
