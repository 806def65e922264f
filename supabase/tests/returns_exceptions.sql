-- Return requests and exceptions as every role of acme and globex: who reads and writes them, every
-- (from, to) move of both status machines for every role, the history each move writes, the pickup
-- delivery an approval creates, and every form rule as a 23514 {field, message} detail. Counts are
-- relative to rows this file creates, so the seed's rows do not matter beyond their tenants.
begin;
select plan(160);

-- A delivery of `tenant` for `customer` in `state`, written as the owner (the history is not the point here).
create function pg_temp.delivery(tenant text, state text default 'delivered', driver uuid default null, customer uuid default null) returns uuid
language plpgsql
as $$
declare
  id uuid;
  acme boolean := tenant = 'acme';
begin
  execute 'reset role';
  insert into public.deliveries (tenant_id, customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng,
    packages, service_id, cod_amount, status, price_override_reason, price, driver_id, delivered_at)
  values (
    case when acme then 'a0000000-0000-4000-8000-000000000001'::uuid else 'b0000000-0000-4000-8000-000000000001'::uuid end,
    coalesce(customer, case when acme then 'a1000000-0000-4000-8000-000000000004'::uuid else 'b2000000-0000-4000-8000-000000000004'::uuid end),
    case when acme then '{"full_address": "1 Market St, San Francisco"}'::jsonb else '{"full_address": "10 Canary Wharf, London"}'::jsonb end,
    case when acme then 37.794 else 51.505 end, case when acme then -122.395 else -0.0235 end,
    case when acme then '{"full_address": "600 Mission St, San Francisco"}'::jsonb else '{"full_address": "221B Baker St, London"}'::jsonb end,
    case when acme then 37.775 else 51.5237 end, case when acme then -122.41 else -0.1585 end,
    '[{"description": "Running shoes", "quantity": 2, "weight_kg": 1.5}, {"description": "Desk lamp", "quantity": 1, "weight_kg": 3}]',
    case when acme then 'a6100000-0000-4000-8000-000000000002'::uuid else 'b6100000-0000-4000-8000-000000000002'::uuid end,
    12.5, state, 'Test fixture', 20, driver, case when state = 'delivered' then now() end)
  returning deliveries.id into id;
  return id;
end;
$$;

-- A request on a fresh delivered acme delivery, brought to `state` through the machine by the dispatcher.
create function pg_temp.return_in(state text) returns uuid
language plpgsql
as $$
declare
  id uuid;
  d uuid := pg_temp.delivery('acme');
begin
  execute 'reset role';
  perform tests.act_as('dispatcher@acme.test');
  insert into public.return_requests (delivery_id, reason, items, refund_amount)
  values (d, 'damaged', '[{"package_index": 0, "quantity": 1}]', 10)
  returning return_requests.id into id;
  if state = 'rejected' then
    perform public.transition_return_request(id, 'rejected', 'Outside the window');
  elsif state <> 'requested' then
    perform public.transition_return_request(id, 'approved', 'Fine');
    if state <> 'approved' then
      perform public.transition_return_request(id, 'pickup_scheduled');
    end if;
    if state in ('picked_up', 'received', 'closed') then
      perform public.transition_return_request(id, 'picked_up');
    end if;
    if state in ('received', 'closed') then
      perform public.transition_return_request(id, 'received');
    end if;
    if state = 'closed' then
      perform public.transition_return_request(id, 'closed', refunded => true);
    end if;
  end if;
  execute 'reset role';
  return id;
end;
$$;

-- An exception on a delivery Derek carries, raised by Derek, brought to `state` by the dispatcher.
create function pg_temp.exception_in(state text) returns uuid
language plpgsql
as $$
declare
  id uuid;
  d uuid := pg_temp.delivery('acme', 'in_transit', 'a1000000-0000-4000-8000-000000000003');
