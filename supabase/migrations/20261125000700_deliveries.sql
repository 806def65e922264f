-- Deliveries: the unit of work of the delivery network.
--
-- A delivery carries a readable code per tenant (ACME-000123, also the content of its Code 128
-- barcode), an unguessable tracking token for the public tracking page (never the id), the
-- customer, pickup and drop-off (an address-book reference plus a snapshot of the address and its
-- coordinates taken when set, so later edits of the book never move a delivery), time windows,
-- packages, the service, the zones of both points, the price from the quote (or a staff override
-- with its reason), cash on delivery, priority, notes, proof and a timestamp per milestone.
--
-- Who writes what:
--   - admins and dispatchers create deliveries and edit their content while pending or assigned;
--   - nobody writes status, milestones, driver, vehicle, proof, code, token, zones or currency
--     through the API (those columns are not granted): the status machine of
--     20261125000730_delivery_transitions.sql and the assignment functions change them, as the
--     table's owner, appending a delivery_events row in the same transaction.
-- Who reads what: the tenant's admins and dispatchers all; a driver the deliveries they carry or
-- carried (their pending, accepted or completed assignments); a customer their own.
-- Live on `tenant:<tenant_id>:deliveries` for admins and dispatchers.

-- Per-tenant counters for the codes people read (deliveries, later orders and pick orders).
create table private.tenant_counters (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  name text not null,
  value bigint not null default 0,
  primary key (tenant_id, name)
);
revoke all on private.tenant_counters from public, anon, authenticated;

create or replace function private.next_tenant_number(tenant uuid, counter text) returns bigint
language sql
security definer
set search_path = ''
as $$
  insert into private.tenant_counters as c (tenant_id, name, value) values (tenant, counter, 1)
  on conflict (tenant_id, name) do update set value = c.value + 1
  returning c.value;
$$;
revoke all on function private.next_tenant_number(uuid, text) from public, anon, authenticated;

-- The prefix of a tenant's codes: its slug's letters and digits, upper case, at most 8.
create or replace function private.tenant_code_prefix(tenant uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(nullif(left(upper(regexp_replace(t.slug, '[^A-Za-z0-9]', '', 'g')), 8), ''), 'WP')
  from public.tenants t where t.id = tenant;
$$;
revoke all on function private.tenant_code_prefix(uuid) from public, anon, authenticated;

-- 244 random bits (two version-4 UUIDs), hex: far above the 128 the tracking page needs, from the
-- server's cryptographic generator (gen_random_uuid is core Postgres, on PGlite too).
create or replace function private.new_tracking_token() returns text
language sql
volatile
set search_path = ''
as $$
  select replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
$$;
revoke all on function private.new_tracking_token() from public, anon;
-- The column's default runs as the caller; the derivation below replaces an API caller's value anyway.
grant execute on function private.new_tracking_token() to authenticated, service_role;

-- An address snapshot: what a delivery keeps of an address. From the book: the address's fields;
-- entered once: at least full_address. Coordinates live in the delivery's own lat/lng columns.
create or replace function private.address_snapshot(a public.addresses) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'address_id', a.id,
    'title', a.title ->> 'en',
    'full_address', a.full_address,
    'address_line1', a.address_line1,
    'address_line2', a.address_line2,
    'building', a.building,
    'street', a.street,
    'city', a.city,
    'state', a.state,
    'postal_code', a.postal_code,
    'country', a.country,
    'contact_info', nullif(a.contact_info, '{}'::jsonb),
    'delivery_instructions', a.metadata ->> 'delivery_instructions'
  ));
$$;
revoke all on function private.address_snapshot(public.addresses) from public;
grant execute on function private.address_snapshot(public.addresses) to authenticated, service_role;

