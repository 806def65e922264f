-- Blind inventory audits: people count what is on the shelves without seeing what the ledger says
-- is there; a reviewer compares, asks for recounts, and completing the audit corrects the ledger.
--
-- inventory_audits        warehouse, audit_type spot_check / full_count / cycle_count, status, notes,
--                         scheduled_date, created_by, completed_by, and the scope: which locations
--                         (any level: a zone, aisle or shelf covers its bins) and which items it
--                         covers. A full count covers the whole warehouse; a cycle count needs at
--                         least one location; a spot check at least one location or item.
-- inventory_audit_lines   one per stock balance the scope covers (item, bin, lot, serial, stock
--                         status), written when counting starts: expected_quantity is the balance
--                         then (snapshot_at), counted_quantity what the counter saw, variance the
--                         difference, reason the reviewer's, recount_round from 1, and
--                         moved_while_open: the ledger moved that item in that bin after the snapshot.
-- inventory_audit_events  the history: every status move, who, when, from, to, note.
--
-- Status machine (private.status_moves, machine 'inventory_audit'; only
-- public.transition_inventory_audit changes `status`):
--   scheduled   -> in_progress  'manages' (admins; managers and supervisors of the warehouse): the
--                               covered balances are locked and snapshotted into lines
--   in_progress -> completed    'reviews' (admins; managers of the warehouse): every line counted, no
--                               line moved since its snapshot, a reason on every variance; one
--                               `adjust` entry per variance line through the ledger's writer (as the
--                               caller, reference_type audit), so stock ends equal to what was counted
--   scheduled | in_progress -> cancelled  'manages'
-- completed and cancelled are final. While in progress, 'counts' (admins and the warehouse's active
-- staff other than dispatcher liaisons) save counted lines one at a time, and 'reviews' read the
-- variances and ask for a recount round (the lines over a threshold, and the moved ones, are
-- snapshotted again and counted afresh).
--
-- Counting is blind: no API role may select expected_quantity or variance from the lines (column
-- grants), the count sheet (inventory_audit_count_sheet, security invoker) reads only the granted
-- columns, and only inventory_audit_review, which checks 'reviews', answers them.
--
-- Moves during a count: a trigger on the ledger flags the open lines of the item in either bin of
-- each new entry. Starting and recounting lock the balances they snapshot (FOR UPDATE, in id order
-- like the ledger), so an entry is either in the snapshot or flags the line: none falls between.

create table public.inventory_audits (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  warehouse_id uuid not null,
  audit_type text not null,
  status text not null default 'scheduled',
  scheduled_date date,
  notes text,
  scope_location_ids uuid[] not null default '{}',
  scope_item_ids uuid[] not null default '{}',
  created_by uuid,
  completed_by uuid,
  started_at timestamptz,
  completed_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint inventory_audits_id_tenant_id_key unique (id, tenant_id),
  constraint inventory_audits_warehouse_fkey foreign key (warehouse_id, tenant_id) references public.warehouses (id, tenant_id),
  constraint inventory_audits_created_by_fkey foreign key (created_by, tenant_id)
    references public.profiles (id, tenant_id) on delete set null (created_by),
  constraint inventory_audits_completed_by_fkey foreign key (completed_by, tenant_id)
    references public.profiles (id, tenant_id) on delete set null (completed_by),
  constraint inventory_audits_audit_type_check check (audit_type in ('spot_check', 'full_count', 'cycle_count')),
  constraint inventory_audits_status_check check (status in ('scheduled', 'in_progress', 'completed', 'cancelled')),
  constraint inventory_audits_notes_check check (length(coalesce(notes, '')) <= 2000),
  constraint inventory_audits_scope_check check (cardinality(scope_location_ids) <= 500 and cardinality(scope_item_ids) <= 500),
  constraint inventory_audits_progress_check check (
    (started_at is not null or status in ('scheduled', 'cancelled'))
    and ((completed_at is not null) = (status = 'completed'))
    and ((cancelled_at is not null) = (status = 'cancelled'))
  )
);
create index inventory_audits_tenant_id_idx on public.inventory_audits (tenant_id, created_at desc, id desc);
create index inventory_audits_tenant_id_status_idx on public.inventory_audits (tenant_id, status, scheduled_date);
create index inventory_audits_tenant_id_type_idx on public.inventory_audits (tenant_id, audit_type);
create index inventory_audits_tenant_id_scheduled_idx on public.inventory_audits (tenant_id, scheduled_date);
create index inventory_audits_warehouse_id_idx on public.inventory_audits (warehouse_id, tenant_id, status);
create index inventory_audits_created_by_idx on public.inventory_audits (created_by, tenant_id) where created_by is not null;
create index inventory_audits_completed_by_idx on public.inventory_audits (completed_by, tenant_id) where completed_by is not null;
alter table public.inventory_audits enable row level security;