begin
  execute 'reset role';
  perform tests.act_as('driver@acme.test');
  insert into public.exceptions (delivery_id, type, severity, description)
  values (d, 'delayed', 'medium', 'Road closed on Mission St') returning exceptions.id into id;
  execute 'reset role';
  perform tests.act_as('dispatcher@acme.test');
  if state <> 'open' then
    perform public.transition_exception(id, 'investigating');
  end if;
  if state in ('resolved', 'closed') then
    perform public.transition_exception(id, state, 'Rerouted via Howard St');
  end if;
  execute 'reset role';
  return id;
end;
$$;

-- What a move answers, as `who`: 'ok' or the SQLSTATE. Undone either way.
create function pg_temp.try_return(request uuid, target text, who text) returns text
language plpgsql
as $$
begin
  begin
    execute 'reset role';
    perform tests.act_as(who);
    perform public.transition_return_request(request, target, 'Test note', refunded => true);
    raise exception using errcode = 'P0001', message = 'undo';
  exception
    when sqlstate 'P0001' then
      if sqlerrm = 'undo' then return 'ok'; end if;
      return 'P0001';
    when others then
      return sqlstate;
  end;
end;
$$;

create function pg_temp.try_exception(x uuid, target text, who text) returns text
language plpgsql
as $$
begin
  begin
    execute 'reset role';
    perform tests.act_as(who);
    perform public.transition_exception(x, target, 'Test resolution');
    raise exception using errcode = 'P0001', message = 'undo';
  exception
    when sqlstate 'P0001' then
      if sqlerrm = 'undo' then return 'ok'; end if;
      return 'P0001';
    when others then
      return sqlstate;
  end;
end;
$$;

create function pg_temp.return_arrow(origin text, target text) returns boolean
language sql immutable
as $$
  select (origin = 'requested' and target in ('approved', 'rejected')) or (origin = 'approved' and target = 'pickup_scheduled')
    or (origin = 'pickup_scheduled' and target = 'picked_up') or (origin = 'picked_up' and target = 'received')
    or (origin = 'received' and target = 'closed');
$$;

create function pg_temp.exception_arrow(origin text, target text) returns boolean
language sql immutable
as $$
  select (origin = 'open' and target = 'investigating') or (origin = 'investigating' and target in ('resolved', 'closed'));
$$;

-- Expected answers: who sees the row at all (else PT404), then the arrow (23514), then who may (42501).
create function pg_temp.expected(arrow boolean, role text) returns text
language sql immutable
as $$
  select case
    when role in ('other_tenant', 'unrelated') then 'PT404'
    when not arrow then '23514'
    when role = 'staff' then 'ok'
    else '42501'
  end;
$$;

-- An insert of a request on `delivery` with `patch` merged over a valid row, as text.
create function pg_temp.insert_return(delivery uuid, patch jsonb) returns text
language sql
as $$
  select format(
    'insert into public.return_requests (delivery_id, order_id, customer_id, reason, reason_text, items, photos, refund_amount, notes) '
    'select r.delivery_id, r.order_id, r.customer_id, r.reason, r.reason_text, r.items, r.photos, r.refund_amount, r.notes '
    'from jsonb_populate_record(null::public.return_requests, %L::jsonb) r',
    (jsonb_build_object('delivery_id', delivery, 'reason', 'damaged', 'items', '[{"package_index": 0, "quantity": 1}]'::jsonb,
      'photos', '[]'::jsonb, 'refund_amount', 5, 'notes', '') || patch)::text);
$$;

create function pg_temp.return_message(delivery uuid, patch jsonb, field text) returns text
language sql
as $$
  select e ->> 'message' from jsonb_array_elements(tests.details(pg_temp.insert_return(delivery, patch))) e where e ->> 'field' = field limit 1;
$$;

create function pg_temp.insert_exception(delivery uuid, patch jsonb) returns text
language sql
as $$
  select format(
    'insert into public.exceptions (delivery_id, type, severity, description, photos, assigned_to) '
    'select r.delivery_id, r.type, r.severity, r.description, r.photos, r.assigned_to '
    'from jsonb_populate_record(null::public.exceptions, %L::jsonb) r',
    (jsonb_build_object('delivery_id', delivery, 'type', 'damaged', 'severity', 'high', 'description', 'Box crushed',
      'photos', '[]'::jsonb) || patch)::text);
