-- Batch and wave picking: a batch (or wave) pick order gathers pending individual orders of one
-- warehouse, grouped by zone or by item within caps on orders and lines, and gives the picker one
-- route through the bins in location-code order (as Odoo Inventory's batch and wave transfers).
--
-- pick_orders.batch_id           the batch (or wave) a member order is picked in; null for every
--                                other order. A member is an individual order; an order is in one
--                                batch at most (one column), linked only by public.build_pick_batch.
-- pick_order_lines.source_line_id on a batch's line: the member's line it picks. A batch's lines are
--                                its members' lines, one for one, at positions in route order (bin
--                                location code, then item SKU, then the member's order).
--
-- The stock moves through the batch, once: starting the batch reserves its lines, the floor picks
-- its lines (pick transactions referencing the batch), completing or cancelling releases what was
-- not picked (public.transition_pick_order, unchanged). The members follow the batch's status
-- (private.pick_batch_follow, after the batch's move) and hold no reservation of their own:
--   batch pending     -> in_progress  members in_progress
--   batch in_progress -> completed    members completed, each line with the picked quantity of its
--                                     batch line (no second pick transaction)
--   batch in_progress -> cancelled    members cancelled the same way (what was picked stays picked)
--   batch pending     -> cancelled    members leave the batch and are pending again (they may be
--                                     batched again or picked alone)
-- Every member move is in its history, naming the batch. While in a batch a member is not started,
-- edited, picked or cancelled on its own, and a built batch's lines are not replaced: the database
-- refuses it (private.pick_batch_guard_*), whatever function tries. The batch functions lift the
-- guard for their own writes with the transaction-local setting waypost.pick_batch.

alter table public.pick_orders add column batch_id uuid;
alter table public.pick_orders
  add constraint pick_orders_batch_fkey foreign key (batch_id, tenant_id)
    references public.pick_orders (id, tenant_id) on delete set null (batch_id),
  add constraint pick_orders_batch_id_check check (batch_id is null or (batch_id <> id and order_type = 'individual'));
create index pick_orders_batch_id_idx on public.pick_orders (batch_id, tenant_id) where batch_id is not null;
-- The builder's candidates: pending individual orders of a warehouse, not in a batch.
create index pick_orders_batchable_idx on public.pick_orders (warehouse_id, tenant_id)
  where status = 'pending' and order_type = 'individual' and batch_id is null;

alter table public.pick_order_lines add column source_line_id uuid;
alter table public.pick_order_lines
  add constraint pick_order_lines_source_line_fkey foreign key (source_line_id)
    references public.pick_order_lines (id) on delete set null;
create index pick_order_lines_source_line_id_idx on public.pick_order_lines (source_line_id) where source_line_id is not null;

-- The zone a location belongs to (the root of its tree: only zones have no parent).
create or replace function private.location_zone(location uuid) returns uuid
language sql
stable
set search_path = ''
as $$
  with recursive up as (
    select l.id, l.parent_id, 0 as depth from public.warehouse_locations l where l.id = location_zone.location
    union all
    select p.id, p.parent_id, up.depth + 1 from public.warehouse_locations p join up on p.id = up.parent_id where up.depth < 10
  )
  select up.id from up where up.parent_id is null limit 1;
$$;
revoke all on function private.location_zone(uuid) from public, anon;
grant execute on function private.location_zone(uuid) to authenticated, service_role;

-- Whether the batch functions are writing now (the guards let them).
create or replace function private.pick_batch_writing() returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(current_setting('waypost.pick_batch', true), '') = 'on';
$$;
revoke all on function private.pick_batch_writing() from public, anon;
grant execute on function private.pick_batch_writing() to authenticated, service_role;

create or replace function private.pick_batch_refusal(member public.pick_orders) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select format('%s is picked in batch %s: start, pick, complete or cancel it through the batch',
    member.reference_number, (select b.reference_number from public.pick_orders b where b.id = member.batch_id));
$$;
revoke all on function private.pick_batch_refusal(public.pick_orders) from public, anon, authenticated;

-- A member changes only with its batch; a built batch keeps its warehouse and type; only the
-- builder links an order to a batch.
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
    raise exception using errcode = '55000', message = private.pick_batch_refusal(old);
  end if;
  if new.batch_id is not null then
    raise exception using errcode = '55000', message = 'Build a batch to add orders to it';
  end if;
  if (new.warehouse_id is distinct from old.warehouse_id or new.order_type is distinct from old.order_type)
    and exists (select 1 from public.pick_orders m where m.batch_id = old.id) then
    raise exception using errcode = '55000', message = 'A built batch keeps its warehouse and type';
  end if;
  return new;
end;
$$;
revoke all on function private.pick_batch_guard_order() from public, anon, authenticated;

create trigger pick_batch_guard before update on public.pick_orders
  for each row execute function private.pick_batch_guard_order();

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
    raise exception using errcode = '55000', message = private.pick_batch_refusal(o);
  end if;
  if tg_op <> 'UPDATE' and exists (select 1 from public.pick_orders m where m.batch_id = o.id) then
    raise exception using errcode = '55000', message = 'The items of a batch come from its orders: cancel the batch to change them';
  end if;
  return coalesce(new, old);
end;
$$;
revoke all on function private.pick_batch_guard_line() from public, anon, authenticated;

create trigger pick_batch_guard before insert or update or delete on public.pick_order_lines
  for each row execute function private.pick_batch_guard_line();

-- The members follow their batch's move (see the header).
create or replace function private.pick_batch_follow() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  m public.pick_orders;
  before_setting text := coalesce(current_setting('waypost.pick_batch', true), '');
begin
  if not exists (select 1 from public.pick_orders x where x.batch_id = new.id) then
    return null;
  end if;
  perform set_config('waypost.pick_batch', 'on', true);
  if new.status = 'in_progress' then
    for m in update public.pick_orders x set status = 'in_progress', started_at = now()
      where x.batch_id = new.id and x.status = 'pending' returning x.* loop
      perform private.append_pick_order_event(m, 'pending', format('Started with batch %s', new.reference_number));
    end loop;
  elsif new.status in ('completed', 'cancelled') and old.status = 'in_progress' then
    update public.pick_order_lines l set picked_quantity = b.picked_quantity, reserved_quantity = 0, status = b.status
    from public.pick_order_lines b
    where b.pick_order_id = new.id and b.source_line_id = l.id;
    for m in update public.pick_orders x set status = new.status, ended_at = now()
      where x.batch_id = new.id and x.status = 'in_progress' returning x.* loop
      perform private.append_pick_order_event(m, 'in_progress', format('%s with batch %s',
        case new.status when 'completed' then 'Completed' else 'Cancelled' end, new.reference_number));
    end loop;
  elsif new.status = 'cancelled' then
    for m in update public.pick_orders x set batch_id = null where x.batch_id = new.id returning x.* loop
      perform private.append_pick_order_event(m, 'pending', format('Batch %s was cancelled: pending again', new.reference_number));
    end loop;
  end if;
  perform set_config('waypost.pick_batch', before_setting, true);
  return null;
end;
$$;
revoke all on function private.pick_batch_follow() from public, anon, authenticated;

create trigger pick_batch_follow after update of status on public.pick_orders
  for each row when (old.status is distinct from new.status and new.order_type in ('batch', 'wave'))
  execute function private.pick_batch_follow();

-- Build batches (or waves) of pending individual orders of one warehouse:
--   warehouse_id     the warehouse (required; the caller must be an admin, or a manager or
--                    supervisor there: who may create pick orders)
--   order_type       'batch' or 'wave'
--   group_by         'zone' (the zone most of an order's lines are in) or 'item' (the item of most
--                    of an order's units): orders of one group share a batch
--   max_orders       2..50 orders per batch; max_lines 1..200 lines per batch (an order above the
--                    line cap alone is left out, named)
--   pick_order_ids   these orders only (each pending, individual, in no batch, of the warehouse);
--                    null: every such order of the warehouse
--   dry_run          true: the plan only (the dialog's preview), nothing written or locked
-- Orders go in by due date (soonest first, none last), then priority (highest first), then age.
-- The candidates are locked (in id order, so concurrent builders queue rather than deadlock) and
-- read again under the locks: an order another builder took meanwhile is not taken twice.
-- Answers {message, batches: [{id, reference_number, group_label, order_count, line_count,
-- orders: [{id, reference_number, line_count}]}], left_out: [{id, reference_number, reason}]}.
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
volatile
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
begin
  if tenant is null or not private.is_staff(true) then
    raise exception using errcode = '42501', message = 'Sign in to build batches';
  end if;
  if warehouse is null then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse is required');
  elsif not exists (select 1 from public.warehouses w where w.id = warehouse and w.tenant_id = tenant)
    or not private.can_access_warehouse(warehouse) then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse not found');
  elsif not 'manages' = any (private.pick_order_move_conditions(warehouse)) then
    raise exception using errcode = '42501', message = 'Only admins, supervisors and managers of this warehouse can build batches';
  end if;
  if kind is null or kind not in ('batch', 'wave') then
    problems := problems || jsonb_build_object('field', 'order_type', 'message', 'Type must be batch or wave');
  end if;
  if grouping is null or grouping not in ('zone', 'item') then
    problems := problems || jsonb_build_object('field', 'group_by', 'message', 'Group by zone or by item');
  end if;
  if max_orders is null or max_orders not between 2 and 50 then
    problems := problems || jsonb_build_object('field', 'max_orders', 'message', 'Max orders must be a whole number from 2 to 50');
  end if;
  if max_lines is null or max_lines not between 1 and 200 then
    problems := problems || jsonb_build_object('field', 'max_lines', 'message', 'Max lines must be a whole number from 1 to 200');
  end if;
  if ids is not null and cardinality(ids) = 0 then
    problems := problems || jsonb_build_object('field', 'pick_order_ids', 'message', 'Choose at least one pick order');
  end if;
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;

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
        problems := problems || jsonb_build_object('field', 'pick_order_ids', 'message', 'Pick order not found');
      elsif x.warehouse_id <> warehouse then
        problems := problems || jsonb_build_object('field', 'pick_order_ids', 'message',
          format('Orders of one warehouse only: %s is in %s', x.reference_number, x.warehouse_code));
      elsif x.batch_id is not null then
        problems := problems || jsonb_build_object('field', 'pick_order_ids', 'message',
          format('%s is already in batch %s', x.reference_number, x.batch_reference));
      elsif x.order_type <> 'individual' or x.status <> 'pending' then
        problems := problems || jsonb_build_object('field', 'pick_order_ids', 'message',
          format('%s is not a pending individual order', x.reference_number));
      end if;
    end loop;
    if jsonb_array_length(problems) > 0 then
      raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
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
    select c.id, c.reference_number, (select count(*) from lines l where l.pick_order_id = c.id)::integer as line_count, g.key, g.label
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
      plan := plan || jsonb_build_object('group_label', cur_label, 'order_count', jsonb_array_length(cur_orders),
        'line_count', cur_lines, 'orders', cur_orders);
      cur_orders := '[]'::jsonb;
      cur_lines := 0;
    end if;
    cur_key := cand.key;
    cur_label := cand.label;
    cur_orders := cur_orders || jsonb_build_object('id', cand.id, 'reference_number', cand.reference_number, 'line_count', cand.line_count);
    cur_lines := cur_lines + cand.line_count;
  end loop;
  if jsonb_array_length(cur_orders) > 0 then
    plan := plan || jsonb_build_object('group_label', cur_label, 'order_count', jsonb_array_length(cur_orders),
      'line_count', cur_lines, 'orders', cur_orders);
  end if;

  if candidates = 0 then
    perform private.validation_error('warehouse_id', 'No pending orders to batch in this warehouse');
  end if;
  if jsonb_array_length(plan) = 0 then
    perform private.validation_error('max_lines', format('No pending order fits within %s lines', max_lines));
  end if;
  if dry_run then
    return jsonb_build_object('message', null, 'batches', plan, 'left_out', left_out);
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

-- The read shape gains the batch a member is picked in, a batch's members, and on each item the
-- member order it is picked for. A member offers no action of its own (its batch moves it).
create or replace function public.get_pick_order(pick_order_id uuid) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'order', jsonb_build_object(
      'id', o.id, 'tenant_id', o.tenant_id, 'warehouse_id', o.warehouse_id, 'reference_number', o.reference_number,
      'external_reference', o.external_reference, 'order_type', o.order_type, 'priority', o.priority, 'status', o.status,
      'notes', o.notes, 'assigned_to', o.assigned_to, 'due_date', o.due_date, 'created_at', o.created_at, 'updated_at', o.updated_at,
      'batch_id', o.batch_id,
      'item_details', coalesce((select jsonb_agg(jsonb_build_object('id', l.id, 'item_id', l.item_id, 'bin_id', l.bin_id,
          'quantity', l.quantity, 'picked_quantity', l.picked_quantity, 'reserved_quantity', l.reserved_quantity, 'status', l.status)
        order by l.position) from public.pick_order_lines l where l.pick_order_id = o.id), '[]'::jsonb),
      'picking_progress', jsonb_build_object(
        'total_items', (select coalesce(sum(l.quantity), 0) from public.pick_order_lines l where l.pick_order_id = o.id),
        'picked_items', (select coalesce(sum(l.picked_quantity), 0) from public.pick_order_lines l where l.pick_order_id = o.id),
        'start_time', o.started_at, 'end_time', o.ended_at, 'picker_notes', o.picker_notes)
    ),
    'warehouse', (select jsonb_build_object('id', w.id, 'code', w.code, 'name', w.name) from public.warehouses w where w.id = o.warehouse_id),
    'assigned_to_user', (select jsonb_build_object('id', p.id, 'full_name', p.full_name, 'email', p.email)
      from public.profiles p where p.id = o.assigned_to),
    'items', coalesce((select jsonb_agg(jsonb_build_object('item_id', l.item_id, 'name', i.name, 'sku', i.sku,
        'bin_id', l.bin_id, 'bin_name', b.code, 'quantity', l.quantity, 'picked_quantity', l.picked_quantity, 'status', l.status,
        'order_reference', src.reference_number)
      order by l.position)
      from public.pick_order_lines l
      left join public.inventory_items i on i.id = l.item_id
      left join public.warehouse_locations b on b.id = l.bin_id
      left join public.pick_order_lines sl on sl.id = l.source_line_id
      left join public.pick_orders src on src.id = sl.pick_order_id
      where l.pick_order_id = o.id), '[]'::jsonb),
    'batch', (select jsonb_build_object('id', bt.id, 'reference_number', bt.reference_number, 'order_type', bt.order_type, 'status', bt.status)
      from public.pick_orders bt where bt.id = o.batch_id),
    'members', coalesce((select jsonb_agg(jsonb_build_object('id', m.id, 'reference_number', m.reference_number, 'status', m.status,
        'line_count', (select count(*) from public.pick_order_lines ml where ml.pick_order_id = m.id))
      order by m.reference_number)
      from public.pick_orders m where m.batch_id = o.id), '[]'::jsonb),
    'actions', case when o.batch_id is not null then '[]'::jsonb else to_jsonb(private.machine_actions('pick_order', o.status,
      private.current_panel_type(), private.pick_order_move_conditions(o.warehouse_id))) end
  )
  from public.pick_orders o
  where o.id = get_pick_order.pick_order_id and o.tenant_id = private.current_tenant_id();
$$;
revoke all on function public.get_pick_order(uuid) from public, anon;
grant execute on function public.get_pick_order(uuid) to authenticated, service_role;

-- The list's rows gain the batch a member is in (the floor lists batches, not their members).
create or replace view public.pick_order_rows
with (security_invoker = true)
as
select o.id, o.tenant_id, o.warehouse_id, o.reference_number, o.external_reference, o.order_type, o.priority, o.status,
  o.assigned_to, o.due_date, o.started_at, o.ended_at, o.created_at, o.updated_at,
  w.name as warehouse_name, w.code as warehouse_code, p.full_name as assigned_to_name,
  coalesce(t.line_count, 0)::integer as line_count, coalesce(t.total_items, 0)::integer as total_items,
  coalesce(t.picked_items, 0)::integer as picked_items,
  o.batch_id, bt.reference_number as batch_reference
from public.pick_orders o
join public.warehouses w on w.id = o.warehouse_id
left join public.profiles p on p.id = o.assigned_to
left join public.pick_orders bt on bt.id = o.batch_id
left join lateral (
  select count(*) as line_count, sum(l.quantity) as total_items, sum(l.picked_quantity) as picked_items
  from public.pick_order_lines l where l.pick_order_id = o.id
) t on true;
revoke all on public.pick_order_rows from anon, authenticated;
grant select on public.pick_order_rows to authenticated;
