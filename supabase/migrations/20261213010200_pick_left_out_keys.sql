-- A batch or wave build's orders left out say why by key too (supabase/README.md, "Refusals and their
-- keys"): each `left_out` entry keeps its English `reason` ('12 lines: more than the cap of 10') and
-- gains `key` ('pick.lines_over_cap') and `params` ({lines, max}), so the build dialog's preview words
-- it in the user's language instead of showing the database's English. Written out whole from its
-- current definition (20261213010100_pick_problem_keys.sql); nothing else changes.

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
        'reason', format('%s lines: more than the cap of %s', cand.line_count, max_lines),
        'key', 'pick.lines_over_cap', 'params', jsonb_build_object('lines', cand.line_count, 'max', max_lines));
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
