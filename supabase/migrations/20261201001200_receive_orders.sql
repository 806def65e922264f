-- Receive orders: goods expected from a supplier into one warehouse, line by line (item, expected and
-- received quantity, lot, serial, target bin), with a code of their own (ACME-GR00001: 'GR' for goods
-- receipt, a marker no other record uses; returns and remittances use R, exceptions X).
--
-- Status: draft -> ordered -> partially_received -> received, and draft | ordered -> cancelled.
-- Which moves exist is data (private.status_moves, machine 'receive_order'); admins place and cancel
-- orders (transition_receive_order); receiving a line (receive_order_line) moves ordered and
-- partially_received orders on by itself: received once every line has all it expects. Every
-- change of status appends receive_order_events (the history), whoever makes it.
--
-- Receiving writes `receive` transactions through record_inventory_transaction, referencing the
-- order, as the caller: the ledger decides who may receive into that warehouse (admins, receivers,
-- managers and supervisors of a warehouse they may access).
--
-- Who reads: admins, and the dispatcher panel (where warehouse staff sign in) for orders of a
-- warehouse they may access. Writes go through the functions only: save_receive_order (admins; the
-- header and all lines at once, while draft or ordered).

create table public.receive_orders (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  receive_code text not null,
  supplier_id uuid not null references public.suppliers (id),
  warehouse_id uuid not null,
  reference text,
  expected_date date,
  notes text,
  status text not null default 'draft',
  ordered_at timestamptz,
  received_at timestamptz,
  cancelled_at timestamptz,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint receive_orders_id_tenant_id_key unique (id, tenant_id),
  constraint receive_orders_id_warehouse_id_key unique (id, warehouse_id),
  constraint receive_orders_receive_code_key unique (tenant_id, receive_code),
  constraint receive_orders_warehouse_fkey foreign key (warehouse_id, tenant_id) references public.warehouses (id, tenant_id),
  constraint receive_orders_reference_check check (reference is null or length(reference) <= 100),
  constraint receive_orders_notes_check check (notes is null or length(notes) <= 2000),
  constraint receive_orders_status_check check (status in ('draft', 'ordered', 'partially_received', 'received', 'cancelled'))
);
create index receive_orders_tenant_id_idx on public.receive_orders (tenant_id, created_at desc, id desc);
create index receive_orders_tenant_id_status_idx on public.receive_orders (tenant_id, status, expected_date);
create index receive_orders_warehouse_id_idx on public.receive_orders (warehouse_id, tenant_id, status);
create index receive_orders_supplier_id_idx on public.receive_orders (supplier_id);
create index receive_orders_created_by_idx on public.receive_orders (created_by) where created_by is not null;
alter table public.receive_orders enable row level security;

create trigger set_updated_at before update on public.receive_orders
  for each row execute function private.set_updated_at();
create trigger audit_row_change after insert or update or delete on public.receive_orders
  for each row execute function private.audit_row_change();

create table public.receive_order_lines (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  receive_order_id uuid not null,
  warehouse_id uuid not null,
  position integer not null default 0,
  item_id uuid not null,
  expected_quantity integer not null,
  received_quantity integer not null default 0,
  lot_number text,
  serial_number text,
  target_bin_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint receive_order_lines_order_fkey foreign key (receive_order_id, warehouse_id)
    references public.receive_orders (id, warehouse_id) on delete cascade,
  constraint receive_order_lines_order_tenant_fkey foreign key (receive_order_id, tenant_id)
    references public.receive_orders (id, tenant_id) on delete cascade,
  constraint receive_order_lines_item_fkey foreign key (item_id, tenant_id) references public.inventory_items (id, tenant_id),
  -- The target bin is a location of the order's warehouse.
  constraint receive_order_lines_target_bin_fkey foreign key (target_bin_id, warehouse_id)
    references public.warehouse_locations (id, warehouse_id),
  constraint receive_order_lines_expected_quantity_check check (expected_quantity > 0 and expected_quantity <= 1000000),
  constraint receive_order_lines_received_quantity_check check (received_quantity >= 0 and received_quantity <= expected_quantity),
  constraint receive_order_lines_serial_check check (serial_number is null or expected_quantity = 1),
  constraint receive_order_lines_lot_number_check check (lot_number is null or length(lot_number) <= 64),
  constraint receive_order_lines_serial_number_check check (serial_number is null or length(serial_number) <= 64)
);
create index receive_order_lines_tenant_id_idx on public.receive_order_lines (tenant_id);
create index receive_order_lines_receive_order_id_idx on public.receive_order_lines (receive_order_id, position);
create index receive_order_lines_order_warehouse_idx on public.receive_order_lines (receive_order_id, warehouse_id);
create index receive_order_lines_order_tenant_idx on public.receive_order_lines (receive_order_id, tenant_id);
create index receive_order_lines_item_id_idx on public.receive_order_lines (item_id, tenant_id);
create index receive_order_lines_target_bin_id_idx on public.receive_order_lines (target_bin_id, warehouse_id) where target_bin_id is not null;
alter table public.receive_order_lines enable row level security;