create table public.deliveries (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  delivery_code text not null,
  barcode text not null,
  tracking_token text not null default private.new_tracking_token(),
  external_reference_id text,
  kind text not null default 'delivery',
  customer_id uuid not null,
  -- The order this delivery ships (commerce, a later issue adds the foreign key).
  order_id uuid,
  pickup_address_id uuid,
  pickup_address jsonb not null default '{}'::jsonb,
  pickup_lat double precision not null,
  pickup_lng double precision not null,
  dropoff_address_id uuid,
  dropoff_address jsonb not null default '{}'::jsonb,
  dropoff_lat double precision not null,
  dropoff_lng double precision not null,
  pickup_window_start timestamptz,
  pickup_window_end timestamptz,
  dropoff_window_start timestamptz,
  dropoff_window_end timestamptz,
  -- [{description, quantity, weight_kg, length_cm, width_cm, height_cm, fragile, temperature_sensitive}]
  packages jsonb not null default '[]'::jsonb,
  package_count integer not null default 0,
  total_weight_kg numeric(10, 2) not null default 0,
  service_id uuid not null,
  pickup_zone_id uuid,
  dropoff_zone_id uuid,
  price numeric(12, 2) not null default 0,
  currency text not null default 'USD',
  quote jsonb,
  price_override_reason text,
  cod_amount numeric(12, 2) not null default 0,
  priority text not null default 'normal',
  notes text not null default '',
  status text not null default 'pending',
  status_reason text,
  -- The driver and vehicle of the active assignment (kept by the assignment functions).
  driver_id uuid,
  vehicle_id uuid,
  -- {signature_url, photo_urls[], recipient_name, notes, lat, lng, captured_at}: the driver app.
  proof jsonb not null default '{}'::jsonb,
  assigned_at timestamptz,
  accepted_at timestamptz,
  picked_up_at timestamptz,
  in_transit_at timestamptz,
  delivered_at timestamptz,
  failed_at timestamptz,
  cancelled_at timestamptz,
  returned_at timestamptz,
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint deliveries_id_tenant_id_key unique (id, tenant_id),
  constraint deliveries_delivery_code_key unique (tenant_id, delivery_code),
  constraint deliveries_tracking_token_key unique (tracking_token),
  constraint deliveries_customer_fkey foreign key (customer_id, tenant_id) references public.profiles (id, tenant_id),
  constraint deliveries_service_fkey foreign key (service_id, tenant_id) references public.delivery_services (id, tenant_id),
  constraint deliveries_pickup_zone_fkey foreign key (pickup_zone_id, tenant_id)
    references public.zones (id, tenant_id) on delete set null (pickup_zone_id),
  constraint deliveries_dropoff_zone_fkey foreign key (dropoff_zone_id, tenant_id)
    references public.zones (id, tenant_id) on delete set null (dropoff_zone_id),
  constraint deliveries_pickup_address_fkey foreign key (pickup_address_id)
    references public.addresses (id) on delete set null,
  constraint deliveries_dropoff_address_fkey foreign key (dropoff_address_id)
    references public.addresses (id) on delete set null,
  constraint deliveries_driver_fkey foreign key (driver_id, tenant_id) references public.drivers (id, tenant_id),
  constraint deliveries_vehicle_fkey foreign key (vehicle_id, tenant_id) references public.vehicles (id, tenant_id),
  constraint deliveries_created_by_fkey foreign key (created_by) references public.profiles (id) on delete set null,
  constraint deliveries_delivery_code_check check (delivery_code ~ '^[A-Z0-9]{1,8}-[0-9]{6,}$'),
  constraint deliveries_barcode_check check (barcode = delivery_code),
  constraint deliveries_tracking_token_check check (tracking_token ~ '^[0-9a-f]{32,128}$'),
  constraint deliveries_external_reference_id_check check (
    external_reference_id is null or (btrim(external_reference_id) <> '' and length(external_reference_id) <= 100)
  ),
  constraint deliveries_kind_check check (kind in ('on_demand', 'pickup', 'delivery', 'pickup_delivery')),
  constraint deliveries_pickup_point_check check (pickup_lat between -90 and 90 and pickup_lng between -180 and 180),
  constraint deliveries_dropoff_point_check check (dropoff_lat between -90 and 90 and dropoff_lng between -180 and 180),
  constraint deliveries_pickup_address_check check (
    jsonb_typeof(pickup_address) = 'object' and jsonb_typeof(pickup_address -> 'full_address') = 'string'
    and btrim(pickup_address ->> 'full_address') <> '' and length(pickup_address::text) <= 4000
  ),
  constraint deliveries_dropoff_address_check check (
    jsonb_typeof(dropoff_address) = 'object' and jsonb_typeof(dropoff_address -> 'full_address') = 'string'
    and btrim(dropoff_address ->> 'full_address') <> '' and length(dropoff_address::text) <= 4000
  ),
  constraint deliveries_pickup_window_check check (
    (pickup_window_start is null) = (pickup_window_end is null) and (pickup_window_start is null or pickup_window_end > pickup_window_start)
  ),
  constraint deliveries_dropoff_window_check check (
    (dropoff_window_start is null) = (dropoff_window_end is null) and (dropoff_window_start is null or dropoff_window_end > dropoff_window_start)
  ),
  constraint deliveries_packages_check check (jsonb_typeof(packages) = 'array' and jsonb_array_length(packages) between 1 and 50),
  constraint deliveries_package_count_check check (package_count >= 1 and package_count <= 10000),
  constraint deliveries_total_weight_kg_check check (total_weight_kg >= 0 and total_weight_kg <= 100000),
  constraint deliveries_price_check check (price >= 0 and price < 10000000),
  constraint deliveries_currency_check check (currency ~ '^[A-Z]{3}$'),
  constraint deliveries_price_override_reason_check check (
    price_override_reason is null or (btrim(price_override_reason) <> '' and length(price_override_reason) <= 500)
  ),
  constraint deliveries_cod_amount_check check (cod_amount >= 0 and cod_amount < 10000000),
  constraint deliveries_priority_check check (priority in ('low', 'normal', 'high', 'urgent')),
  constraint deliveries_notes_check check (length(notes) <= 2000),
  constraint deliveries_status_check check (
    status in ('pending', 'assigned', 'accepted', 'picked_up', 'in_transit', 'delivered', 'failed', 'cancelled', 'returned')
  ),
  constraint deliveries_status_reason_check check (status_reason is null or length(status_reason) <= 500),
  constraint deliveries_driver_check check ((driver_id is null) = (status in ('pending', 'cancelled')) or status in ('failed', 'returned', 'delivered')),
  constraint deliveries_proof_check check (jsonb_typeof(proof) = 'object' and length(proof::text) <= 20000)
);
-- Lists: newest first within a tenant, by status, kind, service, zone, driver and customer; the
-- board's working set (open deliveries); codes and references by prefix.
create index deliveries_tenant_id_created_at_idx on public.deliveries (tenant_id, created_at desc, id desc);
create index deliveries_tenant_id_status_created_at_idx on public.deliveries (tenant_id, status, created_at desc);
create index deliveries_tenant_id_kind_created_at_idx on public.deliveries (tenant_id, kind, created_at desc);
create index deliveries_service_id_idx on public.deliveries (service_id);
create index deliveries_tenant_id_pickup_zone_id_idx on public.deliveries (tenant_id, pickup_zone_id);
create index deliveries_tenant_id_dropoff_zone_id_idx on public.deliveries (tenant_id, dropoff_zone_id);
create index deliveries_driver_id_status_idx on public.deliveries (driver_id, status) where driver_id is not null;
create index deliveries_vehicle_id_idx on public.deliveries (vehicle_id) where vehicle_id is not null;
create index deliveries_customer_id_created_at_idx on public.deliveries (customer_id, created_at desc);
create index deliveries_pickup_address_id_idx on public.deliveries (pickup_address_id) where pickup_address_id is not null;
create index deliveries_dropoff_address_id_idx on public.deliveries (dropoff_address_id) where dropoff_address_id is not null;
create index deliveries_created_by_idx on public.deliveries (created_by) where created_by is not null;
create index deliveries_open_idx on public.deliveries (tenant_id, status)
  where status in ('pending', 'assigned', 'accepted', 'picked_up', 'in_transit');
