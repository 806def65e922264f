-- The audit trail as the activity screen and the record histories read it: entries written for each
-- change (who, what, before and after), read only by the tenant's active admins, never another
-- tenant's, and never writable by any API role (insert, update, delete refused for all of them).
begin;
select plan(50);

-- A change by acme's admin and one by globex's admin, so both tenants have fresh entries.
select tests.act_as('admin@acme.test');
update public.vehicles set capacity_unit = 45, name = 'City Van One' where id = 'a3000000-0000-4000-8000-000000000001';
reset role;
select tests.act_as('admin@globex.test');
update public.vehicles set capacity_unit = 70 where id = 'b3000000-0000-4000-8000-000000000001';
reset role;

select results_eq(
  $$ select action, actor_id, actor_name, changed_columns, old_values, new_values from public.audit_log
     where row_id = 'a3000000-0000-4000-8000-000000000001' order by created_at desc, id limit 1 $$,
  $$ values ('update'::text, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin'::text, array['capacity_unit', 'name'],
            '{"capacity_unit": 40, "name": "City Van 1"}'::jsonb, '{"capacity_unit": 45, "name": "City Van One"}'::jsonb) $$,
  'an update is recorded with its actor, the changed columns and their values before and after');

select is((select record_label from public.audit_log where row_id = 'a3000000-0000-4000-8000-000000000001' order by created_at desc, id limit 1),
  'City Van One', 'the entry names the record as it is after the change');
select is((select count(*)::int from public.audit_log where record_label is null and table_name in ('vehicles', 'tenants', 'addresses')), 0,
  'every entry of a named record carries its name, seeded history included');

reset role;
select results_eq($$ select t from public.list_audit_tables('a0000000-0000-4000-8000-000000000001') t where t in ('addresses', 'profiles', 'tenants', 'vehicles') $$,
  $$ values ('addresses'), ('profiles'), ('tenants'), ('vehicles') $$, 'the table filter offers the tables with entries, by name');

-- Who reads what.
create function pg_temp.reads(who text) returns setof text
language plpgsql
as $$
declare
  acme_rows integer;
  globex_rows integer;
  actors integer;
begin
  perform tests.act_as(who);
  select count(*) filter (where tenant_id = 'a0000000-0000-4000-8000-000000000001'),
         count(*) filter (where tenant_id = 'b0000000-0000-4000-8000-000000000001')
    into acme_rows, globex_rows from public.audit_log;
  if who is null then
    actors := 0;
  else
    select (select count(*) from public.list_audit_actors('a0000000-0000-4000-8000-000000000001'))
         + (select count(*) from public.list_audit_tables('a0000000-0000-4000-8000-000000000001')) into actors;
  end if;
  reset role;
  if who = 'admin@acme.test' then
    return next ok(acme_rows > 0 and actors > 0, who || ': reads acme''s entries, actors and tables');
    return next is(globex_rows, 0, who || ': reads none of globex''s entries');
  elsif who = 'admin@globex.test' then
    return next ok(globex_rows > 0, who || ': reads globex''s entries');
    return next is(acme_rows + actors, 0, who || ': reads none of acme''s entries, actors or tables');
  else
    return next is(acme_rows + globex_rows, 0, coalesce(who, 'anon') || ': reads no entries');
    return next is(actors, 0, coalesce(who, 'anon') || ': reads no actors or tables');
  end if;
end;
$$;
grant execute on function pg_temp.reads(text) to anon, authenticated;

select pg_temp.reads('admin@acme.test');
select pg_temp.reads('admin@globex.test');
select pg_temp.reads('dispatcher@acme.test');
select pg_temp.reads('driver@acme.test');
select pg_temp.reads('customer@acme.test');
select pg_temp.reads('business@acme.test');
select pg_temp.reads('dispatcher@globex.test');
select pg_temp.reads('driver@globex.test');
select pg_temp.reads('customer@globex.test');
select tests.act_as(null);
select throws_ok($$ select count(*) from public.audit_log $$, '42501', null, 'anon: reading the log refused');
reset role;

-- A deactivated admin reads nothing any more.
update public.profiles set status = 'inactive' where id = 'a1000000-0000-4000-8000-000000000001';
select tests.act_as('admin@acme.test');
select is((select count(*)::int from public.audit_log), 0, 'a deactivated admin reads no entries');
reset role;
update public.profiles set status = 'active' where id = 'a1000000-0000-4000-8000-000000000001';

-- Nobody writes the log: every API role, whatever it tries.
create function pg_temp.cannot_write(who text, role_name text) returns setof text
language plpgsql
as $$
declare
  label text := coalesce(who, role_name);
  entry uuid := (select id from public.audit_log where tenant_id = 'a0000000-0000-4000-8000-000000000001' limit 1);
