-- Support's refusals carry keys (supabase/README.md, "Refusals and their keys"): handling a failed
-- delivery (acknowledge_failure, resolve_failure through private.support_failure) and a customer's
-- conversation (acknowledge_order_conversation, resolve_order_conversation through
-- private.support_conversation), so the dispatcher's support screens show them in the user's language.
--
-- Written out whole from their only definitions (20261125001175_support_acknowledgements.sql and
-- 20261128000200_order_conversations.sql); only how refusals are raised changes: the same SQLSTATE
-- (42501, PT404, 23514 'Validation failed'), MESSAGE, fields and English words; grants as there.
-- "Already <acknowledged|resolved> by <name>" is support.already_handled with {state} (raw) and {name};
-- when nobody's name is known it reads "by someone": support.already_handled_by_someone with {state}.

create or replace function private.support_failure(event_id uuid) returns public.delivery_events
language plpgsql
security definer
set search_path = ''
as $$
declare
  e public.delivery_events;
begin
  if private.current_panel_type() is distinct from 'admin' and private.current_panel_type() is distinct from 'dispatcher' then
    perform private.raise_problems(jsonb_build_array(private.problem('support.failures_staff_only', null,
      'Only admins and dispatchers handle failed deliveries')), '42501', 'Only admins and dispatchers handle failed deliveries');
  end if;
  select x.* into e from public.delivery_events x
  where x.id = event_id and x.tenant_id = private.current_tenant_id() and x.action = 'status' and x.status = 'failed'
  for update;
  if e.id is null then
    perform private.raise_problems(jsonb_build_array(private.problem('support.failure_not_found', null, 'Failed attempt not found')),
      'PT404', 'Failed attempt not found');
  end if;
  return e;
end;
$$;
revoke all on function private.support_failure(uuid) from public, anon, authenticated;

-- One "Already acknowledged/resolved by ..." problem: the name when it is known, else "someone".
create or replace function private.support_already_handled(state text, name text) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when name is null
    then private.problem('support.already_handled_by_someone', 'status', format('Already %s by someone', state),
      jsonb_build_object('state', state))
    else private.problem('support.already_handled', 'status', format('Already %s by %s', state, name),
      jsonb_build_object('state', state, 'name', name)) end;
$$;
revoke all on function private.support_already_handled(text, text) from public, anon;
grant execute on function private.support_already_handled(text, text) to authenticated, service_role;

create or replace function public.acknowledge_failure(delivery_event_id uuid, note text default null)
returns public.support_acknowledgements
language plpgsql
security definer
set search_path = ''
as $$
declare
  e public.delivery_events := private.support_failure(acknowledge_failure.delivery_event_id);
  ack public.support_acknowledgements;
  clean text := nullif(btrim(acknowledge_failure.note), '');
begin
  select a.* into ack from public.support_acknowledgements a where a.delivery_event_id = e.id for update;
  if ack.id is not null then
    perform private.raise_problems(jsonb_build_array(private.support_already_handled(
      case when ack.resolved_at is null then 'acknowledged' else 'resolved' end,
      case when ack.resolved_at is null then ack.acknowledged_by_name else ack.resolved_by_name end)));
  end if;
  if length(coalesce(clean, '')) > 1000 then
    perform private.raise_problem('support.note_too_long', 'note', 'The note must be at most 1000 characters', jsonb_build_object('max', 1000));
  end if;
  insert into public.support_acknowledgements (tenant_id, delivery_id, delivery_event_id, acknowledged_by, acknowledged_by_name, note)
  values (e.tenant_id, e.delivery_id, e.id, auth.uid(), (select p.full_name from public.profiles p where p.id = auth.uid()), clean)
  returning * into ack;
  return ack;
end;
$$;
revoke all on function public.acknowledge_failure(uuid, text) from public, anon;
grant execute on function public.acknowledge_failure(uuid, text) to authenticated, service_role;

create or replace function public.resolve_failure(delivery_event_id uuid, resolution_note text)
returns public.support_acknowledgements
language plpgsql
security definer
set search_path = ''
as $$
declare
  e public.delivery_events := private.support_failure(resolve_failure.delivery_event_id);
  ack public.support_acknowledgements;
  clean text := nullif(btrim(resolve_failure.resolution_note), '');
  me text := (select p.full_name from public.profiles p where p.id = auth.uid());
