-- A batch's (or wave's) notes start with the line public.build_pick_batch wrote when it built it,
-- "Batch of 3 orders by zone: Zone 1 (Z1)", and a manager may add to them (or rewrite them) like
-- any order's notes. Taking an order out left that line saying the old count; now the take-out
-- rewrites the count in it ("Batch of 2 orders by zone: Zone 1 (Z1)", "... of 1 order by ...") and
-- keeps every other character of the notes: what a person wrote stays as written, and notes whose
-- generated line was removed or reworded are left alone (nothing there claims a count). The group
-- stays true: every member of a batch was put there for the same zone or item.
--
-- public.take_out_of_pick_batch is otherwise unchanged (20261205003000_pick_batch_take_out.sql).

-- The notes with the generated line's count set to `orders`: the first line (at the start of the
-- notes or of any line) that reads "<Batch|Wave> of <n> order(s) by <zone|item>: ".
create or replace function private.pick_batch_note_with_count(notes text, orders integer) returns text
language sql
immutable
set search_path = ''
as $$
  select regexp_replace(notes, '^(Batch|Wave) of [0-9]+ orders? by (zone|item): ',
    '\1 of ' || orders || case when orders = 1 then ' order' else ' orders' end || ' by \2: ', 'n');
$$;
revoke all on function private.pick_batch_note_with_count(text, integer) from public, anon;
grant execute on function private.pick_batch_note_with_count(text, integer) to authenticated, service_role;

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
      due_date = (select min(o.due_date) from public.pick_orders o where o.batch_id = b.id),
      notes = private.pick_batch_note_with_count(x.notes, remaining)
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
