-- Package handoffs: a warehouse's staff member hands a delivery's picked packages to its driver,
-- signed for on the signature pad.
--
-- package_handoffs        warehouse, delivery (assigned to a driver when the handoff is created),
--                         picking_order_id (a completed pick order of that warehouse), the staff
--                         member handing over (an active staff row of that warehouse),
--                         signature_url (the path of the drawn signature in the private
--                         handoff-signatures bucket, `<tenant_id>/<warehouse_id>/<file>`), notes,
--                         status, initiated_at, completed_at.
-- package_handoff_events  the history: every status move, who, when, from, to.
--
-- Status machine (private.status_moves, machine 'package_handoff'); admins, and the staff and
-- dispatchers who may access the warehouse (private.can_access_warehouse) move it:
--   pending     -> in_progress, completed, cancelled
--   in_progress -> pending, completed, cancelled
--   cancelled   -> pending      (reopened)
-- completed is final: the database refuses any change to a completed handoff, even its owner's.
-- Completing one records a `handed_over` event on the delivery's timeline (no status move: the
-- driver's acceptance and pickup stay the driver's) and notifies the delivery's driver and the
-- dispatcher who assigned it.
--
-- Writes go through public.save_package_handoff (create: warehouse, delivery, pick order, staff,
-- signature, notes; update: status, signature, notes), answering {message, package_handoff};
-- API roles read through RLS (whoever may access the warehouse) and write nothing directly. Field
-- rules answer 23514 'Validation failed' with [{field, message}] details named like the form's.

create table public.package_handoffs (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  warehouse_id uuid not null,
  delivery_id uuid not null,
  picking_order_id uuid not null,
  warehouse_staff_id uuid not null references public.warehouse_staff (id),
  signature_url text not null,
  notes text,
  status text not null default 'pending',
  initiated_at timestamptz not null default now(),
  completed_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint package_handoffs_id_tenant_id_key unique (id, tenant_id),
  constraint package_handoffs_warehouse_fkey foreign key (warehouse_id, tenant_id) references public.warehouses (id, tenant_id),
  constraint package_handoffs_delivery_fkey foreign key (delivery_id, tenant_id) references public.deliveries (id, tenant_id),
  constraint package_handoffs_picking_order_fkey foreign key (picking_order_id, tenant_id) references public.pick_orders (id, tenant_id),
  constraint package_handoffs_created_by_fkey foreign key (created_by, tenant_id)
    references public.profiles (id, tenant_id) on delete set null (created_by),
  constraint package_handoffs_status_check check (status in ('pending', 'in_progress', 'completed', 'cancelled')),
  constraint package_handoffs_signature_url_check check (btrim(signature_url) <> '' and length(signature_url) <= 300),
  constraint package_handoffs_notes_check check (length(coalesce(notes, '')) <= 2000),
  constraint package_handoffs_completed_at_check check ((completed_at is not null) = (status = 'completed'))
);
create index package_handoffs_tenant_id_idx on public.package_handoffs (tenant_id, initiated_at desc, id desc);
create index package_handoffs_tenant_id_status_idx on public.package_handoffs (tenant_id, status, initiated_at desc);
create index package_handoffs_warehouse_id_idx on public.package_handoffs (warehouse_id, tenant_id, status);
create index package_handoffs_delivery_id_idx on public.package_handoffs (delivery_id, tenant_id);
create index package_handoffs_picking_order_id_idx on public.package_handoffs (picking_order_id, tenant_id);
create index package_handoffs_warehouse_staff_id_idx on public.package_handoffs (warehouse_staff_id);
create index package_handoffs_created_by_idx on public.package_handoffs (created_by, tenant_id) where created_by is not null;
alter table public.package_handoffs enable row level security;

create trigger set_updated_at before update on public.package_handoffs
  for each row execute function private.set_updated_at();
create trigger audit_row_change after insert or update or delete on public.package_handoffs
  for each row execute function private.audit_row_change();
create trigger package_handoffs_warehouse_broadcast
  after insert or update or delete on public.package_handoffs
  for each row execute function private.broadcast_warehouse_change();

-- A completed handoff is final: no update and no delete, whoever asks.
create or replace function private.package_handoff_final() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status = 'completed' then
    raise exception using errcode = '23514', message = 'Validation failed',
      detail = jsonb_build_array(jsonb_build_object('field', 'status', 'message', 'A completed handoff cannot be changed'))::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
revoke all on function private.package_handoff_final() from public;
create trigger package_handoff_final before update or delete on public.package_handoffs
  for each row execute function private.package_handoff_final();

