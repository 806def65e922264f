-- Helpers the database tests share, installed once before the other files: pg_prove and
-- `supabase test db` run the files in name order. Committed on purpose (every other file runs
-- in a transaction it rolls back); tests run on a throwaway database, never the product's.
create schema if not exists tests;
grant usage on schema tests to public;

-- Acting as an API caller, as PostgREST does: role and request.jwt.claims for this transaction.
-- tests.act_as(null) is anon; tests.act_as('<email>') a signed-in user of the seed. Call it as
-- the test's own superuser (after `reset role`), since it reads auth.users.
create or replace function tests.act_as(who text) returns void
language plpgsql
as $$
declare
  uid uuid;
begin
  if who is null then
    perform set_config('request.jwt.claims', '{"role":"anon"}', true);
    perform set_config('request.jwt.claim.sub', '', true);
    perform set_config('role', 'anon', true);
    return;
  end if;
  select u.id into strict uid from auth.users u where u.email = who;
  perform set_config('request.jwt.claims', json_build_object('sub', uid, 'role', 'authenticated', 'aud', 'authenticated', 'email', who)::text, true);
  perform set_config('request.jwt.claim.sub', uid::text, true);
  perform set_config('role', 'authenticated', true);
end;
$$;

-- How many rows a statement changed, as whoever is acting.
create or replace function tests.affected(statement text) returns integer
language plpgsql
as $$
declare
  n integer;
begin
  execute statement;
  get diagnostics n = row_count;
  return n;
end;
$$;

-- Whether the caller may receive `topic`, decided as Realtime decides at join: a probe row of the
-- topic is written (by the owner), then read as the caller with realtime.topic() set.
create or replace function tests.probe(topic text) returns uuid
language sql
as $$
  insert into realtime.messages (topic, extension, private) values (topic, 'broadcast', true) returning id;
$$;

create or replace function tests.may_receive(who text, topic text) returns boolean
language plpgsql
as $$
declare
  probe uuid := tests.probe(topic);
  seen boolean;
begin
  perform tests.act_as(who);
  perform set_config('realtime.topic', topic, true);
  select exists (select 1 from realtime.messages m where m.id = probe) into seen;
  reset role;
  perform set_config('realtime.topic', '', true);
  return seen;
end;
$$;

-- The DETAIL of the error `statement` raises, as jsonb: a validation's [{field, message}] (null
-- when it raises none, or its detail is no JSON). Run as whoever is acting.
create or replace function tests.details(statement text) returns jsonb
language plpgsql
as $$
declare
  d text;
begin
  begin
    execute statement;
  exception when others then
    get stacked diagnostics d = pg_exception_detail;
    begin
      return d::jsonb;
    exception when others then
      return null;
    end;
  end;
  return null;
end;
$$;

grant execute on all functions in schema tests to public;

select plan(5);
select has_function('tests', 'act_as', array['text'], 'tests.act_as is installed');
select has_function('tests', 'affected', array['text'], 'tests.affected is installed');
select has_function('tests', 'probe', array['text'], 'tests.probe is installed');
select has_function('tests', 'may_receive', array['text', 'text'], 'tests.may_receive is installed');
select has_function('tests', 'details', array['text'], 'tests.details is installed');
select * from finish();
