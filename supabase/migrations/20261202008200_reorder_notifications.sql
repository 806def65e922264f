-- An item falling under its reorder point in a warehouse notifies the tenant's active admins and
-- that warehouse's active managers, once per crossing: not again on every pick below the point, and
-- again only after the stock has been back at or above it.
--
-- The stock that counts is the item's available quantity in the warehouse (all its bins, lots and
-- serials; reserved units are still on hand). A decrease is a transaction taking available stock
-- out of a bin (a pick, or an adjustment down); a move between two bins of one warehouse changes
-- nothing. Only what API callers do is news: the seed's history, written as the owner, notifies
-- nobody (as for deliveries).
--
-- Once per crossing is kept on the reorder point itself: below_notified_at says when the people
-- were told; an increase that brings the stock back to the point (or a new point) clears it. The
-- mark is set by a conditional update, so two pickers crossing at once notify once: the second
-- waits for the first's row and then finds the mark set. Two decreases that commit at the same time
-- may each see only their own (neither crosses in its snapshot); then the next decrease, below the
-- point and unmarked, tells them: nobody is told twice, and a crossing is never left untold.
--
-- Links: admins open the item; managers (who work in the dispatcher panel's warehouse section, which
-- has no item page) their warehouse section.

alter table public.inventory_reorder_points add column below_notified_at timestamptz;
comment on column public.inventory_reorder_points.below_notified_at is
  'When the admins and the warehouse''s managers were told the item fell under this point; cleared when the stock is back at or above it';

-- A new reorder point starts unmarked: the next decrease under it is news.
create or replace function private.reset_reorder_notified() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.reorder_point is distinct from old.reorder_point then
    new.below_notified_at := null;
  end if;
  return new;
end;
$$;
revoke all on function private.reset_reorder_notified() from public;
create trigger reset_reorder_notified before update of reorder_point on public.inventory_reorder_points
  for each row execute function private.reset_reorder_notified();

create or replace function private.notify_reorder_point() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  rp public.inventory_reorder_points;
  on_hand integer;
  item public.inventory_items;
  place text;
  slug text;
begin
  if coalesce(current_setting('role', true), 'none') not in ('authenticated', 'service_role') then
    return null;
  end if;
  if new.stock_status <> 'available' or (new.from_bin_id is not null and new.to_bin_id is not null) then
    return null;
  end if;
  select r.* into rp from public.inventory_reorder_points r
  where r.item_id = new.item_id and r.warehouse_id = new.warehouse_id;
  if rp.id is null then
    return null;
  end if;
  select coalesce(sum(s.quantity), 0)::integer into on_hand from public.inventory_stock s
  where s.item_id = new.item_id and s.warehouse_id = new.warehouse_id and s.status = 'available';

  if new.to_bin_id is not null then
    -- An increase: back at or above the point, the next fall is news again.
    if on_hand >= rp.reorder_point and rp.below_notified_at is not null then
      update public.inventory_reorder_points r set below_notified_at = null where r.id = rp.id;
    end if;
    return null;
  end if;

  if on_hand >= rp.reorder_point or rp.below_notified_at is not null then
    return null;
  end if;
  update public.inventory_reorder_points r set below_notified_at = now()
  where r.id = rp.id and r.below_notified_at is null;
  if not found then
    return null;
  end if;

  select i.* into item from public.inventory_items i where i.id = new.item_id;
  select w.name into place from public.warehouses w where w.id = new.warehouse_id;
  select t.slug into slug from public.tenants t where t.id = new.tenant_id;
  insert into public.notifications (tenant_id, user_id, title, body, link)
  select p.tenant_id, p.id,
    left(format('%s is under its reorder point', item.name), 200),
    left(format('%s (%s) in %s: %s available, reorder point %s.', item.name, item.sku, place, on_hand, rp.reorder_point), 4000),
    case when p.panel_type = 'admin' then '/' || slug || '/admin/inventory-items/' || item.id::text || '/edit'
      else '/' || slug || '/dispatcher/floor' end
  from public.profiles p
  where p.tenant_id = new.tenant_id and p.status = 'active'
    and (p.panel_type = 'admin' or exists (
      select 1 from public.warehouse_staff s
      where s.user_id = p.id and s.tenant_id = p.tenant_id and s.warehouse_id = new.warehouse_id
        and s.role = 'manager' and s.active));
  return null;
end;
$$;
revoke all on function private.notify_reorder_point() from public, anon, authenticated;
create trigger notify_reorder_point after insert on public.inventory_transactions
  for each row execute function private.notify_reorder_point();
