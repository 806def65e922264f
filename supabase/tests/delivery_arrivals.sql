-- The driver app's missing steps (record_delivery_arrival) and failure photos (transition_delivery
-- with proof when failing), as each role of both tenants; the tracking page's arrivals and the
-- service-role-only tracking_proof_photos behind the tracking-proof edge function.
begin;
select plan(45);

insert into public.drivers (id, tenant_id, licence_number, licence_class, licence_expiry)
values ('a1000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'TEST-DEREK-7', 'standard', current_date + 365)
on conflict (id) do nothing;
update public.drivers set licence_class = 'standard', licence_expiry = current_date + 365 where id = 'a1000000-0000-4000-8000-000000000003';
update public.vehicles set active = true where id = 'a3000000-0000-4000-8000-000000000001';

create temp table fx (name text primary key, delivery uuid, folder text, token text);
grant all on fx to authenticated, anon, service_role;

-- Two deliveries for Carla, accepted by Derek.
select tests.act_as('dispatcher@acme.test');
with x as (
  insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
  select 'a1000000-0000-4000-8000-000000000004', '{"full_address": "1 Market St"}', 37.794, -122.395,
    '{"full_address": "600 Mission St, San Francisco", "city": "San Francisco"}', 37.775, -122.41,
    '[{"quantity": 1, "weight_kg": 2}]', 'a6100000-0000-4000-8000-000000000002'
  from generate_series(1, 2)
  returning id, tracking_token)
insert into fx (name, delivery, token) select case when row_number() over (order by id) = 1 then 'arrive' else 'proof' end, id, tracking_token from x;
update fx set folder = 'a0000000-0000-4000-8000-000000000001/' || delivery || '/';
insert into public.assignments (delivery_id, driver_id, vehicle_id)
  select delivery, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001' from fx;
reset role;
select tests.act_as('driver@acme.test');
select public.respond_to_assignment(a.id, true) from public.assignments a join fx on fx.delivery = a.delivery_id;

create function pg_temp.arrive(who text, stop text, key text default null, at timestamptz default null) returns text
language plpgsql
as $$
declare
  e public.delivery_events;
  d text;
begin
  perform tests.act_as(who);
  begin
    e := public.record_delivery_arrival((select delivery from fx where name = 'arrive'), stop, 37.79, -122.39, at, key);
  exception when others then
    get stacked diagnostics d = pg_exception_detail;
    reset role;
    return sqlstate || coalesce(': ' || (select string_agg(x ->> 'field', ',') from jsonb_array_elements(nullif(d, '')::jsonb) x), '');
  end;
  reset role;
  return e.action || '@' || e.status;
end;
$$;
reset role;

-- Who may record an arrival
select is(pg_temp.arrive('dispatcher@acme.test', 'pickup'), '42501', 'a dispatcher does not arrive anywhere');
select is(pg_temp.arrive('admin@acme.test', 'pickup'), '42501', 'nor an admin');
select is(pg_temp.arrive('customer@acme.test', 'pickup'), '42501', 'nor the delivery''s customer');
select is(pg_temp.arrive('business@acme.test', 'pickup'), 'PT404', 'another customer of the tenant does not see it');
select is(pg_temp.arrive('driver@globex.test', 'pickup'), 'PT404', 'another tenant''s driver does not see it');
select is(pg_temp.arrive('dispatcher@globex.test', 'pickup'), 'PT404', 'another tenant''s dispatcher does not see it');
select tests.act_as(null);
select throws_ok($$ select public.record_delivery_arrival((select delivery from fx where name = 'arrive'), 'pickup') $$, '42501', null, 'anon cannot call it');
reset role;

-- Its rules
select is(pg_temp.arrive('driver@acme.test', 'door'), '23514: stop', 'a stop is pickup or dropoff');
select is(pg_temp.arrive('driver@acme.test', 'dropoff'), '23514: status', 'not at the drop-off of an accepted delivery');
select is(pg_temp.arrive('driver@acme.test', 'pickup', 'bad key'), '23514: idempotency_key', 'the key''s format');
select is(pg_temp.arrive('driver@acme.test', 'pickup', null, now() + interval '1 hour'), '23514: occurred_at', 'not in the future');
select is((select count(*)::int from public.delivery_events where delivery_id = (select delivery from fx where name = 'arrive') and action like 'arrived%'), 0,
  'no refused arrival left a trace');
select is(pg_temp.arrive('driver@acme.test', 'pickup', 'drv:arrive-pickup-1', now() - interval '30 seconds'), 'arrived_pickup@accepted',
  'the carrying driver arrives at the pickup of an accepted delivery');
select is((select occurred_at from public.delivery_events where idempotency_key = 'drv:arrive-pickup-1'), now() - interval '30 seconds',
  'at the device''s time');
select is(pg_temp.arrive('driver@acme.test', 'pickup', 'drv:arrive-pickup-1'), 'arrived_pickup@accepted', 'the same key again');
select is(pg_temp.arrive('driver@acme.test', 'pickup', 'drv:arrive-pickup-2'), 'arrived_pickup@accepted', 'another tap');
select is((select count(*)::int from public.delivery_events where delivery_id = (select delivery from fx where name = 'arrive') and action = 'arrived_pickup'), 1,
  'is recorded once');

select tests.act_as('driver@acme.test');
select public.transition_delivery((select delivery from fx where name = 'arrive'), 'picked_up');
reset role;
select is(pg_temp.arrive('driver@acme.test', 'pickup', 'drv:arrive-pickup-3'), '23514: status', 'no arrival at the pickup once picked up');
select is(pg_temp.arrive('driver@acme.test', 'dropoff'), '23514: status', 'nor at the drop-off before in transit');
select tests.act_as('driver@acme.test');
select public.transition_delivery((select delivery from fx where name = 'arrive'), 'in_transit');
reset role;
select is(pg_temp.arrive('driver@acme.test', 'dropoff', 'drv:arrive-dropoff-1'), 'arrived_dropoff@in_transit', 'arrived at the drop-off while in transit');
select is(pg_temp.arrive('dispatcher@acme.test', 'dropoff'), '42501', 'still not staff');

-- Who reads arrivals: whoever reads the delivery
select tests.act_as('customer@acme.test');
select is((select count(*)::int from public.delivery_events where delivery_id = (select delivery from fx where name = 'arrive') and action like 'arrived%'), 2, 'the customer reads them');
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select count(*)::int from public.delivery_events where delivery_id = (select delivery from fx where name = 'arrive') and action like 'arrived%'), 2, 'the dispatcher reads them');
reset role;
select tests.act_as('dispatcher@globex.test');
select is((select count(*)::int from public.delivery_events where delivery_id = (select delivery from fx where name = 'arrive')), 0, 'another tenant reads nothing');
reset role;
select tests.act_as('customer@globex.test');
select is((select count(*)::int from public.delivery_events where delivery_id = (select delivery from fx where name = 'arrive')), 0, 'nor its customer');
reset role;
select tests.act_as(null);
select is((select jsonb_agg(x ->> 'stop') from jsonb_array_elements(public.track_delivery((select token from fx where name = 'arrive')) -> 'arrivals') x),
  '["pickup", "dropoff"]'::jsonb, 'the tracking page lists the arrivals as sub-steps');
