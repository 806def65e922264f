-- Zones: the areas a tenant delivers in, each one outline drawn on the map (the zones list,
-- its create and edit screens). Admins manage them; dispatchers read them all (they quote and
-- assign); drivers read the active ones (a delivery's or their home zone on their map); customers
-- read none.
--
-- Geography without PostGIS (PGlite has none): the outline is kept as GeoJSON (`polygon`, what the
-- app draws and reads) and, derived from it, as Postgres's built-in geometric type `polygon`
-- (`boundary`, x = longitude, y = latitude). Point-in-zone is `boundary @> point(lng, lat)`, which
-- core Postgres provides identically on PGlite, Debian's Postgres 15 and hosted Supabase. A point on
-- an edge or a vertex is inside (poly_contain_pt counts the boundary). Longitude and latitude are
-- treated as plane coordinates: right for zones the size of a city, wrong only across the
-- antimeridian, which a zone may not span (its longitudes are one range of -180..180).
--
-- The outline is validated here, whoever writes it: a GeoJSON Polygon of one closed ring (no holes),
-- [longitude, latitude] numbers in range, at least 3 distinct points, no point twice, at most 500
-- points, enclosing an area, and not crossing itself. A write that breaks a rule is refused with
-- SQLSTATE 23514 'Validation failed' and [{field, message}] details, as vehicles are.

-- The first problem of a GeoJSON polygon as a zone outline, or null when it is a valid one.
create or replace function private.zone_polygon_problem(shape jsonb) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  ring jsonb;
  pos jsonb;
  n integer;
  xs double precision[] := '{}';
  ys double precision[] := '{}';
  i integer;
  j integer;
  twice_area double precision := 0;
  o1 double precision;
  o2 double precision;
  o3 double precision;
  o4 double precision;
begin
  if shape is null or jsonb_typeof(shape) = 'null' then
    return 'Draw the zone on the map';
  end if;
  if jsonb_typeof(shape) <> 'object' or shape ->> 'type' is distinct from 'Polygon'
     or jsonb_typeof(shape -> 'coordinates') is distinct from 'array'
     or shape - array['type', 'coordinates', 'bbox'] <> '{}'::jsonb then
    return 'The zone must be a GeoJSON Polygon';
  end if;
  if jsonb_array_length(shape -> 'coordinates') <> 1 then
    return 'A zone is one outline, without holes';
  end if;
  ring := shape -> 'coordinates' -> 0;
  if jsonb_typeof(ring) <> 'array' then
    return 'The zone must be a GeoJSON Polygon';
  end if;
  for pos in select e from jsonb_array_elements(ring) e loop
    if jsonb_typeof(pos) <> 'array' or jsonb_array_length(pos) <> 2
       or jsonb_typeof(pos -> 0) <> 'number' or jsonb_typeof(pos -> 1) <> 'number' then
      return 'Each point must be a [longitude, latitude] pair of numbers';
    end if;
    -- numeric first: a JSON number may be beyond float8's range.
    if (pos ->> 0)::numeric not between -180 and 180 or (pos ->> 1)::numeric not between -90 and 90 then
      return 'Points must have a longitude from -180 to 180 and a latitude from -90 to 90';
    end if;
    xs := xs || (pos ->> 0)::double precision;
    ys := ys || (pos ->> 1)::double precision;
  end loop;
  n := coalesce(array_length(xs, 1), 0);
  if n < 2 or xs[1] <> xs[n] or ys[1] <> ys[n] then
    return 'The outline must be closed: its last point must repeat its first';
  end if;
  -- The distinct vertices: the ring without its closing point.
  n := n - 1;
  if n < 3 then
    return 'Draw at least 3 points';
  end if;
  if n > 500 then
    return 'A zone can have at most 500 points';
  end if;
  for i in 1 .. n - 1 loop
    for j in i + 1 .. n loop
      if xs[i] = xs[j] and ys[i] = ys[j] then
        return 'The outline must not pass through the same point twice';
      end if;
    end loop;
  end loop;
  -- Edges i (i -> i+1) and j (j -> j+1) that share no vertex must not touch.
  for i in 1 .. n loop
    for j in i + 2 .. n loop
      continue when i = 1 and j = n;
      o1 := (xs[i + 1] - xs[i]) * (ys[j] - ys[i]) - (ys[i + 1] - ys[i]) * (xs[j] - xs[i]);
      o2 := (xs[i + 1] - xs[i]) * (ys[j + 1] - ys[i]) - (ys[i + 1] - ys[i]) * (xs[j + 1] - xs[i]);
      o3 := (xs[j + 1] - xs[j]) * (ys[i] - ys[j]) - (ys[j + 1] - ys[j]) * (xs[i] - xs[j]);
      o4 := (xs[j + 1] - xs[j]) * (ys[i + 1] - ys[j]) - (ys[j + 1] - ys[j]) * (xs[i + 1] - xs[j]);
      if sign(o1) * sign(o2) <= 0 and sign(o3) * sign(o4) <= 0 then
        -- Both straddle (or touch) the other's line. Collinear edges touch only if they overlap.
        if o1 = 0 and o2 = 0 and o3 = 0 and o4 = 0 then
          if greatest(least(xs[i], xs[i + 1]), least(xs[j], xs[j + 1])) <= least(greatest(xs[i], xs[i + 1]), greatest(xs[j], xs[j + 1]))
             and greatest(least(ys[i], ys[i + 1]), least(ys[j], ys[j + 1])) <= least(greatest(ys[i], ys[i + 1]), greatest(ys[j], ys[j + 1])) then
            return 'The outline must not cross itself';
          end if;
        else
          return 'The outline must not cross itself';
        end if;
      end if;
    end loop;
  end loop;
  for i in 1 .. n loop
    twice_area := twice_area + xs[i] * ys[i + 1] - xs[i + 1] * ys[i];
  end loop;
  if twice_area = 0 then
    return 'The zone must enclose an area';
  end if;
  return null;
end;
$$;

-- A valid outline as Postgres's polygon (x = longitude, y = latitude); null for an invalid one, so
-- that the generated column never raises before the validation trigger and the check speak.
create or replace function private.zone_boundary(shape jsonb) returns polygon
language sql
immutable
set search_path = ''
as $$
  select case when private.zone_polygon_problem(shape) is null then
    (select ('(' || string_agg('(' || (e ->> 0) || ',' || (e ->> 1) || ')', ',' order by o) || ')')::polygon
     from jsonb_array_elements(shape -> 'coordinates' -> 0) with ordinality as r(e, o)
     where o < jsonb_array_length(shape -> 'coordinates' -> 0))
  end;
$$;

revoke all on function private.zone_polygon_problem(jsonb), private.zone_boundary(jsonb) from public;
grant execute on function private.zone_polygon_problem(jsonb), private.zone_boundary(jsonb) to anon, authenticated, service_role;

create table public.zones (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  name text not null,
  code text not null,
  description text not null default '',
  color text not null default '#2563eb',
  -- GeoJSON Polygon, [longitude, latitude] positions.
  polygon jsonb not null,
  boundary polygon generated always as (private.zone_boundary(polygon)) stored,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint zones_code_key unique (tenant_id, code),
  -- The target of the same-tenant foreign keys of pricing (and later drivers and deliveries).
  constraint zones_id_tenant_id_key unique (id, tenant_id),
  constraint zones_name_check check (btrim(name) <> '' and length(name) <= 120),
  constraint zones_code_check check (code ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$'),
  constraint zones_description_check check (length(description) <= 1000),
  constraint zones_color_check check (color ~ '^#[0-9a-fA-F]{6}$'),
  constraint zones_polygon_check check (private.zone_polygon_problem(polygon) is null)
);
create index zones_tenant_id_name_idx on public.zones (tenant_id, name);
create index zones_tenant_id_active_idx on public.zones (tenant_id, active);
-- Point-in-zone over many zones: the core GiST opclass for polygon serves `boundary @> point`.
create index zones_boundary_idx on public.zones using gist (boundary);
alter table public.zones enable row level security;

create trigger set_updated_at before update on public.zones
  for each row execute function private.set_updated_at();

-- The problems of a zone as the form's fields, [] when there are none.
create or replace function private.zone_problems(z public.zones) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  outline text := private.zone_polygon_problem(z.polygon);
begin
  if z.name is null or btrim(z.name) = '' then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name is required');
  elsif length(z.name) > 120 then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name must be at most 120 characters');
  end if;

  if z.code is null or btrim(z.code) = '' then
    problems := problems || jsonb_build_object('field', 'code', 'message', 'Code is required');
  elsif z.code !~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$' then
    problems := problems || jsonb_build_object('field', 'code', 'message',
      'Code must be up to 32 letters, digits, - or _, starting with a letter or digit');
  elsif exists (select 1 from public.zones o where o.tenant_id = z.tenant_id and o.code = z.code and o.id <> z.id) then
    problems := problems || jsonb_build_object('field', 'code', 'message', 'Code already exists');
  end if;

  if z.description is null or length(z.description) > 1000 then
    problems := problems || jsonb_build_object('field', 'description', 'message', 'Description must be at most 1000 characters');
  end if;

  if z.color is null or z.color !~ '^#[0-9a-fA-F]{6}$' then
    problems := problems || jsonb_build_object('field', 'color', 'message', 'Colour must be a hex colour such as #2563eb');
  end if;

  if outline is not null then
    problems := problems || jsonb_build_object('field', 'polygon', 'message', outline);
  end if;
  return problems;
end;
$$;
revoke all on function private.zone_problems(public.zones) from public;
grant execute on function private.zone_problems(public.zones) to authenticated, service_role;

-- Security invoker: the duplicate-code lookup sees what the caller sees; a caller who may not write
-- the row's tenant is left to RLS (42501), so a refusal never tells them about another tenant.
create or replace function private.validate_zone() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  problems := private.zone_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_zone() from public;

create trigger validate_zone before insert or update on public.zones
  for each row execute function private.validate_zone();

create trigger audit_row_change after insert or update or delete on public.zones
  for each row execute function private.audit_row_change();

revoke all on public.zones from anon, authenticated;
grant select on public.zones to authenticated;
-- tenant_id may be sent on insert (RLS holds it to the admin's own tenant) and never changed;
-- boundary is derived.
grant insert (tenant_id, name, code, description, color, polygon, active) on public.zones to authenticated;
grant update (name, code, description, color, polygon, active) on public.zones to authenticated;
grant delete on public.zones to authenticated;

create policy "zones: admins and dispatchers read the tenant's, drivers its active ones" on public.zones
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.current_panel_type()) in ('admin', 'dispatcher')
      or ((select private.current_panel_type()) = 'driver' and active)
    )
  );
