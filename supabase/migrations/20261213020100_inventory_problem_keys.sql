-- The inventory's refusals carry stable keys (supabase/README.md, "Refusals and their keys"), so the
-- item form, the stock forms (add, adjust, move) and the label and ledger screens show a refusal only
-- the database decides (a SKU taken, stock not there, a serial number already in stock, a role that
-- may not record this kind of entry) in the user's language; unkeyed, it stayed English. Each function
-- is written out whole from its current definition; only how a refusal is built and raised changes:
-- the same SQLSTATEs and MESSAGEs (23514 'Validation failed' or 'Insufficient stock', 42501 and PT404
-- with their English), fields, English words, problem order, volatility, security and grants.
--
--   private.inventory_item_problems, private.validate_inventory_item   from 20261201001000_inventory_items.sql
--   private.refuse_ledger_change, private.check_stock_bin              from 20261201001010_inventory_ledger.sql
--   public.list_inventory_transactions                                 from 20261201001020_inventory_lists.sql
--   public.regenerate_inventory_label                                  from 20261201001100_inventory_labels.sql
--   private.apply_inventory_transaction, private.reserve_inventory     from 20261201003000_inventory_reservations.sql
--
-- The values the words name travel as params: {max} of a length limit, {min} and {max} of a list's
-- page and limit, {type} of a ledger entry's kind (raw, so the app words it), {available} (a number)
-- and {bin} (its code) of a shortage, {serial} of a serial number already in stock.
-- reserve_inventory's 'Cannot release ...' stays as it is: releasing more than is reserved is a bug
-- of the calling function (no API call reaches it), not a refusal.

-- The problems of an item as the form's fields, [] when none.
create or replace function private.inventory_item_problems(i public.inventory_items) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  dims jsonb := case when jsonb_typeof(i.dimensions) = 'object' then i.dimensions else '{}'::jsonb end;
  attrs jsonb := case when jsonb_typeof(i.attributes) = 'object' then i.attributes else '{}'::jsonb end;
  k text;
begin
  if i.name is null or btrim(i.name) = '' then
    problems := problems || private.problem('inventory.name_required', 'name', 'Name is required');
  elsif length(i.name) > 200 then
    problems := problems || private.problem('inventory.name_too_long', 'name', 'Name must be at most 200 characters', jsonb_build_object('max', 200));
  end if;
  if i.sku is null or btrim(i.sku) = '' then
    problems := problems || private.problem('inventory.sku_required', 'sku', 'SKU is required');
  elsif length(i.sku) > 64 then
    problems := problems || private.problem('inventory.sku_too_long', 'sku', 'SKU must be at most 64 characters', jsonb_build_object('max', 64));
  elsif exists (select 1 from public.inventory_items o where o.tenant_id = i.tenant_id and o.sku = i.sku and o.id <> i.id) then
    problems := problems || private.problem('inventory.sku_taken', 'sku', 'SKU already exists');
  end if;
  if i.barcode is not null and length(i.barcode) > 64 then
    problems := problems || private.problem('inventory.barcode_too_long', 'barcode', 'Barcode must be at most 64 characters', jsonb_build_object('max', 64));
  end if;
  if i.category is not null and i.category not in ('Electronics', 'Furniture', 'Office Supplies') then
    problems := problems || private.problem('inventory.category_invalid', 'category', 'Category must be Electronics, Furniture or Office Supplies');
  end if;
  if i.subcategory is not null and i.subcategory not in ('Laptop', 'Desktop', 'Tablet') then
    problems := problems || private.problem('inventory.subcategory_invalid', 'subcategory', 'Subcategory must be Laptop, Desktop or Tablet');
  end if;
  if i.unit_size is null or i.unit_size = 'NaN'::numeric or i.unit_size <= 0 then
    problems := problems || private.problem('inventory.positive_number', 'unit_size', 'Must be a positive number');
  end if;
  if i.weight is not null and (i.weight = 'NaN'::numeric or i.weight <= 0) then
    problems := problems || private.problem('inventory.positive_number', 'weight', 'Must be a positive number');
  end if;
  if jsonb_typeof(i.dimensions) is distinct from 'object' then
    problems := problems || private.problem('inventory.dimensions_shape', 'dimensions', 'Dimensions must be an object');
  end if;
  foreach k in array array['length', 'width', 'height'] loop
    if not private.is_optional_positive(dims -> k) then
      problems := problems || private.problem('inventory.positive_number', 'dimensions.' || k, 'Must be a positive number');
    end if;
  end loop;
  if dims ? 'unit' and jsonb_typeof(dims -> 'unit') <> 'null' and not coalesce(dims ->> 'unit' in ('cm', 'in', 'mm', 'm'), false) then
    problems := problems || private.problem('inventory.length_unit_invalid', 'dimensions.unit', 'Unit must be cm, in, mm or m');
  end if;
  if jsonb_typeof(i.attributes) is distinct from 'object' then
    problems := problems || private.problem('inventory.attributes_shape', 'attributes', 'Attributes must be an object');
  end if;
  foreach k in array array['color', 'connectivity', 'battery_life'] loop
    if attrs ? k and jsonb_typeof(attrs -> k) not in ('string', 'null') then
      problems := problems || private.problem('inventory.attribute_not_text', 'attributes.' || k, 'Must be text');
    elsif length(coalesce(attrs ->> k, '')) > 100 then
      problems := problems || private.problem('inventory.attribute_too_long', 'attributes.' || k, 'Must be at most 100 characters', jsonb_build_object('max', 100));
    end if;
  end loop;
  return problems;
