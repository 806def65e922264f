-- Return requests' refusals carry stable keys (supabase/README.md, "Refusals and their keys"), so
-- the return request form shows a refusal only the database decides (one open request per delivery,
-- a quantity above the delivered one, a refund above the delivery's price and cash) in the page's
-- language; unkeyed, it stayed English. private.return_request_problems is written out whole from its
-- current (first) definition, 20261125001350_return_requests.sql; only how a problem is built changes:
-- the same fields, English words, problem order and grants, and the trigger raises them as before
-- (23514 'Validation failed'). The values the words name travel as params: {max} of a limit or of the
-- quantity delivered, {field} of an unknown item field, {limit} and {currency} of the refund limit
-- (a number: each language formats it).

-- The problems of a request as the form's fields, [] when there are none. Security definer for the
-- look-ups (the delivery and its packages, past the caller's RLS): it checks the tenant itself, and
-- the trigger asks it only for callers who may write the tenant's requests.
create or replace function private.return_request_problems(r public.return_requests, o public.return_requests) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  d public.deliveries;
  item jsonb;
  pkg jsonb;
  i integer := 0;
  idx integer;
  seen integer[] := '{}';
  key text;
  limit_amount numeric;
  photo jsonb;
begin
  if r.delivery_id is not null then
    select x.* into d from public.deliveries x where x.id = r.delivery_id and x.tenant_id = r.tenant_id;
  end if;
  if r.delivery_id is null then
    problems := problems || case when r.order_id is not null
      then private.problem('returns.orders_not_available', 'delivery_id', 'Choose the delivery to return: returns of orders are not available yet')
      else private.problem('returns.delivery_required', 'delivery_id', 'Delivery is required') end;
  elsif d.id is null
    or (current_user in ('anon', 'authenticated') and private.current_panel_type() = 'customer' and d.customer_id is distinct from auth.uid()) then
    problems := problems || private.problem('returns.delivery_not_found', 'delivery_id', 'Delivery not found');
  elsif o.id is null and d.status <> 'delivered' then
    problems := problems || private.problem('returns.delivery_not_delivered', 'delivery_id', 'Only a delivered delivery can be returned');
  elsif r.status not in ('rejected', 'closed') and exists (
    select 1 from public.return_requests x
    where x.delivery_id = r.delivery_id and x.id <> r.id and x.status not in ('rejected', 'closed')
  ) then
    problems := problems || private.problem('returns.open_request_exists', 'delivery_id', 'This delivery already has an open return request');
  end if;

  if d.id is not null and r.customer_id is distinct from d.customer_id then
    problems := problems || private.problem('returns.customer_not_delivery_customer', 'customer_id', 'The customer must be the delivery''s customer');
  end if;

  if r.reason is null or btrim(r.reason) = '' then
    problems := problems || private.problem('returns.reason_required', 'reason', 'Reason is required');
  elsif r.reason not in ('damaged', 'wrong_item', 'not_as_described', 'no_longer_needed', 'other') then
    problems := problems || private.problem('returns.reason_invalid', 'reason',
      'Reason must be damaged, wrong item, not as described, no longer needed or other');
  end if;
  if r.reason = 'other' and (r.reason_text is null or btrim(r.reason_text) = '') then
    problems := problems || private.problem('returns.reason_text_required', 'reason_text', 'Describe the reason for the return');
  elsif length(coalesce(r.reason_text, '')) > 1000 then
    problems := problems || private.problem('returns.reason_text_too_long', 'reason_text', 'The reason must be at most 1000 characters', jsonb_build_object('max', 1000));
  end if;

  if r.items is null or jsonb_typeof(r.items) <> 'array' or jsonb_array_length(r.items) = 0 then
    problems := problems || private.problem('returns.items_required', 'items', 'Choose at least one item to return');
  elsif jsonb_array_length(r.items) > 50 then
    problems := problems || private.problem('returns.items_too_many', 'items', 'At most 50 items', jsonb_build_object('max', 50));
  else
    for item in select value from jsonb_array_elements(r.items) loop
      if jsonb_typeof(item) <> 'object' then
        problems := problems || private.problem('returns.item_shape', format('items.%s', i), 'An item must be an object');
      else
        for key in select jsonb_object_keys(item) loop
          if key not in ('package_index', 'description', 'quantity') then
            problems := problems || private.problem('returns.item_field_unknown', format('items.%s', i), format('Unknown item field %s', key),
              jsonb_build_object('field', key));
          end if;
        end loop;
        idx := null;
        pkg := null;
        if jsonb_typeof(item -> 'package_index') is distinct from 'number'
          or (item ->> 'package_index')::numeric <> trunc((item ->> 'package_index')::numeric)
          or (item ->> 'package_index')::numeric < 0
          or (d.id is not null and (item ->> 'package_index')::numeric >= jsonb_array_length(d.packages)) then
          problems := problems || private.problem('returns.package_invalid', format('items.%s.package_index', i), 'Choose a package of the delivery');
        else
          idx := (item ->> 'package_index')::integer;
          if idx = any (seen) then
            problems := problems || private.problem('returns.package_repeated', format('items.%s.package_index', i), 'Each package can be listed once');
          end if;
          seen := seen || idx;
          if d.id is not null then
            pkg := d.packages -> idx;
          end if;
        end if;
        if jsonb_typeof(item -> 'quantity') is distinct from 'number'
          or (item ->> 'quantity')::numeric <> trunc((item ->> 'quantity')::numeric)
          or (item ->> 'quantity')::numeric < 1 then
          problems := problems || private.problem('returns.quantity_invalid', format('items.%s.quantity', i), 'Quantity must be a whole number of at least 1');
        elsif pkg is not null and (item ->> 'quantity')::numeric > coalesce((pkg ->> 'quantity')::numeric, 1) then
          problems := problems || private.problem('returns.quantity_above_delivered', format('items.%s.quantity', i),
            format('Quantity cannot be more than the %s delivered', coalesce((pkg ->> 'quantity')::numeric, 1)),
            jsonb_build_object('max', coalesce((pkg ->> 'quantity')::numeric, 1)));
        end if;
        if item ? 'description' and jsonb_typeof(item -> 'description') <> 'null'
          and (jsonb_typeof(item -> 'description') <> 'string' or length(item ->> 'description') > 200) then
          problems := problems || private.problem('returns.description_invalid', format('items.%s.description', i), 'Description must be text of at most 200 characters',
            jsonb_build_object('max', 200));
        end if;
      end if;
      i := i + 1;
    end loop;
  end if;

  if r.photos is null or jsonb_typeof(r.photos) <> 'array' then
    problems := problems || private.problem('returns.photos_shape', 'photos', 'Photos must be a list of uploaded files');
  elsif jsonb_array_length(r.photos) > 10 then
    problems := problems || private.problem('returns.photos_too_many', 'photos', 'At most 10 photos', jsonb_build_object('max', 10));
  else
    for photo in select value from jsonb_array_elements(r.photos) loop
      if jsonb_typeof(photo) <> 'string' or not private.is_tenant_file_ref(photo #>> '{}', r.tenant_id) then
        problems := problems || private.problem('returns.photo_not_tenant_file', 'photos', 'Photos must be files uploaded to this business''s storage');
        exit;
      end if;
    end loop;
  end if;

  if r.refund_amount is null or r.refund_amount < 0 or r.refund_amount = 'NaN'::numeric then
    problems := problems || private.problem('returns.refund_negative', 'refund_amount', 'Refund amount must be 0 or more');
  elsif d.id is not null then
    limit_amount := d.price + d.cod_amount;
    if r.refund_amount > limit_amount then
      problems := problems || private.problem('returns.refund_above_limit', 'refund_amount',
        format('Refund amount cannot be more than the delivery''s price and cash on delivery (%s %s)', to_char(limit_amount, 'FM9999999990.00'), d.currency),
        jsonb_build_object('limit', limit_amount, 'currency', d.currency));
    end if;
  end if;

  if length(coalesce(r.notes, '')) > 2000 then
    problems := problems || private.problem('returns.notes_too_long', 'notes', 'Notes must be at most 2000 characters', jsonb_build_object('max', 2000));
  end if;
  return problems;
end;
$$;
revoke all on function private.return_request_problems(public.return_requests, public.return_requests) from public;
grant execute on function private.return_request_problems(public.return_requests, public.return_requests) to authenticated, service_role;
