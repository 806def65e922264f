-- Each tenant's default caps for building batches and waves (settings.picking): only the tenant's
-- admins save them (every other role of both tenants is refused and changes nothing); members
-- read them merged with the defaults; every write is checked by the database, through the save
-- function or directly (whole numbers within the bounds build_pick_batch accepts, known keys only).
begin;
select plan(31);

create function pg_temp.fields(statement text) returns text
language sql
as $$
  select coalesce(string_agg(e ->> 'field' || ': ' || (e ->> 'message'), '; ' order by e ->> 'field'), '') from jsonb_array_elements(tests.details(statement)) e;
$$;
create function pg_temp.stored(tenant uuid) returns jsonb
language sql security definer
as $$ select settings -> 'picking' from public.tenants where id = tenant $$;
grant execute on all functions in schema pg_temp to anon, authenticated;

-- Nothing stored: the defaults.
select tests.act_as('admin@acme.test');
select is(public.get_picking_settings(), '{"max_orders": 10, "max_lines": 40}'::jsonb, 'with nothing stored, members read the defaults');
select is(public.save_picking_settings('a0000000-0000-4000-8000-000000000001', '{"max_orders": 6, "max_lines": 25}'),
  '{"max_orders": 6, "max_lines": 25}'::jsonb, 'the admin saves the caps and reads them back');
select is(public.save_picking_settings('a0000000-0000-4000-8000-000000000001', '{"max_lines": 30}'),
  '{"max_orders": 10, "max_lines": 30}'::jsonb, 'a cap left out falls back to its default');
select is(public.get_tenant_settings('a0000000-0000-4000-8000-000000000001') -> 'picking', '{"max_lines": 30}'::jsonb,
  'they are kept under settings.picking');
select lives_ok($$ select public.save_picking_settings('a0000000-0000-4000-8000-000000000001', '{"max_orders": 2, "max_lines": 1}') $$, 'the lowest bounds are accepted');
select lives_ok($$ select public.save_picking_settings('a0000000-0000-4000-8000-000000000001', '{"max_orders": 50, "max_lines": 200}') $$, 'the highest bounds are accepted');
select lives_ok($$ select public.save_picking_settings('a0000000-0000-4000-8000-000000000001', '{"max_orders": 8, "max_lines": 24}') $$, 'the admin sets 8 and 24');

-- Bad values: 23514 with the field and the form's words; nothing changes.
select is(pg_temp.fields($$ select public.save_picking_settings('a0000000-0000-4000-8000-000000000001', '{"max_orders": 1, "max_lines": 0}') $$),
  'picking.max_lines: Max lines must be a whole number from 1 to 200; picking.max_orders: Max orders must be a whole number from 2 to 50', 'below the bounds');
select is(pg_temp.fields($$ select public.save_picking_settings('a0000000-0000-4000-8000-000000000001', '{"max_orders": 51, "max_lines": 201}') $$),
  'picking.max_lines: Max lines must be a whole number from 1 to 200; picking.max_orders: Max orders must be a whole number from 2 to 50', 'above the bounds');
select is(pg_temp.fields($$ select public.save_picking_settings('a0000000-0000-4000-8000-000000000001', '{"max_orders": 4.5, "max_lines": "12"}') $$),
  'picking.max_lines: Max lines must be a whole number from 1 to 200; picking.max_orders: Max orders must be a whole number from 2 to 50', 'a fraction and a text');
select is(pg_temp.fields($$ select public.save_picking_settings('a0000000-0000-4000-8000-000000000001', '{"max_orders": null}') $$),
  'picking.max_orders: Max orders must be a whole number from 2 to 50', 'a null cap');
select is(pg_temp.fields($$ select public.save_picking_settings('a0000000-0000-4000-8000-000000000001', '{"max_orders": 5, "max_zones": 3}') $$),
  'picking: Picking settings hold max_orders and max_lines', 'an unknown key');
select is(pg_temp.fields($$ select public.save_picking_settings('a0000000-0000-4000-8000-000000000001', '[5, 20]') $$),
  'picking: Picking settings hold max_orders and max_lines', 'not an object');