create trigger set_updated_at before update on public.receive_order_lines
  for each row execute function private.set_updated_at();
create trigger audit_row_change after insert or update or delete on public.receive_order_lines
  for each row execute function private.audit_row_change();

create table public.receive_order_events (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  receive_order_id uuid not null,
  seq bigint generated always as identity,
  from_status text,
  status text not null,
  note text,
  actor_id uuid references public.profiles (id) on delete set null,
  actor_name text,
  occurred_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  constraint receive_order_events_order_fkey foreign key (receive_order_id, tenant_id)
    references public.receive_orders (id, tenant_id) on delete cascade,
  constraint receive_order_events_note_check check (length(coalesce(note, '')) <= 1000)
);
comment on table public.receive_order_events is 'no audit: the history of a receive order''s status, itself written only by the database';
-- no audit: receive_order_events (the history of a receive order's status, itself written only by the database)
create index receive_order_events_tenant_id_idx on public.receive_order_events (tenant_id);
create index receive_order_events_receive_order_id_idx on public.receive_order_events (receive_order_id, occurred_at, seq);
create index receive_order_events_order_tenant_idx on public.receive_order_events (receive_order_id, tenant_id);
create index receive_order_events_actor_id_idx on public.receive_order_events (actor_id) where actor_id is not null;
alter table public.receive_order_events enable row level security;

-- The code on insert; the history on insert and on every change of status.
create or replace function private.receive_order_code() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.receive_code := private.next_tenant_code(new.tenant_id, 'receive_orders', 'GR');
  return new;
end;
$$;
revoke all on function private.receive_order_code() from public;
create trigger receive_order_code before insert on public.receive_orders
  for each row execute function private.receive_order_code();

create or replace function private.receive_order_history() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.status is not distinct from old.status then
    return null;
  end if;
  insert into public.receive_order_events (tenant_id, receive_order_id, from_status, status, note, actor_id, actor_name, occurred_at)
  values (new.tenant_id, new.id, case when tg_op = 'UPDATE' then old.status end, new.status,
    nullif(btrim(coalesce(current_setting('waypost.receive_order_note', true), '')), ''),
    auth.uid(), (select p.full_name from public.profiles p where p.id = auth.uid()),
    case when tg_op = 'INSERT' then new.created_at else now() end);
  return null;
end;
$$;
revoke all on function private.receive_order_history() from public;
create trigger receive_order_history after insert or update of status on public.receive_orders
  for each row execute function private.receive_order_history();

-- Reads: admins, and the dispatcher panel for a warehouse they may access.
revoke all on public.receive_orders, public.receive_order_lines, public.receive_order_events from anon, authenticated;
grant select on public.receive_orders, public.receive_order_lines, public.receive_order_events to authenticated;

create or replace function private.may_read_receive_order(tenant uuid, warehouse uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select tenant = private.current_tenant_id()
    and (private.is_tenant_admin(tenant) or (private.current_panel_type() = 'dispatcher' and private.can_access_warehouse(warehouse)));
$$;
revoke all on function private.may_read_receive_order(uuid, uuid) from public, anon;
grant execute on function private.may_read_receive_order(uuid, uuid) to authenticated, service_role;

create policy "receive_orders: admins, and staff of a warehouse they may access, read" on public.receive_orders
  for select to authenticated using (private.may_read_receive_order(tenant_id, warehouse_id));
create policy "receive_order_lines: whoever reads the order" on public.receive_order_lines
  for select to authenticated using (private.may_read_receive_order(tenant_id, warehouse_id));
create policy "receive_order_events: whoever reads the order" on public.receive_order_events
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and exists (select 1 from public.receive_orders o where o.id = receive_order_events.receive_order_id)
  );

-- The list's rows: the order with its supplier, warehouse and line totals (the caller's RLS applies).
create view public.receive_order_rows with (security_invoker = true) as
select o.id, o.tenant_id, o.receive_code, o.supplier_id, s.name as supplier_name, o.warehouse_id, w.name as warehouse_name,
  o.reference, o.expected_date, o.status, o.created_at, o.updated_at,
  coalesce(l.line_count, 0)::integer as line_count,
  coalesce(l.expected_total, 0)::integer as expected_total,
  coalesce(l.received_total, 0)::integer as received_total