end;
$$;
revoke all on function private.inventory_item_problems(public.inventory_items) from public;
grant execute on function private.inventory_item_problems(public.inventory_items) to authenticated, service_role;

-- Trims, fills the dimensions' unit from the tenant's, puts the label back to pending when what it
-- prints changes, then validates (23514 with the form's fields). Callers that the policies will
-- refuse anyway are left to them (nothing of the tenant is revealed).
create or replace function private.validate_inventory_item() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  new.name := btrim(new.name);
  new.sku := btrim(new.sku);
  new.barcode := nullif(btrim(new.barcode), '');
  new.description := nullif(btrim(new.description), '');
  new.brand := nullif(btrim(new.brand), '');
  new.model := nullif(btrim(new.model), '');
  new.category := nullif(new.category, '');
  new.subcategory := nullif(new.subcategory, '');
  if jsonb_typeof(new.dimensions) = 'object' and coalesce(new.dimensions ->> 'unit', '') = '' then
    new.dimensions := new.dimensions || jsonb_build_object('unit', private.tenant_length_unit(new.tenant_id));
  end if;
  if tg_op = 'INSERT' then
    if current_user in ('anon', 'authenticated') then
      new.label_status := 'pending';
      new.label_url := null;
      new.label_error := null;
    end if;
  elsif new.name is distinct from old.name or new.sku is distinct from old.sku or new.barcode is distinct from old.barcode then
    new.label_status := 'pending';
    new.label_url := null;
    new.label_error := null;
  end if;
  perform private.raise_problems(private.inventory_item_problems(new));
  return new;
end;
$$;
revoke all on function private.validate_inventory_item() from public;

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
  perform private.raise_problems(
    jsonb_build_array(private.problem('inventory.ledger_append_only', null, 'The inventory ledger is append-only')),
    '42501', 'The inventory ledger is append-only');
end;
$$;
revoke all on function private.refuse_ledger_change() from public;

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
    perform private.raise_problem('inventory.stock_bin_invalid', 'bin_id', 'Choose an active bin of this warehouse');
  end if;
  return new;
end;
$$;
revoke all on function private.check_stock_bin() from public;

-- One page of the ledger as {total, inventory_transactions}; security invoker: the ledger's policy decides the rows.
create or replace function public.list_inventory_transactions(
  tenant_id uuid default null,
  search text default null,
  page integer default 1,
  "limit" integer default 25,
  transaction_type text default null,
  timestamp_range_start timestamptz default null,
  timestamp_range_end timestamptz default null,
  warehouse_id uuid default null,
  item_id uuid default null,
  language text default 'en'
) returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  tenant uuid := private.current_tenant_id();
  term text := nullif(btrim(list_inventory_transactions.search), '');
  total bigint;
  rows jsonb;
begin
  if page is null or page < 1 then
    problems := problems || private.problem('inventory.page_invalid', 'page', 'Page must be 1 or more', jsonb_build_object('min', 1));
  end if;
  if "limit" is null or "limit" < 1 or "limit" > 100 then
    problems := problems || private.problem('inventory.limit_invalid', 'limit', 'Limit must be from 1 to 100', jsonb_build_object('min', 1, 'max', 100));
  end if;
  if list_inventory_transactions.transaction_type is not null
    and list_inventory_transactions.transaction_type not in ('receive', 'pick', 'move', 'adjust', 'return') then
    problems := problems || private.problem('inventory.transaction_type_invalid', 'transaction_type', 'Transaction type must be receive, pick, move, adjust or return');
  end if;
  if timestamp_range_start is not null and timestamp_range_end is not null and timestamp_range_end < timestamp_range_start then
    problems := problems || private.problem('inventory.range_end_before_start', 'timestamp_range_end', 'The end must not be before the start');
  end if;
  if length(coalesce(term, '')) > 100 then
    problems := problems || private.problem('inventory.search_too_long', 'search', 'Search must be at most 100 characters', jsonb_build_object('max', 100));
  end if;
  perform private.raise_problems(problems);
  -- Another tenant's id answers nothing rather than an error (the policies would hide its rows anyway).
  if tenant is null or (list_inventory_transactions.tenant_id is not null and list_inventory_transactions.tenant_id <> tenant) then
    return jsonb_build_object('total', 0, 'inventory_transactions', '[]'::jsonb);
  end if;
  if term is not null then
    -- LIKE's own wildcards in the term are searched as themselves.
    term := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  end if;

  with matching as (
    select t.id, t.created_at
    from public.inventory_transactions t
    where t.tenant_id = tenant
      and (list_inventory_transactions.transaction_type is null or t.transaction_type = list_inventory_transactions.transaction_type)
      and (timestamp_range_start is null or t.created_at >= timestamp_range_start)
      and (timestamp_range_end is null or t.created_at <= timestamp_range_end)
      and (list_inventory_transactions.warehouse_id is null or t.warehouse_id = list_inventory_transactions.warehouse_id)
      and (list_inventory_transactions.item_id is null or t.item_id = list_inventory_transactions.item_id)
      and (term is null or exists (
        select 1 from public.inventory_items i where i.id = t.item_id and (i.sku ilike term or i.name ilike term)
      ) or t.lot_number ilike term or t.serial_number ilike term or t.reason ilike term
        or exists (select 1 from public.profiles p where p.id = t.performed_by and p.full_name ilike term))
  ),
  counted as (select count(*) as n from matching),
  paged as (
    select m.id from matching m order by m.created_at desc, m.id desc
    limit "limit" offset (page - 1) * "limit"
  )
  select (select n from counted),
    coalesce(jsonb_agg(jsonb_build_object(
      'id', t.id, 'tenant_id', t.tenant_id, 'transaction_type', t.transaction_type,
      'reference_type', t.reference_type, 'reference_id', t.reference_id,
      'item_id', t.item_id, 'warehouse_id', t.warehouse_id, 'from_bin_id', t.from_bin_id, 'to_bin_id', t.to_bin_id,
      'lot_number', t.lot_number, 'serial_number', t.serial_number, 'quantity', t.quantity,
      'stock_status', t.stock_status, 'reason', t.reason, 'created_at', t.created_at,
      'performed_by', case when p.id is not null then jsonb_build_object('id', p.id, 'full_name', p.full_name) end,
      'item', jsonb_build_object('id', i.id, 'sku', i.sku, 'name', i.name),
      'warehouse', jsonb_build_object('id', w.id, 'name', w.name),
      'from_bin', case when fb.id is not null then jsonb_build_object('id', fb.id, 'code', fb.code) end,
      'to_bin', case when tb.id is not null then jsonb_build_object('id', tb.id, 'code', tb.code) end
    ) order by t.created_at desc, t.id desc), '[]'::jsonb)
  into total, rows
  from paged
  join public.inventory_transactions t on t.id = paged.id
  join public.inventory_items i on i.id = t.item_id
  join public.warehouses w on w.id = t.warehouse_id
  left join public.warehouse_locations fb on fb.id = t.from_bin_id
  left join public.warehouse_locations tb on tb.id = t.to_bin_id
  left join public.profiles p on p.id = t.performed_by;

  return jsonb_build_object('total', coalesce(total, 0), 'inventory_transactions', rows);
end;
$$;
revoke all on function public.list_inventory_transactions(uuid, text, integer, integer, text, timestamptz, timestamptz, uuid, uuid, text) from public, anon;
grant execute on function public.list_inventory_transactions(uuid, text, integer, integer, text, timestamptz, timestamptz, uuid, uuid, text)
  to authenticated, service_role;

-- An admin asks for an item's label again: back to pending, the old file forgotten.
create or replace function public.regenerate_inventory_label(item_id uuid) returns public.inventory_items
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  item public.inventory_items;
begin
  select i.* into item from public.inventory_items i
  where i.id = regenerate_inventory_label.item_id and i.tenant_id = private.current_tenant_id();
  if item.id is null then
    perform private.raise_problems(jsonb_build_array(private.problem('inventory.label_item_not_found', null, 'Inventory item not found')),
      'PT404', 'Inventory item not found');
  end if;
  if not private.is_tenant_admin(item.tenant_id) then
    perform private.raise_problems(jsonb_build_array(private.problem('inventory.label_regenerate_not_allowed', null, 'Only administrators can regenerate labels')),
      '42501', 'Only administrators can regenerate labels');
  end if;
  update public.inventory_items i set label_status = 'pending', label_url = null, label_error = null
  where i.id = item.id
  returning i.* into item;
  return item;
end;
$$;
revoke all on function public.regenerate_inventory_label(uuid) from public, anon;
grant execute on function public.regenerate_inventory_label(uuid) to authenticated, service_role;

-- The ledger's one writer (public.record_inventory_transaction calls it with from_reserved 0): rights,
-- the entry's problems as the stock form's fields, then both balances locked in the order of their ids.
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
  refusal text;
  -- The service role and the database's own roles (imports, the seed) are trusted: no rights
  -- check, and they may date a transaction in the past (history brought over from elsewhere).
  trusted boolean := coalesce(current_setting('role', true), 'none') not in ('authenticated', 'anon');
  result public.inventory_transactions;
begin
  select w.tenant_id into tenant from public.warehouses w where w.id = warehouse;
  if not trusted and (tenant is null or not private.is_tenant_member(tenant) or not private.can_access_warehouse(warehouse)) then
    if private.current_tenant_id() is null then
      perform private.raise_problems(jsonb_build_array(private.problem('inventory.sign_in_required', null, 'Sign in to record stock')),
        '42501', 'Sign in to record stock');
    end if;
    perform private.raise_problems(jsonb_build_array(private.problem('inventory.warehouse_not_found', null, 'Warehouse not found')),
      'PT404', 'Warehouse not found');
  elsif tenant is null then
    perform private.raise_problems(jsonb_build_array(private.problem('inventory.warehouse_not_found', null, 'Warehouse not found')),
      'PT404', 'Warehouse not found');
  end if;
  if not trusted and apply_inventory_transaction.occurred_at is not null then
    perform private.raise_problems(jsonb_build_array(private.problem('inventory.backdating_not_allowed', null, 'Only imports may date a transaction in the past')),
      '42501', 'Only imports may date a transaction in the past');
  end if;
  if kind is null or kind not in ('receive', 'pick', 'move', 'adjust', 'return') then
    perform private.raise_problem('inventory.transaction_type_invalid', 'transaction_type', 'Transaction type must be receive, pick, move, adjust or return');
  end if;
  if not trusted and not private.may_record_inventory(warehouse, kind) then
    refusal := case kind
      when 'receive' then 'Only admins, receivers, supervisors and managers of this warehouse can receive stock'
      when 'return' then 'Only admins, receivers, supervisors and managers of this warehouse can put returns into stock'
      when 'pick' then 'Only admins, pickers, supervisors and managers of this warehouse can pick stock'
      when 'move' then 'Only admins, supervisors and managers of this warehouse can move stock'
      else 'Only admins, supervisors and managers of this warehouse can adjust stock' end;
    perform private.raise_problems(jsonb_build_array(private.problem(case kind
      when 'receive' then 'inventory.receive_not_allowed'
      when 'return' then 'inventory.return_not_allowed'
      when 'pick' then 'inventory.pick_not_allowed'
      when 'move' then 'inventory.move_not_allowed'
      else 'inventory.adjust_not_allowed' end, null, refusal)), '42501', refusal);
  end if;

  -- Which bins the type takes (an adjustment either adds into to_bin or removes from from_bin).
  needs_from := kind in ('pick', 'move') or (kind = 'adjust' and from_bin is not null);
  needs_to := kind in ('receive', 'return', 'move') or (kind = 'adjust' and from_bin is null);

  if item is null then
    problems := problems || private.problem('inventory.item_required', 'item_id', 'Item is required');
  elsif not exists (select 1 from public.inventory_items i where i.id = item and i.tenant_id = tenant) then
    problems := problems || private.problem('inventory.item_not_found', 'item_id', 'Item not found');
  elsif kind in ('receive', 'return') and not exists (select 1 from public.inventory_items i where i.id = item and i.is_active) then
    problems := problems || private.problem('inventory.item_inactive', 'item_id', 'This item is inactive');
  end if;
  if qty is null or qty <= 0 then
    problems := problems || private.problem('inventory.quantity_invalid', 'quantity', 'Quantity must be a whole number above 0');
  elsif serial is not null and qty <> 1 then
    problems := problems || private.problem('inventory.serial_quantity_one', 'quantity', 'A serial number is one unit: the quantity must be 1');
  end if;
  if needs_from then
    if from_bin is null then
      problems := problems || private.problem('inventory.bin_required', 'from_bin_id', 'Bin is required');
    elsif not exists (select 1 from public.warehouse_locations l where l.id = from_bin and l.warehouse_id = warehouse and l.location_type = 'bin') then
      problems := problems || private.problem('inventory.bin_not_in_warehouse', 'from_bin_id', 'Choose a bin of this warehouse');
    end if;
  elsif from_bin is not null then
    problems := problems || private.problem('inventory.no_source_bin', 'from_bin_id', 'A ' || kind || ' takes no source bin',
      jsonb_build_object('type', kind));
  end if;
  if needs_to then
    if to_bin is null then
      problems := problems || private.problem('inventory.bin_required', 'to_bin_id', 'Bin is required');
    elsif not exists (select 1 from public.warehouse_locations l where l.id = to_bin and l.warehouse_id = warehouse and l.location_type = 'bin') then
      problems := problems || private.problem('inventory.bin_not_in_warehouse', 'to_bin_id', 'Choose a bin of this warehouse');
    elsif not exists (select 1 from public.warehouse_locations l where l.id = to_bin and l.status = 'active') then
      problems := problems || private.problem('inventory.bin_inactive', 'to_bin_id', 'This bin is not active');
    elsif kind = 'move' and to_bin = from_bin then
      problems := problems || private.problem('inventory.same_bin', 'to_bin_id', 'Choose another bin than the source');
    end if;
  elsif to_bin is not null then
    problems := problems || private.problem('inventory.no_destination_bin', 'to_bin_id', 'A ' || kind || ' takes no destination bin',
      jsonb_build_object('type', kind));
  end if;
  if lot is not null and length(lot) > 64 then
    problems := problems || private.problem('inventory.lot_number_too_long', 'lot_number', 'Lot number must be at most 64 characters',
      jsonb_build_object('max', 64));
  end if;
  if serial is not null and length(serial) > 64 then
    problems := problems || private.problem('inventory.serial_number_too_long', 'serial_number', 'Serial number must be at most 64 characters',
      jsonb_build_object('max', 64));
  end if;
  if condition not in ('available', 'damaged', 'expired') then
    problems := problems || private.problem('inventory.stock_status_invalid', 'stock_status', 'Status must be available, damaged or expired');
  end if;
  if kind = 'adjust' and why is null then
    problems := problems || private.problem('inventory.adjust_reason_required', 'reason', 'A reason is required for adjustments');
  elsif why is not null and length(why) > 500 then
    problems := problems || private.problem('inventory.reason_too_long', 'reason', 'Reason must be at most 500 characters',
      jsonb_build_object('max', 500));
  end if;
  if ref_type not in ('receive_order', 'pick_order', 'audit', 'return_request', 'manual') then
    problems := problems || private.problem('inventory.reference_type_invalid', 'reference_type',
      'Reference type must be receive_order, pick_order, audit, return_request or manual');
  end if;
  -- Only a pick takes reserved stock, and at most the units it picks.
  if taken_reserved < 0 or (taken_reserved > 0 and (kind <> 'pick' or taken_reserved > coalesce(qty, 0))) then
    problems := problems || private.problem('inventory.reserved_pick_only', 'quantity', 'Only a pick takes reserved stock, at most the quantity picked');
  end if;
  perform private.raise_problems(problems);

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
      perform private.raise_problems(jsonb_build_array(private.problem('inventory.insufficient_stock', 'quantity',
        'Insufficient stock: ' || coalesce(from_row.quantity - from_row.reserved + least(taken_reserved, from_row.reserved), 0) || ' available in ' || from_code,
        jsonb_build_object('available', coalesce(from_row.quantity - from_row.reserved + least(taken_reserved, from_row.reserved), 0), 'bin', from_code))),
        '23514', 'Insufficient stock');
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
      perform private.raise_problem('inventory.serial_in_stock', 'serial_number', 'Serial number ' || serial || ' is already in stock',
        jsonb_build_object('serial', serial));
    end if;
    begin
      update public.inventory_stock s set quantity = s.quantity + qty,
        last_counted_at = case when kind = 'adjust' then now() else s.last_counted_at end
      where s.id = to_id;
    exception when unique_violation then
      -- The same serial received into another bin at the same moment: one of them wins.
      perform private.raise_problem('inventory.serial_in_stock', 'serial_number', 'Serial number ' || serial || ' is already in stock',
        jsonb_build_object('serial', serial));
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
  available_ integer;
begin
  if units is null or units = 0 then
    return;
  end if;
  perform 1 from public.inventory_stock s where s.item_id = item and s.bin_id = bin and s.status = 'available' order by s.id for update;
  if units > 0 and (select coalesce(sum(s.quantity - s.reserved), 0) from public.inventory_stock s
      where s.item_id = item and s.bin_id = bin and s.status = 'available') < units then
    select l.code into code from public.warehouse_locations l where l.id = bin;
    select coalesce(sum(s.quantity - s.reserved), 0) into available_ from public.inventory_stock s
    where s.item_id = item and s.bin_id = bin and s.status = 'available';
    perform private.raise_problems(jsonb_build_array(private.problem('inventory.insufficient_stock', field,
      'Insufficient stock: ' || available_ || ' available in ' || code,
      jsonb_build_object('available', available_, 'bin', code))), '23514', 'Insufficient stock');
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
