-- Warehouse locations', warehouse staff's and package handoffs' refusals carry stable keys beside
-- their English (private.problem), as the admins of acme and globex, acme's dispatcher and a
-- warehouse-only packer; SQLSTATE, message, fields and the English stay as they were.
begin;
select plan(24);

grant execute on function tests.refusal(text) to authenticated;

create function pg_temp.keys(statement text) returns text
language sql
as $$ select string_agg(coalesce(p ->> 'field', '-') || ':' || (p ->> 'key'), ' ' order by ord)
      from jsonb_array_elements(tests.refusal(statement) -> 'details') with ordinality as x (p, ord) $$;

create function pg_temp.insert_location(patch jsonb) returns text
language sql
as $$
  select format(
    'insert into public.warehouse_locations (warehouse_id, location_type, name, parent_id, status, position, capacity, metadata) select r.warehouse_id, r.location_type, r.name, r.parent_id, r.status, r.position, r.capacity, r.metadata from jsonb_populate_record(null::public.warehouse_locations, %L::jsonb) r',
    ('{"warehouse_id": "a5000000-0000-4000-8000-000000000001", "location_type": "zone", "name": "Test zone", "status": "active", "position": {}, "capacity": {}, "metadata": {}}'::jsonb || patch)::text
  );
$$;

create function pg_temp.loc(warehouse uuid, code text) returns uuid
language sql
as $$ select id from public.warehouse_locations where warehouse_id = warehouse and code = $2 $$;

create function pg_temp.save(vals jsonb, id uuid default null) returns text
language sql stable
as $$ select format('select public.save_package_handoff(%L, %L::jsonb)', id, vals) $$;

grant execute on all functions in schema pg_temp to authenticated;

-- Fixtures (as the owner): an assigned and a pending delivery picked up at Bayview, Bayview's
-- completed pick order and its staff member Grace, and the seed's completed and cancelled handoffs.
select tests.ready_acme_fleet();
select tests.remember('assigned', tests.acme_delivery_in('assigned')), tests.remember('pending_delivery', tests.acme_delivery_in('pending'));
update public.deliveries set pickup_address_id = 'a4000000-0000-4000-8000-000000000002' where id in (tests.id('assigned'), tests.id('pending_delivery'));
select tests.remember('pick_done', x.id) from (select id from public.pick_orders
  where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and status = 'completed' order by reference_number limit 1) x;
select tests.remember('grace', id) from public.warehouse_staff
  where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and user_id = 'a5100000-0000-4000-8000-000000000003';
select tests.remember('acme_completed', x.id) from (select id from public.package_handoffs
  where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and status = 'completed' limit 1) x;
select tests.remember('acme_cancelled', x.id) from (select id from public.package_handoffs
  where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and status = 'cancelled' limit 1) x;
select tests.remember('globex_cancelled', x.id) from (select id from public.package_handoffs
  where warehouse_id = 'b5000000-0000-4000-8000-000000000001' and status = 'cancelled' limit 1) x;
select tests.remember('globex_completed', x.id) from (select id from public.package_handoffs
  where warehouse_id = 'b5000000-0000-4000-8000-000000000001' and status = 'completed' limit 1) x;
create temp table t_good as select jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001',
  'delivery_id', tests.id('assigned'), 'picking_order_id', tests.id('pick_done'), 'warehouse_staff_id', tests.id('grace'),
  'signature_url', 'a0000000-0000-4000-8000-000000000001/a5000000-0000-4000-8000-000000000001/sig-1.png') as v;
grant select on t_good to authenticated;

