-- Return requests: a customer sends
-- back some or all of the packages of a delivered delivery, for a reason, with photos and the
-- refund the business grants.
--
-- Status machine (only public.transition_return_request changes `status`; the API cannot write it):
--
--   requested        -> approved          admins, dispatchers (with schedule_pickup: also creates the
--                                          pickup delivery and moves on to pickup_scheduled)
--   requested        -> rejected          admins, dispatchers, with a note (the reason)
--   approved         -> pickup_scheduled  admins, dispatchers: creates the return's pickup delivery
--   pickup_scheduled -> picked_up         admins, dispatchers
--   picked_up        -> received          admins, dispatchers: records received_at / received_by
--   received         -> closed            admins, dispatchers, saying whether the refund was paid
-- rejected and closed are final. Every change (and the request itself) appends a
-- return_request_events row in the same transaction: who, when, from, to, note.
--
-- Receiving records the receipt only: the inventory ledger (return transactions for items that map
-- to inventory items) comes with the inventory issue, which will write it here, on `received`.
--
-- The request names its delivery: `delivery_id` is required for now. `order_id` (no foreign key
-- yet) is kept for returns of orders, which the commerce issue adds together with its order lines.
--
-- Who: admins and dispatchers of the tenant read and manage every request; a customer creates a
-- request for their own delivered delivery and reads their own; drivers see nothing. Field rules
-- answer 23514 'Validation failed' with [{field, message}] details named by the columns
-- (items.<i>.quantity, ...). Live on `tenant:<id>:return_requests` for admins and dispatchers.

-- A readable per-tenant code (ACME-R00012): the deliveries' counter and prefix, for the triggers of
-- tables that API callers insert into (the counter itself is not theirs to call).
create or replace function private.next_tenant_code(tenant uuid, counter text, marker text) returns text
language sql
security definer
set search_path = ''
as $$
  select private.tenant_code_prefix(tenant) || '-' || marker || lpad(private.next_tenant_number(tenant, counter)::text, 5, '0');
$$;
revoke all on function private.next_tenant_code(uuid, text, text) from public, anon;
grant execute on function private.next_tenant_code(uuid, text, text) to authenticated, service_role;