$$;

create function pg_temp.exception_message(delivery uuid, patch jsonb, field text) returns text
language sql
as $$
  select e ->> 'message' from jsonb_array_elements(tests.details(pg_temp.insert_exception(delivery, patch))) e where e ->> 'field' = field limit 1;
$$;

grant execute on all functions in schema pg_temp to anon, authenticated;

-- Fixtures: a request in every status, an exception in every status, and the callers.
create temp table return_states (status text primary key, request uuid);
insert into return_states (status) values ('requested'), ('approved'), ('rejected'), ('pickup_scheduled'), ('picked_up'), ('received'), ('closed');
update return_states set request = pg_temp.return_in(status);
create temp table exception_states (status text primary key, x uuid);
insert into exception_states (status) values ('open'), ('investigating'), ('resolved'), ('closed');
update exception_states set x = pg_temp.exception_in(status);
reset role;
create temp table roles (role text, who text);
insert into roles values ('staff', 'admin@acme.test'), ('staff', 'dispatcher@acme.test'), ('customer', 'customer@acme.test'),
  ('driver', 'driver@acme.test'), ('other_tenant', 'admin@globex.test');
grant select on return_states, exception_states, roles to anon, authenticated;

select is((select string_agg(status || '=' || (select r.status from public.return_requests r where r.id = request), ' ' order by status) from return_states),
  (select string_agg(status || '=' || status, ' ' order by status) from return_states), 'fixtures: a request in every status, through the machine');
select is((select string_agg(status || '=' || (select e.status from public.exceptions e where e.id = x), ' ' order by status) from exception_states),
  (select string_agg(status || '=' || status, ' ' order by status) from exception_states), 'fixtures: an exception in every status, through the machine');

-- Every (from, to) of the return machine for every role: 7 origins x 5 callers, over the 7 targets.
-- The customer owns these requests; the driver and the other tenant's admin cannot see them.
select is(
  (select string_agg(t.status || ':' || pg_temp.try_return(s.request, t.status, r.who), ' ' order by t.status) from return_states t),
  (select string_agg(t.status || ':' || pg_temp.expected(pg_temp.return_arrow(s.status, t.status),
     case r.role when 'driver' then 'unrelated' else r.role end), ' ' order by t.status) from return_states t),
  format('return moves from %s as %s', s.status, r.who))
from return_states s cross join roles r
order by s.status, r.who;

-- Every (from, to) of the exception machine: Derek raised them (he sees them, may not move them);
-- the customer and the other tenant cannot see them.
select is(
  (select string_agg(t.status || ':' || pg_temp.try_exception(s.x, t.status, r.who), ' ' order by t.status) from exception_states t),
  (select string_agg(t.status || ':' || pg_temp.expected(pg_temp.exception_arrow(s.status, t.status),
     case r.role when 'customer' then 'unrelated' else r.role end), ' ' order by t.status) from exception_states t),
  format('exception moves from %s as %s', s.status, r.who))
from exception_states s cross join roles r
order by s.status, r.who;

-- The history the machine wrote, and what the moves set.
reset role;
select is((select string_agg(coalesce(from_status, '-') || '>' || status, ' ' order by occurred_at, seq) from public.return_request_events
  where return_request_id = (select request from return_states where status = 'closed')),
  '->requested requested>approved approved>pickup_scheduled pickup_scheduled>picked_up picked_up>received received>closed',
  'a closed request: one event per step, in order');
select is((select count(*)::int from public.return_request_events e join public.profiles p on p.id = e.actor_id
  where e.return_request_id = (select request from return_states where status = 'closed') and e.actor_name = p.full_name), 6,
  'every event names who and when');
select is((select note from public.return_request_events where return_request_id = (select request from return_states where status = 'rejected') and status = 'rejected'),
  'Outside the window', 'the rejection keeps its reason');
select ok((select refunded and closed_at is not null and received_at is not null and received_by = 'a1000000-0000-4000-8000-000000000002'
  from public.return_requests where id = (select request from return_states where status = 'closed')), 'closed: refunded, received by the dispatcher, closed_at set');
