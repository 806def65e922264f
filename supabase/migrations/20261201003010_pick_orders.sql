-- Pick orders: the list of items (item, bin, quantity) a picker takes off the shelves of one
-- warehouse, with their stock reserved while the order is worked and picked through the ledger.
--
-- pick_orders       warehouse, reference_number (defaults to a generated code, ACME-PK00012, whose
--                   marker PK no other record uses; the user may overwrite it; unique per tenant),
--                   external_reference, order_type individual / batch / wave, priority (>= 1),
--                   status, notes, assigned_to (an active staff member of the warehouse), due_date,
--                   and the picking progress: started_at, ended_at, picker_notes.
-- pick_order_lines  item, bin (a bin of the order's warehouse), quantity (>= 1), picked_quantity
--                   (0..quantity), reserved_quantity (what the line holds reserved now) and status,
--                   derived: pending (nothing picked), partially_picked, picked (all of it).
-- pick_order_events the history: every status move, who, when, from, to, note.
--
-- Status machine (private.status_moves, machine 'pick_order'; only public.transition_pick_order
-- changes `status`):
--   pending     -> in_progress  admins, pickers, supervisors and managers of the warehouse: reserves
--                               every line's quantity through the ledger (private.reserve_inventory),
--                               refused with 23514 on item_details.<i>.quantity naming the short line
--   in_progress -> completed    the same people: releases what was reserved and not picked
--   pending     -> cancelled    admins, supervisors and managers of the warehouse
--   in_progress -> cancelled    the same: releases what was reserved and not picked
-- completed and cancelled are final: nothing of the order changes any more.
--
-- Writes go through public.save_pick_order (the form's shape, {message, pick_order}) and
-- public.transition_pick_order; API roles read through RLS and write nothing directly. Saving a
-- pending order is for admins, supervisors and managers of the warehouse (its lines are replaced);
-- saving an order in progress records picks: a line's picked_quantity may only grow, and the growth
-- is picked from the line's reservation (pick transactions referencing the order), by whoever may
-- pick there; its other fields stay with supervisors and managers, and its lines cannot change.
-- Reads: whoever may access the warehouse (private.can_access_warehouse: admins, and staff the access
-- mode lets in). Field rules answer 23514 'Validation failed' with [{field, message}] details named
-- like the form's fields (item_details.<i>.bin_id, ...).

create table public.pick_orders (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  warehouse_id uuid not null,
  reference_number text not null,
  external_reference text,
  order_type text not null default 'individual',
  priority integer not null default 1,
  status text not null default 'pending',
  notes text,
  assigned_to uuid,
  due_date date,
  started_at timestamptz,
  ended_at timestamptz,
  picker_notes text,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint pick_orders_id_tenant_id_key unique (id, tenant_id),
  constraint pick_orders_reference_number_key unique (tenant_id, reference_number),
  constraint pick_orders_warehouse_fkey foreign key (warehouse_id, tenant_id) references public.warehouses (id, tenant_id),
  constraint pick_orders_assigned_to_fkey foreign key (assigned_to, tenant_id)
    references public.profiles (id, tenant_id) on delete set null (assigned_to),
  constraint pick_orders_created_by_fkey foreign key (created_by, tenant_id)
    references public.profiles (id, tenant_id) on delete set null (created_by),
  constraint pick_orders_reference_number_check check (btrim(reference_number) <> '' and length(reference_number) <= 64),
  constraint pick_orders_external_reference_check check (length(coalesce(external_reference, '')) <= 100),
  constraint pick_orders_order_type_check check (order_type in ('individual', 'batch', 'wave')),
  constraint pick_orders_priority_check check (priority between 1 and 100),
  constraint pick_orders_status_check check (status in ('pending', 'in_progress', 'completed', 'cancelled')),
  constraint pick_orders_notes_check check (length(coalesce(notes, '')) <= 2000),
  constraint pick_orders_picker_notes_check check (length(coalesce(picker_notes, '')) <= 2000),
  constraint pick_orders_progress_check check (
    (started_at is not null or status in ('pending', 'cancelled'))
    and ((ended_at is not null) = (status in ('completed', 'cancelled')))
  )
);
create index pick_orders_tenant_id_idx on public.pick_orders (tenant_id, created_at desc, id desc);
create index pick_orders_tenant_id_status_idx on public.pick_orders (tenant_id, status, due_date);
create index pick_orders_warehouse_id_idx on public.pick_orders (warehouse_id, tenant_id, status);
create index pick_orders_assigned_to_idx on public.pick_orders (assigned_to, tenant_id) where assigned_to is not null;
create index pick_orders_created_by_idx on public.pick_orders (created_by, tenant_id) where created_by is not null;
alter table public.pick_orders enable row level security;

create trigger set_updated_at before update on public.pick_orders
  for each row execute function private.set_updated_at();

create table public.pick_order_lines (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  pick_order_id uuid not null,
  warehouse_id uuid not null,
  position integer not null,
  item_id uuid not null,
  bin_id uuid not null,
  quantity integer not null default 1,
  picked_quantity integer not null default 0,
  reserved_quantity integer not null default 0,
  status text not null default 'pending',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint pick_order_lines_order_fkey foreign key (pick_order_id, tenant_id)
    references public.pick_orders (id, tenant_id) on delete cascade,
  constraint pick_order_lines_item_fkey foreign key (item_id, tenant_id) references public.inventory_items (id, tenant_id),
  -- The bin is a location of the order's warehouse.
  constraint pick_order_lines_bin_fkey foreign key (bin_id, warehouse_id) references public.warehouse_locations (id, warehouse_id),
  constraint pick_order_lines_position_key unique (pick_order_id, position),
  constraint pick_order_lines_quantity_check check (quantity >= 1),
  constraint pick_order_lines_picked_quantity_check check (picked_quantity between 0 and quantity),
  constraint pick_order_lines_reserved_quantity_check check (reserved_quantity >= 0 and reserved_quantity + picked_quantity <= quantity),
  constraint pick_order_lines_status_check check (status = case
    when picked_quantity = 0 then 'pending' when picked_quantity = quantity then 'picked' else 'partially_picked' end)
);
create index pick_order_lines_tenant_id_idx on public.pick_order_lines (tenant_id, pick_order_id);
create index pick_order_lines_pick_order_id_idx on public.pick_order_lines (pick_order_id, tenant_id, position);
create index pick_order_lines_item_id_idx on public.pick_order_lines (item_id, tenant_id);
create index pick_order_lines_bin_id_idx on public.pick_order_lines (bin_id, warehouse_id);
alter table public.pick_order_lines enable row level security;

create trigger set_updated_at before update on public.pick_order_lines
  for each row execute function private.set_updated_at();

create table public.pick_order_events (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  pick_order_id uuid not null,
  seq bigint generated always as identity,
  from_status text,
  status text not null,
  note text,
  actor_id uuid,
  actor_name text,
  occurred_at timestamptz not null default now(),
  constraint pick_order_events_order_fkey foreign key (pick_order_id, tenant_id)
    references public.pick_orders (id, tenant_id) on delete cascade,
  constraint pick_order_events_actor_fkey foreign key (actor_id) references public.profiles (id) on delete set null,
  constraint pick_order_events_note_check check (length(coalesce(note, '')) <= 1000)
);
create index pick_order_events_tenant_id_idx on public.pick_order_events (tenant_id);
create index pick_order_events_pick_order_id_idx on public.pick_order_events (pick_order_id, tenant_id, occurred_at, seq);
create index pick_order_events_actor_id_idx on public.pick_order_events (actor_id) where actor_id is not null;
alter table public.pick_order_events enable row level security;
-- no audit: pick_order_events (the order's history: written once by the database, who, when, from, to)
comment on table public.pick_order_events is
  'no audit: the order''s history, written once by the database (who, when, from, to)';

create trigger audit_row_change after insert or update or delete on public.pick_orders
  for each row execute function private.audit_row_change();
create trigger audit_row_change after insert or update or delete on public.pick_order_lines
  for each row execute function private.audit_row_change();

-- Reads only: the functions below are the one way in.
revoke all on public.pick_orders, public.pick_order_lines, public.pick_order_events from anon, authenticated;
grant select on public.pick_orders, public.pick_order_lines, public.pick_order_events to authenticated;

create policy "pick_orders: whoever may access the warehouse reads" on public.pick_orders
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and private.can_access_warehouse(warehouse_id));
create policy "pick_order_lines: whoever may access the warehouse reads" on public.pick_order_lines
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and private.can_access_warehouse(warehouse_id));
create policy "pick_order_events: whoever reads the order" on public.pick_order_events
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and exists (select 1 from public.pick_orders o where o.id = pick_order_events.pick_order_id)
  );

