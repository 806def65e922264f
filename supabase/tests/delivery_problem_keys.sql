-- The delivery settings' and the proof of delivery's refusals carry stable keys beside their English
-- (private.problem), as the error's DETAIL (what PostgREST hands the app as `details`), as the
-- admins, dispatchers and drivers of acme and globex; SQLSTATE and message stay as they were.
begin;
select plan(16);

grant execute on function tests.refusal(text) to authenticated;

create function pg_temp.keys(statement text) returns text
language sql
as $$ select string_agg(coalesce(p ->> 'field', '-') || ':' || (p ->> 'key'), ' ' order by ord)
      from jsonb_array_elements(tests.refusal(statement) -> 'details') with ordinality as x (p, ord) $$;
grant execute on function pg_temp.keys(text) to authenticated;

-- Delivery settings, as acme's admin
select tests.act_as('admin@acme.test');
select is(pg_temp.keys($$ select public.save_delivery_settings('a0000000-0000-4000-8000-000000000001',
  '{"proof": {"signature": "always", "photo": "required", "notes": 3}, "failure_reasons": []}') $$),
  'delivery.proof.signature:settings.proof_choice delivery.proof.notes:settings.proof_choice delivery.failure_reasons:settings.failure_reasons_count',
  'acme admin: each proof choice and the reasons'' count keyed, in order');
select is(tests.refusal($$ select public.save_delivery_settings('a0000000-0000-4000-8000-000000000001', '{"failure_reasons": []}') $$),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "settings.failure_reasons_count", "field": "delivery.failure_reasons",
    "message": "Give 1 to 20 failure reasons", "params": {"min": 1, "max": 20}}]}'::jsonb,
  'acme admin: no reasons, keyed with its bounds, same SQLSTATE, message and English');
select is(tests.refusal($$ select public.save_delivery_settings('a0000000-0000-4000-8000-000000000001', jsonb_build_object('failure_reasons', jsonb_build_array(repeat('x', 101)))) $$) -> 'details',
  '[{"key": "settings.failure_reason_length", "field": "delivery.failure_reasons", "message": "Each failure reason is a text of 1 to 100 characters", "params": {"min": 1, "max": 100}}]'::jsonb,
  'acme admin: a reason too long, keyed with its bounds');
select is(pg_temp.keys($$ select public.save_delivery_settings('a0000000-0000-4000-8000-000000000001', '{"failure_reasons": ["Closed", " closed"]}') $$),
  'delivery.failure_reasons:settings.failure_reasons_distinct', 'acme admin: the same reason twice');
select is(pg_temp.keys($$ select public.save_delivery_settings('a0000000-0000-4000-8000-000000000001', '{"colour": "red"}') $$),
  'delivery:settings.delivery_shape', 'acme admin: a key delivery settings do not hold');
select is(pg_temp.keys($$ select public.save_delivery_settings('a0000000-0000-4000-8000-000000000001', '{"proof": {"stamp": "required"}}') $$),
  'delivery.proof:settings.proof_shape', 'acme admin: a proof item that does not exist');
select is(tests.refusal($$ select public.save_delivery_settings('b0000000-0000-4000-8000-000000000001', '{"proof": {}}') $$),
  '{"code": "42501", "message": "Only the tenant''s admins may change its settings", "details": [{"key": "settings.not_admin", "message": "Only the tenant''s admins may change its settings"}]}'::jsonb,
  'acme admin: globex''s delivery settings are not theirs, keyed, same SQLSTATE and message');
reset role;
select tests.act_as('dispatcher@acme.test');
select is(pg_temp.keys($$ select public.save_delivery_settings('a0000000-0000-4000-8000-000000000001', '{"proof": {}}') $$),
  '-:settings.not_admin', 'acme dispatcher: not an admin');
reset role;
select tests.act_as('driver@globex.test');
select is(pg_temp.keys($$ select public.save_delivery_settings('b0000000-0000-4000-8000-000000000001', '{"proof": {}}') $$),
  '-:settings.not_admin', 'globex driver: not an admin');