create table public.return_requests (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  return_code text not null,
  delivery_id uuid not null,
  -- The order returned (commerce, a later issue adds the foreign key and order-line items).
  order_id uuid,
  customer_id uuid not null,
  reason text not null,
  reason_text text,
  -- [{package_index, description, quantity}]: packages of the delivery, quantities up to theirs.
  items jsonb not null default '[]'::jsonb,
  -- Tenant file references (private.is_tenant_file_ref).
  photos jsonb not null default '[]'::jsonb,
  refund_amount numeric(12, 2) not null default 0,
  currency text not null default 'USD',
  notes text not null default '',
  status text not null default 'requested',
  refunded boolean,
  pickup_delivery_id uuid,
  warehouse_id uuid,
  received_at timestamptz,
  received_by uuid,
  closed_at timestamptz,
  requested_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint return_requests_id_tenant_id_key unique (id, tenant_id),
  constraint return_requests_return_code_key unique (tenant_id, return_code),
  constraint return_requests_delivery_fkey foreign key (delivery_id, tenant_id) references public.deliveries (id, tenant_id),
  constraint return_requests_customer_fkey foreign key (customer_id, tenant_id) references public.profiles (id, tenant_id),
  constraint return_requests_pickup_delivery_fkey foreign key (pickup_delivery_id, tenant_id) references public.deliveries (id, tenant_id),
  constraint return_requests_warehouse_fkey foreign key (warehouse_id, tenant_id) references public.warehouses (id, tenant_id),
  constraint return_requests_received_by_fkey foreign key (received_by) references public.profiles (id) on delete set null,
  constraint return_requests_requested_by_fkey foreign key (requested_by) references public.profiles (id) on delete set null,
  constraint return_requests_reason_check check (reason in ('damaged', 'wrong_item', 'not_as_described', 'no_longer_needed', 'other')),
  constraint return_requests_reason_text_check check (
    (reason <> 'other' or (reason_text is not null and btrim(reason_text) <> '')) and length(coalesce(reason_text, '')) <= 1000
  ),
  constraint return_requests_items_check check (jsonb_typeof(items) = 'array' and jsonb_array_length(items) between 1 and 50),
  constraint return_requests_photos_check check (jsonb_typeof(photos) = 'array' and jsonb_array_length(photos) <= 10),
  constraint return_requests_refund_amount_check check (refund_amount >= 0 and refund_amount < 10000000),
  constraint return_requests_currency_check check (currency ~ '^[A-Z]{3}$'),
  constraint return_requests_notes_check check (length(notes) <= 2000),
  constraint return_requests_status_check check (
    status in ('requested', 'approved', 'rejected', 'pickup_scheduled', 'picked_up', 'received', 'closed')
  ),
  constraint return_requests_refunded_check check ((status = 'closed') = (refunded is not null)),
  constraint return_requests_pickup_check check (
    pickup_delivery_id is not null or status not in ('pickup_scheduled', 'picked_up')
  ),
  constraint return_requests_received_check check ((received_at is not null) = (status in ('received', 'closed')))
);
create index return_requests_tenant_id_created_at_idx on public.return_requests (tenant_id, created_at desc, id);
create index return_requests_tenant_id_status_idx on public.return_requests (tenant_id, status, created_at desc);
create index return_requests_tenant_id_reason_idx on public.return_requests (tenant_id, reason, created_at desc);
create index return_requests_delivery_id_idx on public.return_requests (delivery_id);
create index return_requests_customer_id_idx on public.return_requests (customer_id, created_at desc);
create index return_requests_pickup_delivery_id_idx on public.return_requests (pickup_delivery_id) where pickup_delivery_id is not null;
create index return_requests_warehouse_id_idx on public.return_requests (warehouse_id) where warehouse_id is not null;
create index return_requests_received_by_idx on public.return_requests (received_by) where received_by is not null;
create index return_requests_requested_by_idx on public.return_requests (requested_by) where requested_by is not null;
create index return_requests_order_id_idx on public.return_requests (order_id) where order_id is not null;
create index return_requests_tenant_id_return_code_idx on public.return_requests (tenant_id, return_code text_pattern_ops);
-- One open request per delivery: a second one would count the same packages twice.
create unique index return_requests_one_open_per_delivery on public.return_requests (delivery_id)
  where status not in ('rejected', 'closed');
alter table public.return_requests enable row level security;

create trigger set_updated_at before update on public.return_requests
  for each row execute function private.set_updated_at();

create table public.return_request_events (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  return_request_id uuid not null,
  seq bigint generated always as identity,
  from_status text,
  status text not null,
  note text,
  refunded boolean,
  pickup_delivery_id uuid,
  actor_id uuid,
  actor_name text,
  occurred_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint return_request_events_request_fkey foreign key (return_request_id, tenant_id)
    references public.return_requests (id, tenant_id) on delete cascade,
  constraint return_request_events_actor_fkey foreign key (actor_id) references public.profiles (id) on delete set null,
  constraint return_request_events_note_check check (length(coalesce(note, '')) <= 1000)
);
create index return_request_events_tenant_id_idx on public.return_request_events (tenant_id);
create index return_request_events_return_request_id_idx on public.return_request_events (return_request_id, occurred_at, seq);
create index return_request_events_actor_id_idx on public.return_request_events (actor_id) where actor_id is not null;
alter table public.return_request_events enable row level security;