select is(public.get_picking_settings(), '{"max_orders": 8, "max_lines": 24}'::jsonb, 'after every refusal the caps are unchanged');
reset role;
-- Directly, bypassing the save function (as the table's owner): the same checks.
select is(pg_temp.fields($$ update public.tenants set settings = settings || '{"picking": {"max_orders": 500}}' where id = 'a0000000-0000-4000-8000-000000000001' $$),
  'picking.max_orders: Max orders must be a whole number from 2 to 50', 'the owner''s direct write is checked too');
-- Where no trigger runs (a replica applying changes), the check constraint still holds the rule.
set local session_replication_role = replica;
select throws_ok($$ update public.tenants set settings = settings || '{"picking": {"max_lines": 0}}' where id = 'a0000000-0000-4000-8000-000000000001' $$,
  '23514', null, 'the check constraint refuses a bad cap without the trigger');
set local session_replication_role = origin;
select is(pg_temp.stored('a0000000-0000-4000-8000-000000000001'), '{"max_orders": 8, "max_lines": 24}'::jsonb, 'the stored caps are still 8 and 24');

-- Every member of the tenant reads them; nobody but its admin saves them.
create function pg_temp.reads(who text) returns jsonb
language plpgsql
as $$
begin
  perform tests.act_as(who);
  return public.get_picking_settings();
end;
$$;
grant execute on all functions in schema pg_temp to anon, authenticated;
select is(pg_temp.reads('maya.chen@acmelogistics.example'), '{"max_orders": 8, "max_lines": 24}'::jsonb, 'a warehouse manager reads the caps');
reset role;
select is(pg_temp.reads('dispatcher@acme.test'), '{"max_orders": 8, "max_lines": 24}'::jsonb, 'the dispatcher reads the caps');
reset role;
select is(pg_temp.reads('admin@globex.test'), '{"max_orders": 10, "max_lines": 40}'::jsonb, 'another business reads its own (the defaults), not Acme''s');
reset role;

create function pg_temp.refused(who text, tenant uuid) returns text
language plpgsql
as $$
begin
  perform tests.act_as(who);
  return throws_ok(format($q$ select public.save_picking_settings(%L, '{"max_orders": 3}') $q$, tenant), '42501',
    'Only the tenant''s admins may change its settings', who || ' may not save the caps');
end;
$$;
grant execute on all functions in schema pg_temp to anon, authenticated;
select pg_temp.refused('dispatcher@acme.test', 'a0000000-0000-4000-8000-000000000001');
reset role;
select pg_temp.refused('maya.chen@acmelogistics.example', 'a0000000-0000-4000-8000-000000000001');
reset role;
select pg_temp.refused('tyrone.jackson@acmelogistics.example', 'a0000000-0000-4000-8000-000000000001');
reset role;
select pg_temp.refused('driver@acme.test', 'a0000000-0000-4000-8000-000000000001');
reset role;
select pg_temp.refused('customer@acme.test', 'a0000000-0000-4000-8000-000000000001');
reset role;
select pg_temp.refused('admin@globex.test', 'a0000000-0000-4000-8000-000000000001');
reset role;
select pg_temp.refused('oliver.bennett@globexfreight.example', 'b0000000-0000-4000-8000-000000000001');
reset role;
select pg_temp.refused('admin@acme.test', 'b0000000-0000-4000-8000-000000000001');
reset role;
select tests.act_as(null);
select throws_ok($$ select public.save_picking_settings('a0000000-0000-4000-8000-000000000001', '{"max_orders": 3}') $$, '42501', null, 'anon may not');
reset role;
select is(pg_temp.stored('a0000000-0000-4000-8000-000000000001'), '{"max_orders": 8, "max_lines": 24}'::jsonb, 'after every refusal Acme''s caps are unchanged');
select is(pg_temp.stored('b0000000-0000-4000-8000-000000000001'), null, 'and Globex still has none stored');

select * from finish();
rollback;
