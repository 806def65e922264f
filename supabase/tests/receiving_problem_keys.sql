-- Receive orders', suppliers' and inventory audits' refusals carry stable keys beside their English
-- (20261213030100, 20261213030200, 20261213030300), as acme's admin, staff and dispatcher and globex's
-- admin; SQLSTATE, message, fields and English stay as they were, the values the words name are params.
begin;
select plan(40);

grant execute on function tests.refusal(text) to authenticated;

create function pg_temp.keys(statement text) returns text
language sql
as $$ select string_agg(coalesce(p ->> 'field', '-') || ':' || (p ->> 'key'), ' ' order by ord)
      from jsonb_array_elements(tests.refusal(statement) -> 'details') with ordinality as x (p, ord) $$;

-- One problem of a refusal, by key.
create function pg_temp.problem(statement text, key text) returns jsonb
language sql
as $$ select p from jsonb_array_elements(tests.refusal(statement) -> 'details') p where p ->> 'key' = problem.key limit 1 $$;
grant execute on all functions in schema pg_temp to authenticated;

create temp table fx (name text primary key, id uuid);
grant all on fx to public;
insert into fx select 'acme_address', address_id from public.warehouses where id = 'a5000000-0000-4000-8000-000000000001';

insert into public.inventory_items (id, tenant_id, name, sku) values
  ('c1300000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Key Test Shelf', 'KT-SHELF-01');
select public.record_inventory_transaction('receive', 'c1300000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 4,
  to_bin_id => tests.bin('Z1-A01-S1-B03'));

create function pg_temp.order_json(lines jsonb, extra jsonb default '{}') returns jsonb
language sql
as $$ select jsonb_build_object('supplier_id', 'a5200000-0000-4000-8000-000000000001', 'warehouse_id', 'a5000000-0000-4000-8000-000000000001',
  'lines', lines) || extra $$;
grant execute on all functions in schema pg_temp to authenticated;

-- Receive orders, as acme's admin.
select tests.act_as('admin@acme.test');
select is(tests.refusal($$ select public.save_receive_order(null, '{"lines": []}') $$),
  '{"code": "23514", "message": "Validation failed", "details": [
    {"key": "receiving.supplier_required", "field": "supplier_id", "message": "Supplier is required"},
    {"key": "receiving.warehouse_required", "field": "warehouse_id", "message": "Warehouse is required"},
    {"key": "receiving.lines_required", "field": "lines", "message": "Add at least one line"}]}'::jsonb,
  'acme admin: an empty order, each problem keyed in order, same SQLSTATE and message');
select is(pg_temp.problem(format('select public.save_receive_order(null, %L)', pg_temp.order_json(
    '[{"item_id": "c1300000-0000-4000-8000-000000000001", "expected_quantity": 1}]', jsonb_build_object('reference', repeat('r', 101)))), 'receiving.reference_too_long'),
  '{"key": "receiving.reference_too_long", "field": "reference", "message": "Reference must be at most 100 characters", "params": {"max": 100}}'::jsonb,
  'acme admin: a reference too long, with its limit');
select is(pg_temp.keys(format('select public.save_receive_order(null, %L)', pg_temp.order_json(
    ('[{"item_id": "c1300000-0000-4000-8000-000000000001", "expected_quantity": 2, "serial_number": "SN-1", "lot_number": "'
    || repeat('l', 65) || '", "target_bin_id": "c1300000-0000-4000-8000-000000000009"}]')::jsonb))),
  'lines.0.serial_number:receiving.serial_quantity_one lines.0.lot_number:receiving.lot_serial_too_long lines.0.target_bin_id:receiving.target_bin_invalid',
  'acme admin: a line''s serial, lot and bin problems keyed');
insert into fx select 'placed', o.id from public.save_receive_order(null, pg_temp.order_json(
  ('[{"item_id": "c1300000-0000-4000-8000-000000000001", "expected_quantity": 10, "target_bin_id": "' || tests.bin('Z1-A01-S1-B01') || '"}]')::jsonb)) o;