-- The problems of a request as the form's fields, [] when there are none. Security definer for the
-- look-ups (the delivery and its packages, past the caller's RLS): it checks the tenant itself, and
-- the trigger asks it only for callers who may write the tenant's requests.
create or replace function private.return_request_problems(r public.return_requests, o public.return_requests) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  d public.deliveries;
  item jsonb;
  pkg jsonb;
  i integer := 0;
  idx integer;
  seen integer[] := '{}';
  key text;
  limit_amount numeric;
  photo jsonb;
begin
  if r.delivery_id is not null then
    select x.* into d from public.deliveries x where x.id = r.delivery_id and x.tenant_id = r.tenant_id;
  end if;
  if r.delivery_id is null then
    problems := problems || jsonb_build_object('field', 'delivery_id', 'message',
      case when r.order_id is not null then 'Choose the delivery to return: returns of orders are not available yet' else 'Delivery is required' end);
  elsif d.id is null
    or (current_user in ('anon', 'authenticated') and private.current_panel_type() = 'customer' and d.customer_id is distinct from auth.uid()) then
    problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'Delivery not found');
  elsif o.id is null and d.status <> 'delivered' then
    problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'Only a delivered delivery can be returned');
  elsif r.status not in ('rejected', 'closed') and exists (
    select 1 from public.return_requests x
    where x.delivery_id = r.delivery_id and x.id <> r.id and x.status not in ('rejected', 'closed')
  ) then
    problems := problems || jsonb_build_object('field', 'delivery_id', 'message', 'This delivery already has an open return request');
  end if;

  if d.id is not null and r.customer_id is distinct from d.customer_id then
    problems := problems || jsonb_build_object('field', 'customer_id', 'message', 'The customer must be the delivery''s customer');
  end if;

  if r.reason is null or btrim(r.reason) = '' then
    problems := problems || jsonb_build_object('field', 'reason', 'message', 'Reason is required');
  elsif r.reason not in ('damaged', 'wrong_item', 'not_as_described', 'no_longer_needed', 'other') then
    problems := problems || jsonb_build_object('field', 'reason', 'message',
      'Reason must be damaged, wrong item, not as described, no longer needed or other');
  end if;
  if r.reason = 'other' and (r.reason_text is null or btrim(r.reason_text) = '') then
    problems := problems || jsonb_build_object('field', 'reason_text', 'message', 'Describe the reason for the return');
  elsif length(coalesce(r.reason_text, '')) > 1000 then
    problems := problems || jsonb_build_object('field', 'reason_text', 'message', 'The reason must be at most 1000 characters');
  end if;

  if r.items is null or jsonb_typeof(r.items) <> 'array' or jsonb_array_length(r.items) = 0 then
    problems := problems || jsonb_build_object('field', 'items', 'message', 'Choose at least one item to return');
  elsif jsonb_array_length(r.items) > 50 then
    problems := problems || jsonb_build_object('field', 'items', 'message', 'At most 50 items');
  else
    for item in select value from jsonb_array_elements(r.items) loop
      if jsonb_typeof(item) <> 'object' then
        problems := problems || jsonb_build_object('field', format('items.%s', i), 'message', 'An item must be an object');
      else
        for key in select jsonb_object_keys(item) loop
          if key not in ('package_index', 'description', 'quantity') then
            problems := problems || jsonb_build_object('field', format('items.%s', i), 'message', format('Unknown item field %s', key));
          end if;
        end loop;
        idx := null;
        pkg := null;
        if jsonb_typeof(item -> 'package_index') is distinct from 'number'
          or (item ->> 'package_index')::numeric <> trunc((item ->> 'package_index')::numeric)
          or (item ->> 'package_index')::numeric < 0
          or (d.id is not null and (item ->> 'package_index')::numeric >= jsonb_array_length(d.packages)) then
          problems := problems || jsonb_build_object('field', format('items.%s.package_index', i), 'message', 'Choose a package of the delivery');
        else
          idx := (item ->> 'package_index')::integer;
          if idx = any (seen) then
            problems := problems || jsonb_build_object('field', format('items.%s.package_index', i), 'message', 'Each package can be listed once');
          end if;
          seen := seen || idx;
          if d.id is not null then
            pkg := d.packages -> idx;
          end if;
        end if;
        if jsonb_typeof(item -> 'quantity') is distinct from 'number'
          or (item ->> 'quantity')::numeric <> trunc((item ->> 'quantity')::numeric)
          or (item ->> 'quantity')::numeric < 1 then
          problems := problems || jsonb_build_object('field', format('items.%s.quantity', i), 'message', 'Quantity must be a whole number of at least 1');
        elsif pkg is not null and (item ->> 'quantity')::numeric > coalesce((pkg ->> 'quantity')::numeric, 1) then
          problems := problems || jsonb_build_object('field', format('items.%s.quantity', i), 'message',
            format('Quantity cannot be more than the %s delivered', coalesce((pkg ->> 'quantity')::numeric, 1)));
        end if;
        if item ? 'description' and jsonb_typeof(item -> 'description') <> 'null'
          and (jsonb_typeof(item -> 'description') <> 'string' or length(item ->> 'description') > 200) then
          problems := problems || jsonb_build_object('field', format('items.%s.description', i), 'message', 'Description must be text of at most 200 characters');
        end if;
      end if;
      i := i + 1;
    end loop;
  end if;

  if r.photos is null or jsonb_typeof(r.photos) <> 'array' then
    problems := problems || jsonb_build_object('field', 'photos', 'message', 'Photos must be a list of uploaded files');
  elsif jsonb_array_length(r.photos) > 10 then
    problems := problems || jsonb_build_object('field', 'photos', 'message', 'At most 10 photos');
  else
    for photo in select value from jsonb_array_elements(r.photos) loop
      if jsonb_typeof(photo) <> 'string' or not private.is_tenant_file_ref(photo #>> '{}', r.tenant_id) then
        problems := problems || jsonb_build_object('field', 'photos', 'message', 'Photos must be files uploaded to this business''s storage');
        exit;
      end if;
    end loop;
  end if;

  if r.refund_amount is null or r.refund_amount < 0 or r.refund_amount = 'NaN'::numeric then
    problems := problems || jsonb_build_object('field', 'refund_amount', 'message', 'Refund amount must be 0 or more');
  elsif d.id is not null then
    limit_amount := d.price + d.cod_amount;
    if r.refund_amount > limit_amount then
      problems := problems || jsonb_build_object('field', 'refund_amount', 'message',
        format('Refund amount cannot be more than the delivery''s price and cash on delivery (%s %s)', to_char(limit_amount, 'FM9999999990.00'), d.currency));
    end if;
  end if;

  if length(coalesce(r.notes, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'notes', 'message', 'Notes must be at most 2000 characters');
  end if;
  return problems;
end;
$$;
revoke all on function private.return_request_problems(public.return_requests, public.return_requests) from public;
grant execute on function private.return_request_problems(public.return_requests, public.return_requests) to authenticated, service_role;

-- As the caller: an API caller who may not write the tenant's requests is left to RLS (42501).
-- API writes start as `requested` and cannot touch the machine's columns; the customer defaults
-- to the delivery's; the code and currency come from the database.
create or replace function private.validate_return_request() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api boolean := current_user in ('anon', 'authenticated');
  panel text := private.current_panel_type();
  problems jsonb;
  d public.deliveries;
begin
  if api and not (private.is_tenant_member(new.tenant_id) and panel in ('admin', 'dispatcher', 'customer')) then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.customer_id is null and new.delivery_id is not null then
      select x.customer_id into new.customer_id from public.deliveries x where x.id = new.delivery_id and x.tenant_id = new.tenant_id;
      if new.customer_id is null and api and panel = 'customer' then
        new.customer_id := auth.uid();
      end if;
    end if;
    if api then
      new.status := 'requested';
      new.refunded := null;
      new.pickup_delivery_id := null;
      new.warehouse_id := null;
      new.received_at := null;
      new.received_by := null;
      new.closed_at := null;
      new.requested_by := auth.uid();
      new.created_at := now();
    end if;
    if new.return_code is null or api then
      new.return_code := private.next_tenant_code(new.tenant_id, 'return_requests', 'R');
    end if;
    problems := private.return_request_problems(new, null);
  else
    if new.tenant_id is distinct from old.tenant_id then
      raise exception using errcode = '23514', message = 'A return request cannot move to another business';
    end if;
    if api and old.status <> 'requested' then
      raise exception using errcode = '23514', message = 'Validation failed',
        detail = jsonb_build_array(jsonb_build_object('field', 'status', 'message',
          format('A return request can be edited only while requested; this one is %s', replace(old.status, '_', ' '))))::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
    new.return_code := old.return_code;
    problems := private.return_request_problems(new, old);
  end if;
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  select x.* into d from public.deliveries x where x.id = new.delivery_id;
  new.currency := coalesce(d.currency, new.currency);
  -- Descriptions of the items default to their package's.
  new.items := (
    select coalesce(jsonb_agg(jsonb_build_object(
      'package_index', (e ->> 'package_index')::integer,
      'description', coalesce(nullif(btrim(e ->> 'description'), ''), d.packages -> ((e ->> 'package_index')::integer) ->> 'description',
        format('Package %s', (e ->> 'package_index')::integer + 1)),
      'quantity', (e ->> 'quantity')::integer) order by n), '[]'::jsonb)
    from jsonb_array_elements(new.items) with ordinality as t(e, n)
  );
  new.reason_text := nullif(btrim(new.reason_text), '');
  return new;
end;
$$;
revoke all on function private.validate_return_request() from public;

create trigger validate_return_request before insert or update on public.return_requests
  for each row execute function private.validate_return_request();

create trigger audit_row_change after insert or update or delete on public.return_requests
  for each row execute function private.audit_row_change();
create trigger audit_row_change after insert or update or delete on public.return_request_events
  for each row execute function private.audit_row_change();

create trigger return_requests_broadcast
  after insert or update or delete on public.return_requests
  for each row execute function private.broadcast_tenant_change();
insert into private.tenant_topic_panels (entity, panel_types) values ('return_requests', array['admin', 'dispatcher']);

-- The history: written only by the database (the request's first event, and the machine).
create or replace function private.append_return_request_event(r public.return_requests, from_status text, note text,
  occurred_at timestamptz default null) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.return_request_events (tenant_id, return_request_id, from_status, status, note, refunded, pickup_delivery_id,
    actor_id, actor_name, occurred_at)
  values (r.tenant_id, r.id, from_status, r.status, nullif(btrim(note), ''), r.refunded, r.pickup_delivery_id,
    auth.uid(), (select p.full_name from public.profiles p where p.id = auth.uid()), coalesce(occurred_at, now()));
end;
$$;
revoke all on function private.append_return_request_event(public.return_requests, text, text, timestamptz) from public, anon, authenticated;

create or replace function private.return_request_created_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.append_return_request_event(new, null, null, new.created_at);
  return null;
end;
$$;
revoke all on function private.return_request_created_event() from public;

create trigger return_request_created_event after insert on public.return_requests
  for each row execute function private.return_request_created_event();

revoke all on public.return_requests from anon, authenticated;
grant select on public.return_requests to authenticated;
grant insert (tenant_id, delivery_id, order_id, customer_id, reason, reason_text, items, photos, refund_amount, notes)
  on public.return_requests to authenticated;
grant update (reason, reason_text, items, photos, refund_amount, notes) on public.return_requests to authenticated;
revoke all on public.return_request_events from anon, authenticated;
grant select on public.return_request_events to authenticated;

create policy "return_requests: admins and dispatchers read the tenant's" on public.return_requests
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'));
create policy "return_requests: customers read their own" on public.return_requests
  for select to authenticated
  using (customer_id = (select auth.uid()) and tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) = 'customer');
create policy "return_requests: admins and dispatchers add" on public.return_requests for insert to authenticated
  with check (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'));
create policy "return_requests: customers request their own" on public.return_requests for insert to authenticated
  with check (
    tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) = 'customer'
    and customer_id = (select auth.uid())
  );
create policy "return_requests: admins and dispatchers edit" on public.return_requests for update to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'))
  with check (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'));
-- No delete: a request ends rejected or closed and stays in the history.

create policy "return_request_events: whoever reads the request" on public.return_request_events
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and exists (select 1 from public.return_requests r where r.id = return_request_events.return_request_id)
  );

-- The return's pickup: kind pickup, from where the original was dropped off (its snapshot and
-- coordinates) to the warehouse's address, the returned packages, the original's service. Inserted
-- into deliveries like any other, so the database codes, checks and prices it.
-- The warehouse a return goes to: the one the approver chose, else the tenant's first open one.
create or replace function private.return_warehouse(tenant uuid, warehouse uuid) returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found uuid;
begin
  select x.id into found from public.warehouses x
  where x.tenant_id = tenant and x.status in ('active', 'full') and (warehouse is null or x.id = warehouse)
  order by (x.status = 'active') desc, x.created_at, x.name
  limit 1;
  if found is null then
    perform private.validation_error('warehouse_id',
      case when warehouse is null then 'No warehouse of this business can receive the return' else 'Warehouse not found or not open' end);
  end if;
  return found;
end;
$$;
revoke all on function private.return_warehouse(uuid, uuid) from public, anon, authenticated;

create or replace function private.create_return_pickup(r public.return_requests, warehouse uuid) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.deliveries;
  w public.warehouses;
  pickup uuid;
  refusal text;
begin
  select x.* into d from public.deliveries x where x.id = r.delivery_id;
  select x.* into w from public.warehouses x where x.id = warehouse and x.tenant_id = r.tenant_id;
  begin
    insert into public.deliveries (tenant_id, kind, customer_id, external_reference_id, pickup_address, pickup_lat, pickup_lng,
      dropoff_address_id, packages, service_id, priority, notes)
    values (r.tenant_id, 'pickup', d.customer_id, r.return_code, d.dropoff_address, d.dropoff_lat, d.dropoff_lng,
      w.address_id,
      (select jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
          'description', left(coalesce(e ->> 'description', p ->> 'description', 'Returned package'), 200),
          'quantity', (e ->> 'quantity')::integer,
          'weight_kg', coalesce((p ->> 'weight_kg')::numeric, 1),
          'length_cm', p -> 'length_cm', 'width_cm', p -> 'width_cm', 'height_cm', p -> 'height_cm',
          'fragile', p -> 'fragile', 'temperature_sensitive', p -> 'temperature_sensitive')) order by n)
       from jsonb_array_elements(r.items) with ordinality as t(e, n)
       cross join lateral (select d.packages -> ((e ->> 'package_index')::integer) as p) pk),
      d.service_id, 'normal',
      format('Return %s of %s to %s', r.return_code, d.delivery_code, w.name))
    returning id into pickup;
  exception when check_violation then
    get stacked diagnostics refusal = pg_exception_detail;
    perform private.validation_error('warehouse_id', 'The pickup delivery could not be created: ' || coalesce(
      (select string_agg(e ->> 'message', '; ') from jsonb_array_elements(case when refusal ~ '^\s*\[' then refusal::jsonb else '[]'::jsonb end) e),
      'the route cannot be priced'));
  end;
  return pickup;
