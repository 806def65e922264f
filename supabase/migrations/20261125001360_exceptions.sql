-- Delivery exceptions: something went wrong with a delivery (damaged, lost,
-- delayed, address problem, refused, other), how bad (low, medium, high, critical), what happened,
-- photos, who reported it and who on the staff owns it.
--
-- Status machine (only public.transition_exception changes `status`; the API cannot write it):
--
--   open          -> investigating   admins, dispatchers
--   investigating -> resolved        admins, dispatchers, with resolution notes
--   investigating -> closed          admins, dispatchers, with resolution notes (no fix: duplicate, not ours...)
-- resolved and closed are final. Every change (and the report itself) appends an exception_events
-- row in the same transaction: who, when, from, to, note.
--
-- Who: admins and dispatchers of the tenant read and manage every exception (content editable until
-- it is resolved or closed); a driver raises one for a delivery they carry or carried and reads the
-- ones they raised; customers see nothing. Field rules answer 23514 'Validation failed' with
-- [{field, message}] details named by the columns. Live on `tenant:<id>:exceptions` for admins and
-- dispatchers (the dispatch support queue).

create table public.exceptions (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  exception_code text not null,
  delivery_id uuid not null,
  type text not null,
  severity text not null default 'medium',
  description text not null,
  photos jsonb not null default '[]'::jsonb,
  reported_by uuid default auth.uid(),
  assigned_to uuid,
  status text not null default 'open',
  resolution_notes text,
  resolved_at timestamptz,
  resolved_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint exceptions_id_tenant_id_key unique (id, tenant_id),
  constraint exceptions_exception_code_key unique (tenant_id, exception_code),
  constraint exceptions_delivery_fkey foreign key (delivery_id, tenant_id) references public.deliveries (id, tenant_id),
  constraint exceptions_reported_by_fkey foreign key (reported_by) references public.profiles (id) on delete set null,
  constraint exceptions_assigned_to_fkey foreign key (assigned_to, tenant_id) references public.profiles (id, tenant_id),
  constraint exceptions_resolved_by_fkey foreign key (resolved_by) references public.profiles (id) on delete set null,
  constraint exceptions_type_check check (type in ('damaged', 'lost', 'delayed', 'address_problem', 'refused', 'other')),
  constraint exceptions_severity_check check (severity in ('low', 'medium', 'high', 'critical')),
  constraint exceptions_description_check check (btrim(description) <> '' and length(description) <= 2000),
  constraint exceptions_photos_check check (jsonb_typeof(photos) = 'array' and jsonb_array_length(photos) <= 10),
  constraint exceptions_status_check check (status in ('open', 'investigating', 'resolved', 'closed')),
  constraint exceptions_resolution_notes_check check (
    (status not in ('resolved', 'closed') or (resolution_notes is not null and btrim(resolution_notes) <> ''))
    and length(coalesce(resolution_notes, '')) <= 2000
  ),
  constraint exceptions_resolved_check check ((resolved_at is not null) = (status in ('resolved', 'closed')))
);
create index exceptions_tenant_id_created_at_idx on public.exceptions (tenant_id, created_at desc, id);
create index exceptions_tenant_id_status_idx on public.exceptions (tenant_id, status, created_at desc);
create index exceptions_tenant_id_type_idx on public.exceptions (tenant_id, type);
create index exceptions_tenant_id_severity_idx on public.exceptions (tenant_id, severity);
create index exceptions_delivery_id_idx on public.exceptions (delivery_id);
create index exceptions_assigned_to_idx on public.exceptions (assigned_to, status) where assigned_to is not null;
create index exceptions_reported_by_idx on public.exceptions (reported_by, created_at desc) where reported_by is not null;
create index exceptions_resolved_by_idx on public.exceptions (resolved_by) where resolved_by is not null;
create index exceptions_tenant_id_exception_code_idx on public.exceptions (tenant_id, exception_code text_pattern_ops);
-- The support queue: what is still open.
create index exceptions_open_idx on public.exceptions (tenant_id, severity, created_at) where status in ('open', 'investigating');
alter table public.exceptions enable row level security;

create trigger set_updated_at before update on public.exceptions
  for each row execute function private.set_updated_at();

