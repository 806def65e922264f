-- Reservations on the stock ledger. A pick order that starts reserves its lines' quantities on the
-- available balances of their item and bin; its picks then take the reserved units; completing or
-- cancelling it releases what it reserved and did not pick. Reserving moves no stock, so it writes no
-- ledger row: it raises inventory_stock.reserved, which the table's checks keep between 0 and the
-- quantity, and which every pick, move or removal already leaves alone (available = quantity -
-- reserved).
--
-- The ledger's one writer is now private.apply_inventory_transaction: the body of
-- public.record_inventory_transaction (20261201001010) written out whole, with one more argument,
-- from_reserved: the units of a pick taken from reserved stock (0 for everything else), which are
-- available to that pick and leave `reserved` in the same update. It is private because only the
-- database's own functions hold reservations (an API caller consuming one would take units another
-- order counts on). public.record_inventory_transaction keeps its signature and behaviour and calls it.
--
-- Same locks as before: balances are locked FOR UPDATE in the order of their ids. Reserving, releasing
-- and picking reserved units lock all the balances of an item in a bin (status available) at once, in
-- that order, before touching any of them. The role matrix is unchanged: reserving and picking
-- reserved units are picks (admins; pickers, supervisors and managers of a warehouse they may access).

create or replace function private.apply_inventory_transaction(
  transaction_type text,
  item_id uuid,
  warehouse_id uuid,
  quantity integer,
  from_bin_id uuid default null,
  to_bin_id uuid default null,
  lot_number text default null,
  serial_number text default null,
  stock_status text default 'available',
  reason text default null,
  reference_type text default 'manual',
  reference_id uuid default null,
  occurred_at timestamptz default null,
  from_reserved integer default 0
) returns public.inventory_transactions
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  kind text := apply_inventory_transaction.transaction_type;
  qty integer := apply_inventory_transaction.quantity;
  item uuid := apply_inventory_transaction.item_id;
  warehouse uuid := apply_inventory_transaction.warehouse_id;
  from_bin uuid := apply_inventory_transaction.from_bin_id;
  to_bin uuid := apply_inventory_transaction.to_bin_id;
  lot text := nullif(btrim(coalesce(apply_inventory_transaction.lot_number, '')), '');
  serial text := nullif(btrim(coalesce(apply_inventory_transaction.serial_number, '')), '');
  condition text := coalesce(apply_inventory_transaction.stock_status, 'available');
  why text := nullif(btrim(coalesce(apply_inventory_transaction.reason, '')), '');
  ref_type text := coalesce(apply_inventory_transaction.reference_type, 'manual');
  taken_reserved integer := coalesce(apply_inventory_transaction.from_reserved, 0);
  tenant uuid;
  problems jsonb := '[]'::jsonb;
  needs_from boolean;
  needs_to boolean;
  from_row public.inventory_stock;
  to_row public.inventory_stock;
  from_id uuid;
  to_id uuid;
  from_code text;
  -- The service role and the database's own roles (imports, the seed) are trusted: no rights
  -- check, and they may date a transaction in the past (history brought over from elsewhere).
  trusted boolean := coalesce(current_setting('role', true), 'none') not in ('authenticated', 'anon');
  result public.inventory_transactions;