insert into fx select 'cancelled', o.id from public.save_receive_order(null, pg_temp.order_json(
  '[{"item_id": "c1300000-0000-4000-8000-000000000001", "expected_quantity": 1}]')) o;
select public.transition_receive_order((select id from fx where name = 'cancelled'), 'cancelled');
select is(tests.refusal(format('select public.save_receive_order(%L, %L)', (select id from fx where name = 'cancelled'),
    pg_temp.order_json('[{"item_id": "c1300000-0000-4000-8000-000000000001", "expected_quantity": 1}]'))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "receiving.not_editable", "field": "status",
    "message": "A receive order can be edited only while draft or ordered; this one is cancelled", "params": {"status": "cancelled"}}]}'::jsonb,
  'acme admin: a cancelled order is not edited, the raw status as a param');
reset role;

-- A receiver of Bayview: receiving a draft, placing it.
select tests.act_as('grace.kim@acmelogistics.example');
select is(tests.refusal(format('select public.receive_order_line(%L, 1)', (select l.id from public.receive_order_lines l where l.receive_order_id = (select id from fx where name = 'placed')))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "receiving.not_receivable", "field": "status",
    "message": "Only an ordered receive order can be received; this one is draft", "params": {"status": "draft"}}]}'::jsonb,
  'receiver: a draft is not received, keyed with its status');
select is(tests.refusal(format('select public.transition_receive_order(%L, ''ordered'')', (select id from fx where name = 'placed'))),
  '{"code": "42501", "message": "Only administrators can change the status of a receive order", "details": [{"key": "receiving.status_admin_only",
    "message": "Only administrators can change the status of a receive order"}]}'::jsonb,
  'receiver: placing an order is refused, keyed, same 42501 and message');
reset role;
select tests.act_as('marcus.reyes@acmelogistics.example');
select is(tests.refusal(format('select public.save_receive_order(%L, %L)', (select id from fx where name = 'placed'), pg_temp.order_json('[]'))),
  '{"code": "42501", "message": "Only administrators can manage receive orders", "details": [{"key": "receiving.admin_only",
    "message": "Only administrators can manage receive orders"}]}'::jsonb,
  'supervisor: saving is refused, keyed, same 42501 and message');
reset role;
select tests.act_as('admin@acme.test');
select lives_ok(format('select public.transition_receive_order(%L, ''ordered'')', (select id from fx where name = 'placed')), 'acme admin places the order');
insert into fx select 'placed_line', l.id from public.receive_order_lines l where l.receive_order_id = (select id from fx where name = 'placed');
select is(tests.refusal(format('select public.transition_receive_order(%L, ''draft'')', (select id from fx where name = 'placed'))) -> 'details',
  '[{"key": "receiving.move_invalid", "field": "status", "message": "A receive order cannot move from ordered to draft",
    "params": {"status": "ordered", "target": "draft"}}]'::jsonb,
  'acme admin: no arrow back to draft, both statuses raw');
select is(tests.refusal(format('select public.transition_receive_order(%L, null)', (select id from fx where name = 'placed'))) #> '{details,0,params}',
  '{"status": "ordered", "target": "nothing"}'::jsonb, 'acme admin: no status asked is "nothing", as the English says');
select is(tests.refusal(format('select public.transition_receive_order(%L, ''received'')', (select id from fx where name = 'placed'))),
  '{"code": "42501", "message": "A receive order is received by receiving its lines", "details": [{"key": "receiving.received_by_lines",
    "message": "A receive order is received by receiving its lines"}]}'::jsonb,
  'acme admin: received only by receiving, keyed');
select is(tests.refusal(format('select public.transition_receive_order(%L, ''cancelled'', %L)', (select id from fx where name = 'placed'), repeat('n', 1001))) -> 'details',
  '[{"key": "receiving.note_too_long", "field": "note", "message": "Note must be at most 1000 characters", "params": {"max": 1000}}]'::jsonb,
  'acme admin: a note too long, with its limit');
