-- Inventory audits: planning rules and messages, every status move and who may make it, blind
-- counting (no counter reads an expected quantity by any API path), stock moved while a count is
-- open, adjustments through the ledger leaving stock equal to what was counted, access modes,
-- cross-tenant reads and the seed.
begin;
select plan(73);

create function pg_temp.create_stmt(vals jsonb) returns text
language sql stable
as $$ select format('select public.create_inventory_audit(%L::jsonb)', vals) $$;

create function pg_temp.move(id uuid, target text, reasons jsonb default null) returns text
language sql stable
as $$ select format('select public.transition_inventory_audit(%L, %L, null, %L::jsonb)', id, target, reasons) $$;

create function pg_temp.count_stmt(line uuid, qty integer) returns text
language sql stable
as $$ select format('select public.save_inventory_audit_count(%L, %s)', line, coalesce(qty::text, 'null')) $$;

-- Create and remember the new audit's id under `name`.
create function pg_temp.create_as(name text, vals jsonb) returns uuid
language plpgsql
as $$
declare
  new_id uuid;
begin
  new_id := (public.create_inventory_audit(vals) #>> '{audit,id}')::uuid;
  perform tests.remember(name, new_id);
  return new_id;
end;
$$;

-- As the test's superuser: a line of an audit by position, the stock of an item in a bin, an audit.
create function pg_temp.line(audit uuid, pos integer) returns public.inventory_audit_lines
language sql security definer
as $$ select * from public.inventory_audit_lines where audit_id = $1 and position = $2 $$;

create function pg_temp.stock(item uuid, bin_code text) returns integer
language sql security definer
as $$ select coalesce(sum(quantity), 0)::integer from public.inventory_stock s where s.item_id = $1 and s.bin_id = tests.bin($2) and s.status = 'available' $$;

create function pg_temp.audit_of(id uuid) returns public.inventory_audits
language sql security definer
as $$ select * from public.inventory_audits where id = $1 $$;

grant execute on all functions in schema pg_temp to anon, authenticated;

-- Items of the test, stock received into Bayview and Dogpatch through the ledger (as the owner).
insert into public.inventory_items (id, tenant_id, name, sku) values
  ('c3000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Audit Test Desk', 'AU-TEST-01'),
  ('c3000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'Audit Test Lamp', 'AU-TEST-02'),
  ('c3000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'Audit Test Nothing', 'AU-TEST-03');
select public.record_inventory_transaction('receive', 'c3000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 10,
  to_bin_id => tests.bin('Z1-A01-S1-B01'), lot_number => 'LOT-A');
select public.record_inventory_transaction('receive', 'c3000000-0000-4000-8000-000000000002', 'a5000000-0000-4000-8000-000000000001', 5,
  to_bin_id => tests.bin('Z1-A01-S1-B02'));
select public.record_inventory_transaction('receive', 'c3000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000002', 3,
  to_bin_id => tests.bin('Z1-A01-S1-B01', 'a5000000-0000-4000-8000-000000000002'));

-- Planning rules, as an admin.
select tests.act_as('admin@acme.test');
select is(tests.message_of(pg_temp.create_stmt('{"audit_type": "spot_check"}'), 'warehouse_id'), 'Warehouse is required', 'plan: warehouse required');
select is(tests.message_of(pg_temp.create_stmt('{"warehouse_id": "a5000000-0000-4000-8000-000000000001"}'), 'audit_type'), 'Audit type is required', 'plan: audit type required');
select is(tests.message_of(pg_temp.create_stmt(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'audit_type', 'full_count',
  'scheduled_date', current_date - 1)), 'scheduled_date'), 'Scheduled date cannot be before today', 'plan: the scheduled date is not in the past');
select is(tests.message_of(pg_temp.create_stmt('{"warehouse_id": "a5000000-0000-4000-8000-000000000001", "audit_type": "cycle_count"}'), 'scope.location_ids'),
  'Choose at least one location to count', 'plan: a cycle count names its locations');
select is(tests.message_of(pg_temp.create_stmt('{"warehouse_id": "a5000000-0000-4000-8000-000000000001", "audit_type": "spot_check"}'), 'scope'),
  'Choose at least one location or item to check', 'plan: a spot check names locations or items');
select is(tests.message_of(pg_temp.create_stmt('{"warehouse_id": "a5000000-0000-4000-8000-000000000001", "audit_type": "full_count", "scope": {"item_ids": ["c3000000-0000-4000-8000-000000000001"]}}'), 'scope'),
  'A full count covers the whole warehouse: choose no locations or items', 'plan: a full count takes no scope');
select is(tests.message_of(pg_temp.create_stmt(jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'audit_type', 'cycle_count',
  'scope', jsonb_build_object('location_ids', jsonb_build_array(tests.bin('Z1-A01-S1-B01', 'a5000000-0000-4000-8000-000000000002'))))), 'scope.location_ids'),
  'Choose locations of this warehouse', 'plan: another warehouse''s location is refused');
select is((select count(*)::int from public.inventory_audits where created_by = 'a1000000-0000-4000-8000-000000000001' and created_at = now()), 0,
  'refused plans leave nothing behind');
reset role;

-- Who plans: admins, managers and supervisors of the warehouse.
select tests.act_as('maya.chen@acmelogistics.example');
select lives_ok($$ select pg_temp.create_as('a', jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'audit_type', 'spot_check',
  'scheduled_date', current_date, 'notes', 'Quarterly desks', 'scope', jsonb_build_object('item_ids', jsonb_build_array('c3000000-0000-4000-8000-000000000001', 'c3000000-0000-4000-8000-000000000002')))) $$,
  'a manager plans a spot check');
