-- Tenancy: public.tenants and public.system_settings as anon, each panel of acme and globex's
-- admin: who may select, insert, update and delete what; the slug's rules.
begin;
select plan(47);

-- How many of `slugs` the tenants table refuses with a check violation.
create function pg_temp.refused_slugs(slugs text[]) returns integer
language plpgsql
as $$
declare
  candidate text;
  refused integer := 0;
begin
  foreach candidate in array slugs loop
    begin
      insert into public.tenants (slug, name) values (candidate, '{"en": "x"}');
    exception when check_violation then
      refused := refused + 1;
    end;
  end loop;
  return refused;
end;
$$;

insert into public.tenants (slug, name, status, settings) values
  ('dormant', '{"en": "Dormant Co"}', 'inactive', '{"secret": true}'),
  ('frozen', '{"en": "Frozen Co"}', 'suspended', '{}');

-- anon
select tests.act_as(null);
select results_eq($$ select slug from public.tenants order by slug $$, $$ values ('acme'), ('globex') $$, 'anon: reads active tenants only');
select is((select name ->> 'en' from public.tenants where slug = 'acme'), 'Acme Logistics', 'anon: reads the public face');
select ok((select brand_settings -> 'colors' ->> 'primary' from public.tenants where slug = 'globex') is not null, 'anon: reads brand settings');
select throws_ok($$ select settings from public.tenants $$, '42501', null, 'anon: settings are refused');
select throws_ok($$ select * from public.tenants $$, '42501', null, 'anon: * is refused (it includes settings)');
select throws_ok($$ select public.get_tenant_settings('a0000000-0000-4000-8000-000000000001') $$, '42501', null, 'anon: get_tenant_settings is refused');
select throws_ok($$ insert into public.tenants (slug, name) values ('mine', '{"en": "Mine"}') $$, '42501', null, 'anon: insert refused');
select throws_ok($$ update public.tenants set name = '{"en": "X"}' $$, '42501', null, 'anon: update refused');
select throws_ok($$ delete from public.tenants $$, '42501', null, 'anon: delete refused');
select results_eq($$ select key from public.system_settings $$, $$ values ('brand') $$, 'anon: reads the system brand');
select throws_ok($$ update public.system_settings set value = '{}' $$, '42501', null, 'anon: system settings update refused');

