-- Assignments', driver positions' and driver performance's refusals carry stable keys beside their
-- English (private.problem), as the error's DETAIL (what PostgREST hands the app as `details`), or in
-- the answer's problems (assignment_fit) and rejected fixes (record_driver_positions), as the roles
-- of acme and globex; SQLSTATE and message stay as they were, and the values the words name are params.
begin;
select plan(24);

grant execute on function tests.refusal(text) to authenticated;

create function pg_temp.keys(problems jsonb) returns text
language sql
as $$ select string_agg(coalesce(p ->> 'field', '-') || ':' || (p ->> 'key'), ' ' order by ord)
      from jsonb_array_elements(problems) with ordinality as x (p, ord) $$;
grant execute on function pg_temp.keys(jsonb) to authenticated;

-- Fixtures (acme): drivers Derek (a1..003, driver@acme.test, standard licence) and Luis (a1..103),
-- vehicles City Van 1 (a3..01: standard licence, 40 kg) and Box Truck 7t (a3..02: commercial licence).
select tests.ready_acme_fleet(array['a3000000-0000-4000-8000-000000000001', 'a3000000-0000-4000-8000-000000000002']::uuid[]);
create temp table fx (light uuid, heavy uuid, assignment uuid);
grant all on fx to authenticated;
select tests.act_as('dispatcher@acme.test');
insert into fx (light, heavy) values (tests.acme_delivery(3.5), tests.acme_delivery(55));
reset role;

-- The fit check (public.assignment_fit over private.assignment_fit_problems), as acme's staff
select tests.act_as('dispatcher@acme.test');
select is(public.assignment_fit((select light from fx), 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000002') -> 'problems',
  '[{"key": "assignments.licence_mismatch", "field": "vehicle_id", "message": "Box Truck 7t needs a commercial licence; Derek Driver holds a standard licence",
     "params": {"vehicle": "Box Truck 7t", "needs": "commercial", "classes": "commercial", "driver": "Derek Driver", "licence": "standard"}}]'::jsonb,
  'acme dispatcher: a licence class the vehicle does not take, keyed with both classes and names');
select is(public.assignment_fit((select heavy from fx), 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001') -> 'problems',
  '[{"key": "assignments.too_heavy", "field": "vehicle_id", "message": "The packages weigh 55 kg; City Van 1 carries at most 40 kg",
     "params": {"weight": 55, "vehicle": "City Van 1", "capacity": 40}}]'::jsonb,
  'acme dispatcher: packages heavier than the vehicle carries, the weights as numbers');
reset role;
select tests.act_as('admin@acme.test');
select is(pg_temp.keys(public.assignment_fit(null, null, null) -> 'problems'),
  'delivery_id:assignments.delivery_required driver_id:assignments.driver_required vehicle_id:assignments.vehicle_required',
  'acme admin: what is required');
reset role;
update public.drivers set licence_expiry = current_date - 1 where id = 'a1000000-0000-4000-8000-000000000103';
update public.vehicles set active = false where id = 'a3000000-0000-4000-8000-000000000001';
select tests.act_as('admin@acme.test');
select is(public.assignment_fit((select light from fx), 'a1000000-0000-4000-8000-000000000103', 'a3000000-0000-4000-8000-000000000001') -> 'problems',
  jsonb_build_array(
    jsonb_build_object('key', 'assignments.driver_licence_expired', 'field', 'driver_id',
      'message', format('Luis Ortega''s licence expired on %s', to_char(current_date - 1, 'YYYY-MM-DD')),
      'params', jsonb_build_object('driver', 'Luis Ortega', 'expiry', to_char(current_date - 1, 'YYYY-MM-DD'))),
    '{"key": "assignments.vehicle_inactive", "field": "vehicle_id", "message": "Vehicle City Van 1 is not active", "params": {"vehicle": "City Van 1"}}'::jsonb),
  'acme admin: an expired licence and an inactive vehicle, keyed with the names and the day');
