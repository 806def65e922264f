-- Tenancy: public.profiles as anon, each panel of acme and globex's admin: who may select,
-- insert, update and delete which people; the columns each may change; what holds regardless.
begin;
select plan(52);

-- orphan@acme.test: an account of the seed without a profile.

-- anon
select tests.act_as(null);
select throws_ok($$ select id from public.profiles $$, '42501', null, 'anon: cannot read profiles');
select throws_ok($$ insert into public.profiles (id, tenant_id, panel_type) values ('a1000000-0000-4000-8000-0000000000ff', 'a0000000-0000-4000-8000-000000000001', 'admin') $$, '42501', null, 'anon: cannot insert profiles');
select throws_ok($$ update public.profiles set first_name = 'x' $$, '42501', null, 'anon: cannot update profiles');
select throws_ok($$ delete from public.profiles $$, '42501', null, 'anon: cannot delete profiles');

-- acme customer: themselves and the tenant's staff, never other customers or other tenants.
reset role;
select tests.act_as('customer@acme.test');
select results_eq(
  $$ select email from public.profiles where email like '%@acme.test' order by email $$,
  $$ values ('admin@acme.test'), ('customer@acme.test'), ('dispatcher@acme.test'), ('driver@acme.test') $$,
  'customer: reads self and acme staff only'
);
select is((select count(*)::int from public.profiles where panel_type = 'customer' and email <> 'customer@acme.test'), 0, 'customer: reads no other customer, of any domain');
select is(tests.affected($$ update public.profiles set first_name = 'Carla', last_name = 'Customer', phone = '+1 555 0000', avatar_url = 'https://example.test/c.png' where email = 'customer@acme.test' $$), 1, 'customer: updates own names, phone and avatar');
select throws_ok($$ update public.profiles set panel_type = 'admin' where email = 'customer@acme.test' $$, '42501', null, 'customer: cannot change own panel');
select throws_ok($$ update public.profiles set roles = '{customer,admin}' where email = 'customer@acme.test' $$, '42501', null, 'customer: cannot change own roles');
select throws_ok($$ update public.profiles set status = 'active', user_type = 'business' where email = 'customer@acme.test' $$, '42501', null, 'customer: cannot change own user type or status');
select throws_ok($$ update public.profiles set tenant_id = 'b0000000-0000-4000-8000-000000000001' where email = 'customer@acme.test' $$, '42501', null, 'customer: cannot move to another tenant');
select throws_ok($$ update public.profiles set email = 'x@y.test' where email = 'customer@acme.test' $$, '42501', null, 'customer: cannot change the email copy');
select is(tests.affected($$ update public.profiles set first_name = 'x' where email = 'driver@acme.test' $$), 0, 'customer: cannot update someone else');
select is(tests.affected($$ delete from public.profiles where email = 'driver@acme.test' $$), 0, 'customer: cannot delete anyone');
select is(tests.affected($$ delete from public.profiles where email = 'customer@acme.test' $$), 0, 'customer: cannot delete themselves');
select throws_ok($$ insert into public.profiles (id, tenant_id, panel_type) values ('a1000000-0000-4000-8000-0000000000ff', 'a0000000-0000-4000-8000-000000000001', 'customer') $$, '42501', null, 'customer: cannot add people');