select ok((public.track_delivery((select token from fx where name = 'arrive')) -> 'arrivals' -> 0) - array['stop', 'at'] = '{}'::jsonb,
  'with their stop and time only');
reset role;

-- driver_door_notes: the carrying driver's door notes in one call, keyed by delivery
reset role;
update public.deliveries set dropoff_address = dropoff_address || '{"delivery_instructions": "Side gate"}'::jsonb
where id = (select delivery from fx where name = 'proof');
select tests.act_as('driver@acme.test');
select ok(public.driver_door_notes() ? (select delivery::text from fx where name = 'proof'), 'the carrying driver gets the door notes of their work');
select is(public.driver_door_notes() -> (select delivery::text from fx where name = 'proof'), public.delivery_instructions((select delivery from fx where name = 'proof')),
  'the same object delivery_instructions answers');
reset role;
select tests.act_as('driver@globex.test');
select is(public.driver_door_notes(), '{}'::jsonb, 'another tenant''s driver gets none of them');
reset role;
select tests.act_as('dispatcher@acme.test');
select is(public.driver_door_notes(), '{}'::jsonb, 'staff are no drivers: nothing');
reset role;
select tests.act_as('customer@acme.test');
select is(public.driver_door_notes(), '{}'::jsonb, 'nor is the customer');
reset role;

-- Failure photos
create function pg_temp.fail(who text, proof jsonb) returns text
language plpgsql
as $$
declare
  d text;
