-- Where to put each line of a receive order away: the line's target bin when it names an active
-- one; else the active bin of the warehouse already holding most of the item (stock together);
-- else the first empty active bin by code. Lines fully received are left out. Security invoker:
-- the caller's RLS decides which orders, stock and bins it reads. Bins' capacity is not weighed.
create or replace function public.receive_order_putaway(receive_order_id uuid)
returns table (line_id uuid, bin_id uuid, bin_code text, reason text)
language sql
stable
set search_path = ''
as $$
  select l.id, s.id, s.code, s.reason
  from public.receive_order_lines l
  cross join lateral (
    select c.id, c.code, c.reason
    from (
      select b.id, b.code, 'target'::text as reason, 1 as rank, 0::numeric as weight
      from public.warehouse_locations b
      where b.id = l.target_bin_id and b.status = 'active' and b.location_type = 'bin'
      union all
      select b.id, b.code, 'holds_item', 2, -sum(st.quantity)
      from public.inventory_stock st
      join public.warehouse_locations b on b.id = st.bin_id
      where st.item_id = l.item_id and st.warehouse_id = l.warehouse_id and st.quantity > 0
        and b.status = 'active' and b.location_type = 'bin'
      group by b.id, b.code
      union all
      (select b.id, b.code, 'empty', 3, 0
       from public.warehouse_locations b
       where b.warehouse_id = l.warehouse_id and b.status = 'active' and b.location_type = 'bin'
         and not exists (select 1 from public.inventory_stock st where st.bin_id = b.id and st.quantity > 0)
       order by b.code
       limit 1)
    ) c
    order by c.rank, c.weight, c.code
    limit 1
  ) s
  where l.receive_order_id = receive_order_putaway.receive_order_id
    and l.received_quantity < l.expected_quantity
  order by l.position;
$$;
revoke all on function public.receive_order_putaway(uuid) from public, anon;
grant execute on function public.receive_order_putaway(uuid) to authenticated;
