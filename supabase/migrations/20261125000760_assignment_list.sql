-- The assignments screens' reads (spec 2 'Assignments', spec 3 'Assignment', spec 7 'Lists: Assignments').
--
-- public.list_assignments: one page of the caller's tenant's assignments with what the list shows
-- (assigned by, driver, vehicle with its image, assignment time, delivery code and external
-- reference, status), the spec's parameters (search, page counted from 1 = the UI's page + 1,
-- limit, status, driver_id, vehicle_id, assigned_by, delivery_id) and the exact total, in one round
-- trip. Security invoker: the assignments policies decide the rows (admins and dispatchers the
-- tenant's, a driver their own, customers none), and the embedded names follow their own tables'
-- policies. The default order (newest first) walks assignments_tenant_id_assignment_time_idx and
-- stops at the page; the search reaches the joined names (code, reference, driver, vehicle, staff).
--
-- public.assignment_fit: the dispatch rules of private.assignment_fit_problems (20261125000720),
-- asked before saving, so the form can say "does not fit" in the database's own words while the
-- user is still choosing. The insert and the edit check the same rules again; this only answers.

create or replace function public.list_assignments(
  tenant_id uuid default null,
  search text default null,
  page integer default 1,
  "limit" integer default 25,
  status text default null,
  driver_id uuid default null,
  vehicle_id uuid default null,
  assigned_by uuid default null,
  delivery_id uuid default null,
  sort text default 'assignment_time',
  direction text default 'desc',
  language text default 'en'
) returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  tenant uuid := coalesce(list_assignments.tenant_id, private.current_tenant_id());
  term text := nullif(btrim(list_assignments.search), '');
  order_by text;
  filters text := 'a.tenant_id = $1';
  joins text := '';
  total bigint;
  rows jsonb;
begin
  if page is null or page < 1 then
    problems := problems || jsonb_build_object('field', 'page', 'message', 'Page must be 1 or more');
  end if;
  if "limit" is null or "limit" < 1 or "limit" > 100 then
    problems := problems || jsonb_build_object('field', 'limit', 'message', 'Limit must be from 1 to 100');
  end if;
  if list_assignments.status is not null and list_assignments.status not in ('pending', 'accepted', 'rejected', 'completed', 'cancelled') then
    problems := problems || jsonb_build_object('field', 'status', 'message', 'Status must be pending, accepted, rejected, completed or cancelled');
  end if;
  if length(coalesce(term, '')) > 100 then
    problems := problems || jsonb_build_object('field', 'search', 'message', 'Search must be at most 100 characters');
  end if;
  order_by := case coalesce(sort, 'assignment_time')
    when 'assignment_time' then 'a.assignment_time'
    when 'status' then 'a.status'
    when 'driver' then 'dp.full_name'
    when 'vehicle' then 'v.name'
    when 'delivery' then 'd.delivery_code'
    when 'assigned_by' then 'ap.full_name'
  end;
  if order_by is null then
    problems := problems || jsonb_build_object('field', 'sort', 'message', 'Sort by assignment_time, status, driver, vehicle, delivery or assigned_by');
  end if;
  if coalesce(direction, 'desc') not in ('asc', 'desc') then
    problems := problems || jsonb_build_object('field', 'direction', 'message', 'Direction must be asc or desc');
  end if;
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  if tenant is null then
    return jsonb_build_object('total', 0, 'assignments', '[]'::jsonb);
  end if;

  if list_assignments.status is not null then filters := filters || ' and a.status = $2'; end if;
  if list_assignments.driver_id is not null then filters := filters || ' and a.driver_id = $3'; end if;
  if list_assignments.vehicle_id is not null then filters := filters || ' and a.vehicle_id = $4'; end if;
  if list_assignments.assigned_by is not null then filters := filters || ' and a.assigned_by = $5'; end if;
  if list_assignments.delivery_id is not null then filters := filters || ' and a.delivery_id = $6'; end if;
  if term is not null then
    -- LIKE's own wildcards in the term are searched as themselves.
    term := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    filters := filters || ' and (d.delivery_code ilike $7 or d.external_reference_id ilike $7 or dp.full_name ilike $7'
      || ' or v.name ilike $7 or v.code ilike $7 or ap.full_name ilike $7)';
    joins := ' left join public.deliveries d on d.id = a.delivery_id left join public.profiles dp on dp.id = a.driver_id'
      || ' left join public.vehicles v on v.id = a.vehicle_id left join public.profiles ap on ap.id = a.assigned_by';
  end if;

  execute 'select count(*) from public.assignments a' || joins || ' where ' || filters
    into total
    using tenant, list_assignments.status, list_assignments.driver_id, list_assignments.vehicle_id,
      list_assignments.assigned_by, list_assignments.delivery_id, term;

  execute format($q$
    select coalesce(jsonb_agg(jsonb_build_object(
        'id', a.id, 'tenant_id', a.tenant_id, 'delivery_id', a.delivery_id, 'driver_id', a.driver_id,
        'vehicle_id', a.vehicle_id, 'assigned_by_id', a.assigned_by, 'assignment_time', a.assignment_time,
        'status', a.status, 'notes', a.notes, 'responded_at', a.responded_at, 'rejection_reason', a.rejection_reason,
        'completed_at', a.completed_at, 'cancelled_at', a.cancelled_at, 'cancel_reason', a.cancel_reason,
        'updated_at', a.updated_at,
        'assigned_by', case when ap.id is not null then jsonb_build_object('id', ap.id, 'full_name', ap.full_name) end,
        'drivers', case when dp.id is not null then jsonb_build_object('id', dp.id,
          'user', jsonb_build_object('full_name', dp.full_name, 'avatar_url', dp.avatar_url)) end,
        'vehicles', case when v.id is not null then jsonb_build_object('id', v.id, 'name', v.name, 'code', v.code, 'image_url', v.image_url) end,
        'delivery', case when d.id is not null then jsonb_build_object('id', d.id, 'delivery_code', d.delivery_code,
          'external_reference_id', d.external_reference_id, 'status', d.status) end
      ) order by %3$s), '[]'::jsonb)
    from (
      select a.id from public.assignments a %1$s
      where %2$s
      order by %3$s
      limit $8 offset $9
    ) page
    join public.assignments a on a.id = page.id
    left join public.deliveries d on d.id = a.delivery_id
    left join public.profiles dp on dp.id = a.driver_id
    left join public.vehicles v on v.id = a.vehicle_id
    left join public.profiles ap on ap.id = a.assigned_by
  $q$,
    case when order_by like 'a.%' then joins else
      ' left join public.deliveries d on d.id = a.delivery_id left join public.profiles dp on dp.id = a.driver_id'
      || ' left join public.vehicles v on v.id = a.vehicle_id left join public.profiles ap on ap.id = a.assigned_by' end,
    filters,
    -- Not-null columns without NULLS LAST, so the order matches the (tenant_id, assignment_time desc, id desc) index.
    format('%s %s%s, a.id %2$s', order_by, coalesce(direction, 'desc'), case when order_by like 'a.%' then '' else ' nulls last' end))
    into rows
    using tenant, list_assignments.status, list_assignments.driver_id, list_assignments.vehicle_id,
      list_assignments.assigned_by, list_assignments.delivery_id, term, "limit", (page - 1) * "limit";

  return jsonb_build_object('total', total, 'assignments', rows);
end;
$$;
revoke all on function public.list_assignments(uuid, text, integer, integer, text, uuid, uuid, uuid, uuid, text, text, text) from public, anon;
grant execute on function public.list_assignments(uuid, text, integer, integer, text, uuid, uuid, uuid, uuid, text, text, text)
  to authenticated, service_role;

-- Whether a driver with a vehicle may carry a delivery, before saving: {problems: [{field, message}],
-- weight_kg, capacity_kg}. Admins and dispatchers of the caller's tenant; anyone else is told the
-- delivery is not found (nothing of the tenant is revealed).
create or replace function public.assignment_fit(delivery_id uuid, driver_id uuid, vehicle_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or not private.is_tenant_member(tenant) or private.current_panel_type() not in ('admin', 'dispatcher') then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can check an assignment';
  end if;
  return jsonb_build_object(
    'problems', private.assignment_fit_problems(tenant, assignment_fit.delivery_id, assignment_fit.driver_id, assignment_fit.vehicle_id),
    'weight_kg', (select d.total_weight_kg from public.deliveries d where d.id = assignment_fit.delivery_id and d.tenant_id = tenant),
    'capacity_kg', (select v.capacity_unit from public.vehicles v where v.id = assignment_fit.vehicle_id and v.tenant_id = tenant)
  );
end;
$$;
revoke all on function public.assignment_fit(uuid, uuid, uuid) from public, anon;
grant execute on function public.assignment_fit(uuid, uuid, uuid) to authenticated, service_role;