begin
  perform tests.act_as(who);
  begin
    perform public.transition_delivery((select delivery from fx where name = 'arrive'), 'failed', 'Recipient not available', proof => proof);
  exception when others then
    get stacked diagnostics d = pg_exception_detail;
    reset role;
    return sqlstate || coalesce(': ' || (select string_agg(x ->> 'message', '; ') from jsonb_array_elements(nullif(d, '')::jsonb) x), '');
  end;
  reset role;
  return 'failed';
end;
$$;
select is(pg_temp.fail('driver@acme.test', '{"photo_urls": ["a0000000-0000-4000-8000-000000000001/other/door.jpg"]}'),
  '23514: Proof files must be uploaded to this delivery''s folder of the proofs bucket', 'a failure photo of another folder is refused');
select is(pg_temp.fail('driver@acme.test', jsonb_build_object('signature_url', (select folder from fx where name = 'arrive') || 'sig.png')),
  '23514: A failure''s proof holds photos and notes only', 'no signature on a failure');
select is(pg_temp.fail('driver@acme.test', '{"photo_urls": "door.jpg"}'), '23514: photo_urls must be at most 10 file references', 'the proof''s shape is checked');
select tests.act_as('driver@acme.test');
select throws_ok($$ select public.transition_delivery((select delivery from fx where name = 'proof'), 'picked_up', proof => '{"notes": "x"}') $$,
  '23514', 'Validation failed', 'no proof on other moves');
reset role;
select is(pg_temp.fail('driver@acme.test', jsonb_build_object('photo_urls', jsonb_build_array((select folder from fx where name = 'arrive') || 'failure-1.jpg'), 'notes', 'Gate locked')),
  'failed', 'the driver fails it with a photo of the delivery''s folder');
select is((select proof -> 'photo_urls' ->> 0 from public.deliveries where id = (select delivery from fx where name = 'arrive')),
  (select folder from fx where name = 'arrive') || 'failure-1.jpg', 'the photo is on the delivery');
select is((select proof ->> 'notes' from public.delivery_events where delivery_id = (select delivery from fx where name = 'arrive') and status = 'failed'),
  'Gate locked', 'and on the failure event');
select tests.act_as('customer@acme.test');
select is((select count(*)::int from public.delivery_events where delivery_id = (select delivery from fx where name = 'arrive') and proof is not null), 1,
  'the customer reads the failure''s proof');
reset role;

-- tracking_proof_photos: the service role only, photos only, after delivery only
select tests.act_as(null);
select throws_ok($$ select public.tracking_proof_photos((select token from fx where name = 'proof')) $$, '42501', null, 'anon cannot call it');
reset role;
select tests.act_as('customer@acme.test');
select throws_ok($$ select public.tracking_proof_photos((select token from fx where name = 'proof')) $$, '42501', null, 'nor a signed-in customer');
reset role;
select tests.act_as('driver@acme.test');
select public.transition_delivery((select delivery from fx where name = 'proof'), 'picked_up');
select public.transition_delivery((select delivery from fx where name = 'proof'), 'in_transit');
reset role;
select set_config('request.jwt.claims', '{"role":"service_role"}', true);
select set_config('role', 'service_role', true);
select is(public.tracking_proof_photos((select token from fx where name = 'proof')), '{"status": "in_transit", "photos": []}'::jsonb, 'no photos before delivery');
reset role;
select tests.act_as('driver@acme.test');
select public.transition_delivery((select delivery from fx where name = 'proof'), 'delivered', proof => jsonb_build_object(
  'signature_url', (select folder from fx where name = 'proof') || 'signature-1.png',
  'photo_urls', jsonb_build_array((select folder from fx where name = 'proof') || 'photo-1.jpg', (select folder from fx where name = 'proof') || 'photo-2.jpg'),
  'recipient_name', 'Carla Customer'));
reset role;
select set_config('request.jwt.claims', '{"role":"service_role"}', true);
select set_config('role', 'service_role', true);
select is(public.tracking_proof_photos((select token from fx where name = 'proof')),
  jsonb_build_object('status', 'delivered', 'photos', jsonb_build_array((select folder from fx where name = 'proof') || 'photo-1.jpg', (select folder from fx where name = 'proof') || 'photo-2.jpg')),
  'after delivery: the photos, never the signature or the recipient');
select is(public.tracking_proof_photos('0123456789abcdef0123456789abcdef') ->> 'code', 'PT404', 'an unknown token is the neutral not-found');
reset role;

select * from finish();
rollback;
