-- The timeline of a delivery: one row per change of its status or its driver, appended in the same
-- transaction as the change by the status machine and the assignment functions
-- (20261125000730_delivery_transitions.sql), never written by the API.
--
--   action: created, assigned, reassigned, unassigned, rejected (by the driver), status (a move of
--           the status machine: accepted, picked_up, in_transit, delivered, failed, cancelled,
--           returned, or back to pending);
--   status: the delivery's status after the event, from_status before it;
--   occurred_at: when it happened (a driver's device time for actions queued offline),
--   recorded_at: when the database learnt of it; seq: the order of writing (timeline: occurred_at, seq);
--   actor: who (id and name at the time), the position where it happened, a note and a reason;
--   idempotency_key: an offline action sent twice is applied once (unique per delivery).
--
-- Readable by whoever reads the delivery (the policy asks deliveries' own RLS).
-- no audit: delivery_events (it is itself the append-only history of deliveries; the audit trail
-- of deliveries records the same changes on the delivery rows)

create table public.delivery_events (
  id uuid primary key default gen_random_uuid(),
  -- The order of writing: events of one transaction share occurred_at (now()), seq tells them apart.
  seq bigint generated always as identity,
  tenant_id uuid not null references public.tenants (id),
  delivery_id uuid not null,
  action text not null,
  status text not null,
  from_status text,
  occurred_at timestamptz not null default now(),
  recorded_at timestamptz not null default now(),
  actor_id uuid,
  actor_name text,
  driver_id uuid,
  assignment_id uuid,
  lat double precision,
  lng double precision,
  note text,
  reason text,
  idempotency_key text,
  constraint delivery_events_delivery_fkey foreign key (delivery_id, tenant_id)
    references public.deliveries (id, tenant_id) on delete cascade,
  constraint delivery_events_actor_fkey foreign key (actor_id) references public.profiles (id) on delete set null,
  constraint delivery_events_action_check check (action in ('created', 'assigned', 'reassigned', 'unassigned', 'rejected', 'status')),
  constraint delivery_events_status_check check (
    status in ('pending', 'assigned', 'accepted', 'picked_up', 'in_transit', 'delivered', 'failed', 'cancelled', 'returned')
  ),
  constraint delivery_events_position_check check (
    (lat is null) = (lng is null) and (lat is null or (lat between -90 and 90 and lng between -180 and 180))
  ),
  constraint delivery_events_note_check check (note is null or length(note) <= 1000),
  constraint delivery_events_reason_check check (reason is null or length(reason) <= 500),
  constraint delivery_events_idempotency_key_check check (idempotency_key is null or idempotency_key ~ '^[A-Za-z0-9_.:-]{8,100}$')
);
create index delivery_events_tenant_id_idx on public.delivery_events (tenant_id);
create index delivery_events_delivery_id_occurred_at_idx on public.delivery_events (delivery_id, occurred_at, seq);
create unique index delivery_events_idempotency_key_idx on public.delivery_events (delivery_id, idempotency_key)
  where idempotency_key is not null;
create index delivery_events_actor_id_idx on public.delivery_events (actor_id) where actor_id is not null;
-- Driver performance and history: a driver's events over time.
create index delivery_events_driver_id_occurred_at_idx on public.delivery_events (driver_id, occurred_at) where driver_id is not null;
alter table public.delivery_events enable row level security;

revoke all on public.delivery_events from anon, authenticated;
grant select on public.delivery_events to authenticated;

create policy "delivery_events: whoever reads the delivery" on public.delivery_events
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and exists (select 1 from public.deliveries d where d.id = delivery_events.delivery_id)
  );

create trigger delivery_events_broadcast
  after insert on public.delivery_events
  for each row execute function private.broadcast_tenant_change();
insert into private.tenant_topic_panels (entity, panel_types) values ('delivery_events', array['admin', 'dispatcher']);

-- The one way events are written: by the database's own functions, as the table's owner.
create or replace function private.append_delivery_event(
  d public.deliveries,
  action text,
  from_status text,
  occurred_at timestamptz default null,
  note text default null,
  reason text default null,
  lat double precision default null,
  lng double precision default null,
  assignment_id uuid default null,
  idempotency_key text default null
) returns public.delivery_events
language plpgsql
security definer
set search_path = ''
as $$
declare
  e public.delivery_events;
begin
  insert into public.delivery_events (tenant_id, delivery_id, action, status, from_status, occurred_at, actor_id, actor_name,
    driver_id, assignment_id, lat, lng, note, reason, idempotency_key)
  values (d.tenant_id, d.id, action, d.status, from_status, coalesce(occurred_at, now()), auth.uid(),
    (select p.full_name from public.profiles p where p.id = auth.uid()),
    d.driver_id, assignment_id, lat, lng, nullif(btrim(note), ''), nullif(btrim(reason), ''), idempotency_key)
  returning * into e;
  return e;
end;
$$;
revoke all on function private.append_delivery_event(public.deliveries, text, text, timestamptz, text, text, double precision,
  double precision, uuid, text) from public, anon, authenticated;

-- A delivery's first event, whoever creates it.
create or replace function private.delivery_created_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.append_delivery_event(new, 'created', null, new.created_at);
  return null;
end;
$$;
revoke all on function private.delivery_created_event() from public;

create trigger delivery_created_event after insert on public.deliveries
  for each row execute function private.delivery_created_event();
