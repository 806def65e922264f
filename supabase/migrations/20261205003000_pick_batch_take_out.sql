-- Take one order out of a built batch (or wave) before the batch starts: the order is a pending
-- individual order again, free to be picked alone or batched again, with its own lines (a member's
-- lines never change while it is batched); the batch loses that order's lines and keeps its route
-- (the remaining lines in their order, renumbered from 0), its priority and due date follow its
-- remaining members, and a batch left without orders is cancelled (nothing was reserved: it never
-- started). Both histories say it.
--
-- The state machine holds in the database: only a pending batch gives an order back (once started
-- its stock is reserved for every line and the members follow it); who may do it is who may build
-- and change pick orders (admins, and managers and supervisors of the warehouse).
--
-- Locks: the batch first, then the member, as public.transition_pick_order takes the batch and its
-- trigger then the members; both are read again under the locks. So a take-out racing the batch's
-- start either lands before it (the order leaves, the batch starts without it) or sees the batch in
-- progress and is refused; two take-outs from one batch queue on the batch's row (the second sees
-- the first's result, and the last order out cancels it once).
create or replace function public.take_out_of_pick_batch(pick_order_id uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
  m public.pick_orders;
  b public.pick_orders;
  batch uuid;
  remaining integer;
  before_setting text := coalesce(current_setting('waypost.pick_batch', true), '');
begin
  if tenant is null or not private.is_staff(true) then
    raise exception using errcode = '42501', message = 'Sign in to change batches';
  end if;
  select x.batch_id into batch from public.pick_orders x
  where x.id = take_out_of_pick_batch.pick_order_id and x.tenant_id = tenant and private.can_access_warehouse(x.warehouse_id);
  if not found then
    perform private.not_found('Pick order not found');
  end if;
  if batch is not null then
    select x.* into b from public.pick_orders x where x.id = batch for update;
  end if;
  select x.* into m from public.pick_orders x where x.id = take_out_of_pick_batch.pick_order_id for update;
  if m.batch_id is null then
    raise exception using errcode = '55000', message = format('%s is not in a batch', m.reference_number);
  end if;
  if m.batch_id is distinct from b.id then
    -- Moved to another batch between the read and the locks (its batch was cancelled and rebuilt).
    raise exception using errcode = '40001', message = format('%s changed meanwhile: try again', m.reference_number);
  end if;
  if not 'manages' = any (private.pick_order_move_conditions(b.warehouse_id)) then
    raise exception using errcode = '42501', message = 'Only admins, supervisors and managers of this warehouse can take orders out of a batch';
  end if;
  if b.status <> 'pending' then
    raise exception using errcode = '55000', message = format('%s is %s: orders leave a %s only before it starts',
      b.reference_number, replace(b.status, '_', ' '), b.order_type);
  end if;

  perform set_config('waypost.pick_batch', 'on', true);
  delete from public.pick_order_lines l
  where l.pick_order_id = b.id and l.source_line_id in (select s.id from public.pick_order_lines s where s.pick_order_id = m.id);
  -- The route keeps its order; positions from 0 again (through negatives: (order, position) is unique).
  update public.pick_order_lines l set position = -1 - r.n
  from (select x.id, (row_number() over (order by x.position) - 1)::integer as n from public.pick_order_lines x where x.pick_order_id = b.id) r
  where l.id = r.id;
  update public.pick_order_lines l set position = -1 - l.position where l.pick_order_id = b.id;

  update public.pick_orders x set batch_id = null where x.id = m.id returning x.* into m;
  perform private.append_pick_order_event(m, 'pending', format('Taken out of %s %s: pending again', b.order_type, b.reference_number));

  select count(*) into remaining from public.pick_orders x where x.batch_id = b.id;
  if remaining = 0 then
    update public.pick_orders x set status = 'cancelled', ended_at = now() where x.id = b.id returning x.* into b;
    perform private.append_pick_order_event(b, 'pending', format('%s taken out: no order left', m.reference_number));
  else
    update public.pick_orders x set
      priority = (select max(o.priority) from public.pick_orders o where o.batch_id = b.id),
      due_date = (select min(o.due_date) from public.pick_orders o where o.batch_id = b.id)
    where x.id = b.id returning x.* into b;
    perform private.append_pick_order_event(b, 'pending', format('%s taken out', m.reference_number));
  end if;
  perform set_config('waypost.pick_batch', before_setting, true);

  return jsonb_build_object(
    'message', case when remaining = 0
      then format('%s taken out of %s %s; the %s had no order left and is cancelled', m.reference_number, b.order_type, b.reference_number, b.order_type)
      else format('%s taken out of %s %s', m.reference_number, b.order_type, b.reference_number) end,
    'batch_cancelled', remaining = 0,
    'batch_id', b.id);
end;
$$;
revoke all on function public.take_out_of_pick_batch(uuid) from public, anon;
grant execute on function public.take_out_of_pick_batch(uuid) to authenticated, service_role;
