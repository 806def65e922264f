-- A wave's split names its new order "<ref>-n", the first free n in the tenant. Chosen by a look
-- then an insert, a number another transaction took between the two (a person saving an order
-- "<ref>-2" by hand, another build) failed the whole build with a unique violation (23505). The
-- insert now claims the number itself (on conflict do nothing) and the search goes on past a
-- number taken meanwhile. private.split_pick_order_for_wave is written out whole; otherwise as in
-- 20261207000100_pick_wave_split.sql.

create or replace function private.split_pick_order_for_wave(original public.pick_orders, group_by text, group_key text,
  wave public.pick_orders) returns public.pick_orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  split public.pick_orders;
  reference text;
  n integer := 2;
  moved integer;
begin
  -- The first free "<ref>-n": skip the numbers taken, then claim one by inserting it; a number
  -- another transaction takes meanwhile (its insert waits for ours or ours for its) is skipped
  -- rather than failing the build with a unique violation.
  loop
    reference := left(original.reference_number, 64 - length('-' || n)) || '-' || n;
    if not exists (select 1 from public.pick_orders x where x.tenant_id = original.tenant_id and x.reference_number = reference) then
      insert into public.pick_orders (tenant_id, warehouse_id, reference_number, external_reference, order_type, priority, status,
        notes, assigned_to, due_date, created_by)
      values (original.tenant_id, original.warehouse_id, reference, original.external_reference, 'individual', original.priority, 'pending',
        original.notes, original.assigned_to, original.due_date, original.created_by)
      on conflict on constraint pick_orders_reference_number_key do nothing
      returning * into split;
      exit when split.id is not null;
    end if;
    n := n + 1;
  end loop;

  -- The lines outside the group move, keeping their order (positions through negatives: (order,
  -- position) is unique), then both orders number their lines from 0 again.
  update public.pick_order_lines l set pick_order_id = split.id, position = -1 - r.n
  from (
    select x.id, (row_number() over (order by x.position) - 1)::integer as n
    from public.pick_order_lines x
    where x.pick_order_id = original.id
      and case split_pick_order_for_wave.group_by when 'zone' then private.location_zone(x.bin_id)::text is distinct from group_key
        else x.item_id::text is distinct from group_key end
  ) r
  where l.id = r.id;
  get diagnostics moved = row_count;
  update public.pick_order_lines l set position = -1 - l.position where l.pick_order_id = split.id;
  update public.pick_order_lines l set position = -1 - r.n
  from (select x.id, (row_number() over (order by x.position) - 1)::integer as n from public.pick_order_lines x where x.pick_order_id = original.id) r
  where l.id = r.id;
  update public.pick_order_lines l set position = -1 - l.position where l.pick_order_id = original.id;

  perform private.append_pick_order_event(split, null, format('Split from %s for wave %s', original.reference_number, wave.reference_number));
  perform private.append_pick_order_event(original, 'pending', format('Split for wave %s: %s %s moved to %s', wave.reference_number,
    moved, case when moved = 1 then 'line' else 'lines' end, split.reference_number));
  return split;
end;
$$;
revoke all on function private.split_pick_order_for_wave(public.pick_orders, text, text, public.pick_orders) from public, anon, authenticated;
