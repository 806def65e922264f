-- Pick orders', batches' and waves' refusals carry stable keys (supabase/README.md, "Refusals and
-- their keys"), so the pick order form, the build dialog, the batch page and the warehouse floor's
-- picking screen show them in the user's language instead of the database's English. Each function
-- is written out whole from its current definition; only how a refusal is built and raised changes:
-- the same SQLSTATEs (23514 'Validation failed', PT404 'Pick order not found', 42501, 55000, 40001,
-- 22023, P0001), the same MESSAGEs, fields, English words and problem order, the same grants.
--
--   public.save_pick_order                from 20261203002100_staff_panel_rules.sql
--   public.transition_pick_order          from 20261201003010_pick_orders.sql
--   public.next_pick_order_reference      from 20261203002100_staff_panel_rules.sql
--   public.build_pick_batch               from 20261207000100_pick_wave_split.sql
--   private.pick_batch_guard_order,
--   private.pick_batch_guard_line         from 20261204002000_pick_batches.sql
--   public.take_out_of_pick_batch         from 20261206001000_pick_batch_take_out_note.sql
--   private.pick_reserved_inventory       from 20261201003000_inventory_reservations.sql
--
-- The values the words name travel as params: {max} (and {min}) of a limit, {status} of an order
-- that cannot change, {from} and {to} of an impossible move (raw statuses: the app words them),
-- {reference} and {batch} of an order in a batch, {warehouse} of an order of another warehouse,
-- {item}, {bin} and {available} of a line short of stock, {picked} of what a line already picked,
-- {type} of a batch or wave. The 42501 of a move (private.move_refusal's words) is keyed by the move:
-- pick.start_not_allowed, pick.complete_not_allowed, pick.cancel_not_allowed.

-- Creates (pick_order_id null) or saves a pick order in the form's shape: its problems keyed
-- (23514 'Validation failed'), the not-found (PT404) and the not-allowed (42501) keyed too.
create or replace function public.save_pick_order(pick_order_id uuid, "values" jsonb) returns jsonb
language plpgsql
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
  if tenant is null or not private.is_staff(true) then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.sign_in_to_save', null, 'Sign in to save pick orders')),
      '42501', 'Sign in to save pick orders');
  end if;
  if v is null or jsonb_typeof(v) <> 'object' then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.values_shape', null, 'The pick order values must be a JSON object')),
      '22023', 'The pick order values must be a JSON object');
  end if;
  if not creating then
    select x.* into old from public.pick_orders x
    where x.id = save_pick_order.pick_order_id and x.tenant_id = tenant and private.can_access_warehouse(x.warehouse_id)
    for update;
    if old.id is null then
      perform private.raise_problems(jsonb_build_array(private.problem('pick.not_found', null, 'Pick order not found')), 'PT404', 'Pick order not found');
    end if;
    if not private.move_exists('pick_order', 'edit', old.status) and not private.move_exists('pick_order', 'pick', old.status) then
      perform private.raise_problem('pick.not_editable', 'status', format('A pick order that is %s cannot be changed', old.status),
        jsonb_build_object('status', old.status));
    end if;
  end if;

  -- The values, each from the input when given, else the stored one (or the default).
  begin
    warehouse := case when v ? 'warehouse_id' then nullif(v ->> 'warehouse_id', '')::uuid else old.warehouse_id end;
  exception when invalid_text_representation then
    perform private.raise_problem('pick.warehouse_not_found', 'warehouse_id', 'Warehouse not found');
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
    problems := problems || private.problem('pick.assignee_not_staff', 'assigned_to', 'Choose a staff member of this warehouse');
  end;
  begin
    due := case when v ? 'due_date' then nullif(v ->> 'due_date', '')::date else old.due_date end;
  exception when invalid_datetime_format or datetime_field_overflow then
    problems := problems || private.problem('pick.due_date_invalid', 'due_date', 'Due date must be a date');
  end;

  -- Rights: the warehouse must be one the caller may access, then the machine decides.
  if warehouse is null then
    problems := problems || private.problem('pick.warehouse_required', 'warehouse_id', 'Warehouse is required');
  elsif not exists (select 1 from public.warehouses w where w.id = warehouse and w.tenant_id = tenant)
    or not private.can_access_warehouse(warehouse) then
    problems := problems || private.problem('pick.warehouse_not_found', 'warehouse_id', 'Warehouse not found');
  else
    conditions := private.pick_order_move_conditions(warehouse);
    if creating and not 'manages' = any (conditions) then
      perform private.raise_problems(jsonb_build_array(private.problem('pick.create_not_allowed', null,
        'Only admins, supervisors and managers of this warehouse can create pick orders')),
        '42501', 'Only admins, supervisors and managers of this warehouse can create pick orders');
    end if;
  end if;
  if not creating then
    conditions := private.pick_order_move_conditions(old.warehouse_id);
    header_changed := warehouse is distinct from old.warehouse_id or ref is distinct from old.reference_number
      or ext is distinct from old.external_reference or kind is distinct from old.order_type
      or (v ? 'priority' and v -> 'priority' is distinct from to_jsonb(old.priority))
      or note_text is distinct from old.notes or assignee is distinct from old.assigned_to or due is distinct from old.due_date;
    if (old.status = 'pending' or header_changed) and not 'manages' = any (conditions) then
      perform private.raise_problems(jsonb_build_array(private.problem('pick.change_not_allowed', null,
        'Only admins, supervisors and managers of this warehouse can change a pick order')),
        '42501', 'Only admins, supervisors and managers of this warehouse can change a pick order');
    end if;
    if old.status = 'in_progress' and not 'picks' = any (conditions) then
      perform private.raise_problems(jsonb_build_array(private.problem('pick.pick_not_allowed', null,
        'Only admins, pickers, supervisors and managers of this warehouse can pick')),
        '42501', 'Only admins, pickers, supervisors and managers of this warehouse can pick');
    end if;
    if old.status = 'pending' and warehouse is distinct from old.warehouse_id and not v ? 'item_details' then
      problems := problems || private.problem('pick.items_again_for_warehouse', 'item_details', 'Choose the items again: the bins are the new warehouse''s');
    end if;
    if old.status = 'in_progress' and warehouse is distinct from old.warehouse_id then
      problems := problems || private.problem('pick.warehouse_fixed_once_started', 'warehouse_id', 'The warehouse cannot change once picking has started');
    end if;
  end if;

  if v ? 'status' and v ->> 'status' is distinct from coalesce(old.status, 'pending') then
    problems := problems || private.problem('pick.status_by_moves', 'status', 'Start, complete or cancel the pick order to change its status');
  end if;
  if creating and (not v ? 'reference_number' or v -> 'reference_number' = 'null'::jsonb) then
    ref := private.next_tenant_code(tenant, 'pick_orders', 'PK');
  end if;
  if ref is null or ref = '' then
    problems := problems || private.problem('pick.reference_required', 'reference_number', 'Reference number is required');
  elsif length(ref) > 64 then
    problems := problems || private.problem('pick.reference_too_long', 'reference_number', 'Reference number must be at most 64 characters', jsonb_build_object('max', 64));
  elsif exists (select 1 from public.pick_orders x where x.tenant_id = tenant and x.reference_number = ref
      and x.id is distinct from old.id) then
    problems := problems || private.problem('pick.reference_taken', 'reference_number', 'Reference number already exists');
  end if;
  if length(coalesce(ext, '')) > 100 then
    problems := problems || private.problem('pick.external_reference_too_long', 'external_reference', 'External reference must be at most 100 characters', jsonb_build_object('max', 100));
  end if;
  if kind is null or kind not in ('individual', 'batch', 'wave') then
    problems := problems || private.problem('pick.order_type_invalid', 'order_type', 'Order type must be individual, batch or wave');
  end if;
  if v ? 'priority' then
    if jsonb_typeof(v -> 'priority') is distinct from 'number' or (v ->> 'priority')::numeric <> trunc((v ->> 'priority')::numeric)
      or (v ->> 'priority')::numeric not between 1 and 100 then
      problems := problems || private.problem('pick.priority_invalid', 'priority', 'Priority must be a whole number from 1 to 100', jsonb_build_object('min', 1, 'max', 100));
    else
      prio := (v ->> 'priority')::numeric;
    end if;
  end if;
  if length(coalesce(note_text, '')) > 2000 then
    problems := problems || private.problem('pick.notes_too_long', 'notes', 'Notes must be at most 2000 characters', jsonb_build_object('max', 2000));
  end if;
  if length(coalesce(picker_note, '')) > 2000 then
    problems := problems || private.problem('pick.picker_notes_too_long', 'picking_progress.picker_notes', 'Picker notes must be at most 2000 characters', jsonb_build_object('max', 2000));
  end if;
  if assignee is not null and assignee is distinct from old.assigned_to and not exists (
    select 1 from public.warehouse_staff s where s.warehouse_id = warehouse and s.user_id = assignee and s.active
  ) then
    problems := problems || private.problem('pick.assignee_not_staff', 'assigned_to', 'Choose a staff member of this warehouse');
  end if;
  if due is not null and due is distinct from old.due_date and due < current_date then
    problems := problems || private.problem('pick.due_date_past', 'due_date', 'Due date cannot be before today');
  end if;

  -- The lines.
  lines := case when v ? 'item_details' then v -> 'item_details' end;
  if creating and lines is null then
    lines := '[]'::jsonb;
  end if;
  if lines is not null then
    if jsonb_typeof(lines) <> 'array' or jsonb_array_length(lines) = 0 then
      problems := problems || private.problem('pick.items_required', 'item_details', 'Add at least one item');
    elsif jsonb_array_length(lines) > 200 then
      problems := problems || private.problem('pick.items_too_many', 'item_details', 'At most 200 items', jsonb_build_object('max', 200));
    elsif not creating and old.status = 'in_progress' and jsonb_array_length(lines) <> (select count(*) from public.pick_order_lines l where l.pick_order_id = old.id) then
      problems := problems || private.problem('pick.items_count_fixed', 'item_details', 'Items cannot be added or removed once picking has started');
    else
      for line in select value from jsonb_array_elements(lines) loop
        if jsonb_typeof(line) <> 'object' then
          problems := problems || private.problem('pick.item_shape', format('item_details.%s', i), 'An item must be an object');
          i := i + 1;
          continue;
        end if;
        if nullif(line ->> 'item_id', '') is null then
          problems := problems || private.problem('pick.item_required', format('item_details.%s.item_id', i), 'Item is required');
        elsif (line ->> 'item_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.inventory_items it where it.id = (line ->> 'item_id')::uuid and it.tenant_id = tenant) then
          problems := problems || private.problem('pick.item_not_found', format('item_details.%s.item_id', i), 'Item not found');
        end if;
        if nullif(line ->> 'bin_id', '') is null then
          problems := problems || private.problem('pick.bin_required', format('item_details.%s.bin_id', i), 'Bin is required');
        elsif (line ->> 'bin_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.warehouse_locations b where b.id = (line ->> 'bin_id')::uuid and b.warehouse_id = warehouse
            and b.location_type = 'bin' and (b.status = 'active' or (not creating and old.status = 'in_progress'))) then
          problems := problems || private.problem('pick.bin_invalid', format('item_details.%s.bin_id', i), 'Choose an active bin of this warehouse');
        end if;
        q := 1;
        if line ? 'quantity' and jsonb_typeof(line -> 'quantity') <> 'null' then
          if jsonb_typeof(line -> 'quantity') <> 'number' or (line ->> 'quantity')::numeric <> trunc((line ->> 'quantity')::numeric)
            or (line ->> 'quantity')::numeric not between 1 and 1000000 then
            problems := problems || private.problem('pick.quantity_invalid', format('item_details.%s.quantity', i), 'Quantity must be a whole number above 0');
            q := null;
          else
            q := (line ->> 'quantity')::numeric;
          end if;
        end if;
        pq := 0;
        if line ? 'picked_quantity' and jsonb_typeof(line -> 'picked_quantity') <> 'null' then
          if jsonb_typeof(line -> 'picked_quantity') <> 'number' or (line ->> 'picked_quantity')::numeric <> trunc((line ->> 'picked_quantity')::numeric)
            or (line ->> 'picked_quantity')::numeric < 0 then
            problems := problems || private.problem('pick.picked_quantity_invalid', format('item_details.%s.picked_quantity', i), 'Picked quantity must be a whole number, 0 or more');
            pq := null;
          else
            pq := (line ->> 'picked_quantity')::numeric;
          end if;
        end if;
        if pq is not null and q is not null and pq > q then
          problems := problems || private.problem('pick.picked_above_quantity', format('item_details.%s.picked_quantity', i), 'Picked quantity cannot be more than the quantity');
        elsif (creating or old.status = 'pending') and pq is not null and pq > 0 then
          problems := problems || private.problem('pick.picked_before_start', format('item_details.%s.picked_quantity', i), 'Items are picked once the pick order is in progress');
        end if;
        if not creating and old.status = 'in_progress' then
          select l.* into old_line from public.pick_order_lines l where l.pick_order_id = old.id and l.position = i;
          if old_line.item_id::text is distinct from lower(line ->> 'item_id') or old_line.bin_id::text is distinct from lower(line ->> 'bin_id')
            or old_line.quantity is distinct from q::integer then
            problems := problems || private.problem('pick.items_fixed_once_started', format('item_details.%s', i), 'Items cannot change once picking has started');
          elsif pq is not null and pq < old_line.picked_quantity then
            problems := problems || private.problem('pick.picked_below_picked', format('item_details.%s.picked_quantity', i),
              format('Picked quantity cannot go below the %s already picked', old_line.picked_quantity),
              jsonb_build_object('picked', old_line.picked_quantity));
          end if;
        end if;
        i := i + 1;
      end loop;
    end if;
  end if;

  perform private.raise_problems(problems);

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
revoke all on function public.save_pick_order(uuid, jsonb) from public, anon;
grant execute on function public.save_pick_order(uuid, jsonb) to authenticated, service_role;

-- Start, complete or cancel a pick order (private.status_moves, machine 'pick_order').
create or replace function public.transition_pick_order(pick_order_id uuid, status text, note text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.pick_orders;
  target text := transition_pick_order.status;
  origin text;
  refusal text;
  line record;
begin
  select x.* into o from public.pick_orders x
  where x.id = transition_pick_order.pick_order_id and x.tenant_id = private.current_tenant_id()
    and private.can_access_warehouse(x.warehouse_id)
  for update;
  if o.id is null then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.not_found', null, 'Pick order not found')), 'PT404', 'Pick order not found');
  end if;
  origin := o.status;
  if target is null or target not in ('pending', 'in_progress', 'completed', 'cancelled') then
    perform private.raise_problem('pick.status_invalid', 'status', 'Status must be in progress, completed or cancelled');
  end if;
  -- The arrows and who takes them: private.status_moves (machine 'pick_order').
  if not private.move_exists('pick_order', target, origin) then
    perform private.raise_problem('pick.move_impossible', 'status', format('A pick order that is %s cannot become %s',
      replace(origin, '_', ' '), replace(target, '_', ' ')), jsonb_build_object('from', origin, 'to', target));
  end if;
  refusal := private.move_refusal('pick_order', target, origin, private.current_panel_type(),
    private.pick_order_move_conditions(o.warehouse_id));
  if refusal is not null then
    perform private.raise_problems(jsonb_build_array(private.problem(case target
        when 'in_progress' then 'pick.start_not_allowed' when 'completed' then 'pick.complete_not_allowed' else 'pick.cancel_not_allowed' end,
        null, refusal)), '42501', refusal);
  end if;
  if length(coalesce(note, '')) > 1000 then
    perform private.raise_problem('pick.note_too_long', 'note', 'The note must be at most 1000 characters', jsonb_build_object('max', 1000));
  end if;

  -- All the balances of the order's items in its bins, locked in the ledger's order (their ids).
  perform 1 from public.inventory_stock s
  where s.status = 'available' and (s.item_id, s.bin_id) in (select l.item_id, l.bin_id from public.pick_order_lines l where l.pick_order_id = o.id)
  order by s.id for update;

  if target = 'in_progress' then
    -- Every line first, so that the refusal names the first line short of stock (lines of one item
    -- in one bin count together).
    for line in
      select l.position, l.item_id, l.bin_id, i.name as item_name, b.code as bin_code,
        sum(l.quantity) over (partition by l.item_id, l.bin_id order by l.position) as wanted,
        (select coalesce(sum(s.quantity - s.reserved), 0) from public.inventory_stock s
          where s.item_id = l.item_id and s.bin_id = l.bin_id and s.status = 'available') as available
      from public.pick_order_lines l
      join public.inventory_items i on i.id = l.item_id
      join public.warehouse_locations b on b.id = l.bin_id
      where l.pick_order_id = o.id
      order by l.position
    loop
      if line.available < line.wanted then
        perform private.raise_problem('pick.insufficient_stock', format('item_details.%s.quantity', line.position),
          format('Insufficient stock for %s in %s: %s available', line.item_name, line.bin_code, line.available),
          jsonb_build_object('item', line.item_name, 'bin', line.bin_code, 'available', line.available));
      end if;
    end loop;
    for line in select l.* from public.pick_order_lines l where l.pick_order_id = o.id order by l.position loop
      perform private.reserve_inventory(line.item_id, line.bin_id, line.quantity - line.picked_quantity,
        format('item_details.%s.quantity', line.position));
    end loop;
    update public.pick_order_lines l set reserved_quantity = l.quantity - l.picked_quantity where l.pick_order_id = o.id;
    update public.pick_orders x set status = 'in_progress', started_at = now() where x.id = o.id returning * into o;
  else
    for line in select l.* from public.pick_order_lines l where l.pick_order_id = o.id and l.reserved_quantity > 0 order by l.position loop
      perform private.reserve_inventory(line.item_id, line.bin_id, -line.reserved_quantity);
    end loop;
    update public.pick_order_lines l set reserved_quantity = 0 where l.pick_order_id = o.id and l.reserved_quantity > 0;
    update public.pick_orders x set status = target, ended_at = now() where x.id = o.id returning * into o;
  end if;
  perform private.append_pick_order_event(o, origin, note);
  return public.get_pick_order(o.id);
end;
$$;
revoke all on function public.transition_pick_order(uuid, text, text) from public, anon;
grant execute on function public.transition_pick_order(uuid, text, text) to authenticated, service_role;

-- A fresh reference for a new pick order (the form's default; the user may overwrite it).
create or replace function public.next_pick_order_reference() returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or not private.is_staff(true) then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.sign_in_to_create', null, 'Sign in to create pick orders')),
      '42501', 'Sign in to create pick orders');
  end if;
  return private.next_tenant_code(tenant, 'pick_orders', 'PK');
end;
$$;
revoke all on function public.next_pick_order_reference() from public, anon;
grant execute on function public.next_pick_order_reference() to authenticated;

-- Builds (or, with dry_run, plans) batches or waves of a warehouse's pending individual orders.
create or replace function public.build_pick_batch(
  warehouse_id uuid,
  order_type text,
  group_by text,
  max_orders integer,
  max_lines integer,
  pick_order_ids uuid[] default null,
  dry_run boolean default false
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
  warehouse uuid := build_pick_batch.warehouse_id;
  kind text := build_pick_batch.order_type;
  grouping text := build_pick_batch.group_by;
  ids uuid[] := build_pick_batch.pick_order_ids;
  problems jsonb := '[]'::jsonb;
  x record;
  cand record;
  cur_key text;
  cur_label text;
  cur_orders jsonb := '[]'::jsonb;
  cur_lines integer := 0;
  plan jsonb := '[]'::jsonb;
  left_out jsonb := '[]'::jsonb;
  built jsonb := '[]'::jsonb;
  planned jsonb;
  b public.pick_orders;
  mem public.pick_orders;
  member_ids uuid[];
  candidates integer := 0;
  entry jsonb;
  orders_built jsonb;
  original public.pick_orders;
  split public.pick_orders;
begin
  if tenant is null or not private.is_staff(true) then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.sign_in_to_batch', null, 'Sign in to build batches')),
      '42501', 'Sign in to build batches');
  end if;
  if warehouse is null then
    problems := problems || private.problem('pick.warehouse_required', 'warehouse_id', 'Warehouse is required');
  elsif not exists (select 1 from public.warehouses w where w.id = warehouse and w.tenant_id = tenant)
    or not private.can_access_warehouse(warehouse) then
    problems := problems || private.problem('pick.warehouse_not_found', 'warehouse_id', 'Warehouse not found');
  elsif not 'manages' = any (private.pick_order_move_conditions(warehouse)) then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.build_not_allowed', null,
      'Only admins, supervisors and managers of this warehouse can build batches')),
      '42501', 'Only admins, supervisors and managers of this warehouse can build batches');
  end if;
  if kind is null or kind not in ('batch', 'wave') then
    problems := problems || private.problem('pick.batch_type_invalid', 'order_type', 'Type must be batch or wave');
  end if;
  if grouping is null or grouping not in ('zone', 'item') then
    problems := problems || private.problem('pick.batch_group_invalid', 'group_by', 'Group by zone or by item');
  end if;
  if max_orders is null or max_orders not between 2 and 50 then
    problems := problems || private.problem('pick.batch_max_orders_invalid', 'max_orders', 'Max orders must be a whole number from 2 to 50', jsonb_build_object('min', 2, 'max', 50));
  end if;
  if max_lines is null or max_lines not between 1 and 200 then
    problems := problems || private.problem('pick.batch_max_lines_invalid', 'max_lines', 'Max lines must be a whole number from 1 to 200', jsonb_build_object('min', 1, 'max', 200));
  end if;
  if ids is not null and cardinality(ids) = 0 then
    problems := problems || private.problem('pick.batch_orders_required', 'pick_order_ids', 'Choose at least one pick order');
  end if;
  perform private.raise_problems(problems);

  -- The candidates, locked in id order (then read again below, under the locks).
  if not dry_run then
    perform 1 from public.pick_orders o
    where o.tenant_id = tenant
      and (case when ids is null then o.warehouse_id = warehouse and o.status = 'pending' and o.order_type = 'individual' and o.batch_id is null
        else o.id = any (ids) end)
    order by o.id
    for update;
  end if;

  -- Chosen orders: each must be a pending individual order of this warehouse, in no batch.
  if ids is not null then
    for x in
      select o.id, o.reference_number, o.warehouse_id, o.status, o.order_type, o.batch_id, w.code as warehouse_code,
        (select bt.reference_number from public.pick_orders bt where bt.id = o.batch_id) as batch_reference
      from unnest(ids) as u(id)
      left join public.pick_orders o on o.id = u.id and o.tenant_id = tenant and private.can_access_warehouse(o.warehouse_id)
      left join public.warehouses w on w.id = o.warehouse_id
      order by o.reference_number
    loop
      if x.id is null then
        problems := problems || private.problem('pick.not_found', 'pick_order_ids', 'Pick order not found');
      elsif x.warehouse_id <> warehouse then
        problems := problems || private.problem('pick.batch_other_warehouse', 'pick_order_ids',
          format('Orders of one warehouse only: %s is in %s', x.reference_number, x.warehouse_code),
          jsonb_build_object('reference', x.reference_number, 'warehouse', x.warehouse_code));
      elsif x.batch_id is not null then
        problems := problems || private.problem('pick.already_in_batch', 'pick_order_ids',
          format('%s is already in batch %s', x.reference_number, x.batch_reference),
          jsonb_build_object('reference', x.reference_number, 'batch', x.batch_reference));
      elsif x.order_type <> 'individual' or x.status <> 'pending' then
        problems := problems || private.problem('pick.not_pending_individual', 'pick_order_ids',
          format('%s is not a pending individual order', x.reference_number),
          jsonb_build_object('reference', x.reference_number));
      end if;
    end loop;
    perform private.raise_problems(problems);
  end if;

  -- The plan: groups in label order, orders in due date, priority, age; a new batch when the group
  -- changes or a cap would be passed.
  for cand in
    with chosen as (
      select o.* from public.pick_orders o
      where o.tenant_id = tenant and o.warehouse_id = warehouse and o.status = 'pending'
        and o.order_type = 'individual' and o.batch_id is null and (ids is null or o.id = any (ids))
    ),
    lines as (
      select l.pick_order_id, l.item_id, l.quantity, private.location_zone(l.bin_id) as zone_id
      from public.pick_order_lines l where l.pick_order_id in (select c.id from chosen c)
    )
    select c.id, c.reference_number, g.key, g.label,
      -- A wave takes only the lines of the order's group; a batch takes the order whole.
      (select count(*) from lines l where l.pick_order_id = c.id and (kind = 'batch'
        or case grouping when 'zone' then l.zone_id::text is not distinct from g.key else l.item_id::text = g.key end))::integer as line_count,
      (select count(*) from lines l where l.pick_order_id = c.id)::integer as all_lines
    from chosen c
    cross join lateral (
      select k.key, k.label from (
        select z.id::text as key, z.name || ' (' || z.code || ')' as label, count(*) as weight
        from lines l join public.warehouse_locations z on z.id = l.zone_id
        where grouping = 'zone' and l.pick_order_id = c.id group by z.id, z.name, z.code
        union all
        select i.id::text, i.name || ' (' || i.sku || ')', sum(l.quantity)
        from lines l join public.inventory_items i on i.id = l.item_id
        where grouping = 'item' and l.pick_order_id = c.id group by i.id, i.name, i.sku
      ) k
      order by k.weight desc, k.label collate "C"
      limit 1
    ) g
    order by g.label collate "C", g.key, c.due_date nulls last, c.priority desc, c.created_at, c.reference_number
  loop
    candidates := candidates + 1;
    if cand.line_count > max_lines then
      left_out := left_out || jsonb_build_object('id', cand.id, 'reference_number', cand.reference_number,
        'reason', format('%s lines: more than the cap of %s', cand.line_count, max_lines));
      continue;
    end if;
    if jsonb_array_length(cur_orders) > 0 and (cand.key is distinct from cur_key
        or jsonb_array_length(cur_orders) >= max_orders or cur_lines + cand.line_count > max_lines) then
      plan := plan || jsonb_build_object('group_label', cur_label, 'group_key', cur_key, 'order_count', jsonb_array_length(cur_orders),
        'line_count', cur_lines, 'orders', cur_orders);
      cur_orders := '[]'::jsonb;
      cur_lines := 0;
    end if;
    cur_key := cand.key;
    cur_label := cand.label;
    cur_orders := cur_orders || jsonb_build_object('id', cand.id, 'reference_number', cand.reference_number, 'line_count', cand.line_count,
      'split_line_count', cand.all_lines - cand.line_count);
    cur_lines := cur_lines + cand.line_count;
  end loop;
  if jsonb_array_length(cur_orders) > 0 then
    plan := plan || jsonb_build_object('group_label', cur_label, 'group_key', cur_key, 'order_count', jsonb_array_length(cur_orders),
      'line_count', cur_lines, 'orders', cur_orders);
  end if;

  if candidates = 0 then
    perform private.raise_problem('pick.batch_no_candidates', 'warehouse_id', 'No pending orders to batch in this warehouse');
  end if;
  if jsonb_array_length(plan) = 0 then
    perform private.raise_problem('pick.batch_nothing_fits', 'max_lines', format('No pending order fits within %s lines', max_lines),
      jsonb_build_object('max', max_lines));
  end if;
  if dry_run then
    return jsonb_build_object('message', null,
      'batches', (select jsonb_agg(p - 'group_key' order by n) from jsonb_array_elements(plan) with ordinality as y(p, n)), 'left_out', left_out);
  end if;

  perform set_config('waypost.pick_batch', 'on', true);
  for planned in select value from jsonb_array_elements(plan) loop
    select array_agg((e ->> 'id')::uuid order by n) into member_ids from jsonb_array_elements(planned -> 'orders') with ordinality as y(e, n);
    insert into public.pick_orders (tenant_id, warehouse_id, reference_number, order_type, priority, due_date, notes, created_by)
    select tenant, warehouse, private.next_tenant_code(tenant, 'pick_orders', 'PK'), kind, max(o.priority), min(o.due_date),
      format('%s of %s orders by %s: %s', initcap(kind), cardinality(member_ids), grouping, planned ->> 'group_label'),
      (select p.id from public.profiles p where p.id = auth.uid() and p.tenant_id = tenant)
    from public.pick_orders o where o.id = any (member_ids)
    returning * into b;
    perform private.append_pick_order_event(b, null, format('Built from %s',
      (select string_agg(e ->> 'reference_number', ', ') from jsonb_array_elements(planned -> 'orders') e)));
    -- A wave's orders with lines outside its group are split first (see the header).
    orders_built := '[]'::jsonb;
    for entry in select e from jsonb_array_elements(planned -> 'orders') with ordinality as y(e, n) order by n loop
      if (entry ->> 'split_line_count')::integer > 0 then
        select o.* into original from public.pick_orders o where o.id = (entry ->> 'id')::uuid;
        split := private.split_pick_order_for_wave(original, grouping, planned ->> 'group_key', b);
        entry := entry || jsonb_build_object('split_order', jsonb_build_object('id', split.id, 'reference_number', split.reference_number));
      end if;
      orders_built := orders_built || entry;
    end loop;
    planned := jsonb_set(planned, '{orders}', orders_built) - 'group_key';
    for mem in update public.pick_orders o set batch_id = b.id where o.id = any (member_ids) returning o.* loop
      perform private.append_pick_order_event(mem, 'pending', format('Added to %s %s', kind, b.reference_number));
    end loop;
    -- The route: bins in location-code order, then items, then the members' order.
    insert into public.pick_order_lines (tenant_id, pick_order_id, warehouse_id, position, item_id, bin_id, quantity, source_line_id)
    select tenant, b.id, warehouse, (row_number() over (order by bin.code collate "C", i.sku collate "C", m.ord, l.position) - 1)::integer,
      l.item_id, l.bin_id, l.quantity, l.id
    from public.pick_order_lines l
    join unnest(member_ids) with ordinality as m(id, ord) on m.id = l.pick_order_id
    join public.warehouse_locations bin on bin.id = l.bin_id
    join public.inventory_items i on i.id = l.item_id;
    built := built || (planned || jsonb_build_object('id', b.id, 'reference_number', b.reference_number));
  end loop;
  perform set_config('waypost.pick_batch', '', true);

  return jsonb_build_object('message', case when jsonb_array_length(built) = 1
      then format('%s %s built', initcap(kind), built -> 0 ->> 'reference_number')
      else format('%s %ss built', jsonb_array_length(built), kind) end,
    'batches', built, 'left_out', left_out);
