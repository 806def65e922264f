-- Driver performance: per driver over a date range, computed here over indexes,
-- never by sending rows to the browser.
--
-- public.driver_performance(from_date, to_date): one row per driver of the caller's tenant (drivers
-- without work in the range too, with zeros), for the tenant's admins and dispatchers:
--   assigned         assignments made to the driver in the range (assignment_time);
--   accepted         of those, the ones the driver accepted (responded and not rejected; an accepted
--                    assignment that staff later took back still counts as accepted);
--   rejected         of those, the ones the driver rejected;
--   acceptance_rate  accepted / (accepted + rejected): assignments still unanswered, or taken back
--                    before an answer, count for neither; null without any answer;
--   completed        deliveries the driver delivered in the range (the status machine's `delivered`
--                    event, by its occurred_at and its driver);
--   failed           deliveries that failed in the driver's hands in the range (the `failed` event);
--   on_time_rate     of the delivered ones with a deadline, the share delivered at or before it: the
--                    drop-off window's end, else the quote's latest_at; null when none had a deadline;
--   avg_assignment_to_delivered_minutes  from the assignment (assignment_time) to the delivered event;
--   cod_collected    the cash on delivery of the delivered ones (sum of cod_amount), in `currency`.
-- Days are the tenant's (settings general.timezone, else UTC): the range is from the start of
-- from_date to the end of to_date there. Defaults: the last 30 days, today included. At most 366 days.
--
-- public.driver_completed_per_day(from_date, to_date, driver_id default null): completed deliveries
-- per day of the range (every day, zeros included), for the whole tenant or one driver: the chart.
--
-- Both are security definer with the tenant and the panel checked first: a driver or a customer is
-- refused (42501), and the tenant is always the caller's own, never a parameter.

-- The outcomes of deliveries by tenant and time (the delivered and failed events of the window).
create index delivery_events_tenant_outcomes_idx on public.delivery_events (tenant_id, occurred_at)
  include (driver_id, status, delivery_id, assignment_id)
  where action = 'status' and status in ('delivered', 'failed');

