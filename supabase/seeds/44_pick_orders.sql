-- Pick orders in each tenant's main warehouse, in every status and type, made the way the app makes
-- them: the warehouse manager saves them (public.save_pick_order), the picker starts them (stock
-- reserved through the ledger), records picks (pick transactions) and completes them, the manager
-- cancels one. Stock, reservations and the ledger therefore agree: the orders in progress hold
-- exactly the reservations the stock shows.

create or replace function pg_temp.seed_as(person uuid) returns void
language sql
as $$ select set_config('request.jwt.claim.sub', coalesce(person::text, ''), false) $$;

do $$
declare
  t record;
  o record;
  lines jsonb;
  picked jsonb;
  id uuid;
  k integer := 0;
begin
  for t in
    select * from (values
      ('a5000000-0000-4000-8000-000000000001'::uuid, 'a5100000-0000-4000-8000-000000000001'::uuid, 'a5100000-0000-4000-8000-000000000004'::uuid, 'SO-10'),
      ('b5000000-0000-4000-8000-000000000001'::uuid, 'b5100000-0000-4000-8000-000000000001'::uuid, 'b5100000-0000-4000-8000-000000000004'::uuid, 'GX-20')
    ) as x(warehouse_id, manager, picker, external_prefix)
  loop
    -- (order number, type, priority, lines, target status, how much of each line is picked: all, some)
    for o in
      select * from (values
        (1, 'individual', 1, 2, 'pending', null, 3),
        (2, 'batch', 2, 3, 'pending', null, 1),
        (3, 'wave', 3, 2, 'in_progress', 'some', 0),
        (4, 'individual', 1, 1, 'in_progress', null, 0),
        (5, 'batch', 2, 3, 'completed', 'all', 0),
        (6, 'individual', 1, 2, 'completed', 'some', 0),
        (7, 'wave', 1, 2, 'cancelled', null, 2),
        (8, 'individual', 4, 1, 'cancelled', 'some', 0)
      ) as y(n, order_type, priority, line_count, status, picks, due_in)
    loop
      -- Lines on balances with stock to spare, a different stretch of them for each order.
      select jsonb_agg(jsonb_build_object('item_id', b.item_id, 'bin_id', b.bin_id, 'quantity', 1 + (b.r % 3)) order by b.r)
        into lines
      from (
        select s.item_id, s.bin_id, row_number() over (order by l.code, s.item_id) as r
        from public.inventory_stock s
        join public.warehouse_locations l on l.id = s.bin_id
        join public.inventory_items i on i.id = s.item_id and i.is_active
        where s.warehouse_id = t.warehouse_id and s.status = 'available' and l.status = 'active'
        group by s.item_id, s.bin_id, l.code
        having sum(s.quantity - s.reserved) >= 8
      ) b
      where b.r > (o.n - 1) * 4 and b.r <= (o.n - 1) * 4 + o.line_count;

      perform pg_temp.seed_as(t.manager);
      id := (public.save_pick_order(null, jsonb_build_object(
        'warehouse_id', t.warehouse_id, 'order_type', o.order_type, 'priority', o.priority,
        'external_reference', t.external_prefix || lpad((o.n * 37)::text, 4, '0'),
        'assigned_to', case when o.n % 4 <> 2 then t.picker end,
        'due_date', current_date + o.due_in,
        'notes', case o.n when 1 then 'Customer collects at dock 2' when 5 then 'Ship with the morning run' end,
        'item_details', lines)) #>> '{pick_order,order,id}')::uuid;

      if o.status in ('in_progress', 'completed') or (o.status = 'cancelled' and o.picks is not null) then
        perform pg_temp.seed_as(t.picker);
        perform public.transition_pick_order(id, 'in_progress');
      end if;
      if o.picks is not null then
        select jsonb_agg(jsonb_set(e, '{picked_quantity}', to_jsonb(case
            when o.picks = 'all' or n = 1 then (e ->> 'quantity')::integer
            else greatest(0, (e ->> 'quantity')::integer - 1) end)) order by n)
          into picked
        from jsonb_array_elements(lines) with ordinality as z(e, n);
        perform public.save_pick_order(id, jsonb_build_object('item_details', picked,
          'picking_progress', jsonb_build_object('picker_notes', case when o.picks = 'some' then 'Bin short on the last line' end)));
      end if;
      if o.status = 'completed' then
        perform public.transition_pick_order(id, 'completed');
      elsif o.status = 'cancelled' then
        perform pg_temp.seed_as(t.manager);
        perform public.transition_pick_order(id, 'cancelled', 'Order withdrawn by the customer');
      end if;
      k := k + 1;
    end loop;
  end loop;
  perform pg_temp.seed_as(null);
end;
$$;