end;
$$;
revoke all on function public.build_pick_batch(uuid, text, text, integer, integer, uuid[], boolean) from public, anon;
grant execute on function public.build_pick_batch(uuid, text, text, integer, integer, uuid[], boolean) to authenticated, service_role;

-- A member of a batch changes only through the batch; a batch is built, never joined by hand.
create or replace function private.pick_batch_guard_order() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.pick_batch_writing() then
    return new;
  end if;
  if old.batch_id is not null then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.in_batch', null, private.pick_batch_refusal(old),
      jsonb_build_object('reference', old.reference_number,
        'batch', (select b.reference_number from public.pick_orders b where b.id = old.batch_id)))),
      '55000', private.pick_batch_refusal(old));
  end if;
  if new.batch_id is not null then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.batch_add_by_build', null, 'Build a batch to add orders to it')),
      '55000', 'Build a batch to add orders to it');
  end if;
  if (new.warehouse_id is distinct from old.warehouse_id or new.order_type is distinct from old.order_type)
    and exists (select 1 from public.pick_orders m where m.batch_id = old.id) then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.batch_keeps_warehouse_type', null, 'A built batch keeps its warehouse and type')),
      '55000', 'A built batch keeps its warehouse and type');
  end if;
  return new;
end;
$$;
revoke all on function private.pick_batch_guard_order() from public, anon, authenticated;

