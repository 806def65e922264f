-- The stock ledger: every change of stock is a row of inventory_transactions, and the balances of
-- inventory_stock move in the same transaction, through ONE function:
-- public.record_inventory_transaction. Nothing else writes either table.
--
-- inventory_transactions  append-only for every role: type (receive, pick, move, adjust, return),
--                         what it answers (reference_type receive_order, pick_order, audit,
--                         return_request or manual, and reference_id), item, warehouse, from and to
--                         bin, lot, serial, quantity > 0, the stock status it moves, reason, who, when.
--                         A receive and a return put stock into to_bin; a pick takes it from
--                         from_bin; a move takes from from_bin and puts into to_bin; an adjustment
--                         either adds (to_bin) or removes (from_bin).
-- inventory_stock         one balance per item, bin, lot, serial and status: quantity >= reserved >=
--                         0, a serial number holds 1 in one bin at most, the bin is a bin of the
--                         row's warehouse (and active when stock goes into it).
--
-- Never negative, even with many people on one bin: the function locks the balances it touches
-- (FOR UPDATE, in the order of their ids, so two moves between the same two bins in opposite
-- directions wait for each other instead of deadlocking), reads what is available (quantity minus
-- reserved) under the lock, and refuses a pick, move or removal beyond it with 23514 and a detail
-- on quantity: 'Insufficient stock: ...'. The checks on the table hold for any other path.
--
-- Who may record what (42501 otherwise): the tenant's admins everything; in a warehouse they may
-- access (private.can_access_warehouse) with an active staff row there, receivers receive and take
-- returns back, pickers pick, managers and supervisors all of it (receive, pick, move, adjust,
-- return). Reads: whoever may access the warehouse.

create table public.inventory_stock (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  item_id uuid not null,
  warehouse_id uuid not null,
  bin_id uuid not null,
  lot_number text,
  serial_number text,
  quantity integer not null default 0,
  reserved integer not null default 0,
  status text not null default 'available',
  last_counted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint inventory_stock_item_fkey foreign key (item_id, tenant_id)
    references public.inventory_items (id, tenant_id),
  constraint inventory_stock_warehouse_fkey foreign key (warehouse_id, tenant_id)
    references public.warehouses (id, tenant_id),
  -- The bin is a location of the row's warehouse.
  constraint inventory_stock_bin_fkey foreign key (bin_id, warehouse_id)
    references public.warehouse_locations (id, warehouse_id),
  constraint inventory_stock_balance_key unique nulls not distinct (item_id, bin_id, lot_number, serial_number, status),
  constraint inventory_stock_reserved_check check (reserved >= 0),
  constraint inventory_stock_quantity_check check (quantity >= reserved),
  constraint inventory_stock_serial_check check (serial_number is null or quantity <= 1),
  constraint inventory_stock_status_check check (status in ('available', 'damaged', 'expired')),
  constraint inventory_stock_lot_number_check check (lot_number is null or (btrim(lot_number) <> '' and length(lot_number) <= 64)),
  constraint inventory_stock_serial_number_check check (serial_number is null or (btrim(serial_number) <> '' and length(serial_number) <= 64))
);
-- A serial number is in stock in one place at most.
create unique index inventory_stock_serial_once_idx on public.inventory_stock (item_id, serial_number)
  where serial_number is not null and quantity > 0;
create index inventory_stock_tenant_id_idx on public.inventory_stock (tenant_id, updated_at desc, id desc);
create index inventory_stock_item_id_idx on public.inventory_stock (item_id, tenant_id);
create index inventory_stock_warehouse_id_idx on public.inventory_stock (warehouse_id, tenant_id, item_id);
create index inventory_stock_bin_id_idx on public.inventory_stock (bin_id, warehouse_id);
alter table public.inventory_stock enable row level security;
-- no audit: inventory_stock (every change of a balance is a row of inventory_transactions, written in the same transaction)
comment on table public.inventory_stock is
  'no audit: every change of a balance is a row of inventory_transactions, written in the same transaction';

create trigger set_updated_at before update on public.inventory_stock
  for each row execute function private.set_updated_at();