end;
$$;
revoke all on function private.create_return_pickup(public.return_requests, uuid) from public, anon, authenticated;

-- The machine. Errors: a request the caller cannot see is 'Return request not found' (P0002); a
-- move with no arrow, or a missing note / refund answer, is 23514 with details; a legal move by a
-- customer is 42501. Nothing changes on an error.
create or replace function public.transition_return_request(
  return_request_id uuid,
  status text,
  note text default null,
  refunded boolean default null,
  schedule_pickup boolean default false,
  warehouse_id uuid default null
) returns public.return_requests
language plpgsql
security definer
set search_path = ''
as $$
declare
  r public.return_requests;
  target text := transition_return_request.status;
  origin text;
  panel text := private.current_panel_type();
  staff boolean;
  chosen uuid;
begin
  select x.* into r from public.return_requests x
  where x.id = transition_return_request.return_request_id
    and x.tenant_id = private.current_tenant_id()
    and (panel in ('admin', 'dispatcher') or (panel = 'customer' and x.customer_id = auth.uid()))
  for update;
  if r.id is null then
    raise exception using errcode = 'P0002', message = 'Return request not found';
  end if;
  staff := panel in ('admin', 'dispatcher');
  origin := r.status;
  if target is null or target not in ('requested', 'approved', 'rejected', 'pickup_scheduled', 'picked_up', 'received', 'closed') then
    perform private.validation_error('status', 'Status must be approved, rejected, pickup scheduled, picked up, received or closed');
  end if;
  if not ((origin = 'requested' and target in ('approved', 'rejected'))
    or (origin = 'approved' and target = 'pickup_scheduled')
    or (origin = 'pickup_scheduled' and target = 'picked_up')
    or (origin = 'picked_up' and target = 'received')
    or (origin = 'received' and target = 'closed')) then
    perform private.validation_error('status', format('A return request cannot go from %s to %s',
      replace(origin, '_', ' '), replace(target, '_', ' ')));
  end if;
  if not staff then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can change the status of a return request';
  end if;
  if length(coalesce(note, '')) > 1000 then
    perform private.validation_error('note', 'The note must be at most 1000 characters');
  end if;
  if target = 'rejected' and (note is null or btrim(note) = '') then
    perform private.validation_error('note', 'Give the reason for rejecting the return');
  end if;
  if target = 'closed' and refunded is null then
    perform private.validation_error('refunded', 'Say whether the refund was paid');
  end if;

  if target = 'pickup_scheduled' or (target = 'approved' and schedule_pickup) then
    if target = 'approved' then
      update public.return_requests x set status = 'approved' where x.id = r.id returning * into r;
      perform private.append_return_request_event(r, origin, note);
      origin := 'approved';
    end if;
    chosen := private.return_warehouse(r.tenant_id, transition_return_request.warehouse_id);
    update public.return_requests x
    set pickup_delivery_id = private.create_return_pickup(r, chosen),
        warehouse_id = chosen,
        status = 'pickup_scheduled'
    where x.id = r.id
    returning * into r;
    perform private.append_return_request_event(r, origin, case when target = 'pickup_scheduled' then note end);
  else
    update public.return_requests x
    set status = target,
        refunded = case when target = 'closed' then transition_return_request.refunded else x.refunded end,
        closed_at = case when target = 'closed' then now() else x.closed_at end,
        received_at = case when target = 'received' then now() else x.received_at end,
        received_by = case when target = 'received' then auth.uid() else x.received_by end
    where x.id = r.id
    returning * into r;
    perform private.append_return_request_event(r, origin, note);
  end if;
  return r;