-- A member's lines are fixed while it is in a batch; a built batch's lines are its members' lines.
create or replace function private.pick_batch_guard_line() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.pick_orders;
begin
  if private.pick_batch_writing() then
    return coalesce(new, old);
  end if;
  select x.* into o from public.pick_orders x where x.id = coalesce(new.pick_order_id, old.pick_order_id);
  if o.batch_id is not null then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.in_batch', null, private.pick_batch_refusal(o),
      jsonb_build_object('reference', o.reference_number,
        'batch', (select b.reference_number from public.pick_orders b where b.id = o.batch_id)))),
      '55000', private.pick_batch_refusal(o));
  end if;
  if tg_op <> 'UPDATE' and exists (select 1 from public.pick_orders m where m.batch_id = o.id) then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.batch_items_from_orders', null,
      'The items of a batch come from its orders: cancel the batch to change them')),
      '55000', 'The items of a batch come from its orders: cancel the batch to change them');
  end if;
  return coalesce(new, old);
end;
$$;
revoke all on function private.pick_batch_guard_line() from public, anon, authenticated;

-- Takes a member order out of its pending batch (the last one out cancels the batch).
create or replace function public.take_out_of_pick_batch(pick_order_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
  m public.pick_orders;
  b public.pick_orders;
  batch uuid;
  remaining integer;
  before_setting text := coalesce(current_setting('waypost.pick_batch', true), '');
begin
  if tenant is null or not private.is_staff(true) then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.sign_in_to_change_batch', null, 'Sign in to change batches')),
      '42501', 'Sign in to change batches');
  end if;
  select x.batch_id into batch from public.pick_orders x
  where x.id = take_out_of_pick_batch.pick_order_id and x.tenant_id = tenant and private.can_access_warehouse(x.warehouse_id);
  if not found then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.not_found', null, 'Pick order not found')), 'PT404', 'Pick order not found');
  end if;
  if batch is not null then
    select x.* into b from public.pick_orders x where x.id = batch for update;
  end if;
  select x.* into m from public.pick_orders x where x.id = take_out_of_pick_batch.pick_order_id for update;
  if m.batch_id is null then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.not_in_batch', null, format('%s is not in a batch', m.reference_number),
      jsonb_build_object('reference', m.reference_number))), '55000', format('%s is not in a batch', m.reference_number));
  end if;
  if m.batch_id is distinct from b.id then
    -- Moved to another batch between the read and the locks (its batch was cancelled and rebuilt).
    perform private.raise_problems(jsonb_build_array(private.problem('pick.changed_meanwhile', null, format('%s changed meanwhile: try again', m.reference_number),
      jsonb_build_object('reference', m.reference_number))), '40001', format('%s changed meanwhile: try again', m.reference_number));
  end if;
  if not 'manages' = any (private.pick_order_move_conditions(b.warehouse_id)) then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.take_out_not_allowed', null,
      'Only admins, supervisors and managers of this warehouse can take orders out of a batch')),
      '42501', 'Only admins, supervisors and managers of this warehouse can take orders out of a batch');
  end if;
  if b.status <> 'pending' then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.batch_started', null,
      format('%s is %s: orders leave a %s only before it starts', b.reference_number, replace(b.status, '_', ' '), b.order_type),
      jsonb_build_object('reference', b.reference_number, 'status', b.status, 'type', b.order_type))),
      '55000', format('%s is %s: orders leave a %s only before it starts', b.reference_number, replace(b.status, '_', ' '), b.order_type));
  end if;

  perform set_config('waypost.pick_batch', 'on', true);
  delete from public.pick_order_lines l
  where l.pick_order_id = b.id and l.source_line_id in (select s.id from public.pick_order_lines s where s.pick_order_id = m.id);
  -- The route keeps its order; positions from 0 again (through negatives: (order, position) is unique).
  update public.pick_order_lines l set position = -1 - r.n
  from (select x.id, (row_number() over (order by x.position) - 1)::integer as n from public.pick_order_lines x where x.pick_order_id = b.id) r
  where l.id = r.id;
  update public.pick_order_lines l set position = -1 - l.position where l.pick_order_id = b.id;

  update public.pick_orders x set batch_id = null where x.id = m.id returning x.* into m;
  perform private.append_pick_order_event(m, 'pending', format('Taken out of %s %s: pending again', b.order_type, b.reference_number));

  select count(*) into remaining from public.pick_orders x where x.batch_id = b.id;
  if remaining = 0 then
    update public.pick_orders x set status = 'cancelled', ended_at = now() where x.id = b.id returning x.* into b;
    perform private.append_pick_order_event(b, 'pending', format('%s taken out: no order left', m.reference_number));
  else
    update public.pick_orders x set
      priority = (select max(o.priority) from public.pick_orders o where o.batch_id = b.id),
      due_date = (select min(o.due_date) from public.pick_orders o where o.batch_id = b.id),
      notes = private.pick_batch_note_with_count(x.notes, remaining)
    where x.id = b.id returning x.* into b;
    perform private.append_pick_order_event(b, 'pending', format('%s taken out', m.reference_number));
  end if;
  perform set_config('waypost.pick_batch', before_setting, true);

  return jsonb_build_object(
    'message', case when remaining = 0
      then format('%s taken out of %s %s; the %s had no order left and is cancelled', m.reference_number, b.order_type, b.reference_number, b.order_type)
      else format('%s taken out of %s %s', m.reference_number, b.order_type, b.reference_number) end,
    'batch_cancelled', remaining = 0,
    'batch_id', b.id);
