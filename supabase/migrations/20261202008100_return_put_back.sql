-- Returns close the loop: what came back on a received return request goes back into stock.
--
-- public.put_back_return_request records one `return` transaction through the ledger, as the caller
-- (its rights: admins, and receivers, supervisors and managers of a warehouse they may access),
-- referencing the request (reference_type return_request), into a bin of the request's warehouse,
-- as available or damaged stock. Only a received request is put back; whoever may not read the
-- request (it is read by admins and the dispatcher panel of its tenant) is told it is not found.
-- A request may be put back in several calls (several items, or a part damaged).

create or replace function public.put_back_return_request(
  return_request_id uuid,
  item_id uuid,
  bin_id uuid,
  quantity integer,
  condition text default 'available'
) returns public.inventory_transactions
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.return_requests;
  warehouse uuid;
  warehouse_name text;
begin
  if private.current_tenant_id() is null then
    raise exception using errcode = '42501', message = 'Sign in to put returns into stock';
  end if;
  select x.* into r from public.return_requests x
  where x.id = put_back_return_request.return_request_id
    and x.tenant_id = private.current_tenant_id()
    and private.current_panel_type() in ('admin', 'dispatcher')
  for update;
  if r.id is null then
    perform private.not_found('Return request not found');
  end if;
  if r.status <> 'received' then
    perform private.validation_error('status', format('Only a received return request can be put back into stock; this one is %s',
      replace(r.status, '_', ' ')));
  end if;
  if put_back_return_request.condition is null or put_back_return_request.condition not in ('available', 'damaged') then
    perform private.validation_error('condition', 'Condition must be available or damaged');
  end if;
  if put_back_return_request.bin_id is null then
    perform private.validation_error('bin_id', 'Bin is required');
  end if;
  select l.warehouse_id into warehouse from public.warehouse_locations l
  where l.id = put_back_return_request.bin_id and l.tenant_id = r.tenant_id;
  if warehouse is null then
    perform private.validation_error('bin_id', 'Bin not found');
  end if;
  if r.warehouse_id is not null and warehouse <> r.warehouse_id then
    select w.name into warehouse_name from public.warehouses w where w.id = r.warehouse_id;
    perform private.validation_error('bin_id', format('Choose a bin of %s, where this return was received', warehouse_name));
  end if;
  return public.record_inventory_transaction(
    transaction_type => 'return',
    item_id => put_back_return_request.item_id,
    warehouse_id => warehouse,
    quantity => put_back_return_request.quantity,
    to_bin_id => put_back_return_request.bin_id,
    stock_status => put_back_return_request.condition,
    reason => 'Return ' || r.return_code,
    reference_type => 'return_request',
    reference_id => r.id);
end;
$$;
revoke all on function public.put_back_return_request(uuid, uuid, uuid, integer, text) from public, anon;
grant execute on function public.put_back_return_request(uuid, uuid, uuid, integer, text) to authenticated;