select is((select d.kind || ':' || d.status || ':' || d.customer_id::text || ':' || (d.pickup_address ->> 'full_address') || ':' || (d.packages -> 0 ->> 'quantity')
  from public.return_requests r join public.deliveries d on d.id = r.pickup_delivery_id
  where r.id = (select request from return_states where status = 'pickup_scheduled')),
  'pickup:pending:a1000000-0000-4000-8000-000000000004:600 Mission St, San Francisco:1',
  'scheduling the pickup creates a pickup delivery from the customer''s drop-off with the returned items');
select ok((select d.price > 0 and d.dropoff_address_id = w.address_id and d.delivery_code ~ '^ACME-\d{6}$'
  from public.return_requests r join public.deliveries d on d.id = r.pickup_delivery_id join public.warehouses w on w.id = r.warehouse_id
  where r.id = (select request from return_states where status = 'pickup_scheduled')), 'the pickup goes to the warehouse, coded and priced by the database');
select is((select count(*)::int from public.delivery_events e join public.return_requests r on r.pickup_delivery_id = e.delivery_id
  where r.id = (select request from return_states where status = 'pickup_scheduled')), 1, 'the pickup delivery has its created event');
select is((select status || ':' || coalesce(assigned_to::text, '-') from public.exceptions where id = (select x from exception_states where status = 'investigating')),
  'investigating:a1000000-0000-4000-8000-000000000002', 'whoever starts investigating owns an unassigned exception');
select ok((select resolution_notes = 'Rerouted via Howard St' and resolved_at is not null and resolved_by = 'a1000000-0000-4000-8000-000000000002'
  from public.exceptions where id = (select x from exception_states where status = 'resolved')), 'resolved: notes, when and who');
select is((select string_agg(coalesce(from_status, '-') || '>' || status || ':' || coalesce(actor_name, '?'), ' ' order by occurred_at, seq) from public.exception_events
  where exception_id = (select x from exception_states where status = 'closed')),
  '->open:Derek Driver open>investigating:Dana Dispatcher investigating>closed:Dana Dispatcher', 'an exception''s history: reported by the driver, moved by the dispatcher');

-- Approving with the pickup in one step, to a chosen warehouse; the move's refusals.
create temp table one_step as select pg_temp.return_in('requested') as request;
grant select on one_step to authenticated;
select tests.act_as('admin@acme.test');
select is((select status || ':' || warehouse_id::text from public.transition_return_request((select request from one_step), 'approved', 'OK', schedule_pickup => true,
  warehouse_id => 'a5000000-0000-4000-8000-000000000001')), 'pickup_scheduled:a5000000-0000-4000-8000-000000000001', 'approve and schedule in one call');
select is((select string_agg(status, ' ' order by occurred_at, seq) from public.return_request_events where return_request_id = (select request from one_step)),
  'requested approved pickup_scheduled', 'both moves are in the history');
select throws_ok(format($$ select public.transition_return_request(%L, 'rejected') $$, (select request from return_states where status = 'requested')),
  '23514', 'Validation failed', 'rejecting needs a note');
select is((tests.details(format($$ select public.transition_return_request(%L, 'rejected') $$, (select request from return_states where status = 'requested'))) -> 0 ->> 'message'),
  'Give the reason for rejecting the return', 'the rejection rule''s words');
select is((tests.details(format($$ select public.transition_return_request(%L, 'closed') $$, (select request from return_states where status = 'received'))) -> 0),
  '{"key": "returns.refunded_required", "field": "refunded", "message": "Say whether the refund was paid"}', 'closing needs the refund answer');
select is((tests.details(format($$ select public.transition_return_request(%L, 'received') $$, (select request from return_states where status = 'requested'))) -> 0),
  '{"key": "returns.move_not_allowed", "field": "status", "params": {"from": "requested", "to": "received"}, "message": "A return request cannot go from requested to received"}', 'an illegal move says which');
select is((tests.details(format($$ select public.transition_return_request(%L, 'pickup_scheduled', warehouse_id => 'b5000000-0000-4000-8000-000000000001') $$,
  (select request from return_states where status = 'approved'))) -> 0 ->> 'field'), 'warehouse_id', 'another tenant''s warehouse is refused');
