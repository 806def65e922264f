-- The webhook outbox: every domain change a subscription may carry is written here by a trigger on
-- its table, in the same transaction as the change. A change that commits has its event; one that
-- rolls back has none; nothing is lost between the two, whatever happens to the dispatcher later.
--
-- An event names its module and type (the catalogue's `webhook_modules`), the row it is about and
-- who besides the tenant's staff may read that row (`customer_id`: the customer of a delivery or
-- of a return request; null when only staff may, as for assignments and exceptions). The payload
-- is the body a receiver gets: {type, timestamp, data}, data a fixed set of the row's columns.
--
-- The outbox belongs to the server: no API role reads or writes it (row-level security with no
-- policy, and no grants); the dispatcher fans each event out to the subscriptions whose owner may
-- read the row, and a subscription's delivery log is read from there, not from here.

-- no audit: webhook_events (the outbox is its own history: append-only, written only by the triggers below, each row the change it reports)
create table public.webhook_events (
  id uuid primary key default gen_random_uuid(),
  -- The order of writing, which the dispatcher keeps.
  seq bigint generated always as identity,
  tenant_id uuid not null references public.tenants (id),
  module_id text not null references public.webhook_modules (id),
  event_type text not null,
  subject_id uuid not null,
  customer_id uuid,
  payload jsonb not null,
  occurred_at timestamptz not null default now(),
  -- When the dispatcher made the event's deliveries (one per subscription that carries it).
  fanned_out_at timestamptz,
  constraint webhook_events_event_type_check check (event_type ~ '^[a-z_]+\.[a-z_]+$'),
  constraint webhook_events_payload_check check (jsonb_typeof(payload) = 'object')
);
comment on table public.webhook_events is
  'no audit: the outbox is its own history: append-only, written only by the event triggers, each row the change it reports';
create index webhook_events_tenant_id_occurred_at_idx on public.webhook_events (tenant_id, occurred_at desc);
create index webhook_events_module_id_idx on public.webhook_events (module_id);
-- What the dispatcher has still to fan out, oldest first.
create index webhook_events_pending_idx on public.webhook_events (seq) where fanned_out_at is null;
alter table public.webhook_events enable row level security;
revoke all on public.webhook_events from anon, authenticated;

-- Writes one event. Security definer: the triggers run as whoever made the change, who may not
-- write the outbox.
create or replace function private.write_webhook_event(
  p_tenant_id uuid, p_module_id text, p_event_type text, p_subject_id uuid, p_customer_id uuid, p_data jsonb
) returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.webhook_events (tenant_id, module_id, event_type, subject_id, customer_id, payload)
  values (p_tenant_id, p_module_id, p_event_type, p_subject_id, p_customer_id,
    jsonb_build_object('type', p_event_type, 'timestamp', now(), 'data', p_data));
$$;
revoke all on function private.write_webhook_event(uuid, text, text, uuid, uuid, jsonb) from public;

-- What a receiver learns of a delivery: its identity, state and route, never its tracking token
-- (the public tracking page's secret) or the driver's proof.
create or replace function private.webhook_delivery_data(d public.deliveries) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', d.id, 'delivery_code', d.delivery_code, 'barcode', d.barcode, 'external_reference_id', d.external_reference_id,
    'kind', d.kind, 'customer_id', d.customer_id, 'order_id', d.order_id, 'status', d.status, 'status_reason', d.status_reason,
    'priority', d.priority, 'pickup_address', d.pickup_address, 'dropoff_address', d.dropoff_address,
    'pickup_window_start', d.pickup_window_start, 'pickup_window_end', d.pickup_window_end,
    'dropoff_window_start', d.dropoff_window_start, 'dropoff_window_end', d.dropoff_window_end,
    'package_count', d.package_count, 'total_weight_kg', d.total_weight_kg, 'price', d.price, 'currency', d.currency,
    'cod_amount', d.cod_amount, 'driver_id', d.driver_id, 'created_at', d.created_at, 'updated_at', d.updated_at
  );
$$;
revoke all on function private.webhook_delivery_data(public.deliveries) from public;

create or replace function private.webhook_assignment_data(a public.assignments, delivery_code text) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', a.id, 'delivery_id', a.delivery_id, 'delivery_code', delivery_code, 'driver_id', a.driver_id, 'vehicle_id', a.vehicle_id,
    'status', a.status, 'assignment_time', a.assignment_time, 'responded_at', a.responded_at,
    'rejection_reason', a.rejection_reason, 'completed_at', a.completed_at
  );
$$;
revoke all on function private.webhook_assignment_data(public.assignments, text) from public;

-- deliveries: delivery.created, delivery.status_changed.
create or replace function private.deliveries_webhook_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.write_webhook_event(new.tenant_id, 'deliveries', 'delivery.created', new.id, new.customer_id,
      private.webhook_delivery_data(new));
  else
    perform private.write_webhook_event(new.tenant_id, 'deliveries', 'delivery.status_changed', new.id, new.customer_id,
      private.webhook_delivery_data(new) || jsonb_build_object('from_status', old.status));
  end if;
  return null;