-- The machine's arrows and who takes them. 'manages': admins, and supervisors and managers of the
-- order's warehouse; 'picks': those and its pickers.
insert into private.status_moves (machine, action, from_status, to_status, panels, condition, refusal, via, position)
values
  ('pick_order', 'edit', 'pending', null, array['admin', 'dispatcher'], 'manages',
    null, 'public.save_pick_order', 10),
  ('pick_order', 'pick', 'in_progress', null, array['admin', 'dispatcher'], 'picks',
    null, 'public.save_pick_order', 15),
  ('pick_order', 'in_progress', 'pending', 'in_progress', array['admin', 'dispatcher'], 'picks',
    'Only admins, pickers, supervisors and managers of this warehouse can start a pick order', 'public.transition_pick_order', 20),
  ('pick_order', 'completed', 'in_progress', 'completed', array['admin', 'dispatcher'], 'picks',
    'Only admins, pickers, supervisors and managers of this warehouse can complete a pick order', 'public.transition_pick_order', 30),
  ('pick_order', 'cancelled', 'pending', 'cancelled', array['admin', 'dispatcher'], 'manages',
    'Only admins, supervisors and managers of this warehouse can cancel a pick order', 'public.transition_pick_order', 40),
  ('pick_order', 'cancelled', 'in_progress', 'cancelled', array['admin', 'dispatcher'], 'manages',
    'Only admins, supervisors and managers of this warehouse can cancel a pick order', 'public.transition_pick_order', 40);