select throws_ok($$ select public.transition_return_request('00000000-0000-4000-8000-000000000000', 'approved') $$, 'PT404', 'Return request not found', 'an unknown request');
select is((tests.details(format($$ select public.transition_exception(%L, 'resolved') $$, (select x from exception_states where status = 'investigating'))) -> 0),
  '{"key": "exceptions.resolution_notes_required", "field": "resolution_notes", "message": "Resolution notes are required to resolve or close an exception"}', 'resolving needs notes');
select throws_ok($$ select public.transition_exception('00000000-0000-4000-8000-000000000000', 'investigating') $$, 'PT404', 'Exception not found', 'an unknown exception');
select is((select public.return_request_actions((select request from return_states where status = 'requested'))), array['edit', 'approved', 'rejected'], 'actions of a request');
select is((select public.return_request_actions((select request from return_states where status = 'closed'))), '{}'::text[], 'a closed request offers nothing');
reset role;
select tests.act_as('customer@acme.test');
select is((select public.return_request_actions((select request from return_states where status = 'requested'))), '{}'::text[], 'a customer moves nothing');

-- Who reads what.
reset role;
select tests.act_as(null);
select throws_ok($$ select id from public.return_requests $$, '42501', null, 'anon: cannot read return requests');
select throws_ok($$ select id from public.exceptions $$, '42501', null, 'anon: cannot read exceptions');
select throws_ok($$ select id from public.return_request_rows $$, '42501', null, 'anon: cannot read the returns list');
select throws_ok($$ select public.transition_return_request('00000000-0000-4000-8000-000000000000', 'approved') $$, '42501', null, 'anon: cannot move a request');
reset role;
select tests.act_as('admin@acme.test');
select ok((select count(*) > 7 and bool_and(tenant_id = 'a0000000-0000-4000-8000-000000000001') from public.return_request_rows), 'acme admin: acme''s requests only');
select ok((select count(*) >= 4 and bool_and(tenant_id = 'a0000000-0000-4000-8000-000000000001') from public.exception_rows), 'acme admin: acme''s exceptions only');
select ok((select count(*) > 0 from public.return_request_events), 'acme admin: the history');
reset role;
select tests.act_as('dispatcher@acme.test');
select ok((select count(*) > 7 and bool_and(tenant_id = 'a0000000-0000-4000-8000-000000000001') from public.return_requests), 'acme dispatcher: acme''s requests');
select ok((select count(*) >= 4 and bool_and(tenant_id = 'a0000000-0000-4000-8000-000000000001') from public.exceptions), 'acme dispatcher: acme''s exceptions');
reset role;
select tests.act_as('customer@acme.test');
select ok((select count(*) >= 8 and bool_and(customer_id = 'a1000000-0000-4000-8000-000000000004') from public.return_request_rows), 'customer: their own requests, with the list view');
select ok((select bool_and(r.customer_id = 'a1000000-0000-4000-8000-000000000004') from public.return_request_events e join public.return_requests r on r.id = e.return_request_id),
  'customer: the history of their own requests only');