reset role;
select tests.act_as('grace.kim@acmelogistics.example');
select is(tests.refusal(format('select public.receive_order_line(%L, 11)', (select l.id from public.receive_order_lines l where l.receive_order_id = (select id from fx where name = 'placed')))) -> 'details',
  '[{"key": "receiving.quantity_above_left", "field": "quantity", "message": "At most 10 left to receive on this line", "params": {"max": 10}}]'::jsonb,
  'receiver: more than is left, the quantity left as a param');
select is(tests.refusal(format('select public.receive_order_line(%L, 0)', (select l.id from public.receive_order_lines l where l.receive_order_id = (select id from fx where name = 'placed')))) -> 'details',
  '[{"key": "receiving.quantity_invalid", "field": "quantity", "message": "Quantity must be a whole number above 0"}]'::jsonb,
  'receiver: a quantity of 0, keyed as the form''s');
reset role;

-- Receive orders, as globex's admin: acme's order and line are not found.
select tests.act_as('admin@globex.test');
select is(tests.refusal(format('select public.transition_receive_order(%L, ''cancelled'')', (select id from fx where name = 'placed'))),
  '{"code": "PT404", "message": "Receive order not found", "details": [{"key": "receiving.not_found", "message": "Receive order not found"}]}'::jsonb,
  'globex admin: acme''s order is not found, keyed, same PT404 and message');
select is(tests.refusal(format('select public.receive_order_line(%L, 1)', (select id from fx where name = 'placed_line'))),
  '{"code": "PT404", "message": "Receive order not found", "details": [{"key": "receiving.not_found", "message": "Receive order not found"}]}'::jsonb,
  'globex admin: nor is it received');
select is(tests.refusal($$ select public.receive_order_line('c1300000-0000-4000-8000-0000000000ff', 1) $$),
  '{"code": "PT404", "message": "Receive order line not found", "details": [{"key": "receiving.line_not_found", "message": "Receive order line not found"}]}'::jsonb,
  'globex admin: an unknown line, keyed');
select is(pg_temp.keys($$ select public.save_receive_order(null, '{"supplier_id": "b5200000-0000-4000-8000-000000000001", "warehouse_id": "b5000000-0000-4000-8000-000000000001",
    "lines": [{"item_id": "c1300000-0000-4000-8000-000000000001", "expected_quantity": 1.5}]}') $$),
  'lines.0.item_id:receiving.item_required lines.0.expected_quantity:receiving.quantity_invalid',
  'globex admin: acme''s item is not an item of the order, a fraction is no quantity');
reset role;

-- Suppliers.
select tests.act_as('admin@acme.test');
select is(tests.refusal($$ insert into public.suppliers (name, code, contact_email, contact_phone, lead_time_days, notes)
    values (' ', '', 'bad', '555-12', 400, repeat('n', 2001)) $$),
  '{"code": "23514", "message": "Validation failed", "details": [
    {"key": "suppliers.name_required", "field": "name", "message": "Name is required"},
    {"key": "suppliers.code_required", "field": "code", "message": "Code is required"},
    {"key": "suppliers.email_invalid", "field": "contact_email", "message": "Valid email is required"},
    {"key": "suppliers.phone_invalid", "field": "contact_phone", "message": "Please enter a valid phone number with at least 10 digits", "params": {"min": 10}},
    {"key": "suppliers.lead_time_range", "field": "lead_time_days", "message": "Lead time must be between 0 and 365 days", "params": {"min": 0, "max": 365}},
    {"key": "suppliers.notes_too_long", "field": "notes", "message": "Notes must be at most 2000 characters", "params": {"max": 2000}}]}'::jsonb,
  'acme admin: each of the supplier''s problems keyed in order, same SQLSTATE and message');
select is(pg_temp.keys($$ update public.suppliers set name = repeat('n', 201), code = repeat('c', 65), payment_terms = 'net_7'
    where id = 'a5200000-0000-4000-8000-000000000001' $$),
  'name:suppliers.name_too_long code:suppliers.code_too_long payment_terms:suppliers.payment_terms_required',
  'acme admin: lengths and payment terms on an edit');
