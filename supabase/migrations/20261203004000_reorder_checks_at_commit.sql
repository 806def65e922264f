-- Reorder notifications, checked once per transaction at its commit, under the reorder points'
-- locks taken in one order.
--
-- The rule is unchanged: an item falling under its reorder point in a warehouse tells the tenant's
-- active admins and that warehouse's active managers once per crossing; below_notified_at says when
-- they were told; stock back at or above the point clears it, and the next fall is news again. The
-- stock that counts is the item's available quantity in the warehouse (all bins, lots and serials);
-- a decrease is a transaction taking available stock out of a bin (a move between two bins of one
-- warehouse changes nothing); only what API callers do is news.
--
-- What changes is when and under which lock the stock is read. Checked row by row as the ledger is
-- written, two transactions decreasing one item could each see only their own decrease (neither
-- crosses in its snapshot) and nobody was told; and two transactions decreasing two items in
-- opposite orders (two pick orders) each held the point of their first item while waiting for the
-- other's: a deadlock. Now:
--   - each ledger row only queues its reorder point in the transaction (a transaction-local
--     setting: undone with the row when a savepoint is rolled back), with whether it was a decrease
--     by an API caller;
--   - a deferred constraint trigger, at commit, locks every queued point at once in the order of
--     their ids (no two transactions wait for each other's points in opposite orders; by then the
--     transaction takes no more stock locks), and only then reads the stock: a transaction that
--     waited for another's point reads after that one committed, so the last of two concurrent
--     decreases sees both, and the claim (below_notified_at set while null, under the lock) is
--     made once;
--   - any write, the owner's (imports, the seed) too, clears the mark when the stock is back at or
--     above the point, so an import's restock makes the next fall news; the owner's decreases never
--     notify and never mark (nobody was told).
-- An item already under its point and unmarked (as the seed leaves them: no notification was
-- seeded) is told at its first decrease by an API caller: a crossing is never left untold.

drop trigger notify_reorder_point on public.inventory_transactions;
drop function private.notify_reorder_point();

-- Row by row, as the ledger is written: queue the point (' <id>:d' for an API caller's decrease,
-- ' <id>:c' for anything else that may bring the stock back). No lock is taken here.
create or replace function private.queue_reorder_check() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  point uuid;
  entry text;
  queued text;
begin
  if new.stock_status <> 'available' or (new.from_bin_id is not null and new.to_bin_id is not null) then
    return null;
  end if;
  select r.id into point from public.inventory_reorder_points r
  where r.item_id = new.item_id and r.warehouse_id = new.warehouse_id;
  if point is null then
    return null;
  end if;
  entry := ' ' || point::text || case
    when new.to_bin_id is null and coalesce(current_setting('role', true), 'none') in ('authenticated', 'service_role') then ':d'
    else ':c' end;
  queued := coalesce(current_setting('waypost.reorder_checks', true), '');
  if position(entry in queued) = 0 then
    perform set_config('waypost.reorder_checks', queued || entry, true);
  end if;
  return null;
end;
$$;
revoke all on function private.queue_reorder_check() from public, anon, authenticated;
create trigger queue_reorder_check after insert on public.inventory_transactions
  for each row execute function private.queue_reorder_check();

-- At commit (or when the constraint is set immediate): the first firing of the transaction checks
-- every queued point and empties the queue; the others find it empty. Its name sorts after
-- queue_reorder_check: a row's after triggers fire in the order of their names, so when immediate
-- the row is queued before the check runs.
create or replace function private.check_reorder_points() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued text := coalesce(current_setting('waypost.reorder_checks', true), '');
  points uuid[];
  rp public.inventory_reorder_points;
  on_hand integer;
  item public.inventory_items;
  place text;
  slug text;
begin
  if queued = '' then
    return null;
  end if;
  perform set_config('waypost.reorder_checks', '', true);
  points := array(select distinct split_part(e, ':', 1)::uuid from unnest(string_to_array(btrim(queued), ' ')) e);
  -- Every point at once, in one order, before any stock is read.
  perform 1 from public.inventory_reorder_points r where r.id = any (points) order by r.id for update;
  -- Each statement below reads what was committed before it began: after the locks, so after
  -- whoever held them committed.
  for rp in select r.* from public.inventory_reorder_points r where r.id = any (points) order by r.id loop
    select coalesce(sum(s.quantity), 0)::integer into on_hand from public.inventory_stock s
    where s.item_id = rp.item_id and s.warehouse_id = rp.warehouse_id and s.status = 'available';
    if on_hand >= rp.reorder_point then
      if rp.below_notified_at is not null then
        update public.inventory_reorder_points r set below_notified_at = null where r.id = rp.id;
      end if;
      continue;
    end if;
    if rp.below_notified_at is not null or position(' ' || rp.id::text || ':d' in queued) = 0 then
      continue;
    end if;
    update public.inventory_reorder_points r set below_notified_at = now() where r.id = rp.id;

    select i.* into item from public.inventory_items i where i.id = rp.item_id;
    select w.name into place from public.warehouses w where w.id = rp.warehouse_id;
    select t.slug into slug from public.tenants t where t.id = rp.tenant_id;
    insert into public.notifications (tenant_id, user_id, title, body, link)
    select p.tenant_id, p.id,
      left(format('%s is under its reorder point', item.name), 200),
      left(format('%s (%s) in %s: %s available, reorder point %s.', item.name, item.sku, place, on_hand, rp.reorder_point), 4000),
      case when p.panel_type = 'admin' then '/' || slug || '/admin/inventory-items/' || item.id::text || '/edit'
        else '/' || slug || '/dispatcher/floor' end
    from public.profiles p
    where p.tenant_id = rp.tenant_id and p.status = 'active'
      and (p.panel_type = 'admin' or exists (
        select 1 from public.warehouse_staff s
        where s.user_id = p.id and s.tenant_id = p.tenant_id and s.warehouse_id = rp.warehouse_id
          and s.role = 'manager' and s.active));
  end loop;
  return null;
end;
$$;
revoke all on function private.check_reorder_points() from public, anon, authenticated;
create constraint trigger reorder_points_checked_at_commit after insert on public.inventory_transactions
  deferrable initially deferred
  for each row execute function private.check_reorder_points();