-- Locations, as acme's admin (private.location_problems through the validate_location trigger).
select tests.act_as('admin@acme.test');
select is(pg_temp.keys(pg_temp.insert_location('{"warehouse_id": null, "location_type": "room", "name": " ", "status": "closed", "position": [],
    "capacity": {"max_weight": -1, "max_volume": -1, "item_limit": -1, "dimensions": {"length": -1, "width": -1, "height": -1}, "depth": 1},
    "metadata": {"temperature_range": {"min": "cold"}, "special_handling": ["sticky"], "access_restrictions": ["badge"], "security_level": "extreme", "notes": 5, "colour": "red"}}')),
  'warehouse_id:locations.warehouse_required location_type:locations.type_invalid name:locations.name_required status:locations.status_invalid '
  'position:locations.position_fields_invalid capacity:locations.capacity_fields_invalid capacity.max_weight:locations.max_weight_negative '
  'capacity.max_volume:locations.max_volume_negative capacity.item_limit:locations.item_limit_negative capacity.dimensions.length:locations.length_negative '
  'capacity.dimensions.width:locations.width_negative capacity.dimensions.height:locations.height_negative metadata:locations.metadata_fields_invalid '
  'metadata.temperature_range.min:locations.temperatures_not_numbers metadata.special_handling:locations.special_handling_invalid '
  'metadata.access_restrictions:locations.access_restrictions_invalid metadata.security_level:locations.security_level_invalid metadata.notes:locations.notes_invalid',
  'acme admin: each of a location''s problems keyed, in order');
select is(tests.refusal(pg_temp.insert_location('{"location_type": "shelf"}')),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "locations.parent_required", "field": "parent_id", "message": "A shelf needs a parent aisle", "params": {"type": "shelf"}}]}'::jsonb,
  'acme admin: a shelf without a parent, keyed with its raw type, same SQLSTATE, message and English');