begin
  select w.tenant_id into tenant from public.warehouses w where w.id = warehouse;
  if not trusted and (tenant is null or not private.is_tenant_member(tenant) or not private.can_access_warehouse(warehouse)) then
    if private.current_tenant_id() is null then
      raise exception using errcode = '42501', message = 'Sign in to record stock';
    end if;
    perform private.not_found('Warehouse not found');
  elsif tenant is null then
    perform private.not_found('Warehouse not found');
  end if;
  if not trusted and apply_inventory_transaction.occurred_at is not null then
    raise exception using errcode = '42501', message = 'Only imports may date a transaction in the past';
  end if;
  if kind is null or kind not in ('receive', 'pick', 'move', 'adjust', 'return') then
    raise exception using errcode = '23514', message = 'Validation failed',
      detail = jsonb_build_array(jsonb_build_object('field', 'transaction_type',
        'message', 'Transaction type must be receive, pick, move, adjust or return'))::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  if not trusted and not private.may_record_inventory(warehouse, kind) then
    raise exception using errcode = '42501', message = case kind
      when 'receive' then 'Only admins, receivers, supervisors and managers of this warehouse can receive stock'
      when 'return' then 'Only admins, receivers, supervisors and managers of this warehouse can put returns into stock'
      when 'pick' then 'Only admins, pickers, supervisors and managers of this warehouse can pick stock'
      when 'move' then 'Only admins, supervisors and managers of this warehouse can move stock'
      else 'Only admins, supervisors and managers of this warehouse can adjust stock' end;
  end if;

  -- Which bins the type takes (an adjustment either adds into to_bin or removes from from_bin).
  needs_from := kind in ('pick', 'move') or (kind = 'adjust' and from_bin is not null);
  needs_to := kind in ('receive', 'return', 'move') or (kind = 'adjust' and from_bin is null);

  if item is null then
    problems := problems || jsonb_build_object('field', 'item_id', 'message', 'Item is required');
  elsif not exists (select 1 from public.inventory_items i where i.id = item and i.tenant_id = tenant) then
    problems := problems || jsonb_build_object('field', 'item_id', 'message', 'Item not found');
  elsif kind in ('receive', 'return') and not exists (select 1 from public.inventory_items i where i.id = item and i.is_active) then
    problems := problems || jsonb_build_object('field', 'item_id', 'message', 'This item is inactive');
  end if;
  if qty is null or qty <= 0 then
    problems := problems || jsonb_build_object('field', 'quantity', 'message', 'Quantity must be a whole number above 0');
  elsif serial is not null and qty <> 1 then
    problems := problems || jsonb_build_object('field', 'quantity', 'message', 'A serial number is one unit: the quantity must be 1');
  end if;
  if needs_from then
    if from_bin is null then
      problems := problems || jsonb_build_object('field', 'from_bin_id', 'message', 'Bin is required');
    elsif not exists (select 1 from public.warehouse_locations l where l.id = from_bin and l.warehouse_id = warehouse and l.location_type = 'bin') then
      problems := problems || jsonb_build_object('field', 'from_bin_id', 'message', 'Choose a bin of this warehouse');
    end if;
  elsif from_bin is not null then
    problems := problems || jsonb_build_object('field', 'from_bin_id', 'message', 'A ' || kind || ' takes no source bin');
  end if;
  if needs_to then
    if to_bin is null then
      problems := problems || jsonb_build_object('field', 'to_bin_id', 'message', 'Bin is required');
    elsif not exists (select 1 from public.warehouse_locations l where l.id = to_bin and l.warehouse_id = warehouse and l.location_type = 'bin') then
      problems := problems || jsonb_build_object('field', 'to_bin_id', 'message', 'Choose a bin of this warehouse');
    elsif not exists (select 1 from public.warehouse_locations l where l.id = to_bin and l.status = 'active') then
      problems := problems || jsonb_build_object('field', 'to_bin_id', 'message', 'This bin is not active');
    elsif kind = 'move' and to_bin = from_bin then
      problems := problems || jsonb_build_object('field', 'to_bin_id', 'message', 'Choose another bin than the source');
    end if;
  elsif to_bin is not null then
    problems := problems || jsonb_build_object('field', 'to_bin_id', 'message', 'A ' || kind || ' takes no destination bin');
  end if;
  if lot is not null and length(lot) > 64 then
    problems := problems || jsonb_build_object('field', 'lot_number', 'message', 'Lot number must be at most 64 characters');
  end if;
  if serial is not null and length(serial) > 64 then
    problems := problems || jsonb_build_object('field', 'serial_number', 'message', 'Serial number must be at most 64 characters');
  end if;
  if condition not in ('available', 'damaged', 'expired') then
    problems := problems || jsonb_build_object('field', 'stock_status', 'message', 'Status must be available, damaged or expired');
  end if;
  if kind = 'adjust' and why is null then
    problems := problems || jsonb_build_object('field', 'reason', 'message', 'A reason is required for adjustments');
  elsif why is not null and length(why) > 500 then
    problems := problems || jsonb_build_object('field', 'reason', 'message', 'Reason must be at most 500 characters');
  end if;
  if ref_type not in ('receive_order', 'pick_order', 'audit', 'return_request', 'manual') then
    problems := problems || jsonb_build_object('field', 'reference_type', 'message', 'Reference type must be receive_order, pick_order, audit, return_request or manual');
  end if;
  -- Only a pick takes reserved stock, and at most the units it picks.
  if taken_reserved < 0 or (taken_reserved > 0 and (kind <> 'pick' or taken_reserved > coalesce(qty, 0))) then
    problems := problems || jsonb_build_object('field', 'quantity', 'message', 'Only a pick takes reserved stock, at most the quantity picked');
  end if;
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;

  -- The destination balance exists before the locks are taken (a new one starts at 0; a concurrent
  -- insert of the same balance waits here for the other to commit, holding nothing).
  if needs_to then
    insert into public.inventory_stock (tenant_id, item_id, warehouse_id, bin_id, lot_number, serial_number, status, quantity)
    values (tenant, item, warehouse, to_bin, lot, serial, condition, 0)
    on conflict on constraint inventory_stock_balance_key do nothing;
    select s.id into to_id from public.inventory_stock s
    where s.item_id = item and s.bin_id = to_bin and s.lot_number is not distinct from lot
      and s.serial_number is not distinct from serial and s.status = condition;
  end if;
  if needs_from then
    select s.id into from_id from public.inventory_stock s
    where s.item_id = item and s.bin_id = from_bin and s.lot_number is not distinct from lot
      and s.serial_number is not distinct from serial and s.status = condition;
  end if;

  -- Lock both balances in one fixed order (their ids), then read them under the lock.
  perform 1 from public.inventory_stock s where s.id in (from_id, to_id) order by s.id for update;

  if needs_from then
    select * into from_row from public.inventory_stock s where s.id = from_id;
    -- What a pick takes from its own reservation counts as available to it.
    if from_row.id is null or from_row.reserved < taken_reserved
      or from_row.quantity - from_row.reserved + taken_reserved < qty then
      select l.code into from_code from public.warehouse_locations l where l.id = from_bin;
      raise exception using errcode = '23514', message = 'Insufficient stock',
        detail = jsonb_build_array(jsonb_build_object('field', 'quantity', 'message',
          'Insufficient stock: ' || coalesce(from_row.quantity - from_row.reserved + least(taken_reserved, from_row.reserved), 0) || ' available in ' || from_code))::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
    update public.inventory_stock s set quantity = s.quantity - qty, reserved = s.reserved - taken_reserved,
      last_counted_at = case when kind = 'adjust' then now() else s.last_counted_at end
    where s.id = from_id;
  end if;
  if needs_to then
    select * into to_row from public.inventory_stock s where s.id = to_id;
    if serial is not null and (to_row.quantity + qty > 1 or exists (
      select 1 from public.inventory_stock o
      where o.item_id = item and o.serial_number = serial and o.quantity > 0 and o.id <> to_id
    )) then
      raise exception using errcode = '23514', message = 'Validation failed',
        detail = jsonb_build_array(jsonb_build_object('field', 'serial_number', 'message',
          'Serial number ' || serial || ' is already in stock'))::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
    begin
      update public.inventory_stock s set quantity = s.quantity + qty,
        last_counted_at = case when kind = 'adjust' then now() else s.last_counted_at end
      where s.id = to_id;
    exception when unique_violation then
      -- The same serial received into another bin at the same moment: one of them wins.
      raise exception using errcode = '23514', message = 'Validation failed',
        detail = jsonb_build_array(jsonb_build_object('field', 'serial_number', 'message',
          'Serial number ' || serial || ' is already in stock'))::text,
        hint = 'details is a JSON array of {field, message}';
    end;
  end if;

  insert into public.inventory_transactions (tenant_id, transaction_type, reference_type, reference_id, item_id,
    warehouse_id, from_bin_id, to_bin_id, lot_number, serial_number, quantity, stock_status, reason, performed_by, created_at)
  values (tenant, kind, ref_type, apply_inventory_transaction.reference_id, item, warehouse,
    case when needs_from then from_bin end, case when needs_to then to_bin end, lot, serial, qty, condition, why,
    (select p.id from public.profiles p where p.id = auth.uid() and p.tenant_id = tenant),
    coalesce(apply_inventory_transaction.occurred_at, now()))
  returning * into result;
  return result;
