-- The warehouses' refusals carry stable keys beside their English (private.problem), and
-- save_warehouse's answer a key beside its message, as the admins and a dispatcher of acme and
-- globex; SQLSTATE, message and the English stay as they were.
begin;
select plan(11);

grant execute on function tests.refusal(text) to authenticated;

create function pg_temp.keys(statement text) returns text
language sql
as $$ select string_agg(coalesce(p ->> 'field', '-') || ':' || (p ->> 'key'), ' ' order by ord)
      from jsonb_array_elements(tests.refusal(statement) -> 'details') with ordinality as x (p, ord) $$;
grant execute on function pg_temp.keys(text) to authenticated;

create temp table fx (acme_address uuid);
grant all on fx to authenticated;
insert into fx select address_id from public.warehouses where id = 'a5000000-0000-4000-8000-000000000001';

-- acme's admin
select tests.act_as('admin@acme.test');
select is(pg_temp.keys($$ select public.save_warehouse(null, '{"name": " ", "code": "", "status": "closed", "total_capacity": 10, "available_capacity": 20,
    "access_mode": "select_users", "user_ids": [], "features": {"dock_doors": -1, "security_level": "extreme"}}') $$),
  'name:warehouses.name_required code:warehouses.code_required address_id:warehouses.address_required status:warehouses.status_invalid '
  'available_capacity:warehouses.available_above_total user_ids:warehouses.users_required features.dock_doors:warehouses.dock_doors_negative '
  'features.security_level:warehouses.security_level_invalid',
  'acme admin: each of the warehouse''s problems keyed, in order');
select is(tests.refusal($$ select public.save_warehouse('a5000000-0000-4000-8000-000000000001',
    jsonb_build_object('code', (select code from public.warehouses where id = 'a5000000-0000-4000-8000-000000000002'))) $$),
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "warehouses.code_taken", "field": "code", "message": "Warehouse code already exists"}]}'::jsonb,
  'acme admin: another warehouse''s code, keyed, same SQLSTATE, message and English');
select is(tests.refusal($$ select public.save_warehouse('a5000000-0000-4000-8000-000000000001', jsonb_build_object('name', repeat('n', 201))) $$) -> 'details',
  '[{"key": "warehouses.name_too_long", "field": "name", "message": "Warehouse name must be at most 200 characters", "params": {"max": 200}}]'::jsonb,
  'acme admin: a name too long, keyed with the limit');
select is(pg_temp.keys($$ select public.save_warehouse('a5000000-0000-4000-8000-000000000001', '{"total_capacity": -1, "available_capacity": -1, "access_mode": "nobody", "features": {"lift": true}}') $$),
  'total_capacity:warehouses.total_capacity_negative available_capacity:warehouses.available_capacity_negative '
  'access_mode:warehouses.access_mode_invalid features:warehouses.features_shape',
  'acme admin: capacities, access mode and features');
select is(tests.refusal($$ select public.save_warehouse(null, '[]') $$),
  '{"code": "22023", "message": "The warehouse values must be a JSON object", "details": [{"key": "warehouses.values_shape", "message": "The warehouse values must be a JSON object"}]}'::jsonb,
  'acme admin: values that are no object, keyed, same SQLSTATE and message');
select is(tests.refusal($$ select public.save_warehouse('b5000000-0000-4000-8000-000000000001', '{"name": "Mine"}') $$),
  '{"code": "PT404", "message": "Warehouse not found", "details": [{"key": "warehouses.not_found", "message": "Warehouse not found"}]}'::jsonb,
  'acme admin: globex''s warehouse is not found, keyed, same SQLSTATE and message');
select is(public.save_warehouse('a5000000-0000-4000-8000-000000000001', '{"status": "full"}') - 'warehouse',
  '{"message": "Warehouse updated successfully", "key": "warehouses.updated"}'::jsonb, 'acme admin: an update answers its English and its key');
select is(public.save_warehouse(null, jsonb_build_object('name', 'Keyed', 'code', 'KEYED-1',
    'address_id', (select address_id from public.warehouses where id = 'a5000000-0000-4000-8000-000000000001'))) - 'warehouse',
  '{"message": "Warehouse created successfully", "key": "warehouses.created"}'::jsonb, 'acme admin: a creation answers its English and its key');
reset role;

-- globex's admin, on their own warehouse
select tests.act_as('admin@globex.test');
select is(pg_temp.keys($$ select public.save_warehouse('b5000000-0000-4000-8000-000000000001', jsonb_build_object('code', repeat('c', 65), 'user_ids', array[gen_random_uuid()])) $$),
  'code:warehouses.code_too_long user_ids:warehouses.users_not_members', 'globex admin: their own warehouse''s problems are keyed');
select is(pg_temp.keys($$ select public.save_warehouse('b5000000-0000-4000-8000-000000000001', jsonb_build_object('address_id', (select acme_address from fx))) $$),
  'address_id:warehouses.address_not_business', 'globex admin: an address of acme');
reset role;

-- A dispatcher may not write warehouses: RLS leaves no row to update, and the rules say nothing
select tests.act_as('dispatcher@acme.test');
select is(pg_temp.keys($$ select public.save_warehouse('a5000000-0000-4000-8000-000000000001', '{"name": ""}') $$),
  '-:warehouses.not_found', 'acme dispatcher: not found, keyed, and no word of the rules');
reset role;

select * from finish();
rollback;