reset role;
select tests.act_as('admin@globex.test');
select is(pg_temp.keys($$ select public.save_delivery_settings('b0000000-0000-4000-8000-000000000001', '{"proof": {"photo": "maybe"}, "failure_reasons": "Closed"}') $$),
  'delivery.proof.photo:settings.proof_choice delivery.failure_reasons:settings.failure_reasons_count', 'globex admin: their own settings'' problems are keyed');
select is(public.save_delivery_settings('b0000000-0000-4000-8000-000000000001', '{"proof": {"notes": "required"}, "failure_reasons": ["Closed"]}') #>> '{proof,notes}',
  'required', 'globex admin: right settings are saved');
reset role;
select is(pg_temp.keys($$ update public.tenants set settings = settings || '{"delivery": {"proof": {"photo": "never"}}}' where slug = 'acme' $$),
  'delivery.proof.photo:settings.proof_choice', 'the table owner''s direct write is refused with the key too');

-- The proof of delivery, as acme's driver on a delivery of their own
insert into public.drivers (id, tenant_id, licence_number, licence_class, licence_expiry)
values ('a1000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'TEST-DEREK-4', 'standard', current_date + 365)
on conflict (id) do nothing;
update public.drivers set licence_class = 'standard', licence_expiry = current_date + 365 where id = 'a1000000-0000-4000-8000-000000000003';
update public.vehicles set active = true where id = 'a3000000-0000-4000-8000-000000000001';
update public.tenants set settings = settings || '{"delivery": {"proof": {"signature": "required", "photo": "required", "recipient_name": "required", "notes": "required"}}}'
where slug = 'acme';

create temp table fx (delivery uuid);
grant all on fx to authenticated;
select tests.act_as('dispatcher@acme.test');
with x as (
  insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages, service_id)
  values ('a1000000-0000-4000-8000-000000000004', '{"full_address": "1 Market St"}', 37.794, -122.395, '{"full_address": "600 Mission St"}', 37.775, -122.41,
    '[{"quantity": 1, "weight_kg": 2}]', 'a6100000-0000-4000-8000-000000000002')
  returning id)
insert into fx (delivery) select id from x;
insert into public.assignments (delivery_id, driver_id, vehicle_id)
  select delivery, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001' from fx;
reset role;
select tests.act_as('driver@acme.test');
select public.respond_to_assignment((select id from public.assignments where delivery_id = (select delivery from fx)), true);
select public.transition_delivery((select delivery from fx), 'picked_up');
select public.transition_delivery((select delivery from fx), 'in_transit');

select is(pg_temp.keys($$ select public.transition_delivery((select delivery from fx), 'delivered', proof => '{}') $$),
  'proof.signature_url:proof.signature_required proof.photo_urls:proof.photo_required proof.recipient_name:proof.recipient_name_required proof.notes:proof.notes_required',
  'acme driver: each missing proof keyed, in order');
select is(tests.refusal(format($$ select public.transition_delivery(%L, 'delivered', proof => %L) $$, (select delivery from fx),
    jsonb_build_object('signature_url', 'a0000000-0000-4000-8000-000000000001/other/sig.png', 'photo_urls', jsonb_build_array('x.jpg'),
      'recipient_name', 'Ana', 'notes', 'Porch'))),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "proof.file_outside_folder", "field": "proof",
    "message": "Proof files must be uploaded to this delivery''s folder of the proofs bucket"}]}'::jsonb,
  'acme driver: a file of another folder, keyed, same SQLSTATE, message and English');
select is((select status::text from public.deliveries where id = (select delivery from fx)), 'in_transit', 'and nothing changed');
reset role;
select tests.act_as('driver@globex.test');
select is(tests.refusal(format($$ select public.transition_delivery(%L, 'delivered', proof => '{}') $$, (select delivery from fx))) ->> 'code',
  'PT404', 'globex driver: acme''s delivery is not theirs to deliver at all');
reset role;

select * from finish();
rollback;