end;
$$;

revoke all on function private.apply_inventory_transaction(text, uuid, uuid, integer, uuid, uuid, text, text, text, text, text, uuid, timestamptz, integer) from public, anon, authenticated;

create or replace function public.record_inventory_transaction(
  transaction_type text,
  item_id uuid,
  warehouse_id uuid,
  quantity integer,
  from_bin_id uuid default null,
  to_bin_id uuid default null,
  lot_number text default null,
  serial_number text default null,
  stock_status text default 'available',
  reason text default null,
  reference_type text default 'manual',
  reference_id uuid default null,
  occurred_at timestamptz default null
) returns public.inventory_transactions
language sql
volatile
security definer
set search_path = ''
as $$
  select private.apply_inventory_transaction(transaction_type, item_id, warehouse_id, quantity, from_bin_id, to_bin_id,
    lot_number, serial_number, stock_status, reason, reference_type, reference_id, occurred_at, 0);
$$;
revoke all on function public.record_inventory_transaction(text, uuid, uuid, integer, uuid, uuid, text, text, text, text, text, uuid, timestamptz) from public, anon;
grant execute on function public.record_inventory_transaction(text, uuid, uuid, integer, uuid, uuid, text, text, text, text, text, uuid, timestamptz)
  to authenticated, service_role;