begin
  select a.* into ack from public.support_acknowledgements a where a.delivery_event_id = e.id for update;
  if ack.resolved_at is not null then
    perform private.raise_problems(jsonb_build_array(private.support_already_handled('resolved', ack.resolved_by_name)));
  end if;
  if clean is null then
    perform private.raise_problem('support.resolution_note_required', 'resolution_note', 'A resolution note is required');
  end if;
  if length(clean) > 2000 then
    perform private.raise_problem('support.resolution_note_too_long', 'resolution_note', 'The resolution note must be at most 2000 characters',
      jsonb_build_object('max', 2000));
  end if;
  if ack.id is null then
    insert into public.support_acknowledgements (tenant_id, delivery_id, delivery_event_id, acknowledged_by, acknowledged_by_name,
      resolved_by, resolved_by_name, resolved_at, resolution_note)
    values (e.tenant_id, e.delivery_id, e.id, auth.uid(), me, auth.uid(), me, now(), clean)
    returning * into ack;
  else
    update public.support_acknowledgements a
    set resolved_by = auth.uid(), resolved_by_name = me, resolved_at = now(), resolution_note = clean
    where a.id = ack.id
    returning * into ack;
  end if;
  return ack;
end;
$$;
revoke all on function public.resolve_failure(uuid, text) from public, anon;
grant execute on function public.resolve_failure(uuid, text) to authenticated, service_role;

create or replace function private.support_conversation(conversation uuid) returns public.conversation_support
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.conversation_support;
begin
  if private.current_panel_type() is distinct from 'admin' and private.current_panel_type() is distinct from 'dispatcher' then
    perform private.raise_problems(jsonb_build_array(private.problem('support.conversations_staff_only', null,
      'Only admins and dispatchers handle customers'' messages')), '42501', 'Only admins and dispatchers handle customers'' messages');
  end if;
  select x.* into s from public.conversation_support x
  where x.conversation_id = conversation and x.tenant_id = private.current_tenant_id()
  for update;
  if s.conversation_id is null then
    perform private.raise_problems(jsonb_build_array(private.problem('support.conversation_not_found', null, 'Customer conversation not found')),
      'PT404', 'Customer conversation not found');
  end if;
  return s;
end;
$$;
revoke all on function private.support_conversation(uuid) from public, anon, authenticated;

create or replace function public.acknowledge_order_conversation(conversation_id uuid, note text default null)
returns public.conversation_support
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.conversation_support := private.support_conversation(acknowledge_order_conversation.conversation_id);
  clean text := nullif(btrim(acknowledge_order_conversation.note), '');
begin
  if s.state <> 'waiting' then
    perform private.raise_problems(jsonb_build_array(private.support_already_handled(s.state,
      case when s.state = 'resolved' then s.resolved_by_name else s.acknowledged_by_name end)));
  end if;
  if length(coalesce(clean, '')) > 1000 then
    perform private.raise_problem('support.note_too_long', 'note', 'The note must be at most 1000 characters', jsonb_build_object('max', 1000));
  end if;
  update public.conversation_support x
  set state = 'acknowledged', acknowledged_by = auth.uid(), acknowledged_at = now(), note = clean,
    acknowledged_by_name = (select p.full_name from public.profiles p where p.id = auth.uid())
  where x.conversation_id = s.conversation_id
  returning * into s;
  return s;
end;
$$;
revoke all on function public.acknowledge_order_conversation(uuid, text) from public, anon;
grant execute on function public.acknowledge_order_conversation(uuid, text) to authenticated, service_role;

create or replace function public.resolve_order_conversation(conversation_id uuid, resolution_note text)
returns public.conversation_support
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.conversation_support := private.support_conversation(resolve_order_conversation.conversation_id);
  clean text := nullif(btrim(resolve_order_conversation.resolution_note), '');
  me text := (select p.full_name from public.profiles p where p.id = auth.uid());
begin
  if s.state = 'resolved' then
    perform private.raise_problems(jsonb_build_array(private.support_already_handled('resolved', s.resolved_by_name)));
  end if;
  if clean is null then
    perform private.raise_problem('support.resolution_note_required', 'resolution_note', 'A resolution note is required');
  end if;
  if length(clean) > 2000 then
    perform private.raise_problem('support.resolution_note_too_long', 'resolution_note', 'The resolution note must be at most 2000 characters',
      jsonb_build_object('max', 2000));
  end if;
  update public.conversation_support x
  set state = 'resolved', resolved_by = auth.uid(), resolved_by_name = me, resolved_at = now(), resolution_note = clean,
    acknowledged_by = coalesce(x.acknowledged_by, auth.uid()), acknowledged_by_name = coalesce(x.acknowledged_by_name, me),
    acknowledged_at = coalesce(x.acknowledged_at, now())
  where x.conversation_id = s.conversation_id
  returning * into s;
  return s;
end;
$$;
revoke all on function public.resolve_order_conversation(uuid, text) from public, anon;
grant execute on function public.resolve_order_conversation(uuid, text) to authenticated, service_role;