create table public.inventory_transactions (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  transaction_type text not null,
  reference_type text not null default 'manual',
  reference_id uuid,
  item_id uuid not null,
  warehouse_id uuid not null,
  from_bin_id uuid,
  to_bin_id uuid,
  lot_number text,
  serial_number text,
  quantity integer not null,
  stock_status text not null default 'available',
  reason text,
  performed_by uuid,
  created_at timestamptz not null default now(),
  constraint inventory_transactions_item_fkey foreign key (item_id, tenant_id)
    references public.inventory_items (id, tenant_id),
  constraint inventory_transactions_warehouse_fkey foreign key (warehouse_id, tenant_id)
    references public.warehouses (id, tenant_id),
  constraint inventory_transactions_from_bin_fkey foreign key (from_bin_id, warehouse_id)
    references public.warehouse_locations (id, warehouse_id),
  constraint inventory_transactions_to_bin_fkey foreign key (to_bin_id, warehouse_id)
    references public.warehouse_locations (id, warehouse_id),
  constraint inventory_transactions_performed_by_fkey foreign key (performed_by, tenant_id)
    references public.profiles (id, tenant_id) on delete set null (performed_by),
  constraint inventory_transactions_type_check check (transaction_type in ('receive', 'pick', 'move', 'adjust', 'return')),
  constraint inventory_transactions_reference_type_check
    check (reference_type in ('receive_order', 'pick_order', 'audit', 'return_request', 'manual')),
  constraint inventory_transactions_quantity_check check (quantity > 0),
  constraint inventory_transactions_stock_status_check check (stock_status in ('available', 'damaged', 'expired')),
  constraint inventory_transactions_bins_check check (case transaction_type
    when 'receive' then from_bin_id is null and to_bin_id is not null
    when 'return' then from_bin_id is null and to_bin_id is not null
    when 'pick' then from_bin_id is not null and to_bin_id is null
    when 'move' then from_bin_id is not null and to_bin_id is not null and from_bin_id <> to_bin_id
    when 'adjust' then (from_bin_id is null) <> (to_bin_id is null)
  end),
  constraint inventory_transactions_reason_check check (reason is null or length(reason) <= 500)
);
create index inventory_transactions_tenant_id_idx on public.inventory_transactions (tenant_id, created_at desc, id desc);
create index inventory_transactions_item_id_idx on public.inventory_transactions (item_id, tenant_id, created_at desc);
create index inventory_transactions_warehouse_id_idx on public.inventory_transactions (warehouse_id, tenant_id, created_at desc);
create index inventory_transactions_from_bin_idx on public.inventory_transactions (from_bin_id, warehouse_id) where from_bin_id is not null;
create index inventory_transactions_to_bin_idx on public.inventory_transactions (to_bin_id, warehouse_id) where to_bin_id is not null;
create index inventory_transactions_performed_by_idx on public.inventory_transactions (performed_by, tenant_id) where performed_by is not null;
create index inventory_transactions_reference_idx on public.inventory_transactions (reference_id) where reference_id is not null;
alter table public.inventory_transactions enable row level security;
-- no audit: inventory_transactions (the ledger is its own history: append-only, who, when, what moved where)
comment on table public.inventory_transactions is
  'no audit: the ledger is its own history (append-only: who, when, what moved where)';

-- Append-only, whoever asks (the database's own roles too). The one removal allowed is the tenant's
-- own: deleting a tenant cascades, and by then the tenant row is gone.
create or replace function private.refuse_ledger_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from public.tenants t where t.id = old.tenant_id) then
    return old;
  end if;
  raise exception 'The inventory ledger is append-only' using errcode = '42501';
end;
$$;
revoke all on function private.refuse_ledger_change() from public;

create trigger inventory_transactions_append_only before update or delete on public.inventory_transactions
  for each row execute function private.refuse_ledger_change();

-- Stock goes into a bin (location_type bin) of the row's warehouse that is active.
create or replace function private.check_stock_bin() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.warehouse_locations l
    where l.id = new.bin_id and l.warehouse_id = new.warehouse_id and l.location_type = 'bin' and l.status = 'active'
  ) then
    raise exception using errcode = '23514', message = 'Validation failed',
      detail = jsonb_build_array(jsonb_build_object('field', 'bin_id', 'message', 'Choose an active bin of this warehouse'))::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.check_stock_bin() from public;