create table public.exception_events (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  exception_id uuid not null,
  seq bigint generated always as identity,
  from_status text,
  status text not null,
  note text,
  actor_id uuid,
  actor_name text,
  occurred_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint exception_events_exception_fkey foreign key (exception_id, tenant_id)
    references public.exceptions (id, tenant_id) on delete cascade,
  constraint exception_events_actor_fkey foreign key (actor_id) references public.profiles (id) on delete set null,
  constraint exception_events_note_check check (length(coalesce(note, '')) <= 2000)
);
create index exception_events_tenant_id_idx on public.exception_events (tenant_id);
create index exception_events_exception_id_idx on public.exception_events (exception_id, occurred_at, seq);
create index exception_events_actor_id_idx on public.exception_events (actor_id) where actor_id is not null;
alter table public.exception_events enable row level security;

-- Whether the caller (a driver) carries or carried the delivery: the drivers' read rule of deliveries.
create or replace function private.driver_carries(delivery uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.deliveries d
    where d.id = delivery and d.tenant_id = private.current_tenant_id()
      and (d.driver_id = auth.uid() or exists (
        select 1 from public.assignments a
        where a.delivery_id = d.id and a.driver_id = auth.uid() and a.status in ('accepted', 'completed')))
  );
$$;
revoke all on function private.driver_carries(uuid) from public, anon;
grant execute on function private.driver_carries(uuid) to authenticated, service_role;

-- The problems of an exception as the form's fields, [] when there are none. Security definer for
-- the look-ups; it checks the tenant of the delivery and the assignee itself.
create or replace function private.exception_problems(x public.exceptions) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  photo jsonb;
  assignee public.profiles;