end;
$$;
revoke all on function public.transition_return_request(uuid, text, text, boolean, boolean, uuid) from public, anon;
grant execute on function public.transition_return_request(uuid, text, text, boolean, boolean, uuid) to authenticated, service_role;

-- What the caller may do with a request now: the statuses it may move to (the edit screen's buttons).
create or replace function public.return_request_actions(return_request_id uuid) returns text[]
language sql
stable
set search_path = ''
as $$
  select case
    when (select private.current_panel_type()) not in ('admin', 'dispatcher') then '{}'::text[]
    else case r.status
      when 'requested' then array['edit', 'approved', 'rejected']
      when 'approved' then array['pickup_scheduled']
      when 'pickup_scheduled' then array['picked_up']
      when 'picked_up' then array['received']
      when 'received' then array['closed']
      else '{}'::text[] end
  end
  from public.return_requests r where r.id = return_request_actions.return_request_id;
$$;
revoke all on function public.return_request_actions(uuid) from public, anon;
grant execute on function public.return_request_actions(uuid) to authenticated, service_role;

-- The list and edit screens' rows: the request with its delivery's code, its customer's name and
-- email, the pickup's code and status. security_invoker: the caller's RLS decides on every table.
create view public.return_request_rows with (security_invoker = true) as
  select r.id, r.tenant_id, r.return_code, r.delivery_id, d.delivery_code, d.status as delivery_status, d.price as delivery_price,
    d.cod_amount as delivery_cod_amount, d.packages as delivery_packages, d.delivered_at, d.dropoff_address ->> 'full_address' as dropoff_full_address,
    r.order_id, r.customer_id, c.full_name as customer_name, c.email as customer_email,
    r.reason, r.reason_text, r.items, r.photos, r.refund_amount, r.currency, r.notes, r.status, r.refunded,
    r.pickup_delivery_id, p.delivery_code as pickup_delivery_code, p.status as pickup_delivery_status,
    r.warehouse_id, w.name as warehouse_name, r.received_at, r.received_by, r.closed_at, r.requested_by,
    r.created_at, r.updated_at
  from public.return_requests r
  left join public.deliveries d on d.id = r.delivery_id
  left join public.profiles c on c.id = r.customer_id
  left join public.deliveries p on p.id = r.pickup_delivery_id
  left join public.warehouses w on w.id = r.warehouse_id;
revoke all on public.return_request_rows from anon, authenticated;
grant select on public.return_request_rows to authenticated;
