-- Exceptions' refusals carry keys (supabase/README.md, "Refusals and their keys"), so the report form,
-- the exception's page and the driver app show them in the user's language.
--
-- Written out whole from their current definitions: private.exception_problems
-- (20261211100000_senders_and_seats_follow_read_rules.sql), private.validate_exception and
-- public.transition_exception (20261203002100_staff_panel_rules.sql). Each refusal is now
-- private.problem('exceptions.<what>', field, English, params): the same SQLSTATE (23514, PT404,
-- 42501), MESSAGE, fields, English words and order; grants as 20261125001360_exceptions.sql gave them.
-- Params: {max} of the lengths and counts, {status} (raw) of an exception no longer editable, {from}
-- and {to} (raw) of a move the machine does not have. The 42501 of a move the caller may not make is
-- the move's refusal from private.status_moves, keyed exceptions.status_not_allowed.

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
    problems := problems || private.problem('exceptions.delivery_required', 'delivery_id', 'Delivery is required');
  elsif not exists (select 1 from public.deliveries d where d.id = x.delivery_id and d.tenant_id = x.tenant_id)
    or (current_user in ('anon', 'authenticated') and private.current_panel_type() = 'driver' and not private.driver_carries(x.delivery_id)) then
    problems := problems || private.problem('exceptions.delivery_not_found', 'delivery_id', 'Delivery not found');
  end if;

  if x.type is null or btrim(x.type) = '' then
    problems := problems || private.problem('exceptions.type_required', 'type', 'Type is required');
  elsif x.type not in ('damaged', 'lost', 'delayed', 'address_problem', 'refused', 'other') then
    problems := problems || private.problem('exceptions.type_invalid', 'type', 'Type must be damaged, lost, delayed, address problem, refused or other');
  end if;

  if x.severity is null or btrim(x.severity) = '' then
    problems := problems || private.problem('exceptions.severity_required', 'severity', 'Severity is required');
  elsif x.severity not in ('low', 'medium', 'high', 'critical') then
    problems := problems || private.problem('exceptions.severity_invalid', 'severity', 'Severity must be low, medium, high or critical');
  end if;

  if x.description is null or btrim(x.description) = '' then
    problems := problems || private.problem('exceptions.description_required', 'description', 'Description is required');
  elsif length(x.description) > 2000 then
    problems := problems || private.problem('exceptions.description_too_long', 'description', 'Description must be at most 2000 characters',
      jsonb_build_object('max', 2000));
  end if;

  if x.photos is null or jsonb_typeof(x.photos) <> 'array' then
    problems := problems || private.problem('exceptions.photos_shape', 'photos', 'Photos must be a list of uploaded files');
  elsif jsonb_array_length(x.photos) > 10 then
    problems := problems || private.problem('exceptions.photos_too_many', 'photos', 'At most 10 photos', jsonb_build_object('max', 10));
  else
    for photo in select value from jsonb_array_elements(x.photos) loop
      if jsonb_typeof(photo) <> 'string' or not private.is_tenant_file_ref(photo #>> '{}', x.tenant_id) then
        problems := problems || private.problem('exceptions.photo_not_tenant_file', 'photos', 'Photos must be files uploaded to this business''s storage');
        exit;
      end if;
    end loop;
  end if;

  -- The assignee works the exception, so reads its delivery: staff as the rules see them, not a
  -- warehouse-only person of the dispatcher panel.
  if x.assigned_to is not null then
    select p.* into assignee from public.profiles p where p.id = x.assigned_to and p.tenant_id = x.tenant_id;
    if assignee.id is null or not private.is_staff_panel(assignee.panel_type) or assignee.status <> 'active' then
      problems := problems || private.problem('exceptions.assignee_not_staff', 'assigned_to', 'Assign it to an active admin or dispatcher of this business');
    elsif not coalesce(private.is_staff_panel(private.panel_type_of(assignee.id)), false)
      or (x.delivery_id is not null and not private.may_read_delivery(assignee.id, x.delivery_id)) then
      problems := problems || private.problem('exceptions.assignee_cannot_read', 'assigned_to',
        format('%s works in the warehouse only and cannot read this delivery: assign it to an admin or dispatcher', coalesce(assignee.full_name, 'This person')),
        jsonb_build_object('name', coalesce(assignee.full_name, 'This person')));
    end if;
  end if;

  if length(coalesce(x.resolution_notes, '')) > 2000 then
    problems := problems || private.problem('exceptions.resolution_notes_too_long', 'resolution_notes', 'Resolution notes must be at most 2000 characters',
      jsonb_build_object('max', 2000));
  end if;
  return problems;
end;
$$;
revoke all on function private.exception_problems(public.exceptions) from public;
grant execute on function private.exception_problems(public.exceptions) to authenticated, service_role;

create or replace function private.validate_exception() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api boolean := current_user in ('anon', 'authenticated');
  panel text := private.current_panel_type();
  problems jsonb;
begin
  if api and not (private.is_tenant_member(new.tenant_id) and (private.is_staff_panel(panel) or panel = 'driver')) then
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
      -- A driver raises exceptions for the deliveries they carry or carried, and no other.
      if panel = 'driver' and not private.driver_carries(new.delivery_id) then
        perform private.raise_problem('exceptions.delivery_not_found', 'delivery_id', 'Delivery not found');
      end if;
      if panel = 'driver' and new.assigned_to is not null then
        perform private.raise_problem('exceptions.driver_cannot_assign', 'assigned_to', 'Only admins and dispatchers assign exceptions');
      end if;
    end if;
    if new.exception_code is null or api then
      new.exception_code := private.next_tenant_code(new.tenant_id, 'exceptions', 'X');
    end if;
  else
    if new.tenant_id is distinct from old.tenant_id then
      perform private.raise_problems(jsonb_build_array(private.problem('exceptions.tenant_fixed', null,
        'An exception cannot move to another business')), '23514', 'An exception cannot move to another business');
    end if;
    if api and old.status in ('resolved', 'closed') then
      perform private.raise_problem('exceptions.not_editable', 'status',
        format('An exception can be edited only while open or investigating; this one is %s', old.status),
        jsonb_build_object('status', old.status));
    end if;
    new.exception_code := old.exception_code;
  end if;
  problems := private.exception_problems(new);
  if jsonb_array_length(problems) > 0 then
    perform private.raise_problems(problems);
  end if;
  return new;
end;
$$;
revoke all on function private.validate_exception() from public;

create or replace function public.transition_exception(
  exception_id uuid, status text, resolution_notes text default null, note text default null
) returns public.exceptions
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
  refusal text;
begin
  select e.* into x from public.exceptions e
  where e.id = transition_exception.exception_id
    and e.tenant_id = private.current_tenant_id()
    and (private.is_staff_panel(panel) or (panel = 'driver' and e.reported_by = auth.uid()))
  for update;
  if x.id is null then
    perform private.raise_problems(jsonb_build_array(private.problem('exceptions.not_found', null, 'Exception not found')),
      'PT404', 'Exception not found');
  end if;
  origin := x.status;
  if target is null or target not in ('open', 'investigating', 'resolved', 'closed') then
    perform private.raise_problem('exceptions.status_invalid', 'status', 'Status must be investigating, resolved or closed');
  end if;
  -- The arrows and who takes them: private.status_moves (machine 'exception').
  if not private.move_exists('exception', target, origin) then
    perform private.raise_problem('exceptions.move_not_allowed', 'status', format('An exception cannot go from %s to %s', origin, target),
      jsonb_build_object('from', origin, 'to', target));
  end if;
  refusal := private.move_refusal('exception', target, origin, panel, '{}');
  if refusal is not null then
    perform private.raise_problems(jsonb_build_array(private.problem('exceptions.status_not_allowed', null, refusal)), '42501', refusal);
  end if;
  if target in ('resolved', 'closed') and notes is null then
    perform private.raise_problem('exceptions.resolution_notes_required', 'resolution_notes', 'Resolution notes are required to resolve or close an exception');
  end if;
  if length(coalesce(notes, '')) > 2000 then
    perform private.raise_problem('exceptions.resolution_notes_too_long', 'resolution_notes', 'Resolution notes must be at most 2000 characters',
      jsonb_build_object('max', 2000));
  end if;
  if length(coalesce(note, '')) > 2000 then
    perform private.raise_problem('exceptions.note_too_long', 'note', 'The note must be at most 2000 characters', jsonb_build_object('max', 2000));
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