begin
  if x.delivery_id is null then
    problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'Delivery is required');
  elsif not exists (select 1 from public.deliveries d where d.id = x.delivery_id and d.tenant_id = x.tenant_id)
    or (current_user in ('anon', 'authenticated') and private.current_panel_type() = 'driver' and not private.driver_carries(x.delivery_id)) then
    problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'Delivery not found');
  end if;

  if x.type is null or btrim(x.type) = '' then
    problems := problems || jsonb_build_object('field', 'type', 'message', 'Type is required');
  elsif x.type not in ('damaged', 'lost', 'delayed', 'address_problem', 'refused', 'other') then
    problems := problems || jsonb_build_object('field', 'type', 'message', 'Type must be damaged, lost, delayed, address problem, refused or other');
  end if;

  if x.severity is null or btrim(x.severity) = '' then
    problems := problems || jsonb_build_object('field', 'severity', 'message', 'Severity is required');
  elsif x.severity not in ('low', 'medium', 'high', 'critical') then
    problems := problems || jsonb_build_object('field', 'severity', 'message', 'Severity must be low, medium, high or critical');
  end if;

  if x.description is null or btrim(x.description) = '' then
    problems := problems || jsonb_build_object('field', 'description', 'message', 'Description is required');
  elsif length(x.description) > 2000 then
    problems := problems || jsonb_build_object('field', 'description', 'message', 'Description must be at most 2000 characters');
  end if;

  if x.photos is null or jsonb_typeof(x.photos) <> 'array' then
    problems := problems || jsonb_build_object('field', 'photos', 'message', 'Photos must be a list of uploaded files');
  elsif jsonb_array_length(x.photos) > 10 then
    problems := problems || jsonb_build_object('field', 'photos', 'message', 'At most 10 photos');
  else
    for photo in select value from jsonb_array_elements(x.photos) loop
      if jsonb_typeof(photo) <> 'string' or not private.is_tenant_file_ref(photo #>> '{}', x.tenant_id) then
        problems := problems || jsonb_build_object('field', 'photos', 'message', 'Photos must be files uploaded to this business''s storage');
        exit;
      end if;
    end loop;
  end if;

  if x.assigned_to is not null then
    select p.* into assignee from public.profiles p where p.id = x.assigned_to and p.tenant_id = x.tenant_id;
    if assignee.id is null or assignee.panel_type not in ('admin', 'dispatcher') or assignee.status <> 'active' then
      problems := problems || jsonb_build_object('field', 'assigned_to', 'message', 'Assign it to an active admin or dispatcher of this business');
    end if;
  end if;

  if length(coalesce(x.resolution_notes, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'resolution_notes', 'message', 'Resolution notes must be at most 2000 characters');
  end if;
  return problems;
end;
$$;
revoke all on function private.exception_problems(public.exceptions) from public;
grant execute on function private.exception_problems(public.exceptions) to authenticated, service_role;

-- As the caller: an API caller who may not write the tenant's exceptions is left to RLS (42501).
-- API reports start open, reported by the caller; a driver's report is unassigned (staff triage it).
create or replace function private.validate_exception() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api boolean := current_user in ('anon', 'authenticated');
  panel text := private.current_panel_type();
  problems jsonb;
begin
  if api and not (private.is_tenant_member(new.tenant_id) and panel in ('admin', 'dispatcher', 'driver')) then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if api then
      new.status := 'open';
      new.resolution_notes := null;
      new.resolved_at := null;
      new.resolved_by := null;
      new.reported_by := auth.uid();
      new.created_at := now();
      if panel = 'driver' and new.assigned_to is not null then
        raise exception using errcode = '23514', message = 'Validation failed',
          detail = jsonb_build_array(jsonb_build_object('field', 'assigned_to', 'message', 'Only admins and dispatchers assign exceptions'))::text,
          hint = 'details is a JSON array of {field, message}';
      end if;
    end if;
    if new.exception_code is null or api then
      new.exception_code := private.next_tenant_code(new.tenant_id, 'exceptions', 'X');
    end if;
  else
    if new.tenant_id is distinct from old.tenant_id then
      raise exception using errcode = '23514', message = 'An exception cannot move to another business';
    end if;
    if api and old.status in ('resolved', 'closed') then
      raise exception using errcode = '23514', message = 'Validation failed',
        detail = jsonb_build_array(jsonb_build_object('field', 'status', 'message',
          format('An exception can be edited only while open or investigating; this one is %s', old.status)))::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
    new.exception_code := old.exception_code;
  end if;
  problems := private.exception_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_exception() from public;

create trigger validate_exception before insert or update on public.exceptions
  for each row execute function private.validate_exception();

create trigger audit_row_change after insert or update or delete on public.exceptions
  for each row execute function private.audit_row_change();
create trigger audit_row_change after insert or update or delete on public.exception_events
  for each row execute function private.audit_row_change();

create trigger exceptions_broadcast
  after insert or update or delete on public.exceptions
  for each row execute function private.broadcast_tenant_change();
insert into private.tenant_topic_panels (entity, panel_types) values ('exceptions', array['admin', 'dispatcher']);

create or replace function private.append_exception_event(x public.exceptions, from_status text, note text,
  occurred_at timestamptz default null) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.exception_events (tenant_id, exception_id, from_status, status, note, actor_id, actor_name, occurred_at)
  values (x.tenant_id, x.id, from_status, x.status, nullif(btrim(note), ''), auth.uid(),
    (select p.full_name from public.profiles p where p.id = auth.uid()), coalesce(occurred_at, now()));
end;
$$;
revoke all on function private.append_exception_event(public.exceptions, text, text, timestamptz) from public, anon, authenticated;

create or replace function private.exception_created_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.append_exception_event(new, null, null, new.created_at);
  return null;
end;
$$;
revoke all on function private.exception_created_event() from public;

create trigger exception_created_event after insert on public.exceptions
  for each row execute function private.exception_created_event();

revoke all on public.exceptions from anon, authenticated;
grant select on public.exceptions to authenticated;
grant insert (tenant_id, delivery_id, type, severity, description, photos, assigned_to) on public.exceptions to authenticated;
grant update (type, severity, description, photos, assigned_to) on public.exceptions to authenticated;
revoke all on public.exception_events from anon, authenticated;
grant select on public.exception_events to authenticated;

create policy "exceptions: admins and dispatchers read the tenant's" on public.exceptions
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'));
create policy "exceptions: drivers read those they raised" on public.exceptions
  for select to authenticated
  using (reported_by = (select auth.uid()) and tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) = 'driver');
create policy "exceptions: admins and dispatchers add" on public.exceptions for insert to authenticated
  with check (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'));
create policy "exceptions: drivers raise for deliveries they carry" on public.exceptions for insert to authenticated
  with check (
    tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) = 'driver'
    and private.driver_carries(delivery_id)
  );
create policy "exceptions: admins and dispatchers edit" on public.exceptions for update to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'))
  with check (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'));
-- No delete: an exception ends resolved or closed and stays in the history.

create policy "exception_events: whoever reads the exception" on public.exception_events
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and exists (select 1 from public.exceptions x where x.id = exception_events.exception_id)
  );

-- The machine. Errors: an exception the caller cannot see is 'Exception not found' (P0002); a move
-- with no arrow, or missing resolution notes, is 23514 with details; a legal move by a driver who
-- raised it is 42501. Nothing changes on an error.
create or replace function public.transition_exception(exception_id uuid, status text, resolution_notes text default null, note text default null)
returns public.exceptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  x public.exceptions;
  target text := transition_exception.status;
  origin text;
  panel text := private.current_panel_type();
  notes text := nullif(btrim(transition_exception.resolution_notes), '');
begin
  select e.* into x from public.exceptions e
  where e.id = transition_exception.exception_id
    and e.tenant_id = private.current_tenant_id()
    and (panel in ('admin', 'dispatcher') or (panel = 'driver' and e.reported_by = auth.uid()))
  for update;
  if x.id is null then
    raise exception using errcode = 'P0002', message = 'Exception not found';
  end if;
  origin := x.status;
  if target is null or target not in ('open', 'investigating', 'resolved', 'closed') then
    perform private.validation_error('status', 'Status must be investigating, resolved or closed');
  end if;
  if not ((origin = 'open' and target = 'investigating') or (origin = 'investigating' and target in ('resolved', 'closed'))) then
    perform private.validation_error('status', format('An exception cannot go from %s to %s', origin, target));
  end if;
  if panel not in ('admin', 'dispatcher') then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can change the status of an exception';
  end if;
  if target in ('resolved', 'closed') and notes is null then
    perform private.validation_error('resolution_notes', 'Resolution notes are required to resolve or close an exception');
  end if;
  if length(coalesce(notes, '')) > 2000 then
    perform private.validation_error('resolution_notes', 'Resolution notes must be at most 2000 characters');
  end if;
  if length(coalesce(note, '')) > 2000 then
    perform private.validation_error('note', 'The note must be at most 2000 characters');
  end if;
  update public.exceptions e
  set status = target,
      resolution_notes = case when target in ('resolved', 'closed') then notes else e.resolution_notes end,
      resolved_at = case when target in ('resolved', 'closed') then now() else e.resolved_at end,
      resolved_by = case when target in ('resolved', 'closed') then auth.uid() else e.resolved_by end,
      -- Whoever starts the investigation owns it, unless someone already does.
      assigned_to = case when target = 'investigating' then coalesce(e.assigned_to, auth.uid()) else e.assigned_to end
  where e.id = x.id
  returning * into x;
  perform private.append_exception_event(x, origin, coalesce(nullif(btrim(note), ''), case when target in ('resolved', 'closed') then notes end));
  return x;
end;
$$;
revoke all on function public.transition_exception(uuid, text, text, text) from public, anon;
grant execute on function public.transition_exception(uuid, text, text, text) to authenticated, service_role;

-- The list and edit screens' rows: the exception with its delivery's code and status and the
-- reporter's and assignee's names. security_invoker: the caller's RLS decides on every table.
create view public.exception_rows with (security_invoker = true) as
  select x.id, x.tenant_id, x.exception_code, x.delivery_id, d.delivery_code, d.status as delivery_status,
    d.customer_id, c.full_name as customer_name,
    x.type, x.severity, x.description, x.photos, x.reported_by, rp.full_name as reported_by_name,
    x.assigned_to, ap.full_name as assigned_to_name, x.status, x.resolution_notes, x.resolved_at, x.resolved_by,
    x.created_at, x.updated_at
  from public.exceptions x
  left join public.deliveries d on d.id = x.delivery_id
  left join public.profiles c on c.id = d.customer_id
  left join public.profiles rp on rp.id = x.reported_by
  left join public.profiles ap on ap.id = x.assigned_to;
revoke all on public.exception_rows from anon, authenticated;
grant select on public.exception_rows to authenticated;