select is((select count(*)::int from public.exceptions), 0, 'customer: no exceptions');
select is((select count(*)::int from public.exception_events), 0, 'customer: no exception history');
reset role;
select tests.act_as('driver@acme.test');
select is((select count(*)::int from public.return_requests), 0, 'driver: no return requests');
select ok((select count(*) >= 4 and bool_and(reported_by = 'a1000000-0000-4000-8000-000000000003') from public.exceptions), 'driver: the exceptions they raised');
reset role;
select tests.act_as('admin@globex.test');
select ok((select bool_and(tenant_id = 'b0000000-0000-4000-8000-000000000001') from public.return_requests), 'globex admin: no acme request');
select is((select count(*)::int from public.return_requests where id in (select request from return_states)), 0, 'globex admin: acme''s test requests are invisible');
select is((select count(*)::int from public.exceptions where id in (select x from exception_states)), 0, 'globex admin: acme''s test exceptions are invisible');
reset role;
select tests.act_as('customer@globex.test');
select is((select count(*)::int from public.return_requests where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'globex customer: nothing of acme');

-- Who writes what.
reset role;
create temp table deliveries_for as
  select pg_temp.delivery('acme') as acme_delivered, pg_temp.delivery('acme', customer => 'a1000000-0000-4000-8000-000000000109') as emily_delivered, pg_temp.delivery('acme', 'in_transit', 'a1000000-0000-4000-8000-000000000003') as acme_moving,
    pg_temp.delivery('acme', 'in_transit', 'a1000000-0000-4000-8000-000000000103') as luis_moving, pg_temp.delivery('globex') as globex_delivered;
grant select on deliveries_for to authenticated;
reset role;
select tests.act_as('customer@acme.test');
select lives_ok(pg_temp.insert_return((select acme_delivered from deliveries_for), '{"refund_amount": 0}'), 'customer: requests a return of their delivered delivery');
select is((select status || ':' || requested_by::text || ':' || customer_id::text from public.return_requests where delivery_id = (select acme_delivered from deliveries_for)),
  'requested:a1000000-0000-4000-8000-000000000004:a1000000-0000-4000-8000-000000000004', 'the request starts requested, by and for the customer');
select is(tests.affected(format($$ update public.return_requests set notes = 'x' where delivery_id = %L $$, (select acme_delivered from deliveries_for))), 0,
  'customer: cannot edit a request');
select is(pg_temp.return_message((select emily_delivered from deliveries_for), '{}', 'delivery_id'), 'Delivery not found',
  'customer: another customer''s delivery is not found');
select is(pg_temp.return_message((select acme_moving from deliveries_for), '{}', 'delivery_id'), 'Only a delivered delivery can be returned',
  'customer: not a delivery still on its way');
reset role;
select tests.act_as('driver@acme.test');
select throws_ok(pg_temp.insert_return((select acme_delivered from deliveries_for), '{}'), '42501', null, 'driver: cannot request a return');
select lives_ok(pg_temp.insert_exception((select acme_moving from deliveries_for), '{}'), 'driver: raises an exception on a delivery they carry');
select is((select reported_by::text || ':' || status || ':' || coalesce(assigned_to::text, '-') from public.exceptions where delivery_id = (select acme_moving from deliveries_for)),
  'a1000000-0000-4000-8000-000000000003:open:-', 'the driver''s report: open, theirs, unassigned');
select is(pg_temp.exception_message((select luis_moving from deliveries_for), '{}', 'delivery_id'), 'Delivery not found', 'driver: not on a delivery someone else carries');
select is(pg_temp.exception_message((select acme_moving from deliveries_for), '{"assigned_to": "a1000000-0000-4000-8000-000000000002"}', 'assigned_to'),
  'Only admins and dispatchers assign exceptions', 'driver: cannot assign');
select is(tests.affected(format($$ update public.exceptions set severity = 'low' where delivery_id = %L $$, (select acme_moving from deliveries_for))), 0,
  'driver: cannot edit an exception');
reset role;
select tests.act_as('customer@acme.test');
select throws_ok(pg_temp.insert_exception((select acme_delivered from deliveries_for), '{}'), '42501', null, 'customer: cannot raise an exception');
reset role;
select tests.act_as('admin@globex.test');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), '{}', 'delivery_id'), 'Delivery not found', 'globex admin: an acme delivery is not found');
select is(tests.affected(format($$ update public.return_requests set notes = 'x' where id = %L $$, (select request from return_states where status = 'requested'))), 0,
  'globex admin: cannot edit acme''s request');
reset role;
select tests.act_as('dispatcher@acme.test');
select is(tests.affected(format($$ update public.return_requests set notes = 'Called back', refund_amount = 12 where id = %L $$, (select request from return_states where status = 'requested'))), 1,
  'dispatcher: edits a requested request');
select is((tests.details(format($$ update public.return_requests set notes = 'x' where id = %L $$, (select request from return_states where status = 'approved'))) -> 0),
  '{"key": "returns.not_editable", "field": "status", "params": {"status": "approved"}, "message": "A return request can be edited only while requested; this one is approved"}', 'no edits once decided');