create policy "zones: admins add" on public.zones for insert to authenticated
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "zones: admins update" on public.zones for update to authenticated
  using ((select private.is_tenant_admin(tenant_id)))
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "zones: admins remove" on public.zones for delete to authenticated
  using ((select private.is_tenant_admin(tenant_id)));

-- The active zones of a tenant that contain a point, the most specific (smallest) first: the one
-- rule every caller uses, so a point on the edge two zones share always lands in the same zone.
-- For the database's own functions (deliveries derive their zones with it): it reads past RLS,
-- so it takes the tenant explicitly and is not granted to API roles.
create or replace function private.zones_at(tenant uuid, lat double precision, lng double precision)
returns setof public.zones
language sql
stable
security definer
set search_path = ''
as $$
  select z.* from public.zones z
  where z.tenant_id = tenant and z.active
    and lat between -90 and 90 and lng between -180 and 180
    and z.boundary @> point(lng, lat)
  order by pg_catalog.area(pg_catalog.path(z.boundary)), z.code;
$$;
revoke all on function private.zones_at(uuid, double precision, double precision) from public, anon, authenticated;
grant execute on function private.zones_at(uuid, double precision, double precision) to service_role;

-- The same for API callers: the caller's tenant, and only zones the caller may read.
create or replace function public.zones_containing(lat double precision, lng double precision)
returns setof public.zones
language sql
stable
set search_path = ''
as $$
  select z.* from public.zones z
  where z.tenant_id = (select private.current_tenant_id()) and z.active
    and lat between -90 and 90 and lng between -180 and 180
    and z.boundary @> point(lng, lat)
  order by pg_catalog.area(pg_catalog.path(z.boundary)), z.code;
$$;
revoke all on function public.zones_containing(double precision, double precision) from public, anon;
grant execute on function public.zones_containing(double precision, double precision) to authenticated, service_role;