-- The conditions of the pick order machine that hold for the caller in a warehouse.
create or replace function private.pick_order_move_conditions(warehouse uuid) returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select array_remove(array[
    case when private.may_record_inventory(warehouse, 'move') then 'manages' end,
    case when private.may_record_inventory(warehouse, 'pick') then 'picks' end
  ], null);
$$;
revoke all on function private.pick_order_move_conditions(uuid) from public, anon;
grant execute on function private.pick_order_move_conditions(uuid) to authenticated, service_role;

create or replace function private.append_pick_order_event(o public.pick_orders, from_status text, note text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.pick_order_events (tenant_id, pick_order_id, from_status, status, note, actor_id, actor_name)
  values (o.tenant_id, o.id, from_status, o.status, nullif(btrim(note), ''),
    auth.uid(), (select p.full_name from public.profiles p where p.id = auth.uid()));
end;
$$;
revoke all on function private.append_pick_order_event(public.pick_orders, text, text) from public, anon, authenticated;

-- The read shape: {order, warehouse, assigned_to_user, items[], actions}. `order` is the record in
-- the form's shape (item_details, picking_progress); items name their item and bin. Security
-- invoker: an order the caller may not read answers null.
create or replace function public.get_pick_order(pick_order_id uuid) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'order', jsonb_build_object(
      'id', o.id, 'tenant_id', o.tenant_id, 'warehouse_id', o.warehouse_id, 'reference_number', o.reference_number,
      'external_reference', o.external_reference, 'order_type', o.order_type, 'priority', o.priority, 'status', o.status,
      'notes', o.notes, 'assigned_to', o.assigned_to, 'due_date', o.due_date, 'created_at', o.created_at, 'updated_at', o.updated_at,
      'item_details', coalesce((select jsonb_agg(jsonb_build_object('id', l.id, 'item_id', l.item_id, 'bin_id', l.bin_id,
          'quantity', l.quantity, 'picked_quantity', l.picked_quantity, 'reserved_quantity', l.reserved_quantity, 'status', l.status)
        order by l.position) from public.pick_order_lines l where l.pick_order_id = o.id), '[]'::jsonb),
      'picking_progress', jsonb_build_object(
        'total_items', (select coalesce(sum(l.quantity), 0) from public.pick_order_lines l where l.pick_order_id = o.id),
        'picked_items', (select coalesce(sum(l.picked_quantity), 0) from public.pick_order_lines l where l.pick_order_id = o.id),
        'start_time', o.started_at, 'end_time', o.ended_at, 'picker_notes', o.picker_notes)
    ),
    'warehouse', (select jsonb_build_object('id', w.id, 'code', w.code, 'name', w.name) from public.warehouses w where w.id = o.warehouse_id),
    'assigned_to_user', (select jsonb_build_object('id', p.id, 'full_name', p.full_name, 'email', p.email)
      from public.profiles p where p.id = o.assigned_to),
    'items', coalesce((select jsonb_agg(jsonb_build_object('item_id', l.item_id, 'name', i.name, 'sku', i.sku,
        'bin_id', l.bin_id, 'bin_name', b.code, 'quantity', l.quantity, 'picked_quantity', l.picked_quantity, 'status', l.status)
      order by l.position)
      from public.pick_order_lines l
      left join public.inventory_items i on i.id = l.item_id
      left join public.warehouse_locations b on b.id = l.bin_id
      where l.pick_order_id = o.id), '[]'::jsonb),
    'actions', to_jsonb(private.machine_actions('pick_order', o.status, private.current_panel_type(),
      private.pick_order_move_conditions(o.warehouse_id)))
  )
  from public.pick_orders o
  where o.id = get_pick_order.pick_order_id and o.tenant_id = private.current_tenant_id();
