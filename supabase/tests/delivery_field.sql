-- What the field hears: a driver's own work topic, the notifications of delivery events, and the
-- public tracking function and topic (whitelisted fields only, rate-limited, neutral not-found).
begin;
select plan(46);

insert into public.drivers (id, tenant_id, licence_number, licence_class, licence_expiry)
values ('a1000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'TEST-DEREK-2', 'standard', current_date + 365),
       ('a1000000-0000-4000-8000-000000000103', 'a0000000-0000-4000-8000-000000000001', 'TEST-LUIS-2', 'standard', current_date + 365)
on conflict (id) do nothing;
update public.drivers set licence_class = 'standard', licence_expiry = current_date + 365, status = 'available',
  last_lat = null, last_lng = null, last_position_at = null
where id in ('a1000000-0000-4000-8000-000000000003', 'a1000000-0000-4000-8000-000000000103');
update public.vehicles set active = true where id = 'a3000000-0000-4000-8000-000000000001';

-- Topics
select ok(tests.may_receive('driver@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:driver_work:a1000000-0000-4000-8000-000000000003'),
  'a driver joins their own work topic');
select ok(not tests.may_receive('luis.ortega@acmelogistics.example', 'tenant:a0000000-0000-4000-8000-000000000001:driver_work:a1000000-0000-4000-8000-000000000003'),
  'another driver does not');
select ok(not tests.may_receive('dispatcher@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:driver_work:a1000000-0000-4000-8000-000000000002'),
  'a dispatcher has no work topic of their own');
select ok(not tests.may_receive('admin@globex.test', 'tenant:a0000000-0000-4000-8000-000000000001:driver_work:b2000000-0000-4000-8000-000000000001'),
  'nobody joins another tenant''s work topic');
select ok(tests.may_receive('driver@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:notifications:a1000000-0000-4000-8000-000000000003'),
  'notification topics still work');

-- A delivery assigned, accepted, moved on and delivered, watching messages and notifications.
delete from realtime.messages;
create temp table fx (delivery uuid, assignment uuid, token text, code text);
grant all on fx to anon, authenticated;
reset role;
select tests.act_as('dispatcher@acme.test');
with x as (
  insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id, dropoff_window_start, dropoff_window_end)
  values ('a1000000-0000-4000-8000-000000000004', '{"full_address": "1 Market St, San Francisco", "address_line1": "1 Market St", "city": "San Francisco"}', 37.794, -122.395,
    '{"full_address": "600 Mission St, San Francisco", "address_line1": "600 Mission St", "city": "San Francisco", "country": "US", "contact_info": {"full_name": "Carla Customer", "phone": "+1 415 555 0104"}}', 37.775, -122.41,
    '[{"quantity": 1, "weight_kg": 2}]', 'a6100000-0000-4000-8000-000000000002', now(), now() + interval '3 hours')
  returning id)
insert into fx (delivery) select id from x;
reset role;
update fx set token = (select tracking_token from public.deliveries where id = fx.delivery),
  code = (select delivery_code from public.deliveries where id = fx.delivery);
select tests.act_as('dispatcher@acme.test');
insert into public.assignments (delivery_id, driver_id, vehicle_id)
  select delivery, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001' from fx;
reset role;
update fx set assignment = (select id from public.assignments where delivery_id = fx.delivery);

select is((select title from public.notifications where user_id = 'a1000000-0000-4000-8000-000000000004' and title like '% is booked'),
  'Your delivery ' || (select code from fx) || ' is booked', 'the customer hears that a delivery was booked for them');
