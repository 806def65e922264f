-- Return requests' moves carry keys (supabase/README.md, "Refusals and their keys"): a status change
-- (transition_return_request, with the return warehouse it picks and the pickup delivery it creates)
-- and the put-back into stock, so the return's page shows their refusals in the user's language.
--
-- Written out whole from their current definitions: public.transition_return_request
-- (20261203002100_staff_panel_rules.sql), public.put_back_return_request
-- (20261203002100_staff_panel_rules.sql), private.return_warehouse and private.create_return_pickup
-- (20261125001350_return_requests.sql). Only how refusals are raised changes: the same SQLSTATE
-- (PT404, 42501, 23514 'Validation failed'), MESSAGE, fields and English words; grants as the defining
-- migrations gave them. Params: {from} and {to} (raw statuses) of a move the machine does not have,
-- {status} (raw) of a request not received, {max} of the note, {warehouse} of the bin's, {reasons}
-- (the delivery's own English refusals, joined) of a pickup that could not be created. The 42501 of a
-- move the caller may not make is the move's refusal from private.status_moves (returns.status_not_allowed).
-- private.return_request_problems is keyed already (20261212000100): every problem carries its key.

CREATE OR REPLACE FUNCTION public.transition_return_request(return_request_id uuid, status text, note text DEFAULT NULL::text, refunded boolean DEFAULT NULL::boolean, schedule_pickup boolean DEFAULT false, warehouse_id uuid DEFAULT NULL::uuid)
 RETURNS public.return_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  r public.return_requests;
  target text := transition_return_request.status;
  origin text;
  panel text := private.current_panel_type();
  refusal text;
  chosen uuid;
begin
  select x.* into r from public.return_requests x
  where x.id = transition_return_request.return_request_id
    and x.tenant_id = private.current_tenant_id()
    and (private.is_staff_panel(panel) or (panel = 'customer' and x.customer_id = auth.uid()))
  for update;
  if r.id is null then
    perform private.raise_problems(jsonb_build_array(private.problem('returns.not_found', null, 'Return request not found')),
      'PT404', 'Return request not found');
  end if;
  origin := r.status;
  if target is null or target not in ('requested', 'approved', 'rejected', 'pickup_scheduled', 'picked_up', 'received', 'closed') then
    perform private.raise_problem('returns.status_invalid', 'status', 'Status must be approved, rejected, pickup scheduled, picked up, received or closed');
  end if;
  -- The arrows and who takes them: private.status_moves (machine 'return_request').
  if not private.move_exists('return_request', target, origin) then
    perform private.raise_problem('returns.move_not_allowed', 'status', format('A return request cannot go from %s to %s',
      replace(origin, '_', ' '), replace(target, '_', ' ')), jsonb_build_object('from', origin, 'to', target));
  end if;
  refusal := private.move_refusal('return_request', target, origin, panel, '{}');
  if refusal is not null then
    perform private.raise_problems(jsonb_build_array(private.problem('returns.status_not_allowed', null, refusal)), '42501', refusal);
  end if;
  if length(coalesce(note, '')) > 1000 then
    perform private.raise_problem('returns.note_too_long', 'note', 'The note must be at most 1000 characters', jsonb_build_object('max', 1000));
  end if;
  if target = 'rejected' and (note is null or btrim(note) = '') then
    perform private.raise_problem('returns.rejection_reason_required', 'note', 'Give the reason for rejecting the return');
  end if;
  if target = 'closed' and refunded is null then
    perform private.raise_problem('returns.refunded_required', 'refunded', 'Say whether the refund was paid');
  end if;

  if target = 'pickup_scheduled' or (target = 'approved' and schedule_pickup) then
    if target = 'approved' then
      update public.return_requests x set status = 'approved' where x.id = r.id returning * into r;
      perform private.append_return_request_event(r, origin, note);
      origin := 'approved';
    end if;
    chosen := private.return_warehouse(r.tenant_id, transition_return_request.warehouse_id);
    update public.return_requests x
    set pickup_delivery_id = private.create_return_pickup(r, chosen),
        warehouse_id = chosen,
        status = 'pickup_scheduled'
    where x.id = r.id
    returning * into r;
    perform private.append_return_request_event(r, origin, case when target = 'pickup_scheduled' then note end);
  else
    update public.return_requests x
    set status = target,
        refunded = case when target = 'closed' then transition_return_request.refunded else x.refunded end,
        closed_at = case when target = 'closed' then now() else x.closed_at end,
        received_at = case when target = 'received' then now() else x.received_at end,
        received_by = case when target = 'received' then auth.uid() else x.received_by end
    where x.id = r.id
    returning * into r;
    perform private.append_return_request_event(r, origin, note);
  end if;
  return r;
end;
$function$;
revoke all on function public.transition_return_request(uuid, text, text, boolean, boolean, uuid) from public, anon;
grant execute on function public.transition_return_request(uuid, text, text, boolean, boolean, uuid) to authenticated, service_role;

CREATE OR REPLACE FUNCTION public.put_back_return_request(return_request_id uuid, item_id uuid, bin_id uuid, quantity integer, condition text DEFAULT 'available'::text)
 RETURNS public.inventory_transactions
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  r public.return_requests;
  warehouse uuid;
  warehouse_name text;
begin
  if private.current_tenant_id() is null then
    perform private.raise_problems(jsonb_build_array(private.problem('returns.put_back_sign_in', null, 'Sign in to put returns into stock')),
      '42501', 'Sign in to put returns into stock');
  end if;
  select x.* into r from public.return_requests x
  where x.id = put_back_return_request.return_request_id
    and x.tenant_id = private.current_tenant_id()
    and private.is_staff()
  for update;
  if r.id is null then
    perform private.raise_problems(jsonb_build_array(private.problem('returns.not_found', null, 'Return request not found')),
      'PT404', 'Return request not found');
  end if;
  if r.status <> 'received' then
    perform private.raise_problem('returns.put_back_not_received', 'status', format('Only a received return request can be put back into stock; this one is %s',
      replace(r.status, '_', ' ')), jsonb_build_object('status', r.status));
  end if;
  if put_back_return_request.condition is null or put_back_return_request.condition not in ('available', 'damaged') then
    perform private.raise_problem('returns.put_back_condition_invalid', 'condition', 'Condition must be available or damaged');
  end if;
  if put_back_return_request.bin_id is null then
    perform private.raise_problem('returns.put_back_bin_required', 'bin_id', 'Bin is required');
  end if;
  select l.warehouse_id into warehouse from public.warehouse_locations l
  where l.id = put_back_return_request.bin_id and l.tenant_id = r.tenant_id;
  if warehouse is null then
    perform private.raise_problem('returns.put_back_bin_not_found', 'bin_id', 'Bin not found');
  end if;
  if r.warehouse_id is not null and warehouse <> r.warehouse_id then
    select w.name into warehouse_name from public.warehouses w where w.id = r.warehouse_id;
    perform private.raise_problem('returns.put_back_bin_other_warehouse', 'bin_id', format('Choose a bin of %s, where this return was received', warehouse_name),
      jsonb_build_object('warehouse', warehouse_name));
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
$function$;
revoke all on function public.put_back_return_request(uuid, uuid, uuid, integer, text) from public, anon;
grant execute on function public.put_back_return_request(uuid, uuid, uuid, integer, text) to authenticated;

CREATE OR REPLACE FUNCTION private.return_warehouse(tenant uuid, warehouse uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  found uuid;
begin
  select x.id into found from public.warehouses x
  where x.tenant_id = tenant and x.status in ('active', 'full') and (warehouse is null or x.id = warehouse)
  order by (x.status = 'active') desc, x.created_at, x.name
  limit 1;
  if found is null then
    perform private.raise_problem(case when warehouse is null then 'returns.no_return_warehouse' else 'returns.warehouse_not_open' end, 'warehouse_id',
      case when warehouse is null then 'No warehouse of this business can receive the return' else 'Warehouse not found or not open' end);
  end if;
  return found;
end;
$function$;
revoke all on function private.return_warehouse(uuid, uuid) from public, anon, authenticated;

CREATE OR REPLACE FUNCTION private.create_return_pickup(r public.return_requests, warehouse uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d public.deliveries;
  w public.warehouses;
  pickup uuid;
  refusal text;
  reasons text;
begin
  select x.* into d from public.deliveries x where x.id = r.delivery_id;
  select x.* into w from public.warehouses x where x.id = warehouse and x.tenant_id = r.tenant_id;
  begin
    insert into public.deliveries (tenant_id, kind, customer_id, external_reference_id, pickup_address, pickup_lat, pickup_lng,
      dropoff_address_id, packages, service_id, priority, notes)
    values (r.tenant_id, 'pickup', d.customer_id, r.return_code, d.dropoff_address, d.dropoff_lat, d.dropoff_lng,
      w.address_id,
      (select jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
          'description', left(coalesce(e ->> 'description', p ->> 'description', 'Returned package'), 200),
          'quantity', (e ->> 'quantity')::integer,
          'weight_kg', coalesce((p ->> 'weight_kg')::numeric, 1),
          'length_cm', p -> 'length_cm', 'width_cm', p -> 'width_cm', 'height_cm', p -> 'height_cm',
          'fragile', p -> 'fragile', 'temperature_sensitive', p -> 'temperature_sensitive')) order by n)
       from jsonb_array_elements(r.items) with ordinality as t(e, n)
       cross join lateral (select d.packages -> ((e ->> 'package_index')::integer) as p) pk),
      d.service_id, 'normal',
      format('Return %s of %s to %s', r.return_code, d.delivery_code, w.name))
    returning id into pickup;
  exception when check_violation then
    get stacked diagnostics refusal = pg_exception_detail;
    reasons := (select string_agg(e ->> 'message', '; ')
      from jsonb_array_elements(case when refusal ~ '^\s*\[' then refusal::jsonb else '[]'::jsonb end) e);
    perform private.raise_problem(case when reasons is null then 'returns.pickup_not_priced' else 'returns.pickup_not_created' end, 'warehouse_id',
      'The pickup delivery could not be created: ' || coalesce(reasons, 'the route cannot be priced'),
      case when reasons is not null then jsonb_build_object('reasons', reasons) end);
  end;
  return pickup;
end;
$function$;
revoke all on function private.create_return_pickup(public.return_requests, uuid) from public, anon, authenticated;
