-- Warehouse people work in the warehouses, not on the board.
--
-- Warehouse people sign in to the dispatcher panel (panel_type 'dispatcher', roles
-- ['warehouse_staff']), and every policy and function that admits "the dispatcher panel" used to give
-- them the dispatcher's rights: the board and its live topics, every delivery, assigning drivers. A
-- person is *warehouse-only* when they are of the dispatcher panel, hold the warehouse_staff role,
-- do not hold the dispatcher role and have no active dispatcher_liaison staff row (a liaison works
-- between the warehouse and the board and keeps what dispatchers have).
--
-- The rights follow from one place: private.current_panel_type() answers 'warehouse' for a
-- warehouse-only person (their profile keeps panel_type 'dispatcher': the app still opens the
-- dispatcher panel for them, where their section lives). Every check written "admin or dispatcher"
-- therefore refuses them without being edited: deliveries, assignments, drivers, vehicles, zones,
-- customers, returns, exceptions, remittances, conversations, and the tenant topics (whose panels are
-- admin and dispatcher). What their work needs is opened again here by name, and only within the
-- warehouses private.can_access_warehouse lets them into, with the ledger's role matrix deciding
-- what they may write:
--   inventory items, suppliers and item labels (read), receive orders (read; receive through
--   public.receive_order_line), pick orders (start, pick, complete, and for managers and supervisors
--   create, edit and cancel, through the pick order functions).
-- The deliveries read policy is written again (it said "not a driver or a customer"); a delivery's
-- failure is no longer notified to warehouse-only people.

create or replace function private.is_warehouse_only(person uuid) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.profiles p
    where p.id = person and p.panel_type = 'dispatcher'
      and 'warehouse_staff' = any (p.roles) and not ('dispatcher' = any (p.roles))
      and not exists (
        select 1 from public.warehouse_staff s
        where s.user_id = p.id and s.tenant_id = p.tenant_id and s.role = 'dispatcher_liaison' and s.active
      )
  );
end;
$$;
revoke all on function private.is_warehouse_only(uuid) from public;
grant execute on function private.is_warehouse_only(uuid) to anon, authenticated, service_role;

-- The caller's panel as the rules see it: the profile's panel_type, except 'warehouse' for a
-- warehouse-only person of the dispatcher panel. One read of the profile, as before: the staff rows
-- are looked at only for a dispatcher-panel person with the warehouse_staff role and no dispatcher
-- role (the same rule as private.is_warehouse_only, inlined since policies call this one per statement).
create or replace function private.current_panel_type() returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select case
      when p.panel_type = 'dispatcher' and 'warehouse_staff' = any (p.roles) and not ('dispatcher' = any (p.roles))
        and not exists (
          select 1 from public.warehouse_staff s
          where s.user_id = p.id and s.tenant_id = p.tenant_id and s.role = 'dispatcher_liaison' and s.active
        )
      then 'warehouse'
      else p.panel_type
    end
    from public.profiles p where p.id = auth.uid() and p.status = 'active'
  );
end;
$$;

-- Warehouse-only people take the warehouse machines' moves that the dispatcher panel takes, under
-- the same conditions (the caller's staff role in the order's warehouse).
alter table private.status_moves drop constraint status_moves_panels_check;
alter table private.status_moves add constraint status_moves_panels_check
  check (panels <@ array['admin', 'dispatcher', 'driver', 'customer', 'warehouse'] and cardinality(panels) >= 1);
update private.status_moves set panels = panels || array['warehouse']
where machine in ('pick_order', 'receive_order') and 'dispatcher' = any (panels) and not ('warehouse' = any (panels));

create or replace function private.may_read_receive_order(tenant uuid, warehouse uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select tenant = private.current_tenant_id()
    and (private.is_tenant_admin(tenant)
      or (private.current_panel_type() in ('dispatcher', 'warehouse') and private.can_access_warehouse(warehouse)));
$$;

-- Deliveries: staff of the board read the tenant's; customers and drivers theirs; warehouse-only
-- people none. Written as "not a driver, a customer or warehouse-only" for the planner's estimate
-- (see 20261125001395).
drop policy "deliveries: staff read the tenant's; customers, drivers theirs" on public.deliveries;
create policy "deliveries: staff read the tenant's; customers, drivers theirs" on public.deliveries
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.current_panel_type()) not in ('driver', 'customer', 'warehouse')
      or customer_id = (select auth.uid())
      or (
        (select private.current_panel_type()) = 'driver'
        and (
          driver_id = (select auth.uid())
          or exists (
            select 1 from public.assignments a
            where a.delivery_id = deliveries.id and a.driver_id = (select auth.uid()) and a.status in ('accepted', 'completed')
          )
        )
      )
    )
  );

