-- A tenant entity's live change carries the row once: the old row is sent as its key only.
--
-- realtime.broadcast_changes puts the whole old row beside the new one, so every UPDATE of a live
-- table went out twice its size: built in the database, fanned out to every listener, decoded by
-- every page. The app's live collections (src/lib/realtime.ts) read `record` for inserts and
-- updates and `old_record.id` for deletes, nothing else, so the payload keeps broadcast_changes'
-- shape ({operation, table, schema, record, old_record}) with `old_record` cut to `{id}`. Sent with
-- realtime.send, as broadcast_changes itself sends it. Every table with this trigger has `id` as
-- its key (the live collections' Row).
create or replace function private.broadcast_tenant_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  payload jsonb;
begin
  if tg_op = 'UPDATE' and new.tenant_id is distinct from old.tenant_id then
    perform realtime.send(
      jsonb_build_object('operation', 'DELETE', 'table', tg_table_name, 'schema', tg_table_schema, 'record', null, 'old_record', jsonb_build_object('id', old.id)),
      'DELETE', 'tenant:' || old.tenant_id::text || ':' || tg_table_name, true);
    perform realtime.send(
      jsonb_build_object('operation', 'INSERT', 'table', tg_table_name, 'schema', tg_table_schema, 'record', to_jsonb(new), 'old_record', null),
      'INSERT', 'tenant:' || new.tenant_id::text || ':' || tg_table_name, true);
  else
    payload := jsonb_build_object(
      'operation', tg_op,
      'table', tg_table_name,
      'schema', tg_table_schema,
      'record', case when tg_op = 'DELETE' then null else to_jsonb(new) end,
      'old_record', case when tg_op = 'INSERT' then null else jsonb_build_object('id', old.id) end);
    perform realtime.send(payload, tg_op, 'tenant:' || coalesce(new.tenant_id, old.tenant_id)::text || ':' || tg_table_name, true);
  end if;
  return null;
end;
$$;
revoke all on function private.broadcast_tenant_change() from public;