$$;
revoke all on function public.get_pick_order(uuid) from public, anon;
grant execute on function public.get_pick_order(uuid) to authenticated, service_role;

-- A new reference number (the code the form offers; saving without one takes the next).
create or replace function public.next_pick_order_reference() returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or private.current_panel_type() not in ('admin', 'dispatcher') then
    raise exception using errcode = '42501', message = 'Sign in to create pick orders';
  end if;
  return private.next_tenant_code(tenant, 'pick_orders', 'PK');
end;
$$;
revoke all on function public.next_pick_order_reference() from public, anon;
grant execute on function public.next_pick_order_reference() to authenticated;

-- Create (pick_order_id null) or save a pick order from the form's values:
--   {warehouse_id, reference_number, external_reference, order_type, priority, status,
--    item_details: [{item_id, bin_id, quantity, picked_quantity, status}],
--    picking_progress: {picker_notes}, notes, assigned_to, due_date}
-- Keys missing keep their default (create) or stored value (save). A line's status and the rest of
-- picking_progress are derived and ignored. Answers {message, pick_order: get_pick_order(id)}.
create or replace function public.save_pick_order(pick_order_id uuid, "values" jsonb) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v jsonb := save_pick_order."values";
  tenant uuid := private.current_tenant_id();
  old public.pick_orders;
  o public.pick_orders;
  creating boolean := save_pick_order.pick_order_id is null;
  problems jsonb := '[]'::jsonb;
  warehouse uuid;
  ref text;
  ext text;
  kind text;
  prio numeric;
  note_text text;
  picker_note text;
  assignee uuid;
  due date;
  lines jsonb;
  line jsonb;
  old_line public.pick_order_lines;
  i integer := 0;
  q numeric;
  pq numeric;
  conditions text[];
  header_changed boolean;