begin
  if role_name = 'service_role' then
    perform set_config('request.jwt.claims', '{"role":"service_role"}', true);
    perform set_config('role', 'service_role', true);
  else
    perform tests.act_as(who);
  end if;
  return next throws_ok(format($q$ insert into public.audit_log (tenant_id, table_name, row_id, action)
    values ('a0000000-0000-4000-8000-000000000001', 'vehicles', gen_random_uuid(), 'insert') $q$), '42501', null, label || ': insert refused');
  return next throws_ok(format($q$ update public.audit_log set actor_name = 'Nobody' where id = %L $q$, entry), '42501', null, label || ': update refused');
  return next throws_ok(format($q$ delete from public.audit_log where id = %L $q$, entry), '42501', null, label || ': delete refused');
  reset role;
end;
$$;
grant execute on function pg_temp.cannot_write(text, text) to anon, authenticated, service_role;

select pg_temp.cannot_write(null, 'anon');
select pg_temp.cannot_write('admin@acme.test', 'authenticated');
select pg_temp.cannot_write('dispatcher@acme.test', 'authenticated');
select pg_temp.cannot_write('admin@globex.test', 'authenticated');
select pg_temp.cannot_write(null, 'service_role');
select throws_ok($$ update public.audit_log set actor_name = 'Nobody' $$, '42501', 'The audit log is append-only', 'even the table owner cannot rewrite the log');

-- Redaction: secret keys go at any depth, whatever their case; everything else stays as it was,
-- a secret-sounding word in a value included.
select is(private.audit_redact('{"a": {"Api_Key": "x", "b": [{"password_hash": 1, "c": 2}, 3]}, "tracking_token": "t", "n": 1}'),
  '{"a": {"b": [{"c": 2}, 3]}, "n": 1}'::jsonb, 'secret keys are dropped in nested objects and arrays, in any case');
select is(private.audit_redact('{"note": "reset the password", "list": [{"x": 1}], "n": null}'),
  '{"note": "reset the password", "list": [{"x": 1}], "n": null}'::jsonb, 'a secret-sounding value is kept: only keys are secret');
select is(private.audit_redact('[{"MAPS_KEY": "pk"}, {"ok": [1, {"signing_key": 2}]}]'), '[{}, {"ok": [1, {}]}]'::jsonb, 'an array is walked element by element');
select is(private.audit_redact('"secret"'), '"secret"'::jsonb, 'a scalar is returned as it is');
select ok(private.is_secret_key('Private_Key') and not private.is_secret_key('name'), 'is_secret_key tells a secret key from another');
select is((select count(*)::int from public.audit_log l, jsonb_object_keys(coalesce(l.new_values, '{}') || coalesce(l.old_values, '{}')) k where private.is_secret_key(k)), 0,
  'no entry of the seeded history holds a secret key');

-- An update logs only what changed, redacted: a change of a secret alone (a column named like one,
-- or a secret key inside a value) writes no entry; a value that changed beside a secret is logged
-- without it, before and after.
create function pg_temp.secret_changes() returns setof text
language plpgsql
as $$
declare
  acme constant uuid := 'a0000000-0000-4000-8000-000000000001';
  delivery uuid;
  seen uuid[];
begin
  select coalesce(array_agg(id), '{}') into seen from public.audit_log where row_id = acme;
  update public.tenants set contact_info = coalesce(contact_info, '{}'::jsonb) || '{"api_key": "k1"}' where id = acme;
  return next is((select count(*)::int from public.audit_log where row_id = acme and id <> all (seen)), 0, 'a secret key changed inside a value alone writes no entry');
  update public.tenants set contact_info = contact_info || '{"api_key": "k2", "phone": "+1 415 555 0199"}' where id = acme;
  return next results_eq(
    format($q$ select changed_columns, old_values -> 'contact_info' ? 'api_key' or new_values -> 'contact_info' ? 'api_key', new_values #>> '{contact_info,phone}'
       from public.audit_log where row_id = %L and id <> all (%L) $q$, acme, seen),
    $q$ values (array['contact_info'], false, '+1 415 555 0199') $q$,
    'a value changed beside a secret key is logged without the secret, before and after');

  select d.id into delivery from public.deliveries d where d.tenant_id = acme and d.status = 'pending' order by d.created_at limit 1;
  select coalesce(array_agg(id), '{}') into seen from public.audit_log where row_id = delivery;
  update public.deliveries set tracking_token = private.new_tracking_token() where id = delivery;
  return next is((select count(*)::int from public.audit_log where row_id = delivery and id <> all (seen)), 0, 'a change of a secret column alone writes no entry');
  update public.deliveries set tracking_token = private.new_tracking_token(), priority = case priority when 'urgent' then 'normal' else 'urgent' end where id = delivery;
  return next results_eq(
    format($q$ select changed_columns from public.audit_log where row_id = %L and id <> all (%L) $q$, delivery, seen),
    $q$ values (array['priority']) $q$,
    'a secret column changed beside another is not among the changed columns');
end;
$$;
select pg_temp.secret_changes();

select * from finish();
rollback;