create index deliveries_tenant_id_external_reference_id_idx on public.deliveries (tenant_id, external_reference_id text_pattern_ops)
  where external_reference_id is not null;
create index deliveries_tenant_id_delivery_code_pattern_idx on public.deliveries (tenant_id, delivery_code text_pattern_ops);
create index deliveries_order_id_idx on public.deliveries (order_id) where order_id is not null;
alter table public.deliveries enable row level security;

create trigger set_updated_at before update on public.deliveries
  for each row execute function private.set_updated_at();

-- The problems of a package list, with the form's field names (packages.<i>.<field>).
create or replace function private.package_problems(packages jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  p jsonb;
  i integer := 0;
  key text;
  numeric_key text;
  flag text;
begin
  if packages is null or jsonb_typeof(packages) <> 'array' or jsonb_array_length(packages) = 0 then
    return jsonb_build_array(jsonb_build_object('field', 'packages', 'message', 'At least one package is required'));
  end if;
  if jsonb_array_length(packages) > 50 then
    return jsonb_build_array(jsonb_build_object('field', 'packages', 'message', 'At most 50 package lines'));
  end if;
  for p in select value from jsonb_array_elements(packages) loop
    if jsonb_typeof(p) <> 'object' then
      problems := problems || jsonb_build_object('field', format('packages.%s', i), 'message', 'A package must be an object');
    else
      for key in select jsonb_object_keys(p) loop
        if key not in ('description', 'quantity', 'weight_kg', 'length_cm', 'width_cm', 'height_cm', 'fragile', 'temperature_sensitive') then
          problems := problems || jsonb_build_object('field', format('packages.%s', i), 'message', format('Unknown package field %s', key));
        end if;
      end loop;
      if p ? 'description' and (jsonb_typeof(p -> 'description') <> 'string' or length(p ->> 'description') > 200) then
        problems := problems || jsonb_build_object('field', format('packages.%s.description', i), 'message', 'Description must be text of at most 200 characters');
      end if;
      if jsonb_typeof(p -> 'quantity') is distinct from 'number' or (p ->> 'quantity')::numeric <> trunc((p ->> 'quantity')::numeric)
        or (p ->> 'quantity')::numeric not between 1 and 1000 then
        problems := problems || jsonb_build_object('field', format('packages.%s.quantity', i), 'message', 'Quantity must be a whole number from 1 to 1000');
      end if;
      if jsonb_typeof(p -> 'weight_kg') is distinct from 'number' or (p ->> 'weight_kg')::numeric <= 0 or (p ->> 'weight_kg')::numeric > 10000 then
        problems := problems || jsonb_build_object('field', format('packages.%s.weight_kg', i), 'message', 'Weight must be more than 0 and at most 10000 kg');
      end if;
      foreach numeric_key in array array['length_cm', 'width_cm', 'height_cm'] loop
        if p ? numeric_key and jsonb_typeof(p -> numeric_key) <> 'null'
          and (jsonb_typeof(p -> numeric_key) <> 'number' or (p ->> numeric_key)::numeric <= 0 or (p ->> numeric_key)::numeric > 2000) then
          problems := problems || jsonb_build_object('field', format('packages.%s.%s', i, numeric_key), 'message', 'Dimensions must be more than 0 and at most 2000 cm');
        end if;
      end loop;
      foreach flag in array array['fragile', 'temperature_sensitive'] loop
        if p ? flag and jsonb_typeof(p -> flag) <> 'boolean' then
          problems := problems || jsonb_build_object('field', format('packages.%s.%s', i, flag), 'message', 'Must be true or false');
        end if;
      end loop;
    end if;
    i := i + 1;
  end loop;
  return problems;
end;
$$;
revoke all on function private.package_problems(jsonb) from public;
grant execute on function private.package_problems(jsonb) to authenticated, service_role;

-- Everything the database derives before a delivery is written, and every rule it holds: `d` is
-- the row about to be written, `o` the row before (null on insert), `api` whether an API role
-- writes it (the status machine's functions write as the table's owner). Runs as the owner (it
-- reads addresses, zones and prices past the caller's RLS), so it checks the tenant of
-- everything it is pointed at itself; private.validate_delivery() calls it.
create or replace function private.derive_delivery(d public.deliveries, o public.deliveries, api boolean)
returns public.deliveries
language plpgsql
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  is_insert boolean := o.id is null;
  customer public.profiles;
  addr public.addresses;
  q jsonb;
  repriced boolean;
  refusal text;
  number bigint;
begin
  -- The customer: a person of this tenant with the customer panel.
  select p.* into customer from public.profiles p where p.id = d.customer_id;
  if d.customer_id is null then
    problems := problems || jsonb_build_object('field', 'customer_id', 'message', 'Customer is required');
  elsif customer.id is null or customer.tenant_id <> d.tenant_id then
    problems := problems || jsonb_build_object('field', 'customer_id', 'message', 'Customer not found');
  elsif customer.panel_type <> 'customer' and (is_insert or d.customer_id is distinct from o.customer_id) then
    problems := problems || jsonb_build_object('field', 'customer_id', 'message', 'The customer must be a person with the customer role');
  end if;

  -- Addresses: from the book (the tenant's own, or the customer's) the snapshot and coordinates
  -- are taken when the reference is set or changed; otherwise the snapshot given is kept.
  if d.pickup_address_id is not null and (is_insert or d.pickup_address_id is distinct from o.pickup_address_id) then
    select a.* into addr from public.addresses a where a.id = d.pickup_address_id;
    if addr.id is null or addr.tenant_id <> d.tenant_id or (addr.user_id is not null and addr.user_id is distinct from d.customer_id) then
      problems := problems || jsonb_build_object('field', 'pickup_address_id', 'message', 'Pickup address not found in the business''s or the customer''s address book');
    elsif addr.latitude is null or addr.longitude is null then
      problems := problems || jsonb_build_object('field', 'pickup_address_id', 'message', 'The pickup address has no position on the map; edit it and place it first');
    else
      d.pickup_address := private.address_snapshot(addr);
      d.pickup_lat := addr.latitude;
      d.pickup_lng := addr.longitude;
    end if;
  end if;
  if d.dropoff_address_id is not null and (is_insert or d.dropoff_address_id is distinct from o.dropoff_address_id) then
    select a.* into addr from public.addresses a where a.id = d.dropoff_address_id;
    if addr.id is null or addr.tenant_id <> d.tenant_id or (addr.user_id is not null and addr.user_id is distinct from d.customer_id) then
      problems := problems || jsonb_build_object('field', 'dropoff_address_id', 'message', 'Drop-off address not found in the business''s or the customer''s address book');
    elsif addr.latitude is null or addr.longitude is null then
      problems := problems || jsonb_build_object('field', 'dropoff_address_id', 'message', 'The drop-off address has no position on the map; edit it and place it first');
    else
      d.dropoff_address := private.address_snapshot(addr);
      d.dropoff_lat := addr.latitude;
      d.dropoff_lng := addr.longitude;
    end if;
  end if;
  if d.pickup_address is null or jsonb_typeof(d.pickup_address) <> 'object'
    or jsonb_typeof(d.pickup_address -> 'full_address') is distinct from 'string' or btrim(d.pickup_address ->> 'full_address') = '' then
    problems := problems || jsonb_build_object('field', 'pickup_address', 'message', 'Pickup address is required');
  elsif length(d.pickup_address::text) > 4000 then
    problems := problems || jsonb_build_object('field', 'pickup_address', 'message', 'Pickup address is too long');
  end if;
  if d.dropoff_address is null or jsonb_typeof(d.dropoff_address) <> 'object'
    or jsonb_typeof(d.dropoff_address -> 'full_address') is distinct from 'string' or btrim(d.dropoff_address ->> 'full_address') = '' then
    problems := problems || jsonb_build_object('field', 'dropoff_address', 'message', 'Drop-off address is required');
  elsif length(d.dropoff_address::text) > 4000 then
    problems := problems || jsonb_build_object('field', 'dropoff_address', 'message', 'Drop-off address is too long');
  end if;
  if d.pickup_lat is null or d.pickup_lng is null or d.pickup_lat not between -90 and 90 or d.pickup_lng not between -180 and 180 then
    problems := problems || jsonb_build_object('field', 'pickup_address', 'message', 'The pickup needs a position on the map');
  end if;
  if d.dropoff_lat is null or d.dropoff_lng is null or d.dropoff_lat not between -90 and 90 or d.dropoff_lng not between -180 and 180 then
    problems := problems || jsonb_build_object('field', 'dropoff_address', 'message', 'The drop-off needs a position on the map');
  end if;

  if d.kind is null or d.kind not in ('on_demand', 'pickup', 'delivery', 'pickup_delivery') then
    problems := problems || jsonb_build_object('field', 'kind', 'message', 'Kind must be on demand, pickup, delivery or pickup and delivery');
  end if;
  if d.external_reference_id is not null and (btrim(d.external_reference_id) = '' or length(d.external_reference_id) > 100) then
    problems := problems || jsonb_build_object('field', 'external_reference_id', 'message', 'External reference must be 1 to 100 characters');
  end if;

  -- Windows: both ends or neither, the end after the start, the drop-off not ending before the pickup starts.
  if (d.pickup_window_start is null) <> (d.pickup_window_end is null) then
    problems := problems || jsonb_build_object('field', 'pickup_window_end', 'message', 'Give both ends of the pickup window, or neither');
  elsif d.pickup_window_end <= d.pickup_window_start then
    problems := problems || jsonb_build_object('field', 'pickup_window_end', 'message', 'The pickup window must end after it starts');
  end if;
  if (d.dropoff_window_start is null) <> (d.dropoff_window_end is null) then
    problems := problems || jsonb_build_object('field', 'dropoff_window_end', 'message', 'Give both ends of the drop-off window, or neither');
  elsif d.dropoff_window_end <= d.dropoff_window_start then
    problems := problems || jsonb_build_object('field', 'dropoff_window_end', 'message', 'The drop-off window must end after it starts');
  elsif d.pickup_window_start is not null and d.dropoff_window_end <= d.pickup_window_start then
    problems := problems || jsonb_build_object('field', 'dropoff_window_end', 'message', 'The drop-off window must end after the pickup window starts');
  end if;

  problems := problems || private.package_problems(d.packages);

  if d.cod_amount is null or d.cod_amount < 0 or d.cod_amount >= 10000000 or d.cod_amount = 'NaN'::numeric then
    problems := problems || jsonb_build_object('field', 'cod_amount', 'message', 'Cash on delivery must be 0 or more');
  end if;
  if d.priority is null or d.priority not in ('low', 'normal', 'high', 'urgent') then
    problems := problems || jsonb_build_object('field', 'priority', 'message', 'Priority must be low, normal, high or urgent');
  end if;
  if length(coalesce(d.notes, '')) > 2000 then
    problems := problems || jsonb_build_object('field', 'notes', 'message', 'Notes must be at most 2000 characters');
  end if;
  d.price_override_reason := nullif(btrim(d.price_override_reason), '');
  if d.price_override_reason is not null then
    if length(d.price_override_reason) > 500 then
      problems := problems || jsonb_build_object('field', 'price_override_reason', 'message', 'The reason must be at most 500 characters');
    end if;
    if d.price is null or d.price < 0 or d.price >= 10000000 or d.price = 'NaN'::numeric then
      problems := problems || jsonb_build_object('field', 'price', 'message', 'Price must be 0 or more');
    end if;
  end if;
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;

  select coalesce(sum((p ->> 'quantity')::integer), 0), coalesce(sum((p ->> 'quantity')::numeric * (p ->> 'weight_kg')::numeric), 0)
    into d.package_count, d.total_weight_kg
  from jsonb_array_elements(d.packages) p;

  -- Zones and price follow the points, the service and the weight; a staff override (with its
  -- reason) replaces the price, and the quote is still kept when the route has one.
  repriced := is_insert
    or d.pickup_lat is distinct from o.pickup_lat or d.pickup_lng is distinct from o.pickup_lng
    or d.dropoff_lat is distinct from o.dropoff_lat or d.dropoff_lng is distinct from o.dropoff_lng
    or d.service_id is distinct from o.service_id or d.total_weight_kg is distinct from o.total_weight_kg
    or d.price_override_reason is distinct from o.price_override_reason
    or (d.price_override_reason is not null and d.price is distinct from o.price)
    or d.pickup_window_start is distinct from o.pickup_window_start;
  if repriced then
    d.pickup_zone_id := (select z.id from private.zones_at(d.tenant_id, d.pickup_lat, d.pickup_lng) z limit 1);
    d.dropoff_zone_id := (select z.id from private.zones_at(d.tenant_id, d.dropoff_lat, d.dropoff_lng) z limit 1);
    if d.price_override_reason is null then
      begin
        q := private.quote_for(d.tenant_id, d.pickup_lat, d.pickup_lng, d.dropoff_lat, d.dropoff_lng,
          d.service_id, d.total_weight_kg, coalesce(d.pickup_window_start, now()));
      exception when check_violation then
        -- The quote's refusal, on the delivery form's fields (the route itself stays `route`).
        get stacked diagnostics refusal = pg_exception_detail;
        raise exception using errcode = '23514', message = 'Validation failed',
          detail = (select jsonb_agg(jsonb_build_object(
            'field', case e ->> 'field' when 'pickup' then 'pickup_address' when 'dropoff' then 'dropoff_address'
              when 'weight_kg' then 'packages' else e ->> 'field' end,
            'message', e ->> 'message')) from jsonb_array_elements(refusal::jsonb) e)::text,
          hint = 'details is a JSON array of {field, message}';
      end;
      d.price := (q ->> 'price')::numeric;
      d.currency := q ->> 'currency';
      d.quote := q;
    else
      if not exists (select 1 from public.delivery_services s where s.id = d.service_id and s.tenant_id = d.tenant_id) then
        raise exception using errcode = '23514', message = 'Validation failed',
          detail = jsonb_build_array(jsonb_build_object('field', 'service_id', 'message', 'Service not found'))::text,
          hint = 'details is a JSON array of {field, message}';
      end if;
      begin
        d.quote := private.quote_for(d.tenant_id, d.pickup_lat, d.pickup_lng, d.dropoff_lat, d.dropoff_lng,
          d.service_id, d.total_weight_kg, coalesce(d.pickup_window_start, now()));
      exception when check_violation then
        d.quote := null;
      end;
      d.currency := private.tenant_currency(d.tenant_id);
    end if;
  end if;

  if is_insert then
    if api then
      d.status := 'pending';
      d.created_by := auth.uid();
    end if;
    if d.delivery_code is null or api then
      number := private.next_tenant_number(d.tenant_id, 'deliveries');
      d.delivery_code := private.tenant_code_prefix(d.tenant_id) || '-' || lpad(number::text, 6, '0');
    end if;
    d.barcode := d.delivery_code;
    if api or d.tracking_token is null then
      d.tracking_token := private.new_tracking_token();
    end if;
  else
    d.delivery_code := o.delivery_code;
    d.barcode := o.barcode;
    d.tracking_token := o.tracking_token;
  end if;
  return d;
end;
$$;
revoke all on function private.derive_delivery(public.deliveries, public.deliveries, boolean) from public, anon;
grant execute on function private.derive_delivery(public.deliveries, public.deliveries, boolean) to authenticated, service_role;

-- The trigger: as the caller, so that it knows whether an API role writes (current_user) and
-- leaves a caller who may not write the tenant to RLS (42501, saying nothing of the tenant).
create or replace function private.validate_delivery() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api boolean := current_user in ('anon', 'authenticated');
begin
  if api and not (private.is_tenant_member(new.tenant_id) and private.current_panel_type() in ('admin', 'dispatcher')) then
    return new;
  end if;
  if tg_op = 'UPDATE' then
    if new.tenant_id is distinct from old.tenant_id then
      raise exception using errcode = '23514', message = 'A delivery cannot move to another business';
    end if;
    if api and old.status not in ('pending', 'assigned') then
      raise exception using errcode = '23514', message = 'Validation failed',
        detail = jsonb_build_array(jsonb_build_object('field', 'status', 'message',
          format('A delivery can be edited only while pending or assigned; this one is %s', replace(old.status, '_', ' '))))::text,
        hint = 'details is a JSON array of {field, message}';
    end if;
    new := private.derive_delivery(new, old, api);
  else
    new := private.derive_delivery(new, null, api);
  end if;
  return new;
end;
$$;
revoke all on function private.validate_delivery() from public;

create trigger validate_delivery before insert or update on public.deliveries
  for each row execute function private.validate_delivery();

create trigger audit_row_change after insert or update or delete on public.deliveries
  for each row execute function private.audit_row_change();

create trigger deliveries_broadcast
  after insert or update or delete on public.deliveries
  for each row execute function private.broadcast_tenant_change();
insert into private.tenant_topic_panels (entity, panel_types) values ('deliveries', array['admin', 'dispatcher']);

revoke all on public.deliveries from anon, authenticated;
grant select on public.deliveries to authenticated;
grant insert (tenant_id, external_reference_id, kind, customer_id, pickup_address_id, pickup_address, pickup_lat, pickup_lng,
  dropoff_address_id, dropoff_address, dropoff_lat, dropoff_lng, pickup_window_start, pickup_window_end,
  dropoff_window_start, dropoff_window_end, packages, service_id, price, price_override_reason, cod_amount, priority, notes)
  on public.deliveries to authenticated;
grant update (external_reference_id, kind, customer_id, pickup_address_id, pickup_address, pickup_lat, pickup_lng,
  dropoff_address_id, dropoff_address, dropoff_lat, dropoff_lng, pickup_window_start, pickup_window_end,
  dropoff_window_start, dropoff_window_end, packages, service_id, price, price_override_reason, cod_amount, priority, notes)
  on public.deliveries to authenticated;

create policy "deliveries: admins and dispatchers read the tenant's" on public.deliveries
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'));
create policy "deliveries: customers read their own" on public.deliveries
  for select to authenticated
  using (customer_id = (select auth.uid()) and tenant_id = (select private.current_tenant_id()));
-- Drivers: the delivery they carry now, and those they carried (policy of 20261125000720).
create policy "deliveries: admins and dispatchers add" on public.deliveries for insert to authenticated
  with check (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'));
create policy "deliveries: admins and dispatchers update" on public.deliveries for update to authenticated
  using (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'))
  with check (tenant_id = (select private.current_tenant_id()) and (select private.current_panel_type()) in ('admin', 'dispatcher'));
-- No delete: a delivery is cancelled (with a reason), never erased; its history stays.
