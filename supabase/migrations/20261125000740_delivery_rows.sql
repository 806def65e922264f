-- The deliveries list's rows: a delivery with the names the list shows and searches (customer,
-- driver, service, zones) and the cities of its two address snapshots, so the screen reads one page
-- in one request (search across the customer's name included) instead of embedding five tables.
--
-- security_invoker: the caller's RLS on deliveries decides which rows exist (admins and dispatchers
-- the tenant's, a driver those they carry or carried, a customer their own), and the caller's RLS on
-- profiles, services and zones which names show (left joins: a name the caller may not read is
-- null, the delivery still shows). No table, no policy, no audit: it writes nothing.
--
-- The list filters on the deliveries' own indexed columns (tenant_id + created_at, status, kind,
-- service, zones, driver, customer); the joins are primary-key lookups for the page's rows.

create view public.delivery_rows with (security_invoker = true) as
  select d.id, d.tenant_id, d.delivery_code, d.external_reference_id, d.kind, d.status, d.status_reason, d.priority,
    d.customer_id, c.full_name as customer_name,
    d.driver_id, r.full_name as driver_name,
    d.vehicle_id,
    d.service_id, s.name as service_name, s.code as service_code,
    d.pickup_zone_id, pz.name as pickup_zone_name,
    d.dropoff_zone_id, dz.name as dropoff_zone_name,
    d.pickup_address ->> 'full_address' as pickup_full_address, d.pickup_address ->> 'city' as pickup_city,
    d.dropoff_address ->> 'full_address' as dropoff_full_address, d.dropoff_address ->> 'city' as dropoff_city,
    d.pickup_window_start, d.pickup_window_end, d.dropoff_window_start, d.dropoff_window_end,
    d.package_count, d.total_weight_kg, d.price, d.currency, d.cod_amount,
    d.created_at, d.updated_at
  from public.deliveries d
  left join public.profiles c on c.id = d.customer_id
  left join public.profiles r on r.id = d.driver_id
  left join public.delivery_services s on s.id = d.service_id
  left join public.zones pz on pz.id = d.pickup_zone_id
  left join public.zones dz on dz.id = d.dropoff_zone_id;
revoke all on public.delivery_rows from anon, authenticated;
grant select on public.delivery_rows to authenticated;
