-- A warehouse-only person hands over only the deliveries of their warehouse's work: the save refuses
-- any other delivery as not found (they read none outside it), whatever calls it; the rule is
-- private.handoff_delivery_in_work, the one the form's choices use
-- (20261206001200_handoff_delivery_choices.sql). The board's people keep every assigned delivery.
--
-- public.save_package_handoff is otherwise unchanged (20261202006100_warehouse_people_hand_over.sql).

create or replace function public.save_package_handoff(package_handoff_id uuid, handoff jsonb) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $function$
declare
  v jsonb := coalesce(handoff, '{}'::jsonb);
  tenant uuid := private.current_tenant_id();
  panel text := private.current_panel_type();
  creating boolean := save_package_handoff.package_handoff_id is null;
  old public.package_handoffs;
  h public.package_handoffs;
  problems jsonb := '[]'::jsonb;
  uuid_re text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  warehouse uuid;
  delivery uuid;
  pick uuid;
  staff uuid;
  signature text := nullif(btrim(v ->> 'signature_url'), '');
  note_text text := nullif(btrim(v ->> 'notes'), '');
  target text := nullif(btrim(v ->> 'status'), '');
  refusal text;
begin
  if tenant is null or panel is null or not private.is_staff_panel(panel, true) then
    raise exception using errcode = '42501', message = 'Only admins and warehouse staff can hand over packages';
  end if;
  if jsonb_typeof(v) <> 'object' then
    perform private.validation_error('handoff', 'The handoff must be an object');
  end if;

  if not creating then
    select x.* into old from public.package_handoffs x
    where x.id = save_package_handoff.package_handoff_id and x.tenant_id = tenant and private.can_access_warehouse(x.warehouse_id)
    for update;
    if old.id is null then
      perform private.not_found('Package handoff not found');
    end if;
    if old.status = 'completed' then
      perform private.validation_error('status', 'A completed handoff cannot be changed');
    end if;
    warehouse := old.warehouse_id;
    if v ? 'status' and target is null then
      problems := problems || jsonb_build_object('field', 'status', 'message', 'Status is required');
    end if;
    target := coalesce(target, old.status);
    if target not in ('pending', 'in_progress', 'completed', 'cancelled') then
      problems := problems || jsonb_build_object('field', 'status', 'message', 'Status must be pending, in progress, completed or cancelled');
    elsif target <> old.status and not private.move_exists('package_handoff', target, old.status) then
      problems := problems || jsonb_build_object('field', 'status', 'message',
        format('A handoff that is %s cannot become %s', replace(old.status, '_', ' '), replace(target, '_', ' ')));
    else
      refusal := private.move_refusal('package_handoff', case when target = old.status then 'edit' else target end, old.status, panel,
        private.package_handoff_move_conditions(warehouse));
      if refusal is not null then
        raise exception using errcode = '42501', message = refusal;
      end if;
    end if;
    if v ? 'signature_url' and signature is null then
      problems := problems || jsonb_build_object('field', 'signature_url', 'message', 'Signature URL is required');
    end if;
    signature := coalesce(signature, case when v ? 'signature_url' then null else old.signature_url end);
    note_text := case when v ? 'notes' then note_text else old.notes end;
  else
    -- The warehouse: one the caller may access.
    if nullif(v ->> 'warehouse_id', '') is null then
      problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse is required');
    elsif (v ->> 'warehouse_id') !~* uuid_re or not exists (
      select 1 from public.warehouses w where w.id = (v ->> 'warehouse_id')::uuid and w.tenant_id = tenant
    ) or not private.can_access_warehouse((v ->> 'warehouse_id')::uuid) then
      problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse not found');
    else
      warehouse := (v ->> 'warehouse_id')::uuid;
    end if;
    if nullif(v ->> 'delivery_id', '') is null then
      problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'Delivery is required');
    elsif (v ->> 'delivery_id') !~* uuid_re or not exists (
      select 1 from public.deliveries d where d.id = (v ->> 'delivery_id')::uuid and d.tenant_id = tenant
    ) then
      problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'Delivery not found');
    elsif panel = 'warehouse' and warehouse is not null and not exists (
      select 1 from public.deliveries d where d.id = (v ->> 'delivery_id')::uuid
        and private.handoff_delivery_in_work(d.id, d.pickup_address_id, warehouse)
    ) then
      -- A warehouse-only person reads no delivery outside their warehouse's work: not found, as for another business's.
      problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'Delivery not found');
    elsif not exists (select 1 from public.deliveries d where d.id = (v ->> 'delivery_id')::uuid and d.status = 'assigned') then
      problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'Choose a delivery that is assigned to a driver');
    else
      delivery := (v ->> 'delivery_id')::uuid;
    end if;
    if nullif(v ->> 'picking_order_id', '') is null then
      problems := problems || jsonb_build_object('field', 'picking_order_id', 'message', 'Picking order is required');
    elsif (v ->> 'picking_order_id') !~* uuid_re or not exists (
      select 1 from public.pick_orders o where o.id = (v ->> 'picking_order_id')::uuid and o.tenant_id = tenant
        and o.status = 'completed' and o.warehouse_id is not distinct from warehouse
    ) then
      problems := problems || jsonb_build_object('field', 'picking_order_id', 'message', 'Choose a completed pick order of this warehouse');
    else
      pick := (v ->> 'picking_order_id')::uuid;
    end if;
    if nullif(v ->> 'warehouse_staff_id', '') is null then
      problems := problems || jsonb_build_object('field', 'warehouse_staff_id', 'message', 'Warehouse staff is required');
    elsif (v ->> 'warehouse_staff_id') !~* uuid_re or not exists (
      select 1 from public.warehouse_staff s where s.id = (v ->> 'warehouse_staff_id')::uuid and s.tenant_id = tenant
        and s.warehouse_id is not distinct from warehouse and s.active
    ) then
      problems := problems || jsonb_build_object('field', 'warehouse_staff_id', 'message', 'Choose a staff member of this warehouse');
    else
      staff := (v ->> 'warehouse_staff_id')::uuid;
    end if;
    if signature is null then
      problems := problems || jsonb_build_object('field', 'signature_url', 'message', 'Signature URL is required');
    end if;
  end if;

  -- The signature is a drawing uploaded to the warehouse's folder of the signatures bucket.
  if signature is not null and (creating or signature is distinct from old.signature_url) and warehouse is not null
    and (not starts_with(signature, tenant::text || '/' || warehouse::text || '/')
      or substr(signature, length(tenant::text || '/' || warehouse::text || '/') + 1) !~ '^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$') then
    problems := problems || jsonb_build_object('field', 'signature_url', 'message', 'The signature must be uploaded to this warehouse''s folder');
  end if;
  if length(coalesce(note_text, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'notes', 'message', 'Notes must be at most 2000 characters');
  end if;

  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;

  if creating then
    insert into public.package_handoffs (tenant_id, warehouse_id, delivery_id, picking_order_id, warehouse_staff_id,
      signature_url, notes, created_by)
    values (tenant, warehouse, delivery, pick, staff, signature, note_text,
      (select p.id from public.profiles p where p.id = auth.uid() and p.tenant_id = tenant))
    returning * into h;
    perform private.append_package_handoff_event(h, null);
  else
    update public.package_handoffs x set status = target, signature_url = signature, notes = note_text,
      completed_at = case when target = 'completed' then now() else null end
    where x.id = old.id
    returning * into h;
    if target <> old.status then
      perform private.append_package_handoff_event(h, old.status);
      if target = 'completed' then
        perform private.package_handoff_completed(h);
      end if;
    end if;
  end if;

  return jsonb_build_object('message', 'Package handoff submitted successfully',
    'package_handoff', (select to_jsonb(r) from public.package_handoff_rows r where r.id = h.id));
end;
$function$;
revoke all on function public.save_package_handoff(uuid, jsonb) from public, anon;
grant execute on function public.save_package_handoff(uuid, jsonb) to authenticated, service_role;