select is(tests.refusal(pg_temp.insert_location(format('{"location_type": "bin", "parent_id": "%s"}', pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1-A01'))::jsonb)) -> 'details',
  '[{"key": "locations.parent_type_invalid", "field": "parent_id", "message": "The parent of a bin must be a shelf", "params": {"type": "bin"}}]'::jsonb,
  'acme admin: a bin under an aisle, keyed with its raw type');
select is(pg_temp.keys(pg_temp.insert_location(format('{"location_type": "aisle", "name": "%s", "parent_id": "%s", "position": {"number": -1, "section": 2}}',
    repeat('n', 201), pg_temp.loc('a5000000-0000-4000-8000-000000000002', 'Z1'))::jsonb)),
  'name:locations.name_too_long parent_id:locations.parent_other_warehouse position.number:locations.aisle_number_negative position.section:locations.section_not_text',
  'acme admin: a long name, a parent in another warehouse, an aisle''s position');
select is(tests.refusal(pg_temp.insert_location('{"capacity": {"max_weight": -5}}')) -> 'details',
  '[{"key": "locations.max_weight_negative", "field": "capacity.max_weight", "message": "Max weight must be at least 0", "params": {"min": 0}}]'::jsonb,
  'acme admin: a negative weight, keyed with its minimum');
select is(pg_temp.keys(format($$ update public.warehouse_locations set location_type = 'aisle', parent_id = %L, warehouse_id = 'a5000000-0000-4000-8000-000000000002' where id = %L $$,
    pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1'), pg_temp.loc('a5000000-0000-4000-8000-000000000001', 'Z1'))),
  'parent_id:locations.parent_other_warehouse location_type:locations.type_locked_by_children warehouse_id:locations.warehouse_locked_by_children '
  'position:locations.position_fields_invalid',
  'acme admin: a zone with aisles keeps its type and warehouse');
reset role;

-- Locations, as globex's admin: acme's warehouse is not found; their own warehouse's rules keyed.
select tests.act_as('admin@globex.test');
select is(tests.refusal(pg_temp.insert_location('{}')),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "locations.warehouse_not_found", "field": "warehouse_id", "message": "Warehouse not found"}]}'::jsonb,
  'globex admin: acme''s warehouse is not found, keyed');
select is(pg_temp.keys(pg_temp.insert_location('{"warehouse_id": "b5000000-0000-4000-8000-000000000001", "parent_id": "b5000000-0000-4000-8000-00000000ffff",
    "position": {"floor": "ground", "area": 3}, "metadata": {"temperature_range": {"min": 8, "max": 2}}}')),
  'parent_id:locations.zone_parent_forbidden position.floor:locations.floor_not_number position.area:locations.area_not_text '
  'metadata.temperature_range.max:locations.temperature_max_below_min',
  'globex admin: a zone with a parent, its position and temperatures');
select is(tests.refusal(pg_temp.insert_location('{"warehouse_id": "b5000000-0000-4000-8000-000000000001", "location_type": "aisle", "parent_id": "b5000000-0000-4000-8000-00000000ffff"}')) -> 'details',
  '[{"key": "locations.parent_not_found", "field": "parent_id", "message": "Parent location not found"}]'::jsonb,
  'globex admin: an unknown parent');
reset role;

-- Warehouse staff (private.warehouse_staff_problems through validate_warehouse_staff).
select tests.act_as('admin@acme.test');
select is(pg_temp.keys($$ insert into public.warehouse_staff (warehouse_id, user_id, role) values (null, null, ' ') $$),
  'warehouse_id:warehouse_staff.warehouse_required user_id:warehouse_staff.user_required role:warehouse_staff.role_required',
  'acme admin: the roster''s required fields keyed');
select is(tests.refusal($$ insert into public.warehouse_staff (warehouse_id, user_id, role) values ('a5000000-0000-4000-8000-000000000001', 'a5100000-0000-4000-8000-000000000003', 'janitor') $$),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "warehouse_staff.already_staff", "field": "user_id", "message": "This person already works at this warehouse"}, '
  '{"key": "warehouse_staff.role_invalid", "field": "role", "message": "Invalid role"}]}'::jsonb,
  'acme admin: a person already on the roster and an unknown role, keyed, same SQLSTATE, message and English');
reset role;
select tests.act_as('admin@globex.test');
select is(pg_temp.keys($$ insert into public.warehouse_staff (warehouse_id, user_id, role) values ('a5000000-0000-4000-8000-000000000001', 'a5100000-0000-4000-8000-000000000003', 'picker') $$),
  'warehouse_id:warehouse_staff.warehouse_not_found user_id:warehouse_staff.user_not_member', 'globex admin: acme''s warehouse and person');
reset role;

-- Package handoffs: the create form, as acme's dispatcher.
select tests.act_as('dispatcher@acme.test');
select is(pg_temp.keys(pg_temp.save((select v from t_good) || jsonb_build_object('delivery_id', tests.id('pending_delivery'), 'picking_order_id', null,
    'warehouse_staff_id', 'nobody', 'signature_url', 'elsewhere/sig.png', 'notes', repeat('n', 2001)))),
  'delivery_id:handoffs.delivery_not_assigned picking_order_id:handoffs.pick_order_required warehouse_staff_id:handoffs.staff_invalid '
  'signature_url:handoffs.signature_folder notes:handoffs.notes_too_long',
  'acme dispatcher: each of the handoff''s problems keyed, in order');
select is(tests.refusal(pg_temp.save('{"notes": "x"}')) -> 'details',
  '[{"key": "handoffs.warehouse_required", "field": "warehouse_id", "message": "Warehouse is required"}, {"key": "handoffs.delivery_required", "field": "delivery_id", "message": "Delivery is required"}, '
  '{"key": "handoffs.pick_order_required", "field": "picking_order_id", "message": "Picking order is required"}, {"key": "handoffs.staff_required", "field": "warehouse_staff_id", "message": "Warehouse staff is required"}, '
  '{"key": "handoffs.signature_required", "field": "signature_url", "message": "Signature URL is required"}]'::jsonb,
  'acme dispatcher: an empty form');
select is(tests.refusal(pg_temp.save('{"status": "completed"}', tests.id('acme_cancelled'))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "handoffs.move_invalid", "field": "status", "message": "A handoff that is cancelled cannot become completed", "params": {"from": "cancelled", "to": "completed"}}]}'::jsonb,
  'acme dispatcher: a move the machine has not, keyed with the raw statuses');
