-- Batch picking in each tenant's main warehouse, made the way the app makes it: the warehouse
-- manager saves six more pending store-replenishment orders (three in Ambient Storage, two in the
-- Cold Chain zone, one in both), builds one batch by zone from two of the Ambient ones and one wave
-- by zone from the third Ambient one and the two-zone one (public.build_pick_batch): the wave
-- splits the two-zone order, its Cold Chain line going to a new pending order "<ref>-2". The
-- others stay pending and free to batch.

do $$
declare
  t record;
  o record;
  lines jsonb;
  ids uuid[];
  wave_ids uuid[];
  extra jsonb;
  id uuid;
begin
  for t in
    select * from (values
      ('a5000000-0000-4000-8000-000000000001'::uuid, 'a5100000-0000-4000-8000-000000000001'::uuid, 'a5100000-0000-4000-8000-000000000004'::uuid, 'ST'),
      ('b5000000-0000-4000-8000-000000000001'::uuid, 'b5100000-0000-4000-8000-000000000001'::uuid, 'b5100000-0000-4000-8000-000000000004'::uuid, 'RP')
    ) as x(warehouse_id, manager, picker, external_prefix)
  loop
    ids := array[]::uuid[];
    wave_ids := array[]::uuid[];
    -- (order number, zone code prefix, which stretch of that zone's balances, lines, the store it
    -- replenishes, and for the two-zone order one more line: its zone prefix and stretch)
    for o in
      select * from (values
        (1, 'Z1-', 0, 2, 'Mission Street store', null, null),
        (2, 'Z1-', 2, 2, 'Hayes Valley store', null, null),
        (3, 'Z1-', 4, 1, 'Noe Valley store', null, null),
        (4, 'Z2-', 0, 2, 'Oakland Uptown store', null, null),
        (5, 'Z2-', 2, 1, 'Berkeley Shattuck store', null, null),
        (6, 'Z1-', 5, 2, 'Embarcadero store', 'Z2-', 3)
      ) as y(n, zone_prefix, skip, line_count, store, extra_prefix, extra_skip)
    loop
      select jsonb_agg(jsonb_build_object('item_id', b.item_id, 'bin_id', b.bin_id, 'quantity', 1 + (b.r % 2)) order by b.r)
        into lines
      from (
        select s.item_id, s.bin_id, row_number() over (order by l.code, s.item_id) as r
        from public.inventory_stock s
        join public.warehouse_locations l on l.id = s.bin_id
        join public.inventory_items i on i.id = s.item_id and i.is_active
        where s.warehouse_id = t.warehouse_id and s.status = 'available' and l.status = 'active' and l.code like o.zone_prefix || '%'
        group by s.item_id, s.bin_id, l.code
        having sum(s.quantity - s.reserved) >= 6
      ) b
      where b.r > o.skip and b.r <= o.skip + o.line_count;
      continue when lines is null;
      if o.extra_prefix is not null then
        select jsonb_agg(jsonb_build_object('item_id', b.item_id, 'bin_id', b.bin_id, 'quantity', 1))
          into extra
        from (
          select s.item_id, s.bin_id, row_number() over (order by l.code, s.item_id) as r
          from public.inventory_stock s
          join public.warehouse_locations l on l.id = s.bin_id
          join public.inventory_items i on i.id = s.item_id and i.is_active
          where s.warehouse_id = t.warehouse_id and s.status = 'available' and l.status = 'active' and l.code like o.extra_prefix || '%'
          group by s.item_id, s.bin_id, l.code
          having sum(s.quantity - s.reserved) >= 6
        ) b
        where b.r = o.extra_skip + 1;
        continue when extra is null;
        lines := lines || extra;
      end if;

      perform set_config('request.jwt.claim.sub', t.manager::text, false);
      id := (public.save_pick_order(null, jsonb_build_object(
        'warehouse_id', t.warehouse_id, 'priority', case when o.n = 2 then 2 else 1 end,
        'external_reference', t.external_prefix || '-' || (4400 + o.n * 11)::text,
        'assigned_to', case when o.n <= 2 then t.picker end,
        'due_date', current_date + 1,
        'notes', 'Replenishment for the ' || o.store,
        'item_details', lines)) #>> '{pick_order,order,id}')::uuid;
      if o.n <= 2 then
        ids := ids || id;
      elsif o.n in (3, 6) then
        wave_ids := wave_ids || id;
      end if;
    end loop;
    if cardinality(ids) = 2 then
      id := (public.build_pick_batch(t.warehouse_id, 'batch', 'zone', 10, 40, ids) #>> '{batches,0,id}')::uuid;
      perform public.save_pick_order(id, jsonb_build_object('assigned_to', t.picker));
    end if;
    if cardinality(wave_ids) = 2 then
      perform public.build_pick_batch(t.warehouse_id, 'wave', 'zone', 10, 40, wave_ids);
    end if;
  end loop;
  perform set_config('request.jwt.claim.sub', '', false);
end;
$$;