drop policy "inventory_items: admins and the dispatcher panel read" on public.inventory_items;
create policy "inventory_items: admins and the dispatcher panel read" on public.inventory_items
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (select private.current_panel_type()) in ('admin', 'dispatcher', 'warehouse')
  );

drop policy "suppliers: admins and dispatchers of the tenant read" on public.suppliers;
create policy "suppliers: admins and dispatchers of the tenant read" on public.suppliers for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (select private.current_panel_type()) in ('admin', 'dispatcher', 'warehouse')
  );

drop policy "inventory-labels bucket: admins and the dispatcher panel read their tenant's labels" on storage.objects;
create policy "inventory-labels bucket: admins and the dispatcher panel read their tenant's labels" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'inventory-labels'
    and (storage.foldername(name))[1] = (select private.current_tenant_id())::text
    and (select private.current_panel_type()) in ('admin', 'dispatcher', 'warehouse')
  );

-- A failed delivery is told to the board's people and to whoever assigned it, not to warehouse-only
-- people (who do not read deliveries).
create or replace function private.notify_delivery_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  assigner uuid;
  dispatcher record;
begin
  if new.status = old.status then
    return null;
  end if;
  if new.status = 'picked_up' then
    perform private.notify(new.customer_id, 'Your delivery ' || new.delivery_code || ' is on its way',
      'Picked up and heading to ' || private.short_place(new.dropoff_address) || '.', new.id);
  elsif new.status = 'delivered' then
    perform private.notify(new.customer_id, 'Your delivery ' || new.delivery_code || ' was delivered',
      coalesce('Received by ' || nullif(new.proof ->> 'recipient_name', '') || '.', null), new.id);
  elsif new.status = 'failed' then
    perform private.notify(new.customer_id, 'We could not deliver ' || new.delivery_code,
      coalesce('Reason: ' || new.status_reason || '. We will be in touch to arrange another attempt.', null), new.id);
    select a.assigned_by into assigner from public.assignments a
    where a.delivery_id = new.id order by a.assignment_time desc limit 1;
    for dispatcher in
      select p.id from public.profiles p
      where p.tenant_id = new.tenant_id and p.status = 'active'
        and ((p.panel_type = 'dispatcher' and not private.is_warehouse_only(p.id)) or p.id = assigner)
    loop
      perform private.notify(dispatcher.id, new.delivery_code || ' failed',
        coalesce('Reason: ' || new.status_reason || '.', null), new.id);
    end loop;
  end if;
  return null;
end;
$$;

