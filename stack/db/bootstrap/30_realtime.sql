-- Schema realtime as Supabase provides it to migrations: realtime.messages (authorized by the
-- app's RLS policies when a client joins a private channel), realtime.topic(), realtime.send()
-- and realtime.broadcast_changes() with Supabase's signatures and payload shapes, and the
-- supabase_realtime publication. Supabase partitions messages by day; one plain table keeps the
-- same columns and key and runs on PGlite.
create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages enable row level security;
grant select, insert, update, delete on realtime.messages to postgres, anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;
grant execute on function realtime.topic() to postgres, anon, authenticated, service_role;

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true) returns void
language plpgsql
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void
language plpgsql
as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;

-- The stack's realtime service delivers database broadcasts to sockets. Supabase reads them
-- from the WAL; here a NOTIFY carries each new message's id instead, because Postgres delivers
-- notifications only after commit and in commit order (a rolled-back send is never seen).
-- Channel 'realtime:messages', payload: the message id (uuid text); the reader selects the row.
create or replace function realtime.stack_notify_message() returns trigger
language plpgsql
as $$
begin
  perform pg_notify('realtime:messages', new.id::text);
  return null;
end;
$$;
revoke all on function realtime.stack_notify_message() from public;

drop trigger if exists stack_notify_message on realtime.messages;
create trigger stack_notify_message
  after insert on realtime.messages
  for each row execute function realtime.stack_notify_message();

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