-- Reserve (units > 0) or release (units < 0) units of an item in a bin, on its available balances,
-- oldest balance first (all of them locked first, in the order of their ids). Reserving refuses with 23514 on
-- `field` when fewer are available; releasing more than is reserved is a bug of the caller (XX000).
-- The caller checks rights (a pick) and the record the reservation belongs to.
create or replace function private.reserve_inventory(item uuid, bin uuid, units integer, field text default 'quantity')
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  row_ public.inventory_stock;
  left_ integer := abs(units);
  n integer;
  code text;
begin
  if units is null or units = 0 then
    return;
  end if;
  perform 1 from public.inventory_stock s where s.item_id = item and s.bin_id = bin and s.status = 'available' order by s.id for update;
  if units > 0 and (select coalesce(sum(s.quantity - s.reserved), 0) from public.inventory_stock s
      where s.item_id = item and s.bin_id = bin and s.status = 'available') < units then
    select l.code into code from public.warehouse_locations l where l.id = bin;
    raise exception using errcode = '23514', message = 'Insufficient stock',
      detail = jsonb_build_array(jsonb_build_object('field', field, 'message', 'Insufficient stock: '
        || (select coalesce(sum(s.quantity - s.reserved), 0) from public.inventory_stock s
            where s.item_id = item and s.bin_id = bin and s.status = 'available') || ' available in ' || code))::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  for row_ in select * from public.inventory_stock s where s.item_id = item and s.bin_id = bin and s.status = 'available' order by s.created_at, s.id loop
    exit when left_ = 0;
    n := case when units > 0 then least(left_, row_.quantity - row_.reserved) else least(left_, row_.reserved) end;
    if n > 0 then
      update public.inventory_stock s set reserved = s.reserved + sign(units)::integer * n where s.id = row_.id;
      left_ := left_ - n;
    end if;
  end loop;
  if left_ > 0 then
    raise exception 'Cannot release % units of item % in bin %: they are not reserved', left_, item, bin;
  end if;
end;
$$;
revoke all on function private.reserve_inventory(uuid, uuid, integer, text) from public, anon, authenticated;

-- Pick `units` reserved units of an item from a bin, oldest balance first: one pick transaction per
-- balance it takes from (lot and serial are the balance's), referencing the record. Rights are the ledger function's own
-- (a pick, in a warehouse the caller may access).
create or replace function private.pick_reserved_inventory(item uuid, warehouse uuid, bin uuid, units integer,
  reference_type text, reference_id uuid) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  row_ public.inventory_stock;
  left_ integer := units;
  n integer;
begin
  if units is null or units <= 0 then
    return;
  end if;
  perform 1 from public.inventory_stock s where s.item_id = item and s.bin_id = bin and s.status = 'available' order by s.id for update;
  for row_ in select * from public.inventory_stock s
    where s.item_id = item and s.bin_id = bin and s.status = 'available' and s.reserved > 0 order by s.created_at, s.id loop
    exit when left_ = 0;
    n := least(left_, row_.reserved);
    perform private.apply_inventory_transaction('pick', item, warehouse, n, bin, null, row_.lot_number, row_.serial_number,
      'available', null, pick_reserved_inventory.reference_type, pick_reserved_inventory.reference_id, null, n);
    left_ := left_ - n;
  end loop;
  if left_ > 0 then
    raise exception 'Cannot pick % units of item % in bin %: they are not reserved', left_, item, bin;
  end if;
end;
$$;
revoke all on function private.pick_reserved_inventory(uuid, uuid, uuid, integer, text, uuid) from public, anon, authenticated;