from public.receive_orders o
join public.suppliers s on s.id = o.supplier_id
join public.warehouses w on w.id = o.warehouse_id
left join lateral (
  select count(*) as line_count, sum(x.expected_quantity) as expected_total, sum(x.received_quantity) as received_total
  from public.receive_order_lines x where x.receive_order_id = o.id
) l on true;
revoke all on public.receive_order_rows from anon, authenticated;
grant select on public.receive_order_rows to authenticated;

-- The machine's moves.
insert into private.status_moves (machine, action, from_status, to_status, panels, condition, refusal, via, position)
values
  ('receive_order', 'edit', 'draft', null, array['admin'], null, null, 'public.save_receive_order', 10),
  ('receive_order', 'edit', 'ordered', null, array['admin'], null, null, 'public.save_receive_order', 10),
  ('receive_order', 'ordered', 'draft', 'ordered', array['admin'], null,
    'Only administrators can change the status of a receive order', 'public.transition_receive_order', 20),
  ('receive_order', 'receive', 'ordered', null, array['admin', 'dispatcher'], null, null, 'public.receive_order_line', 30),
  ('receive_order', 'receive', 'partially_received', null, array['admin', 'dispatcher'], null, null, 'public.receive_order_line', 30),
  ('receive_order', 'partially_received', 'ordered', 'partially_received', array['admin', 'dispatcher'], null,
    'A receive order is received by receiving its lines', 'public.receive_order_line', 40),
  ('receive_order', 'received', 'ordered', 'received', array['admin', 'dispatcher'], null,
    'A receive order is received by receiving its lines', 'public.receive_order_line', 50),
  ('receive_order', 'received', 'partially_received', 'received', array['admin', 'dispatcher'], null,
    'A receive order is received by receiving its lines', 'public.receive_order_line', 50),
  ('receive_order', 'cancelled', 'draft', 'cancelled', array['admin'], null,
    'Only administrators can change the status of a receive order', 'public.transition_receive_order', 60),
  ('receive_order', 'cancelled', 'ordered', 'cancelled', array['admin'], null,
    'Only administrators can change the status of a receive order', 'public.transition_receive_order', 60);

-- The order the caller may read, locked, or PT404.
create or replace function private.receive_order_for_update(receive_order_id uuid) returns public.receive_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.receive_orders;
begin
  select x.* into o from public.receive_orders x where x.id = receive_order_for_update.receive_order_id for update;
  if o.id is null or not private.may_read_receive_order(o.tenant_id, o.warehouse_id) then
    if private.current_tenant_id() is null then
      raise exception using errcode = '42501', message = 'Sign in to manage receive orders';
    end if;
    perform private.not_found('Receive order not found');
  end if;
  return o;
end;
$$;
revoke all on function private.receive_order_for_update(uuid) from public, anon, authenticated;