select is((select status || ' ' || created_by_name || ' ' || warehouse_code from public.inventory_audit_rows where id = tests.id('a')),
  'scheduled Maya Chen SF-BAY', 'the list row: scheduled, its creator and warehouse');
reset role;
select tests.act_as('marcus.reyes@acmelogistics.example');
select lives_ok($$ select pg_temp.create_as('b', jsonb_build_object('warehouse_id', 'a5000000-0000-4000-8000-000000000001', 'audit_type', 'cycle_count',
  'scope', jsonb_build_object('location_ids', jsonb_build_array(tests.bin('Z1-A01-S1-B02')), 'item_ids', jsonb_build_array('c3000000-0000-4000-8000-000000000002')))) $$,
  'a supervisor plans a cycle count');
select is(public.inventory_audit_actions(tests.id('a')), array['in_progress', 'cancelled'], 'actions: a supervisor starts or cancels a scheduled audit');
select throws_ok(pg_temp.move(tests.id('a'), 'completed'), '23514', 'Validation failed', 'a scheduled audit cannot be completed');
reset role;
select tests.act_as('tyrone.jackson@acmelogistics.example');
select throws_ok(pg_temp.create_stmt('{"warehouse_id": "a5000000-0000-4000-8000-000000000001", "audit_type": "full_count"}'), '42501',
  'Only admins, supervisors and managers of this warehouse can plan an audit', 'a picker does not plan');
select throws_ok(pg_temp.move(tests.id('a'), 'in_progress'), '42501',
  'Only admins, supervisors and managers of this warehouse can start an audit', 'a picker does not start');
reset role;
select tests.act_as('dispatcher@acme.test');
select throws_ok(pg_temp.create_stmt('{"warehouse_id": "a5000000-0000-4000-8000-000000000001", "audit_type": "full_count"}'), '42501', null,
  'the dispatcher (a liaison) does not plan');
reset role;

-- Starting snapshots the covered balances into lines.
select tests.act_as('marcus.reyes@acmelogistics.example');
select lives_ok(pg_temp.move(tests.id('a'), 'in_progress'), 'a supervisor starts the count');
reset role;
select is((select string_agg((pg_temp.line(tests.id('a'), n)).expected_quantity::text, ',') from generate_series(0, 1) n), '10,5',
  'start: each covered balance is a line with its quantity snapshotted');
select is((select count(*)::int from public.inventory_audit_lines where audit_id = tests.id('a')), 2, 'start: only the scope''s items');