reset role;
select tests.act_as('admin@globex.test');
select is(tests.refusal($$ insert into public.suppliers (name, code) values ('Thames Again', 'SUP-TVP') $$),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "suppliers.code_taken", "field": "code", "message": "Supplier code already exists"}]}'::jsonb,
  'globex admin: another supplier''s code, keyed');
select is(pg_temp.problem(format('update public.suppliers set address_id = %L where id = ''b5200000-0000-4000-8000-000000000001''',
    (select id from fx where name = 'acme_address')), 'suppliers.address_not_business'),
  '{"key": "suppliers.address_not_business", "field": "address_id", "message": "Address must be one of this business''s addresses"}'::jsonb,
  'globex admin: acme''s address, keyed');
reset role;

-- Inventory audits: planning.
select tests.act_as('admin@acme.test');
select is(tests.refusal($$ select public.create_inventory_audit('{"audit_type": "spot_check"}') $$),
  '{"code": "23514", "message": "Validation failed", "details": [
    {"key": "audits.warehouse_required", "field": "warehouse_id", "message": "Warehouse is required"},
    {"key": "audits.spot_check_scope_required", "field": "scope", "message": "Choose at least one location or item to check"}]}'::jsonb,
  'acme admin: a plan without warehouse or scope, keyed in order');
select is(tests.refusal($$ select public.create_inventory_audit('[]') $$),
  '{"code": "22023", "message": "The audit values must be a JSON object", "details": [{"key": "audits.values_shape", "message": "The audit values must be a JSON object"}]}'::jsonb,
  'acme admin: values that are no object, same 22023 and message');
insert into fx select 'audit', (public.create_inventory_audit('{"warehouse_id": "a5000000-0000-4000-8000-000000000001", "audit_type": "spot_check",
  "scope": {"item_ids": ["c1300000-0000-4000-8000-000000000001"]}}') #>> '{audit,id}')::uuid;
reset role;
select tests.act_as('tyrone.jackson@acmelogistics.example');
select is(tests.refusal($$ select public.create_inventory_audit('{"warehouse_id": "a5000000-0000-4000-8000-000000000001", "audit_type": "full_count"}') $$),
  '{"code": "42501", "message": "Only admins, supervisors and managers of this warehouse can plan an audit", "details": [{"key": "audits.plan_not_allowed",
    "message": "Only admins, supervisors and managers of this warehouse can plan an audit"}]}'::jsonb,
  'picker: planning is refused, keyed, same 42501 and message');
select is(tests.refusal(format('select public.transition_inventory_audit(%L, ''in_progress'')', (select id from fx where name = 'audit'))),
  '{"code": "42501", "message": "Only admins, supervisors and managers of this warehouse can start an audit", "details": [{"key": "audits.start_not_allowed",
    "message": "Only admins, supervisors and managers of this warehouse can start an audit"}]}'::jsonb,
  'picker: starting is refused, the move''s refusal keyed');
reset role;

-- Inventory audits: counting and completing, as acme's admin and dispatcher.
select tests.act_as('admin@acme.test');
select is(tests.refusal(format('select public.transition_inventory_audit(%L, ''open'')', (select id from fx where name = 'audit'))) -> 'details',
  '[{"key": "audits.status_invalid", "field": "status", "message": "Status must be in progress, completed or cancelled"}]'::jsonb,
  'acme admin: an unknown status, keyed');
select lives_ok(format('select public.transition_inventory_audit(%L, ''in_progress'')', (select id from fx where name = 'audit')), 'acme admin starts the audit');
insert into fx select 'line', l.id from public.inventory_audit_lines l where l.audit_id = (select id from fx where name = 'audit');
reset role;
select tests.act_as('dispatcher@acme.test');
select is(tests.refusal(format('select public.save_inventory_audit_count(%L, 3)', (select id from fx where name = 'line'))),
  '{"code": "42501", "message": "Only admins and the staff of this warehouse can count", "details": [{"key": "audits.count_not_allowed",
    "message": "Only admins and the staff of this warehouse can count"}]}'::jsonb,
  'dispatcher: counting is refused, keyed, same 42501 and message');