select is(tests.refusal(pg_temp.save('{"notes": "Late"}', tests.id('acme_completed'))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "handoffs.completed_final", "field": "status", "message": "A completed handoff cannot be changed"}]}'::jsonb,
  'acme dispatcher: a completed handoff is final, keyed');
select is(tests.refusal(pg_temp.save('[1]', tests.id('acme_cancelled'))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "handoffs.values_shape", "field": "handoff", "message": "The handoff must be an object"}]}'::jsonb,
  'acme dispatcher: values that are no object');
reset role;

-- The table's own rule (package_handoff_final), as the owner.
select is(tests.refusal(format('delete from public.package_handoffs where id = %L', tests.id('acme_completed'))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "handoffs.completed_final", "field": "status", "message": "A completed handoff cannot be changed"}]}'::jsonb,
  'the database refuses to remove a completed handoff, keyed');

-- A move the status machine refuses to a panel (its refusal's English, keyed by the move), as acme's
-- dispatcher once the machine lets only admins cancel.
update private.status_moves set panels = array['admin'] where machine = 'package_handoff' and action = 'cancelled';
select tests.act_as('dispatcher@acme.test');
select is(tests.refusal(pg_temp.save('{"status": "cancelled"}', (select id from public.package_handoffs
    where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and status = 'pending' limit 1))),
  '{"code": "42501", "message": "Only admins and the staff of this warehouse can cancel a handoff", "details": [{"key": "handoffs.move_not_allowed", '
  '"message": "Only admins and the staff of this warehouse can cancel a handoff", "params": {"action": "cancelled"}}]}'::jsonb,
  'acme dispatcher: a move the machine refuses, keyed with the raw move');
reset role;

-- Globex's admin: acme's handoff is not found; their own completed one is final.
select tests.act_as('admin@globex.test');
select is(tests.refusal(pg_temp.save('{"status": "pending"}', tests.id('acme_cancelled'))),
  '{"code": "PT404", "message": "Package handoff not found", "details": [{"key": "handoffs.not_found", "message": "Package handoff not found"}]}'::jsonb,
  'globex admin: acme''s handoff is not found, keyed, same SQLSTATE and message');
select is(pg_temp.keys(pg_temp.save('{"status": "completed"}', tests.id('globex_cancelled'))) || ' ' || pg_temp.keys(pg_temp.save('{}', tests.id('globex_completed'))),
  'status:handoffs.move_invalid status:handoffs.completed_final', 'globex admin: their own handoffs'' moves keyed');
select is(tests.refusal($$ select * from public.handoff_delivery_choices('a5000000-0000-4000-8000-000000000001') $$),
  '{"code": "PT404", "message": "Warehouse not found", "details": [{"key": "handoffs.warehouse_not_found", "message": "Warehouse not found"}]}'::jsonb,
  'globex admin: the choices of acme''s warehouse, not found, keyed');
reset role;

-- Who may not hand over: a driver.
select tests.act_as('driver@acme.test');
select is(tests.refusal(pg_temp.save('{}')),
  '{"code": "42501", "message": "Only admins and warehouse staff can hand over packages", "details": [{"key": "handoffs.not_allowed", "message": "Only admins and warehouse staff can hand over packages"}]}'::jsonb,
  'acme driver: hands nothing over, keyed, same SQLSTATE and message');
select is(tests.refusal($$ select * from public.handoff_delivery_choices() $$),
  '{"code": "42501", "message": "Only staff hand packages over", "details": [{"key": "handoffs.choices_not_allowed", "message": "Only staff hand packages over"}]}'::jsonb,
  'acme driver: offered no deliveries, keyed, same SQLSTATE and message');
reset role;

select * from finish();
rollback;