-- Counting is blind.
select tests.act_as('tyrone.jackson@acmelogistics.example');
select throws_ok($$ select expected_quantity from public.inventory_audit_lines $$, '42501', null, 'blind: a counter cannot select expected quantities');
select throws_ok($$ select variance from public.inventory_audit_lines $$, '42501', null, 'blind: nor variances');
select throws_ok($$ select * from public.inventory_audit_lines $$, '42501', null, 'blind: nor every column');
select is((select count(counted_quantity)::int + count(*)::int from public.inventory_audit_lines where audit_id = tests.id('a')), 2,
  'a counter reads the lines'' other columns');
select ok(public.inventory_audit_count_sheet(tests.id('a'))::text !~ '(expected|variance)' and jsonb_array_length(public.inventory_audit_count_sheet(tests.id('a')) -> 'lines') = 2,
  'blind: the count sheet lists the lines without expected quantity or variance');
select throws_ok(format('select public.inventory_audit_review(%L)', tests.id('a')), '42501',
  'Only admins and managers of this warehouse can review an audit''s variances', 'blind: a picker cannot review');
select is(public.inventory_audit_actions(tests.id('a')), array['count'], 'actions: a picker counts');
select lives_ok(pg_temp.count_stmt((pg_temp.line(tests.id('a'), 0)).id, 8), 'a picker saves a counted line');
select ok((select public.save_inventory_audit_count((pg_temp.line(tests.id('a'), 0)).id, 8))::text !~ 'expected', 'blind: saving answers no expected quantity');
select is(tests.message_of(pg_temp.count_stmt((pg_temp.line(tests.id('a'), 1)).id, -1), 'counted_quantity'),
  'Counted quantity must be a whole number, 0 or more', 'count: not negative');
select is(tests.message_of(pg_temp.count_stmt((pg_temp.line(tests.id('a'), 1)).id, null), 'counted_quantity'),
  'Counted quantity is required', 'count: required');
reset role;
select tests.act_as('marcus.reyes@acmelogistics.example');
select throws_ok(format('select public.inventory_audit_review(%L)', tests.id('a')), '42501', null, 'blind: a supervisor counts but does not review');
select lives_ok(pg_temp.count_stmt((pg_temp.line(tests.id('a'), 1)).id, 5), 'a supervisor counts a line');
reset role;
select tests.act_as('dispatcher@acme.test');
select throws_ok(pg_temp.count_stmt((pg_temp.line(tests.id('a'), 1)).id, 3), '42501', 'Only admins and the staff of this warehouse can count',
  'a dispatcher liaison does not count');
reset role;

-- Stock moved while the count is open flags the line; a recount round snapshots it again.
select tests.act_as('admin@acme.test');
select lives_ok($$ select public.record_inventory_transaction('pick', 'c3000000-0000-4000-8000-000000000002', 'a5000000-0000-4000-8000-000000000001', 1,
  from_bin_id => tests.bin('Z1-A01-S1-B02')) $$, 'a pick from a bin being counted');
reset role;
select tests.act_as('maya.chen@acmelogistics.example');
select is((select string_agg(concat_ws(' ', e ->> 'expected_quantity', e ->> 'counted_quantity', e ->> 'variance', e ->> 'moved_while_open'), ', ')
  from jsonb_array_elements(public.inventory_audit_review(tests.id('a'))) e), '10 8 -2 false, 5 5 0 true',
  'review: a manager sees expected, counted, variance and the moved flag');
select is(tests.message_of(pg_temp.move(tests.id('a'), 'completed'), 'lines.1.moved_while_open'),
  'Stock moved in Z1-A01-S1-B02 while it was counted: recount this line', 'complete: refused while a moved line is not recounted');
select is(public.request_inventory_audit_recount(tests.id('a'), 5), 1, 'recount: the moved line goes round again (the other is under the threshold)');
reset role;
select is((select l.expected_quantity || ' ' || coalesce(l.counted_quantity::text, '-') || ' round ' || l.recount_round || ' ' || l.moved_while_open
  from pg_temp.line(tests.id('a'), 1) l), '4 - round 2 false', 'recount: snapshotted again, counted afresh');
select tests.act_as('tyrone.jackson@acmelogistics.example');
select throws_ok(format('select public.request_inventory_audit_recount(%L)', tests.id('a')), '42501', null, 'a picker does not ask for recounts');
select lives_ok(pg_temp.count_stmt((pg_temp.line(tests.id('a'), 1)).id, 4), 'the recount is counted');
reset role;
select tests.act_as('maya.chen@acmelogistics.example');
select is(tests.message_of(pg_temp.move(tests.id('a'), 'completed'), 'lines.0.reason'), 'A reason is required for each variance',
  'complete: every variance needs a reason');