reset role;
select tests.act_as('admin@acme.test');
select is(tests.refusal(format('select public.save_inventory_audit_count(%L, null)', (select id from fx where name = 'line'))) -> 'details',
  '[{"key": "audits.count_required", "field": "counted_quantity", "message": "Counted quantity is required"}]'::jsonb,
  'acme admin: a count is required');
select is(tests.refusal(format('select public.transition_inventory_audit(%L, ''completed'')', (select id from fx where name = 'audit'))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "audits.line_not_counted", "field": "lines.0.counted_quantity",
    "message": "Count this line before completing (Z1-A01-S1-B03)", "params": {"bin": "Z1-A01-S1-B03"}}]}'::jsonb,
  'acme admin: completing before counting, the bin as a param');
select is(tests.refusal(format('select public.request_inventory_audit_recount(%L, -1)', (select id from fx where name = 'audit'))) -> 'details',
  '[{"key": "audits.threshold_invalid", "field": "threshold", "message": "The threshold must be a whole number, 0 or more"}]'::jsonb,
  'acme admin: a negative threshold, keyed');
select is(tests.refusal(format('select public.transition_inventory_audit(%L, ''in_progress'')', (select id from fx where name = 'audit'))) -> 'details',
  '[{"key": "audits.move_invalid", "field": "status", "message": "An audit that is in progress cannot become in progress",
    "params": {"status": "in_progress", "target": "in_progress"}}]'::jsonb,
  'acme admin: no arrow, both statuses raw');
select is(tests.refusal($$ select public.save_inventory_audit_count('c1300000-0000-4000-8000-0000000000ff', 1) $$),
  '{"code": "PT404", "message": "Audit line not found", "details": [{"key": "audits.line_not_found", "message": "Audit line not found"}]}'::jsonb,
  'acme admin: an unknown line, keyed, same PT404 and message');
select lives_ok(format('select public.transition_inventory_audit(%L, ''cancelled'')', (select id from fx where name = 'audit')), 'acme admin cancels the audit');
select is(tests.refusal(format('select public.save_inventory_audit_count(%L, 1)', (select id from fx where name = 'line'))) -> 'details',
  '[{"key": "audits.not_countable", "field": "status", "message": "Only an audit in progress can be counted; this one is cancelled", "params": {"status": "cancelled"}}]'::jsonb,
  'acme admin: a cancelled audit is not counted, its status raw');
select is(tests.refusal(format('select public.request_inventory_audit_recount(%L)', (select id from fx where name = 'audit'))) -> 'details',
  '[{"key": "audits.not_recountable", "field": "status", "message": "Only an audit in progress can be recounted; this one is cancelled", "params": {"status": "cancelled"}}]'::jsonb,
  'acme admin: nor recounted');
reset role;

-- Inventory audits, as globex's admin.
select tests.act_as('admin@globex.test');
select is(tests.refusal($$ select public.create_inventory_audit('{"warehouse_id": "b5000000-0000-4000-8000-000000000001", "audit_type": "cycle_count"}') $$),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "audits.cycle_count_locations_required", "field": "scope.location_ids",
    "message": "Choose at least one location to count"}]}'::jsonb,
  'globex admin: a cycle count names its locations, keyed');
select is(pg_temp.keys($$ select public.create_inventory_audit('{"warehouse_id": "a5000000-0000-4000-8000-000000000001", "audit_type": "yearly", "scheduled_date": "soon"}') $$),
  'warehouse_id:audits.warehouse_not_found audit_type:audits.type_invalid scheduled_date:audits.scheduled_date_invalid',
  'globex admin: acme''s warehouse is not found, an unknown type and date keyed');
reset role;

-- The audit log stays append-only, keyed.
select is(tests.refusal($$ update public.audit_log set actor_name = 'Nobody' $$),
  '{"code": "42501", "message": "The audit log is append-only", "details": [{"key": "audits.log_append_only", "message": "The audit log is append-only"}]}'::jsonb,
  'the audit log refuses a rewrite, keyed, same 42501 and message');

select * from finish();
rollback;
