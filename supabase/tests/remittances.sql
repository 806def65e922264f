-- Cash-on-delivery remittances: who reads them (anon, each panel of acme, globex's staff), that
-- nobody writes them directly, every rule of record_remittance as 23514 {field, message} details
-- (driver, deliveries delivered by that driver with cash, once only, the amount or a reason),
-- driver_cash_summary's numbers, and that another tenant's drivers and deliveries are never reachable.
-- On the seed's delivered deliveries (rolled back).
begin;
select plan(56);

-- Whether the details of `statement` hold a {field, message} with `field` and a message containing `part`.
-- The fields and keys of a refusal's details, in order.
create function pg_temp.keys(statement text) returns text
language sql
as $$ select string_agg(coalesce(e ->> 'field', '-') || ':' || (e ->> 'key'), ' ' order by n)
      from jsonb_array_elements(tests.details(statement)) with ordinality as x (e, n) $$;
grant execute on function pg_temp.keys(text) to authenticated;

-- A refusal's SQLSTATE and its one key.
create function pg_temp.refusal_key(statement text) returns text
language plpgsql
as $$
declare
  state text;
  detail text;
begin
  begin
    execute statement;
  exception when others then
    get stacked diagnostics state = returned_sqlstate, detail = pg_exception_detail;
    return state || ' ' || (detail::jsonb -> 0 ->> 'key');
  end;
  return null;
end;
$$;
grant execute on function pg_temp.refusal_key(text) to authenticated;

create function pg_temp.has_detail(statement text, field text, part text) returns boolean
language sql
as $$
  select coalesce((select bool_or(e ->> 'field' = field and position(part in e ->> 'message') > 0)
    from jsonb_array_elements(tests.details(statement)) e), false);
$$;
grant execute on all functions in schema pg_temp to anon, authenticated;

-- Fixtures from the seed: the acme driver with the most delivered cash (D), two of those deliveries,
-- another acme driver's delivered cash delivery, an acme delivery not delivered, one without cash,
-- and globex's driver with a delivered cash delivery.
create temporary table fx (name text primary key, id uuid, amount numeric, email text);
insert into fx
select 'driver', x.driver_id, null, u.email
from public.deliveries x join auth.users u on u.id = x.driver_id
where x.tenant_id = 'a0000000-0000-4000-8000-000000000001' and x.status = 'delivered' and x.cod_amount > 0
group by x.driver_id, u.email order by count(*) desc, x.driver_id limit 1;
insert into fx
select 'd' || row_number() over (order by x.delivery_code), x.id, x.cod_amount, null
from (select * from public.deliveries x where x.driver_id = (select id from fx where name = 'driver')
  and x.status = 'delivered' and x.cod_amount > 0 order by x.delivery_code limit 3) x;
insert into fx
select 'other_driver_delivery', x.id, x.cod_amount, null from public.deliveries x
where x.tenant_id = 'a0000000-0000-4000-8000-000000000001' and x.status = 'delivered' and x.cod_amount > 0
  and x.driver_id <> (select id from fx where name = 'driver') order by x.delivery_code limit 1;
insert into fx
select 'not_delivered', x.id, x.cod_amount, null from public.deliveries x
where x.tenant_id = 'a0000000-0000-4000-8000-000000000001' and x.status <> 'delivered' order by x.delivery_code limit 1;
insert into fx
select 'no_cash', x.id, x.cod_amount, null from public.deliveries x
where x.driver_id = (select id from fx where name = 'driver') and x.status = 'delivered' and x.cod_amount = 0
order by x.delivery_code limit 1;
insert into fx
select 'globex_driver', x.driver_id, null, u.email from public.deliveries x join auth.users u on u.id = x.driver_id
where x.tenant_id = 'b0000000-0000-4000-8000-000000000001' and x.status = 'delivered' and x.cod_amount > 0
group by x.driver_id, u.email order by count(*) desc, x.driver_id limit 1;
insert into fx
select 'globex_delivery', x.id, x.cod_amount, null from public.deliveries x
where x.driver_id = (select id from fx where name = 'globex_driver') and x.status = 'delivered' and x.cod_amount > 0
order by x.delivery_code limit 1;
grant select on fx to anon, authenticated;

create function pg_temp.fx(n text) returns uuid language sql as $$ select id from fx where name = n $$;
create function pg_temp.amt(n text) returns numeric language sql as $$ select amount from fx where name = n $$;
grant execute on all functions in schema pg_temp to anon, authenticated;

select is((select count(*)::int from fx where id is not null), 9, 'seed: every fixture exists (an acme driver with three delivered cash deliveries and the rest)');
select is((select count(*)::int from public.remittances), 0, 'seed: nothing is remitted yet');

-- anon
select tests.act_as(null);
select throws_ok($$ select id from public.remittances $$, '42501', null, 'anon: cannot read remittances');
select throws_ok($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1')], pg_temp.amt('d1'), 'cash') $$,
  '42501', null, 'anon: cannot record');
select throws_ok($$ select * from public.driver_cash_summary() $$, '42501', null, 'anon: no cash summary');

-- customer and driver of acme
reset role;
select tests.act_as('customer@acme.test');
select is(pg_temp.refusal_key($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1')], 1, 'cash') $$),
  '42501 remit.not_allowed', 'acme customer: not allowed, keyed');
select is(pg_temp.refusal_key($$ select * from public.driver_cash_summary() $$),
  '42501 remit.cash_not_allowed', 'acme customer: sees no drivers'' cash, keyed');
select throws_ok($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1')], pg_temp.amt('d1'), 'cash') $$,
  '42501', 'Only admins and dispatchers can record remittances', 'customer: cannot record');
select throws_ok($$ select * from public.driver_cash_summary() $$, '42501', null, 'customer: no cash summary');
reset role;
select tests.act_as((select email from fx where name = 'driver'));
select throws_ok($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1')], pg_temp.amt('d1'), 'cash') $$,
  '42501', null, 'driver: cannot record their own remittance');
select throws_ok($$ select * from public.unremitted_deliveries(pg_temp.fx('driver')) $$, '42501', null, 'driver: cannot list deliveries to remit');

-- dispatcher of acme: the rules.
reset role;
select tests.act_as('dispatcher@acme.test');
select throws_ok($$ insert into public.remittances (driver_id, reference_number, amount, currency, method) values (pg_temp.fx('driver'), 'X-1', 1, 'USD', 'cash') $$,
  '42501', null, 'dispatcher: no direct insert');
select throws_ok($$ insert into public.remittance_deliveries (tenant_id, remittance_id, delivery_id, cod_amount) values ('a0000000-0000-4000-8000-000000000001', gen_random_uuid(), pg_temp.fx('d1'), 1) $$,
  '42501', null, 'dispatcher: no direct insert of covered deliveries');
select is((select count(*)::int from public.unremitted_deliveries(pg_temp.fx('driver')) u where u.id in (pg_temp.fx('d1'), pg_temp.fx('d2'), pg_temp.fx('d3'))), 3,
  'dispatcher: the driver''s delivered cash deliveries are there to remit');
select ok(pg_temp.has_detail($$ select public.record_remittance(null, array[pg_temp.fx('d1')], 1, 'cash') $$, 'driver_id', 'Choose a driver'), 'rule: a driver is required');
select ok(pg_temp.has_detail($$ select public.record_remittance(pg_temp.fx('globex_driver'), array[pg_temp.fx('d1')], 1, 'cash') $$, 'driver_id', 'Driver not found'),
  'rule: another tenant''s driver is not found');
select ok(pg_temp.has_detail($$ select public.record_remittance(pg_temp.fx('driver'), array[]::uuid[], 0, 'cash') $$, 'delivery_ids', 'Choose at least one delivery'),
  'rule: at least one delivery');
select ok(pg_temp.has_detail($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1'), pg_temp.fx('d1')], 1, 'cash') $$, 'delivery_ids', 'listed once'),
  'rule: a delivery listed twice');
select ok(pg_temp.has_detail($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('not_delivered')], 1, 'cash') $$, 'delivery_ids', 'is not delivered'),
  'rule: the delivery must be delivered');
select ok(pg_temp.has_detail($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('other_driver_delivery')], 1, 'cash') $$, 'delivery_ids', 'was not delivered by this driver'),
  'rule: the delivery must be the driver''s');