-- Pick orders: warehouse-only managers and supervisors create and edit them, pickers pick (the
-- machine's conditions decide which, as for the dispatcher panel).
create or replace function public.next_pick_order_reference() returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or private.current_panel_type() not in ('admin', 'dispatcher', 'warehouse') then
    raise exception using errcode = '42501', message = 'Sign in to create pick orders';
  end if;
  return private.next_tenant_code(tenant, 'pick_orders', 'PK');
end;
$$;

create or replace function public.save_pick_order(pick_order_id uuid, "values" jsonb) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v jsonb := save_pick_order."values";
  tenant uuid := private.current_tenant_id();
  old public.pick_orders;
  o public.pick_orders;
  creating boolean := save_pick_order.pick_order_id is null;
  problems jsonb := '[]'::jsonb;
  warehouse uuid;
  ref text;
  ext text;
  kind text;
  prio numeric;
  note_text text;
  picker_note text;
  assignee uuid;
  due date;
  lines jsonb;
  line jsonb;
  old_line public.pick_order_lines;
  i integer := 0;
  q numeric;
  pq numeric;
  conditions text[];
  header_changed boolean;
begin
  if tenant is null or private.current_panel_type() not in ('admin', 'dispatcher', 'warehouse') then
    raise exception using errcode = '42501', message = 'Sign in to save pick orders';
  end if;
  if v is null or jsonb_typeof(v) <> 'object' then
    raise exception using errcode = '22023', message = 'The pick order values must be a JSON object';
  end if;
  if not creating then
    select x.* into old from public.pick_orders x
    where x.id = save_pick_order.pick_order_id and x.tenant_id = tenant and private.can_access_warehouse(x.warehouse_id)
    for update;
    if old.id is null then
      perform private.not_found('Pick order not found');
    end if;
    if not private.move_exists('pick_order', 'edit', old.status) and not private.move_exists('pick_order', 'pick', old.status) then
      perform private.validation_error('status', format('A pick order that is %s cannot be changed', old.status));
    end if;
  end if;

  -- The values, each from the input when given, else the stored one (or the default).
  begin
    warehouse := case when v ? 'warehouse_id' then nullif(v ->> 'warehouse_id', '')::uuid else old.warehouse_id end;
  exception when invalid_text_representation then
    perform private.validation_error('warehouse_id', 'Warehouse not found');
  end;
  ref := case when v ? 'reference_number' then btrim(coalesce(v ->> 'reference_number', '')) else old.reference_number end;
  ext := case when v ? 'external_reference' then nullif(btrim(coalesce(v ->> 'external_reference', '')), '') else old.external_reference end;
  kind := case when v ? 'order_type' then v ->> 'order_type' else coalesce(old.order_type, 'individual') end;
  note_text := case when v ? 'notes' then nullif(btrim(coalesce(v ->> 'notes', '')), '') else old.notes end;
  picker_note := case when v -> 'picking_progress' ? 'picker_notes'
    then nullif(btrim(coalesce(v #>> '{picking_progress,picker_notes}', '')), '') else old.picker_notes end;
  begin
    assignee := case when v ? 'assigned_to' then nullif(v ->> 'assigned_to', '')::uuid else old.assigned_to end;
  exception when invalid_text_representation then
    problems := problems || jsonb_build_object('field', 'assigned_to', 'message', 'Choose a staff member of this warehouse');
  end;
  begin
    due := case when v ? 'due_date' then nullif(v ->> 'due_date', '')::date else old.due_date end;
  exception when invalid_datetime_format or datetime_field_overflow then
    problems := problems || jsonb_build_object('field', 'due_date', 'message', 'Due date must be a date');
  end;

  -- Rights: the warehouse must be one the caller may access, then the machine decides.
  if warehouse is null then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse is required');
  elsif not exists (select 1 from public.warehouses w where w.id = warehouse and w.tenant_id = tenant)
    or not private.can_access_warehouse(warehouse) then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse not found');
  else
    conditions := private.pick_order_move_conditions(warehouse);
    if creating and not 'manages' = any (conditions) then
      raise exception using errcode = '42501', message = 'Only admins, supervisors and managers of this warehouse can create pick orders';
    end if;
  end if;
  if not creating then
    conditions := private.pick_order_move_conditions(old.warehouse_id);
    header_changed := warehouse is distinct from old.warehouse_id or ref is distinct from old.reference_number
      or ext is distinct from old.external_reference or kind is distinct from old.order_type
      or (v ? 'priority' and v -> 'priority' is distinct from to_jsonb(old.priority))
      or note_text is distinct from old.notes or assignee is distinct from old.assigned_to or due is distinct from old.due_date;
    if (old.status = 'pending' or header_changed) and not 'manages' = any (conditions) then
      raise exception using errcode = '42501', message = 'Only admins, supervisors and managers of this warehouse can change a pick order';
    end if;
    if old.status = 'in_progress' and not 'picks' = any (conditions) then
      raise exception using errcode = '42501', message = 'Only admins, pickers, supervisors and managers of this warehouse can pick';
    end if;
    if old.status = 'pending' and warehouse is distinct from old.warehouse_id and not v ? 'item_details' then
      problems := problems || jsonb_build_object('field', 'item_details', 'message', 'Choose the items again: the bins are the new warehouse''s');
    end if;
    if old.status = 'in_progress' and warehouse is distinct from old.warehouse_id then
      problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'The warehouse cannot change once picking has started');
    end if;
  end if;

  if v ? 'status' and v ->> 'status' is distinct from coalesce(old.status, 'pending') then
    problems := problems || jsonb_build_object('field', 'status', 'message', 'Start, complete or cancel the pick order to change its status');
  end if;
  if creating and (not v ? 'reference_number' or v -> 'reference_number' = 'null'::jsonb) then
    ref := private.next_tenant_code(tenant, 'pick_orders', 'PK');
  end if;
  if ref is null or ref = '' then
    problems := problems || jsonb_build_object('field', 'reference_number', 'message', 'Reference number is required');
  elsif length(ref) > 64 then
    problems := problems || jsonb_build_object('field', 'reference_number', 'message', 'Reference number must be at most 64 characters');
  elsif exists (select 1 from public.pick_orders x where x.tenant_id = tenant and x.reference_number = ref
      and x.id is distinct from old.id) then
    problems := problems || jsonb_build_object('field', 'reference_number', 'message', 'Reference number already exists');
  end if;
  if length(coalesce(ext, '')) > 100 then
    problems := problems || jsonb_build_object('field', 'external_reference', 'message', 'External reference must be at most 100 characters');
  end if;
  if kind is null or kind not in ('individual', 'batch', 'wave') then
    problems := problems || jsonb_build_object('field', 'order_type', 'message', 'Order type must be individual, batch or wave');
  end if;
  if v ? 'priority' then
    if jsonb_typeof(v -> 'priority') is distinct from 'number' or (v ->> 'priority')::numeric <> trunc((v ->> 'priority')::numeric)
      or (v ->> 'priority')::numeric not between 1 and 100 then
      problems := problems || jsonb_build_object('field', 'priority', 'message', 'Priority must be a whole number from 1 to 100');
    else
      prio := (v ->> 'priority')::numeric;
    end if;
  end if;
  if length(coalesce(note_text, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'notes', 'message', 'Notes must be at most 2000 characters');
  end if;
  if length(coalesce(picker_note, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'picking_progress.picker_notes', 'message', 'Picker notes must be at most 2000 characters');
  end if;
  if assignee is not null and assignee is distinct from old.assigned_to and not exists (
    select 1 from public.warehouse_staff s where s.warehouse_id = warehouse and s.user_id = assignee and s.active
  ) then
    problems := problems || jsonb_build_object('field', 'assigned_to', 'message', 'Choose a staff member of this warehouse');
  end if;
  if due is not null and due is distinct from old.due_date and due < current_date then
    problems := problems || jsonb_build_object('field', 'due_date', 'message', 'Due date cannot be before today');
  end if;

  -- The lines.
  lines := case when v ? 'item_details' then v -> 'item_details' end;
  if creating and lines is null then
    lines := '[]'::jsonb;
  end if;
  if lines is not null then
    if jsonb_typeof(lines) <> 'array' or jsonb_array_length(lines) = 0 then
      problems := problems || jsonb_build_object('field', 'item_details', 'message', 'Add at least one item');
    elsif jsonb_array_length(lines) > 200 then
      problems := problems || jsonb_build_object('field', 'item_details', 'message', 'At most 200 items');
    elsif not creating and old.status = 'in_progress' and jsonb_array_length(lines) <> (select count(*) from public.pick_order_lines l where l.pick_order_id = old.id) then
      problems := problems || jsonb_build_object('field', 'item_details', 'message', 'Items cannot be added or removed once picking has started');
    else
      for line in select value from jsonb_array_elements(lines) loop
        if jsonb_typeof(line) <> 'object' then
          problems := problems || jsonb_build_object('field', format('item_details.%s', i), 'message', 'An item must be an object');
          i := i + 1;
          continue;
        end if;
        if nullif(line ->> 'item_id', '') is null then
          problems := problems || jsonb_build_object('field', format('item_details.%s.item_id', i), 'message', 'Item is required');
        elsif (line ->> 'item_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.inventory_items it where it.id = (line ->> 'item_id')::uuid and it.tenant_id = tenant) then
          problems := problems || jsonb_build_object('field', format('item_details.%s.item_id', i), 'message', 'Item not found');
        end if;
        if nullif(line ->> 'bin_id', '') is null then
          problems := problems || jsonb_build_object('field', format('item_details.%s.bin_id', i), 'message', 'Bin is required');
        elsif (line ->> 'bin_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.warehouse_locations b where b.id = (line ->> 'bin_id')::uuid and b.warehouse_id = warehouse
            and b.location_type = 'bin' and (b.status = 'active' or (not creating and old.status = 'in_progress'))) then
          problems := problems || jsonb_build_object('field', format('item_details.%s.bin_id', i), 'message', 'Choose an active bin of this warehouse');
        end if;
        q := 1;
        if line ? 'quantity' and jsonb_typeof(line -> 'quantity') <> 'null' then
          if jsonb_typeof(line -> 'quantity') <> 'number' or (line ->> 'quantity')::numeric <> trunc((line ->> 'quantity')::numeric)
            or (line ->> 'quantity')::numeric not between 1 and 1000000 then
            problems := problems || jsonb_build_object('field', format('item_details.%s.quantity', i), 'message', 'Quantity must be a whole number above 0');
            q := null;
          else
            q := (line ->> 'quantity')::numeric;
          end if;
        end if;
        pq := 0;
        if line ? 'picked_quantity' and jsonb_typeof(line -> 'picked_quantity') <> 'null' then
          if jsonb_typeof(line -> 'picked_quantity') <> 'number' or (line ->> 'picked_quantity')::numeric <> trunc((line ->> 'picked_quantity')::numeric)
            or (line ->> 'picked_quantity')::numeric < 0 then
            problems := problems || jsonb_build_object('field', format('item_details.%s.picked_quantity', i), 'message', 'Picked quantity must be a whole number, 0 or more');
            pq := null;
          else
            pq := (line ->> 'picked_quantity')::numeric;
          end if;
        end if;
        if pq is not null and q is not null and pq > q then
          problems := problems || jsonb_build_object('field', format('item_details.%s.picked_quantity', i), 'message', 'Picked quantity cannot be more than the quantity');
        elsif (creating or old.status = 'pending') and pq is not null and pq > 0 then
          problems := problems || jsonb_build_object('field', format('item_details.%s.picked_quantity', i), 'message', 'Items are picked once the pick order is in progress');
        end if;
        if not creating and old.status = 'in_progress' then
          select l.* into old_line from public.pick_order_lines l where l.pick_order_id = old.id and l.position = i;
          if old_line.item_id::text is distinct from lower(line ->> 'item_id') or old_line.bin_id::text is distinct from lower(line ->> 'bin_id')
            or old_line.quantity is distinct from q::integer then
            problems := problems || jsonb_build_object('field', format('item_details.%s', i), 'message', 'Items cannot change once picking has started');
          elsif pq is not null and pq < old_line.picked_quantity then
            problems := problems || jsonb_build_object('field', format('item_details.%s.picked_quantity', i), 'message',
              format('Picked quantity cannot go below the %s already picked', old_line.picked_quantity));
          end if;
        end if;
        i := i + 1;
      end loop;
    end if;
  end if;

  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;

  if creating then
    insert into public.pick_orders (tenant_id, warehouse_id, reference_number, external_reference, order_type, priority,
      notes, picker_notes, assigned_to, due_date, created_by)
    values (tenant, warehouse, ref, ext, kind, coalesce(prio, 1)::integer, note_text, picker_note, assignee, due,
      (select p.id from public.profiles p where p.id = auth.uid() and p.tenant_id = tenant))
    returning * into o;
    perform private.append_pick_order_event(o, null, null);
  else
    update public.pick_orders x set warehouse_id = warehouse, reference_number = ref, external_reference = ext,
      order_type = kind, priority = coalesce(prio::integer, x.priority), notes = note_text, picker_notes = picker_note,
      assigned_to = assignee, due_date = due
    where x.id = old.id
    returning * into o;
  end if;

  if lines is not null then
    if creating or old.status = 'pending' then
      delete from public.pick_order_lines l where l.pick_order_id = o.id;
      insert into public.pick_order_lines (tenant_id, pick_order_id, warehouse_id, position, item_id, bin_id, quantity)
      select tenant, o.id, o.warehouse_id, (t.n - 1)::integer, (t.e ->> 'item_id')::uuid, (t.e ->> 'bin_id')::uuid,
        coalesce((t.e ->> 'quantity')::integer, 1)
      from jsonb_array_elements(lines) with ordinality as t(e, n);
    else
      -- Picks: each line's growth comes out of its reservation, in one lock order (the balances'
      -- ids) for all of the order's bins.
      perform 1 from public.inventory_stock s
      where s.status = 'available' and (s.item_id, s.bin_id) in (select l.item_id, l.bin_id from public.pick_order_lines l where l.pick_order_id = o.id)
      order by s.id for update;
      for old_line in select l.* from public.pick_order_lines l where l.pick_order_id = o.id order by l.position for update loop
        pq := coalesce((lines -> old_line.position ->> 'picked_quantity')::integer, old_line.picked_quantity);
        if pq > old_line.picked_quantity then
          perform private.pick_reserved_inventory(old_line.item_id, o.warehouse_id, old_line.bin_id,
            (pq - old_line.picked_quantity)::integer, 'pick_order', o.id);
          update public.pick_order_lines l set picked_quantity = pq::integer,
            reserved_quantity = l.reserved_quantity - (pq::integer - l.picked_quantity),
            status = case when pq = l.quantity then 'picked' else 'partially_picked' end
          where l.id = old_line.id;
        end if;
      end loop;
    end if;
  end if;

  return jsonb_build_object('message', case when creating then 'Pick order created successfully' else 'Pick order updated successfully' end,
    'pick_order', public.get_pick_order(o.id));
end;
$$;