end;
$$;
revoke all on function private.deliveries_webhook_event() from public;

create trigger webhook_event_created after insert on public.deliveries
  for each row execute function private.deliveries_webhook_event();
create trigger webhook_event_status_changed after update of status on public.deliveries
  for each row when (old.status is distinct from new.status) execute function private.deliveries_webhook_event();

-- assignments: a new one is delivery.assigned (the delivery's customer reads who carries it) and
-- assignment.created; a driver's answer or the end of the work is assignment.accepted, .rejected
-- or .completed. Assignments themselves are staff's to read.
create or replace function private.assignments_webhook_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  delivery public.deliveries;
  data jsonb;
begin
  select * into delivery from public.deliveries d where d.id = new.delivery_id;
  data := private.webhook_assignment_data(new, delivery.delivery_code);
  if tg_op = 'INSERT' then
    perform private.write_webhook_event(new.tenant_id, 'deliveries', 'delivery.assigned', new.delivery_id, delivery.customer_id,
      jsonb_build_object('id', new.delivery_id, 'delivery_code', delivery.delivery_code, 'customer_id', delivery.customer_id,
        'assignment_id', new.id, 'driver_id', new.driver_id, 'vehicle_id', new.vehicle_id, 'assignment_time', new.assignment_time));
    perform private.write_webhook_event(new.tenant_id, 'assignments', 'assignment.created', new.id, null, data);
  elsif new.status in ('accepted', 'rejected', 'completed') then
    perform private.write_webhook_event(new.tenant_id, 'assignments', 'assignment.' || new.status, new.id, null,
      data || jsonb_build_object('from_status', old.status));
  end if;
  return null;
end;
$$;
revoke all on function private.assignments_webhook_event() from public;

create trigger webhook_event_created after insert on public.assignments
  for each row execute function private.assignments_webhook_event();
create trigger webhook_event_status_changed after update of status on public.assignments
  for each row when (old.status is distinct from new.status) execute function private.assignments_webhook_event();

-- return_requests: return_request.created, return_request.status_changed; the customer reads theirs.
create or replace function private.return_requests_webhook_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  data jsonb;
begin
  data := jsonb_build_object(
    'id', new.id, 'return_code', new.return_code, 'delivery_id', new.delivery_id, 'order_id', new.order_id,
    'customer_id', new.customer_id, 'reason', new.reason, 'reason_text', new.reason_text, 'items', new.items,
    'refund_amount', new.refund_amount, 'currency', new.currency, 'status', new.status, 'refunded', new.refunded,
    'pickup_delivery_id', new.pickup_delivery_id, 'received_at', new.received_at, 'closed_at', new.closed_at,
    'created_at', new.created_at, 'updated_at', new.updated_at);
  if tg_op = 'INSERT' then
    perform private.write_webhook_event(new.tenant_id, 'return_requests', 'return_request.created', new.id, new.customer_id, data);
  else
    perform private.write_webhook_event(new.tenant_id, 'return_requests', 'return_request.status_changed', new.id, new.customer_id,
      data || jsonb_build_object('from_status', old.status));
  end if;
  return null;
end;
$$;
revoke all on function private.return_requests_webhook_event() from public;

create trigger webhook_event_created after insert on public.return_requests
  for each row execute function private.return_requests_webhook_event();
create trigger webhook_event_status_changed after update of status on public.return_requests
  for each row when (old.status is distinct from new.status) execute function private.return_requests_webhook_event();

-- exceptions: exception.created, exception.status_changed; staff's to read.
create or replace function private.exceptions_webhook_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  data jsonb;
begin
  data := jsonb_build_object(
    'id', new.id, 'exception_code', new.exception_code, 'delivery_id', new.delivery_id, 'type', new.type,
    'severity', new.severity, 'description', new.description, 'status', new.status, 'assigned_to', new.assigned_to,
    'resolution_notes', new.resolution_notes, 'resolved_at', new.resolved_at, 'created_at', new.created_at, 'updated_at', new.updated_at);
  if tg_op = 'INSERT' then
    perform private.write_webhook_event(new.tenant_id, 'exceptions', 'exception.created', new.id, null, data);
  else
    perform private.write_webhook_event(new.tenant_id, 'exceptions', 'exception.status_changed', new.id, null,
      data || jsonb_build_object('from_status', old.status));
  end if;
  return null;
end;
$$;
revoke all on function private.exceptions_webhook_event() from public;

create trigger webhook_event_created after insert on public.exceptions
  for each row execute function private.exceptions_webhook_event();
create trigger webhook_event_status_changed after update of status on public.exceptions
  for each row when (old.status is distinct from new.status) execute function private.exceptions_webhook_event();