begin
  if tenant is null or private.current_panel_type() not in ('admin', 'dispatcher') then
    raise exception using errcode = '42501', message = 'Sign in to save pick orders';
  end if;
  if v is null or jsonb_typeof(v) <> 'object' then
    raise exception using errcode = '22023', message = 'The pick order values must be a JSON object';
  end if;
  if not creating then
    select x.* into old from public.pick_orders x
    where x.id = save_pick_order.pick_order_id and x.tenant_id = tenant and private.can_access_warehouse(x.warehouse_id)
    for update;
    if old.id is null then
      perform private.not_found('Pick order not found');
    end if;
    if not private.move_exists('pick_order', 'edit', old.status) and not private.move_exists('pick_order', 'pick', old.status) then
      perform private.validation_error('status', format('A pick order that is %s cannot be changed', old.status));
    end if;
  end if;

  -- The values, each from the input when given, else the stored one (or the default).
  begin
    warehouse := case when v ? 'warehouse_id' then nullif(v ->> 'warehouse_id', '')::uuid else old.warehouse_id end;
  exception when invalid_text_representation then
    perform private.validation_error('warehouse_id', 'Warehouse not found');
  end;
  ref := case when v ? 'reference_number' then btrim(coalesce(v ->> 'reference_number', '')) else old.reference_number end;
  ext := case when v ? 'external_reference' then nullif(btrim(coalesce(v ->> 'external_reference', '')), '') else old.external_reference end;
  kind := case when v ? 'order_type' then v ->> 'order_type' else coalesce(old.order_type, 'individual') end;
  note_text := case when v ? 'notes' then nullif(btrim(coalesce(v ->> 'notes', '')), '') else old.notes end;
  picker_note := case when v -> 'picking_progress' ? 'picker_notes'
    then nullif(btrim(coalesce(v #>> '{picking_progress,picker_notes}', '')), '') else old.picker_notes end;
  begin
    assignee := case when v ? 'assigned_to' then nullif(v ->> 'assigned_to', '')::uuid else old.assigned_to end;
  exception when invalid_text_representation then
    problems := problems || jsonb_build_object('field', 'assigned_to', 'message', 'Choose a staff member of this warehouse');
  end;
  begin
    due := case when v ? 'due_date' then nullif(v ->> 'due_date', '')::date else old.due_date end;
  exception when invalid_datetime_format or datetime_field_overflow then
    problems := problems || jsonb_build_object('field', 'due_date', 'message', 'Due date must be a date');
  end;

  -- Rights: the warehouse must be one the caller may access, then the machine decides.
  if warehouse is null then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse is required');
  elsif not exists (select 1 from public.warehouses w where w.id = warehouse and w.tenant_id = tenant)
    or not private.can_access_warehouse(warehouse) then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse not found');
  else
    conditions := private.pick_order_move_conditions(warehouse);
    if creating and not 'manages' = any (conditions) then
      raise exception using errcode = '42501', message = 'Only admins, supervisors and managers of this warehouse can create pick orders';
    end if;
  end if;
  if not creating then
    conditions := private.pick_order_move_conditions(old.warehouse_id);
    header_changed := warehouse is distinct from old.warehouse_id or ref is distinct from old.reference_number
      or ext is distinct from old.external_reference or kind is distinct from old.order_type
      or (v ? 'priority' and v -> 'priority' is distinct from to_jsonb(old.priority))
      or note_text is distinct from old.notes or assignee is distinct from old.assigned_to or due is distinct from old.due_date;
    if (old.status = 'pending' or header_changed) and not 'manages' = any (conditions) then
      raise exception using errcode = '42501', message = 'Only admins, supervisors and managers of this warehouse can change a pick order';
    end if;
    if old.status = 'in_progress' and not 'picks' = any (conditions) then
      raise exception using errcode = '42501', message = 'Only admins, pickers, supervisors and managers of this warehouse can pick';
    end if;
    if old.status = 'pending' and warehouse is distinct from old.warehouse_id and not v ? 'item_details' then
      problems := problems || jsonb_build_object('field', 'item_details', 'message', 'Choose the items again: the bins are the new warehouse''s');
    end if;
    if old.status = 'in_progress' and warehouse is distinct from old.warehouse_id then
      problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'The warehouse cannot change once picking has started');
    end if;
  end if;

  if v ? 'status' and v ->> 'status' is distinct from coalesce(old.status, 'pending') then
    problems := problems || jsonb_build_object('field', 'status', 'message', 'Start, complete or cancel the pick order to change its status');
  end if;
  if creating and (not v ? 'reference_number' or v -> 'reference_number' = 'null'::jsonb) then
    ref := private.next_tenant_code(tenant, 'pick_orders', 'PK');
  end if;
  if ref is null or ref = '' then
    problems := problems || jsonb_build_object('field', 'reference_number', 'message', 'Reference number is required');
  elsif length(ref) > 64 then
    problems := problems || jsonb_build_object('field', 'reference_number', 'message', 'Reference number must be at most 64 characters');
  elsif exists (select 1 from public.pick_orders x where x.tenant_id = tenant and x.reference_number = ref
      and x.id is distinct from old.id) then
    problems := problems || jsonb_build_object('field', 'reference_number', 'message', 'Reference number already exists');
  end if;
  if length(coalesce(ext, '')) > 100 then
    problems := problems || jsonb_build_object('field', 'external_reference', 'message', 'External reference must be at most 100 characters');
  end if;
  if kind is null or kind not in ('individual', 'batch', 'wave') then
    problems := problems || jsonb_build_object('field', 'order_type', 'message', 'Order type must be individual, batch or wave');
  end if;
  if v ? 'priority' then
    if jsonb_typeof(v -> 'priority') is distinct from 'number' or (v ->> 'priority')::numeric <> trunc((v ->> 'priority')::numeric)
      or (v ->> 'priority')::numeric not between 1 and 100 then
      problems := problems || jsonb_build_object('field', 'priority', 'message', 'Priority must be a whole number from 1 to 100');
    else
      prio := (v ->> 'priority')::numeric;
    end if;
  end if;
  if length(coalesce(note_text, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'notes', 'message', 'Notes must be at most 2000 characters');
  end if;
  if length(coalesce(picker_note, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'picking_progress.picker_notes', 'message', 'Picker notes must be at most 2000 characters');
  end if;
  if assignee is not null and assignee is distinct from old.assigned_to and not exists (
    select 1 from public.warehouse_staff s where s.warehouse_id = warehouse and s.user_id = assignee and s.active
  ) then
    problems := problems || jsonb_build_object('field', 'assigned_to', 'message', 'Choose a staff member of this warehouse');
  end if;
  if due is not null and due is distinct from old.due_date and due < current_date then
    problems := problems || jsonb_build_object('field', 'due_date', 'message', 'Due date cannot be before today');
  end if;

  -- The lines.
  lines := case when v ? 'item_details' then v -> 'item_details' end;
  if creating and lines is null then
    lines := '[]'::jsonb;
  end if;
  if lines is not null then
    if jsonb_typeof(lines) <> 'array' or jsonb_array_length(lines) = 0 then
      problems := problems || jsonb_build_object('field', 'item_details', 'message', 'Add at least one item');
    elsif jsonb_array_length(lines) > 200 then
      problems := problems || jsonb_build_object('field', 'item_details', 'message', 'At most 200 items');
    elsif not creating and old.status = 'in_progress' and jsonb_array_length(lines) <> (select count(*) from public.pick_order_lines l where l.pick_order_id = old.id) then
      problems := problems || jsonb_build_object('field', 'item_details', 'message', 'Items cannot be added or removed once picking has started');
    else
      for line in select value from jsonb_array_elements(lines) loop
        if jsonb_typeof(line) <> 'object' then
          problems := problems || jsonb_build_object('field', format('item_details.%s', i), 'message', 'An item must be an object');
          i := i + 1;
          continue;
        end if;
        if nullif(line ->> 'item_id', '') is null then
          problems := problems || jsonb_build_object('field', format('item_details.%s.item_id', i), 'message', 'Item is required');
        elsif (line ->> 'item_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.inventory_items it where it.id = (line ->> 'item_id')::uuid and it.tenant_id = tenant) then
          problems := problems || jsonb_build_object('field', format('item_details.%s.item_id', i), 'message', 'Item not found');
        end if;
        if nullif(line ->> 'bin_id', '') is null then
          problems := problems || jsonb_build_object('field', format('item_details.%s.bin_id', i), 'message', 'Bin is required');
        elsif (line ->> 'bin_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.warehouse_locations b where b.id = (line ->> 'bin_id')::uuid and b.warehouse_id = warehouse
            and b.location_type = 'bin' and (b.status = 'active' or (not creating and old.status = 'in_progress'))) then
          problems := problems || jsonb_build_object('field', format('item_details.%s.bin_id', i), 'message', 'Choose an active bin of this warehouse');
        end if;
        q := 1;
        if line ? 'quantity' and jsonb_typeof(line -> 'quantity') <> 'null' then
          if jsonb_typeof(line -> 'quantity') <> 'number' or (line ->> 'quantity')::numeric <> trunc((line ->> 'quantity')::numeric)
            or (line ->> 'quantity')::numeric not between 1 and 1000000 then
            problems := problems || jsonb_build_object('field', format('item_details.%s.quantity', i), 'message', 'Quantity must be a whole number above 0');
            q := null;
          else
            q := (line ->> 'quantity')::numeric;
          end if;
        end if;
        pq := 0;
        if line ? 'picked_quantity' and jsonb_typeof(line -> 'picked_quantity') <> 'null' then
          if jsonb_typeof(line -> 'picked_quantity') <> 'number' or (line ->> 'picked_quantity')::numeric <> trunc((line ->> 'picked_quantity')::numeric)
            or (line ->> 'picked_quantity')::numeric < 0 then
            problems := problems || jsonb_build_object('field', format('item_details.%s.picked_quantity', i), 'message', 'Picked quantity must be a whole number, 0 or more');
            pq := null;
          else
            pq := (line ->> 'picked_quantity')::numeric;
          end if;
        end if;
        if pq is not null and q is not null and pq > q then
          problems := problems || jsonb_build_object('field', format('item_details.%s.picked_quantity', i), 'message', 'Picked quantity cannot be more than the quantity');
        elsif (creating or old.status = 'pending') and pq is not null and pq > 0 then
          problems := problems || jsonb_build_object('field', format('item_details.%s.picked_quantity', i), 'message', 'Items are picked once the pick order is in progress');
        end if;
        if not creating and old.status = 'in_progress' then
          select l.* into old_line from public.pick_order_lines l where l.pick_order_id = old.id and l.position = i;
          if old_line.item_id::text is distinct from lower(line ->> 'item_id') or old_line.bin_id::text is distinct from lower(line ->> 'bin_id')
            or old_line.quantity is distinct from q::integer then
            problems := problems || jsonb_build_object('field', format('item_details.%s', i), 'message', 'Items cannot change once picking has started');
          elsif pq is not null and pq < old_line.picked_quantity then
            problems := problems || jsonb_build_object('field', format('item_details.%s.picked_quantity', i), 'message',
              format('Picked quantity cannot go below the %s already picked', old_line.picked_quantity));
          end if;
        end if;
        i := i + 1;
      end loop;
    end if;
  end if;

  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;

  if creating then
    insert into public.pick_orders (tenant_id, warehouse_id, reference_number, external_reference, order_type, priority,
      notes, picker_notes, assigned_to, due_date, created_by)
    values (tenant, warehouse, ref, ext, kind, coalesce(prio, 1)::integer, note_text, picker_note, assignee, due,
      (select p.id from public.profiles p where p.id = auth.uid() and p.tenant_id = tenant))
    returning * into o;
    perform private.append_pick_order_event(o, null, null);
  else
    update public.pick_orders x set warehouse_id = warehouse, reference_number = ref, external_reference = ext,
      order_type = kind, priority = coalesce(prio::integer, x.priority), notes = note_text, picker_notes = picker_note,
      assigned_to = assignee, due_date = due
    where x.id = old.id
    returning * into o;
  end if;

  if lines is not null then
    if creating or old.status = 'pending' then
      delete from public.pick_order_lines l where l.pick_order_id = o.id;
      insert into public.pick_order_lines (tenant_id, pick_order_id, warehouse_id, position, item_id, bin_id, quantity)
      select tenant, o.id, o.warehouse_id, (t.n - 1)::integer, (t.e ->> 'item_id')::uuid, (t.e ->> 'bin_id')::uuid,
        coalesce((t.e ->> 'quantity')::integer, 1)
      from jsonb_array_elements(lines) with ordinality as t(e, n);
    else
      -- Picks: each line's growth comes out of its reservation, in one lock order (the balances'
      -- ids) for all of the order's bins.
      perform 1 from public.inventory_stock s
      where s.status = 'available' and (s.item_id, s.bin_id) in (select l.item_id, l.bin_id from public.pick_order_lines l where l.pick_order_id = o.id)
      order by s.id for update;
      for old_line in select l.* from public.pick_order_lines l where l.pick_order_id = o.id order by l.position for update loop
        pq := coalesce((lines -> old_line.position ->> 'picked_quantity')::integer, old_line.picked_quantity);
        if pq > old_line.picked_quantity then
          perform private.pick_reserved_inventory(old_line.item_id, o.warehouse_id, old_line.bin_id,
            (pq - old_line.picked_quantity)::integer, 'pick_order', o.id);
          update public.pick_order_lines l set picked_quantity = pq::integer,
            reserved_quantity = l.reserved_quantity - (pq::integer - l.picked_quantity),
            status = case when pq = l.quantity then 'picked' else 'partially_picked' end
          where l.id = old_line.id;
        end if;
      end loop;
    end if;
  end if;

  return jsonb_build_object('message', case when creating then 'Pick order created successfully' else 'Pick order updated successfully' end,
    'pick_order', public.get_pick_order(o.id));
end;
$$;
revoke all on function public.save_pick_order(uuid, jsonb) from public, anon;
grant execute on function public.save_pick_order(uuid, jsonb) to authenticated, service_role;

-- Move a pick order along its machine (see the header): starting reserves, completing and
-- cancelling release what is reserved and not picked. Answers the read shape.
create or replace function public.transition_pick_order(pick_order_id uuid, status text, note text default null) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  o public.pick_orders;
  target text := transition_pick_order.status;
  origin text;
  refusal text;
  line record;
begin
  select x.* into o from public.pick_orders x
  where x.id = transition_pick_order.pick_order_id and x.tenant_id = private.current_tenant_id()
    and private.can_access_warehouse(x.warehouse_id)
  for update;
  if o.id is null then
    perform private.not_found('Pick order not found');
  end if;
  origin := o.status;
  if target is null or target not in ('pending', 'in_progress', 'completed', 'cancelled') then
    perform private.validation_error('status', 'Status must be in progress, completed or cancelled');
  end if;
  -- The arrows and who takes them: private.status_moves (machine 'pick_order').
  if not private.move_exists('pick_order', target, origin) then
    perform private.validation_error('status', format('A pick order that is %s cannot become %s',
      replace(origin, '_', ' '), replace(target, '_', ' ')));
  end if;
  refusal := private.move_refusal('pick_order', target, origin, private.current_panel_type(),
    private.pick_order_move_conditions(o.warehouse_id));
  if refusal is not null then
    raise exception using errcode = '42501', message = refusal;
  end if;
  if length(coalesce(note, '')) > 1000 then
    perform private.validation_error('note', 'The note must be at most 1000 characters');
  end if;

  -- All the balances of the order's items in its bins, locked in the ledger's order (their ids).
  perform 1 from public.inventory_stock s
  where s.status = 'available' and (s.item_id, s.bin_id) in (select l.item_id, l.bin_id from public.pick_order_lines l where l.pick_order_id = o.id)
  order by s.id for update;

  if target = 'in_progress' then
    -- Every line first, so that the refusal names the first line short of stock (lines of one item
    -- in one bin count together).
    for line in
      select l.position, l.item_id, l.bin_id, i.name as item_name, b.code as bin_code,
        sum(l.quantity) over (partition by l.item_id, l.bin_id order by l.position) as wanted,
        (select coalesce(sum(s.quantity - s.reserved), 0) from public.inventory_stock s
          where s.item_id = l.item_id and s.bin_id = l.bin_id and s.status = 'available') as available
      from public.pick_order_lines l
      join public.inventory_items i on i.id = l.item_id
      join public.warehouse_locations b on b.id = l.bin_id
      where l.pick_order_id = o.id
      order by l.position
    loop
      if line.available < line.wanted then
        perform private.validation_error(format('item_details.%s.quantity', line.position),
          format('Insufficient stock for %s in %s: %s available', line.item_name, line.bin_code, line.available));
      end if;
    end loop;
    for line in select l.* from public.pick_order_lines l where l.pick_order_id = o.id order by l.position loop
      perform private.reserve_inventory(line.item_id, line.bin_id, line.quantity - line.picked_quantity,
        format('item_details.%s.quantity', line.position));
    end loop;
    update public.pick_order_lines l set reserved_quantity = l.quantity - l.picked_quantity where l.pick_order_id = o.id;
    update public.pick_orders x set status = 'in_progress', started_at = now() where x.id = o.id returning * into o;
  else
    for line in select l.* from public.pick_order_lines l where l.pick_order_id = o.id and l.reserved_quantity > 0 order by l.position loop
      perform private.reserve_inventory(line.item_id, line.bin_id, -line.reserved_quantity);
    end loop;
    update public.pick_order_lines l set reserved_quantity = 0 where l.pick_order_id = o.id and l.reserved_quantity > 0;
    update public.pick_orders x set status = target, ended_at = now() where x.id = o.id returning * into o;
  end if;
  perform private.append_pick_order_event(o, origin, note);
  return public.get_pick_order(o.id);
end;
$$;
revoke all on function public.transition_pick_order(uuid, text, text) from public, anon;
grant execute on function public.transition_pick_order(uuid, text, text) to authenticated, service_role;

-- What the caller may do with an order now (the edit screen's buttons).
create or replace function public.pick_order_actions(pick_order_id uuid) returns text[]
language sql
stable
set search_path = ''
as $$
  select private.machine_actions('pick_order', o.status, private.current_panel_type(), private.pick_order_move_conditions(o.warehouse_id))
  from public.pick_orders o where o.id = pick_order_actions.pick_order_id;
$$;
revoke all on function public.pick_order_actions(uuid) from public, anon;
grant execute on function public.pick_order_actions(uuid) to authenticated, service_role;

-- The list's rows (security invoker: the orders' policy decides): each order with its warehouse,
-- assignee and progress.
create view public.pick_order_rows
with (security_invoker = true)
as
select o.id, o.tenant_id, o.warehouse_id, o.reference_number, o.external_reference, o.order_type, o.priority, o.status,
  o.assigned_to, o.due_date, o.started_at, o.ended_at, o.created_at, o.updated_at,
  w.name as warehouse_name, w.code as warehouse_code, p.full_name as assigned_to_name,
  coalesce(t.line_count, 0)::integer as line_count, coalesce(t.total_items, 0)::integer as total_items,
  coalesce(t.picked_items, 0)::integer as picked_items
from public.pick_orders o
join public.warehouses w on w.id = o.warehouse_id
left join public.profiles p on p.id = o.assigned_to
left join lateral (
  select count(*) as line_count, sum(l.quantity) as total_items, sum(l.picked_quantity) as picked_items
  from public.pick_order_lines l where l.pick_order_id = o.id
) t on true;
revoke all on public.pick_order_rows from anon, authenticated;
grant select on public.pick_order_rows to authenticated;
