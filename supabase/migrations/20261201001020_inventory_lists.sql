-- The inventory screens' reads.
--
-- public.inventory_stock_rows: the stock list's rows (security invoker, so the stock policy decides:
-- only warehouses the caller may access): each balance with its item's name and SKU, the warehouse's
-- name, the bin's code, and the status the list shows: 'reserved' when all of a row's quantity is
-- reserved, else the balance's own status (available, damaged, expired). Empty balances (a bin
-- emptied by picks or moves) are not listed.
--
-- public.list_inventory_transactions: one page of the ledger with what the list shows (performed by,
-- item SKU, type, reference type, warehouse, from and to bin, quantity), the parameters search,
-- page (from 1), limit, transaction_type, timestamp_range_start / _end, warehouse_id, item_id, and
-- the exact total, answered as {total, inventory_transactions}. Security invoker: the ledger's
-- policy decides the rows.

create view public.inventory_stock_rows
with (security_invoker = true)
as
select s.id, s.tenant_id, s.item_id, s.warehouse_id, s.bin_id, s.lot_number, s.serial_number,
  s.quantity, s.reserved, s.status as stock_status,
  case when s.reserved > 0 and s.reserved = s.quantity then 'reserved' else s.status end as status,
  s.last_counted_at, s.created_at, s.updated_at,
  i.name as item_name, i.sku as item_sku, w.name as warehouse_name, l.code as bin_code
from public.inventory_stock s
join public.inventory_items i on i.id = s.item_id
join public.warehouses w on w.id = s.warehouse_id
join public.warehouse_locations l on l.id = s.bin_id
where s.quantity > 0;
revoke all on public.inventory_stock_rows from anon, authenticated;
grant select on public.inventory_stock_rows to authenticated;

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
    problems := problems || jsonb_build_object('field', 'page', 'message', 'Page must be 1 or more');
  end if;
  if "limit" is null or "limit" < 1 or "limit" > 100 then
    problems := problems || jsonb_build_object('field', 'limit', 'message', 'Limit must be from 1 to 100');
  end if;
  if list_inventory_transactions.transaction_type is not null
    and list_inventory_transactions.transaction_type not in ('receive', 'pick', 'move', 'adjust', 'return') then
    problems := problems || jsonb_build_object('field', 'transaction_type', 'message', 'Transaction type must be receive, pick, move, adjust or return');
  end if;
  if timestamp_range_start is not null and timestamp_range_end is not null and timestamp_range_end < timestamp_range_start then
    problems := problems || jsonb_build_object('field', 'timestamp_range_end', 'message', 'The end must not be before the start');
  end if;
  if length(coalesce(term, '')) > 100 then
    problems := problems || jsonb_build_object('field', 'search', 'message', 'Search must be at most 100 characters');
  end if;
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
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
