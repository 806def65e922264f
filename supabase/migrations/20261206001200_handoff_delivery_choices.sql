-- The deliveries a handoff form offers, narrowed to the caller's work.
--
-- The deliveries read policy gives warehouse-only people (private.current_panel_type() = 'warehouse')
-- no delivery at all (20261202004000_warehouse_only_rights.sql), so the handoff form's delivery
-- lookup, which read the deliveries table, offered them nothing: a packer could not hand over. Opening
-- the table to them would show every delivery of the business. Instead the form asks this function,
-- which answers only what the handoff needs (id, code, barcode) of the deliveries assigned to a
-- driver (the only ones a handoff accepts) that the caller may hand over:
--   - the board's people (admins, dispatchers, dispatcher liaisons): every assigned delivery of the
--     tenant, as they read them already;
--   - warehouse-only people: those of a warehouse they may access (private.can_access_warehouse):
--     picked up at its address, or already being handed over there (a handoff of it at that
--     warehouse that is not cancelled);
--   - anyone else (drivers, customers, another business): refused.
-- With `warehouse_id` the answer is for that warehouse (not found when the caller may not access it);
-- without it, for every warehouse the caller may access. `search` matches code or barcode.

-- Whether a delivery is in a warehouse-only person's work at `warehouse` (at any warehouse they may
-- access when null): picked up at its address, or being handed over there. One rule for the form's
-- choices and the save (20261206001210_handoff_save_in_work.sql).
create or replace function private.handoff_delivery_in_work(delivery uuid, pickup_address uuid, warehouse uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.warehouses w
    where w.tenant_id = private.current_tenant_id()
      and (handoff_delivery_in_work.warehouse is null or w.id = handoff_delivery_in_work.warehouse)
      and private.can_access_warehouse(w.id)
      and (w.address_id = handoff_delivery_in_work.pickup_address
        or exists (
          select 1 from public.package_handoffs h
          where h.delivery_id = handoff_delivery_in_work.delivery and h.warehouse_id = w.id and h.status <> 'cancelled'
        ))
  );
$$;
revoke all on function private.handoff_delivery_in_work(uuid, uuid, uuid) from public, anon;
grant execute on function private.handoff_delivery_in_work(uuid, uuid, uuid) to authenticated, service_role;

create or replace function public.handoff_delivery_choices(warehouse_id uuid default null, search text default null, max_rows integer default 20)
returns table (id uuid, delivery_code text, barcode text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
  board boolean;
  term text := nullif(btrim(coalesce(search, '')), '');
begin
  if tenant is null or not private.is_staff(true) then
    raise exception using errcode = '42501', message = 'Only staff hand packages over';
  end if;
  if handoff_delivery_choices.warehouse_id is not null and not exists (
    select 1 from public.warehouses w
    where w.id = handoff_delivery_choices.warehouse_id and w.tenant_id = tenant and private.can_access_warehouse(w.id)
  ) then
    perform private.not_found('Warehouse not found');
  end if;
  board := private.current_panel_type() is distinct from 'warehouse';
  term := case when term is null then null
    else '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%' end;

  return query
  select d.id, d.delivery_code, d.barcode
  from public.deliveries d
  where d.tenant_id = tenant
    and d.status = 'assigned'
    and (term is null or d.delivery_code ilike term or d.barcode ilike term)
    and (board or private.handoff_delivery_in_work(d.id, d.pickup_address_id, handoff_delivery_choices.warehouse_id))
  order by d.delivery_code
  limit greatest(1, least(coalesce(max_rows, 20), 50));
end;
$$;
revoke all on function public.handoff_delivery_choices(uuid, text, integer) from public, anon;
grant execute on function public.handoff_delivery_choices(uuid, text, integer) to authenticated, service_role;
