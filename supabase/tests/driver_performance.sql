-- Driver performance and the assignments list, on a small fixed data set made here (rolled back):
-- two acme drivers and one globex driver, deliveries, assignments and the status machine's events
-- in the first week of March 2025 (acme's days are America/Los_Angeles, globex's Europe/London).
-- The numbers per driver, the range's edges in the tenant's time zone, who may ask (admins and
-- dispatchers; drivers and customers refused), and that another tenant's work is never counted.
begin;
select plan(40);

grant execute on all functions in schema pg_temp to anon, authenticated;

-- People: two acme drivers (A works, B does not), one globex driver (G).
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
  created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
select '00000000-0000-0000-0000-000000000000', x.id, 'authenticated', 'authenticated', x.email, '', now(),
  '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', ''
from (values
  ('a7700000-0000-4000-8000-000000000001'::uuid, 'perf.alice@acme.example'),
  ('a7700000-0000-4000-8000-000000000002'::uuid, 'perf.bruno@acme.example'),
  ('b7700000-0000-4000-8000-000000000001'::uuid, 'perf.gwen@globex.example')
) x (id, email);
insert into public.profiles (id, tenant_id, panel_type, roles, first_name, last_name, user_type, status)
values
  ('a7700000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'driver', array['driver'], 'Alice', 'Perf', 'individual', 'active'),
  ('a7700000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'driver', array['driver'], 'Bruno', 'Perf', 'individual', 'active'),
  ('b7700000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', 'driver', array['driver'], 'Gwen', 'Perf', 'individual', 'active');
insert into public.drivers (id, tenant_id, licence_number, licence_class, licence_expiry, status)
values
  ('a7700000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'PERF-A-001', 'standard', current_date + 400, 'available'),
  ('a7700000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'PERF-A-002', 'standard', current_date + 400, 'offline'),
  ('b7700000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', 'PERF-G-001', 'standard', current_date + 400, 'available');

-- Deliveries (as the owner, so status, milestones and times are the test's): code, driver, status,
-- drop-off window end, quote latest_at, cash on delivery.
create temporary table perf (
  code text, tenant uuid, driver uuid, status text, window_end timestamptz, latest_at timestamptz, cod numeric,
  assigned_at timestamptz, assignment_status text, responded boolean, outcome text, outcome_at timestamptz
);
insert into perf values
  -- A, in the range: on time (window), late (quote), rejected, failed, accepted then taken back, no deadline late at night.
  ('PERF-000001', 'a0000000-0000-4000-8000-000000000001', 'a7700000-0000-4000-8000-000000000001', 'delivered',
   '2025-03-02 18:00-08', null, 25.50, '2025-03-02 10:00-08', 'completed', true, 'delivered', '2025-03-02 12:00-08'),
  ('PERF-000002', 'a0000000-0000-4000-8000-000000000001', 'a7700000-0000-4000-8000-000000000001', 'delivered',
   null, '2025-03-03 12:00-08', 10, '2025-03-03 09:00-08', 'completed', true, 'delivered', '2025-03-03 15:00-08'),
  ('PERF-000003', 'a0000000-0000-4000-8000-000000000001', null, 'pending',
   null, null, 0, '2025-03-04 09:00-08', 'rejected', true, null, null),
  ('PERF-000004', 'a0000000-0000-4000-8000-000000000001', 'a7700000-0000-4000-8000-000000000001', 'failed',
   null, null, 99, '2025-03-05 09:00-08', 'completed', true, 'failed', '2025-03-05 11:00-08'),
  ('PERF-000005', 'a0000000-0000-4000-8000-000000000001', null, 'pending',
   null, null, 0, '2025-03-06 09:00-08', 'cancelled', true, null, null),
  ('PERF-000007', 'a0000000-0000-4000-8000-000000000001', 'a7700000-0000-4000-8000-000000000001', 'delivered',
   null, null, 0, '2025-03-07 23:00-08', 'completed', true, 'delivered', '2025-03-07 23:30-08'),
  -- A, outside the range: the week before, and half an hour after its last day ended in San Francisco.
  ('PERF-000006', 'a0000000-0000-4000-8000-000000000001', 'a7700000-0000-4000-8000-000000000001', 'delivered',
   null, null, 50, '2025-02-20 09:00-08', 'completed', true, 'delivered', '2025-02-20 10:00-08'),
  ('PERF-000008', 'a0000000-0000-4000-8000-000000000001', 'a7700000-0000-4000-8000-000000000001', 'delivered',
   null, null, 70, '2025-03-08 00:10-08', 'completed', true, 'delivered', '2025-03-08 00:30-08'),
  -- G (globex), in the range.
  ('PERF-000009', 'b0000000-0000-4000-8000-000000000001', 'b7700000-0000-4000-8000-000000000001', 'delivered',
   '2025-03-04 18:00+00', null, 40, '2025-03-04 09:00+00', 'completed', true, 'delivered', '2025-03-04 10:00+00');

insert into public.deliveries (tenant_id, delivery_code, barcode, kind, customer_id, pickup_address, pickup_lat, pickup_lng,
  dropoff_address, dropoff_lat, dropoff_lng, dropoff_window_start, dropoff_window_end, packages, service_id, price, price_override_reason,
  cod_amount, status, driver_id, assigned_at, delivered_at, failed_at, created_at)
select p.tenant,
  case when p.tenant = 'a0000000-0000-4000-8000-000000000001' then 'ACME-9' else 'GLOBEX-9' end || right(p.code, 5),
  case when p.tenant = 'a0000000-0000-4000-8000-000000000001' then 'ACME-9' else 'GLOBEX-9' end || right(p.code, 5),
  'delivery',
  case when p.tenant = 'a0000000-0000-4000-8000-000000000001' then 'a1000000-0000-4000-8000-000000000004'::uuid
    else 'b2000000-0000-4000-8000-000000000004'::uuid end,
  '{"full_address": "Pickup"}', 37.78, -122.41, '{"full_address": "Drop-off"}', 37.77, -122.42,
  p.window_end - interval '2 hours', p.window_end,
  '[{"description": "Box", "quantity": 1, "weight_kg": 2}]',
  case when p.tenant = 'a0000000-0000-4000-8000-000000000001' then 'a6100000-0000-4000-8000-000000000002'::uuid
    else 'b6100000-0000-4000-8000-000000000002'::uuid end,
  12, 'Test price', p.cod, p.status, p.driver,
  case when p.status in ('delivered', 'failed') then p.assigned_at end,
  case when p.outcome = 'delivered' then p.outcome_at end, case when p.outcome = 'failed' then p.outcome_at end,
  p.assigned_at - interval '1 hour'
from perf p;
-- The quote the owner's insert made (prices of today) is replaced by the test's: a latest time, or none.
update public.deliveries d set quote = case when p.latest_at is not null then jsonb_build_object('latest_at', p.latest_at) end
from perf p where d.delivery_code in ('ACME-9' || right(p.code, 5), 'GLOBEX-9' || right(p.code, 5));

insert into public.assignments (tenant_id, delivery_id, driver_id, vehicle_id, assigned_by, assignment_time, status,
  responded_at, rejection_reason, completed_at, cancelled_at)
select p.tenant, d.id, coalesce(p.driver, 'a7700000-0000-4000-8000-000000000001'),
  case when p.tenant = 'a0000000-0000-4000-8000-000000000001' then 'a3000000-0000-4000-8000-000000000001'::uuid
    else 'b3000000-0000-4000-8000-000000000001'::uuid end,
  case when p.tenant = 'a0000000-0000-4000-8000-000000000001' then 'a1000000-0000-4000-8000-000000000002'::uuid
    else 'b2000000-0000-4000-8000-000000000002'::uuid end,
  p.assigned_at, p.assignment_status,
  case when p.responded then p.assigned_at + interval '5 minutes' end,
  case when p.assignment_status = 'rejected' then 'Van is full' end,
  p.outcome_at, case when p.assignment_status = 'cancelled' then p.assigned_at + interval '1 hour' end
from perf p
join public.deliveries d on d.delivery_code = case when p.tenant = 'a0000000-0000-4000-8000-000000000001' then 'ACME-9' else 'GLOBEX-9' end || right(p.code, 5);

insert into public.delivery_events (tenant_id, delivery_id, action, status, from_status, occurred_at, driver_id, assignment_id)
select a.tenant_id, a.delivery_id, 'status', p.outcome, 'in_transit', p.outcome_at, a.driver_id, a.id
from perf p
join public.deliveries d on d.delivery_code = case when p.tenant = 'a0000000-0000-4000-8000-000000000001' then 'ACME-9' else 'GLOBEX-9' end || right(p.code, 5)
join public.assignments a on a.delivery_id = d.id
where p.outcome is not null;

-- Admin of acme: the numbers of A over 2 to 7 March (San Francisco days).
select tests.act_as('admin@acme.test');
create temporary table acme_admin as select * from public.driver_performance('2025-03-02', '2025-03-07');
select is((select assigned from acme_admin where driver_id = 'a7700000-0000-4000-8000-000000000001'), 6, 'A: six assignments made in the range');
select is((select accepted from acme_admin where driver_id = 'a7700000-0000-4000-8000-000000000001'), 5, 'A: five accepted (one later taken back by staff still counts)');
select is((select rejected from acme_admin where driver_id = 'a7700000-0000-4000-8000-000000000001'), 1, 'A: one rejected');
select is((select acceptance_rate from acme_admin where driver_id = 'a7700000-0000-4000-8000-000000000001'), 0.8333, 'A: acceptance rate 5 of 6 answers');
select is((select completed from acme_admin where driver_id = 'a7700000-0000-4000-8000-000000000001'), 3,
  'A: three delivered in the range (23:30 on its last day counts, 00:30 the day after does not)');
select is((select failed from acme_admin where driver_id = 'a7700000-0000-4000-8000-000000000001'), 1, 'A: one failed');
select is((select with_deadline from acme_admin where driver_id = 'a7700000-0000-4000-8000-000000000001'), 2, 'A: two deliveries had a deadline (window or quote)');
select is((select on_time from acme_admin where driver_id = 'a7700000-0000-4000-8000-000000000001'), 1, 'A: one inside its window, one after the quote''s latest time');
select is((select on_time_rate from acme_admin where driver_id = 'a7700000-0000-4000-8000-000000000001'), 0.5000, 'A: on-time rate one half');
select is((select avg_assignment_to_delivered_minutes from acme_admin where driver_id = 'a7700000-0000-4000-8000-000000000001'), 170.0,
  'A: (120 + 360 + 30) / 3 minutes from assignment to delivered');
select is((select cod_collected from acme_admin where driver_id = 'a7700000-0000-4000-8000-000000000001'), 35.50::numeric,
  'A: cash collected on the delivered ones only (not the failed one''s)');
select is((select currency from acme_admin where driver_id = 'a7700000-0000-4000-8000-000000000001'), 'USD', 'acme counts in USD');
select is((select row(assigned, completed, failed, cod_collected)::text from acme_admin where driver_id = 'a7700000-0000-4000-8000-000000000002'),
  '(0,0,0,0.00)', 'B: listed with zeros');
select is((select acceptance_rate from acme_admin where driver_id = 'a7700000-0000-4000-8000-000000000002'), null, 'B: no rate without answers');
select is((select count(*)::int from acme_admin where driver_id = 'b7700000-0000-4000-8000-000000000001'), 0, 'acme admin: globex''s driver is not there');
select is((select count(*)::int from acme_admin a join public.drivers r on r.id = a.driver_id where r.tenant_id <> 'a0000000-0000-4000-8000-000000000001'),
  0, 'acme admin: only acme drivers');

-- The chart: per day of the range, zeros included.
select is((select array_agg(completed order by day) from public.driver_completed_per_day('2025-03-02', '2025-03-07', 'a7700000-0000-4000-8000-000000000001')),
  array[1, 1, 0, 0, 0, 1], 'A per day, 2 to 7 March (23:30 on the 7th in San Francisco is the 7th)');
select is((select array_agg(completed order by day) from public.driver_completed_per_day('2025-03-02', '2025-03-08', 'a7700000-0000-4000-8000-000000000001')),
  array[1, 1, 0, 0, 0, 1, 1], 'A per day, 2 to 8 March');
select is((select count(*)::int from public.driver_completed_per_day('2025-03-02', '2025-03-07')), 6, 'the tenant''s chart has a row per day');
select is((select sum(completed)::int from public.driver_completed_per_day('2025-03-02', '2025-03-07')), 3, 'the tenant''s chart: acme''s deliveries only (globex''s is not counted)');
select is((select count(*)::int from public.driver_completed_per_day()), 30, 'default range: the last 30 days, today included');

-- Refusals with details.
select is(tests.details($$ select * from public.driver_performance('2025-03-07', '2025-03-02') $$),
  '[{"key": "performance.range_reversed", "field": "to_date", "message": "The end date must not be before the start date"}]', 'a range that ends before it starts');
select is(tests.details($$ select * from public.driver_completed_per_day('2024-01-01', '2025-03-02') $$),
  '[{"key": "performance.range_too_long", "field": "from_date", "message": "Choose a range of at most 366 days", "params": {"max": 366}}]', 'a range over a year');

-- The list: admins see A's assignments through the filter; the driver sees their own only.
select is((public.list_assignments(null, null, 1, 25, null, 'a7700000-0000-4000-8000-000000000001') ->> 'total')::int, 8, 'list: acme admin, filter by A');
select is((public.list_assignments(null, 'ACME-900007', 1, 25) -> 'assignments' -> 0 -> 'delivery' ->> 'delivery_code'), 'ACME-900007', 'list: search by delivery code');
select is((public.list_assignments(null, null, 1, 25, 'rejected', 'a7700000-0000-4000-8000-000000000001') -> 'assignments' -> 0 -> 'drivers' -> 'user' ->> 'full_name'),
  'Alice Perf', 'list: the driver''s name, status filter');
select is((public.list_assignments(null, null, 2, 3, null, 'a7700000-0000-4000-8000-000000000001') -> 'assignments' -> 0 ->> 'assignment_time')::timestamptz,
  '2025-03-05 09:00-08'::timestamptz, 'list: page 2 of 3 rows, newest first');
select is(tests.details($$ select public.list_assignments(null, null, 0, 500) $$),
  '[{"key": "assignments.page_invalid", "field": "page", "message": "Page must be 1 or more", "params": {"min": 1}}, {"key": "assignments.limit_range", "field": "limit", "message": "Limit must be from 1 to 100", "params": {"min": 1, "max": 100}}]', 'list: page and limit checked');

-- Dispatcher of acme: allowed, same numbers.
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select completed from public.driver_performance('2025-03-02', '2025-03-07') where driver_id = 'a7700000-0000-4000-8000-000000000001'), 3, 'dispatcher: allowed, same numbers');

-- Driver and customer: refused.
reset role;
select tests.act_as('perf.alice@acme.example');
select throws_ok($$ select * from public.driver_performance('2025-03-02', '2025-03-07') $$, '42501',
  'Only admins and dispatchers can see driver performance', 'driver: refused, even for their own numbers');
select throws_ok($$ select * from public.driver_completed_per_day('2025-03-02', '2025-03-07') $$, '42501', null, 'driver: the chart refused');
select is((public.list_assignments(null, null, 1, 25) ->> 'total')::int, 8, 'list: a driver sees their own assignments');
select is((select count(*)::int from jsonb_array_elements(public.list_assignments(null, null, 1, 25) -> 'assignments') x
  where x ->> 'driver_id' <> 'a7700000-0000-4000-8000-000000000001'), 0, 'list: and no one else''s');
reset role;
select tests.act_as('customer@acme.test');
select throws_ok($$ select * from public.driver_performance('2025-03-02', '2025-03-07') $$, '42501', null, 'customer: refused');
select is((public.list_assignments(null, null, 1, 25) ->> 'total')::int, 0, 'list: a customer sees no assignment');
reset role;
select tests.act_as(null);
select throws_ok($$ select * from public.driver_performance() $$, '42501', null, 'anon: cannot call it');

-- Globex's admin: G only, never acme's work.
reset role;
select tests.act_as('admin@globex.test');
create temporary table globex_admin as select * from public.driver_performance('2025-03-02', '2025-03-07');
select is((select row(assigned, completed, on_time, with_deadline, cod_collected, currency)::text from globex_admin
  where driver_id = 'b7700000-0000-4000-8000-000000000001'), '(1,1,1,1,40.00,GBP)', 'globex admin: G''s numbers in GBP');
select is((select count(*)::int from globex_admin where driver_id::text like 'a%'), 0, 'globex admin: no acme driver');
select is((public.list_assignments(null, null, 1, 25, null, 'a7700000-0000-4000-8000-000000000001') ->> 'total')::int, 0, 'list: globex admin sees none of acme''s');
select is((public.list_assignments('a0000000-0000-4000-8000-000000000001', null, 1, 25) ->> 'total')::int, 0, 'list: naming acme''s tenant id reveals nothing');

select * from finish();
rollback;