reset role;
update public.drivers set licence_expiry = current_date + 365 where id = 'a1000000-0000-4000-8000-000000000103';
update public.vehicles set active = true where id = 'a3000000-0000-4000-8000-000000000001';
select tests.act_as('admin@globex.test');
select is(pg_temp.keys(public.assignment_fit((select light from fx), 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001') -> 'problems'),
  'delivery_id:assignments.delivery_not_found driver_id:assignments.driver_not_found vehicle_id:assignments.vehicle_not_found',
  'globex admin: acme''s delivery, driver and vehicle are not found');
reset role;
select tests.act_as('driver@acme.test');
select is(tests.refusal($$ select public.assignment_fit(null, null, null) $$),
  '{"code": "42501", "message": "Only admins and dispatchers can check an assignment", "details": [{"key": "assignments.check_not_allowed", "message": "Only admins and dispatchers can check an assignment"}]}'::jsonb,
  'acme driver: not allowed to check, keyed, same SQLSTATE and message');
reset role;

-- Saving an assignment (private.validate_assignment)
select tests.act_as('dispatcher@acme.test');
select is(tests.refusal(format($$ insert into public.assignments (delivery_id, driver_id, vehicle_id, notes)
    values (%L, 'a1000000-0000-4000-8000-000000000103', 'a3000000-0000-4000-8000-000000000001', repeat('n', 1001)) $$, (select light from fx))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "assignments.notes_too_long", "field": "notes", "message": "Notes must be at most 1000 characters", "params": {"max": 1000}}]}'::jsonb,
  'acme dispatcher: notes too long, keyed with the limit');
select is(pg_temp.keys(tests.refusal(format($$ insert into public.assignments (delivery_id, driver_id, vehicle_id)
    values (%L, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000002') $$, (select heavy from fx))) -> 'details'),
  'vehicle_id:assignments.licence_mismatch', 'acme dispatcher: the trigger raises the fit''s keyed problems');
insert into public.assignments (delivery_id, driver_id, vehicle_id)
  values ((select light from fx), 'a1000000-0000-4000-8000-000000000103', 'a3000000-0000-4000-8000-000000000001');
update fx set assignment = (select a.id from public.assignments a where a.delivery_id = fx.light);
select is(tests.refusal(format($$ insert into public.assignments (delivery_id, driver_id, vehicle_id)
    values (%L, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001') $$, (select light from fx))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "assignments.delivery_not_pending", "field": "delivery_id", "message": "Only pending deliveries can be assigned; this one is assigned", "params": {"status": "assigned"}}]}'::jsonb,
  'acme dispatcher: a delivery no longer pending, keyed with its raw status');

-- Answering it (public.respond_to_assignment)
select is(tests.refusal(format($$ select public.respond_to_assignment(%L, false, 'x') $$, (select assignment from fx))),
  '{"code": "42501", "message": "Only the assigned driver can accept or reject an assignment", "details": [{"key": "assignments.not_assigned_driver", "message": "Only the assigned driver can accept or reject an assignment"}]}'::jsonb,
  'acme dispatcher: cannot answer for the driver, keyed, same SQLSTATE and message');
reset role;
select tests.act_as('driver@acme.test');
select is(tests.refusal(format($$ select public.respond_to_assignment(%L, true) $$, (select assignment from fx))),
  '{"code": "PT404", "message": "Assignment not found", "details": [{"key": "assignments.not_found", "message": "Assignment not found"}]}'::jsonb,
  'acme driver: another driver''s assignment is not found, keyed');
reset role;
select tests.act_as('driver@globex.test');
select is(pg_temp.keys(tests.refusal(format($$ select public.respond_to_assignment(%L, true) $$, (select assignment from fx))) -> 'details'),
  '-:assignments.not_found', 'globex driver: acme''s assignment is not found');
reset role;
select tests.act_as('luis.ortega@acmelogistics.example');
select is(pg_temp.keys(tests.refusal(format($$ select public.respond_to_assignment(%L, null) $$, (select assignment from fx))) -> 'details'),
  'accept:assignments.response_required', 'acme driver: say whether it is accepted');
select is(pg_temp.keys(tests.refusal(format($$ select public.respond_to_assignment(%L, false, '  ') $$, (select assignment from fx))) -> 'details'),
  'reason:assignments.reason_required', 'acme driver: a rejection needs a reason');
select is(tests.refusal(format($$ select public.respond_to_assignment(%L, false, repeat('r', 501)) $$, (select assignment from fx))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "assignments.reason_too_long", "field": "reason", "message": "The reason must be at most 500 characters", "params": {"max": 500}}]}'::jsonb,
  'acme driver: a reason too long, keyed with the limit');
select is((public.respond_to_assignment((select assignment from fx), false, 'Van is full')).status, 'rejected', 'acme driver: rejects with a reason');
select is(tests.refusal(format($$ select public.respond_to_assignment(%L, true) $$, (select assignment from fx))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "assignments.not_pending", "field": "status", "message": "Only pending assignments can be accepted; this one is rejected", "params": {"response": "accepted", "status": "rejected"}}]}'::jsonb,
  'acme driver: a rejected assignment cannot be accepted, keyed with the move and the raw status');
reset role;
select tests.act_as('dispatcher@acme.test');
select is(tests.refusal(format($$ update public.assignments set notes = 'n' where id = %L $$, (select assignment from fx))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "assignments.not_editable", "field": "status", "message": "Only pending assignments can be edited; this one is rejected", "params": {"status": "rejected"}}]}'::jsonb,
  'acme dispatcher: an answered assignment cannot be edited, keyed with the raw status');
reset role;

-- The list (public.list_assignments)
select tests.act_as('admin@globex.test');
select is(pg_temp.keys(tests.refusal($$ select public.list_assignments(null, repeat('s', 101), 1, 25, 'lost', null, null, null, null, 'colour', 'up') $$) -> 'details'),
  'status:assignments.status_filter_invalid search:assignments.search_too_long sort:assignments.sort_invalid direction:assignments.direction_invalid',
  'globex admin: each of the list''s arguments keyed, in order');

-- Driver performance (private.performance_window)
select is(tests.refusal($$ select * from public.driver_performance('2024-01-01', '2025-03-07') $$),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "performance.range_too_long", "field": "from_date", "message": "Choose a range of at most 366 days", "params": {"max": 366}}]}'::jsonb,
  'globex admin: a range over a year, keyed with the limit');