select is(tests.message_of(format('select public.request_inventory_audit_recount(%L, 5)', tests.id('a')), 'threshold'),
  'No counted line is over the threshold', 'recount: nothing over the threshold is refused');
reset role;
select tests.act_as('marcus.reyes@acmelogistics.example');
select throws_ok(pg_temp.move(tests.id('a'), 'completed', jsonb_build_array(jsonb_build_object('line_id', (pg_temp.line(tests.id('a'), 0)).id, 'reason', 'Broken'))),
  '42501', 'Only admins and managers of this warehouse can complete an audit', 'a supervisor does not complete');
reset role;

-- Completing writes one adjustment per variance through the ledger.
select tests.act_as('maya.chen@acmelogistics.example');
select lives_ok(pg_temp.move(tests.id('a'), 'completed', jsonb_build_array(jsonb_build_object('line_id', (pg_temp.line(tests.id('a'), 0)).id,
  'reason', 'Two desks damaged and scrapped'))), 'a manager completes with a reason');
reset role;
select is((select status || ' by ' || completed_by_name from public.inventory_audit_rows where id = tests.id('a')), 'completed by Maya Chen', 'completed, by whom');
select is(pg_temp.stock('c3000000-0000-4000-8000-000000000001', 'Z1-A01-S1-B01'), 8, 'stock equals what was counted (desks)');
select is(pg_temp.stock('c3000000-0000-4000-8000-000000000002', 'Z1-A01-S1-B02'), 4, 'stock equals what was counted (lamps)');
select is((select string_agg(concat_ws(' ', transaction_type, quantity, lot_number, reason, performed_by), '; ')
  from public.inventory_transactions where reference_type = 'audit' and reference_id = tests.id('a') and from_bin_id = tests.bin('Z1-A01-S1-B01')),
  'adjust 2 LOT-A Two desks damaged and scrapped a5100000-0000-4000-8000-000000000001', 'one adjust entry for the variance, with its reason, lot and who');
select is((select count(*)::int from public.inventory_transactions where reference_id = tests.id('a')), 1, 'no entry for a line without variance');
select isnt((select last_counted_at from public.inventory_stock where item_id = 'c3000000-0000-4000-8000-000000000002' and bin_id = tests.bin('Z1-A01-S1-B02')), null,
  'every counted balance records when it was counted');
select is((select string_agg(coalesce(from_status, '-') || '>' || status, ' ' order by seq) from public.inventory_audit_events where audit_id = tests.id('a')),
  '->scheduled scheduled>in_progress in_progress>completed', 'the history of every move');
