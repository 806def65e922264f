-- The deliveries' and addresses' refusals carry stable keys beside their English (supabase/README.md,
-- "Refusals and their keys"), so the delivery form, the dispatch board's moves, the delivery page's
-- move dialogs, the driver app and the address book show them in the user's language (issue 31).
--
-- Keys: `addresses.*` (address_problems, raised by validate_address), `deliveries.*` (package_problems,
-- derive_delivery, validate_delivery, transition_delivery, record_delivery_arrival, unassign_delivery,
-- delivery_instructions, track_delivery, tracking_proof_photos), `proof.*` for the proof given with a
-- move (proof.file_outside_folder as check_delivery_proof says it; proof_problem's words keyed by
-- transition_delivery) and `remit.not_allowed` (unremitted_deliveries, as record_remittance says it).
-- derive_delivery passes the quote's own keys and params (quote.*) through when it re-raises them on
-- the form's fields. Params name the values the English names: bounds as numbers ({max}, {min}), an
-- unknown package {field}, statuses raw ({status}, {from}, {to}) so the app words them.
--
-- Each function is written out whole from its current definition (named above it); only how refusals
-- are built and raised changes: SQLSTATE (23514, PT404, 42501, PT429), MESSAGE, fields, order and English
-- are unchanged, and the grants are re-stated as their defining migrations gave them. The tracking
-- lookups still answer (not raise) an unknown link, its `details` now the keyed problem as text, as
-- PostgREST's details would be.

-- private.address_problems
-- written out whole from: 20261124000200_addresses.sql
CREATE OR REPLACE FUNCTION private.address_problems(a public.addresses)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  problems jsonb := '[]'::jsonb;
  contact jsonb := case when jsonb_typeof(a.contact_info) = 'object' then a.contact_info else '{}'::jsonb end;
  phone_digits text := regexp_replace(coalesce(contact ->> 'phone', ''), '\D', '', 'g');
begin
  if btrim(coalesce(contact ->> 'full_name', '')) = '' then
    problems := problems || private.problem('addresses.full_name_required', 'contact_info.full_name', 'Full name is required');
  end if;
  if coalesce(contact ->> 'email', '') !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    problems := problems || private.problem('addresses.email_invalid', 'contact_info.email', 'Valid email is required');
  end if;
  if btrim(coalesce(contact ->> 'phone', '')) = '' then
    problems := problems || private.problem('addresses.phone_required', 'contact_info.phone', 'Phone number is required');
  elsif length(phone_digits) < 10 then
    problems := problems || private.problem('addresses.phone_too_short', 'contact_info.phone', 'Please enter a valid phone number with at least 10 digits', '{"min": 10}'::jsonb);
  end if;
  if btrim(coalesce(a.address_line1, '')) = '' then
    problems := problems || private.problem('addresses.line1_required', 'address_line1', 'Address line 1 is required');
  end if;
  if btrim(coalesce(a.building, '')) = '' then
    problems := problems || private.problem('addresses.building_required', 'building', 'Building name is required');
  end if;
  if btrim(coalesce(a.street, '')) = '' then
    problems := problems || private.problem('addresses.street_required', 'street', 'Street is required');
  end if;
  if btrim(coalesce(a.city, '')) = '' then
    problems := problems || private.problem('addresses.city_required', 'city', 'City is required');
  end if;
  if btrim(coalesce(a.state, '')) = '' then
    problems := problems || private.problem('addresses.state_required', 'state', 'State is required');
  end if;
  if btrim(coalesce(a.postal_code, '')) = '' then
    problems := problems || private.problem('addresses.postal_code_required', 'postal_code', 'Postal code is required');
  elsif length(a.postal_code) > 6 then
    problems := problems || private.problem('addresses.postal_code_too_long', 'postal_code', 'Postal code must be less than 6 characters', '{"max": 6}'::jsonb);
  end if;
  if btrim(coalesce(a.country, '')) = '' then
    problems := problems || private.problem('addresses.country_required', 'country', 'Country is required');
  end if;
  if (a.latitude is null) <> (a.longitude is null)
     or a.latitude not between -90 and 90 or a.longitude not between -180 and 180 then
    problems := problems || private.problem('addresses.coordinates_invalid', 'latitude', 'Coordinates must be a latitude from -90 to 90 and a longitude from -180 to 180');
  end if;
  return problems;
end;
$function$;
revoke all on function private.address_problems(public.addresses) from public;
grant execute on function private.address_problems(public.addresses) to authenticated, service_role;

-- private.validate_address
-- written out whole from: 20261124000200_addresses.sql
CREATE OR REPLACE FUNCTION private.validate_address()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  problems jsonb;
begin
  problems := private.address_problems(new);
  perform private.raise_problems(problems);
  return new;
end;
$function$;
revoke all on function private.validate_address() from public;

