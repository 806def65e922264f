-- A warehouse's own live topic, `tenant:<tenant_id>:warehouse:<warehouse_id>`: every change of the
-- rows of that warehouse's floor work (package handoffs, pick orders, receive orders and stock
-- balances), so a list of a warehouse's work stays current without following the whole tenant.
-- A warehouse's rows are read by whoever may access the warehouse (private.can_access_warehouse:
-- admins, and the staff its access mode lets in), so its topic is joined by exactly them, in the
-- admin and dispatcher panels: a restricted warehouse's topic refuses the staff of another warehouse,
-- drivers and customers never join it. Ledger lines (inventory_transactions) are not announced:
-- they are many, and the balance row each one changes is what the lists show.
--
-- The payload is realtime.broadcast_changes' shape ({operation, table, schema, record, old_record})
-- with old_record cut to {id}, as private.broadcast_tenant_change sends it. A row that moves to
-- another warehouse is announced to both: a DELETE to the one it left, an INSERT to the one it joins.

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
  -- Per-warehouse topics: the admin and dispatcher panels' people who may access that warehouse of
  -- the topic's tenant.
  if parts[3] = 'warehouse' then
    return array_length(parts, 1) = 4
      and private.current_panel_type() in ('admin', 'dispatcher')
      and exists (select 1 from public.warehouses w where w.id = parts[4]::uuid and w.tenant_id = parts[2]::uuid)
      and private.can_access_warehouse(parts[4]::uuid);
  end if;
  if array_length(parts, 1) <> 3 then
    return false;
  end if;
  select t.panel_types into panels from private.tenant_topic_panels t where t.entity = parts[3];
  return panels is null or private.current_panel_type() = any (panels);
end;
$$;

-- For any table with id, tenant_id and warehouse_id.
create or replace function private.broadcast_warehouse_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (new.warehouse_id is distinct from old.warehouse_id or new.tenant_id is distinct from old.tenant_id) then
    perform realtime.send(
      jsonb_build_object('operation', 'DELETE', 'table', tg_table_name, 'schema', tg_table_schema, 'record', null,
        'old_record', jsonb_build_object('id', old.id)),
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

create trigger pick_orders_warehouse_broadcast
  after insert or update or delete on public.pick_orders
  for each row execute function private.broadcast_warehouse_change();

create trigger receive_orders_warehouse_broadcast
  after insert or update or delete on public.receive_orders
  for each row execute function private.broadcast_warehouse_change();

create trigger inventory_stock_warehouse_broadcast
  after insert or update or delete on public.inventory_stock
  for each row execute function private.broadcast_warehouse_change();
