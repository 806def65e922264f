-- People administration (20261125000100_users_admin.sql): who reads whom, as every panel of both
-- tenants; the last-admin and self rules whoever writes; deactivated and invited people read
-- nothing of the tenant; invitations activate on confirmation; the account topic; own avatars.
begin;
select plan(48);

create function pg_temp.detail_of(statement text) returns text
language plpgsql
as $$
declare
  detail text;
begin
  execute statement;
  return null;
exception when others then
  get stacked diagnostics detail = pg_exception_detail;
  return detail;
end;
$$;

-- Acme: a1000000-… (two active admins: Ada, Marcus Chen); Globex: b2000000-… (one: Gina).

-- What each tenant has, counted by the owner: other seeds add people too (warehouse staff ...).
create temporary table people_count as
  select p.tenant_id, p.panel_type = 'customer' as is_customer, count(*)::int as n from public.profiles p group by 1, 2;
grant select on people_count to public;
create function pg_temp.people(tenant text, customers boolean default null) returns int
language sql stable
as $$ select coalesce(sum(n), 0)::int from people_count where tenant_id = tenant::uuid and (customers is null or is_customer = customers) $$;
grant execute on function pg_temp.people(text, boolean) to public;

-- Acting as the owner, with no user in the request (service_role and SQL: auth.uid() is null).
create function pg_temp.as_owner() returns void
language sql
as $$ select set_config('request.jwt.claims', '', true), set_config('request.jwt.claim.sub', '', true) $$;

