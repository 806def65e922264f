-- pg_cron 1.6 as its scripts leave it (cron.job, cron.job_run_details, cron.schedule,
-- cron.unschedule, cron.alter_job, cron.schedule_in_database), with Supabase's grants: postgres
-- schedules, the API roles see nothing. pg_cron's background worker is the stack's scheduler
-- (stack/platform/cron-scheduler.ts), on PGlite and on Postgres alike; a change to cron.job is
-- announced to it on commit, as pg_cron's cache-invalidation trigger does.
create schema if not exists cron;

create sequence cron.jobid_seq;
create sequence cron.runid_seq;

create table cron.job (
  jobid bigint primary key default nextval('cron.jobid_seq'),
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport int not null default coalesce(inet_server_port(), 5432),
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text,
  constraint jobname_username_uniq unique (jobname, username)
);
alter sequence cron.jobid_seq owned by cron.job.jobid;

create table cron.job_run_details (
  jobid bigint,
  runid bigint primary key default nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
alter sequence cron.runid_seq owned by cron.job_run_details.runid;

alter table cron.job enable row level security;
create policy cron_job_policy on cron.job using (username = current_user);
alter table cron.job_run_details enable row level security;
create policy cron_job_run_details_policy on cron.job_run_details using (username = current_user);

-- pg_cron parses schedules in C (vixie cron's entry.c plus its interval form) and raises
-- "invalid schedule: ..." when cron.schedule is called. The same grammar: '[1-59] seconds', the
-- @hourly-style shortcuts, or five fields of '*', numbers, ranges and lists with /steps, month and
-- weekday names, '$' (last day) in the day-of-month field.
create function cron._stack_valid_schedule(schedule text) returns boolean
language plpgsql immutable set search_path = '' as $$
declare
  fields text[];
  lows int[] := array[0, 0, 1, 1, 0];
  highs int[] := array[59, 23, 31, 12, 7];
  names text[] := array['', '', '', 'jan feb mar apr may jun jul aug sep oct nov dec', 'sun mon tue wed thu fri sat'];
  item text;
  parts text[];
  bound text;
  n int;
  previous int;
  s text := lower(btrim(schedule));
begin
  if s ~ '^[0-9]+\s+seconds?$' then
    n := substring(s from '^[0-9]+')::int;
    return n between 1 and 59;
  end if;
  if s in ('@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly', '@reboot') then
    return true;
  end if;
  fields := regexp_split_to_array(s, '\s+');
  if cardinality(fields) <> 5 then
    return false;
  end if;
  for f in 1 .. 5 loop
    foreach item in array string_to_array(fields[f], ',') loop
      if f = 3 and item = '$' then
        continue;
      end if;
      parts := regexp_match(item, '^(\*|[0-9a-z]+(?:-[0-9a-z]+)?)(?:/([0-9]+))?$');
      if parts is null or (parts[2] is not null and parts[2]::int = 0) then
        return false;
      end if;
      if parts[1] <> '*' then
        previous := null;
        foreach bound in array string_to_array(parts[1], '-') loop
          if bound ~ '^[0-9]+$' then
            n := bound::int;
          else
            n := array_position(string_to_array(names[f], ' '), bound);
            if n is null then
              return false;
            end if;
            n := n - case when f = 4 then 0 else 1 end;
          end if;
          if n < lows[f] or n > highs[f] or n < previous then
            return false;
          end if;
          previous := n;
        end loop;
      end if;
    end loop;
  end loop;
  return true;
end
$$;

create function cron._stack_check_schedule(schedule text) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if schedule is null or not cron._stack_valid_schedule(schedule) then
    raise exception 'invalid schedule: %', schedule;
  end if;
end
$$;

create function cron.job_cache_invalidate() returns trigger
language plpgsql as $$
begin
  perform pg_notify('stack_cron_jobs', '');
  return null;
end
$$;
create trigger cron_job_cache_invalidate after insert or update or delete or truncate on cron.job
for each statement execute function cron.job_cache_invalidate();

-- The functions run as their owner, as pg_cron's C functions write cron.job whoever calls them,
-- and check the caller's ownership themselves. The caller is the role current before the call: a
-- security definer function changes the user but not the `role` setting (SET ROLE), which is
-- 'none' when the session runs as its own user.
create function cron._stack_caller() returns text
language sql stable set search_path = '' as $$
  select case when current_setting('role') = 'none' then session_user::text else current_setting('role') end
$$;

create function cron._stack_caller_is_superuser() returns boolean
language sql stable set search_path = '' as $$
  select coalesce((select rolsuper from pg_catalog.pg_roles where rolname = cron._stack_caller()), false)
$$;

create function cron.schedule_in_database(job_name text, schedule text, command text, database text,
  username text default null, active boolean default true)
returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  job_owner text := coalesce(username, cron._stack_caller());
  id bigint;
begin
  perform cron._stack_check_schedule(schedule);
  if username is not null and username <> cron._stack_caller() and not cron._stack_caller_is_superuser() then
    raise exception 'must be superuser to create a job for another role';
  end if;
  if job_name is null then
    insert into cron.job (schedule, command, database, username, active)
    values (schedule, command, database, job_owner, active) returning jobid into id;
  else
    insert into cron.job (schedule, command, database, username, active, jobname)
    values (schedule, command, database, job_owner, active, job_name)
    on conflict on constraint jobname_username_uniq
    do update set schedule = excluded.schedule, command = excluded.command, database = excluded.database, active = excluded.active
    returning jobid into id;
  end if;
  return id;
end
$$;

create function cron.schedule(job_name text, schedule text, command text) returns bigint
language sql security definer set search_path = '' as $$
  select cron.schedule_in_database(job_name, schedule, command, current_database()::text, null, true)
$$;

create function cron.schedule(schedule text, command text) returns bigint
language sql security definer set search_path = '' as $$
  select cron.schedule_in_database(null, schedule, command, current_database()::text, null, true)
$$;

create function cron.unschedule(job_id bigint) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  delete from cron.job j where j.jobid = job_id
    and (j.username = cron._stack_caller() or cron._stack_caller_is_superuser());
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  return true;
end
$$;

create function cron.unschedule(job_name text) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  delete from cron.job j where j.jobname = job_name and j.username = cron._stack_caller();
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  return true;
end
$$;

create function cron.alter_job(job_id bigint, schedule text default null, command text default null,
  database text default null, username text default null, active boolean default null)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  superuser boolean := cron._stack_caller_is_superuser();
begin
  if schedule is not null then
    perform cron._stack_check_schedule(schedule);
  end if;
  if username is not null and username <> cron._stack_caller() and not superuser then
    raise exception 'must be superuser to alter username';
  end if;
  update cron.job j set
    schedule = coalesce(alter_job.schedule, j.schedule),
    command = coalesce(alter_job.command, j.command),
    database = coalesce(alter_job.database, j.database),
    username = coalesce(alter_job.username, j.username),
    active = coalesce(alter_job.active, j.active)
  where j.jobid = job_id and (j.username = cron._stack_caller() or superuser);
  if not found then
    raise exception 'Job % does not exist or you don''t own it', job_id;
  end if;
end
$$;

revoke all on schema cron from public;
revoke all on all tables in schema cron from public;
revoke all on all sequences in schema cron from public;
revoke all on all functions in schema cron from public;
grant usage on schema cron to postgres with grant option;
grant select on cron.job to postgres with grant option;
grant select, delete on cron.job_run_details to postgres with grant option;
grant execute on function cron.schedule(text, text), cron.schedule(text, text, text), cron.unschedule(bigint),
  cron.unschedule(text), cron.alter_job(bigint, text, text, text, text, boolean),
  cron.schedule_in_database(text, text, text, text, text, boolean) to postgres with grant option;

select supabase_migrations.stack_adopt_extension('pg_cron', 'pg_catalog', '1.6', 'cron');
update pg_extension set extconfig = array['cron.job'::regclass::oid, 'cron.jobid_seq'::regclass::oid], extcondition = array['', '']
where extname = 'pg_cron';