-- private.package_problems
-- written out whole from: 20261125000700_deliveries.sql
CREATE OR REPLACE FUNCTION private.package_problems(packages jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  problems jsonb := '[]'::jsonb;
  p jsonb;
  i integer := 0;
  key text;
  numeric_key text;
  flag text;
begin
  if packages is null or jsonb_typeof(packages) <> 'array' or jsonb_array_length(packages) = 0 then
    return jsonb_build_array(private.problem('deliveries.packages_required', 'packages', 'At least one package is required'));
  end if;
  if jsonb_array_length(packages) > 50 then
    return jsonb_build_array(private.problem('deliveries.too_many_packages', 'packages', 'At most 50 package lines', '{"max": 50}'::jsonb));
  end if;
  for p in select value from jsonb_array_elements(packages) loop
    if jsonb_typeof(p) <> 'object' then
      problems := problems || private.problem('deliveries.package_not_object', format('packages.%s', i), 'A package must be an object');
    else
      for key in select jsonb_object_keys(p) loop
        if key not in ('description', 'quantity', 'weight_kg', 'length_cm', 'width_cm', 'height_cm', 'fragile', 'temperature_sensitive') then
          problems := problems || private.problem('deliveries.package_unknown_field', format('packages.%s', i), format('Unknown package field %s', key), jsonb_build_object('field', key));
        end if;
      end loop;
      if p ? 'description' and (jsonb_typeof(p -> 'description') <> 'string' or length(p ->> 'description') > 200) then
        problems := problems || private.problem('deliveries.package_description_invalid', format('packages.%s.description', i), 'Description must be text of at most 200 characters', '{"max": 200}'::jsonb);
      end if;
      if jsonb_typeof(p -> 'quantity') is distinct from 'number' or (p ->> 'quantity')::numeric <> trunc((p ->> 'quantity')::numeric)
        or (p ->> 'quantity')::numeric not between 1 and 1000 then
        problems := problems || private.problem('deliveries.package_quantity_invalid', format('packages.%s.quantity', i), 'Quantity must be a whole number from 1 to 1000', '{"min": 1, "max": 1000}'::jsonb);
      end if;
      if jsonb_typeof(p -> 'weight_kg') is distinct from 'number' or (p ->> 'weight_kg')::numeric <= 0 or (p ->> 'weight_kg')::numeric > 10000 then
        problems := problems || private.problem('deliveries.package_weight_invalid', format('packages.%s.weight_kg', i), 'Weight must be more than 0 and at most 10000 kg', '{"max": 10000}'::jsonb);
      end if;
      foreach numeric_key in array array['length_cm', 'width_cm', 'height_cm'] loop
        if p ? numeric_key and jsonb_typeof(p -> numeric_key) <> 'null'
          and (jsonb_typeof(p -> numeric_key) <> 'number' or (p ->> numeric_key)::numeric <= 0 or (p ->> numeric_key)::numeric > 2000) then
          problems := problems || private.problem('deliveries.package_dimension_invalid', format('packages.%s.%s', i, numeric_key), 'Dimensions must be more than 0 and at most 2000 cm', '{"max": 2000}'::jsonb);
        end if;
      end loop;
      foreach flag in array array['fragile', 'temperature_sensitive'] loop
        if p ? flag and jsonb_typeof(p -> flag) <> 'boolean' then
          problems := problems || private.problem('deliveries.package_flag_invalid', format('packages.%s.%s', i, flag), 'Must be true or false');
        end if;
      end loop;
    end if;
    i := i + 1;
  end loop;
  return problems;
end;
$function$;
revoke all on function private.package_problems(jsonb) from public;
grant execute on function private.package_problems(jsonb) to authenticated, service_role;

-- private.derive_delivery
-- written out whole from: 20261125000700_deliveries.sql
CREATE OR REPLACE FUNCTION private.derive_delivery(d public.deliveries, o public.deliveries, api boolean)
 RETURNS public.deliveries
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    problems := problems || private.problem('deliveries.customer_required', 'customer_id', 'Customer is required');
  elsif customer.id is null or customer.tenant_id <> d.tenant_id then
    problems := problems || private.problem('deliveries.customer_not_found', 'customer_id', 'Customer not found');
  elsif customer.panel_type <> 'customer' and (is_insert or d.customer_id is distinct from o.customer_id) then
    problems := problems || private.problem('deliveries.customer_not_customer', 'customer_id', 'The customer must be a person with the customer role');
  end if;

  -- Addresses: from the book (the tenant's own, or the customer's) the snapshot and coordinates
  -- are taken when the reference is set or changed; otherwise the snapshot given is kept.
  if d.pickup_address_id is not null and (is_insert or d.pickup_address_id is distinct from o.pickup_address_id) then
    select a.* into addr from public.addresses a where a.id = d.pickup_address_id;
    if addr.id is null or addr.tenant_id <> d.tenant_id or (addr.user_id is not null and addr.user_id is distinct from d.customer_id) then
      problems := problems || private.problem('deliveries.pickup_address_not_found', 'pickup_address_id', 'Pickup address not found in the business''s or the customer''s address book');
    elsif addr.latitude is null or addr.longitude is null then
      problems := problems || private.problem('deliveries.pickup_address_unplaced', 'pickup_address_id', 'The pickup address has no position on the map; edit it and place it first');
    else
      d.pickup_address := private.address_snapshot(addr);
      d.pickup_lat := addr.latitude;
      d.pickup_lng := addr.longitude;
    end if;
  end if;
  if d.dropoff_address_id is not null and (is_insert or d.dropoff_address_id is distinct from o.dropoff_address_id) then
    select a.* into addr from public.addresses a where a.id = d.dropoff_address_id;
    if addr.id is null or addr.tenant_id <> d.tenant_id or (addr.user_id is not null and addr.user_id is distinct from d.customer_id) then
      problems := problems || private.problem('deliveries.dropoff_address_not_found', 'dropoff_address_id', 'Drop-off address not found in the business''s or the customer''s address book');
    elsif addr.latitude is null or addr.longitude is null then
      problems := problems || private.problem('deliveries.dropoff_address_unplaced', 'dropoff_address_id', 'The drop-off address has no position on the map; edit it and place it first');
    else
      d.dropoff_address := private.address_snapshot(addr);
      d.dropoff_lat := addr.latitude;
      d.dropoff_lng := addr.longitude;
    end if;
  end if;
  if d.pickup_address is null or jsonb_typeof(d.pickup_address) <> 'object'
    or jsonb_typeof(d.pickup_address -> 'full_address') is distinct from 'string' or btrim(d.pickup_address ->> 'full_address') = '' then
    problems := problems || private.problem('deliveries.pickup_address_required', 'pickup_address', 'Pickup address is required');
  elsif length(d.pickup_address::text) > 4000 then
    problems := problems || private.problem('deliveries.pickup_address_too_long', 'pickup_address', 'Pickup address is too long');
  end if;
  if d.dropoff_address is null or jsonb_typeof(d.dropoff_address) <> 'object'
    or jsonb_typeof(d.dropoff_address -> 'full_address') is distinct from 'string' or btrim(d.dropoff_address ->> 'full_address') = '' then
    problems := problems || private.problem('deliveries.dropoff_address_required', 'dropoff_address', 'Drop-off address is required');
  elsif length(d.dropoff_address::text) > 4000 then
    problems := problems || private.problem('deliveries.dropoff_address_too_long', 'dropoff_address', 'Drop-off address is too long');
  end if;
  if d.pickup_lat is null or d.pickup_lng is null or d.pickup_lat not between -90 and 90 or d.pickup_lng not between -180 and 180 then
    problems := problems || private.problem('deliveries.pickup_position_required', 'pickup_address', 'The pickup needs a position on the map');
  end if;
  if d.dropoff_lat is null or d.dropoff_lng is null or d.dropoff_lat not between -90 and 90 or d.dropoff_lng not between -180 and 180 then
    problems := problems || private.problem('deliveries.dropoff_position_required', 'dropoff_address', 'The drop-off needs a position on the map');
  end if;

  if d.kind is null or d.kind not in ('on_demand', 'pickup', 'delivery', 'pickup_delivery') then
    problems := problems || private.problem('deliveries.kind_invalid', 'kind', 'Kind must be on demand, pickup, delivery or pickup and delivery');
  end if;
  if d.external_reference_id is not null and (btrim(d.external_reference_id) = '' or length(d.external_reference_id) > 100) then
    problems := problems || private.problem('deliveries.external_reference_length', 'external_reference_id', 'External reference must be 1 to 100 characters', '{"min": 1, "max": 100}'::jsonb);
  end if;

  -- Windows: both ends or neither, the end after the start, the drop-off not ending before the pickup starts.
  if (d.pickup_window_start is null) <> (d.pickup_window_end is null) then
    problems := problems || private.problem('deliveries.pickup_window_incomplete', 'pickup_window_end', 'Give both ends of the pickup window, or neither');
  elsif d.pickup_window_end <= d.pickup_window_start then
    problems := problems || private.problem('deliveries.pickup_window_order', 'pickup_window_end', 'The pickup window must end after it starts');
  end if;
  if (d.dropoff_window_start is null) <> (d.dropoff_window_end is null) then
    problems := problems || private.problem('deliveries.dropoff_window_incomplete', 'dropoff_window_end', 'Give both ends of the drop-off window, or neither');
  elsif d.dropoff_window_end <= d.dropoff_window_start then
    problems := problems || private.problem('deliveries.dropoff_window_order', 'dropoff_window_end', 'The drop-off window must end after it starts');
  elsif d.pickup_window_start is not null and d.dropoff_window_end <= d.pickup_window_start then
    problems := problems || private.problem('deliveries.dropoff_window_before_pickup', 'dropoff_window_end', 'The drop-off window must end after the pickup window starts');
  end if;

  problems := problems || private.package_problems(d.packages);

  if d.cod_amount is null or d.cod_amount < 0 or d.cod_amount >= 10000000 or d.cod_amount = 'NaN'::numeric then
    problems := problems || private.problem('deliveries.cod_invalid', 'cod_amount', 'Cash on delivery must be 0 or more');
  end if;
  if d.priority is null or d.priority not in ('low', 'normal', 'high', 'urgent') then
    problems := problems || private.problem('deliveries.priority_invalid', 'priority', 'Priority must be low, normal, high or urgent');
  end if;
  if length(coalesce(d.notes, '')) > 2000 then
    problems := problems || private.problem('deliveries.notes_too_long', 'notes', 'Notes must be at most 2000 characters', '{"max": 2000}'::jsonb);
  end if;
  d.price_override_reason := nullif(btrim(d.price_override_reason), '');
  if d.price_override_reason is not null then
    if length(d.price_override_reason) > 500 then
      problems := problems || private.problem('deliveries.reason_too_long', 'price_override_reason', 'The reason must be at most 500 characters', '{"max": 500}'::jsonb);
    end if;
    if d.price is null or d.price < 0 or d.price >= 10000000 or d.price = 'NaN'::numeric then
      problems := problems || private.problem('deliveries.price_invalid', 'price', 'Price must be 0 or more');
    end if;
  end if;
  perform private.raise_problems(problems);

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
        -- The quote's keys and params (quote.*) pass through with its English.
        perform private.raise_problems((select jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
            'field', case e ->> 'field' when 'pickup' then 'pickup_address' when 'dropoff' then 'dropoff_address'
              when 'weight_kg' then 'packages' else e ->> 'field' end,
            'key', e -> 'key', 'message', e ->> 'message', 'params', e -> 'params'))) from jsonb_array_elements(refusal::jsonb) e));
      end;
      d.price := (q ->> 'price')::numeric;
      d.currency := q ->> 'currency';
      d.quote := q;
    else
      if not exists (select 1 from public.delivery_services s where s.id = d.service_id and s.tenant_id = d.tenant_id) then
        perform private.raise_problem('deliveries.service_not_found', 'service_id', 'Service not found');
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
$function$;
revoke all on function private.derive_delivery(public.deliveries, public.deliveries, boolean) from public, anon;
grant execute on function private.derive_delivery(public.deliveries, public.deliveries, boolean) to authenticated, service_role;

