-- The dispatcher's support queue: problems reported from the field.
--
-- Failed attempts are the `delivery_events` rows that moved a delivery to failed (one per attempt: a
-- delivery reopened and failed again is two). Staff acknowledge one (someone is on it) and resolve it
-- with a note (what was done: rescheduled, returned, refunded ...); both are recorded here, once per
-- failure, only through the two functions below:
--
--   acknowledge_failure(delivery_event_id, note?)          open -> acknowledged
--   resolve_failure(delivery_event_id, resolution_note)    open | acknowledged -> resolved (acknowledging too)
--
-- Who: the tenant's admins and dispatchers (42501 otherwise). A failure the caller cannot see is
-- 'Failed attempt not found' (PT404, HTTP 404); acknowledging twice or resolving a resolved one is
-- 23514 with a `status` detail naming who did it; the note rules are 23514 details on `note` and
-- `resolution_note`. Exceptions keep their own machine (transition_exception).
--
-- `support_failures` (security invoker: deliveries' and events' RLS decide the rows) is the queue's
-- list: the failure with its delivery, the customer, the driver, the reason and the acknowledgement.
-- Live on `tenant:<id>:support_acknowledgements` for admins and dispatchers.

create table public.support_acknowledgements (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  delivery_id uuid not null,
  delivery_event_id uuid not null,
  acknowledged_by uuid,
  acknowledged_by_name text,
  acknowledged_at timestamptz not null default now(),
  note text,
  resolved_by uuid,
  resolved_by_name text,
  resolved_at timestamptz,
  resolution_note text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint support_acknowledgements_event_key unique (delivery_event_id),
  constraint support_acknowledgements_delivery_fkey foreign key (delivery_id, tenant_id)
    references public.deliveries (id, tenant_id) on delete cascade,
  constraint support_acknowledgements_event_fkey foreign key (delivery_event_id)
    references public.delivery_events (id) on delete cascade,
  constraint support_acknowledgements_acknowledged_by_fkey foreign key (acknowledged_by) references public.profiles (id) on delete set null,
  constraint support_acknowledgements_resolved_by_fkey foreign key (resolved_by) references public.profiles (id) on delete set null,
  constraint support_acknowledgements_note_check check (note is null or length(note) <= 1000),
  constraint support_acknowledgements_resolution_note_check check (
    (resolved_at is null) = (resolution_note is null)
    and (resolution_note is null or (btrim(resolution_note) <> '' and length(resolution_note) <= 2000))
  )
);
create index support_acknowledgements_tenant_id_idx on public.support_acknowledgements (tenant_id, acknowledged_at desc);
create index support_acknowledgements_delivery_id_idx on public.support_acknowledgements (delivery_id);
create index support_acknowledgements_acknowledged_by_idx on public.support_acknowledgements (acknowledged_by) where acknowledged_by is not null;
create index support_acknowledgements_resolved_by_idx on public.support_acknowledgements (resolved_by) where resolved_by is not null;
alter table public.support_acknowledgements enable row level security;

-- The queue reads the tenant's recent failures: an index of exactly those events.
create index delivery_events_failures_idx on public.delivery_events (tenant_id, occurred_at desc)
  where action = 'status' and status = 'failed';

create trigger set_updated_at before update on public.support_acknowledgements
  for each row execute function private.set_updated_at();
create trigger audit_row_change after insert or update or delete on public.support_acknowledgements
  for each row execute function private.audit_row_change();
create trigger support_acknowledgements_broadcast
  after insert or update or delete on public.support_acknowledgements
  for each row execute function private.broadcast_tenant_change();
insert into private.tenant_topic_panels (entity, panel_types) values ('support_acknowledgements', array['admin', 'dispatcher']);

revoke all on public.support_acknowledgements from anon, authenticated;
grant select on public.support_acknowledgements to authenticated;

create policy "support_acknowledgements: admins and dispatchers read the tenant's" on public.support_acknowledgements
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'));
-- No insert, update or delete policy: written only by acknowledge_failure and resolve_failure.

-- The failure event the caller (staff) may handle, locked with its acknowledgement; PT404 otherwise.
create or replace function private.support_failure(event_id uuid) returns public.delivery_events
language plpgsql
security definer
set search_path = ''
as $$
declare
  e public.delivery_events;
begin
  if private.current_panel_type() is distinct from 'admin' and private.current_panel_type() is distinct from 'dispatcher' then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers handle failed deliveries';
  end if;
  select x.* into e from public.delivery_events x
  where x.id = event_id and x.tenant_id = private.current_tenant_id() and x.action = 'status' and x.status = 'failed'
  for update;
  if e.id is null then
    raise exception using errcode = 'PT404', message = 'Failed attempt not found';
  end if;
  return e;
end;
$$;
revoke all on function private.support_failure(uuid) from public, anon, authenticated;

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
    perform private.validation_error('status', format('Already %s by %s',
      case when ack.resolved_at is null then 'acknowledged' else 'resolved' end,
      coalesce(case when ack.resolved_at is null then ack.acknowledged_by_name else ack.resolved_by_name end, 'someone')));
  end if;
  if length(coalesce(clean, '')) > 1000 then
    perform private.validation_error('note', 'The note must be at most 1000 characters');
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
    perform private.validation_error('status', format('Already resolved by %s', coalesce(ack.resolved_by_name, 'someone')));
  end if;
  if clean is null then
    perform private.validation_error('resolution_note', 'A resolution note is required');
  end if;
  if length(clean) > 2000 then
    perform private.validation_error('resolution_note', 'The resolution note must be at most 2000 characters');
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

-- The queue's failed attempts. security_invoker: the caller's RLS decides on every table (drivers
-- and customers read no acknowledgements, so they get none even where they read the event).
create view public.support_failures with (security_invoker = true) as
  select e.id, e.tenant_id, e.delivery_id, d.delivery_code, d.kind, d.status as delivery_status,
    e.occurred_at as failed_at, e.reason, e.note as failure_note, e.actor_name as reported_by_name,
    e.driver_id, dp.full_name as driver_name, d.customer_id, c.full_name as customer_name,
    d.dropoff_address ->> 'full_address' as dropoff_full_address,
    case when a.resolved_at is not null then 'resolved' when a.id is not null then 'acknowledged' else 'open' end as state,
    a.acknowledged_by, a.acknowledged_by_name, a.acknowledged_at, a.note as acknowledgement_note,
    a.resolved_by, a.resolved_by_name, a.resolved_at, a.resolution_note
  from public.delivery_events e
  join public.deliveries d on d.id = e.delivery_id
  left join public.profiles dp on dp.id = e.driver_id
  left join public.profiles c on c.id = d.customer_id
  left join public.support_acknowledgements a on a.delivery_event_id = e.id
  where e.action = 'status' and e.status = 'failed';
revoke all on public.support_failures from anon, authenticated;
grant select on public.support_failures to authenticated;
