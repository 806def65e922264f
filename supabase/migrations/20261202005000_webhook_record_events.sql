-- A module's record events declared on its table rather than written out per table: one trigger
-- function writes `<prefix>.created` when a row is inserted and `<prefix>.status_changed` (with
-- `from_status`) when its status changes, the data being the columns the trigger lists, so a
-- receiver never gets a column nobody chose to send (a delivery's tracking token, a return's
-- internal notes). Its arguments: the module, the event prefix, the column naming the customer who
-- may read the row besides staff ('' when only staff may), then the columns of the data.
-- Deliveries, return requests and exceptions move onto it with the same payloads; assignments keep
-- their own (one insert is two events of two modules). Pick orders and receive orders join the
-- catalogue with it.

create or replace function private.webhook_record_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  row_data jsonb := to_jsonb(new);
  data jsonb;
  customer uuid;
begin
  select jsonb_object_agg(c.name, row_data -> c.name) into data
  from unnest(tg_argv[3:]) as c(name);
  if tg_argv[2] <> '' then
    customer := (row_data ->> tg_argv[2])::uuid;
  end if;
  if tg_op = 'INSERT' then
    perform private.write_webhook_event(new.tenant_id, tg_argv[0], tg_argv[1] || '.created', new.id, customer, data);
  else
    perform private.write_webhook_event(new.tenant_id, tg_argv[0], tg_argv[1] || '.status_changed', new.id, customer,
      data || jsonb_build_object('from_status', old.status));
  end if;
  return null;
end;
$$;
revoke all on function private.webhook_record_event() from public;

-- deliveries: its identity, state and route, never its tracking token or the driver's proof.
drop trigger webhook_event_created on public.deliveries;
drop trigger webhook_event_status_changed on public.deliveries;
create trigger webhook_event_created after insert on public.deliveries
  for each row execute function private.webhook_record_event('deliveries', 'delivery', 'customer_id',
    'id', 'delivery_code', 'barcode', 'external_reference_id', 'kind', 'customer_id', 'order_id', 'status', 'status_reason',
    'priority', 'pickup_address', 'dropoff_address', 'pickup_window_start', 'pickup_window_end',
    'dropoff_window_start', 'dropoff_window_end', 'package_count', 'total_weight_kg', 'price', 'currency',
    'cod_amount', 'driver_id', 'created_at', 'updated_at');
create trigger webhook_event_status_changed after update of status on public.deliveries
  for each row when (old.status is distinct from new.status) execute function private.webhook_record_event('deliveries', 'delivery', 'customer_id',
    'id', 'delivery_code', 'barcode', 'external_reference_id', 'kind', 'customer_id', 'order_id', 'status', 'status_reason',
    'priority', 'pickup_address', 'dropoff_address', 'pickup_window_start', 'pickup_window_end',
    'dropoff_window_start', 'dropoff_window_end', 'package_count', 'total_weight_kg', 'price', 'currency',
    'cod_amount', 'driver_id', 'created_at', 'updated_at');
drop function private.deliveries_webhook_event();
drop function private.webhook_delivery_data(public.deliveries);

-- return requests: the customer reads theirs.
drop trigger webhook_event_created on public.return_requests;
drop trigger webhook_event_status_changed on public.return_requests;
create trigger webhook_event_created after insert on public.return_requests
  for each row execute function private.webhook_record_event('return_requests', 'return_request', 'customer_id',
    'id', 'return_code', 'delivery_id', 'order_id', 'customer_id', 'reason', 'reason_text', 'items', 'refund_amount', 'currency',
    'status', 'refunded', 'pickup_delivery_id', 'received_at', 'closed_at', 'created_at', 'updated_at');
create trigger webhook_event_status_changed after update of status on public.return_requests
  for each row when (old.status is distinct from new.status) execute function private.webhook_record_event('return_requests', 'return_request', 'customer_id',
    'id', 'return_code', 'delivery_id', 'order_id', 'customer_id', 'reason', 'reason_text', 'items', 'refund_amount', 'currency',
    'status', 'refunded', 'pickup_delivery_id', 'received_at', 'closed_at', 'created_at', 'updated_at');
drop function private.return_requests_webhook_event();

-- exceptions: staff's to read.
drop trigger webhook_event_created on public.exceptions;
drop trigger webhook_event_status_changed on public.exceptions;
create trigger webhook_event_created after insert on public.exceptions
  for each row execute function private.webhook_record_event('exceptions', 'exception', '',
    'id', 'exception_code', 'delivery_id', 'type', 'severity', 'description', 'status', 'assigned_to',
    'resolution_notes', 'resolved_at', 'created_at', 'updated_at');
create trigger webhook_event_status_changed after update of status on public.exceptions
  for each row when (old.status is distinct from new.status) execute function private.webhook_record_event('exceptions', 'exception', '',
    'id', 'exception_code', 'delivery_id', 'type', 'severity', 'description', 'status', 'assigned_to',
    'resolution_notes', 'resolved_at', 'created_at', 'updated_at');
drop function private.exceptions_webhook_event();

-- Warehouse work: pick orders and receive orders, staff's to read (a shop's system follows its
-- fulfilment: picked, then handed to a driver; its purchasing: goods in).
insert into public.webhook_modules (id, name, event_types, sort_order) values
  ('pick_orders', 'Pick orders', array['pick_order.created', 'pick_order.status_changed'], 50),
  ('receive_orders', 'Receive orders', array['receive_order.created', 'receive_order.status_changed'], 60);

create trigger webhook_event_created after insert on public.pick_orders
  for each row execute function private.webhook_record_event('pick_orders', 'pick_order', '',
    'id', 'reference_number', 'external_reference', 'warehouse_id', 'order_type', 'priority', 'status', 'assigned_to',
    'due_date', 'started_at', 'ended_at', 'created_at', 'updated_at');
create trigger webhook_event_status_changed after update of status on public.pick_orders
  for each row when (old.status is distinct from new.status) execute function private.webhook_record_event('pick_orders', 'pick_order', '',
    'id', 'reference_number', 'external_reference', 'warehouse_id', 'order_type', 'priority', 'status', 'assigned_to',
    'due_date', 'started_at', 'ended_at', 'created_at', 'updated_at');

create trigger webhook_event_created after insert on public.receive_orders
  for each row execute function private.webhook_record_event('receive_orders', 'receive_order', '',
    'id', 'receive_code', 'supplier_id', 'warehouse_id', 'reference', 'expected_date', 'status',
    'ordered_at', 'received_at', 'cancelled_at', 'created_at', 'updated_at');
create trigger webhook_event_status_changed after update of status on public.receive_orders
  for each row when (old.status is distinct from new.status) execute function private.webhook_record_event('receive_orders', 'receive_order', '',
    'id', 'receive_code', 'supplier_id', 'warehouse_id', 'reference', 'expected_date', 'status',
    'ordered_at', 'received_at', 'cancelled_at', 'created_at', 'updated_at');