-- What the caller may do with the order now ('{}' when none, or when they cannot see it).
create or replace function public.receive_order_actions(receive_order_id uuid) returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  o public.receive_orders;
begin
  select x.* into o from public.receive_orders x where x.id = receive_order_actions.receive_order_id;
  if o.id is null or not private.may_read_receive_order(o.tenant_id, o.warehouse_id) then
    return '{}';
  end if;
  return array(
    select a from unnest(private.machine_actions('receive_order', o.status, private.current_panel_type(), '{}')) a
    where a not in ('partially_received', 'received')
  );
end;
$$;
revoke all on function public.receive_order_actions(uuid) from public, anon;
grant execute on function public.receive_order_actions(uuid) to authenticated;

-- Creates (receive_order_id null) or edits an order with all its lines, admins only, while draft
-- or ordered. `receive_order`: {supplier_id, warehouse_id, reference, expected_date, notes,
-- lines: [{item_id, expected_quantity, lot_number, serial_number, target_bin_id}]}. 23514 with
-- [{field, message}] (lines.<i>.<column>) for what is wrong; nothing is written then.
create or replace function public.save_receive_order(receive_order_id uuid, receive_order jsonb) returns public.receive_orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
  o public.receive_orders;
  input jsonb := coalesce(save_receive_order.receive_order, '{}'::jsonb);
  lines jsonb := case when jsonb_typeof(input -> 'lines') = 'array' then input -> 'lines' else '[]'::jsonb end;
  problems jsonb := '[]'::jsonb;
  supplier uuid;
  warehouse uuid;
  ref text := nullif(btrim(coalesce(input ->> 'reference', '')), '');
  notes text := nullif(btrim(coalesce(input ->> 'notes', '')), '');
  expected date;
  line jsonb;
  i integer := 0;
  qty numeric;
  item uuid;
  bin uuid;
  lot text;
  serial text;
  uuid_re constant text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
