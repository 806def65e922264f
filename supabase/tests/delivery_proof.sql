-- Proof of delivery: each tenant's requirements (settings.delivery), enforced when a delivery is
-- delivered, the files' folder, and the private proofs bucket's policies as each role.
begin;
select plan(24);

insert into public.drivers (id, tenant_id, licence_number, licence_class, licence_expiry)
values ('a1000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'TEST-DEREK-4', 'standard', current_date + 365)
on conflict (id) do nothing;
update public.drivers set licence_class = 'standard', licence_expiry = current_date + 365 where id = 'a1000000-0000-4000-8000-000000000003';
update public.vehicles set active = true where id = 'a3000000-0000-4000-8000-000000000001';

-- Settings
select tests.act_as('driver@acme.test');
select is(public.get_delivery_settings() #>> '{proof,signature}', 'optional', 'by default every proof is optional');
select ok(jsonb_array_length(public.get_delivery_settings() -> 'failure_reasons') >= 5, 'and there are default failure reasons');
select throws_ok($$ select public.save_delivery_settings('a0000000-0000-4000-8000-000000000001', '{"proof": {"signature": "required"}}') $$,
  '42501', null, 'a driver cannot change them');
reset role;
select tests.act_as('admin@acme.test');
select throws_ok($$ select public.save_delivery_settings('a0000000-0000-4000-8000-000000000001', '{"proof": {"signature": "always"}}') $$,
  '23514', 'Validation failed', 'required, optional or off');
select throws_ok($$ select public.save_delivery_settings('a0000000-0000-4000-8000-000000000001', '{"failure_reasons": []}') $$,
  '23514', 'Validation failed', 'at least one failure reason');
select throws_ok($$ select public.save_delivery_settings('a0000000-0000-4000-8000-000000000001', '{"failure_reasons": ["Closed", "closed"]}') $$,
  '23514', 'Validation failed', 'no duplicate reasons');
select throws_ok($$ select public.save_delivery_settings('a0000000-0000-4000-8000-000000000001', '{"colour": "red"}') $$,
  '23514', 'Validation failed', 'no unknown keys');
select throws_ok($$ select public.save_delivery_settings('b0000000-0000-4000-8000-000000000001', '{"proof": {}}') $$,
  '42501', null, 'not another tenant''s');
select is(public.save_delivery_settings('a0000000-0000-4000-8000-000000000001',
  '{"proof": {"signature": "required", "photo": "required", "recipient_name": "optional", "notes": "off"}, "failure_reasons": ["Closed", "No access"]}') #>> '{proof,photo}',
  'required', 'an admin requires a signature and a photo');
reset role;
select tests.act_as('driver@acme.test');
select is(public.get_delivery_settings() -> 'failure_reasons', '["Closed", "No access"]'::jsonb, 'drivers read the tenant''s reasons');
reset role;
select tests.act_as('driver@globex.test');
select is(public.get_delivery_settings() #>> '{proof,signature}', 'optional', 'another tenant keeps its own');

-- A delivery in transit with Derek
create temp table fx (delivery uuid, folder text);
grant all on fx to authenticated;
reset role;
select tests.act_as('dispatcher@acme.test');
with x as (
  insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
  values ('a1000000-0000-4000-8000-000000000004', '{"full_address": "1 Market St"}', 37.794, -122.395, '{"full_address": "600 Mission St"}', 37.775, -122.41,
    '[{"quantity": 1, "weight_kg": 2}]', 'a6100000-0000-4000-8000-000000000002')
  returning id)
insert into fx (delivery) select id from x;
update fx set folder = 'a0000000-0000-4000-8000-000000000001/' || delivery || '/';
insert into public.assignments (delivery_id, driver_id, vehicle_id)
  select delivery, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001' from fx;
reset role;
select tests.act_as('driver@acme.test');
select public.respond_to_assignment((select id from public.assignments where delivery_id = (select delivery from fx)), true);
select public.transition_delivery((select delivery from fx), 'picked_up');
select public.transition_delivery((select delivery from fx), 'in_transit');

create function pg_temp.deliver_details(proof jsonb) returns text
language plpgsql
as $$
declare
  d text;
begin
  begin
    perform public.transition_delivery((select delivery from fx), 'delivered', proof => proof);
  exception when others then
    get stacked diagnostics d = pg_exception_detail;
    return (select string_agg(e ->> 'field' || ': ' || (e ->> 'message'), '; ') from jsonb_array_elements(d::jsonb) e);
  end;
  return 'delivered';
end;
$$;
grant execute on function pg_temp.deliver_details(jsonb) to authenticated;

select is(pg_temp.deliver_details('{}'), 'proof.signature_url: A signature is required; proof.photo_urls: A photo is required',
  'the required proof is enforced');
select is(pg_temp.deliver_details(jsonb_build_object('signature_url', 'a0000000-0000-4000-8000-000000000001/other/sig.png', 'photo_urls', jsonb_build_array((select folder from fx) || 'door.jpg'))),
  'proof: Proof files must be uploaded to this delivery''s folder of the proofs bucket', 'files of another folder are refused');
select is(pg_temp.deliver_details(jsonb_build_object('signature_url', (select folder from fx) || '../x.png', 'photo_urls', jsonb_build_array((select folder from fx) || 'door.jpg'))),
  'proof: Proof files must be uploaded to this delivery''s folder of the proofs bucket', 'no climbing out of the folder');
select is((select status from public.deliveries where id = (select delivery from fx)), 'in_transit', 'refusals changed nothing');

-- The bucket's policies
reset role;
select ok((select not public from storage.buckets where id = 'proofs'), 'the proofs bucket is private');
create function pg_temp.may(who text, name text, writing boolean) returns boolean
language plpgsql
as $$
declare
  answer boolean;
begin
  execute 'reset role';
  perform tests.act_as(who);
  answer := private.may_use_proof_object(name, writing);
  execute 'reset role';
  return answer;
end;
$$;
select ok(pg_temp.may('driver@acme.test', (select folder from fx) || 'sig.png', true), 'the driver carrying it uploads');
select ok(not pg_temp.may('luis.ortega@acmelogistics.example', (select folder from fx) || 'sig.png', true), 'another driver does not');
select ok(pg_temp.may('customer@acme.test', (select folder from fx) || 'sig.png', false), 'the customer reads');
select ok(not pg_temp.may('customer@acme.test', (select folder from fx) || 'sig.png', true), 'but does not upload');
select ok(pg_temp.may('dispatcher@acme.test', (select folder from fx) || 'sig.png', true), 'staff upload');
select ok(not pg_temp.may('admin@globex.test', (select folder from fx) || 'sig.png', false), 'another tenant reads nothing');
select ok(not pg_temp.may('driver@acme.test', 'a0000000-0000-4000-8000-000000000001/sig.png', true), 'files live in a delivery''s folder');

select tests.act_as('driver@acme.test');
select is(pg_temp.deliver_details(jsonb_build_object('signature_url', (select folder from fx) || 'sig.png', 'photo_urls', jsonb_build_array((select folder from fx) || 'door.jpg'))),
  'delivered', 'with its proof the delivery is delivered');

reset role;
select * from finish();
rollback;