create table public.package_handoff_events (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  package_handoff_id uuid not null,
  seq bigint generated always as identity,
  from_status text,
  status text not null,
  actor_id uuid,
  actor_name text,
  occurred_at timestamptz not null default now(),
  constraint package_handoff_events_handoff_fkey foreign key (package_handoff_id, tenant_id)
    references public.package_handoffs (id, tenant_id) on delete cascade,
  constraint package_handoff_events_actor_fkey foreign key (actor_id) references public.profiles (id) on delete set null
);
create index package_handoff_events_tenant_id_idx on public.package_handoff_events (tenant_id);
create index package_handoff_events_handoff_id_idx on public.package_handoff_events (package_handoff_id, tenant_id, occurred_at, seq);
create index package_handoff_events_actor_id_idx on public.package_handoff_events (actor_id) where actor_id is not null;
alter table public.package_handoff_events enable row level security;
-- no audit: package_handoff_events (the handoff's history: written once by the database, who, when, from, to)
comment on table public.package_handoff_events is
  'no audit: the handoff''s history, written once by the database (who, when, from, to)';

revoke all on public.package_handoffs, public.package_handoff_events from anon, authenticated;
grant select on public.package_handoffs, public.package_handoff_events to authenticated;

create policy "package_handoffs: whoever may access the warehouse reads" on public.package_handoffs
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and private.can_access_warehouse(warehouse_id));
create policy "package_handoff_events: whoever reads the handoff" on public.package_handoff_events
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and exists (select 1 from public.package_handoffs h where h.id = package_handoff_events.package_handoff_id)
  );

-- The timeline's new event: packages handed over at a warehouse (the delivery keeps its status).
alter table public.delivery_events drop constraint delivery_events_action_check;
alter table public.delivery_events add constraint delivery_events_action_check
  check (action in ('created', 'assigned', 'reassigned', 'unassigned', 'rejected', 'status', 'arrived_pickup', 'arrived_dropoff', 'handed_over'));

-- The machine's arrows: 'handles' holds for admins and for whoever may access the warehouse.
insert into private.status_moves (machine, action, from_status, to_status, panels, condition, refusal, via, position)
select 'package_handoff', m.action, f.from_status, m.to_status, array['admin', 'dispatcher'], 'handles', m.refusal,
  'public.save_package_handoff', m.position
from (values
  ('edit', array['pending', 'in_progress', 'cancelled'], null::text, null::text, 10),
  ('pending', array['in_progress', 'cancelled'], 'pending', 'Only admins and the staff of this warehouse can reopen a handoff', 20),
  ('in_progress', array['pending'], 'in_progress', 'Only admins and the staff of this warehouse can start a handoff', 30),
  ('completed', array['pending', 'in_progress'], 'completed', 'Only admins and the staff of this warehouse can complete a handoff', 40),
  ('cancelled', array['pending', 'in_progress'], 'cancelled', 'Only admins and the staff of this warehouse can cancel a handoff', 50)
) as m (action, froms, to_status, refusal, position)
cross join lateral unnest(m.froms) as f (from_status);

create or replace function private.package_handoff_move_conditions(warehouse uuid) returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select case when private.can_access_warehouse(warehouse) then array['handles'] else '{}'::text[] end;
$$;
revoke all on function private.package_handoff_move_conditions(uuid) from public, anon;
grant execute on function private.package_handoff_move_conditions(uuid) to authenticated, service_role;