end;
$$;
revoke all on function public.take_out_of_pick_batch(uuid) from public, anon;
grant execute on function public.take_out_of_pick_batch(uuid) to authenticated, service_role;

-- Picks `units` of an item in a bin out of what is reserved there (pick transactions of the reference).
create or replace function private.pick_reserved_inventory(item uuid, warehouse uuid, bin uuid, units integer, reference_type text, reference_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  row_ public.inventory_stock;
  left_ integer := units;
  n integer;
begin
  if units is null or units <= 0 then
    return;
  end if;
  perform 1 from public.inventory_stock s where s.item_id = item and s.bin_id = bin and s.status = 'available' order by s.id for update;
  for row_ in select * from public.inventory_stock s
    where s.item_id = item and s.bin_id = bin and s.status = 'available' and s.reserved > 0 order by s.created_at, s.id loop
    exit when left_ = 0;
    n := least(left_, row_.reserved);
    perform private.apply_inventory_transaction('pick', item, warehouse, n, bin, null, row_.lot_number, row_.serial_number,
      'available', null, pick_reserved_inventory.reference_type, pick_reserved_inventory.reference_id, null, n);
    left_ := left_ - n;
  end loop;
  if left_ > 0 then
    perform private.raise_problems(jsonb_build_array(private.problem('pick.units_not_reserved', null,
      format('Cannot pick %s units of item %s in bin %s: they are not reserved', left_, item, bin),
      jsonb_build_object('units', left_, 'item', item, 'bin', bin))),
      'P0001', format('Cannot pick %s units of item %s in bin %s: they are not reserved', left_, item, bin));
  end if;
end;
$$;
revoke all on function private.pick_reserved_inventory(uuid, uuid, uuid, integer, text, uuid) from public, anon, authenticated;
