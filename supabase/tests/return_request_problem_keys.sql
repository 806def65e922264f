-- Return requests' refusals carry stable keys beside their English (private.problem), as the error's
-- DETAIL (what PostgREST hands the app as `details`), with the values the words name as params, as
-- acme's dispatcher and customer and globex's admin; SQLSTATE and message stay 23514 'Validation failed'.
begin;
select plan(11);


-- Each problem of a refusal as field:key, in order.
create function pg_temp.keys(statement text) returns text
language sql
as $$ select string_agg(coalesce(p ->> 'field', '-') || ':' || (p ->> 'key'), ' ' order by ord)
      from jsonb_array_elements(tests.refusal(statement) -> 'details') with ordinality as x (p, ord) $$;

-- An insert of a request on `delivery` (its first package twice delivered, price 20 and cash 12.50),
-- the fields of `patch` over a valid request.
create function pg_temp.insert_return(delivery uuid, patch jsonb) returns text
language sql
as $$
  select format(
    'insert into public.return_requests (delivery_id, order_id, reason, reason_text, items, photos, refund_amount, notes) '
    'select r.delivery_id, r.order_id, r.reason, r.reason_text, r.items, r.photos, r.refund_amount, r.notes '
    'from jsonb_populate_record(null::public.return_requests, %L::jsonb) r',
    (jsonb_build_object('delivery_id', delivery, 'reason', 'damaged', 'items', '[{"package_index": 0, "quantity": 1}]'::jsonb,
      'photos', '[]'::jsonb, 'refund_amount', 5, 'notes', '') || patch)::text);
$$;
grant execute on all functions in schema pg_temp to authenticated;

-- Deliveries written as the owner: acme's delivered and moving, globex's delivered.
create function pg_temp.delivery(acme boolean, state text, driver uuid default null) returns uuid
language sql
as $$
  insert into public.deliveries (tenant_id, customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng,
    packages, service_id, cod_amount, status, price_override_reason, price, driver_id, delivered_at)
  values (
    case when acme then 'a0000000-0000-4000-8000-000000000001'::uuid else 'b0000000-0000-4000-8000-000000000001'::uuid end,
    case when acme then 'a1000000-0000-4000-8000-000000000004'::uuid else 'b2000000-0000-4000-8000-000000000004'::uuid end,
    '{"full_address": "1 Market St"}', 37.794, -122.395, '{"full_address": "600 Mission St"}', 37.775, -122.41,
    '[{"description": "Running shoes", "quantity": 2, "weight_kg": 1.5}, {"description": "Desk lamp", "quantity": 1, "weight_kg": 3}]',
    case when acme then 'a6100000-0000-4000-8000-000000000002'::uuid else 'b6100000-0000-4000-8000-000000000002'::uuid end,
    12.5, state, 'Test fixture', 20, driver, case when state = 'delivered' then now() end)
  returning id;
$$;
create temp table fx as
  select pg_temp.delivery(true, 'delivered') as acme_delivered,
    pg_temp.delivery(true, 'in_transit', 'a1000000-0000-4000-8000-000000000003') as acme_moving,
    pg_temp.delivery(false, 'delivered') as globex_delivered;
grant select on fx to authenticated;

-- The request form's rules, as acme's dispatcher
select tests.act_as('dispatcher@acme.test');
select is(tests.refusal(pg_temp.insert_return((select acme_delivered from fx), '{"reason": ""}')),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "returns.reason_required", "field": "reason", "message": "Reason is required"}]}'::jsonb,
  'acme dispatcher: reason required, keyed, same SQLSTATE, message and English');
select is(tests.refusal(pg_temp.insert_return((select acme_delivered from fx), '{"items": [{"package_index": 0, "quantity": 3}]}')),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "returns.quantity_above_delivered", "field": "items.0.quantity", "message": "Quantity cannot be more than the 2 delivered", "params": {"max": 2}}]}'::jsonb,
  'acme dispatcher: a quantity above the delivered one, keyed with the quantity delivered');
select is(tests.refusal(pg_temp.insert_return((select acme_delivered from fx), '{"refund_amount": 32.51}')),
  jsonb_build_object('code', '23514', 'message', 'Validation failed', 'details', jsonb_build_array(jsonb_build_object(
    'key', 'returns.refund_above_limit', 'field', 'refund_amount',
    'message', format('Refund amount cannot be more than the delivery''s price and cash on delivery (32.50 %s)', (select currency from public.deliveries where id = (select acme_delivered from fx))),
    'params', jsonb_build_object('limit', 32.50, 'currency', (select currency from public.deliveries where id = (select acme_delivered from fx)))))),
  'acme dispatcher: a refund above price and cash on delivery, keyed with the limit as a number and its currency');
select is(tests.refusal(pg_temp.insert_return((select acme_delivered from fx), '{"items": [{"package_index": 0, "quantity": 1, "sku": "X"}]}')),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "returns.item_field_unknown", "field": "items.0", "message": "Unknown item field sku", "params": {"field": "sku"}}]}'::jsonb,
  'acme dispatcher: an unknown item field, keyed with its name');
select is(tests.refusal(pg_temp.insert_return((select acme_moving from fx), '{}')),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "returns.delivery_not_delivered", "field": "delivery_id", "message": "Only a delivered delivery can be returned"}]}'::jsonb,
  'acme dispatcher: a delivery not delivered yet, keyed');
select is(pg_temp.keys(pg_temp.insert_return((select acme_delivered from fx),
    format('{"reason": "other", "items": [{"package_index": 0, "quantity": 0}, {"package_index": 0, "quantity": 1, "description": 5}], "photos": ["https://evil.example/x.png"], "refund_amount": -1, "notes": "%s"}', repeat('n', 2001))::jsonb)),
  'reason_text:returns.reason_text_required items.0.quantity:returns.quantity_invalid items.1.package_index:returns.package_repeated '
  'items.1.description:returns.description_invalid photos:returns.photo_not_tenant_file refund_amount:returns.refund_negative notes:returns.notes_too_long',
  'acme dispatcher: each of the request''s problems keyed, in form order');
select is((select p -> 'params' from jsonb_array_elements(tests.refusal(pg_temp.insert_return((select acme_delivered from fx),
    format('{"notes": "%s"}', repeat('n', 2001))::jsonb)) -> 'details') p),
  '{"max": 2000}'::jsonb, 'acme dispatcher: a length keyed with its limit');
select is(pg_temp.keys(pg_temp.insert_return(null, '{"order_id": "00000000-0000-4000-8000-000000000001"}')),
  'delivery_id:returns.orders_not_available', 'acme dispatcher: an order alone, keyed');
select lives_ok(pg_temp.insert_return((select acme_delivered from fx), '{}'), 'acme dispatcher: a valid request is saved');
select is(pg_temp.keys(pg_temp.insert_return((select acme_delivered from fx), '{}')),
  'delivery_id:returns.open_request_exists', 'acme dispatcher: a second open request, keyed');
reset role;

-- globex's admin, on acme's delivery
select tests.act_as('admin@globex.test');
select is(pg_temp.keys(pg_temp.insert_return((select acme_delivered from fx), '{}')),
  'delivery_id:returns.delivery_not_found', 'globex admin: acme''s delivery is not found, keyed');
reset role;

select * from finish();
rollback;