-- private.validate_delivery
-- written out whole from: 20261125000700_deliveries.sql, 20261203002100_staff_panel_rules.sql
CREATE OR REPLACE FUNCTION private.validate_delivery()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  api boolean := current_user in ('anon', 'authenticated');
begin
  if api and not (private.is_tenant_member(new.tenant_id) and private.is_staff()) then
    return new;
  end if;
  if tg_op = 'UPDATE' then
    if new.tenant_id is distinct from old.tenant_id then
      perform private.raise_problems(jsonb_build_array(private.problem('deliveries.business_change', 'tenant_id',
        'A delivery cannot move to another business')), '23514', 'A delivery cannot move to another business');
    end if;
    if api and old.status not in ('pending', 'assigned') then
      perform private.raise_problem('deliveries.not_editable', 'status',
        format('A delivery can be edited only while pending or assigned; this one is %s', replace(old.status, '_', ' ')),
        jsonb_build_object('status', old.status));
    end if;
    new := private.derive_delivery(new, old, api);
  else
    new := private.derive_delivery(new, null, api);
  end if;
  return new;
end;
$function$;
revoke all on function private.validate_delivery() from public;

-- public.transition_delivery
-- written out whole from: 20261125000730_delivery_transitions.sql, 20261125001080_delivery_arrivals_failure_proof.sql, 20261201000500_status_moves.sql, 20261203000100_transition_delivery_warehouse_not_found.sql
CREATE OR REPLACE FUNCTION public.transition_delivery(delivery_id uuid, status text, reason text DEFAULT NULL::text, note text DEFAULT NULL::text, lat double precision DEFAULT NULL::double precision, lng double precision DEFAULT NULL::double precision, proof jsonb DEFAULT NULL::jsonb, occurred_at timestamp with time zone DEFAULT NULL::timestamp with time zone, idempotency_key text DEFAULT NULL::text)
 RETURNS public.deliveries
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d public.deliveries;
  a public.assignments;
  me uuid := auth.uid();
  panel text;
  target text := transition_delivery.status;
  origin text;
  at timestamptz := coalesce(transition_delivery.occurred_at, now());
  why text := nullif(btrim(transition_delivery.reason), '');
  refusal text;
  ev public.delivery_events;