select ok(pg_temp.has_detail($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('no_cash')], 0, 'cash') $$, 'delivery_ids', 'has no cash on delivery'),
  'rule: the delivery must carry cash');
select ok(pg_temp.has_detail($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('globex_delivery')], 1, 'cash') $$, 'delivery_ids', 'not found'),
  'rule: another tenant''s delivery is not found');
select ok(pg_temp.has_detail($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1')], null, 'cash') $$, 'amount', 'Enter the amount'), 'rule: an amount is required');
select ok(pg_temp.has_detail($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1')], -1, 'cash') $$, 'amount', '0 or more'), 'rule: no negative amount');
select ok(pg_temp.has_detail($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1')], 1.005, 'cash') $$, 'amount', '2 decimals'), 'rule: cents at most');
select ok(pg_temp.has_detail($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1')], pg_temp.amt('d1'), 'cheque') $$, 'method', 'Choose a method'), 'rule: a known method');
select ok(pg_temp.has_detail($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1')], pg_temp.amt('d1') - 1, 'cash') $$, 'amount', 'must equal the cash'),
  'rule: a different amount without a reason is refused on amount');
select ok(pg_temp.has_detail($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1')], pg_temp.amt('d1') - 1, 'cash', '', '   ') $$, 'discrepancy_reason', 'Give the reason'),
  'rule: and on discrepancy_reason (a blank reason is no reason)');
select is(pg_temp.keys($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1')], pg_temp.amt('d1') - 1, 'cheque', repeat('n', 2001)) $$),
  'amount:remit.amount_mismatch discrepancy_reason:remit.reason_required method:remit.method_invalid note:remit.note_too_long',
  'keys: each refusal carries its key');
select is((select e -> 'params' from jsonb_array_elements(tests.details($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('not_delivered')], 1, 'cash') $$)) e),
  jsonb_build_object('code', (select delivery_code from public.deliveries where id = pg_temp.fx('not_delivered'))),
  'keys: a refused delivery names its code for the translated words');
select is(pg_temp.keys($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('globex_delivery'), gen_random_uuid()], 1, 'cash') $$),
  'delivery_ids:remit.deliveries_not_found', 'keys: deliveries not found, counted in the params');
select is((select count(*)::int from public.remittances), 0, 'rule: refusals changed nothing');

-- Recording: the exact amount, then a second one short with a reason.
select lives_ok($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1'), pg_temp.fx('d2')], pg_temp.amt('d1') + pg_temp.amt('d2'), 'cash', 'End of shift') $$,
  'dispatcher: records two deliveries for their exact cash');
select is((select count(*)::int from public.remittances), 1, 'dispatcher: one remittance');
select is((select r.amount from public.remittances r), pg_temp.amt('d1') + pg_temp.amt('d2'), 'the amount is stored');
select ok((select r.recorded_by = auth.uid() and r.tenant_id = 'a0000000-0000-4000-8000-000000000001' and r.method = 'cash' and r.reference_number like 'ACME-R%' from public.remittances r),
  'who recorded it, the tenant, the method and a reference');
select is((select array_agg(rd.cod_amount order by rd.cod_amount) from public.remittance_deliveries rd),
  (select array_agg(a order by a) from unnest(array[pg_temp.amt('d1'), pg_temp.amt('d2')]) a), 'each covered delivery''s cash is copied');
select ok(pg_temp.has_detail($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1')], pg_temp.amt('d1'), 'cash') $$, 'delivery_ids', 'is already remitted'),
  'once only: a remitted delivery is refused');
select lives_ok($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d3')], pg_temp.amt('d3') - 1, 'bank_transfer', '', 'Driver kept 1.00 for parking') $$,
  'dispatcher: a short amount with a reason is recorded');
select is((select discrepancy_reason from public.remittances where method = 'bank_transfer'), 'Driver kept 1.00 for parking', 'the reason is stored');
select is((select count(*)::int from public.unremitted_deliveries(pg_temp.fx('driver')) u where u.id in (pg_temp.fx('d1'), pg_temp.fx('d2'), pg_temp.fx('d3'))), 0,
  'remitted deliveries are no longer offered');
select ok((select s.remitted = pg_temp.amt('d1') + pg_temp.amt('d2') + pg_temp.amt('d3') - 1 and s.shortfall = 1
    and s.outstanding = s.collected - pg_temp.amt('d1') - pg_temp.amt('d2') - pg_temp.amt('d3')
    and s.collected = (select sum(x.cod_amount) from public.deliveries x where x.driver_id = pg_temp.fx('driver') and x.status = 'delivered')
  from public.driver_cash_summary() s where s.driver_id = pg_temp.fx('driver')),
  'summary: collected, remitted, outstanding and the shortfall of the driver');
select is((select count(*)::int from public.driver_cash_summary() s where s.driver_id = pg_temp.fx('globex_driver')), 0, 'summary: no globex driver');
select is((select count(*)::int from public.remittance_rows), 2, 'dispatcher: reads both in the history view');
select throws_ok($$ update public.remittances set amount = 0 $$, '42501', null, 'dispatcher: updates nothing');
select throws_ok($$ delete from public.remittances $$, '42501', null, 'dispatcher: deletes nothing');

-- The database holds once-only even past the function (as the owner).
reset role;
select throws_ok($$ insert into public.remittance_deliveries (tenant_id, remittance_id, delivery_id, cod_amount)
  select r.tenant_id, r.id, pg_temp.fx('d1'), 1 from public.remittances r limit 1 $$, '23505', null, 'owner: a delivery cannot be covered twice (unique)');

-- the driver reads their own; another acme driver and the customer read none.
select tests.act_as((select email from fx where name = 'driver'));
select is((select count(*)::int from public.remittances), 2, 'driver: reads their own remittances');
select is((select count(*)::int from public.remittance_deliveries), 3, 'driver: and what they cover');
reset role;
select tests.act_as('customer@acme.test');
select is((select count(*)::int from public.remittances), 0, 'customer: reads none');

-- admin of acme reads them and may record; globex's staff see none of acme's.
reset role;
select tests.act_as('admin@acme.test');
select is((select count(*)::int from public.remittance_rows where array_length(delivery_codes, 1) > 0), 2, 'admin: reads the history with the covered codes');
reset role;
select tests.act_as('dispatcher@globex.test');
select is((select count(*)::int from public.remittances), 0, 'globex dispatcher: reads none of acme''s');
select ok(pg_temp.has_detail($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1')], 1, 'cash') $$, 'driver_id', 'Driver not found'),
  'globex dispatcher: acme''s driver is not found');
select is(pg_temp.keys($$ select public.record_remittance(pg_temp.fx('driver'), array[pg_temp.fx('d1')], 1, 'cash') $$),
  'driver_id:remit.driver_not_found delivery_ids:remit.deliveries_not_found', 'globex dispatcher: acme''s driver and delivery, keyed');
reset role;
select tests.act_as('admin@globex.test');
select lives_ok($$ select public.record_remittance(pg_temp.fx('globex_driver'), array[pg_temp.fx('globex_delivery')], pg_temp.amt('globex_delivery'), 'card') $$,
  'globex admin: records for their own driver');
select is((select count(*)::int from public.remittances), 1, 'globex admin: reads only globex''s');

select * from finish();
rollback;
