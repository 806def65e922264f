-- Change capture for Realtime's postgres_changes. Supabase decodes the WAL (wal2json + walrus);
-- PGlite has no usable logical decoding, so on both backends an AFTER ROW trigger on every table
-- of the supabase_realtime publication appends the change to _stack_realtime.changes and
-- NOTIFYs its id on 'realtime_changes' (a plain identifier: PGlite's LISTEN does not quote channel
-- names). Postgres delivers notifications after commit, in commit order, never for a rolled-back
-- transaction; the row (not the 8 kB notification) carries the data.
-- The schema is the stack's own: no API role may use it.
create schema if not exists _stack_realtime;
revoke all on schema _stack_realtime from public;

create table if not exists _stack_realtime.changes (
  id bigint generated always as identity primary key,
  relid oid not null,
  schema_name name not null,
  table_name name not null,
  type text not null,
  committed_at timestamptz not null default now(),
  record jsonb,
  old_record jsonb
);
create index if not exists changes_committed_at_idx on _stack_realtime.changes (committed_at);

-- Values are rendered as walrus renders them (to_jsonb of the typed value) in the session that
-- Supabase's realtime uses: UTC, ISO intervals. The full old row is kept; the reader cuts it down
-- to the replica identity, as the WAL would.
create or replace function _stack_realtime.capture_change() returns trigger
language plpgsql
security definer
set search_path = ''
set timezone = 'UTC'
set intervalstyle = 'postgres'
as $$
declare
  change_id bigint;
begin
  insert into _stack_realtime.changes (relid, schema_name, table_name, type, record, old_record)
  values (
    tg_relid, tg_table_schema, tg_table_name, tg_op,
    case when tg_op <> 'DELETE' then to_jsonb(new) end,
    case when tg_op <> 'INSERT' then to_jsonb(old) end
  )
  returning id into change_id;
  perform pg_notify('realtime_changes', change_id::text);
  return null;
end;
$$;
revoke all on function _stack_realtime.capture_change() from public;

-- Makes the capture triggers match the publication: one trigger per published table for the
-- published actions, none on tables that left it. PGlite has no event triggers, so the stack calls
-- this at start, when a client binds, and on schema reloads. Returns the number of tables changed.
create or replace function _stack_realtime.sync_capture() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  r record;
  changed integer := 0;
begin
  for r in
    with wanted as (
      select c.oid as relid,
        (case when p.pubinsert then 4 else 0 end)
          | (case when p.pubupdate then 16 else 0 end)
          | (case when p.pubdelete then 8 else 0 end) as events
      from pg_catalog.pg_publication p
      join pg_catalog.pg_publication_tables pt on pt.pubname = p.pubname
      join pg_catalog.pg_namespace n on n.nspname = pt.schemaname
      join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
      where p.pubname = 'supabase_realtime' and pt.schemaname <> '_stack_realtime'
    ), present as (
      select t.tgrelid as relid, (t.tgtype::integer & 28) as events
      from pg_catalog.pg_trigger t
      where t.tgname = '_stack_realtime_capture'
    )
    select coalesce(w.relid, h.relid) as relid, w.events as want, h.events as have
    from wanted w full join present h on h.relid = w.relid
    where w.events is distinct from h.events
  loop
    if r.have is not null then
      execute format('drop trigger if exists _stack_realtime_capture on %s', r.relid::regclass);
    end if;
    if coalesce(r.want, 0) <> 0 then
      execute format(
        'create or replace trigger _stack_realtime_capture after %s on %s for each row execute function _stack_realtime.capture_change()',
        array_to_string(array_remove(array[
          case when r.want & 4 <> 0 then 'insert' end,
          case when r.want & 16 <> 0 then 'update' end,
          case when r.want & 8 <> 0 then 'delete' end
        ], null), ' or '),
        r.relid::regclass
      );
    end if;
    changed := changed + 1;
  end loop;
  return changed;
end;
$$;
revoke all on function _stack_realtime.sync_capture() from public;