begin
  select x.* into d from public.deliveries x where x.id = transition_delivery.delivery_id for update;
  panel := private.current_panel_type();
  if d.id is null or not private.is_tenant_member(d.tenant_id)
    -- Warehouse-only people read no deliveries (their select policy): for them none exists.
    or panel = 'warehouse'
    or (panel = 'customer' and d.customer_id is distinct from me)
    or (panel = 'driver' and d.driver_id is distinct from me
      and not exists (select 1 from public.assignments x where x.delivery_id = d.id and x.driver_id = me and x.status in ('accepted', 'completed')))
  then
    perform private.raise_problems(jsonb_build_array(private.problem('deliveries.not_found', null, 'Delivery not found')),
      'PT404', 'Delivery not found');
  end if;

  if transition_delivery.idempotency_key is not null then
    if transition_delivery.idempotency_key !~ '^[A-Za-z0-9_.:-]{8,100}$' then
      perform private.raise_problem('deliveries.idempotency_key_invalid', 'idempotency_key', 'The idempotency key must be 8 to 100 letters, digits or _.:-');
    end if;
    if exists (select 1 from public.delivery_events e where e.delivery_id = d.id and e.idempotency_key = transition_delivery.idempotency_key) then
      return d;
    end if;
  end if;

  if target is null or target not in ('pending', 'assigned', 'accepted', 'picked_up', 'in_transit', 'delivered', 'failed', 'cancelled', 'returned') then
    perform private.raise_problem('deliveries.status_invalid', 'status', 'Status must be one of pending, accepted, picked_up, in_transit, delivered, failed, cancelled or returned');
  end if;
  if target = 'assigned' then
    perform private.raise_problem('deliveries.assigned_by_assignment', 'status', 'A delivery is assigned by creating an assignment for it');
  end if;
  if (lat is null) <> (lng is null) or lat not between -90 and 90 or lng not between -180 and 180 then
    perform private.raise_problem('deliveries.position_invalid', 'position', 'A position needs a latitude from -90 to 90 and a longitude from -180 to 180');
  end if;
  if at > now() + interval '2 minutes' then
    perform private.raise_problem('deliveries.occurred_in_future', 'occurred_at', 'The time of an event cannot be in the future');
  end if;
  if at < d.created_at - interval '1 minute' then
    perform private.raise_problem('deliveries.occurred_before_created', 'occurred_at', 'The time of an event cannot be before the delivery was created');
  end if;
  if length(coalesce(note, '')) > 1000 then
    perform private.raise_problem('deliveries.note_too_long', 'note', 'The note must be at most 1000 characters', '{"max": 1000}'::jsonb);
  end if;
  if length(coalesce(why, '')) > 500 then
    perform private.raise_problem('deliveries.reason_too_long', 'reason', 'The reason must be at most 500 characters', '{"max": 500}'::jsonb);
  end if;

  select x.* into a from public.assignments x where x.delivery_id = d.id and x.status in ('pending', 'accepted') for update;
  origin := d.status;

  -- The arrows and who takes them: private.status_moves (machine 'delivery').
  if not private.move_exists('delivery', target, origin) then
    perform private.raise_problem('deliveries.move_invalid', 'status', format('A delivery that is %s cannot become %s',
      private.delivery_status_label(origin), private.delivery_status_label(target)), jsonb_build_object('from', origin, 'to', target));
  end if;
  refusal := private.move_refusal('delivery', target, origin, panel, private.delivery_move_conditions(d.id));
  if refusal is not null then
    -- The move's refusal (private.status_moves), keyed by the move asked for.
    perform private.raise_problems(jsonb_build_array(private.problem(case
        when target in ('accepted', 'picked_up', 'in_transit', 'delivered') then 'deliveries.only_assigned_driver'
        when target in ('failed', 'pending') then 'deliveries.only_staff_reopen'
        when target = 'cancelled' then 'deliveries.only_staff_cancel'
        when target = 'returned' then 'deliveries.only_staff_return'
        else 'deliveries.move_not_allowed' end,
      null, refusal, case when target in ('accepted', 'picked_up', 'in_transit', 'delivered') then jsonb_build_object('status', target) end)),
      '42501', refusal);
  end if;
  if target in ('failed', 'cancelled') and why is null then
    perform private.raise_problem('deliveries.reason_required', 'reason', 'A reason is required');
  end if;
  if transition_delivery.proof is not null then
    if target not in ('delivered', 'failed') then
      perform private.raise_problem('deliveries.proof_not_allowed', 'proof', 'Proof is given only when delivering or failing');
    end if;
    if private.proof_problem(transition_delivery.proof) is not null then
      perform private.raise_problem(case private.proof_problem(transition_delivery.proof)
          when 'Proof must be an object' then 'proof.not_object'
          when 'Proof can hold signature_url, photo_urls, recipient_name and notes' then 'proof.unknown_field'
          when 'signature_url must be a file reference' then 'proof.signature_invalid'
          when 'photo_urls must be at most 10 file references' then 'proof.photos_invalid'
          when 'recipient_name must be text of at most 200 characters' then 'proof.recipient_name_invalid'
          else 'proof.notes_invalid' end,
        'proof', private.proof_problem(transition_delivery.proof),
        case private.proof_problem(transition_delivery.proof)
          when 'photo_urls must be at most 10 file references' then '{"max": 10}'::jsonb
          when 'recipient_name must be text of at most 200 characters' then '{"max": 200}'::jsonb
          when 'notes must be text of at most 1000 characters' then '{"max": 1000}'::jsonb end);
    end if;
    if target = 'failed' then
      if transition_delivery.proof ? 'signature_url' or transition_delivery.proof ? 'recipient_name' then
        perform private.raise_problem('proof.failure_fields', 'proof', 'A failure''s proof holds photos and notes only');
      end if;
      -- check_delivery_proof checks the folder on delivery; a failure's photos are checked here.
      if exists (
        select 1 from jsonb_array_elements(coalesce(transition_delivery.proof -> 'photo_urls', '[]'::jsonb)) u
        where not starts_with(u #>> '{}', d.tenant_id::text || '/' || d.id::text || '/')
          or substr(u #>> '{}', length(d.tenant_id::text || '/' || d.id::text || '/') + 1) !~ '^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$'
      ) then
        perform private.raise_problem('proof.file_outside_folder', 'proof', 'Proof files must be uploaded to this delivery''s folder of the proofs bucket');
      end if;
    end if;
  end if;

  update public.deliveries x set
    status = target,
    status_reason = case when target in ('failed', 'cancelled') then why when target = 'pending' then null else x.status_reason end,
    driver_id = case when target in ('cancelled', 'pending') then null else x.driver_id end,
    vehicle_id = case when target in ('cancelled', 'pending') then null else x.vehicle_id end,
    accepted_at = case when target = 'accepted' then at when target = 'pending' then null else x.accepted_at end,
    picked_up_at = case when target = 'picked_up' then at when target = 'pending' then null else x.picked_up_at end,
    in_transit_at = case when target = 'in_transit' then at when target = 'pending' then null else x.in_transit_at end,
    delivered_at = case when target = 'delivered' then at else x.delivered_at end,
    failed_at = case when target = 'failed' then at when target = 'pending' then null else x.failed_at end,
    cancelled_at = case when target = 'cancelled' then at else x.cancelled_at end,
    returned_at = case when target = 'returned' then at else x.returned_at end,
    assigned_at = case when target = 'pending' then null else x.assigned_at end,
    proof = case
      when target = 'delivered' then
        coalesce(transition_delivery.proof, '{}'::jsonb) || jsonb_strip_nulls(jsonb_build_object('lat', lat, 'lng', lng, 'captured_at', at))
      when target = 'failed' and transition_delivery.proof is not null then
        transition_delivery.proof || jsonb_strip_nulls(jsonb_build_object('lat', lat, 'lng', lng, 'captured_at', at))
      else x.proof end
  where x.id = d.id
  returning * into d;

  if a.id is not null then
    update public.assignments x set
      status = case
        when target = 'accepted' then 'accepted'
        when target in ('delivered', 'failed') then 'completed'
        when target = 'cancelled' then 'cancelled'
        else x.status end,
      responded_at = case when target = 'accepted' then at else x.responded_at end,
      completed_at = case when target in ('delivered', 'failed') then at else x.completed_at end,
      cancelled_at = case when target = 'cancelled' then at else x.cancelled_at end,
      cancel_reason = case when target = 'cancelled' then why else x.cancel_reason end
    where x.id = a.id;
  end if;

  ev := private.append_delivery_event(d, 'status', origin, at, note, why, lat, lng, a.id, transition_delivery.idempotency_key);
  if target = 'failed' and transition_delivery.proof is not null then
    update public.delivery_events x set proof = transition_delivery.proof where x.id = ev.id;
  end if;
  perform private.refresh_driver_status(a.driver_id);
  return d;
end;
$function$;
revoke all on function public.transition_delivery(uuid, text, text, text, double precision, double precision, jsonb, timestamptz, text) from public, anon;
grant execute on function public.transition_delivery(uuid, text, text, text, double precision, double precision, jsonb, timestamptz, text) to authenticated, service_role;

-- public.record_delivery_arrival (20261125001080_delivery_arrivals_failure_proof.sql)
CREATE OR REPLACE FUNCTION public.record_delivery_arrival(delivery_id uuid, stop text, lat double precision DEFAULT NULL::double precision, lng double precision DEFAULT NULL::double precision, occurred_at timestamp with time zone DEFAULT NULL::timestamp with time zone, idempotency_key text DEFAULT NULL::text)
 RETURNS public.delivery_events
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d public.deliveries;
  a public.assignments;
  e public.delivery_events;
  me uuid := auth.uid();
  panel text := private.current_panel_type();
  at timestamptz := coalesce(record_delivery_arrival.occurred_at, now());
  what text;
begin
  select x.* into d from public.deliveries x where x.id = record_delivery_arrival.delivery_id for update;
  if d.id is null or not private.is_tenant_member(d.tenant_id)
    or (panel = 'customer' and d.customer_id is distinct from me)
    or (panel = 'driver' and d.driver_id is distinct from me)
  then
    perform private.raise_problems(jsonb_build_array(private.problem('deliveries.not_found', null, 'Delivery not found')),
      'PT404', 'Delivery not found');
  end if;
  if record_delivery_arrival.idempotency_key is not null then
    if record_delivery_arrival.idempotency_key !~ '^[A-Za-z0-9_.:-]{8,100}$' then
      perform private.raise_problem('deliveries.idempotency_key_invalid', 'idempotency_key', 'The idempotency key must be 8 to 100 letters, digits or _.:-');
    end if;
    select x.* into e from public.delivery_events x where x.delivery_id = d.id and x.idempotency_key = record_delivery_arrival.idempotency_key;
    if e.id is not null then
      return e;
    end if;
  end if;
  select x.* into a from public.assignments x where x.delivery_id = d.id and x.status = 'accepted';
  if panel is distinct from 'driver' or a.id is null or a.driver_id is distinct from me then
    perform private.raise_problems(jsonb_build_array(private.problem('deliveries.arrival_not_carrier', null,
      'Only the driver carrying a delivery can record an arrival')), '42501', 'Only the driver carrying a delivery can record an arrival');
  end if;
  if stop is null or stop not in ('pickup', 'dropoff') then
    perform private.raise_problem('deliveries.stop_invalid', 'stop', 'Stop must be pickup or dropoff');
  end if;
  if stop = 'pickup' and d.status <> 'accepted' then
    perform private.raise_problem('deliveries.pickup_arrival_status', 'status',
      format('A driver arrives at the pickup of an accepted delivery, not of one that is %s', private.delivery_status_label(d.status)),
      jsonb_build_object('status', d.status));
  end if;
  if stop = 'dropoff' and d.status <> 'in_transit' then
    perform private.raise_problem('deliveries.dropoff_arrival_status', 'status',
      format('A driver arrives at the drop-off of a delivery in transit, not of one that is %s', private.delivery_status_label(d.status)),
      jsonb_build_object('status', d.status));
  end if;
  if (lat is null) <> (lng is null) or lat not between -90 and 90 or lng not between -180 and 180 then
    perform private.raise_problem('deliveries.position_invalid', 'position', 'A position needs a latitude from -90 to 90 and a longitude from -180 to 180');
  end if;
  if at > now() + interval '2 minutes' then
    perform private.raise_problem('deliveries.occurred_in_future', 'occurred_at', 'The time of an event cannot be in the future');
  end if;
  if at < d.created_at - interval '1 minute' then
    perform private.raise_problem('deliveries.occurred_before_created', 'occurred_at', 'The time of an event cannot be before the delivery was created');
  end if;
  what := 'arrived_' || stop;
  select x.* into e from public.delivery_events x where x.delivery_id = d.id and x.assignment_id = a.id and x.action = what;
  if e.id is not null then
    return e;
  end if;
  e := private.append_delivery_event(d, what, d.status, at, null, null, lat, lng, a.id, record_delivery_arrival.idempotency_key);
  perform realtime.send(private.tracking_view(d), 'tracking', 'tracking:' || d.tracking_token, true);
  return e;
end;
$function$;
revoke all on function public.record_delivery_arrival(uuid, text, double precision, double precision, timestamptz, text) from public, anon;
grant execute on function public.record_delivery_arrival(uuid, text, double precision, double precision, timestamptz, text) to authenticated, service_role;

-- public.unassign_delivery (20261203002100_staff_panel_rules.sql)
CREATE OR REPLACE FUNCTION public.unassign_delivery(delivery_id uuid, reason text DEFAULT NULL::text)
 RETURNS public.deliveries
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d public.deliveries;
  a public.assignments;
  origin text;
  why text := nullif(btrim(unassign_delivery.reason), '');
begin
  select x.* into d from public.deliveries x where x.id = unassign_delivery.delivery_id for update;
  if d.id is null or not private.is_tenant_member(d.tenant_id) or not private.is_staff() then
    if d.id is not null and private.is_tenant_member(d.tenant_id) and private.current_panel_type() = 'driver' and d.driver_id = auth.uid() then
      perform private.raise_problems(jsonb_build_array(private.problem('deliveries.unassign_not_allowed', null,
        'Only admins and dispatchers can unassign a delivery; reject the assignment instead')),
        '42501', 'Only admins and dispatchers can unassign a delivery; reject the assignment instead');
    end if;
    perform private.raise_problems(jsonb_build_array(private.problem('deliveries.not_found', null, 'Delivery not found')),
      'PT404', 'Delivery not found');
  end if;
  if not private.move_exists('delivery', 'unassign', d.status) then
    perform private.raise_problem('deliveries.not_unassignable', 'status', format('Only assigned or accepted deliveries can be unassigned; this one is %s',
      private.delivery_status_label(d.status)), jsonb_build_object('status', d.status));
  end if;
  if length(coalesce(why, '')) > 500 then
    perform private.raise_problem('deliveries.reason_too_long', 'reason', 'The reason must be at most 500 characters', '{"max": 500}'::jsonb);
  end if;
  origin := d.status;
  select x.* into a from public.assignments x where x.delivery_id = d.id and x.status in ('pending', 'accepted') for update;
  update public.assignments x set status = 'cancelled', cancelled_at = now(), cancel_reason = why where x.id = a.id;
  update public.deliveries x
  set status = 'pending', driver_id = null, vehicle_id = null, assigned_at = null, accepted_at = null
  where x.id = d.id
  returning * into d;
  perform private.append_delivery_event(d, 'unassigned', origin, now(), null, why, null, null, a.id);
  perform private.refresh_driver_status(a.driver_id);
  return d;
end;
$function$;
revoke all on function public.unassign_delivery(uuid, text) from public, anon;
grant execute on function public.unassign_delivery(uuid, text) to authenticated, service_role;

-- public.delivery_instructions (20261203002100_staff_panel_rules.sql)
CREATE OR REPLACE FUNCTION public.delivery_instructions(delivery_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d public.deliveries;
  p public.customer_preferences;
  panel text := private.current_panel_type();
  address_note text;
begin
  select x.* into d from public.deliveries x where x.id = delivery_instructions.delivery_id;
  if d.id is null or not private.is_tenant_member(d.tenant_id)
    or not (
      private.is_staff_panel(panel)
      or (panel = 'driver' and d.driver_id = auth.uid())
      or (panel = 'customer' and d.customer_id = auth.uid())
    ) then
    perform private.raise_problems(jsonb_build_array(private.problem('deliveries.not_found', null, 'Delivery not found')),
      'PT404', 'Delivery not found');
  end if;
  if d.dropoff_address_id is not null then
    select x.* into p from public.customer_preferences x
    where x.customer_id = d.customer_id and x.location_id = d.dropoff_address_id and x.is_active
    limit 1;
  end if;
  address_note := nullif(btrim(d.dropoff_address ->> 'delivery_instructions'), '');
  if p.id is null and address_note is null then
    return null;
  end if;
  return jsonb_strip_nulls(jsonb_build_object(
    'instructions', coalesce(nullif(btrim(p.delivery_instructions), ''), address_note),
    'address_instructions', case when p.id is not null and address_note is distinct from nullif(btrim(p.delivery_instructions), '') then address_note end,
    'signature_required', coalesce((p.delivery_options ->> 'signature_required')::boolean, false),
    'leave_at_door', (p.delivery_options ->> 'leave_at_door')::boolean,
    'leave_with_neighbor', (p.delivery_options ->> 'leave_with_neighbor')::boolean,
    'requires_appointment', coalesce((p.delivery_options ->> 'requires_appointment')::boolean, false),
    'authorized_receivers', coalesce(p.delivery_options -> 'authorized_receivers', '[]'::jsonb)
  ));
end;
$function$;
revoke all on function public.delivery_instructions(uuid) from public, anon;
grant execute on function public.delivery_instructions(uuid) to authenticated, service_role;

-- public.track_delivery (20261125001020_tracking.sql): the rate limit raised with its key; the
-- unknown link is still answered, not raised, its details now the keyed problem (as PostgREST's would be).
CREATE OR REPLACE FUNCTION public.track_delivery(token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d public.deliveries;
begin
  if not private.take_rate_limit('tracking', 60, interval '1 minute') then
    perform private.raise_problems(jsonb_build_array(private.problem('deliveries.tracking_rate_limited', null,
      'Too many tracking lookups; try again in a minute')), 'PT429', 'Too many tracking lookups; try again in a minute');
  end if;
  if token is not null and token ~ '^[0-9a-f]{32,128}$' then
    select x.* into d from public.deliveries x where x.tracking_token = token;
  end if;
  if d.id is null then
    -- Not raised: an error would roll back the lookup's count, and guessing must be counted too.
    -- PostgREST answers this body with status 404 (response.status), as it would answer PT404.
    perform set_config('response.status', '404', true);
    return jsonb_build_object('code', 'PT404', 'message', 'No delivery matches this tracking link',
      'details', jsonb_build_array(private.problem('deliveries.tracking_not_found', null, 'No delivery matches this tracking link'))::text,
      'hint', null);
  end if;
  return private.tracking_view(d);
end;
$function$;
revoke all on function public.track_delivery(text) from public;
grant execute on function public.track_delivery(text) to anon, authenticated, service_role;

-- public.tracking_proof_photos (20261125001070_tracking_proof_photos.sql): as track_delivery.
CREATE OR REPLACE FUNCTION public.tracking_proof_photos(token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d public.deliveries;
  folder text;
begin
  if not private.take_rate_limit('tracking', 60, interval '1 minute') then
    perform private.raise_problems(jsonb_build_array(private.problem('deliveries.tracking_rate_limited', null,
      'Too many tracking lookups; try again in a minute')), 'PT429', 'Too many tracking lookups; try again in a minute');
  end if;
  if token is not null and token ~ '^[0-9a-f]{32,128}$' then
    select x.* into d from public.deliveries x where x.tracking_token = token;
  end if;
  if d.id is null then
    -- As track_delivery: answered, not raised, so the lookup stays counted.
    perform set_config('response.status', '404', true);
    return jsonb_build_object('code', 'PT404', 'message', 'No delivery matches this tracking link',
      'details', jsonb_build_array(private.problem('deliveries.tracking_not_found', null, 'No delivery matches this tracking link'))::text,
      'hint', null);
  end if;
  folder := d.tenant_id::text || '/' || d.id::text || '/';
  return jsonb_build_object(
    'status', d.status,
    'photos', case when d.status = 'delivered' then coalesce((
      select jsonb_agg(u #>> '{}' order by n)
      from jsonb_array_elements(case when jsonb_typeof(d.proof -> 'photo_urls') = 'array' then d.proof -> 'photo_urls' else '[]'::jsonb end)
        with ordinality as p(u, n)
      where jsonb_typeof(u) = 'string' and starts_with(u #>> '{}', folder)
        and substr(u #>> '{}', length(folder) + 1) ~ '^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$'
    ), '[]'::jsonb) else '[]'::jsonb end);
end;
$function$;
revoke all on function public.tracking_proof_photos(text) from public, anon, authenticated;
grant execute on function public.tracking_proof_photos(text) to service_role;

-- public.unremitted_deliveries (20261203002100_staff_panel_rules.sql): the remittances' own key.
CREATE OR REPLACE FUNCTION public.unremitted_deliveries(driver_id uuid)
 RETURNS TABLE(id uuid, delivery_code text, delivered_at timestamp with time zone, cod_amount numeric, currency text, dropoff_address text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or not private.is_tenant_member(tenant) or not private.is_staff() then
    perform private.raise_problems(jsonb_build_array(private.problem('remit.not_allowed', null, 'Only admins and dispatchers can record remittances')),
      '42501', 'Only admins and dispatchers can record remittances');
  end if;
  return query
  select x.id, x.delivery_code, x.delivered_at, x.cod_amount, x.currency, x.dropoff_address ->> 'full_address'
  from public.deliveries x
  where x.tenant_id = tenant and x.driver_id = unremitted_deliveries.driver_id and x.status = 'delivered' and x.cod_amount > 0
    and not exists (select 1 from public.remittance_deliveries rd where rd.delivery_id = x.id)
  order by x.delivered_at, x.delivery_code;
end;
$function$;
revoke all on function public.unremitted_deliveries(uuid) from public, anon;
grant execute on function public.unremitted_deliveries(uuid) to authenticated, service_role;
