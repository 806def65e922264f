-- Tenant settings and brand settings (system-settings, brand-settings): only a tenant's active admins
-- write them, through the save functions or directly; every write is validated in the database
-- ({field, message} details); the maps key is read by members only and never in the public face or
-- the audit log; a brand change is announced on the tenant's brand topic.
begin;
select plan(60);

-- The fields of a refusal's details, sorted.
create function pg_temp.fields(statement text) returns text[]
language sql
as $$
  select coalesce(array_agg(e ->> 'field' order by e ->> 'field'), '{}') from jsonb_array_elements(tests.details(statement)) e;
$$;
grant execute on all functions in schema pg_temp to anon, authenticated;

create temp table acme as select 'a0000000-0000-4000-8000-000000000001'::uuid as id;
create temp table globex as select 'b0000000-0000-4000-8000-000000000001'::uuid as id;
grant select on acme, globex to anon, authenticated;

-- Anyone who is not the tenant's admin: anon, every other panel of both tenants, the other tenant's admin.
create function pg_temp.refused(who text, tenant text) returns setof text
language plpgsql
as $$
declare
  tid uuid := case tenant when 'acme' then 'a0000000-0000-4000-8000-000000000001'::uuid else 'b0000000-0000-4000-8000-000000000001'::uuid end;
begin
  perform tests.act_as(who);
  return next throws_ok(
    format($q$ select public.save_tenant_settings(%L, 'Taken Over', '{}', '{"currency": "EUR"}', null) $q$, tid),
    '42501', null, coalesce(who, 'anon') || ': save_tenant_settings of ' || tenant || ' refused');
  return next throws_ok(
    format($q$ select public.save_tenant_brand(%L, '{"colors": {"primary": "#000000"}}') $q$, tid),
    '42501', null, coalesce(who, 'anon') || ': save_tenant_brand of ' || tenant || ' refused');
  if who is null then
    return next throws_ok(format($q$ update public.tenants set brand_settings = '{}' where id = %L $q$, tid),
      '42501', null, 'anon: direct brand update refused');
  else
    return next is(tests.affected(format($q$ update public.tenants set brand_settings = '{}', settings = '{}' where id = %L $q$, tid)), 0,
      who || ': direct update of ' || tenant || ' changes nothing');
  end if;
  reset role;
end;
$$;
grant execute on function pg_temp.refused(text, text) to anon, authenticated;