-- acme driver: acme's staff only (customers of their deliveries come with the delivery network);
-- dispatcher: all of acme. Nothing of globex, no management.
reset role;
select tests.act_as('driver@acme.test');
select results_eq(
  $$ select email from public.profiles where email like '%@acme.test' order by email $$,
  $$ values ('admin@acme.test'), ('dispatcher@acme.test'), ('driver@acme.test') $$,
  'driver: reads acme''s staff, never its customers'
);
select is(tests.affected($$ update public.profiles set last_name = 'Driver' where email = 'driver@acme.test' $$), 1, 'driver: updates own names');
select throws_ok($$ update public.profiles set status = 'inactive' where email = 'driver@acme.test' $$, '42501', null, 'driver: cannot change own status');
select is(tests.affected($$ update public.profiles set phone = '1' where email = 'customer@acme.test' $$), 0, 'driver: cannot update a customer');
select is(tests.affected($$ delete from public.profiles where email = 'customer@acme.test' $$), 0, 'driver: cannot delete a customer');
reset role;
select tests.act_as('dispatcher@acme.test');
select is((select count(*)::int from public.profiles where tenant_id = 'a0000000-0000-4000-8000-000000000001' and email like '%@acme.test'), 5, 'dispatcher: reads all of acme''s demo people');
select ok((select count(*)::int from public.profiles where tenant_id = 'a0000000-0000-4000-8000-000000000001' and panel_type = 'customer') >= 2, 'dispatcher: reads acme''s customers');
select is((select count(*)::int from public.profiles where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'dispatcher: reads nobody of another tenant');
select is(tests.affected($$ update public.profiles set panel_type = 'driver' where email = 'customer@acme.test' $$), 0, 'dispatcher: cannot manage people');
select throws_ok($$ insert into public.profiles (id, tenant_id, panel_type) values ('a1000000-0000-4000-8000-0000000000ff', 'a0000000-0000-4000-8000-000000000001', 'driver') $$, '42501', null, 'dispatcher: cannot add people');

-- acme admin: manages acme's people, and only acme's.
reset role;
select tests.act_as('admin@acme.test');
select is((select count(*)::int from public.profiles where email like '%@acme.test'), 5, 'admin: reads acme''s five demo people');
select is((select count(*)::int from public.profiles where tenant_id <> 'a0000000-0000-4000-8000-000000000001'), 0, 'admin: reads only acme''s people');
select is((select count(*)::int from public.profiles where email like '%@globex.test'), 0, 'admin: reads nobody of globex');
select lives_ok($$ insert into public.profiles (id, tenant_id, panel_type, roles, first_name) values ('a1000000-0000-4000-8000-0000000000ff', 'a0000000-0000-4000-8000-000000000001', 'driver', '{driver}', 'Olive') $$, 'admin: adds a person to acme');
select is((select email || ' / ' || full_name from public.profiles where email = 'orphan@acme.test'), 'orphan@acme.test / Olive', 'admin: the email comes from the account, full_name from the names');
select is(tests.affected($$ update public.profiles set panel_type = 'dispatcher', roles = '{dispatcher,warehouse_staff}', status = 'suspended', user_type = 'business' where email = 'orphan@acme.test' $$), 1, 'admin: changes panel, roles, status and user type');
select throws_ok($$ update public.profiles set tenant_id = 'b0000000-0000-4000-8000-000000000001' where email = 'orphan@acme.test' $$, '42501', null, 'admin: cannot move a person to another tenant');
select is(tests.affected($$ delete from public.profiles where email = 'orphan@acme.test' $$), 1, 'admin: removes a person of acme');
select throws_ok($$ insert into public.profiles (id, tenant_id, panel_type) values ('a1000000-0000-4000-8000-0000000000ff', 'b0000000-0000-4000-8000-000000000001', 'admin') $$, '42501', null, 'admin: cannot add a person to globex');
select is(tests.affected($$ update public.profiles set first_name = 'x' where email = 'admin@globex.test' $$), 0, 'admin: cannot update globex''s people');
select is(tests.affected($$ delete from public.profiles where email = 'customer@globex.test' $$), 0, 'admin: cannot delete globex''s people');

-- globex admin: the mirror image.
reset role;
select tests.act_as('admin@globex.test');
select results_eq(
  $$ select email from public.profiles where email like '%@globex.test' or email like '%@acme.test' order by email $$,
  $$ values ('admin@globex.test'), ('customer@globex.test'), ('dispatcher@globex.test'), ('driver@globex.test') $$,
  'globex admin: reads globex''s people only'
);
select is(tests.affected($$ update public.profiles set panel_type = 'admin' where email = 'driver@acme.test' $$), 0, 'globex admin: cannot promote an acme driver');
select is(tests.affected($$ delete from public.profiles where tenant_id = 'a0000000-0000-4000-8000-000000000001' $$), 0, 'globex admin: cannot delete acme''s people');
select throws_ok($$ insert into public.profiles (id, tenant_id, panel_type) values ('a1000000-0000-4000-8000-0000000000ff', 'a0000000-0000-4000-8000-000000000001', 'customer') $$, '42501', null, 'globex admin: cannot add a person to acme');

-- A suspended user keeps their own profile and loses the tenant's.
reset role;
update public.profiles set status = 'suspended' where email = 'dispatcher@globex.test';
select tests.act_as('dispatcher@globex.test');
select results_eq($$ select email from public.profiles $$, $$ values ('dispatcher@globex.test') $$, 'suspended: reads only their own profile');

-- What holds whoever writes (service_role and the owner bypass RLS, not the constraints).
reset role;
select throws_ok($$ insert into public.profiles (id, tenant_id, panel_type) values ('a1000000-0000-4000-8000-0000000000ff', 'a0000000-0000-4000-8000-000000000001', 'boss') $$, '23514', null, 'panel_type: admin, dispatcher, driver or customer');
select throws_ok($$ insert into public.profiles (id, tenant_id, panel_type, roles) values ('a1000000-0000-4000-8000-0000000000ff', 'a0000000-0000-4000-8000-000000000001', 'driver', '{Driver}') $$, '23514', null, 'roles: lower-case names');
select throws_ok($$ insert into public.profiles (id, tenant_id, panel_type, user_type) values ('a1000000-0000-4000-8000-0000000000ff', 'a0000000-0000-4000-8000-000000000001', 'driver', 'company') $$, '23514', null, 'user_type: business or individual');
select throws_ok($$ insert into public.profiles (id, tenant_id, panel_type) values ('00000000-0000-4000-8000-000000000000', 'a0000000-0000-4000-8000-000000000001', 'driver') $$, '23503', null, 'id: an existing account');
select throws_ok($$ insert into public.profiles (id, tenant_id, panel_type) values ('a1000000-0000-4000-8000-0000000000ff', '00000000-0000-4000-8000-000000000000', 'driver') $$, '23503', null, 'tenant_id: an existing tenant');
select is((select full_name from public.profiles where email = 'admin@acme.test'), 'Ada Admin', 'full_name: first and last name');
update public.profiles set first_name = '  ', last_name = null where email = 'driver@globex.test';
select is((select full_name from public.profiles where email = 'driver@globex.test'), 'Unnamed User', 'full_name: Unnamed User without names');
update public.profiles set first_name = null, last_name = 'Solo' where email = 'driver@globex.test';
select is((select full_name from public.profiles where email = 'driver@globex.test'), 'Solo', 'full_name: a single name, trimmed');
select throws_ok($$ update public.profiles set tenant_id = 'b0000000-0000-4000-8000-000000000001' where email = 'business@acme.test' $$, '23503', null, 'a person keeps their tenant while notifications (or deliveries) of it point at them');
-- A customer of acme without deliveries (so without returns either): once their notifications are gone, they move.
create temp table mover as
  select p.id from public.profiles p
  where p.tenant_id = 'a0000000-0000-4000-8000-000000000001' and p.panel_type = 'customer'
    and not exists (select 1 from public.deliveries d where d.customer_id = p.id)
  order by p.email limit 1;
delete from public.notifications where user_id = (select id from mover);
select lives_ok($$ update public.profiles set tenant_id = 'b0000000-0000-4000-8000-000000000001' where id = (select id from mover) $$, 'the owner (and service_role) may move a person');

select * from finish();
rollback;
