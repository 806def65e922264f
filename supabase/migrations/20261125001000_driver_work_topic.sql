-- A driver's own live topic, `tenant:<tenant_id>:driver_work:<driver_id>`: every change of their
-- assignments and of the deliveries they carry, so the driver app hears a new assignment the moment
-- it is committed (without following the whole tenant's deliveries, which drivers may not join).
-- Only that driver joins it. A delivery or assignment that leaves a driver (reassigned, unassigned,
-- rejected) is announced to the driver it left as well, so their app drops it.
-- The same rule admits chat's per-person inbox topic (20261125001030).
-- The payload is realtime.broadcast_changes' (table, operation, record, old_record): the rows the
-- driver may read anyway through RLS (their assignments, the deliveries they carry).

create or replace function private.may_receive_tenant_topic(topic text) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  parts text[];
  panels text[];
begin
  if topic is null or topic !~ '^tenant:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:[a-z_][a-z0-9_]*(:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$' then
    return false;
  end if;
  parts := string_to_array(topic, ':');
  if not private.is_tenant_member(parts[2]::uuid) then
    return false;
  end if;
  -- Per-person topics: only their person joins (`inbox`: chat's unread counts, 20261125001030).
  if parts[3] in ('notifications', 'driver_work', 'inbox') then
    return array_length(parts, 1) = 4 and parts[4]::uuid = auth.uid()
      and (parts[3] <> 'driver_work' or private.current_panel_type() = 'driver');
  end if;
  if array_length(parts, 1) <> 3 then
    return false;
  end if;
  select t.panel_types into panels from private.tenant_topic_panels t where t.entity = parts[3];
  return panels is null or private.current_panel_type() = any (panels);
end;
$$;

create or replace function private.broadcast_driver_work() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  tenant uuid := coalesce(new.tenant_id, old.tenant_id);
begin
  if tg_op <> 'DELETE' and new.driver_id is not null then
    perform realtime.broadcast_changes('tenant:' || tenant::text || ':driver_work:' || new.driver_id::text,
      tg_op, tg_op, tg_table_name, tg_table_schema, new, case when tg_op = 'UPDATE' then old end);
  end if;
  if tg_op <> 'INSERT' and old.driver_id is not null and (tg_op = 'DELETE' or new.driver_id is distinct from old.driver_id) then
    perform realtime.broadcast_changes('tenant:' || tenant::text || ':driver_work:' || old.driver_id::text,
      'DELETE', 'DELETE', tg_table_name, tg_table_schema, null, old);
  end if;
  return null;
end;
$$;
revoke all on function private.broadcast_driver_work() from public;

create trigger assignments_driver_work_broadcast
  after insert or update or delete on public.assignments
  for each row execute function private.broadcast_driver_work();

create trigger deliveries_driver_work_broadcast
  after insert or update or delete on public.deliveries
  for each row execute function private.broadcast_driver_work();