create trigger set_updated_at before update on public.inventory_audits
  for each row execute function private.set_updated_at();

create table public.inventory_audit_lines (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  audit_id uuid not null,
  warehouse_id uuid not null,
  position integer not null,
  item_id uuid not null,
  bin_id uuid not null,
  lot_number text,
  serial_number text,
  stock_status text not null default 'available',
  expected_quantity integer not null,
  counted_quantity integer,
  variance integer generated always as (counted_quantity - expected_quantity) stored,
  reason text,
  recount_round integer not null default 1,
  snapshot_at timestamptz not null default now(),
  counted_at timestamptz,
  counted_by uuid,
  moved_while_open boolean not null default false,
  -- True while the audit is in progress: the ledger's trigger flags only open lines.
  open boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint inventory_audit_lines_audit_fkey foreign key (audit_id, tenant_id)
    references public.inventory_audits (id, tenant_id) on delete cascade,
  constraint inventory_audit_lines_item_fkey foreign key (item_id, tenant_id) references public.inventory_items (id, tenant_id),
  constraint inventory_audit_lines_bin_fkey foreign key (bin_id, warehouse_id) references public.warehouse_locations (id, warehouse_id),
  constraint inventory_audit_lines_counted_by_fkey foreign key (counted_by, tenant_id)
    references public.profiles (id, tenant_id) on delete set null (counted_by),
  constraint inventory_audit_lines_position_key unique (audit_id, position),
  constraint inventory_audit_lines_expected_check check (expected_quantity >= 0),
  constraint inventory_audit_lines_counted_check check (counted_quantity is null or counted_quantity between 0 and 1000000),
  constraint inventory_audit_lines_serial_check check (serial_number is null or coalesce(counted_quantity, 0) <= 1),
  constraint inventory_audit_lines_stock_status_check check (stock_status in ('available', 'damaged', 'expired')),
  constraint inventory_audit_lines_reason_check check (length(coalesce(reason, '')) <= 500),
  constraint inventory_audit_lines_round_check check (recount_round >= 1),
  constraint inventory_audit_lines_counted_at_check check ((counted_quantity is null) = (counted_at is null))
);
create index inventory_audit_lines_tenant_id_idx on public.inventory_audit_lines (tenant_id, audit_id);
create index inventory_audit_lines_item_id_idx on public.inventory_audit_lines (item_id, tenant_id);
create index inventory_audit_lines_bin_id_idx on public.inventory_audit_lines (bin_id, warehouse_id);
create index inventory_audit_lines_counted_by_idx on public.inventory_audit_lines (counted_by, tenant_id) where counted_by is not null;
-- What the ledger's trigger looks up on every entry: the open lines of an item in a bin.
create index inventory_audit_lines_open_idx on public.inventory_audit_lines (item_id, bin_id) where open;
alter table public.inventory_audit_lines enable row level security;

create trigger set_updated_at before update on public.inventory_audit_lines
  for each row execute function private.set_updated_at();