select ok(exists (select 1 from realtime.messages where topic = 'tenant:a0000000-0000-4000-8000-000000000001:notifications:a1000000-0000-4000-8000-000000000004'
  and payload #>> '{record,title}' = 'Your delivery ' || (select code from fx) || ' is booked'),
  'on their notifications topic, which their dashboard follows');
select ok(exists (select 1 from realtime.messages where topic = 'tenant:a0000000-0000-4000-8000-000000000001:driver_work:a1000000-0000-4000-8000-000000000003'
  and payload ->> 'table' = 'assignments' and payload #>> '{record,id}' = (select assignment::text from fx)),
  'the new assignment reaches the driver''s work topic');
select ok(exists (select 1 from realtime.messages where topic = 'tenant:a0000000-0000-4000-8000-000000000001:driver_work:a1000000-0000-4000-8000-000000000003'
  and payload ->> 'table' = 'deliveries' and payload #>> '{record,status}' = 'assigned'),
  'and the delivery, now assigned to them');
select ok((select bool_and(private) from realtime.messages where topic like '%:driver_work:%'), 'work messages are private');
select is((select title from public.notifications where user_id = 'a1000000-0000-4000-8000-000000000003' order by created_at desc limit 1),
  'New delivery ' || (select code from fx), 'the driver is notified of the assignment');
select is((select link from public.notifications where user_id = 'a1000000-0000-4000-8000-000000000003' order by created_at desc limit 1),
  '/acme/driver', 'the driver''s notification opens their dashboard');

-- Reassigning tells the first driver it left them
delete from realtime.messages;
select tests.act_as('dispatcher@acme.test');
update public.assignments set driver_id = 'a1000000-0000-4000-8000-000000000103' where id = (select assignment from fx);
reset role;
select ok(exists (select 1 from realtime.messages where topic = 'tenant:a0000000-0000-4000-8000-000000000001:driver_work:a1000000-0000-4000-8000-000000000003'
  and event = 'DELETE' and payload ->> 'table' = 'assignments'), 'the first driver hears the assignment left them');
select ok(exists (select 1 from realtime.messages where topic = 'tenant:a0000000-0000-4000-8000-000000000001:driver_work:a1000000-0000-4000-8000-000000000103'
  and payload ->> 'table' = 'deliveries'), 'the new driver hears of the delivery');
select ok(exists (select 1 from public.notifications where user_id = 'a1000000-0000-4000-8000-000000000003'
  and title = (select code from fx) || ' was given to another driver'), 'the first driver is told');
select tests.act_as('dispatcher@acme.test');
update public.assignments set driver_id = 'a1000000-0000-4000-8000-000000000003' where id = (select assignment from fx);

-- Acceptance notifies the assigner
reset role;
select tests.act_as('driver@acme.test');
select public.respond_to_assignment((select assignment from fx), true);
reset role;
select is((select title from public.notifications where user_id = 'a1000000-0000-4000-8000-000000000002' order by created_at desc limit 1),
  'Derek Driver accepted ' || (select code from fx), 'the dispatcher who assigned it hears of the acceptance');
select is((select link from public.notifications where user_id = 'a1000000-0000-4000-8000-000000000002' order by created_at desc limit 1),
  '/acme/dispatcher?delivery=' || (select delivery::text from fx), 'the dispatcher''s link selects the delivery on the board');

-- Tracking before pickup
select tests.act_as(null);
create temp table seen (step text primary key, view jsonb);
grant all on seen to anon, authenticated;
insert into seen select 'accepted', public.track_delivery((select token from fx));
select is((select view ->> 'status' from seen where step = 'accepted'), 'accepted', 'anon tracks a delivery by its token');
select is((select view ->> 'code' from seen where step = 'accepted'), (select code from fx), 'with its code');
select is((select jsonb_array_length(view -> 'timeline') from seen where step = 'accepted'), 2, 'the timeline: created and accepted');
select is((select view -> 'destination' from seen where step = 'accepted'), '{"city": "San Francisco", "country": "US"}'::jsonb, 'only the recipient''s city');
select is((select view -> 'driver' from seen where step = 'accepted'), null, 'no driver before the delivery is in transit');
select ok((select view ? 'window' from seen where step = 'accepted'), 'the expected window');
select is((select view #>> '{business,name,en}' from seen where step = 'accepted'), 'Acme Logistics', 'the business''s public face');
select is((select array_agg(k order by k) from seen, jsonb_object_keys(view) k where step = 'accepted'),
  array['business', 'code', 'created_at', 'destination', 'kind', 'language', 'status', 'timeline', 'updated_at', 'window'], 'nothing outside the list (the recipient''s language from their preference, never who they are)');
-- A phone as the seed writes it ('+1 415 555 0104'): a bare '555' also matched the view's timestamps (08:49:55.5...).
select ok((select view::text !~* '(Carla|Customer|415 555|Mission St|Market St|Derek|tracking_token|a1000000)' from seen where step = 'accepted'),
  'no names, phones, streets, tokens or ids');
select is(public.track_delivery('0123456789abcdef0123456789abcdef') ->> 'message', 'No delivery matches this tracking link', 'an unknown token');
select is(current_setting('response.status', true), '404', 'answered with status 404');
select is(public.track_delivery('ACME-000001') ->> 'code', 'PT404', 'a code is not a token');
select is(public.track_delivery(null) ->> 'code', 'PT404', 'no token');
reset role;
select ok(tests.may_receive(null, 'tracking:' || (select token from fx)), 'anon joins the tracking topic of a token');
select ok(not tests.may_receive(null, 'tracking:0123456789abcdef0123456789abcdef'), 'not of an unknown token');
select ok(not tests.may_receive(null, 'tracking:' || (select delivery::text from fx)), 'not by the delivery id');

-- In transit: the driver's first name, and the position only while fresh
select tests.act_as('driver@acme.test');
select public.transition_delivery((select delivery from fx), 'picked_up');
select public.transition_delivery((select delivery from fx), 'in_transit');
reset role;
update public.drivers set last_lat = 37.78, last_lng = -122.40, last_position_at = now() - interval '30 seconds'
where id = 'a1000000-0000-4000-8000-000000000003';
select tests.act_as(null);
insert into seen select 'in_transit', public.track_delivery((select token from fx));
select is((select view #>> '{driver,first_name}' from seen where step = 'in_transit'), 'Derek', 'in transit: the driver''s first name');
select is((select (view #>> '{driver,position,lat}')::float8 from seen where step = 'in_transit'), 37.78::float8, 'and a fresh position');
select ok((select (view ->> 'estimate')::timestamptz > now() from seen where step = 'in_transit'), 'and a live estimate');
reset role;
select ok(exists (select 1 from realtime.messages where topic = 'tracking:' || (select token from fx) and payload #>> '{driver,position,lat}' = '37.78'),
  'the fix reached the tracking topic');
update public.drivers set last_position_at = now() - interval '3 minutes' where id = 'a1000000-0000-4000-8000-000000000003';
select tests.act_as(null);
insert into seen select 'stale', public.track_delivery((select token from fx));
select is((select view #> '{driver,position}' from seen where step = 'stale'), null, 'a fix older than 2 minutes is hidden');

-- Delivered
reset role;
select tests.act_as('driver@acme.test');
select public.transition_delivery((select delivery from fx), 'delivered',
  proof => jsonb_build_object('recipient_name', 'Carla', 'photo_urls', jsonb_build_array('a0000000-0000-4000-8000-000000000001/' || (select delivery from fx) || '/door.jpg')));
select tests.act_as(null);
insert into seen select 'delivered', public.track_delivery((select token from fx));
select is((select view -> 'driver' from seen where step = 'delivered'), null, 'after completion the driver is gone');
select is((select view -> 'proof' from seen where step = 'delivered'), '{"photos": 1, "signature": false}'::jsonb, 'the proof''s shape, not its files or names');
reset role;
select ok(exists (select 1 from public.notifications where user_id = 'a1000000-0000-4000-8000-000000000004'
  and title = 'Your delivery ' || (select code from fx) || ' is on its way'), 'the customer hears of the pickup');
select ok(exists (select 1 from public.notifications where user_id = 'a1000000-0000-4000-8000-000000000004'
  and title = 'Your delivery ' || (select code from fx) || ' was delivered'), 'and of the delivery');

-- Rate limit
delete from private.rate_limits;
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.9"}', true);
select tests.act_as(null);
select is((select count(*)::int from generate_series(1, 60) g, lateral (select public.track_delivery((select token from fx) || left(g::text, 0))) t), 60, 'sixty lookups a minute pass');
select throws_ok(format($$ select public.track_delivery(%L) $$, (select token from fx)), 'PT429', 'Too many tracking lookups; try again in a minute', 'the sixty-first is refused');
reset role;
delete from private.rate_limits;
select tests.act_as(null);
select is((select count(*)::int from generate_series(1, 60) g, lateral (select public.track_delivery(md5(g::text))) t), 60, 'unknown tokens count too');
select throws_ok($$ select public.track_delivery('0123456789abcdef0123456789abcdef') $$, 'PT429', 'Too many tracking lookups; try again in a minute',
  'guessing is limited like any lookup');

reset role;
select * from finish();
rollback;
