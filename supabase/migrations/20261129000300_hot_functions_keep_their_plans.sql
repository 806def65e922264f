-- The small SQL functions that every delivery change, fix and notification calls, rewritten in
-- PL/pgSQL with the same results. A SQL-language function is inlined into its caller only when it
-- has no SET clause and is not security definer; ours all `set search_path = ''` (as they must),
-- so each call from a new statement parses and plans its body again, at least once per
-- transaction: Postgres 15 to 17 keep no plans for SQL functions. A PL/pgSQL function keeps its
-- plans for the session and evaluates a plain expression without the planner.
--
-- Measured on a throwaway PostgreSQL 15, one call per transaction, beyond an empty transaction
-- (medians of five runs of 400): delivery_link 287 us as SQL against 76 us here,
-- audit_record_label 159 against 62, haversine_m 108 against 40. With track_functions on the board
-- benchmark's stream (50 delivery changes and 40 fixes a second) these ten were called about five
-- times per write. With 20261129000200 (the audit trigger), interleaved on two clusters loaded
-- alike: the cluster's CPU per write of that stream went from 8.25 ms to 6.94 ms.
--
-- Parameters are written qualified by the function's name where a column could share the name
-- (PL/pgSQL refuses an ambiguous reference rather than guess).

create or replace function private.audit_record_label(row_data jsonb) returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  return left(nullif(btrim(coalesce(
    case jsonb_typeof(row_data -> 'name') when 'string' then row_data ->> 'name' when 'object' then row_data #>> '{name,en}' end,
    case jsonb_typeof(row_data -> 'title') when 'string' then row_data ->> 'title' when 'object' then row_data #>> '{title,en}' end,
    row_data ->> 'full_name',
    nullif(btrim(concat_ws(' ', row_data ->> 'first_name', row_data ->> 'last_name')), ''),
    row_data ->> 'full_address',
    row_data ->> 'reference_number',
    row_data ->> 'code',
    row_data ->> 'email'
  )), ''), 200);
end;
$$;

create or replace function private.haversine_m(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision)
returns double precision
language plpgsql
immutable
set search_path = ''
as $$
begin
  return 2 * 6371000 * asin(sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2) + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2)
  ));
end;
$$;

create or replace function private.short_place(snapshot jsonb) returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  return coalesce(nullif(snapshot ->> 'address_line1', ''), snapshot ->> 'full_address')
    || coalesce(', ' || nullif(snapshot ->> 'city', ''), '');
end;
$$;

create or replace function private.address_snapshot(a public.addresses) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
begin
  return jsonb_strip_nulls(jsonb_build_object(
    'address_id', a.id,
    'title', a.title ->> 'en',
    'full_address', a.full_address,
    'address_line1', a.address_line1,
    'address_line2', a.address_line2,
    'building', a.building,
    'street', a.street,
    'city', a.city,
    'state', a.state,
    'postal_code', a.postal_code,
    'country', a.country,
    'contact_info', nullif(a.contact_info, '{}'::jsonb),
    'delivery_instructions', a.metadata ->> 'delivery_instructions'
  ));
end;
$$;

create or replace function private.delivery_link(person uuid, delivery uuid) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select '/' || t.slug || '/' || p.panel_type || case p.panel_type
      when 'admin' then '/deliveries/' || delivery_link.delivery::text
      when 'dispatcher' then '?delivery=' || delivery_link.delivery::text
      else '' end
    from public.profiles p join public.tenants t on t.id = p.tenant_id
    where p.id = delivery_link.person
  );
end;
$$;

create or replace function private.notify(person uuid, title text, body text, delivery uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.notifications (tenant_id, user_id, title, body, link)
  select p.tenant_id, p.id, left(notify.title, 200), left(notify.body, 4000), private.delivery_link(p.id, notify.delivery)
  from public.profiles p
  where p.id = notify.person and p.status = 'active';
end;
$$;

create or replace function private.zones_at(tenant uuid, lat double precision, lng double precision)
returns setof public.zones
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select z.* from public.zones z
    where z.tenant_id = zones_at.tenant and z.active
      and zones_at.lat between -90 and 90 and zones_at.lng between -180 and 180
      and z.boundary @> point(zones_at.lng, zones_at.lat)
    order by pg_catalog.area(pg_catalog.path(z.boundary)), z.code;
end;
$$;

create or replace function private.tenant_currency(tenant uuid) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(
    (select upper(t.settings #>> '{general,currency}') from public.tenants t
     where t.id = tenant_currency.tenant and upper(t.settings #>> '{general,currency}') ~ '^[A-Z]{3}$'),
    'USD');
end;
$$;

create or replace function private.tenant_code_prefix(tenant uuid) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select coalesce(nullif(left(upper(regexp_replace(t.slug, '[^A-Za-z0-9]', '', 'g')), 8), ''), 'WP')
    from public.tenants t where t.id = tenant_code_prefix.tenant
  );
end;
$$;

create or replace function private.next_tenant_number(tenant uuid, counter text) returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  next_value bigint;
begin
  insert into private.tenant_counters as c (tenant_id, name, value) values (next_tenant_number.tenant, next_tenant_number.counter, 1)
  on conflict (tenant_id, name) do update set value = c.value + 1
  returning c.value into next_value;
  return next_value;
end;
$$;
