-- Which panels are staff: private.is_staff_panel(panel, with_warehouse) for a panel, private.is_staff()
-- for the caller as the rules see them (a warehouse-only person's panel is 'warehouse'). Admins and
-- dispatchers are staff; the warehouse floor only where a check admits it; drivers and customers
-- never. No panel (no active profile, anon) answers null, as the `in` lists these replaced did.
-- Membership of a tenant is a separate test: another tenant's staff stay outside.
begin;
select plan(30);

-- Each panel.
select is(private.is_staff_panel('admin'), true, 'admin is staff');
select is(private.is_staff_panel('dispatcher'), true, 'dispatcher is staff');
select is(private.is_staff_panel('driver'), false, 'driver is not staff');
select is(private.is_staff_panel('customer'), false, 'customer is not staff');
select is(private.is_staff_panel('warehouse'), false, 'warehouse-only is not staff of the board');
select is(private.is_staff_panel('warehouse', true), true, 'warehouse-only is staff where the floor is admitted');
select is(private.is_staff_panel('admin', true), true, 'admin is staff where the floor is admitted');
select is(private.is_staff_panel('driver', true), false, 'driver is not staff where the floor is admitted');
select is(private.is_staff_panel('customer', true), false, 'customer is not staff where the floor is admitted');
select is(private.is_staff_panel(null), null, 'no panel: unknown, as an in-list answers');
select is(private.is_staff_panel(null, true), null, 'no panel, floor admitted: unknown');

-- The caller.
select tests.act_as('admin@acme.test');
select is(private.is_staff(), true, 'acme admin: staff');
reset role;
select tests.act_as('dispatcher@acme.test');
select is(private.is_staff(), true, 'acme dispatcher: staff');
select is(private.is_staff(true), true, 'acme dispatcher: staff with the floor');
reset role;
select tests.act_as('driver@acme.test');
select is(private.is_staff(), false, 'acme driver: not staff');
select is(private.is_staff(true), false, 'acme driver: not staff with the floor');
reset role;
select tests.act_as('customer@acme.test');
select is(private.is_staff(), false, 'acme customer: not staff');
select is(private.is_staff(true), false, 'acme customer: not staff with the floor');
reset role;
select tests.act_as('tyrone.jackson@acmelogistics.example');
select is(private.is_staff(), false, 'acme warehouse-only picker: not staff of the board');
select is(private.is_staff(true), true, 'acme warehouse-only picker: staff with the floor');
reset role;
select tests.act_as('orphan@acme.test');
select is(private.is_staff(), null, 'no membership: not staff (unknown)');
reset role;
select tests.act_as(null);
select is(private.is_staff(true), null, 'anon: not staff (unknown)');

-- Another tenant: globex's admin is staff of globex, and reads none of acme's staff-only rows.
reset role;
select tests.act_as('admin@globex.test');
select is(private.is_staff(), true, 'globex admin: staff');
select is(private.is_tenant_member('a0000000-0000-4000-8000-000000000001'), false, 'globex admin: not a member of acme');
select is((select count(*)::int from public.vehicles where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0,
  'globex admin: reads no acme vehicle');
select is((select count(*)::int from public.inventory_items where tenant_id = 'a0000000-0000-4000-8000-000000000001'), 0,
  'globex admin: reads no acme item');
reset role;
select tests.act_as('dispatcher@acme.test');
select ok((select count(*)::int from public.vehicles) > 0, 'acme dispatcher: reads acme vehicles');
reset role;

-- The rule lives in the predicates: no policy or function lists the staff panels itself (the
-- deliveries read policy lists the panels that are not staff, for the planner: see its migration).
select is(
  (select count(*)::int from pg_policies
   where coalesce(qual, '') || ' ' || coalesce(with_check, '') ~ $re$'admin'::text, 'dispatcher'::text(, 'warehouse'::text)?\]$re$),
  0, 'no policy lists the staff panels');
select is(
  (select string_agg(p.proname, ', ') from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname in ('public', 'private') and p.proname not in ('is_staff_panel')
     and p.prosrc ~ $re$\(\s*'admin',\s*'dispatcher'\s*(,\s*'warehouse'\s*)?\)$re$),
  null, 'no function lists the staff panels');
select is(
  (select string_agg(p.proname, ', ') from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname in ('public', 'private') and p.prosrc ~ $re$\(\s*'dispatcher',\s*'warehouse'\s*\)$re$),
  null, 'no function lists the floor panels');

select * from finish();
rollback;
