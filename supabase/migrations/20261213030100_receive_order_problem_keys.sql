-- Receive orders' refusals carry stable keys (supabase/README.md, "Refusals and their keys"), so the
-- receive order form, the list's toasts and the warehouse floor's receiving screen show a refusal only
-- the database decides (an order no longer editable, more than is left to receive, a move the status
-- does not allow, who may place or cancel) in the user's language; unkeyed, they stayed English.
-- Each function is written out whole from its current (first) definition,
-- 20261201001200_receive_orders.sql; only how a refusal is built and raised changes: the same
-- SQLSTATEs and MESSAGEs (23514 'Validation failed', 42501 and PT404 with their English), the same
-- fields, English words, problem order and grants. The values the words name travel as params:
-- {max} of a limit or of the quantity left, {status} and {target} raw (the app words them).
-- A move's refusal read from private.status_moves keeps its words; its key is chosen here by those
-- words (receiving.status_admin_only, receiving.received_by_lines, else receiving.move_not_allowed,
-- move_refusal's 'Permission denied').
--
--   private.receive_order_for_update, public.save_receive_order, public.transition_receive_order,
--   public.receive_order_line                                   from 20261201001200_receive_orders.sql

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
      perform private.raise_problems(jsonb_build_array(private.problem('receiving.sign_in_required', null,
        'Sign in to manage receive orders')), '42501', 'Sign in to manage receive orders');
    end if;
    perform private.raise_problems(jsonb_build_array(private.problem('receiving.not_found', null, 'Receive order not found')),
      'PT404', 'Receive order not found');
  end if;
  return o;
end;
$$;
revoke all on function private.receive_order_for_update(uuid) from public, anon, authenticated;

-- Creates (receive_order_id null) or edits a draft or ordered receive order with its lines, as one
-- write: 23514 with every problem of the form, keyed.
create or replace function public.save_receive_order(receive_order_id uuid, receive_order jsonb) returns public.receive_orders
language plpgsql
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
    perform private.raise_problems(jsonb_build_array(private.problem('receiving.sign_in_required', null,
      'Sign in to manage receive orders')), '42501', 'Sign in to manage receive orders');
  end if;
  if save_receive_order.receive_order_id is not null then
    o := private.receive_order_for_update(save_receive_order.receive_order_id);
  end if;
  if not private.is_tenant_admin(tenant) then
    perform private.raise_problems(jsonb_build_array(private.problem('receiving.admin_only', null,
      'Only administrators can manage receive orders')), '42501', 'Only administrators can manage receive orders');
  end if;
  if o.id is not null and o.status not in ('draft', 'ordered') then
    perform private.raise_problem('receiving.not_editable', 'status',
      format('A receive order can be edited only while draft or ordered; this one is %s', replace(o.status, '_', ' ')),
      jsonb_build_object('status', o.status));
  end if;

  if coalesce(input ->> 'supplier_id', '') !~ uuid_re
    or not exists (select 1 from public.suppliers s where s.id = (input ->> 'supplier_id')::uuid and s.tenant_id = tenant) then
    problems := problems || private.problem('receiving.supplier_required', 'supplier_id', 'Supplier is required');
  else
    supplier := (input ->> 'supplier_id')::uuid;
  end if;
  if coalesce(input ->> 'warehouse_id', '') !~ uuid_re
    or not exists (select 1 from public.warehouses w where w.id = (input ->> 'warehouse_id')::uuid and w.tenant_id = tenant) then
    problems := problems || private.problem('receiving.warehouse_required', 'warehouse_id', 'Warehouse is required');
  else
    warehouse := (input ->> 'warehouse_id')::uuid;
  end if;
  if ref is not null and length(ref) > 100 then
    problems := problems || private.problem('receiving.reference_too_long', 'reference', 'Reference must be at most 100 characters',
      jsonb_build_object('max', 100));
  end if;
  if notes is not null and length(notes) > 2000 then
    problems := problems || private.problem('receiving.notes_too_long', 'notes', 'Notes must be at most 2000 characters',
      jsonb_build_object('max', 2000));
  end if;
  if nullif(input ->> 'expected_date', '') is not null then
    begin
      expected := (input ->> 'expected_date')::date;
    exception when others then
      problems := problems || private.problem('receiving.expected_date_invalid', 'expected_date', 'Expected date must be a date');
    end;
  end if;
  if jsonb_array_length(lines) = 0 then
    problems := problems || private.problem('receiving.lines_required', 'lines', 'Add at least one line');
  elsif jsonb_array_length(lines) > 200 then
    problems := problems || private.problem('receiving.lines_too_many', 'lines', 'A receive order has at most 200 lines',
      jsonb_build_object('max', 200));
  end if;
  for line in select e from jsonb_array_elements(lines) e loop
    if coalesce(line ->> 'item_id', '') !~ uuid_re
      or not exists (select 1 from public.inventory_items x where x.id = (line ->> 'item_id')::uuid and x.tenant_id = tenant) then
      problems := problems || private.problem('receiving.item_required', format('lines.%s.item_id', i), 'Item is required');
    end if;
    qty := case when jsonb_typeof(line -> 'expected_quantity') = 'number' then (line ->> 'expected_quantity')::numeric end;
    if qty is null or qty <> trunc(qty) or qty <= 0 or qty > 1000000 then
      problems := problems || private.problem('receiving.quantity_invalid', format('lines.%s.expected_quantity', i),
        'Quantity must be a whole number above 0');
    end if;
    serial := nullif(btrim(coalesce(line ->> 'serial_number', '')), '');
    if serial is not null and qty is not null and qty <> 1 then
      problems := problems || private.problem('receiving.serial_quantity_one', format('lines.%s.serial_number', i),
        'A serial number is received one at a time: quantity 1');
    end if;
    if length(coalesce(line ->> 'lot_number', '')) > 64 or length(coalesce(serial, '')) > 64 then
      problems := problems || private.problem('receiving.lot_serial_too_long', format('lines.%s.lot_number', i),
        'Lot and serial numbers are at most 64 characters', jsonb_build_object('max', 64));
    end if;
    if nullif(line ->> 'target_bin_id', '') is not null and (
      (line ->> 'target_bin_id') !~ uuid_re or warehouse is null or not exists (
        select 1 from public.warehouse_locations b
        where b.id = (line ->> 'target_bin_id')::uuid and b.warehouse_id = warehouse and b.location_type = 'bin' and b.status = 'active')) then
      problems := problems || private.problem('receiving.target_bin_invalid', format('lines.%s.target_bin_id', i),
        'Target bin must be an active bin of the warehouse');
    end if;
    i := i + 1;
  end loop;
  perform private.raise_problems(problems);

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

-- Places (ordered) or cancels a receive order; received and partially received come from its lines.
create or replace function public.transition_receive_order(receive_order_id uuid, status text, note text default null) returns public.receive_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.receive_orders := private.receive_order_for_update(transition_receive_order.receive_order_id);
  target text := transition_receive_order.status;
  refusal text;
begin
  if target is null or not private.move_exists('receive_order', target, o.status) then
    perform private.raise_problem('receiving.move_invalid', 'status', format('A receive order cannot move from %s to %s',
      replace(o.status, '_', ' '), replace(coalesce(target, 'nothing'), '_', ' ')),
      jsonb_build_object('status', o.status, 'target', coalesce(target, 'nothing')));
  end if;
  refusal := private.move_refusal('receive_order', target, o.status, private.current_panel_type(), '{}');
  if refusal is null and target in ('partially_received', 'received', 'receive', 'edit') then
    refusal := 'A receive order is received by receiving its lines';
  end if;
  if refusal is not null then
    perform private.raise_problems(jsonb_build_array(private.problem(case refusal
        when 'Only administrators can change the status of a receive order' then 'receiving.status_admin_only'
        when 'A receive order is received by receiving its lines' then 'receiving.received_by_lines'
        else 'receiving.move_not_allowed' end, null, refusal)), '42501', refusal);
  end if;
  if length(coalesce(transition_receive_order.note, '')) > 1000 then
    perform private.raise_problem('receiving.note_too_long', 'note', 'Note must be at most 1000 characters', jsonb_build_object('max', 1000));
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

-- Receives a quantity of one line into a bin (the line's target bin unless another is given): a
-- receive transaction in the ledger, the line's received quantity, and the order's status.
create or replace function public.receive_order_line(line_id uuid, quantity integer, bin_id uuid default null,
  lot_number text default null, serial_number text default null) returns public.receive_order_lines
language plpgsql
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
      perform private.raise_problems(jsonb_build_array(private.problem('receiving.sign_in_required', null,
        'Sign in to manage receive orders')), '42501', 'Sign in to manage receive orders');
    end if;
    perform private.raise_problems(jsonb_build_array(private.problem('receiving.line_not_found', null, 'Receive order line not found')),
      'PT404', 'Receive order line not found');
  end if;
  -- The order first, then the line: every receipt of an order takes its locks in that order.
  o := private.receive_order_for_update(l.receive_order_id);
  select x.* into l from public.receive_order_lines x where x.id = l.id for update;
  if not private.move_exists('receive_order', 'receive', o.status) then
    perform private.raise_problem('receiving.not_receivable', 'status',
      format('Only an ordered receive order can be received; this one is %s', replace(o.status, '_', ' ')),
      jsonb_build_object('status', o.status));
  end if;
  left_to_receive := l.expected_quantity - l.received_quantity;
  if receive_order_line.quantity is null or receive_order_line.quantity <= 0 then
    perform private.raise_problem('receiving.quantity_invalid', 'quantity', 'Quantity must be a whole number above 0');
  end if;
  if receive_order_line.quantity > left_to_receive then
    perform private.raise_problem('receiving.quantity_above_left', 'quantity', format('At most %s left to receive on this line', left_to_receive),
      jsonb_build_object('max', left_to_receive));
  end if;
  bin := coalesce(receive_order_line.bin_id, l.target_bin_id);
  if bin is null then
    perform private.raise_problem('receiving.bin_required', 'bin_id', 'Choose the bin to receive into');
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