-- Reading people, panel by panel.
select tests.act_as('admin@acme.test');
select is((select count(*)::int from public.profiles), pg_temp.people('a0000000-0000-4000-8000-000000000001'), 'acme admin: reads every acme person');
select is((select count(*)::int from public.profiles where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'acme admin: nobody of globex');
select ok(pg_temp.people('a0000000-0000-4000-8000-000000000001', true) >= 10 and pg_temp.people('b0000000-0000-4000-8000-000000000001', true) >= 10, 'the seed gives both tenants their customers');
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select count(*)::int from public.profiles), pg_temp.people('a0000000-0000-4000-8000-000000000001'), 'acme dispatcher: reads every acme person');
select is((select count(*)::int from public.profiles where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'acme dispatcher: nobody of globex');
reset role;
select tests.act_as('driver@acme.test');
select is((select count(*)::int from public.profiles where panel_type = 'customer'),
  (select count(distinct customer_id)::int from public.deliveries where driver_id = 'a1000000-0000-4000-8000-000000000003' and status in ('assigned', 'accepted', 'picked_up', 'in_transit')),
  'acme driver: only the customers of the deliveries they carry');
select is((select count(*)::int from public.profiles where panel_type <> 'customer'), pg_temp.people('a0000000-0000-4000-8000-000000000001', false), 'acme driver: all acme staff (admins, dispatchers, drivers)');
select is((select count(*)::int from public.profiles where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'acme driver: nobody of globex');
reset role;
select tests.act_as('customer@acme.test');
select is((select count(*)::int from public.profiles where panel_type = 'customer'), 1, 'acme customer: no other customer, only themselves');
select is((select count(*)::int from public.profiles where panel_type <> 'customer'), pg_temp.people('a0000000-0000-4000-8000-000000000001', false), 'acme customer: acme staff');
select is((select count(*)::int from public.profiles where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'acme customer: nobody of globex');
reset role;
select tests.act_as('business@acme.test');
select is((select count(*)::int from public.profiles where panel_type = 'customer'), 1, 'acme business customer: no other customer');
reset role;
select tests.act_as('admin@globex.test');
select is((select count(*)::int from public.profiles), pg_temp.people('b0000000-0000-4000-8000-000000000001'), 'globex admin: every globex person');
select is((select count(*)::int from public.profiles where tenant_id <> 'b0000000-0000-4000-8000-000000000001'), 0, 'globex admin: nobody of acme');
reset role;
select tests.act_as('dispatcher@globex.test');
select is((select count(*)::int from public.profiles), pg_temp.people('b0000000-0000-4000-8000-000000000001'), 'globex dispatcher: every globex person');
reset role;
select tests.act_as('driver@globex.test');
select is((select count(*)::int from public.profiles where panel_type = 'customer'),
  (select count(distinct customer_id)::int from public.deliveries where driver_id = 'b2000000-0000-4000-8000-000000000003' and status in ('assigned', 'accepted', 'picked_up', 'in_transit')),
  'globex driver: only the customers of the deliveries they carry');
select is((select count(*)::int from public.profiles where tenant_id <> 'b0000000-0000-4000-8000-000000000001'), 0, 'globex driver: nobody of acme');
reset role;
select tests.act_as('customer@globex.test');
select is((select count(*)::int from public.profiles where panel_type = 'customer'), 1, 'globex customer: only themselves of the customers');
select is((select count(*)::int from public.profiles where panel_type <> 'customer'), pg_temp.people('b0000000-0000-4000-8000-000000000001', false), 'globex customer: globex staff');

-- Globex's last admin: not by themselves, not by anyone else (service_role and the owner included).
reset role;
select tests.act_as('admin@globex.test');
select throws_ok($$ update public.profiles set panel_type = 'dispatcher' where email = 'admin@globex.test' $$, '23514', 'Validation failed', 'globex admin: cannot demote themselves');
select throws_ok($$ update public.profiles set status = 'inactive' where email = 'admin@globex.test' $$, '23514', 'Validation failed', 'globex admin: cannot deactivate themselves');
select throws_ok($$ delete from public.profiles where email = 'admin@globex.test' $$, '23514', 'Validation failed', 'globex admin: cannot remove themselves');
reset role;
select pg_temp.as_owner();
select throws_ok($$ update public.profiles set panel_type = 'driver' where email = 'admin@globex.test' $$, '23514', 'Validation failed', 'owner: cannot demote the last active admin');
select throws_ok($$ update public.profiles set status = 'suspended' where email = 'admin@globex.test' $$, '23514', 'Validation failed', 'owner: cannot suspend the last active admin');
set local role service_role;
select throws_ok($$ update public.profiles set status = 'inactive' where email = 'admin@globex.test' $$, '23514', 'Validation failed', 'service_role: cannot deactivate the last active admin');
reset role;
select is(
  pg_temp.detail_of($$ update public.profiles set status = 'inactive' where email = 'admin@globex.test' $$),
  '[{"key": "users.last_admin", "field": "status", "message": "A business needs at least one active administrator: make someone else an administrator first"}]',
  'the refusal names the field and says why'
);

-- Acme has two admins: Ada may demote Marcus, never herself; then Marcus is no admin and Ada is the last.
select tests.act_as('admin@acme.test');
select throws_ok($$ update public.profiles set panel_type = 'dispatcher' where email = 'admin@acme.test' $$, '23514', 'Validation failed', 'acme admin: cannot demote themselves though another admin exists');
select throws_ok($$ update public.profiles set status = 'inactive' where email = 'admin@acme.test' $$, '23514', 'Validation failed', 'acme admin: cannot deactivate themselves');
select is(tests.affected($$ update public.profiles set panel_type = 'dispatcher', roles = '{dispatcher}' where email = 'marcus.chen@acmelogistics.example' $$), 1, 'acme admin: demotes another admin');
reset role;
select pg_temp.as_owner();
select throws_ok($$ update public.profiles set status = 'inactive' where email = 'admin@acme.test' $$, '23514', 'Validation failed', 'then Ada is acme''s last admin');
select lives_ok($$ update public.profiles set first_name = 'Ada' where email = 'admin@acme.test' $$, 'the last admin still edits their names');

-- Deactivated: reads nothing of the tenant, only their own profile.
update public.profiles set status = 'inactive' where email = 'driver@acme.test';
select tests.act_as('driver@acme.test');
select results_eq($$ select email from public.profiles $$, $$ values ('driver@acme.test') $$, 'deactivated: reads only their own profile');
select is((select count(*)::int from public.vehicles), 0, 'deactivated: no vehicle');
select is((select count(*)::int from public.notifications), 0, 'deactivated: no notification, not even their own');
select is((select count(*)::int from public.addresses), 0, 'deactivated: no address');
select throws_ok($$ select public.get_tenant_settings('a0000000-0000-4000-8000-000000000001') $$, '42501', null, 'deactivated: no tenant settings');
select throws_ok($$ update public.profiles set status = 'active' where email = 'driver@acme.test' $$, '42501', null, 'deactivated: cannot reactivate themselves');
reset role;
select ok(not tests.may_receive('driver@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:vehicles'), 'deactivated: joins no tenant topic');
select ok(tests.may_receive('driver@acme.test', 'account:a1000000-0000-4000-8000-000000000003'), 'deactivated: still hears their own account topic');

-- Invited: reads nothing until they accept; confirming the email makes them active.
select tests.act_as('priya.shah@acmelogistics.example');
select results_eq($$ select status from public.profiles $$, $$ values ('invited') $$, 'invited: reads only their own profile');
select is((select count(*)::int from public.vehicles), 0, 'invited: no vehicle');
reset role;
update auth.users set email_confirmed_at = now() where email = 'priya.shah@acmelogistics.example';
select is((select status from public.profiles where email = 'priya.shah@acmelogistics.example'), 'active', 'accepting the invitation activates the profile');
select is((select status from public.profiles where email = 'tom.becker@acmelogistics.example'), 'inactive', 'a confirmation never reactivates an inactive person');

-- The account topic: only its own user.
select ok(tests.may_receive('customer@acme.test', 'account:a1000000-0000-4000-8000-000000000004'), 'account topic: its user joins');
select ok(not tests.may_receive('admin@acme.test', 'account:a1000000-0000-4000-8000-000000000004'), 'account topic: nobody else, not even an admin');

-- Avatars: a member writes only their own.
select tests.act_as('customer@acme.test');
select ok(private.may_write_own_avatar('a0000000-0000-4000-8000-000000000001/avatar-a1000000-0000-4000-8000-000000000004-x1-me.png'), 'avatar: a customer writes their own');
select ok(not private.may_write_own_avatar('a0000000-0000-4000-8000-000000000001/avatar-a1000000-0000-4000-8000-000000000003-x1-me.png'), 'avatar: never someone else''s');
select ok(not private.may_write_own_avatar('b0000000-0000-4000-8000-000000000001/avatar-a1000000-0000-4000-8000-000000000004-x1-me.png'), 'avatar: never in another tenant''s folder');

select * from finish();
rollback;
