-- Receive orders in every status for both tenants, made through the functions the app calls (as
-- each tenant's first admin): drafts, orders placed and waiting, orders partly and fully received
-- into the bins that already hold their items (receive transactions in the ledger), a cancelled one.
do $$
declare
  w record;
  o public.receive_orders;
  l public.receive_order_lines;
  admin_id uuid;
  supplier_ids uuid[];
  lines jsonb;
  k integer;
  plan text[] := array['draft', 'ordered', 'partially_received', 'received', 'cancelled', 'ordered'];
  target text;
begin
  for w in select x.id, x.tenant_id, x.code from public.warehouses x where x.code in ('SF-BAY', 'SF-DOG', 'LDN-PRK', 'LDN-BRK') order by x.code loop
    select p.id into admin_id from public.profiles p where p.tenant_id = w.tenant_id and p.panel_type = 'admin' and p.status = 'active' order by p.created_at limit 1;
    perform set_config('request.jwt.claim.sub', admin_id::text, true);
    select array_agg(s.id order by s.code) into supplier_ids from public.suppliers s where s.tenant_id = w.tenant_id and s.active;
    for k in 1..(case when w.code in ('SF-BAY', 'LDN-PRK') then 6 else 3 end) loop
      target := plan[k];
      -- Two or three lines of lot-tracked items this warehouse already stocks, into the bins holding them.
      select jsonb_agg(jsonb_build_object('item_id', x.item_id, 'expected_quantity', 10 + 5 * x.rn, 'lot_number',
          'GR' || to_char(now(), 'YYMM') || '-' || k || x.rn, 'target_bin_id', x.bin_id) order by x.rn)
        into lines
      from (
        select s.item_id, min(s.bin_id::text)::uuid as bin_id, row_number() over (order by s.item_id) as rn
        from public.inventory_stock s
        join public.inventory_items i on i.id = s.item_id and i.is_active
        where s.warehouse_id = w.id and s.serial_number is null and s.status = 'available'
          and right(s.item_id::text, 2)::integer % 7 = k % 7
        group by s.item_id
        limit 2 + k % 2
      ) x;
      o := public.save_receive_order(null, jsonb_build_object(
        'supplier_id', supplier_ids[1 + (k % cardinality(supplier_ids))],
        'warehouse_id', w.id,
        'reference', 'PO-' || w.code || '-' || to_char(4100 + k * 17, 'FM0000'),
        'expected_date', (current_date + (k * 3 - 6))::text,
        'notes', case when k = 1 then 'Draft: waiting for the supplier''s confirmation.' end,
        'lines', lines));
      if target <> 'draft' then
        o := public.transition_receive_order(o.id, case when target = 'cancelled' then 'cancelled' else 'ordered' end,
          case when target = 'cancelled' then 'Supplier could not deliver this month' end);
      end if;
      if target in ('partially_received', 'received') then
        for l in select x.* from public.receive_order_lines x where x.receive_order_id = o.id order by x.position loop
          if target = 'received' then
            perform public.receive_order_line(l.id, l.expected_quantity);
          elsif l.position = 0 then
            perform public.receive_order_line(l.id, l.expected_quantity - 4);
          end if;
        end loop;
      end if;
      -- Spread over the last weeks, as the list shows them.
      update public.receive_orders x set created_at = now() - ((7 - k) * 4 || ' days')::interval where x.id = o.id;
    end loop;
  end loop;
  perform set_config('request.jwt.claim.sub', '', true);
end;
$$;