create table public.inventory_audit_events (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  audit_id uuid not null,
  seq bigint generated always as identity,
  from_status text,
  status text not null,
  note text,
  actor_id uuid,
  actor_name text,
  occurred_at timestamptz not null default now(),
  constraint inventory_audit_events_audit_fkey foreign key (audit_id, tenant_id)
    references public.inventory_audits (id, tenant_id) on delete cascade,
  constraint inventory_audit_events_actor_fkey foreign key (actor_id) references public.profiles (id) on delete set null,
  constraint inventory_audit_events_note_check check (length(coalesce(note, '')) <= 1000)
);
create index inventory_audit_events_tenant_id_idx on public.inventory_audit_events (tenant_id);
create index inventory_audit_events_audit_id_idx on public.inventory_audit_events (audit_id, tenant_id, occurred_at, seq);
create index inventory_audit_events_actor_id_idx on public.inventory_audit_events (actor_id) where actor_id is not null;
alter table public.inventory_audit_events enable row level security;
-- no audit: inventory_audit_events (the audit's history: written once by the database, who, when, from, to)
comment on table public.inventory_audit_events is
  'no audit: the audit''s history, written once by the database (who, when, from, to)';

create trigger audit_row_change after insert or update or delete on public.inventory_audits
  for each row execute function private.audit_row_change();
create trigger audit_row_change after insert or update or delete on public.inventory_audit_lines
  for each row execute function private.audit_row_change();

-- Reads only (the functions below are the one way in), and never the expected quantities.
revoke all on public.inventory_audits, public.inventory_audit_lines, public.inventory_audit_events from anon, authenticated;
grant select on public.inventory_audits, public.inventory_audit_events to authenticated;
grant select (id, tenant_id, audit_id, warehouse_id, position, item_id, bin_id, lot_number, serial_number, stock_status,
  counted_quantity, reason, recount_round, counted_at, counted_by, created_at, updated_at)
  on public.inventory_audit_lines to authenticated;

create policy "inventory_audits: whoever may access the warehouse reads" on public.inventory_audits
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and private.can_access_warehouse(warehouse_id));
create policy "inventory_audit_lines: whoever may access the warehouse reads" on public.inventory_audit_lines
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and private.can_access_warehouse(warehouse_id));
create policy "inventory_audit_events: whoever reads the audit" on public.inventory_audit_events
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and exists (select 1 from public.inventory_audits a where a.id = inventory_audit_events.audit_id)
  );

insert into private.status_moves (machine, action, from_status, to_status, panels, condition, refusal, via, position)
values
  ('inventory_audit', 'in_progress', 'scheduled', 'in_progress', array['admin', 'dispatcher'], 'manages',
    'Only admins, supervisors and managers of this warehouse can start an audit', 'public.transition_inventory_audit', 10),
  ('inventory_audit', 'count', 'in_progress', null, array['admin', 'dispatcher'], 'counts',
    'Only admins and the staff of this warehouse can count', 'public.save_inventory_audit_count', 20),
  ('inventory_audit', 'review', 'in_progress', null, array['admin', 'dispatcher'], 'reviews',
    'Only admins and managers of this warehouse can review an audit''s variances', 'public.inventory_audit_review', 30),
  ('inventory_audit', 'review', 'completed', null, array['admin', 'dispatcher'], 'reviews',
    'Only admins and managers of this warehouse can review an audit''s variances', 'public.inventory_audit_review', 30),
  ('inventory_audit', 'recount', 'in_progress', null, array['admin', 'dispatcher'], 'reviews',
    'Only admins and managers of this warehouse can ask for a recount', 'public.request_inventory_audit_recount', 40),
  ('inventory_audit', 'completed', 'in_progress', 'completed', array['admin', 'dispatcher'], 'reviews',
    'Only admins and managers of this warehouse can complete an audit', 'public.transition_inventory_audit', 50),
  ('inventory_audit', 'cancelled', 'scheduled', 'cancelled', array['admin', 'dispatcher'], 'manages',
    'Only admins, supervisors and managers of this warehouse can cancel an audit', 'public.transition_inventory_audit', 60),
  ('inventory_audit', 'cancelled', 'in_progress', 'cancelled', array['admin', 'dispatcher'], 'manages',
    'Only admins, supervisors and managers of this warehouse can cancel an audit', 'public.transition_inventory_audit', 60);

-- The audit machine's conditions that hold for the caller in a warehouse: 'manages' (may adjust
-- stock there: admins, managers, supervisors), 'reviews' (admins and managers), 'counts' (admins and
-- the active staff the access mode lets in, except dispatcher liaisons).
create or replace function private.inventory_audit_move_conditions(warehouse uuid) returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  tenant uuid;
  staff_role text;
begin
  select w.tenant_id into tenant from public.warehouses w where w.id = warehouse;
  if tenant is null or not private.is_tenant_member(tenant) or not private.can_access_warehouse(warehouse) then
    return '{}';
  end if;
  if private.is_tenant_admin(tenant) then
    return array['manages', 'reviews', 'counts'];
  end if;
  select s.role into staff_role from public.warehouse_staff s
  where s.warehouse_id = warehouse and s.user_id = auth.uid() and s.active;
  return array_remove(array[
    case when private.may_record_inventory(warehouse, 'adjust') then 'manages' end,
    case when staff_role = 'manager' then 'reviews' end,
    case when staff_role is not null and staff_role <> 'dispatcher_liaison' then 'counts' end
  ], null);
