-- Package handoffs' refusals carry stable keys (supabase/README.md, "Refusals and their keys"), so
-- the handoff form, the handoffs list's status moves and the warehouse floor show a refusal only the
-- database decides (a delivery not assigned to a driver, a pick order not completed, a move the
-- handoff's status does not allow, a completed handoff) in the user's language; unkeyed, they stayed
-- English. Each function is written out whole from its current definition; only how a refusal is
-- built and raised changes: the same SQLSTATEs and MESSAGEs (23514 'Validation failed', PT404
-- 'Package handoff not found' and 'Warehouse not found', 42501 with its English), fields, English
-- words, problem order and grants.
--
--   public.save_package_handoff       from 20261206001210_handoff_save_in_work.sql
--   private.package_handoff_final     from 20261202001100_package_handoffs.sql
--   public.handoff_delivery_choices   from 20261206001200_handoff_delivery_choices.sql
--
-- Keys are handoffs.*, one per refusal, the same key where two functions refuse the same thing
-- (handoffs.completed_final, handoffs.warehouse_not_found). The values the words name travel as
-- params: {from} and {to}, the raw statuses of a move the machine has not (the app words them);
-- {action}, the raw move (a status, or 'edit') that private.move_refusal refuses, whose English is
-- the status machine's refusal of that move; {max} of the notes' length.

-- Create (package_handoff_id null: warehouse, delivery, pick order, staff, signature, notes) or
-- update (status, signature, notes) a handoff; answers {message, package_handoff}.
CREATE OR REPLACE FUNCTION public.save_package_handoff(package_handoff_id uuid, handoff jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    perform private.raise_problems(jsonb_build_array(private.problem('handoffs.not_allowed', null, 'Only admins and warehouse staff can hand over packages')),
      '42501', 'Only admins and warehouse staff can hand over packages');
  end if;
  if jsonb_typeof(v) <> 'object' then
    perform private.raise_problem('handoffs.values_shape', 'handoff', 'The handoff must be an object');
  end if;

  if not creating then
    select x.* into old from public.package_handoffs x
    where x.id = save_package_handoff.package_handoff_id and x.tenant_id = tenant and private.can_access_warehouse(x.warehouse_id)
    for update;
    if old.id is null then
      perform private.raise_problems(jsonb_build_array(private.problem('handoffs.not_found', null, 'Package handoff not found')),
        'PT404', 'Package handoff not found');
    end if;
    if old.status = 'completed' then
      perform private.raise_problem('handoffs.completed_final', 'status', 'A completed handoff cannot be changed');
    end if;
    warehouse := old.warehouse_id;
    if v ? 'status' and target is null then
      problems := problems || private.problem('handoffs.status_required', 'status', 'Status is required');
    end if;
    target := coalesce(target, old.status);
    if target not in ('pending', 'in_progress', 'completed', 'cancelled') then
      problems := problems || private.problem('handoffs.status_invalid', 'status', 'Status must be pending, in progress, completed or cancelled');
    elsif target <> old.status and not private.move_exists('package_handoff', target, old.status) then
      problems := problems || private.problem('handoffs.move_invalid', 'status',
        format('A handoff that is %s cannot become %s', replace(old.status, '_', ' '), replace(target, '_', ' ')),
        jsonb_build_object('from', old.status, 'to', target));
    else
      refusal := private.move_refusal('package_handoff', case when target = old.status then 'edit' else target end, old.status, panel,
        private.package_handoff_move_conditions(warehouse));
      if refusal is not null then
        perform private.raise_problems(jsonb_build_array(private.problem('handoffs.move_not_allowed', null, refusal,
          jsonb_build_object('action', case when target = old.status then 'edit' else target end))), '42501', refusal);
      end if;
    end if;
    if v ? 'signature_url' and signature is null then
      problems := problems || private.problem('handoffs.signature_required', 'signature_url', 'Signature URL is required');
    end if;
    signature := coalesce(signature, case when v ? 'signature_url' then null else old.signature_url end);
    note_text := case when v ? 'notes' then note_text else old.notes end;
  else
    -- The warehouse: one the caller may access.
    if nullif(v ->> 'warehouse_id', '') is null then
      problems := problems || private.problem('handoffs.warehouse_required', 'warehouse_id', 'Warehouse is required');
    elsif (v ->> 'warehouse_id') !~* uuid_re or not exists (
      select 1 from public.warehouses w where w.id = (v ->> 'warehouse_id')::uuid and w.tenant_id = tenant
    ) or not private.can_access_warehouse((v ->> 'warehouse_id')::uuid) then
      problems := problems || private.problem('handoffs.warehouse_not_found', 'warehouse_id', 'Warehouse not found');
    else
      warehouse := (v ->> 'warehouse_id')::uuid;
    end if;
    if nullif(v ->> 'delivery_id', '') is null then
      problems := problems || private.problem('handoffs.delivery_required', 'delivery_id', 'Delivery is required');
    elsif (v ->> 'delivery_id') !~* uuid_re or not exists (
      select 1 from public.deliveries d where d.id = (v ->> 'delivery_id')::uuid and d.tenant_id = tenant
    ) then
      problems := problems || private.problem('handoffs.delivery_not_found', 'delivery_id', 'Delivery not found');
    elsif panel = 'warehouse' and warehouse is not null and not exists (
      select 1 from public.deliveries d where d.id = (v ->> 'delivery_id')::uuid
        and private.handoff_delivery_in_work(d.id, d.pickup_address_id, warehouse)
    ) then
      -- A warehouse-only person reads no delivery outside their warehouse's work: not found, as for another business's.
      problems := problems || private.problem('handoffs.delivery_not_found', 'delivery_id', 'Delivery not found');
    elsif not exists (select 1 from public.deliveries d where d.id = (v ->> 'delivery_id')::uuid and d.status = 'assigned') then
      problems := problems || private.problem('handoffs.delivery_not_assigned', 'delivery_id', 'Choose a delivery that is assigned to a driver');
    else
      delivery := (v ->> 'delivery_id')::uuid;
    end if;
    if nullif(v ->> 'picking_order_id', '') is null then
      problems := problems || private.problem('handoffs.pick_order_required', 'picking_order_id', 'Picking order is required');
    elsif (v ->> 'picking_order_id') !~* uuid_re or not exists (
      select 1 from public.pick_orders o where o.id = (v ->> 'picking_order_id')::uuid and o.tenant_id = tenant
        and o.status = 'completed' and o.warehouse_id is not distinct from warehouse
    ) then
      problems := problems || private.problem('handoffs.pick_order_invalid', 'picking_order_id', 'Choose a completed pick order of this warehouse');
    else
      pick := (v ->> 'picking_order_id')::uuid;
    end if;
    if nullif(v ->> 'warehouse_staff_id', '') is null then
      problems := problems || private.problem('handoffs.staff_required', 'warehouse_staff_id', 'Warehouse staff is required');
    elsif (v ->> 'warehouse_staff_id') !~* uuid_re or not exists (
      select 1 from public.warehouse_staff s where s.id = (v ->> 'warehouse_staff_id')::uuid and s.tenant_id = tenant
        and s.warehouse_id is not distinct from warehouse and s.active
    ) then
      problems := problems || private.problem('handoffs.staff_invalid', 'warehouse_staff_id', 'Choose a staff member of this warehouse');
    else
      staff := (v ->> 'warehouse_staff_id')::uuid;
    end if;
    if signature is null then
      problems := problems || private.problem('handoffs.signature_required', 'signature_url', 'Signature URL is required');
    end if;
  end if;

  -- The signature is a drawing uploaded to the warehouse's folder of the signatures bucket.
  if signature is not null and (creating or signature is distinct from old.signature_url) and warehouse is not null
    and (not starts_with(signature, tenant::text || '/' || warehouse::text || '/')
      or substr(signature, length(tenant::text || '/' || warehouse::text || '/') + 1) !~ '^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$') then
    problems := problems || private.problem('handoffs.signature_folder', 'signature_url', 'The signature must be uploaded to this warehouse''s folder');
  end if;
  if length(coalesce(note_text, '')) > 2000 then
    problems := problems || private.problem('handoffs.notes_too_long', 'notes', 'Notes must be at most 2000 characters', jsonb_build_object('max', 2000));
  end if;

  perform private.raise_problems(problems);

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

-- A completed handoff is final: no update and no delete, whoever asks.
CREATE OR REPLACE FUNCTION private.package_handoff_final()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if old.status = 'completed' then
    perform private.raise_problem('handoffs.completed_final', 'status', 'A completed handoff cannot be changed');
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$function$;
revoke all on function private.package_handoff_final() from public;

-- The deliveries a handoff form offers, narrowed to the caller's work (id, code, barcode of the
-- deliveries assigned to a driver that the caller may hand over, at most max_rows, 50 at most).
CREATE OR REPLACE FUNCTION public.handoff_delivery_choices(warehouse_id uuid DEFAULT NULL::uuid, search text DEFAULT NULL::text, max_rows integer DEFAULT 20)
 RETURNS TABLE(id uuid, delivery_code text, barcode text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  tenant uuid := private.current_tenant_id();
  board boolean;
  term text := nullif(btrim(coalesce(search, '')), '');
begin
  if tenant is null or not private.is_staff(true) then
    perform private.raise_problems(jsonb_build_array(private.problem('handoffs.choices_not_allowed', null, 'Only staff hand packages over')),
      '42501', 'Only staff hand packages over');
  end if;
  if handoff_delivery_choices.warehouse_id is not null and not exists (
    select 1 from public.warehouses w
    where w.id = handoff_delivery_choices.warehouse_id and w.tenant_id = tenant and private.can_access_warehouse(w.id)
  ) then
    perform private.raise_problems(jsonb_build_array(private.problem('handoffs.warehouse_not_found', null, 'Warehouse not found')),
      'PT404', 'Warehouse not found');
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
$function$;

revoke all on function public.handoff_delivery_choices(uuid, text, integer) from public, anon;
grant execute on function public.handoff_delivery_choices(uuid, text, integer) to authenticated, service_role;
