-- Inventory audits' refusals carry stable keys (supabase/README.md, "Refusals and their keys"), so
-- the audit plan form, the count page and the warehouse floor's counting screen show a refusal only
-- the database decides (an audit no longer counted, a line not counted or moved while counted, who may
-- start, count, review, recount, complete or cancel) in the user's language; unkeyed, they stayed
-- English. Each function is written out whole from its current definition; only how a refusal is built
-- and raised changes: the same SQLSTATEs and MESSAGEs (23514 'Validation failed'; 42501, 22023 and
-- PT404 with their English), the same fields, English words, problem order and grants. The values
-- the words name travel as params: {max} of a limit, {bin} of a line's bin code, {status} and
-- {target} raw (the app words them). A move's refusal read from private.status_moves keeps its words
-- (the same for every row of an action); its key is chosen here by the action.
-- private.refuse_audit_change (the audit log's append-only guard) raises the same 42501 and message
-- with a key too.
--
--   public.create_inventory_audit                      from 20261203002100_staff_panel_rules.sql
--   private.check_inventory_audit_move, public.transition_inventory_audit,
--   public.save_inventory_audit_count, public.request_inventory_audit_recount
--                                                      from 20261202002000_inventory_audits.sql
--   private.refuse_audit_change                        from 20261124000100_audit_log.sql

-- Plans an audit: 23514 with every problem of the form, keyed; 42501 when the caller may not plan
-- one in that warehouse.
create or replace function public.create_inventory_audit("values" jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v jsonb := create_inventory_audit."values";
  tenant uuid := private.current_tenant_id();
  problems jsonb := '[]'::jsonb;
  warehouse uuid;
  kind text := nullif(btrim(coalesce(v ->> 'audit_type', '')), '');
  scheduled date;
  note_text text := nullif(btrim(coalesce(v ->> 'notes', '')), '');
  locations uuid[] := '{}';
  items uuid[] := '{}';
  a public.inventory_audits;
begin
  if tenant is null or not private.is_staff(true) then
    perform private.raise_problems(jsonb_build_array(private.problem('audits.sign_in_required', null, 'Sign in to plan audits')),
      '42501', 'Sign in to plan audits');
  end if;
  if v is null or jsonb_typeof(v) <> 'object' then
    perform private.raise_problems(jsonb_build_array(private.problem('audits.values_shape', null, 'The audit values must be a JSON object')),
      '22023', 'The audit values must be a JSON object');
  end if;

  if nullif(v ->> 'warehouse_id', '') is null then
    problems := problems || private.problem('audits.warehouse_required', 'warehouse_id', 'Warehouse is required');
  elsif (v ->> 'warehouse_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or not exists (select 1 from public.warehouses w where w.id = (v ->> 'warehouse_id')::uuid and w.tenant_id = tenant)
    or not private.can_access_warehouse((v ->> 'warehouse_id')::uuid) then
    problems := problems || private.problem('audits.warehouse_not_found', 'warehouse_id', 'Warehouse not found');
  else
    warehouse := (v ->> 'warehouse_id')::uuid;
  end if;
  if kind is null then
    problems := problems || private.problem('audits.type_required', 'audit_type', 'Audit type is required');
  elsif kind not in ('spot_check', 'full_count', 'cycle_count') then
    problems := problems || private.problem('audits.type_invalid', 'audit_type', 'Audit type must be spot check, full count or cycle count');
  end if;
  if nullif(v ->> 'scheduled_date', '') is not null then
    begin
      scheduled := (v ->> 'scheduled_date')::date;
      if scheduled < current_date then
        problems := problems || private.problem('audits.scheduled_date_past', 'scheduled_date', 'Scheduled date cannot be before today');
      end if;
    exception when others then
      problems := problems || private.problem('audits.scheduled_date_invalid', 'scheduled_date', 'Scheduled date must be a date');
    end;
  end if;
  if length(coalesce(note_text, '')) > 2000 then
    problems := problems || private.problem('audits.notes_too_long', 'notes', 'Notes must be at most 2000 characters',
      jsonb_build_object('max', 2000));
  end if;

  -- The scope: ids of the warehouse's locations and of the tenant's items.
  if jsonb_typeof(v -> 'scope') = 'object' then
    if jsonb_typeof(v #> '{scope,location_ids}') = 'array' then
      if exists (select 1 from jsonb_array_elements_text(v #> '{scope,location_ids}') e
        where e !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.warehouse_locations l where l.id = e::uuid and l.warehouse_id = warehouse)) then
        problems := problems || private.problem('audits.locations_not_in_warehouse', 'scope.location_ids', 'Choose locations of this warehouse');
      else
        select coalesce(array_agg(distinct e::uuid), '{}') into locations from jsonb_array_elements_text(v #> '{scope,location_ids}') e;
      end if;
    end if;
    if jsonb_typeof(v #> '{scope,item_ids}') = 'array' then
      if exists (select 1 from jsonb_array_elements_text(v #> '{scope,item_ids}') e
        where e !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.inventory_items i where i.id = e::uuid and i.tenant_id = tenant)) then
        problems := problems || private.problem('audits.item_not_found', 'scope.item_ids', 'Item not found');
      else
        select coalesce(array_agg(distinct e::uuid), '{}') into items from jsonb_array_elements_text(v #> '{scope,item_ids}') e;
      end if;
    end if;
  end if;
  if cardinality(locations) > 500 or cardinality(items) > 500 then
    problems := problems || private.problem('audits.scope_too_large', 'scope', 'At most 500 locations and 500 items',
      jsonb_build_object('max', 500));
  elsif kind = 'full_count' and (cardinality(locations) > 0 or cardinality(items) > 0) then
    problems := problems || private.problem('audits.full_count_scope', 'scope', 'A full count covers the whole warehouse: choose no locations or items');
  elsif kind = 'cycle_count' and cardinality(locations) = 0 then
    problems := problems || private.problem('audits.cycle_count_locations_required', 'scope.location_ids', 'Choose at least one location to count');
  elsif kind = 'spot_check' and cardinality(locations) = 0 and cardinality(items) = 0 then
    problems := problems || private.problem('audits.spot_check_scope_required', 'scope', 'Choose at least one location or item to check');
  end if;

  perform private.raise_problems(problems);
  if not ('manages' = any (private.inventory_audit_move_conditions(warehouse))) then
    perform private.raise_problems(jsonb_build_array(private.problem('audits.plan_not_allowed', null,
      'Only admins, supervisors and managers of this warehouse can plan an audit')),
      '42501', 'Only admins, supervisors and managers of this warehouse can plan an audit');
  end if;

  insert into public.inventory_audits (tenant_id, warehouse_id, audit_type, scheduled_date, notes,
    scope_location_ids, scope_item_ids, created_by)
  values (tenant, warehouse, kind, scheduled, note_text, locations, items,
    (select p.id from public.profiles p where p.id = auth.uid() and p.tenant_id = tenant))
  returning * into a;
  perform private.append_inventory_audit_event(a, null, null);
  return jsonb_build_object('message', 'Audit created successfully', 'audit', to_jsonb(a));
end;
$$;
revoke all on function public.create_inventory_audit(jsonb) from public, anon;
grant execute on function public.create_inventory_audit(jsonb) to authenticated, service_role;

-- Refuses (42501 with the move's refusal, or 23514 on `status`) unless the caller may take `action`
-- on the audit now.
create or replace function private.check_inventory_audit_move(a public.inventory_audits, action text) returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  refusal text;
begin
  if not private.move_exists('inventory_audit', action, a.status) then
    perform private.raise_problems(jsonb_build_array(case action
      when 'count' then private.problem('audits.not_countable', 'status',
        format('Only an audit in progress can be counted; this one is %s', replace(a.status, '_', ' ')), jsonb_build_object('status', a.status))
      when 'recount' then private.problem('audits.not_recountable', 'status',
        format('Only an audit in progress can be recounted; this one is %s', replace(a.status, '_', ' ')), jsonb_build_object('status', a.status))
      when 'review' then private.problem('audits.review_not_started', 'status', 'An audit''s variances are known once counting has started')
      else private.problem('audits.move_invalid', 'status',
        format('An audit that is %s cannot become %s', replace(a.status, '_', ' '), replace(action, '_', ' ')),
        jsonb_build_object('status', a.status, 'target', action)) end));
  end if;
  refusal := private.move_refusal('inventory_audit', action, a.status, private.current_panel_type(),
    private.inventory_audit_move_conditions(a.warehouse_id));
  if refusal is not null then
    perform private.raise_problems(jsonb_build_array(private.problem(case action
        when 'in_progress' then 'audits.start_not_allowed'
        when 'count' then 'audits.count_not_allowed'
        when 'review' then 'audits.review_not_allowed'
        when 'recount' then 'audits.recount_not_allowed'
        when 'completed' then 'audits.complete_not_allowed'
        when 'cancelled' then 'audits.cancel_not_allowed'
        else 'audits.move_not_allowed' end, null, refusal)), '42501', refusal);
  end if;
end;
$$;
revoke all on function private.check_inventory_audit_move(public.inventory_audits, text) from public, anon, authenticated;

-- Move an audit along its machine (see 20261202002000's header). Completing takes the reviewer's
-- reasons, [{line_id, reason}], kept on the lines. Answers the audit row.
create or replace function public.transition_inventory_audit(audit_id uuid, status text, note text default null, reasons jsonb default null)
returns public.inventory_audits
language plpgsql
security definer
set search_path = ''
as $$
declare
  a public.inventory_audits;
  target text := transition_inventory_audit.status;
  origin text;
  problems jsonb := '[]'::jsonb;
  line record;
  n integer;
begin
  a := private.lock_inventory_audit(transition_inventory_audit.audit_id);
  origin := a.status;
  if target is null or target not in ('scheduled', 'in_progress', 'completed', 'cancelled') then
    perform private.raise_problem('audits.status_invalid', 'status', 'Status must be in progress, completed or cancelled');
  end if;
  perform private.check_inventory_audit_move(a, target);
  if length(coalesce(note, '')) > 1000 then
    perform private.raise_problem('audits.note_too_long', 'note', 'The note must be at most 1000 characters', jsonb_build_object('max', 1000));
  end if;

  if target = 'in_progress' then
    -- The covered balances, locked in the ledger's order, then snapshotted.
    perform 1 from public.inventory_stock s where s.id in (select b.id from private.inventory_audit_balances(a) b)
    order by s.id for update;
    insert into public.inventory_audit_lines (tenant_id, audit_id, warehouse_id, position, item_id, bin_id, lot_number,
      serial_number, stock_status, expected_quantity)
    select a.tenant_id, a.id, a.warehouse_id,
      (row_number() over (order by l.code, i.name, b.lot_number nulls first, b.serial_number nulls first, b.status) - 1)::integer,
      b.item_id, b.bin_id, b.lot_number, b.serial_number, b.status, b.quantity
    from private.inventory_audit_balances(a) b
    join public.warehouse_locations l on l.id = b.bin_id
    join public.inventory_items i on i.id = b.item_id;
    get diagnostics n = row_count;
    if n = 0 then
      perform private.raise_problem('audits.nothing_to_count', 'scope', 'Nothing to count: no stock is held where this audit looks');
    end if;
    update public.inventory_audits x set status = 'in_progress', started_at = now() where x.id = a.id returning * into a;

  elsif target = 'completed' then
    if reasons is not null and jsonb_typeof(reasons) <> 'array' then
      perform private.raise_problem('audits.reasons_shape', 'reasons', 'Reasons must be a list of {line_id, reason}');
    end if;
    update public.inventory_audit_lines l set reason = nullif(btrim(r.e ->> 'reason'), '')
    from jsonb_array_elements(coalesce(reasons, '[]'::jsonb)) r(e)
    where l.audit_id = a.id and l.id::text = lower(r.e ->> 'line_id') and r.e ? 'reason';
    for line in
      select l.*, b.code as bin_code from public.inventory_audit_lines l join public.warehouse_locations b on b.id = l.bin_id
      where l.audit_id = a.id order by l.position
    loop
      if line.counted_quantity is null then
        problems := problems || private.problem('audits.line_not_counted', format('lines.%s.counted_quantity', line.position),
          format('Count this line before completing (%s)', line.bin_code), jsonb_build_object('bin', line.bin_code));
      elsif line.moved_while_open then
        problems := problems || private.problem('audits.line_moved', format('lines.%s.moved_while_open', line.position),
          format('Stock moved in %s while it was counted: recount this line', line.bin_code), jsonb_build_object('bin', line.bin_code));
      elsif line.variance <> 0 and line.reason is null then
        problems := problems || private.problem('audits.reason_required', format('lines.%s.reason', line.position),
          'A reason is required for each variance');
      end if;
    end loop;
    perform private.raise_problems(problems);
    -- One adjustment per variance line, as the caller (the ledger checks their right to adjust and
    -- locks the balances it moves).
    for line in select l.* from public.inventory_audit_lines l where l.audit_id = a.id and l.variance <> 0 order by l.position loop
      perform private.apply_inventory_transaction('adjust', line.item_id, a.warehouse_id, abs(line.variance),
        case when line.variance < 0 then line.bin_id end, case when line.variance > 0 then line.bin_id end,
        line.lot_number, line.serial_number, line.stock_status, line.reason, 'audit', a.id, null, 0);
    end loop;
    -- Every balance counted was counted now, adjusted or not.
    update public.inventory_stock s set last_counted_at = now()
    from public.inventory_audit_lines l
    where l.audit_id = a.id and s.item_id = l.item_id and s.bin_id = l.bin_id
      and s.lot_number is not distinct from l.lot_number and s.serial_number is not distinct from l.serial_number
      and s.status = l.stock_status;
    update public.inventory_audit_lines l set open = false where l.audit_id = a.id;
    update public.inventory_audits x set status = 'completed', completed_at = now(),
      completed_by = (select p.id from public.profiles p where p.id = auth.uid() and p.tenant_id = a.tenant_id)
    where x.id = a.id returning * into a;

  else
    update public.inventory_audit_lines l set open = false where l.audit_id = a.id;
    update public.inventory_audits x set status = 'cancelled', cancelled_at = now() where x.id = a.id returning * into a;
  end if;
  perform private.append_inventory_audit_event(a, origin, note);
  return a;
end;
$$;
revoke all on function public.transition_inventory_audit(uuid, text, text, jsonb) from public, anon;
grant execute on function public.transition_inventory_audit(uuid, text, text, jsonb) to authenticated, service_role;

-- Save one counted line (counting again in the same round overwrites it). Answers the line as the
-- count sheet shows it: never the expected quantity.
create or replace function public.save_inventory_audit_count(line_id uuid, counted_quantity integer) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  l public.inventory_audit_lines;
  a public.inventory_audits;
begin
  select x.* into l from public.inventory_audit_lines x
  where x.id = save_inventory_audit_count.line_id and x.tenant_id = private.current_tenant_id();
  if l.id is null then
    perform private.raise_problems(jsonb_build_array(private.problem('audits.line_not_found', null, 'Audit line not found')),
      'PT404', 'Audit line not found');
  end if;
  a := private.lock_inventory_audit(l.audit_id);
  perform private.check_inventory_audit_move(a, 'count');
  if save_inventory_audit_count.counted_quantity is null then
    perform private.raise_problem('audits.count_required', 'counted_quantity', 'Counted quantity is required');
  end if;
  if save_inventory_audit_count.counted_quantity not between 0 and 1000000 then
    perform private.raise_problem('audits.count_invalid', 'counted_quantity', 'Counted quantity must be a whole number, 0 or more');
  end if;
  if l.serial_number is not null and save_inventory_audit_count.counted_quantity > 1 then
    perform private.raise_problem('audits.serial_count_one', 'counted_quantity', 'A serial number is one unit: count 0 or 1');
  end if;
  update public.inventory_audit_lines x set counted_quantity = save_inventory_audit_count.counted_quantity,
    counted_at = now(), counted_by = (select p.id from public.profiles p where p.id = auth.uid() and p.tenant_id = l.tenant_id)
  where x.id = l.id returning * into l;
  return jsonb_build_object('id', l.id, 'position', l.position, 'item_id', l.item_id, 'bin_id', l.bin_id,
    'lot_number', l.lot_number, 'serial_number', l.serial_number, 'counted_quantity', l.counted_quantity,
    'recount_round', l.recount_round, 'counted_at', l.counted_at);
end;
$$;
revoke all on function public.save_inventory_audit_count(uuid, integer) from public, anon;
grant execute on function public.save_inventory_audit_count(uuid, integer) to authenticated, service_role;

-- A new counting round for the counted lines whose variance is above `threshold` units (either way),
-- and for the lines whose stock moved while open: each is snapshotted again (locked) and counted
-- afresh. `line_ids` narrows it to those lines. Answers how many lines go round again.
create or replace function public.request_inventory_audit_recount(audit_id uuid, threshold integer default 0, line_ids uuid[] default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  a public.inventory_audits;
  n integer;
begin
  a := private.lock_inventory_audit(request_inventory_audit_recount.audit_id);
  perform private.check_inventory_audit_move(a, 'recount');
  if threshold is null or threshold < 0 then
    perform private.raise_problem('audits.threshold_invalid', 'threshold', 'The threshold must be a whole number, 0 or more');
  end if;
  -- The balances of the lines going round again, locked in the ledger's order before the snapshot.
  perform 1 from public.inventory_stock s
  where (s.item_id, s.bin_id) in (
    select l.item_id, l.bin_id from public.inventory_audit_lines l
    where l.audit_id = a.id and (line_ids is null or l.id = any (line_ids))
      and (l.moved_while_open or abs(l.variance) > threshold))
  order by s.id for update;
  update public.inventory_audit_lines l set
    expected_quantity = coalesce((select s.quantity from public.inventory_stock s
      where s.item_id = l.item_id and s.bin_id = l.bin_id and s.lot_number is not distinct from l.lot_number
        and s.serial_number is not distinct from l.serial_number and s.status = l.stock_status), 0),
    counted_quantity = null, counted_at = null, counted_by = null, moved_while_open = false,
    recount_round = l.recount_round + 1, snapshot_at = now()
  where l.audit_id = a.id and (line_ids is null or l.id = any (line_ids))
    and (l.moved_while_open or abs(l.variance) > threshold);
  get diagnostics n = row_count;
  if n = 0 then
    perform private.raise_problem('audits.nothing_over_threshold', 'threshold', 'No counted line is over the threshold');
  end if;
  return n;
end;
$$;
revoke all on function public.request_inventory_audit_recount(uuid, integer, uuid[]) from public, anon;
grant execute on function public.request_inventory_audit_recount(uuid, integer, uuid[]) to authenticated, service_role;

-- The audit log is append-only, whoever asks (see 20261124000100): the one removal allowed is the
-- tenant's own, once the tenant row is gone. The refusal keeps its 42501 and message, with a key.
create or replace function private.refuse_audit_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from public.tenants t where t.id = old.tenant_id) then
    return old;
  end if;
  perform private.raise_problems(jsonb_build_array(private.problem('audits.log_append_only', null, 'The audit log is append-only')),
    '42501', 'The audit log is append-only');
  return null;
end;
$$;
revoke all on function private.refuse_audit_change() from public;