select pg_temp.refused(null, 'acme');
select pg_temp.refused('dispatcher@acme.test', 'acme');
select pg_temp.refused('driver@acme.test', 'acme');
select pg_temp.refused('customer@acme.test', 'acme');
select pg_temp.refused('business@acme.test', 'acme');
select pg_temp.refused('dispatcher@globex.test', 'globex');
select pg_temp.refused('driver@globex.test', 'globex');
select pg_temp.refused('customer@globex.test', 'globex');
select pg_temp.refused('admin@globex.test', 'acme');
select pg_temp.refused('admin@acme.test', 'globex');
select is((select settings #>> '{general,currency}' from public.tenants where slug = 'acme'), 'USD', 'after every refusal acme''s currency is unchanged');
select is((select brand_settings #>> '{colors,primary}' from public.tenants where slug = 'globex'), '#ea580c', 'after every refusal globex''s brand is unchanged');

-- The admin saves: name, contact, general (merged) and the maps key.
select tests.act_as('admin@acme.test');
select lives_ok($$
  select public.save_tenant_settings((select id from acme), 'Acme Logistics West', '{"phone": "+1 415 555 0199", "email": "west@acme.test", "address": "1 Market St"}',
    '{"timezone": "America/Los_Angeles", "currency": "CAD", "language": "fr", "units": {"weight": "kg", "volume": "m3", "length": "cm", "temperature": "C"},
      "default_location_cordinates": {"settings": {"latitude": 37.8, "longitude": -122.27}}}', 'pk.acme-test-key')
$$, 'admin: saves system settings');
select is(public.get_tenant_settings((select id from acme)) #>> '{general,currency}', 'CAD', 'admin: the currency is saved');
select is(public.get_tenant_settings((select id from acme)) #>> '{general,default_location_cordinates,settings,latitude}', '37.8', 'admin: the map centre is saved');
select is(public.get_tenant_settings((select id from acme)) #>> '{maps,maps_key}', 'pk.acme-test-key', 'admin: the maps key is saved');
select is((select name ->> 'en' from public.tenants where slug = 'acme'), 'Acme Logistics West', 'admin: the name is saved');

-- Validation, whoever writes.
select is(pg_temp.fields($$ select public.save_tenant_settings((select id from acme), 'Acme', '{}',
  '{"default_location_cordinates": {"settings": {"latitude": 91, "longitude": -181}}}', null) $$),
  array['general.latitude', 'general.longitude'], 'coordinates out of range refused');
select is(pg_temp.fields($$ select public.save_tenant_settings((select id from acme), 'Acme', '{}', '{"timezone": "Mars/Olympus_Mons"}', null) $$),
  array['general.timezone'], 'an unknown time zone refused');
select is(pg_temp.fields($$ select public.save_tenant_settings((select id from acme), 'Acme', '{}', '{"currency": "XYZ"}', null) $$),
  array['general.currency'], 'an unknown currency refused');
select is(pg_temp.fields($$ select public.save_tenant_settings((select id from acme), 'Acme', '{}', '{"language": "de"}', null) $$),
  array['general.language'], 'an unoffered language refused');
select is(pg_temp.fields($$ select public.save_tenant_settings((select id from acme), 'Acme', '{}', '{"units": {"weight": "stone", "volume": "l", "length": "mm", "temperature": "K"}}', null) $$),
  array['general.units.length', 'general.units.temperature', 'general.units.volume', 'general.units.weight'], 'unknown units refused');
select is(pg_temp.fields($$ select public.save_tenant_settings((select id from acme), '  ', '{"email": "nope", "phone": "12"}', '{}', 'bad key with spaces') $$),
  array['contact_info.email', 'contact_info.phone', 'maps_key', 'name'], 'a blank name, a bad email, a short phone and a bad maps key refused');
select is(pg_temp.fields($$ select public.save_tenant_brand((select id from acme),
  '{"colors": {"primary": "blue", "secondary": "#12", "background": "#fff", "cardBg": "#ffffff", "text": "url(x)", "textLight": "#0f172a"}}') $$),
  array['colors.primary', 'colors.secondary', 'colors.text'], 'colours that are not hex refused');
select is(pg_temp.fields($$ select public.save_tenant_brand((select id from acme),
  '{"configurations": {"font": "x;}"}, "assets": {"favicon": "javascript:alert(1)", "logo": {"light": "ftp://x", "dark": "/brands/acme-logo-dark.svg"}}, "presets": [{"name": "", "palette": {}}]}') $$),
  array['assets.favicon', 'assets.logo.light', 'configurations.font', 'presets'], 'a bad font, favicon, logo and preset refused');
reset role;
select is(pg_temp.fields($$ update public.tenants set settings = '{"general": {"currency": "ABC"}}' where slug = 'globex' $$),
  array['general.currency'], 'the table owner''s direct write is validated too');

-- The brand: saved, announced on the tenant's brand topic, and read by anyone (the public face).
delete from realtime.messages;
select tests.act_as('admin@acme.test');
select lives_ok($$ select public.save_tenant_brand((select id from acme),
  '{"presets": [{"name": "Acme Blue", "palette": {"primary": "#1d4ed8", "secondary": "#0ea5e9"}}],
    "colors": {"primary": "#be123c", "secondary": "#0ea5e9", "background": "#ffffff", "cardBg": "#f1f5f9", "text": "#0f172a", "textLight": "#475569"},
    "configurations": {"font": "Inter", "preset": "Acme Blue"},
    "assets": {"favicon": "/brands/acme-favicon.svg", "logo": {"light": "/brands/acme-logo-light.svg", "dark": "/brands/acme-logo-dark.svg"}}}') $$,
  'admin: saves the brand');
reset role;
select results_eq($$ select topic, event, payload ->> 'slug' from realtime.messages where topic like '%:brand' $$,
  $$ values ('tenant:a0000000-0000-4000-8000-000000000001:brand', 'brand_changed', 'acme') $$, 'the brand change is announced on acme''s brand topic');
select is((select count(*)::int from realtime.messages where payload::text like '%maps_key%'), 0, 'the announcement carries no private settings');
select ok(tests.may_receive('customer@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:brand'), 'a customer of acme hears acme''s brand changes');
select ok(tests.may_receive('driver@acme.test', 'tenant:a0000000-0000-4000-8000-000000000001:brand'), 'a driver of acme hears acme''s brand changes');
select ok(not tests.may_receive('admin@globex.test', 'tenant:a0000000-0000-4000-8000-000000000001:brand'), 'globex''s admin does not hear acme''s brand changes');
select ok(not tests.may_receive(null, 'tenant:a0000000-0000-4000-8000-000000000001:brand'), 'anon does not hear acme''s brand changes');
select tests.act_as(null);
select is((select brand_settings #>> '{colors,primary}' from public.tenants where slug = 'acme'), '#be123c', 'anon: reads the new brand from the public face');
select throws_ok($$ select settings from public.tenants where slug = 'acme' $$, '42501', null, 'anon: the private settings (maps key) are not in the public face');
reset role;

-- The maps key: members read it, the audit log never records it.
select tests.act_as('driver@acme.test');
select is(public.get_tenant_settings((select id from acme)) #>> '{maps,maps_key}', 'pk.acme-test-key', 'a member reads the maps key');
select throws_ok($$ select settings from public.tenants where slug = 'acme' $$, '42501', null, 'a member cannot select the settings column');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok($$ select public.get_tenant_settings((select id from acme)) $$, '42501', null, 'another tenant''s admin does not read the maps key');
reset role;
select is((select count(*)::int from public.audit_log where table_name = 'tenants' and row_id = (select id from acme)
  and (coalesce(old_values::text, '') || coalesce(new_values::text, '')) like '%pk.acme-test-key%'), 0, 'the audit log never holds the maps key');
select ok(exists (select 1 from public.audit_log where table_name = 'tenants' and row_id = (select id from acme) and action = 'update'
  and actor_id = 'a1000000-0000-4000-8000-000000000001' and 'settings' = any (changed_columns)), 'the settings change is in the audit log, by the admin');

select * from finish();
rollback;
