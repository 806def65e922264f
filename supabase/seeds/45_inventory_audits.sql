-- Inventory audits in each tenant's main warehouse, in every status and type, made the way the app
-- makes them: the manager or supervisor plans (public.create_inventory_audit) and starts them (the
-- covered balances snapshotted), a picker counts blind (public.save_inventory_audit_count), the
-- manager asks for a recount and completes with reasons (adjust transactions through the ledger's
-- writer), and one is cancelled. Stock and the ledger therefore agree with what was counted.

create or replace function pg_temp.seed_as(person uuid) returns void
language sql
as $$ select set_config('request.jwt.claim.sub', coalesce(person::text, ''), false) $$;

do $$
declare
  t record;
  shelves uuid[];
  items uuid[];
  audit uuid;
  l record;
  reasons jsonb;
begin
  for t in
    select * from (values
      ('a5000000-0000-4000-8000-000000000001'::uuid, 'a5100000-0000-4000-8000-000000000001'::uuid,
        'a5100000-0000-4000-8000-000000000002'::uuid, 'a5100000-0000-4000-8000-000000000004'::uuid),
      ('b5000000-0000-4000-8000-000000000001'::uuid, 'b5100000-0000-4000-8000-000000000001'::uuid,
        'b5100000-0000-4000-8000-000000000002'::uuid, 'b5100000-0000-4000-8000-000000000004'::uuid)
    ) as x(warehouse_id, manager, supervisor, picker)
  loop
    -- The shelves holding the most balances, and items in stock there with units to spare.
    select array_agg(s.shelf order by s.n desc, s.code) into shelves from (
      select sh.id as shelf, sh.code, count(*) as n
      from public.inventory_stock st
      join public.warehouse_locations b on b.id = st.bin_id
      join public.warehouse_locations sh on sh.id = b.parent_id
      where st.warehouse_id = t.warehouse_id and st.quantity - st.reserved >= 2 and b.status = 'active'
      group by sh.id, sh.code
      order by count(*) desc, sh.code
      limit 4
    ) s;
    select array_agg(i.item_id order by i.sku) into items from (
      select st.item_id, min(it.sku) as sku
      from public.inventory_stock st join public.inventory_items it on it.id = st.item_id
      join public.warehouse_locations b on b.id = st.bin_id
      where st.warehouse_id = t.warehouse_id and st.quantity - st.reserved >= 2 and b.status = 'active'
        and not (b.parent_id = any (shelves))
      group by st.item_id
      order by min(it.sku)
      limit 6
    ) i;

    -- Scheduled: a full count next week, a cycle count of a shelf in two days.
    perform pg_temp.seed_as(t.manager);
    perform public.create_inventory_audit(jsonb_build_object('warehouse_id', t.warehouse_id, 'audit_type', 'full_count',
      'scheduled_date', current_date + 7, 'notes', 'Quarter-end full count: the warehouse closes at noon'));
    perform pg_temp.seed_as(t.supervisor);
    perform public.create_inventory_audit(jsonb_build_object('warehouse_id', t.warehouse_id, 'audit_type', 'cycle_count',
      'scheduled_date', current_date + 2, 'scope', jsonb_build_object('location_ids', jsonb_build_array(shelves[4]))));

    -- Completed: a cycle count of the busiest shelf, two lines off (one over, one short).
    perform pg_temp.seed_as(t.supervisor);
    audit := (public.create_inventory_audit(jsonb_build_object('warehouse_id', t.warehouse_id, 'audit_type', 'cycle_count',
      'scheduled_date', current_date, 'notes', 'Weekly cycle count, shelf one',
      'scope', jsonb_build_object('location_ids', jsonb_build_array(shelves[1])))) #>> '{audit,id}')::uuid;
    perform public.transition_inventory_audit(audit, 'in_progress');
    perform pg_temp.seed_as(t.picker);
    reasons := '[]'::jsonb;
    for l in select x.id, x.position, x.expected_quantity from public.inventory_audit_lines x where x.audit_id = audit order by x.position loop
      perform public.save_inventory_audit_count(l.id, case l.position when 0 then l.expected_quantity - 1 when 2 then l.expected_quantity + 1 else l.expected_quantity end);
      if l.position = 0 then
        reasons := reasons || jsonb_build_object('line_id', l.id, 'reason', 'Unit damaged in storage and scrapped');
      elsif l.position = 2 then
        reasons := reasons || jsonb_build_object('line_id', l.id, 'reason', 'Unrecorded return found on the shelf');
      end if;
    end loop;
    perform pg_temp.seed_as(t.manager);
    perform public.transition_inventory_audit(audit, 'completed', 'Variances checked with the shift lead', reasons);

    -- Completed: a spot check of two items with a recount round (the first count was off by two).
    audit := (public.create_inventory_audit(jsonb_build_object('warehouse_id', t.warehouse_id, 'audit_type', 'spot_check',
      'notes', 'Spot check after a customer complaint', 'scope', jsonb_build_object('item_ids', jsonb_build_array(items[1], items[2])))) #>> '{audit,id}')::uuid;
    perform public.transition_inventory_audit(audit, 'in_progress');
    perform pg_temp.seed_as(t.picker);
    for l in select x.id, x.position, x.expected_quantity from public.inventory_audit_lines x where x.audit_id = audit order by x.position loop
      perform public.save_inventory_audit_count(l.id, case l.position when 0 then l.expected_quantity - 2 else l.expected_quantity end);
    end loop;
    perform pg_temp.seed_as(t.manager);
    perform public.request_inventory_audit_recount(audit, 1);
    perform pg_temp.seed_as(t.picker);
    reasons := '[]'::jsonb;
    for l in select x.id, x.position, x.expected_quantity from public.inventory_audit_lines x where x.audit_id = audit and x.counted_quantity is null loop
      perform public.save_inventory_audit_count(l.id, l.expected_quantity - 1);
      reasons := reasons || jsonb_build_object('line_id', l.id, 'reason', 'One unit missing after the recount');
    end loop;
    perform pg_temp.seed_as(t.manager);
    perform public.transition_inventory_audit(audit, 'completed', null, reasons);

    -- In progress: a spot check of three items, partly counted (one count off).
    perform pg_temp.seed_as(t.supervisor);
    audit := (public.create_inventory_audit(jsonb_build_object('warehouse_id', t.warehouse_id, 'audit_type', 'spot_check',
      'scheduled_date', current_date, 'notes', 'Fast movers before the weekend',
      'scope', jsonb_build_object('item_ids', jsonb_build_array(items[3], items[4], items[5])))) #>> '{audit,id}')::uuid;
    perform public.transition_inventory_audit(audit, 'in_progress');
    perform pg_temp.seed_as(t.picker);
    for l in select x.id, x.position, x.expected_quantity from public.inventory_audit_lines x where x.audit_id = audit and x.position < 2 order by x.position loop
      perform public.save_inventory_audit_count(l.id, case l.position when 1 then l.expected_quantity + 2 else l.expected_quantity end);
    end loop;

    -- Cancelled: a cycle count called off once started, and a spot check never started.
    perform pg_temp.seed_as(t.supervisor);
    audit := (public.create_inventory_audit(jsonb_build_object('warehouse_id', t.warehouse_id, 'audit_type', 'cycle_count',
      'scope', jsonb_build_object('location_ids', jsonb_build_array(shelves[2])))) #>> '{audit,id}')::uuid;
    perform public.transition_inventory_audit(audit, 'in_progress');
    perform public.transition_inventory_audit(audit, 'cancelled', 'Shelf blocked by a delivery; counted next week');
    audit := (public.create_inventory_audit(jsonb_build_object('warehouse_id', t.warehouse_id, 'audit_type', 'spot_check',
      'scope', jsonb_build_object('item_ids', jsonb_build_array(items[6])))) #>> '{audit,id}')::uuid;
    perform public.transition_inventory_audit(audit, 'cancelled', 'Duplicate of the weekly count');
  end loop;
  perform pg_temp.seed_as(null);
end;
$$;