-- The tenant's day boundaries of a date range, checked: [start, finish).
create or replace function private.performance_window(from_date date, to_date date, out tenant uuid, out zone text,
  out first_day date, out last_day date, out starts timestamptz, out finishes timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  tenant := private.current_tenant_id();
  if tenant is null or not private.is_tenant_member(tenant) or private.current_panel_type() not in ('admin', 'dispatcher') then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can see driver performance';
  end if;
  select coalesce(nullif(t.settings #>> '{general,timezone}', ''), 'UTC') into zone from public.tenants t where t.id = tenant;
  if not private.is_known_timezone(zone) then
    zone := 'UTC';
  end if;
  last_day := coalesce(to_date, (now() at time zone zone)::date);
  first_day := coalesce(from_date, last_day - 29);
  if first_day > last_day then
    problems := problems || jsonb_build_object('field', 'to_date', 'message', 'The end date must not be before the start date');
  elsif last_day - first_day + 1 > 366 then
    problems := problems || jsonb_build_object('field', 'from_date', 'message', 'Choose a range of at most 366 days');
  end if;
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  starts := first_day::timestamp at time zone zone;
  finishes := (last_day + 1)::timestamp at time zone zone;
end;
$$;
revoke all on function private.performance_window(date, date) from public, anon;
grant execute on function private.performance_window(date, date) to authenticated, service_role;

create or replace function public.driver_performance(from_date date default null, to_date date default null)
returns table (
  driver_id uuid,
  full_name text,
  avatar_url text,
  driver_status text,
  assigned integer,
  accepted integer,
  rejected integer,
  acceptance_rate numeric,
  completed integer,
  failed integer,
  on_time integer,
  with_deadline integer,
  on_time_rate numeric,
  avg_assignment_to_delivered_minutes numeric,
  cod_collected numeric,
  currency text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  w record;
begin
  select * into w from private.performance_window(from_date, to_date);
  return query
  with given as (
    select a.driver_id,
      count(*)::integer as assigned,
      count(*) filter (where a.responded_at is not null and a.status <> 'rejected')::integer as accepted,
      count(*) filter (where a.status = 'rejected')::integer as rejected
    from public.assignments a
    where a.tenant_id = w.tenant and a.assignment_time >= w.starts and a.assignment_time < w.finishes
    group by a.driver_id
  ),
  outcomes as (
    select e.driver_id,
      count(*) filter (where e.status = 'delivered')::integer as completed,
      count(*) filter (where e.status = 'failed')::integer as failed,
      count(*) filter (where e.status = 'delivered' and deadline.at is not null and e.occurred_at <= deadline.at)::integer as on_time,
      count(*) filter (where e.status = 'delivered' and deadline.at is not null)::integer as with_deadline,
      avg(extract(epoch from e.occurred_at - coalesce(a.assignment_time, d.assigned_at)) / 60)
        filter (where e.status = 'delivered' and coalesce(a.assignment_time, d.assigned_at) is not null) as minutes,
      coalesce(sum(d.cod_amount) filter (where e.status = 'delivered'), 0) as cod
    from public.delivery_events e
    join public.deliveries d on d.id = e.delivery_id
    left join public.assignments a on a.id = e.assignment_id
    cross join lateral (
      select coalesce(d.dropoff_window_end, private.quote_latest_at(d.quote)) as at
    ) deadline
    where e.tenant_id = w.tenant and e.action = 'status' and e.status in ('delivered', 'failed')
      and e.occurred_at >= w.starts and e.occurred_at < w.finishes and e.driver_id is not null
    group by e.driver_id
  )
  select r.id, p.full_name, p.avatar_url, r.status,
    coalesce(g.assigned, 0), coalesce(g.accepted, 0), coalesce(g.rejected, 0),
    round(g.accepted::numeric / nullif(g.accepted + g.rejected, 0), 4),
    coalesce(o.completed, 0), coalesce(o.failed, 0), coalesce(o.on_time, 0), coalesce(o.with_deadline, 0),
    round(o.on_time::numeric / nullif(o.with_deadline, 0), 4),
    round(o.minutes, 1),
    coalesce(o.cod, 0)::numeric(14, 2),
    private.tenant_currency(w.tenant)
  from public.drivers r
  join public.profiles p on p.id = r.id
  left join given g on g.driver_id = r.id
  left join outcomes o on o.driver_id = r.id
  where r.tenant_id = w.tenant
  order by p.full_name, r.id;
end;
$$;
revoke all on function public.driver_performance(date, date) from public, anon;
grant execute on function public.driver_performance(date, date) to authenticated, service_role;

-- A quote's latest_at, or null when the quote is missing or does not hold a time.
create or replace function private.quote_latest_at(quote jsonb) returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
begin
  return (quote ->> 'latest_at')::timestamptz;
exception when others then
  return null;
end;
$$;
revoke all on function private.quote_latest_at(jsonb) from public;
grant execute on function private.quote_latest_at(jsonb) to authenticated, service_role;

create or replace function public.driver_completed_per_day(from_date date default null, to_date date default null, driver_id uuid default null)
returns table (day date, completed integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  w record;
begin
  select * into w from private.performance_window(from_date, to_date);
  return query
  select s.day::date, coalesce(c.completed, 0)
  from generate_series(w.first_day, w.last_day, interval '1 day') s (day)
  left join (
    select (e.occurred_at at time zone w.zone)::date as day, count(*)::integer as completed
    from public.delivery_events e
    where e.tenant_id = w.tenant and e.action = 'status' and e.status = 'delivered'
      and e.occurred_at >= w.starts and e.occurred_at < w.finishes
      and (driver_completed_per_day.driver_id is null or e.driver_id = driver_completed_per_day.driver_id)
    group by 1
  ) c on c.day = s.day::date
  order by 1;
end;
$$;
revoke all on function public.driver_completed_per_day(date, date, uuid) from public, anon;
grant execute on function public.driver_completed_per_day(date, date, uuid) to authenticated, service_role;