end;
$$;
revoke all on function private.inventory_audit_move_conditions(uuid) from public, anon;
grant execute on function private.inventory_audit_move_conditions(uuid) to authenticated, service_role;

create or replace function private.append_inventory_audit_event(a public.inventory_audits, from_status text, note text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.inventory_audit_events (tenant_id, audit_id, from_status, status, note, actor_id, actor_name)
  values (a.tenant_id, a.id, from_status, a.status, nullif(btrim(note), ''),
    auth.uid(), (select p.full_name from public.profiles p where p.id = auth.uid()));
end;
$$;
revoke all on function private.append_inventory_audit_event(public.inventory_audits, text, text) from public, anon, authenticated;

-- An audit the caller may read, locked, or PT404.
create or replace function private.lock_inventory_audit(audit uuid) returns public.inventory_audits
language plpgsql
security definer
set search_path = ''
as $$
declare
  a public.inventory_audits;
begin
  select x.* into a from public.inventory_audits x
  where x.id = audit and x.tenant_id = private.current_tenant_id() and private.can_access_warehouse(x.warehouse_id)
  for update;
  if a.id is null then
    perform private.not_found('Audit not found');
  end if;
  return a;
end;
$$;
revoke all on function private.lock_inventory_audit(uuid) from public, anon, authenticated;

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
    perform private.validation_error('status', case action
      when 'count' then format('Only an audit in progress can be counted; this one is %s', replace(a.status, '_', ' '))
      when 'recount' then format('Only an audit in progress can be recounted; this one is %s', replace(a.status, '_', ' '))
      when 'review' then 'An audit''s variances are known once counting has started'
      else format('An audit that is %s cannot become %s', replace(a.status, '_', ' '), replace(action, '_', ' ')) end);
  end if;
  refusal := private.move_refusal('inventory_audit', action, a.status, private.current_panel_type(),
    private.inventory_audit_move_conditions(a.warehouse_id));
  if refusal is not null then
    raise exception using errcode = '42501', message = refusal;
  end if;
end;
$$;
revoke all on function private.check_inventory_audit_move(public.inventory_audits, text) from public, anon, authenticated;

-- The stock balances an audit covers (quantity above 0), in the warehouse's bins its scope names.
create or replace function private.inventory_audit_balances(a public.inventory_audits) returns setof public.inventory_stock
language sql
stable
security definer
set search_path = ''
as $$
  with recursive covered (id) as (
    select l.id from public.warehouse_locations l
    where l.warehouse_id = a.warehouse_id and (cardinality(a.scope_location_ids) = 0 or l.id = any (a.scope_location_ids))
    union
    select c.id from public.warehouse_locations c join covered p on c.parent_id = p.id
    where cardinality(a.scope_location_ids) > 0
  )
  select s.* from public.inventory_stock s
  where s.warehouse_id = a.warehouse_id and s.quantity > 0
    and s.bin_id in (select id from covered)
    and (cardinality(a.scope_item_ids) = 0 or s.item_id = any (a.scope_item_ids));
$$;
revoke all on function private.inventory_audit_balances(public.inventory_audits) from public, anon, authenticated;

-- Plan an audit: {warehouse_id, audit_type, scheduled_date, notes, scope: {location_ids, item_ids}}.
-- Answers {message, audit}.
create or replace function public.create_inventory_audit("values" jsonb) returns jsonb
language plpgsql
volatile
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
  if tenant is null or private.current_panel_type() not in ('admin', 'dispatcher') then
    raise exception using errcode = '42501', message = 'Sign in to plan audits';
  end if;
  if v is null or jsonb_typeof(v) <> 'object' then
    raise exception using errcode = '22023', message = 'The audit values must be a JSON object';
  end if;

  if nullif(v ->> 'warehouse_id', '') is null then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse is required');
  elsif (v ->> 'warehouse_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or not exists (select 1 from public.warehouses w where w.id = (v ->> 'warehouse_id')::uuid and w.tenant_id = tenant)
    or not private.can_access_warehouse((v ->> 'warehouse_id')::uuid) then
    problems := problems || jsonb_build_object('field', 'warehouse_id', 'message', 'Warehouse not found');
  else
    warehouse := (v ->> 'warehouse_id')::uuid;
  end if;
  if kind is null then
    problems := problems || jsonb_build_object('field', 'audit_type', 'message', 'Audit type is required');
  elsif kind not in ('spot_check', 'full_count', 'cycle_count') then
    problems := problems || jsonb_build_object('field', 'audit_type', 'message', 'Audit type must be spot check, full count or cycle count');
  end if;
  if nullif(v ->> 'scheduled_date', '') is not null then
    begin
      scheduled := (v ->> 'scheduled_date')::date;
      if scheduled < current_date then
        problems := problems || jsonb_build_object('field', 'scheduled_date', 'message', 'Scheduled date cannot be before today');
      end if;
    exception when others then
      problems := problems || jsonb_build_object('field', 'scheduled_date', 'message', 'Scheduled date must be a date');
    end;
  end if;
  if length(coalesce(note_text, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'notes', 'message', 'Notes must be at most 2000 characters');
  end if;

  -- The scope: ids of the warehouse's locations and of the tenant's items.
  if jsonb_typeof(v -> 'scope') = 'object' then
    if jsonb_typeof(v #> '{scope,location_ids}') = 'array' then
      if exists (select 1 from jsonb_array_elements_text(v #> '{scope,location_ids}') e
        where e !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.warehouse_locations l where l.id = e::uuid and l.warehouse_id = warehouse)) then
        problems := problems || jsonb_build_object('field', 'scope.location_ids', 'message', 'Choose locations of this warehouse');
      else
        select coalesce(array_agg(distinct e::uuid), '{}') into locations from jsonb_array_elements_text(v #> '{scope,location_ids}') e;
      end if;
    end if;
    if jsonb_typeof(v #> '{scope,item_ids}') = 'array' then
      if exists (select 1 from jsonb_array_elements_text(v #> '{scope,item_ids}') e
        where e !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or not exists (select 1 from public.inventory_items i where i.id = e::uuid and i.tenant_id = tenant)) then
        problems := problems || jsonb_build_object('field', 'scope.item_ids', 'message', 'Item not found');
      else
        select coalesce(array_agg(distinct e::uuid), '{}') into items from jsonb_array_elements_text(v #> '{scope,item_ids}') e;
      end if;
    end if;
  end if;
  if cardinality(locations) > 500 or cardinality(items) > 500 then
    problems := problems || jsonb_build_object('field', 'scope', 'message', 'At most 500 locations and 500 items');
  elsif kind = 'full_count' and (cardinality(locations) > 0 or cardinality(items) > 0) then
    problems := problems || jsonb_build_object('field', 'scope', 'message', 'A full count covers the whole warehouse: choose no locations or items');
  elsif kind = 'cycle_count' and cardinality(locations) = 0 then
    problems := problems || jsonb_build_object('field', 'scope.location_ids', 'message', 'Choose at least one location to count');
  elsif kind = 'spot_check' and cardinality(locations) = 0 and cardinality(items) = 0 then
    problems := problems || jsonb_build_object('field', 'scope', 'message', 'Choose at least one location or item to check');
  end if;

  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  if not ('manages' = any (private.inventory_audit_move_conditions(warehouse))) then
    raise exception using errcode = '42501', message = 'Only admins, supervisors and managers of this warehouse can plan an audit';
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

-- Move an audit along its machine (see the header). Completing takes the reviewer's reasons,
-- [{line_id, reason}], kept on the lines. Answers the audit row.
create or replace function public.transition_inventory_audit(audit_id uuid, status text, note text default null, reasons jsonb default null)
returns public.inventory_audits
language plpgsql
volatile
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
    perform private.validation_error('status', 'Status must be in progress, completed or cancelled');
  end if;
  perform private.check_inventory_audit_move(a, target);
  if length(coalesce(note, '')) > 1000 then
    perform private.validation_error('note', 'The note must be at most 1000 characters');
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
      perform private.validation_error('scope', 'Nothing to count: no stock is held where this audit looks');
    end if;
    update public.inventory_audits x set status = 'in_progress', started_at = now() where x.id = a.id returning * into a;

  elsif target = 'completed' then
    if reasons is not null and jsonb_typeof(reasons) <> 'array' then
      perform private.validation_error('reasons', 'Reasons must be a list of {line_id, reason}');
    end if;
    update public.inventory_audit_lines l set reason = nullif(btrim(r.e ->> 'reason'), '')
    from jsonb_array_elements(coalesce(reasons, '[]'::jsonb)) r(e)
    where l.audit_id = a.id and l.id::text = lower(r.e ->> 'line_id') and r.e ? 'reason';
    for line in
      select l.*, b.code as bin_code from public.inventory_audit_lines l join public.warehouse_locations b on b.id = l.bin_id
      where l.audit_id = a.id order by l.position
    loop
      if line.counted_quantity is null then
        problems := problems || jsonb_build_object('field', format('lines.%s.counted_quantity', line.position),
          'message', format('Count this line before completing (%s)', line.bin_code));
      elsif line.moved_while_open then
        problems := problems || jsonb_build_object('field', format('lines.%s.moved_while_open', line.position),
          'message', format('Stock moved in %s while it was counted: recount this line', line.bin_code));
      elsif line.variance <> 0 and line.reason is null then
        problems := problems || jsonb_build_object('field', format('lines.%s.reason', line.position),
          'message', 'A reason is required for each variance');
      end if;
    end loop;
    if jsonb_array_length(problems) > 0 then
      raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
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
volatile
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
    perform private.not_found('Audit line not found');
  end if;
  a := private.lock_inventory_audit(l.audit_id);
  perform private.check_inventory_audit_move(a, 'count');
  if save_inventory_audit_count.counted_quantity is null then
    perform private.validation_error('counted_quantity', 'Counted quantity is required');
  end if;
  if save_inventory_audit_count.counted_quantity not between 0 and 1000000 then
    perform private.validation_error('counted_quantity', 'Counted quantity must be a whole number, 0 or more');
  end if;
  if l.serial_number is not null and save_inventory_audit_count.counted_quantity > 1 then
    perform private.validation_error('counted_quantity', 'A serial number is one unit: count 0 or 1');
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
volatile
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
    perform private.validation_error('threshold', 'The threshold must be a whole number, 0 or more');
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
    perform private.validation_error('threshold', 'No counted line is over the threshold');
  end if;
  return n;
end;
$$;
revoke all on function public.request_inventory_audit_recount(uuid, integer, uuid[]) from public, anon;
grant execute on function public.request_inventory_audit_recount(uuid, integer, uuid[]) to authenticated, service_role;

-- The count screen's read: {audit, warehouse, lines[], actions}. Security invoker, and it reads only
-- the line columns API roles are granted: it cannot answer an expected quantity or a variance.
create or replace function public.inventory_audit_count_sheet(audit_id uuid) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'audit', jsonb_build_object('id', a.id, 'warehouse_id', a.warehouse_id, 'audit_type', a.audit_type, 'status', a.status,
      'scheduled_date', a.scheduled_date, 'notes', a.notes, 'created_at', a.created_at, 'started_at', a.started_at,
      'completed_at', a.completed_at, 'cancelled_at', a.cancelled_at,
      'created_by_name', (select p.full_name from public.profiles p where p.id = a.created_by),
      'completed_by_name', (select p.full_name from public.profiles p where p.id = a.completed_by),
      'scope_location_count', cardinality(a.scope_location_ids), 'scope_item_count', cardinality(a.scope_item_ids)),
    'warehouse', (select jsonb_build_object('id', w.id, 'code', w.code, 'name', w.name) from public.warehouses w where w.id = a.warehouse_id),
    'lines', coalesce((select jsonb_agg(jsonb_build_object('id', l.id, 'position', l.position, 'item_id', l.item_id,
        'item_name', i.name, 'sku', i.sku, 'barcode', i.barcode, 'bin_id', l.bin_id, 'bin_code', b.code,
        'lot_number', l.lot_number, 'serial_number', l.serial_number, 'stock_status', l.stock_status,
        'counted_quantity', l.counted_quantity, 'recount_round', l.recount_round, 'counted_at', l.counted_at)
      order by l.position)
      from public.inventory_audit_lines l
      join public.inventory_items i on i.id = l.item_id
      join public.warehouse_locations b on b.id = l.bin_id
      where l.audit_id = a.id), '[]'::jsonb),
    'actions', to_jsonb(private.machine_actions('inventory_audit', a.status, private.current_panel_type(),
      private.inventory_audit_move_conditions(a.warehouse_id)))
  )
  from public.inventory_audits a
  where a.id = inventory_audit_count_sheet.audit_id and a.tenant_id = private.current_tenant_id();
$$;
revoke all on function public.inventory_audit_count_sheet(uuid) from public, anon;
grant execute on function public.inventory_audit_count_sheet(uuid) to authenticated, service_role;

-- The reviewer's read (admins and managers of the warehouse, once counting has started): every line
-- with its expected quantity, count, variance, reason and whether its stock moved while open.
create or replace function public.inventory_audit_review(audit_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  a public.inventory_audits;
begin
  select x.* into a from public.inventory_audits x
  where x.id = inventory_audit_review.audit_id and x.tenant_id = private.current_tenant_id()
    and private.can_access_warehouse(x.warehouse_id);
  if a.id is null then
    perform private.not_found('Audit not found');
  end if;
  perform private.check_inventory_audit_move(a, 'review');
  return coalesce((select jsonb_agg(jsonb_build_object('id', l.id, 'position', l.position, 'item_id', l.item_id,
      'item_name', i.name, 'sku', i.sku, 'bin_id', l.bin_id, 'bin_code', b.code, 'lot_number', l.lot_number,
      'serial_number', l.serial_number, 'stock_status', l.stock_status, 'expected_quantity', l.expected_quantity,
      'counted_quantity', l.counted_quantity, 'variance', l.variance, 'reason', l.reason, 'recount_round', l.recount_round,
      'moved_while_open', l.moved_while_open, 'counted_by_name', (select p.full_name from public.profiles p where p.id = l.counted_by))
    order by l.position)
    from public.inventory_audit_lines l
    join public.inventory_items i on i.id = l.item_id
    join public.warehouse_locations b on b.id = l.bin_id
    where l.audit_id = a.id), '[]'::jsonb);
end;
$$;
revoke all on function public.inventory_audit_review(uuid) from public, anon;
grant execute on function public.inventory_audit_review(uuid) to authenticated, service_role;

-- What the caller may do with an audit now (the count screen's buttons).
create or replace function public.inventory_audit_actions(audit_id uuid) returns text[]
language sql
stable
set search_path = ''
as $$
  select private.machine_actions('inventory_audit', a.status, private.current_panel_type(),
    private.inventory_audit_move_conditions(a.warehouse_id))
  from public.inventory_audits a where a.id = inventory_audit_actions.audit_id;
$$;
revoke all on function public.inventory_audit_actions(uuid) from public, anon;
grant execute on function public.inventory_audit_actions(uuid) to authenticated, service_role;

-- A ledger entry flags the open lines of its item in either of its bins (not the audit's own
-- adjustments).
create or replace function private.flag_inventory_audit_moves() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.inventory_audit_lines l set moved_while_open = true
  where l.open and not l.moved_while_open and l.item_id = new.item_id
    and l.bin_id in (new.from_bin_id, new.to_bin_id)
    and not (new.reference_type = 'audit' and new.reference_id is not distinct from l.audit_id);
  return null;
end;
$$;
revoke all on function private.flag_inventory_audit_moves() from public, anon, authenticated;

create trigger flag_inventory_audit_moves after insert on public.inventory_transactions
  for each row execute function private.flag_inventory_audit_moves();

-- The list's rows (security invoker: the audits' policy decides): each audit with its warehouse,
-- the names of who created and completed it, and its counting progress.
create view public.inventory_audit_rows
with (security_invoker = true)
as
select a.id, a.tenant_id, a.warehouse_id, a.audit_type, a.status, a.scheduled_date, a.notes, a.created_at, a.updated_at,
  a.created_by, a.completed_by, a.started_at, a.completed_at,
  w.name as warehouse_name, w.code as warehouse_code,
  cb.full_name as created_by_name, xb.full_name as completed_by_name,
  coalesce(t.line_count, 0)::integer as line_count, coalesce(t.counted_count, 0)::integer as counted_count
from public.inventory_audits a
join public.warehouses w on w.id = a.warehouse_id
left join public.profiles cb on cb.id = a.created_by
left join public.profiles xb on xb.id = a.completed_by
left join lateral (
  select count(*) as line_count, count(l.counted_at) as counted_count
  from public.inventory_audit_lines l where l.audit_id = a.id
) t on true;
revoke all on public.inventory_audit_rows from anon, authenticated;
grant select on public.inventory_audit_rows to authenticated;