-- The private bucket of handoff signatures (PNG drawings), `<tenant_id>/<warehouse_id>/<file>`:
-- written and read by whoever may access the warehouse, in the admin and dispatcher panels.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('handoff-signatures', 'handoff-signatures', false, 2097152, array['image/png'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create or replace function private.may_use_handoff_signature(name text) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  parts text[] := storage.foldername(name);
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or array_length(parts, 1) <> 2 or parts[1] <> tenant::text
    or parts[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or private.current_panel_type() not in ('admin', 'dispatcher') then
    return false;
  end if;
  return exists (select 1 from public.warehouses w where w.id = parts[2]::uuid and w.tenant_id = tenant)
    and private.can_access_warehouse(parts[2]::uuid);
end;
$$;
revoke all on function private.may_use_handoff_signature(text) from public;
grant execute on function private.may_use_handoff_signature(text) to authenticated;

create policy "handoff-signatures bucket: the warehouse's people upload" on storage.objects for insert to authenticated
  with check (bucket_id = 'handoff-signatures' and private.may_use_handoff_signature(name));
create policy "handoff-signatures bucket: the warehouse's people read" on storage.objects for select to authenticated
  using (bucket_id = 'handoff-signatures' and private.may_use_handoff_signature(name));

-- The read shape: the record with warehouse {code, name}, warehouse_staff {user, role}, delivery
-- {delivery_code, barcode} and picking_order {reference_number}, plus the flat columns the list
-- sorts and searches on. Security invoker: the handoffs' policy decides.
create view public.package_handoff_rows
with (security_invoker = true)
as
select h.id, h.tenant_id, h.warehouse_id, h.delivery_id, h.picking_order_id, h.warehouse_staff_id, h.signature_url,
  h.notes, h.status, h.initiated_at, h.completed_at, h.created_at, h.updated_at,
  w.code as warehouse_code, w.name as warehouse_name, p.full_name as staff_name, s.role as staff_role,
  d.delivery_code, o.reference_number,
  jsonb_build_object('code', w.code, 'name', w.name) as warehouse,
  jsonb_build_object('user', jsonb_build_object('id', p.id, 'full_name', p.full_name, 'email', p.email), 'role', s.role) as warehouse_staff,
  jsonb_build_object('delivery_code', d.delivery_code, 'barcode', d.barcode) as delivery,
  jsonb_build_object('reference_number', o.reference_number) as picking_order
from public.package_handoffs h
join public.warehouses w on w.id = h.warehouse_id
join public.warehouse_staff s on s.id = h.warehouse_staff_id
left join public.profiles p on p.id = s.user_id
left join public.deliveries d on d.id = h.delivery_id
left join public.pick_orders o on o.id = h.picking_order_id;
revoke all on public.package_handoff_rows from anon, authenticated;
grant select on public.package_handoff_rows to authenticated;

create or replace function private.append_package_handoff_event(h public.package_handoffs, from_status text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.package_handoff_events (tenant_id, package_handoff_id, from_status, status, actor_id, actor_name)
  values (h.tenant_id, h.id, from_status, h.status, auth.uid(), (select p.full_name from public.profiles p where p.id = auth.uid()));
end;
$$;
revoke all on function private.append_package_handoff_event(public.package_handoffs, text) from public, anon, authenticated;

-- The completion's consequences: the delivery's timeline says where its packages were handed over,
-- and its driver and the dispatcher who assigned it hear of it.
create or replace function private.package_handoff_completed(h public.package_handoffs) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.deliveries;
  place text;
  assigner uuid;
begin
  select x.* into d from public.deliveries x where x.id = h.delivery_id;
  select w.name into place from public.warehouses w where w.id = h.warehouse_id;
  perform private.append_delivery_event(d, 'handed_over', d.status, h.completed_at, 'Packages ready at ' || place);
  select a.assigned_by into assigner from public.assignments a
  where a.delivery_id = d.id and a.status in ('pending', 'accepted') order by a.created_at desc limit 1;
  if d.driver_id is not null then
    perform private.notify(d.driver_id, 'Packages ready at ' || place,
      'The packages of ' || d.delivery_code || ' were handed over at ' || place || '.', d.id);
  end if;
  if assigner is not null and assigner is distinct from d.driver_id then
    perform private.notify(assigner, 'Packages of ' || d.delivery_code || ' handed over',
      'At ' || place || ', ready for its driver.', d.id);
  end if;
end;
$$;
revoke all on function private.package_handoff_completed(public.package_handoffs) from public, anon, authenticated;

-- Create (package_handoff_id null) or update a handoff from the form's values. Create takes
-- warehouse_id, delivery_id, picking_order_id, warehouse_staff_id, signature_url and notes, and
-- starts pending; update takes status (a move of the machine, or the same status), signature_url
-- and notes.
create or replace function public.save_package_handoff(package_handoff_id uuid, handoff jsonb) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
  if tenant is null or panel is null or panel not in ('admin', 'dispatcher') then
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
$$;
revoke all on function public.save_package_handoff(uuid, jsonb) from public, anon;
grant execute on function public.save_package_handoff(uuid, jsonb) to authenticated, service_role;

-- What the caller may do with a handoff now (the edit modal's statuses): security invoker, so a
-- handoff the caller cannot read answers null.
create or replace function public.package_handoff_actions(package_handoff_id uuid) returns text[]
language sql
stable
set search_path = ''
as $$
  select private.machine_actions('package_handoff', h.status, private.current_panel_type(), private.package_handoff_move_conditions(h.warehouse_id))
  from public.package_handoffs h where h.id = package_handoff_actions.package_handoff_id;
$$;
revoke all on function public.package_handoff_actions(uuid) from public, anon;
grant execute on function public.package_handoff_actions(uuid) to authenticated, service_role;

-- The driver's side: for each delivery the caller drives that is not yet picked up or on its way,
-- the warehouse where its packages were handed over (its latest completed handoff). Drivers read no
-- handoff and no warehouse themselves; this is what their task card shows ("Packages ready at ...").
create or replace function public.driver_packages_ready() returns table (delivery_id uuid, warehouse_name text, completed_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select distinct on (h.delivery_id) h.delivery_id, w.name, h.completed_at
  from public.package_handoffs h
  join public.deliveries d on d.id = h.delivery_id
  join public.warehouses w on w.id = h.warehouse_id
  where h.status = 'completed'
    and d.driver_id = auth.uid()
    and d.tenant_id = private.current_tenant_id()
    and d.status in ('assigned', 'accepted', 'picked_up', 'in_transit')
    and private.current_panel_type() = 'driver'
  order by h.delivery_id, h.completed_at desc;
$$;
revoke all on function public.driver_packages_ready() from public, anon;
grant execute on function public.driver_packages_ready() to authenticated, service_role;
