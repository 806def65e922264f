-- The packages of today's deliveries collected at a main warehouse (70_deliveries.sql: three of
-- today's offers in each tenant leave from its main warehouse). For the first two of them (by
-- code) the warehouse has picked the packages already: a completed individual pick order whose
-- external reference is the delivery's code, made the way the app makes it (the manager saves it,
-- the picker starts it, picks every line and completes it: reserved, then picked, through the
-- ledger). The third is still to pick. Neither is handed over yet, so the handoff create modal
-- offers the warehouse's people these deliveries (public.handoff_delivery_choices) beside pick
-- orders that belong to them.

do $$
declare
  t record;
  d record;
  lines jsonb;
  id uuid;
begin
  for t in
    select * from (values
      ('a5000000-0000-4000-8000-000000000001'::uuid, 'a5100000-0000-4000-8000-000000000001'::uuid, 'a5100000-0000-4000-8000-000000000004'::uuid),
      ('b5000000-0000-4000-8000-000000000001'::uuid, 'b5100000-0000-4000-8000-000000000001'::uuid, 'b5100000-0000-4000-8000-000000000004'::uuid)
    ) as x(warehouse_id, manager, picker)
  loop
    for d in
      select x.delivery_code, x.k from (
        select dl.delivery_code, row_number() over (order by dl.delivery_code) as k
        from public.deliveries dl
        join public.warehouses w on w.id = t.warehouse_id and w.tenant_id = dl.tenant_id
        where dl.status = 'assigned' and dl.assigned_at >= now() - interval '12 hours' and dl.pickup_address_id = w.address_id
      ) x
      where x.k <= 2
      order by x.k
    loop
      -- Two lines, one unit each, from the last balances (by bin code) with stock to spare: away
      -- from the stretches the other pick-order seeds take from the first ones.
      select jsonb_agg(jsonb_build_object('item_id', b.item_id, 'bin_id', b.bin_id, 'quantity', 1) order by b.r)
        into lines
      from (
        select s.item_id, s.bin_id, row_number() over (order by l.code desc, s.item_id) as r
        from public.inventory_stock s
        join public.warehouse_locations l on l.id = s.bin_id
        join public.inventory_items i on i.id = s.item_id and i.is_active
        where s.warehouse_id = t.warehouse_id and s.status = 'available' and l.status = 'active'
        group by s.item_id, s.bin_id, l.code
        having sum(s.quantity - s.reserved) >= 8
      ) b
      where b.r > (d.k - 1) * 2 and b.r <= d.k * 2;
      continue when lines is null;

      perform set_config('request.jwt.claim.sub', t.manager::text, false);
      id := (public.save_pick_order(null, jsonb_build_object(
        'warehouse_id', t.warehouse_id, 'priority', 3,
        'external_reference', d.delivery_code,
        'assigned_to', t.picker,
        'due_date', current_date,
        'notes', 'Packages for delivery ' || d.delivery_code || ': collected here today',
        'item_details', lines)) #>> '{pick_order,order,id}')::uuid;
      perform set_config('request.jwt.claim.sub', t.picker::text, false);
      perform public.transition_pick_order(id, 'in_progress');
      perform public.save_pick_order(id, jsonb_build_object('item_details',
        (select jsonb_agg(e || jsonb_build_object('picked_quantity', e -> 'quantity') order by n) from jsonb_array_elements(lines) with ordinality as z(e, n))));
      perform public.transition_pick_order(id, 'completed');
    end loop;
  end loop;
  perform set_config('request.jwt.claim.sub', '', false);
end;
$$;
