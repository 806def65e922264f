-- A row that moves to another warehouse is announced to the one it left as a DELETE that says
-- `moved: true`: it still exists (the other warehouse's topic gets its INSERT), so a list removes in
-- place only what the database deleted and reads again for what moved away (src/lib/realtime.ts).
-- Otherwise as 20261202001000_warehouse_topics.sql defined it.
create or replace function private.broadcast_warehouse_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (new.warehouse_id is distinct from old.warehouse_id or new.tenant_id is distinct from old.tenant_id) then
    perform realtime.send(
      jsonb_build_object('operation', 'DELETE', 'table', tg_table_name, 'schema', tg_table_schema, 'record', null,
        'old_record', jsonb_build_object('id', old.id), 'moved', true),
      'DELETE', 'tenant:' || old.tenant_id::text || ':warehouse:' || old.warehouse_id::text, true);
    perform realtime.send(
      jsonb_build_object('operation', 'INSERT', 'table', tg_table_name, 'schema', tg_table_schema, 'record', to_jsonb(new),
        'old_record', null),
      'INSERT', 'tenant:' || new.tenant_id::text || ':warehouse:' || new.warehouse_id::text, true);
  elsif tg_op = 'DELETE' then
    perform realtime.send(
      jsonb_build_object('operation', 'DELETE', 'table', tg_table_name, 'schema', tg_table_schema, 'record', null,
        'old_record', jsonb_build_object('id', old.id)),
      'DELETE', 'tenant:' || old.tenant_id::text || ':warehouse:' || old.warehouse_id::text, true);
  else
    perform realtime.send(
      jsonb_build_object('operation', tg_op, 'table', tg_table_name, 'schema', tg_table_schema, 'record', to_jsonb(new),
        'old_record', case when tg_op = 'UPDATE' then jsonb_build_object('id', old.id) end),
      tg_op, 'tenant:' || new.tenant_id::text || ':warehouse:' || new.warehouse_id::text, true);
  end if;
  return null;
end;
$$;
revoke all on function private.broadcast_warehouse_change() from public;