begin
  if tenant is null then
    raise exception using errcode = '42501', message = 'Sign in to manage receive orders';
  end if;
  if save_receive_order.receive_order_id is not null then
    o := private.receive_order_for_update(save_receive_order.receive_order_id);
  end if;
  if not private.is_tenant_admin(tenant) then
    raise exception using errcode = '42501', message = 'Only administrators can manage receive orders';
  end if;
  if o.id is not null and o.status not in ('draft', 'ordered') then
    perform private.validation_error('status', format('A receive order can be edited only while draft or ordered; this one is %s', replace(o.status, '_', ' ')));
  end if;

  if coalesce(input ->> 'supplier_id', '') !~ uuid_re
    or not exists (select 1 from public.suppliers s where s.id = (input ->> 'supplier_id')::uuid and s.tenant_id = tenant) then
    problems := problems || jsonb_build_object('field', 'supplier_id', 'message', 'Supplier is required');
  else
    supplier := (input ->> 'supplier_id')::uuid;
  end if;
  if coalesce(input ->> 'warehouse_id', '') !~ uuid_re
    or not exists (select 1 from public.warehouses w where w.id = (input ->> 'warehouse_id')::uuid and w.tenant_id = tenant) then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse is required');
  else
    warehouse := (input ->> 'warehouse_id')::uuid;
  end if;
  if ref is not null and length(ref) > 100 then
    problems := problems || jsonb_build_object('field', 'reference', 'message', 'Reference must be at most 100 characters');
  end if;
  if notes is not null and length(notes) > 2000 then
    problems := problems || jsonb_build_object('field', 'notes', 'message', 'Notes must be at most 2000 characters');
  end if;
  if nullif(input ->> 'expected_date', '') is not null then
    begin
      expected := (input ->> 'expected_date')::date;
    exception when others then
      problems := problems || jsonb_build_object('field', 'expected_date', 'message', 'Expected date must be a date');
    end;
  end if;
  if jsonb_array_length(lines) = 0 then
    problems := problems || jsonb_build_object('field', 'lines', 'message', 'Add at least one line');
  elsif jsonb_array_length(lines) > 200 then
    problems := problems || jsonb_build_object('field', 'lines', 'message', 'A receive order has at most 200 lines');
  end if;
  for line in select e from jsonb_array_elements(lines) e loop
    if coalesce(line ->> 'item_id', '') !~ uuid_re
      or not exists (select 1 from public.inventory_items x where x.id = (line ->> 'item_id')::uuid and x.tenant_id = tenant) then
      problems := problems || jsonb_build_object('field', format('lines.%s.item_id', i), 'message', 'Item is required');
    end if;
    qty := case when jsonb_typeof(line -> 'expected_quantity') = 'number' then (line ->> 'expected_quantity')::numeric end;
    if qty is null or qty <> trunc(qty) or qty <= 0 or qty > 1000000 then
      problems := problems || jsonb_build_object('field', format('lines.%s.expected_quantity', i), 'message', 'Quantity must be a whole number above 0');
    end if;
    serial := nullif(btrim(coalesce(line ->> 'serial_number', '')), '');
    if serial is not null and qty is not null and qty <> 1 then
      problems := problems || jsonb_build_object('field', format('lines.%s.serial_number', i), 'message', 'A serial number is received one at a time: quantity 1');
    end if;
    if length(coalesce(line ->> 'lot_number', '')) > 64 or length(coalesce(serial, '')) > 64 then
      problems := problems || jsonb_build_object('field', format('lines.%s.lot_number', i), 'message', 'Lot and serial numbers are at most 64 characters');
    end if;
    if nullif(line ->> 'target_bin_id', '') is not null and (
      (line ->> 'target_bin_id') !~ uuid_re or warehouse is null or not exists (
        select 1 from public.warehouse_locations b
        where b.id = (line ->> 'target_bin_id')::uuid and b.warehouse_id = warehouse and b.location_type = 'bin' and b.status = 'active')) then
      problems := problems || jsonb_build_object('field', format('lines.%s.target_bin_id', i), 'message', 'Target bin must be an active bin of the warehouse');
    end if;
    i := i + 1;
  end loop;
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;

  if o.id is null then
    insert into public.receive_orders (tenant_id, receive_code, supplier_id, warehouse_id, reference, expected_date, notes)
    values (tenant, '', supplier, warehouse, ref, expected, notes)
    returning * into o;
  else
    -- Nothing is received while draft or ordered: the lines are written again as given (removed
    -- first, as they name the order's warehouse).
    delete from public.receive_order_lines x where x.receive_order_id = o.id;
    update public.receive_orders x set supplier_id = supplier, warehouse_id = warehouse, reference = ref,
      expected_date = expected, notes = save_receive_order.notes
    where x.id = o.id
    returning * into o;
  end if;
  i := 0;
  for line in select e from jsonb_array_elements(lines) e loop
    item := (line ->> 'item_id')::uuid;
    bin := nullif(line ->> 'target_bin_id', '')::uuid;
    lot := nullif(btrim(coalesce(line ->> 'lot_number', '')), '');
    serial := nullif(btrim(coalesce(line ->> 'serial_number', '')), '');
    insert into public.receive_order_lines (tenant_id, receive_order_id, warehouse_id, position, item_id, expected_quantity,
      lot_number, serial_number, target_bin_id)
    values (tenant, o.id, warehouse, i, item, (line ->> 'expected_quantity')::integer, lot, serial, bin);
    i := i + 1;
  end loop;
  return o;
end;
$$;
revoke all on function public.save_receive_order(uuid, jsonb) from public, anon;
grant execute on function public.save_receive_order(uuid, jsonb) to authenticated;

-- Places (ordered) or cancels an order. A move with no arrow is 23514 on `status`; a caller who
-- may not is 42501 with the move's refusal; an order they cannot see is PT404.
create or replace function public.transition_receive_order(receive_order_id uuid, status text, note text default null)
returns public.receive_orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  o public.receive_orders := private.receive_order_for_update(transition_receive_order.receive_order_id);
  target text := transition_receive_order.status;
  refusal text;
begin
  if target is null or not private.move_exists('receive_order', target, o.status) then
    perform private.validation_error('status', format('A receive order cannot move from %s to %s',
      replace(o.status, '_', ' '), replace(coalesce(target, 'nothing'), '_', ' ')));
  end if;
  refusal := private.move_refusal('receive_order', target, o.status, private.current_panel_type(), '{}');
  if refusal is null and target in ('partially_received', 'received', 'receive', 'edit') then
    refusal := 'A receive order is received by receiving its lines';
  end if;
  if refusal is not null then
    raise exception using errcode = '42501', message = refusal;
  end if;
  if length(coalesce(transition_receive_order.note, '')) > 1000 then
    perform private.validation_error('note', 'Note must be at most 1000 characters');
  end if;
  perform set_config('waypost.receive_order_note', coalesce(transition_receive_order.note, ''), true);
  update public.receive_orders x set status = target,
    ordered_at = case when target = 'ordered' then now() else x.ordered_at end,
    cancelled_at = case when target = 'cancelled' then now() else x.cancelled_at end
  where x.id = o.id
  returning * into o;
  perform set_config('waypost.receive_order_note', '', true);
  return o;
end;
$$;
revoke all on function public.transition_receive_order(uuid, text, text) from public, anon;
grant execute on function public.transition_receive_order(uuid, text, text) to authenticated;

-- Receives `quantity` of a line into a bin (the line's target bin when none is given): a `receive`
-- transaction through the ledger, as the caller (its rights, its checks), referencing the order;
-- then the line's received quantity, and the order's status (received once every line is).
create or replace function public.receive_order_line(
  line_id uuid,
  quantity integer,
  bin_id uuid default null,
  lot_number text default null,
  serial_number text default null
) returns public.receive_order_lines
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  l public.receive_order_lines;
  o public.receive_orders;
  bin uuid;
  left_to_receive integer;
  next_status text;
begin
  select x.* into l from public.receive_order_lines x where x.id = receive_order_line.line_id;
  if l.id is null then
    if private.current_tenant_id() is null then
      raise exception using errcode = '42501', message = 'Sign in to manage receive orders';
    end if;
    perform private.not_found('Receive order line not found');
  end if;
  -- The order first, then the line: every receipt of an order takes its locks in that order.
  o := private.receive_order_for_update(l.receive_order_id);
  select x.* into l from public.receive_order_lines x where x.id = l.id for update;
  if not private.move_exists('receive_order', 'receive', o.status) then
    perform private.validation_error('status', format('Only an ordered receive order can be received; this one is %s', replace(o.status, '_', ' ')));
  end if;
  left_to_receive := l.expected_quantity - l.received_quantity;
  if receive_order_line.quantity is null or receive_order_line.quantity <= 0 then
    perform private.validation_error('quantity', 'Quantity must be a whole number above 0');
  end if;
  if receive_order_line.quantity > left_to_receive then
    perform private.validation_error('quantity', format('At most %s left to receive on this line', left_to_receive));
  end if;
  bin := coalesce(receive_order_line.bin_id, l.target_bin_id);
  if bin is null then
    perform private.validation_error('bin_id', 'Choose the bin to receive into');
  end if;
  perform public.record_inventory_transaction(
    transaction_type => 'receive',
    item_id => l.item_id,
    warehouse_id => o.warehouse_id,
    quantity => receive_order_line.quantity,
    to_bin_id => bin,
    lot_number => coalesce(nullif(btrim(coalesce(receive_order_line.lot_number, '')), ''), l.lot_number),
    serial_number => coalesce(nullif(btrim(coalesce(receive_order_line.serial_number, '')), ''), l.serial_number),
    reference_type => 'receive_order',
    reference_id => o.id);
  update public.receive_order_lines x set received_quantity = x.received_quantity + receive_order_line.quantity
  where x.id = l.id
  returning * into l;
  next_status := case when exists (
      select 1 from public.receive_order_lines x where x.receive_order_id = o.id and x.received_quantity < x.expected_quantity)
    then 'partially_received' else 'received' end;
  if next_status <> o.status then
    update public.receive_orders x set status = next_status,
      received_at = case when next_status = 'received' then now() else x.received_at end
    where x.id = o.id;
  end if;
  return l;
end;
$$;
revoke all on function public.receive_order_line(uuid, integer, uuid, text, text) from public, anon;
grant execute on function public.receive_order_line(uuid, integer, uuid, text, text) to authenticated;