create trigger check_stock_bin before insert or update of bin_id, warehouse_id on public.inventory_stock
  for each row execute function private.check_stock_bin();

-- No direct writes for any API role: the function below is the only way in.
revoke all on public.inventory_stock, public.inventory_transactions from anon, authenticated;
grant select on public.inventory_stock, public.inventory_transactions to authenticated;

create policy "inventory_stock: whoever may access the warehouse reads" on public.inventory_stock
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and private.can_access_warehouse(warehouse_id));
create policy "inventory_transactions: whoever may access the warehouse reads" on public.inventory_transactions
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and private.can_access_warehouse(warehouse_id));

-- Whether the caller may record a transaction of `kind` in `warehouse` (see the header).
create or replace function private.may_record_inventory(warehouse uuid, kind text) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  tenant uuid;
  staff_role text;
begin
  select w.tenant_id into tenant from public.warehouses w where w.id = warehouse;
  if tenant is null or not private.is_tenant_member(tenant) then
    return false;
  end if;
  if private.is_tenant_admin(tenant) then
    return true;
  end if;
  if not private.can_access_warehouse(warehouse) then
    return false;
  end if;
  select s.role into staff_role from public.warehouse_staff s
  where s.warehouse_id = warehouse and s.user_id = auth.uid() and s.active;
  return case
    when staff_role in ('manager', 'supervisor') then true
    when staff_role = 'receiver' then kind in ('receive', 'return')
    when staff_role = 'picker' then kind = 'pick'
    else false
  end;
end;
$$;
revoke all on function private.may_record_inventory(uuid, text) from public;
grant execute on function private.may_record_inventory(uuid, text) to authenticated, service_role;

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
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  kind text := record_inventory_transaction.transaction_type;
  qty integer := record_inventory_transaction.quantity;
  item uuid := record_inventory_transaction.item_id;
  warehouse uuid := record_inventory_transaction.warehouse_id;
  from_bin uuid := record_inventory_transaction.from_bin_id;
  to_bin uuid := record_inventory_transaction.to_bin_id;
  lot text := nullif(btrim(coalesce(record_inventory_transaction.lot_number, '')), '');
  serial text := nullif(btrim(coalesce(record_inventory_transaction.serial_number, '')), '');
  condition text := coalesce(record_inventory_transaction.stock_status, 'available');
  why text := nullif(btrim(coalesce(record_inventory_transaction.reason, '')), '');
  ref_type text := coalesce(record_inventory_transaction.reference_type, 'manual');
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
  if not trusted and record_inventory_transaction.occurred_at is not null then
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
    if from_row.id is null or from_row.quantity - from_row.reserved < qty then
      select l.code into from_code from public.warehouse_locations l where l.id = from_bin;
      raise exception using errcode = '23514', message = 'Insufficient stock',
        detail = jsonb_build_array(jsonb_build_object('field', 'quantity', 'message',
          'Insufficient stock: ' || coalesce(from_row.quantity - from_row.reserved, 0) || ' available in ' || from_code))::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
    update public.inventory_stock s set quantity = s.quantity - qty,
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
  values (tenant, kind, ref_type, record_inventory_transaction.reference_id, item, warehouse,
    case when needs_from then from_bin end, case when needs_to then to_bin end, lot, serial, qty, condition, why,
    (select p.id from public.profiles p where p.id = auth.uid() and p.tenant_id = tenant),
    coalesce(record_inventory_transaction.occurred_at, now()))
  returning * into result;
  return result;
end;
$$;
revoke all on function public.record_inventory_transaction(text, uuid, uuid, integer, uuid, uuid, text, text, text, text, text, uuid, timestamptz) from public, anon;
grant execute on function public.record_inventory_transaction(text, uuid, uuid, integer, uuid, uuid, text, text, text, text, text, uuid, timestamptz)
  to authenticated, service_role;