select throws_ok(format($$ update public.return_requests set status = 'closed' where id = %L $$, (select request from return_states where status = 'requested')),
  '42501', null, 'status is not writable through the API');
select throws_ok(format($$ update public.exceptions set status = 'resolved' where id = %L $$, (select x from exception_states where status = 'open')),
  '42501', null, 'an exception''s status is not writable through the API');
select throws_ok(format($$ delete from public.return_requests where id = %L $$, (select request from return_states where status = 'requested')),
  '42501', null, 'requests are never deleted');
select is(tests.affected(format($$ update public.exceptions set severity = 'critical', assigned_to = 'a1000000-0000-4000-8000-000000000001' where id = %L $$,
  (select x from exception_states where status = 'open'))), 1, 'dispatcher: edits and assigns an open exception');
select is((tests.details(format($$ update public.exceptions set severity = 'low' where id = %L $$, (select x from exception_states where status = 'resolved'))) -> 0 ->> 'field'),
  'status', 'no edits once resolved');

-- The form rules of a request (as the acme dispatcher).
select is(pg_temp.return_message(null, '{}', 'delivery_id'), 'Delivery is required', 'delivery required');
select is(pg_temp.return_message(null, '{"order_id": "00000000-0000-4000-8000-000000000001"}', 'delivery_id'),
  'Choose the delivery to return: returns of orders are not available yet', 'an order alone is not enough yet');
select is(pg_temp.return_message((select acme_moving from deliveries_for), '{}', 'delivery_id'), 'Only a delivered delivery can be returned', 'only delivered deliveries');
select is(pg_temp.return_message((select request from return_states where status = 'requested'), '{}', 'delivery_id'), 'Delivery not found', 'a request id is no delivery');
select is(pg_temp.return_message((select delivery_id from public.return_requests where id = (select request from return_states where status = 'approved')), '{}', 'delivery_id'),
  'This delivery already has an open return request', 'one open request per delivery');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), '{"customer_id": "a1000000-0000-4000-8000-000000000109"}', 'customer_id'),
  'The customer must be the delivery''s customer', 'the customer is the delivery''s');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), '{"reason": ""}', 'reason'), 'Reason is required', 'reason required');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), '{"reason": "changed_mind"}', 'reason'),
  'Reason must be damaged, wrong item, not as described, no longer needed or other', 'reason in the list');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), '{"reason": "other"}', 'reason_text'), 'Describe the reason for the return', 'other needs its text');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), format('{"reason_text": "%s"}', repeat('x', 1001))::jsonb, 'reason_text'),
  'The reason must be at most 1000 characters', 'reason text length');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), '{"items": []}', 'items'), 'Choose at least one item to return', 'at least one item');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), '{"items": [{"package_index": 5, "quantity": 1}]}', 'items.0.package_index'),
  'Choose a package of the delivery', 'a package of the delivery');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), '{"items": [{"package_index": 0, "quantity": 3}]}', 'items.0.quantity'),
  'Quantity cannot be more than the 2 delivered', 'not more than delivered');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), '{"items": [{"package_index": 1, "quantity": 0}]}', 'items.0.quantity'),
  'Quantity must be a whole number of at least 1', 'at least one of it');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), '{"items": [{"package_index": 0, "quantity": 1}, {"package_index": 0, "quantity": 1}]}', 'items.1.package_index'),
  'Each package can be listed once', 'each package once');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), '{"items": [{"package_index": 0, "quantity": 1, "sku": "X"}]}', 'items.0'),
  'Unknown item field sku', 'no unknown item fields');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), '{"photos": ["https://evil.example/x.png"]}', 'photos'),
  'Photos must be files uploaded to this business''s storage', 'photos from the tenant''s storage only');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), '{"photos": ["b0000000-0000-4000-8000-000000000001/x.png"]}', 'photos'),
  'Photos must be files uploaded to this business''s storage', 'not another tenant''s files');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), '{"refund_amount": -1}', 'refund_amount'), 'Refund amount must be 0 or more', 'refund not negative');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), '{"refund_amount": 32.51}', 'refund_amount'),
  'Refund amount cannot be more than the delivery''s price and cash on delivery (32.50 USD)', 'refund at most price + cash on delivery');