-- acme customer
reset role;
select tests.act_as('customer@acme.test');
select results_eq($$ select slug from public.tenants order by slug $$, $$ values ('acme'), ('globex') $$, 'customer: reads active tenants, not inactive ones');
select throws_ok($$ select settings from public.tenants $$, '42501', null, 'customer: settings column refused');
select is(public.get_tenant_settings('a0000000-0000-4000-8000-000000000001') #>> '{general,default_location_cordinates,settings,latitude}', '37.7749', 'customer: reads own tenant settings through get_tenant_settings');
select throws_ok($$ select public.get_tenant_settings('b0000000-0000-4000-8000-000000000001') $$, '42501', null, 'customer: another tenant''s settings refused');
select is(tests.affected($$ update public.tenants set name = '{"en": "Mine"}' where slug = 'acme' $$), 0, 'customer: cannot update own tenant');
select throws_ok($$ delete from public.tenants where slug = 'acme' $$, '42501', null, 'customer: delete refused');

-- acme driver and dispatcher
reset role;
select tests.act_as('driver@acme.test');
select is(tests.affected($$ update public.tenants set brand_settings = '{}' where slug = 'acme' $$), 0, 'driver: cannot update own tenant');
select throws_ok($$ insert into public.tenants (slug, name) values ('mine', '{"en": "Mine"}') $$, '42501', null, 'driver: insert refused');
reset role;
select tests.act_as('dispatcher@acme.test');
select is(tests.affected($$ update public.tenants set contact_info = '{}' where slug = 'acme' $$), 0, 'dispatcher: cannot update own tenant');
select ok(public.get_tenant_settings('a0000000-0000-4000-8000-000000000001') is not null, 'dispatcher: reads own tenant settings');

-- acme admin
reset role;
select tests.act_as('admin@acme.test');
select is(tests.affected($$ update public.tenants set brand_settings = '{"colors": {"primary": "#000000"}}', contact_info = '{"phone": "+1 415 555 0100"}', logo_url = null, name = '{"en": "Acme Logistics"}', settings = '{"general": {}}' where slug = 'acme' $$), 1, 'admin: updates own tenant''s name, logo, contact, settings and brand');
select is(public.get_tenant_settings('a0000000-0000-4000-8000-000000000001'), '{"general": {}}'::jsonb, 'admin: the settings change is seen');
select is(tests.affected($$ update public.tenants set brand_settings = '{}' where slug = 'globex' $$), 0, 'admin: cannot update another tenant');
select throws_ok($$ update public.tenants set slug = 'acme2' where slug = 'acme' $$, '42501', null, 'admin: cannot change the slug');
select throws_ok($$ update public.tenants set status = 'suspended' where slug = 'acme' $$, '42501', null, 'admin: cannot change the status');
select throws_ok($$ insert into public.tenants (slug, name) values ('mine', '{"en": "Mine"}') $$, '42501', null, 'admin: cannot create tenants');
select throws_ok($$ delete from public.tenants where slug = 'acme' $$, '42501', null, 'admin: cannot delete tenants');
select throws_ok($$ update public.system_settings set value = '{}' where key = 'brand' $$, '42501', null, 'admin: cannot write system settings');
select throws_ok($$ insert into public.system_settings (key, value) values ('x', '{}') $$, '42501', null, 'admin: cannot add system settings');
select results_eq($$ select slug from public.tenants order by slug $$, $$ values ('acme'), ('globex') $$, 'admin: inactive tenants stay hidden');

-- globex admin
reset role;
select tests.act_as('admin@globex.test');
select is(tests.affected($$ update public.tenants set brand_settings = '{}' where slug = 'acme' $$), 0, 'globex admin: cannot update acme');
select is(tests.affected($$ update public.tenants set brand_settings = brand_settings where slug = 'globex' $$), 1, 'globex admin: updates globex');
select throws_ok($$ select public.get_tenant_settings('a0000000-0000-4000-8000-000000000001') $$, '42501', null, 'globex admin: acme settings refused');

-- The slug, the name and the status hold whoever writes (here the table owner).
reset role;
select throws_ok($$ insert into public.tenants (slug, name) values ('Acme', '{"en": "x"}') $$, '23514', null, 'slug: upper case refused');
select throws_ok($$ insert into public.tenants (slug, name) values ('-acme', '{"en": "x"}') $$, '23514', null, 'slug: leading dash refused');
select throws_ok($$ insert into public.tenants (slug, name) values ('acme-', '{"en": "x"}') $$, '23514', null, 'slug: trailing dash refused');
select throws_ok($$ insert into public.tenants (slug, name) values ('ac_me', '{"en": "x"}') $$, '23514', null, 'slug: underscore refused');
select throws_ok($$ insert into public.tenants (slug, name) values ('ac me', '{"en": "x"}') $$, '23514', null, 'slug: space refused');
select throws_ok(format($$ insert into public.tenants (slug, name) values (%L, '{"en": "x"}') $$, repeat('a', 64)), '23514', null, 'slug: 64 characters refused');
select throws_ok($$ insert into public.tenants (slug, name) values ('', '{"en": "x"}') $$, '23514', null, 'slug: empty refused');
select throws_ok($$ insert into public.tenants (slug, name) values ('acme', '{"en": "x"}') $$, '23505', null, 'slug: unique');
select is(
  pg_temp.refused_slugs(array['sign-in', 'sign-up', 'verify', 'reset-password', 'update-password', 'tracking', 'blank', 'error',
    'dashboard', 'businesses', 'mail', 'auth', 'rest', 'storage', 'functions', 'realtime', 'api', 'assets']),
  18,
  'slug: none of the reserved first path segments'
);
select lives_ok(format($$ insert into public.tenants (slug, name) values ('a', '{"en": "x"}'), ('b-2', '{"en": "x"}'), (%L, '{"en": "x"}') $$, repeat('z', 63)), 'slug: 1 to 63 lower-case letters, digits and inner dashes are fine');
select throws_ok($$ insert into public.tenants (slug, name) values ('noname', '{}') $$, '23514', null, 'name: needs en');
select throws_ok($$ insert into public.tenants (slug, name) values ('blankname', '{"en": "  "}') $$, '23514', null, 'name: en cannot be blank');
select throws_ok($$ insert into public.tenants (slug, name, status) values ('closed', '{"en": "x"}', 'closed') $$, '23514', null, 'status: active, inactive or suspended');

select * from finish();
rollback;