select public.record_inventory_transaction('receive', 'c3000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 1, to_bin_id => tests.bin('Z1-A01-S1-B01'), lot_number => 'LOT-A');
select is((pg_temp.line(tests.id('a'), 0)).moved_while_open, false, 'a completed audit''s lines are no longer flagged');
select tests.act_as('maya.chen@acmelogistics.example');
select throws_ok(pg_temp.move(tests.id('a'), 'cancelled'), '23514', 'Validation failed', 'completed is final');
select is(tests.message_of(pg_temp.count_stmt((pg_temp.line(tests.id('a'), 0)).id, 1), 'status'),
  'Only an audit in progress can be counted; this one is completed', 'a completed audit is not counted');
reset role;

-- Cancelling, and an audit with nothing to count.
select tests.act_as('marcus.reyes@acmelogistics.example');
select lives_ok(pg_temp.move(tests.id('b'), 'cancelled'), 'a supervisor cancels a scheduled audit');
select throws_ok(pg_temp.move(tests.id('b'), 'in_progress'), '23514', 'Validation failed', 'cancelled is final');
select pg_temp.create_as('e', '{"warehouse_id": "a5000000-0000-4000-8000-000000000001", "audit_type": "spot_check", "scope": {"item_ids": ["c3000000-0000-4000-8000-000000000003"]}}');
select is(tests.message_of(pg_temp.move(tests.id('e'), 'in_progress'), 'scope'), 'Nothing to count: no stock is held where this audit looks',
  'start: refused when the scope holds no stock');
reset role;

-- Access modes: Dogpatch is open to its manager and a listed picker only.
select tests.act_as('admin@acme.test');
select pg_temp.create_as('d', '{"warehouse_id": "a5000000-0000-4000-8000-000000000002", "audit_type": "full_count"}');
reset role;
select tests.act_as('marcus.reyes@acmelogistics.example');
select is((select count(*)::int from public.inventory_audit_rows where id = tests.id('d')), 0, 'access mode: staff of another warehouse do not read it');
select throws_ok(pg_temp.move(tests.id('d'), 'in_progress'), 'PT404', 'Audit not found', 'access mode: nor move it');
reset role;
select tests.act_as('tyrone.jackson@acmelogistics.example');
select is((select count(*)::int from public.inventory_audit_rows where id = tests.id('d')), 1, 'access mode: a listed picker reads it');
reset role;

-- Other roles and the other tenant.
select tests.act_as('driver@acme.test');
select is((select count(*)::int from public.inventory_audits), 0, 'a driver reads no audit');
select throws_ok(pg_temp.create_stmt('{"warehouse_id": "a5000000-0000-4000-8000-000000000001", "audit_type": "full_count"}'), '42501', 'Sign in to plan audits', 'a driver plans nothing');
reset role;
select tests.act_as('customer@acme.test');
select throws_ok(pg_temp.move(tests.id('a'), 'cancelled'), 'PT404', 'Audit not found', 'a customer finds no audit');
reset role;
select tests.act_as('admin@acme.test');
select throws_ok($$ insert into public.inventory_audits (tenant_id, warehouse_id, audit_type) values ('a0000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 'full_count') $$,
  '42501', null, 'no direct insert, even for an admin');
select throws_ok(format('update public.inventory_audit_lines set counted_quantity = 1 where audit_id = %L', tests.id('a')), '42501', null, 'no direct count');
reset role;
select tests.act_as('admin@globex.test');
select is((select count(*)::int from public.inventory_audits where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0, 'cross-tenant: globex reads no acme audit');
select is(public.inventory_audit_count_sheet(tests.id('a')), null, 'cross-tenant: the count sheet answers nothing');
select throws_ok(pg_temp.move(tests.id('d'), 'in_progress'), 'PT404', 'Audit not found', 'cross-tenant: nor moves it');
select is(tests.message_of(pg_temp.create_stmt('{"warehouse_id": "a5000000-0000-4000-8000-000000000001", "audit_type": "full_count"}'), 'warehouse_id'),
  'Warehouse not found', 'cross-tenant: another business''s warehouse is not found');
reset role;
select tests.act_as('oliver.bennett@globexfreight.example');
select lives_ok($$ select public.create_inventory_audit('{"warehouse_id": "b5000000-0000-4000-8000-000000000001", "audit_type": "full_count"}') $$,
  'a globex manager plans in their warehouse');
reset role;
select tests.act_as('emily.clarke@globexfreight.example');
select is((select count(*)::int from public.inventory_audits where warehouse_id = 'b5000000-0000-4000-8000-000000000001'), 0,
  'access mode: a picker excluded from Park Royal reads none of its audits');
reset role;

-- The seed: both tenants have audits in every status and type, and every completed audit's
-- adjustments are exactly its variances.
select is((select count(*)::int from (select tenant_id from public.inventory_audits group by tenant_id
  having count(distinct status) = 4 and count(distinct audit_type) = 3) t), 2, 'seed: each tenant has audits in every status and type');
select is_empty($$
  select l.audit_id from public.inventory_audit_lines l join public.inventory_audits a on a.id = l.audit_id
  where a.status = 'completed' and a.created_at < now()
  group by l.audit_id
  having sum(l.variance) is distinct from (select coalesce(sum(case when t.to_bin_id is not null then t.quantity else -t.quantity end), 0)
    from public.inventory_transactions t where t.reference_type = 'audit' and t.reference_id = l.audit_id)
    or count(*) filter (where l.variance <> 0) = 0
$$, 'seed: completed audits have variances, and their adjustments are exactly those');

select * from finish();
rollback;