select is(pg_temp.return_message((select acme_delivered from deliveries_for), format('{"notes": "%s"}', repeat('x', 2001))::jsonb, 'notes'),
  'Notes must be at most 2000 characters', 'notes length');
select is(tests.details(pg_temp.insert_return((select acme_delivered from deliveries_for), '{"refund_amount": 32.5, "photos": ["a0000000-0000-4000-8000-000000000001/box.png"]}')),
  '[{"key": "returns.open_request_exists", "field": "delivery_id", "message": "This delivery already has an open return request"}]'::jsonb, 'a valid request only hits the open-request rule here');

-- The form rules of an exception.
select is(pg_temp.exception_message(null, '{}', 'delivery_id'), 'Delivery is required', 'exception: delivery required');
select is(pg_temp.exception_message((select globex_delivered from deliveries_for), '{}', 'delivery_id'), 'Delivery not found', 'exception: another tenant''s delivery');
select is(pg_temp.exception_message((select acme_delivered from deliveries_for), '{"type": "stolen"}', 'type'),
  'Type must be damaged, lost, delayed, address problem, refused or other', 'exception: type in the list');
select is(pg_temp.exception_message((select acme_delivered from deliveries_for), '{"type": ""}', 'type'), 'Type is required', 'exception: type required');
select is(pg_temp.exception_message((select acme_delivered from deliveries_for), '{"severity": "urgent"}', 'severity'),
  'Severity must be low, medium, high or critical', 'exception: severity in the list');
select is(pg_temp.exception_message((select acme_delivered from deliveries_for), '{"description": "  "}', 'description'), 'Description is required', 'exception: description required');
select is(pg_temp.exception_message((select acme_delivered from deliveries_for), '{"assigned_to": "a1000000-0000-4000-8000-000000000003"}', 'assigned_to'),
  'Assign it to an active admin or dispatcher of this business', 'exception: assigned to staff only');
select is(pg_temp.exception_message((select acme_delivered from deliveries_for), '{"assigned_to": "b2000000-0000-4000-8000-000000000002"}', 'assigned_to'),
  'Assign it to an active admin or dispatcher of this business', 'exception: not another tenant''s dispatcher');
select is(pg_temp.exception_message((select acme_delivered from deliveries_for), '{"photos": [1]}', 'photos'),
  'Photos must be files uploaded to this business''s storage', 'exception: photos are file references');
select lives_ok(pg_temp.insert_exception((select acme_delivered from deliveries_for), '{"assigned_to": "a1000000-0000-4000-8000-000000000001", "photos": ["a0000000-0000-4000-8000-000000000001/box.png"]}'),
  'exception: a valid report by staff');
select ok((select exception_code ~ '^ACME-X\d{5}$' and status = 'open' from public.exceptions where delivery_id = (select acme_delivered from deliveries_for)),
  'exception: coded per tenant, open');

-- Audit and live topics.
reset role;
select ok((select count(*) > 0 from public.audit_log where table_name = 'return_requests' and row_id = (select request from return_states where status = 'closed')),
  'return requests are audited');
select ok((select count(*) > 0 from public.audit_log where table_name = 'exceptions' and row_id = (select x from exception_states where status = 'resolved')),
  'exceptions are audited');
select ok(tests.may_receive('dispatcher@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:return_requests'), 'dispatcher: joins the returns topic');
select ok(not tests.may_receive('customer@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:return_requests'), 'customer: not the returns topic');
select ok(tests.may_receive('admin@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:exceptions'), 'admin: joins the exceptions topic');
select ok(not tests.may_receive('driver@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:exceptions'), 'driver: not the exceptions topic');
select ok(not tests.may_receive('admin@globex.test', 'tenant:a0000000-0000-4000-8000-000000000001:exceptions'), 'globex admin: not acme''s topic');

select * from finish();
rollback;