reset role;
select tests.act_as('driver@acme.test');
select is(tests.refusal($$ select * from public.driver_performance('2025-03-02', '2025-03-07') $$),
  '{"code": "42501", "message": "Only admins and dispatchers can see driver performance", "details": [{"key": "performance.not_allowed", "message": "Only admins and dispatchers can see driver performance"}]}'::jsonb,
  'acme driver: not allowed to see performance, keyed, same SQLSTATE and message');

-- Positions (record_driver_position, record_driver_positions, private.caller_driver_for_position)
select is(tests.refusal($$ select public.record_driver_position(91, 10, 400) $$),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "positions.lat_range", "field": "lat", "message": "Latitude must be between -90 and 90", "params": {"min": -90, "max": 90}},
    {"key": "positions.heading_range", "field": "heading", "message": "Heading must be at least 0 and below 360 degrees", "params": {"max": 360}}]}'::jsonb,
  'acme driver: a fix out of range, keyed with the limits');
reset role;
select tests.act_as('driver@globex.test');
select is(public.record_driver_positions('[{"lat": 1, "lng": 2, "recorded_at": "yesterday-ish"}, 7]') -> 'rejected',
  '[{"index": 0, "key": "positions.recorded_at_format", "field": "recorded_at", "message": "Recorded time must be an ISO 8601 time with its offset"},
    {"index": 1, "key": "positions.fix_not_object", "field": "fixes", "message": "Each fix must be an object"}]'::jsonb,
  'globex driver: each rejected fix keyed beside its index');
reset role;
select tests.act_as('dispatcher@acme.test');
select is(tests.refusal($$ select public.record_driver_position(1, 2) $$),
  '{"code": "42501", "message": "Only a driver records their own position", "details": [{"key": "positions.not_driver", "message": "Only a driver records their own position"}]}'::jsonb,
  'acme dispatcher: only a driver records a position, keyed, same SQLSTATE and message');
reset role;

select * from finish();
rollback;
