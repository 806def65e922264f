-- Deliveries: about 400 per tenant over the last 30 days (relative to now(), so the demo always looks
-- current), in every status and kind, with their assignments and timelines, so the deliveries,
-- assignments, detail and driver-performance screens show a working business on first start.
--
-- - 40 per tenant are active today (pending, assigned, accepted, picked up, in transit) with windows
--   today; 16 more were delivered, failed or cancelled earlier today; the rest are history: mostly
--   delivered (some late), some failed (half of those returned to the sender), some cancelled
--   (before or after assignment), about one in eight first rejected by another driver.
-- - Customers are the tenants' active customer-panel people; pickup and drop-off are their own
--   addresses and the tenant's own sites (depots, warehouses), each inside an active zone on a route
--   with an active price, so the price is the quote (private.derive_delivery prices every insert).
-- - Drivers come from public.drivers (55_drivers.sql), chosen by what they hold, never by id: a
--   driver + vehicle pair obeys the assignment rules (active person with the driver panel, licence
--   unexpired on the day, licence class among the vehicle's license_requirements, the service's
--   required features on the vehicle, the packages' weight within its capacity). Work in hand today
--   goes to the drivers who are busy; offers (assigned) to drivers on duty, free ones first; the history to any driver
--   whose licence was valid that day. A service no active vehicle can carry (Globex's tail-lift
--   pallets) only appears pending or cancelled before assignment.
-- - Timelines obey the status machine of 20261125000730: created < assigned < accepted < picked up
--   < in transit < delivered / failed (< returned), with the dispatcher who assigned, cancelled or
--   returned, the driver who accepted, rejected or moved it, and positions at pickup and drop-off.
--   Written as the owner: the triggers validate and price each delivery and append its 'created'
--   event (fixed below to the creator, as pending); the rest is inserted here as the functions write it.
-- - Deterministic: every choice is an md5 of the tenant and the delivery's number; codes continue
--   from ACME-001001 / GLOBEX-001001, and private.tenant_counters ends at the highest, so new
--   deliveries continue the sequence. Set-based: no loop over rows.

-- A uniform number in [0, 1) from a key, and a 1-based pick among n.
create function pg_temp.sd_u(key text) returns double precision
language sql immutable as $$ select ('x' || substr(md5(key), 1, 8))::bit(32)::bigint / 4294967296.0 $$;
create function pg_temp.sd_pick(key text, n integer) returns integer
language sql immutable as $$ select 1 + floor(pg_temp.sd_u(key) * greatest(n, 1))::integer $$;
-- A time between a and b (a fraction of the way from a to b).
create function pg_temp.sd_between(a timestamptz, b timestamptz, f double precision) returns timestamptz
language sql immutable as $$ select a + (b - a) * f $$;

-- The tenants, their time zone and the staff who dispatch (dispatchers, else admins). A dispatcher is
-- one as the read rules see them (private.panel_type_of): warehouse-only staff (40_warehouses.sql) sit
-- on the dispatcher panel but may not read deliveries, so they never create or assign one.
create temporary table sd_tenants as
select t.id as tenant_id, t.slug, coalesce(t.settings -> 'general' ->> 'timezone', 'UTC') as tz,
  coalesce(
    (select array_agg(p.id order by p.created_at, p.id) from public.profiles p
     where p.tenant_id = t.id and p.status = 'active' and private.panel_type_of(p.id) = 'dispatcher'),
    (select array_agg(p.id order by p.created_at, p.id) from public.profiles p
     where p.tenant_id = t.id and p.status = 'active' and p.panel_type = 'admin')) as staff,
  (select array_agg(p.id order by p.created_at, p.id) from public.profiles p
   where p.tenant_id = t.id and p.status = 'active' and p.panel_type = 'admin') as admins
from public.tenants t
where t.slug in ('acme', 'globex');

-- Addresses usable as pickup or drop-off: the tenant's own shipping sites and the active
-- customers' active addresses, each with the active zone it lies in (outside every zone: left out).
create temporary table sd_addr as
select a.id, a.tenant_id, a.user_id, a.is_primary, a.latitude as lat, a.longitude as lng,
  coalesce(nullif(a.title ->> 'en', ''), a.building) as label,
  (select z.id from private.zones_at(a.tenant_id, a.latitude, a.longitude) z limit 1) as zone_id
from public.addresses a
join sd_tenants t on t.tenant_id = a.tenant_id
where a.latitude is not null and a.longitude is not null and a.is_active
  and ((a.user_id is null and a.address_type = 'shipping')
    or exists (select 1 from public.profiles p where p.id = a.user_id and p.panel_type = 'customer' and p.status = 'active'));
delete from sd_addr where zone_id is null;

create temporary table sd_sites as
select tenant_id, array_agg(id order by is_primary desc, id) as ids, (array_agg(label order by is_primary desc, id))[1] as depot
from sd_addr where user_id is null group by tenant_id;

create temporary table sd_customers as
select p.id, p.tenant_id, p.full_name, p.first_name, p.user_type, p.created_at,
  (select array_agg(a.id order by a.is_primary desc, a.id) from sd_addr a where a.user_id = p.id) as addrs
from public.profiles p
join sd_tenants t on t.tenant_id = p.tenant_id
where p.panel_type = 'customer' and p.status = 'active'
  and exists (select 1 from sd_addr a where a.user_id = p.id);

-- Routes with an active price: (origin zone, destination zone, service).
create temporary table sd_price as
select p.tenant_id, p.origin_zone_id, p.destination_zone_id, p.service_id
from public.zone_pricing p
join sd_tenants t on t.tenant_id = p.tenant_id
join public.delivery_services s on s.id = p.service_id and s.active
where p.active;

-- Every driver + vehicle + service the assignment rules allow (the licence's expiry is checked
-- against each delivery's day below).
create temporary table sd_fit as
select r.tenant_id, r.id as driver_id, r.status as driver_status, r.licence_expiry, v.id as vehicle_id,
  v.capacity_unit as capacity, s.id as service_id, v.id is not distinct from r.default_vehicle_id as is_default
from public.drivers r
join sd_tenants t on t.tenant_id = r.tenant_id
join public.profiles p on p.id = r.id and p.status = 'active' and p.panel_type = 'driver'
join public.vehicles v on v.tenant_id = r.tenant_id and v.active
  and coalesce(v.vehicle_requirements -> 'license_requirements', '[]'::jsonb) ? r.licence_class
join public.delivery_services s on s.tenant_id = r.tenant_id and s.active
  and not exists (
    select 1 from unnest(s.required_vehicle_features) f
    where not coalesce(v.vehicle_requirements -> 'special_features', '[]'::jsonb) ? f);

-- What packages look like, by class: parcels (vans), bulk (trucks), chilled (reefers), pallets.
create temporary table sd_catalog (slug text, class text, description text, weight_kg numeric, length_cm int,
  width_cm int, height_cm int, fragile boolean, temperature_sensitive boolean);
insert into sd_catalog values
  (null, 'parcel', 'Laptop in retail box', 2.8, 45, 35, 12, true, false),
  (null, 'parcel', 'Legal documents, sealed envelope', 0.4, 35, 25, 3, false, false),
  (null, 'parcel', 'Shoe box', 1.6, 36, 24, 14, false, false),
  (null, 'parcel', 'Phone accessories, small box', 0.9, 25, 18, 10, false, false),
  (null, 'parcel', 'Books, carton', 9.5, 40, 30, 30, false, false),
  (null, 'parcel', 'Clothing, mailer bag', 1.2, 45, 35, 8, false, false),
  (null, 'parcel', 'Table lamp', 4.1, 50, 30, 30, true, false),
  (null, 'parcel', 'Printer toner, 4-pack', 6.0, 48, 32, 22, false, false),
  ('acme', 'parcel', 'Bakery trays (Mission Bakery)', 7.5, 60, 40, 25, true, false),
  ('acme', 'parcel', 'Flower arrangement', 3.2, 50, 50, 70, true, false),
  ('acme', 'parcel', 'Coffee beans, 5 kg bag', 5.0, 45, 30, 15, false, false),
  ('acme', 'parcel', 'Hardware order: fixings and hinges', 8.4, 40, 30, 20, false, false),
  ('acme', 'parcel', 'Brake pads and filters', 11.0, 50, 35, 25, false, false),
  ('globex', 'parcel', 'Print run: brochures, boxed', 10.5, 45, 32, 30, false, false),
  ('globex', 'parcel', 'Books for Camden Books', 9.0, 40, 30, 30, false, false),
  ('globex', 'parcel', 'Coffee beans, 1 kg bags x6', 6.0, 40, 30, 20, false, false),
  ('globex', 'parcel', 'Bicycle parts', 7.8, 60, 40, 20, false, false),
  (null, 'bulk', 'Office chair, flat-packed', 18.0, 70, 65, 40, false, false),
  (null, 'bulk', 'Flat-pack wardrobe', 48.0, 200, 60, 15, false, false),
  (null, 'bulk', 'Washing machine', 72.0, 85, 60, 60, true, false),
  (null, 'bulk', 'Tyres, set of four', 44.0, 70, 70, 90, false, false),
  (null, 'bulk', 'Paper, 5 reams x 10 boxes', 25.0, 45, 30, 30, false, false),
  (null, 'bulk', 'Server rack unit', 32.0, 80, 60, 25, true, false),
  (null, 'cold', 'Chilled produce crate', 12.0, 60, 40, 30, false, true),
  (null, 'cold', 'Vaccines, insulated shipper', 4.5, 40, 30, 30, true, true),
  (null, 'cold', 'Dairy, chilled tote', 15.0, 60, 40, 35, false, true),
  (null, 'cold', 'Fresh fish, iced box', 18.0, 70, 40, 30, false, true),
  (null, 'cold', 'Meal kits, insulated box', 8.0, 50, 40, 30, false, true),
  (null, 'pallet', 'Euro pallet: printed stock', 320.0, 120, 80, 140, false, false),
  (null, 'pallet', 'Euro pallet: bottled drinks', 450.0, 120, 80, 120, true, false),
  (null, 'pallet', 'Half pallet: shop fittings', 180.0, 80, 60, 110, false, false);

-- The deliveries: number n per tenant, its stage and status, and when it happens.
--   1-40   active today: 8 pending, 8 assigned, 8 accepted, 6 picked up, 10 in transit;
--   41-56  earlier today: 13 delivered, 2 failed, 1 cancelled;
--   57-400 history over the last 29 days: delivered, failed, returned, cancelled.
create temporary table sd_base as
select t.tenant_id, t.slug, t.tz, t.staff, t.admins, g.n, t.slug || ':' || g.n as k,
  case when g.n <= 56 then 0 else 1 + (g.n - 57) % 29 end as day_ago,
  case
    when g.n <= 8 then 'pending' when g.n <= 16 then 'assigned' when g.n <= 24 then 'accepted'
    when g.n <= 30 then 'picked_up' when g.n <= 40 then 'in_transit'
    when g.n <= 53 then 'delivered' when g.n <= 55 then 'failed' when g.n = 56 then 'cancelled'
    when pg_temp.sd_u(t.slug || ':' || g.n || ':status') < 0.81 then 'delivered'
    when pg_temp.sd_u(t.slug || ':' || g.n || ':status') < 0.87 then 'failed'
    when pg_temp.sd_u(t.slug || ':' || g.n || ':status') < 0.91 then 'returned'
    else 'cancelled'
  end as status
from sd_tenants t
cross join generate_series(1, 400) g(n);

-- How far each got: the stage a cancelled one was cancelled in, the stage a failed one failed in;
-- which driver pool serves it.
alter table sd_base add column reached text, add column pool text;
update sd_base set reached = case
  when status = 'cancelled' and n = 56 then 'pending'
  when status = 'cancelled' then (array['pending', 'pending', 'assigned', 'accepted'])[pg_temp.sd_pick(k || ':cancel', 4)]
  when status in ('failed', 'returned') then (array['in_transit', 'in_transit', 'in_transit', 'in_transit', 'picked_up', 'accepted'])[pg_temp.sd_pick(k || ':fail', 6)]
  else status end;
update sd_base set pool = case
  when reached = 'pending' then null
  when day_ago = 0 and status in ('accepted', 'picked_up', 'in_transit') then 'busy'
  when day_ago = 0 and status = 'assigned' then 'on_duty'
  else 'any' end;

-- The service: weighted by kind among those that can serve the delivery (a driver + vehicle pair
-- in its pool when it needs one), then the pair itself (drivers spread by hash, the driver's
-- default vehicle first).
create temporary table sd_service as
select b.tenant_id, b.n, s.id as service_id, s.kind as service_kind, s.required_vehicle_features
from sd_base b
cross join lateral (
  select s.* from public.delivery_services s
  where s.tenant_id = b.tenant_id and s.active
    and (b.pool is null or exists (
      select 1 from sd_fit f where f.service_id = s.id
        and f.licence_expiry >= (now() - make_interval(days => b.day_ago))::date
        and (b.pool = 'any' or (b.pool = 'busy' and f.driver_status = 'busy')
          or (b.pool = 'on_duty' and f.driver_status in ('available', 'busy')))))
  order by -ln(1 - pg_temp.sd_u(b.k || ':service:' || s.code))
    / case s.kind when 'on_demand' then 20 when 'same_day' then 40 when 'next_day' then 25 else 15 end
  limit 1
) s;

create temporary table sd_pair as
select b.tenant_id, b.n, f.driver_id, f.vehicle_id, f.capacity
from sd_base b
join sd_service s using (tenant_id, n)
cross join lateral (
  select f.* from sd_fit f
  where f.service_id = s.service_id and b.pool is not null
    and f.licence_expiry >= (now() - make_interval(days => b.day_ago))::date
    and (b.pool = 'any' or (b.pool = 'busy' and f.driver_status = 'busy')
      or (b.pool = 'on_duty' and f.driver_status in ('available', 'busy')))
  order by b.pool = 'on_duty' and f.driver_status = 'busy', pg_temp.sd_u(b.k || ':driver:' || f.driver_id), not f.is_default,
    pg_temp.sd_u(b.k || ':vehicle:' || f.vehicle_id)
  limit 1
) f;

-- About one in eight assignments was first offered to another driver who rejected it.
create temporary table sd_rejected as
select b.tenant_id, b.n, f.driver_id, f.vehicle_id
from sd_base b
join sd_service s using (tenant_id, n)
join sd_pair p using (tenant_id, n)
cross join lateral (
  select f.* from sd_fit f
  where f.service_id = s.service_id and f.driver_id <> p.driver_id and f.capacity >= p.capacity
    and f.licence_expiry >= (now() - make_interval(days => b.day_ago))::date
    and (b.day_ago > 0 or f.driver_status in ('available', 'busy'))
  order by pg_temp.sd_u(b.k || ':rejected:' || f.driver_id), pg_temp.sd_u(b.k || ':rvehicle:' || f.vehicle_id)
  limit 1
) f
where pg_temp.sd_u(b.k || ':reject') < 0.13;

-- The customer (businesses book more often) and the kind.
create temporary table sd_who as
select b.tenant_id, b.n, c.id as customer_id, c.full_name, c.first_name, c.user_type, c.addrs,
  case when s.service_kind = 'on_demand' then 'on_demand'
    else (array['delivery', 'delivery', 'delivery', 'delivery', 'delivery', 'delivery', 'pickup_delivery', 'pickup_delivery', 'pickup_delivery', 'pickup', 'pickup', 'pickup'])[pg_temp.sd_pick(b.k || ':kind', 12)]
  end as kind
from sd_base b
join sd_service s using (tenant_id, n)
cross join lateral (
  select c.* from sd_customers c where c.tenant_id = b.tenant_id
  order by -ln(1 - pg_temp.sd_u(b.k || ':customer:' || c.id)) / case c.user_type when 'business' then 3 else 2 end
  limit 1
) c;

-- Pickup and drop-off: a delivery goes from one of the tenant's sites to the customer, a pickup
-- from the customer to a site, a pickup-and-delivery and an on-demand job between two of the
-- customer's addresses (or from a site when the customer has one address). The first of twelve
-- candidates whose route has an active price for the service.
create temporary table sd_route as
select b.tenant_id, b.n, r.pickup_id, r.dropoff_id
from sd_base b
join sd_service s using (tenant_id, n)
join sd_who w using (tenant_id, n)
join sd_sites st on st.tenant_id = b.tenant_id
cross join lateral (
  select c.pickup_id, c.dropoff_id
  from generate_series(0, 11) alt
  cross join lateral (
    select
      case
        when w.kind = 'delivery' or (w.kind <> 'pickup' and cardinality(w.addrs) < 2)
          then st.ids[case when alt < 4 then 1 else pg_temp.sd_pick(b.k || ':site:' || alt, cardinality(st.ids)) end]
        else w.addrs[pg_temp.sd_pick(b.k || ':from:' || alt, cardinality(w.addrs))]
      end as pickup_id,
      case
        when w.kind = 'pickup' then st.ids[case when alt < 4 then 1 else pg_temp.sd_pick(b.k || ':site:' || alt, cardinality(st.ids)) end]
        else w.addrs[pg_temp.sd_pick(b.k || ':to:' || alt, cardinality(w.addrs))]
      end as dropoff_id
  ) c
  join sd_addr pa on pa.id = c.pickup_id
  join sd_addr da on da.id = c.dropoff_id
  where c.pickup_id <> c.dropoff_id
    and exists (select 1 from sd_price p where p.origin_zone_id = pa.zone_id and p.destination_zone_id = da.zone_id and p.service_id = s.service_id)
  order by alt
  limit 1
) r;

-- Three of today's offers (assigned, not yet accepted) in each tenant are collected at its main
-- warehouse: the first three (by number) that leave from one of the tenant's sites and whose route
-- from the warehouse has a price for their service. The warehouse's people then have deliveries to
-- hand over (public.handoff_delivery_choices offers a warehouse-only person those picked up at its
-- address); 73_warehouse_pickups.sql picks their packages.
update sd_route r set pickup_id = x.warehouse_address
from (
  select b.tenant_id, b.n, w.address_id as warehouse_address,
    row_number() over (partition by b.tenant_id order by b.n) as k
  from sd_base b
  join sd_service s using (tenant_id, n)
  join sd_route rt using (tenant_id, n)
  join sd_sites st on st.tenant_id = b.tenant_id
  join public.warehouses w on w.id = case b.slug when 'acme' then 'a5000000-0000-4000-8000-000000000001'::uuid
    else 'b5000000-0000-4000-8000-000000000001'::uuid end
  join sd_addr wa on wa.id = w.address_id
  join sd_addr da on da.id = rt.dropoff_id
  where b.status = 'assigned' and b.day_ago = 0
    and rt.pickup_id = any (st.ids) and rt.pickup_id <> w.address_id and rt.dropoff_id <> w.address_id
    and exists (select 1 from sd_price p where p.origin_zone_id = wa.zone_id and p.destination_zone_id = da.zone_id and p.service_id = s.service_id)
) x
where r.tenant_id = x.tenant_id and r.n = x.n and x.k <= 3;

-- Packages: one to three lines of the service's class, within the vehicle's capacity (or, before
-- assignment, the smallest vehicle that could take the service).
create temporary table sd_packages as
select b.tenant_id, b.n, pk.packages
from sd_base b
join sd_service s using (tenant_id, n)
left join sd_pair p using (tenant_id, n)
cross join lateral (
  select case
    when 'refrigeration' = any (s.required_vehicle_features) then 'cold'
    when 'lift_gate' = any (s.required_vehicle_features) then 'pallet'
    when coalesce(p.capacity, 0) >= 200 and pg_temp.sd_u(b.k || ':bulk') < 0.45 then 'bulk'
    else 'parcel' end as class,
    coalesce(p.capacity, (select min(f.capacity) from sd_fit f where f.service_id = s.service_id), 900) as capacity
) c
cross join lateral (select case when c.class = 'pallet' then 1 + floor(pg_temp.sd_u(b.k || ':lines') * 2)::int
  else 1 + floor(pg_temp.sd_u(b.k || ':lines') * 3)::int end as lines) l
cross join lateral (
  select jsonb_agg(jsonb_build_object(
      'description', it.description, 'quantity', q.quantity, 'weight_kg', it.weight_kg,
      'length_cm', it.length_cm, 'width_cm', it.width_cm, 'height_cm', it.height_cm,
      'fragile', it.fragile, 'temperature_sensitive', it.temperature_sensitive) order by i) as packages
  from generate_series(1, l.lines) i
  cross join lateral (
    select x.* from sd_catalog x
    where x.class = c.class and (x.slug is null or x.slug = b.slug) and x.weight_kg <= c.capacity / l.lines
    order by pg_temp.sd_u(b.k || ':item:' || i || ':' || x.description)
    limit 1
  ) it
  cross join lateral (select 1 + floor(pg_temp.sd_u(b.k || ':qty:' || i)
    * least(3, floor(c.capacity / l.lines / it.weight_kg)))::int as quantity) q
) pk;

-- Everything together, with the times of every step.
--   Today's active ones: the steps so far spread between creation and a couple of minutes ago,
--   the windows still open today. Earlier today and history: the windows on the delivery's day
--   (working hours in the tenant's time zone), created ahead of them as the service books them,
--   assigned before the pickup window, picked up inside it, delivered inside the drop-off window
--   (about one in ten late).
create temporary table sd_d as
select b.*, s.service_id, s.service_kind, w.customer_id, w.full_name, w.first_name, w.user_type, w.kind,
  r.pickup_id, r.dropoff_id, pa.lat as pickup_lat, pa.lng as pickup_lng, da.lat as dropoff_lat, da.lng as dropoff_lng,
  p.driver_id, p.vehicle_id, rj.driver_id as rejected_driver_id, rj.vehicle_id as rejected_vehicle_id, pk.packages,
  b.staff[pg_temp.sd_pick(b.k || ':creator', cardinality(b.staff))] as created_by,
  b.staff[pg_temp.sd_pick(b.k || ':dispatcher', cardinality(b.staff))] as dispatcher,
  md5(b.slug || ':delivery:' || b.n)::uuid as id,
  md5(b.slug || ':assignment:' || b.n)::uuid as assignment_id,
  md5(b.slug || ':rejected-assignment:' || b.n)::uuid as rejected_assignment_id,
  st.depot
from sd_base b
join sd_service s using (tenant_id, n)
join sd_who w using (tenant_id, n)
join sd_route r using (tenant_id, n)
join sd_packages pk using (tenant_id, n)
join sd_addr pa on pa.id = r.pickup_id
join sd_addr da on da.id = r.dropoff_id
join sd_sites st on st.tenant_id = b.tenant_id
left join sd_pair p on p.tenant_id = b.tenant_id and p.n = b.n
left join sd_rejected rj on rj.tenant_id = b.tenant_id and rj.n = b.n
where b.pool is null or p.driver_id is not null;

alter table sd_d
  add column created_at timestamptz, add column pw_start timestamptz, add column pw_end timestamptz,
  add column dw_start timestamptz, add column dw_end timestamptz,
  add column t_offer timestamptz, add column t_reject timestamptz, add column t_assign timestamptz,
  add column t_accept timestamptz, add column t_pickup timestamptz, add column t_transit timestamptz,
  add column t_end timestamptz, add column t_return timestamptz;

-- Today's active ones. `age` is how long ago it was booked (next-day and scheduled: yesterday);
-- their steps so far fall in the last two and a half hours.
update sd_d d set created_at = now() - x.age
from (select id,
  case when service_kind in ('next_day', 'scheduled') then make_interval(hours => 16 + pg_pick, mins => pg_min)
       when status = 'pending' then make_interval(mins => 8 + pg_min * 3)
       else make_interval(hours => 1 + pg_pick % 3, mins => 20 + pg_min) end as age
  from (select id, service_kind, status, pg_temp.sd_pick(k || ':age_h', 6) as pg_pick, pg_temp.sd_pick(k || ':age_m', 50) as pg_min
        from sd_d where day_ago = 0 and n <= 40) y) x
where d.id = x.id;

update sd_d set
  t_assign = case when reached <> 'pending' then pg_temp.sd_between(greatest(created_at, now() - interval '150 minutes'), now() - interval '2 minutes',
    case reached when 'assigned' then 0.55 when 'accepted' then 0.35 when 'picked_up' then 0.25 else 0.2 end
    + 0.1 * pg_temp.sd_u(k || ':f1')) end,
  t_accept = case when reached in ('accepted', 'picked_up', 'in_transit') then pg_temp.sd_between(greatest(created_at, now() - interval '150 minutes'), now() - interval '2 minutes',
    case reached when 'accepted' then 0.75 when 'picked_up' then 0.4 else 0.32 end + 0.08 * pg_temp.sd_u(k || ':f2')) end,
  t_pickup = case when reached in ('picked_up', 'in_transit') then pg_temp.sd_between(greatest(created_at, now() - interval '150 minutes'), now() - interval '2 minutes',
    case reached when 'picked_up' then 0.8 else 0.6 end + 0.1 * pg_temp.sd_u(k || ':f3')) end,
  t_transit = case when reached = 'in_transit' then pg_temp.sd_between(greatest(created_at, now() - interval '150 minutes'), now() - interval '2 minutes',
    0.8 + 0.15 * pg_temp.sd_u(k || ':f4')) end
where day_ago = 0 and n <= 40;

update sd_d set t_offer = t_assign - (t_assign - greatest(created_at, now() - interval '150 minutes')) * 0.7,
  t_reject = t_assign - (t_assign - greatest(created_at, now() - interval '150 minutes')) * 0.35
where day_ago = 0 and n <= 40 and rejected_driver_id is not null and t_assign is not null;

-- Their windows: still to come for those not picked up yet, around the pickup for the others.
update sd_d set
  pw_start = case when t_pickup is null
    then date_trunc('minute', now() + make_interval(mins => 20 + 15 * pg_temp.sd_pick(k || ':pw', 8)))
    else date_trunc('minute', t_pickup - make_interval(mins => 10 + 5 * pg_temp.sd_pick(k || ':pw', 4))) end
where day_ago = 0 and n <= 40;
update sd_d set
  pw_end = pw_start + case when service_kind = 'on_demand' then interval '30 minutes' else interval '2 hours' end,
  dw_start = pw_start + case when service_kind = 'on_demand' then interval '20 minutes' else interval '1 hour' end,
  dw_end = pw_start + case when service_kind = 'on_demand' then interval '90 minutes' else make_interval(hours => 3 + pg_temp.sd_pick(k || ':dw', 3)) end
where day_ago = 0 and n <= 40;

-- Earlier today and the history: the pickup window opens on the delivery's day in working hours
-- (08:00 to 16:45 local), the booking before it as the service books.
update sd_d set pw_start = (
    (date_trunc('day', now() at time zone tz) - make_interval(days => day_ago))
    + make_interval(hours => 8, mins => 15 * (pg_temp.sd_pick(k || ':pw', 36) - 1))
  ) at time zone tz
where n > 40;
-- Earlier today: windows from 06:30 local up to three hours ago (before 09:40 local: the small hours).
update sd_d d set pw_start = date_trunc('minute', case when x.hi > x.lo then x.lo + (x.hi - x.lo) * pg_temp.sd_u(d.k || ':pwt')
    else x.hi - make_interval(mins => 10 * pg_temp.sd_pick(d.k || ':pwt', 18)) end)
from (select id, (date_trunc('day', now() at time zone tz) + interval '6 hours 30 minutes') at time zone tz as lo,
        now() - interval '3 hours 10 minutes' as hi
      from sd_d where day_ago = 0 and n > 40) x
where d.id = x.id;
update sd_d set
  pw_end = pw_start + case when service_kind = 'on_demand' then interval '30 minutes' else interval '2 hours' end,
  dw_start = pw_start + case when service_kind = 'on_demand' then interval '20 minutes' else interval '1 hour' end,
  dw_end = pw_start + case when service_kind = 'on_demand' then interval '90 minutes' else make_interval(hours => 3 + pg_temp.sd_pick(k || ':dw', 3)) end,
  created_at = pw_start - case service_kind
    when 'on_demand' then make_interval(mins => 5 + pg_temp.sd_pick(k || ':lead', 20))
    when 'same_day' then make_interval(hours => 1 + pg_temp.sd_pick(k || ':lead', 4), mins => pg_temp.sd_pick(k || ':leadm', 59))
    when 'next_day' then make_interval(hours => 14 + pg_temp.sd_pick(k || ':lead', 8), mins => pg_temp.sd_pick(k || ':leadm', 59))
    else make_interval(days => pg_temp.sd_pick(k || ':lead', 2), hours => pg_temp.sd_pick(k || ':leadh', 6)) end
where n > 40;
update sd_d set
  t_offer = case when rejected_driver_id is not null and reached <> 'pending'
    then greatest(created_at + interval '2 minutes', pw_start - make_interval(mins => 50 + pg_temp.sd_pick(k || ':offer', 30))) end
where n > 40;
update sd_d set
  t_reject = case when t_offer is not null then t_offer + make_interval(mins => 1 + pg_temp.sd_pick(k || ':rejectt', 9)) end
where n > 40;
update sd_d set
  t_assign = case when reached <> 'pending' then greatest(coalesce(t_reject, created_at) + interval '2 minutes',
    pw_start - make_interval(mins => 5 + pg_temp.sd_pick(k || ':assign', 40))) end
where n > 40;
update sd_d set
  t_accept = case when reached in ('accepted', 'picked_up', 'in_transit', 'delivered') then t_assign + make_interval(mins => 1 + pg_temp.sd_pick(k || ':accept', 12)) end
where n > 40;
update sd_d set
  t_pickup = case when reached in ('picked_up', 'in_transit', 'delivered')
    then greatest(t_accept + interval '4 minutes', pw_start + (pw_end - pw_start) * 0.8 * pg_temp.sd_u(k || ':pickup')) end
where n > 40;
update sd_d set
  t_transit = case when t_pickup is not null and reached <> 'picked_up' then t_pickup + make_interval(mins => 2 + pg_temp.sd_pick(k || ':transit', 8)) end
where n > 40;
-- The end: delivered inside the drop-off window (one in ten late), failed on the way or at the
-- door, cancelled a while after the last step.
update sd_d set t_end = case
    when status = 'delivered' then greatest(t_transit + interval '12 minutes',
      case when pg_temp.sd_u(k || ':late') < 0.1 then dw_end + make_interval(mins => 5 + pg_temp.sd_pick(k || ':lateby', 70))
      else dw_start + (dw_end - dw_start) * pg_temp.sd_u(k || ':deliver') end)
    when status in ('failed', 'returned') then coalesce(t_transit, t_pickup, t_accept) + make_interval(mins => 10 + pg_temp.sd_pick(k || ':failt', 50))
    when status = 'cancelled' then coalesce(t_accept, t_assign, created_at) + make_interval(mins => 5 + pg_temp.sd_pick(k || ':cancelt', 90))
  end
where n > 40;
-- Nothing in the future: the last steps happened at the latest a few minutes ago.
update sd_d set t_end = least(t_end, now() - make_interval(mins => 3 + pg_temp.sd_pick(k || ':endcap', 20)))
where n > 40;
update sd_d set t_return = least(t_end + make_interval(hours => 2 + pg_temp.sd_pick(k || ':returnt', 20)), t_end + (now() - t_end) * 0.9)
where status = 'returned';

-- The reasons people give.
alter table sd_d add column reason text, add column reject_reason text, add column note text;
update sd_d set
  reason = case
    when status = 'cancelled' then (array['Customer cancelled the order', 'Duplicate booking', 'Customer asked for a new date',
      'Goods not ready at pickup', 'Payment not received', 'Booked with the wrong service'])[pg_temp.sd_pick(k || ':reason', 6)]
    when status in ('failed', 'returned') and reached = 'in_transit' then (array['Recipient not available', 'Recipient not available',
      'Business closed on arrival', 'Refused by the recipient', 'No safe place to leave it', 'Access code not working',
      'Address could not be found'])[pg_temp.sd_pick(k || ':reason', 7)]
    when status in ('failed', 'returned') and reached = 'picked_up' then (array['Package damaged in transit', 'Vehicle breakdown',
      'Road closed, could not reach the area'])[pg_temp.sd_pick(k || ':reason', 3)]
    when status in ('failed', 'returned') then (array['Goods not ready at pickup', 'Pickup site closed'])[pg_temp.sd_pick(k || ':reason', 2)]
  end,
  reject_reason = case when rejected_driver_id is not null then (array['Shift ends before the window', 'Van is already full for this route',
    'Too far from my current position', 'Vehicle needs charging first', 'On another urgent job'])[pg_temp.sd_pick(k || ':rreason', 5)] end,
  note = case when pg_temp.sd_u(k || ':note') < 0.3 then (array['Call the recipient 10 minutes before arrival',
    'Fragile: keep upright', 'Use the service entrance', 'Leave with reception if nobody answers',
    'Gate code 4721', 'Customer prefers text messages', 'Heavy: two-person lift at drop-off',
    'Ask for a signature from the manager'])[pg_temp.sd_pick(k || ':notetext', 8)] else '' end;

-- A few checks before anything is written: the seed must never invent a timeline the machine would refuse.
do $$
declare
  bad integer;
begin
  select count(*) into bad from sd_d
  where created_at >= coalesce(t_offer, t_assign, t_end, now())
     or t_offer >= t_reject or t_reject >= t_assign or t_assign >= coalesce(t_accept, t_end, now())
     or t_accept >= coalesce(t_pickup, t_end, now()) or t_pickup >= coalesce(t_transit, t_end, now())
     or t_transit >= coalesce(t_end, now()) or t_end >= coalesce(t_return, now()) or t_return >= now();
  if bad > 0 then
    raise exception '70_deliveries.sql: % deliveries with a timeline out of order', bad;
  end if;
end;
$$;

-- Written in bulk with the live broadcasts and the audit trail of these three tables set aside:
-- nobody listens while the seed runs, and the audit trigger would record every row as written by
-- 'System' at seed time (which 90_activity.sql then backdates five weeks), a history no delivery
-- had; each delivery's history is its timeline. Everything else fires as on any owner write.
alter table public.deliveries disable trigger deliveries_broadcast, disable trigger audit_row_change;
alter table public.assignments disable trigger assignments_broadcast, disable trigger audit_row_change;
alter table public.delivery_events disable trigger delivery_events_broadcast;

-- Codes in the order the deliveries were booked, from 001001.
alter table sd_d add column code text;
update sd_d d set code = upper(private.tenant_code_prefix(d.tenant_id)) || '-' || lpad((1000 + x.seq)::text, 6, '0')
from (select id, row_number() over (partition by tenant_id order by created_at, n) as seq from sd_d) x
where d.id = x.id;

-- Deliveries whose proof has its files: a signature and one or two doorstep photos, uploaded into
-- the private proofs bucket at <tenant_id>/<delivery_id>/ (signature.png, photo-1.png, photo-2.png)
-- from supabase/seed-storage/proofs by config.toml's [storage.buckets.proofs] when the stack seeds.
-- Every delivery delivered earlier today (41-53, the most recent) and yesterday's of the demo
-- customers who have none today (business@acme.test 347, customer@globex.test 202 and 376), so
-- their dashboards show proof too. scripts/seed-proof-files.ts reads this list and draws the files:
-- run it after changing the list.
create temporary table sd_proof_files (slug text, n integer, photos integer);
insert into sd_proof_files (slug, n, photos) values
  -- proof-files:begin
  ('acme', 41, 1), ('acme', 42, 2), ('acme', 43, 1), ('acme', 44, 1), ('acme', 45, 1), ('acme', 46, 2), ('acme', 47, 1),
  ('acme', 48, 1), ('acme', 49, 1), ('acme', 50, 2), ('acme', 51, 1), ('acme', 52, 1), ('acme', 53, 1), ('acme', 347, 1),
  ('globex', 41, 1), ('globex', 42, 1), ('globex', 43, 1), ('globex', 44, 2), ('globex', 45, 1), ('globex', 46, 1),
  ('globex', 47, 1), ('globex', 48, 2), ('globex', 49, 1), ('globex', 50, 1), ('globex', 51, 1), ('globex', 52, 1),
  ('globex', 53, 1), ('globex', 202, 2), ('globex', 376, 1)
  -- proof-files:end
;

-- The deliveries, as they stand now (the trigger takes the snapshots and prices each).
insert into public.deliveries (
  id, tenant_id, delivery_code, barcode, external_reference_id, kind, customer_id,
  pickup_address_id, pickup_lat, pickup_lng, dropoff_address_id, dropoff_lat, dropoff_lng,
  pickup_window_start, pickup_window_end, dropoff_window_start, dropoff_window_end,
  packages, service_id, cod_amount, priority, notes, status, status_reason, driver_id, vehicle_id, proof,
  assigned_at, accepted_at, picked_up_at, in_transit_at, delivered_at, failed_at, cancelled_at, returned_at,
  created_by, created_at, updated_at
)
select d.id, d.tenant_id, d.code, d.code,
  case
    when d.user_type = 'business' and pg_temp.sd_u(d.k || ':ref') < 0.6 then 'PO-' || (4100 + d.n * 7)
    when d.user_type <> 'business' and pg_temp.sd_u(d.k || ':ref') < 0.45 then 'SHOP-' || (10000 + d.n * 13 + (case d.slug when 'acme' then 0 else 5 end))
  end,
  d.kind, d.customer_id,
  d.pickup_id, d.pickup_lat, d.pickup_lng, d.dropoff_id, d.dropoff_lat, d.dropoff_lng,
  d.pw_start, d.pw_end, d.dw_start, d.dw_end,
  d.packages, d.service_id,
  case when d.kind = 'delivery' and d.user_type <> 'business' and pg_temp.sd_u(d.k || ':cod') < 0.25
    then 15 + 5 * pg_temp.sd_pick(d.k || ':codamount', 40) - 0.01 else 0 end,
  case
    when d.kind = 'on_demand' then (array['high', 'high', 'urgent', 'normal'])[pg_temp.sd_pick(d.k || ':priority', 4)]
    else (array['normal', 'normal', 'normal', 'normal', 'normal', 'normal', 'low', 'high', 'high', 'urgent'])[pg_temp.sd_pick(d.k || ':priority', 10)]
  end,
  d.note,
  d.status,
  case when d.status in ('failed', 'returned', 'cancelled') then d.reason end,
  case when d.status in ('pending', 'cancelled') then null else d.driver_id end,
  case when d.status in ('pending', 'cancelled') then null else d.vehicle_id end,
  case when d.status = 'delivered' then jsonb_build_object(
    'recipient_name', case when d.user_type = 'business' then (array['Front desk', 'Store manager', 'Goods-in team'])[pg_temp.sd_pick(d.k || ':recipient', 3)]
      else (array[d.first_name, d.first_name, 'Concierge', 'Neighbour at No. 12'])[pg_temp.sd_pick(d.k || ':recipient', 4)] end,
    'lat', round((d.dropoff_lat + (pg_temp.sd_u(d.k || ':plat') - 0.5) * 0.0004)::numeric, 6),
    'lng', round((d.dropoff_lng + (pg_temp.sd_u(d.k || ':plng') - 0.5) * 0.0004)::numeric, 6),
    'captured_at', d.t_end)
    || case when pg_temp.sd_u(d.k || ':proofnote') < 0.3 then jsonb_build_object('notes',
      (array['Left with the concierge', 'Handed over at the door', 'Signed for at reception', 'Placed in the parcel locker'])[pg_temp.sd_pick(d.k || ':proofnotetext', 4)])
      else '{}'::jsonb end
    -- The files' paths as transition_delivery records a driver's upload: bucket paths in the delivery's folder.
    || coalesce((
      select jsonb_build_object('signature_url', d.tenant_id || '/' || d.id || '/signature.png',
        'photo_urls', (select jsonb_agg(d.tenant_id || '/' || d.id || '/photo-' || i || '.png' order by i) from generate_series(1, f.photos) i))
      from sd_proof_files f where f.slug = d.slug and f.n = d.n), '{}'::jsonb)
    else '{}'::jsonb end,
  d.t_assign, d.t_accept, d.t_pickup, d.t_transit,
  case when d.status = 'delivered' then d.t_end end,
  case when d.status in ('failed', 'returned') then d.t_end end,
  case when d.status = 'cancelled' then d.t_end end,
  d.t_return,
  d.created_by, d.created_at,
  coalesce(d.t_return, d.t_end, d.t_transit, d.t_pickup, d.t_accept, d.t_assign, d.created_at)
from sd_d d
order by d.tenant_id, d.code;

-- The 'created' event the trigger appended: booked by its creator, pending, when it was booked.
update public.delivery_events e
set status = 'pending', occurred_at = d.created_at, recorded_at = d.created_at, actor_id = d.created_by,
  actor_name = (select p.full_name from public.profiles p where p.id = d.created_by)
from sd_d d
where e.delivery_id = d.id and e.action = 'created';

-- Assignments: the rejected offer, then the one that stands (pending, accepted, completed or
-- cancelled with the delivery).
insert into public.assignments (id, tenant_id, delivery_id, driver_id, vehicle_id, assigned_by, assignment_time, status,
  notes, responded_at, rejection_reason, completed_at, cancelled_at, cancel_reason, created_at, updated_at)
select d.rejected_assignment_id, d.tenant_id, d.id, d.rejected_driver_id, d.rejected_vehicle_id, d.dispatcher, d.t_offer, 'rejected',
  '', d.t_reject, d.reject_reason, null, null, null, d.t_offer, d.t_reject
from sd_d d
where d.t_offer is not null
union all
select d.assignment_id, d.tenant_id, d.id, d.driver_id, d.vehicle_id, d.dispatcher, d.t_assign,
  case when d.status = 'assigned' then 'pending'
    when d.status in ('accepted', 'picked_up', 'in_transit') then 'accepted'
    when d.status in ('delivered', 'failed', 'returned') then 'completed'
    else 'cancelled' end,
  case when pg_temp.sd_u(d.k || ':anote') < 0.2 then (array['Load at bay 2', 'Customer asked for this driver', 'Combine with the afternoon round'])[pg_temp.sd_pick(d.k || ':anotetext', 3)] else '' end,
  d.t_accept, null,
  case when d.status in ('delivered', 'failed', 'returned') then d.t_end end,
  case when d.status = 'cancelled' then d.t_end end,
  case when d.status = 'cancelled' then d.reason end,
  d.t_assign,
  case when d.status in ('delivered', 'failed', 'returned', 'cancelled') then d.t_end else coalesce(d.t_accept, d.t_assign) end
from sd_d d
where d.t_assign is not null;

-- The rest of each timeline, as the status machine writes it: who, when, where.
insert into public.delivery_events (tenant_id, delivery_id, action, status, from_status, occurred_at, recorded_at,
  actor_id, actor_name, driver_id, assignment_id, lat, lng, note, reason)
select e.tenant_id, e.delivery_id, e.action, e.status, e.from_status, e.occurred_at, e.occurred_at + interval '1 second',
  e.actor_id, (select p.full_name from public.profiles p where p.id = e.actor_id), e.driver_id, e.assignment_id,
  e.lat, e.lng, e.note, e.reason
from (
  select d.tenant_id, d.id as delivery_id, 'assigned' as action, 'assigned' as status, 'pending' as from_status, d.t_offer as occurred_at,
    d.dispatcher as actor_id, d.rejected_driver_id as driver_id, d.rejected_assignment_id as assignment_id,
    null::double precision as lat, null::double precision as lng, null as note, null as reason
  from sd_d d where d.t_offer is not null
  union all
  select d.tenant_id, d.id, 'rejected', 'pending', 'assigned', d.t_reject, d.rejected_driver_id, null, d.rejected_assignment_id,
    null, null, null, d.reject_reason
  from sd_d d where d.t_offer is not null
  union all
  select d.tenant_id, d.id, 'assigned', 'assigned', 'pending', d.t_assign, d.dispatcher, d.driver_id, d.assignment_id, null, null, null, null
  from sd_d d where d.t_assign is not null
  union all
  select d.tenant_id, d.id, 'status', 'accepted', 'assigned', d.t_accept, d.driver_id, d.driver_id, d.assignment_id, null, null, null, null
  from sd_d d where d.t_accept is not null
  union all
  select d.tenant_id, d.id, 'status', 'picked_up', 'accepted', d.t_pickup, d.driver_id, d.driver_id, d.assignment_id,
    d.pickup_lat + (pg_temp.sd_u(d.k || ':pulat') - 0.5) * 0.0003, d.pickup_lng + (pg_temp.sd_u(d.k || ':pulng') - 0.5) * 0.0003,
    case when pg_temp.sd_u(d.k || ':punote') < 0.2 then 'Loaded, seal checked' end, null
  from sd_d d where d.t_pickup is not null
  union all
  select d.tenant_id, d.id, 'status', 'in_transit', 'picked_up', d.t_transit, d.driver_id, d.driver_id, d.assignment_id,
    d.pickup_lat + (d.dropoff_lat - d.pickup_lat) * 0.05, d.pickup_lng + (d.dropoff_lng - d.pickup_lng) * 0.05, null, null
  from sd_d d where d.t_transit is not null
  union all
  select d.tenant_id, d.id, 'status', case when d.status = 'returned' then 'failed' else d.status end,
    case when d.status = 'delivered' then 'in_transit' else d.reached end, d.t_end,
    case when d.status = 'cancelled' or (d.reached = 'accepted' and d.status <> 'delivered') then d.dispatcher else d.driver_id end,
    case when d.status = 'cancelled' then null else d.driver_id end,
    case when d.reached = 'pending' then null else d.assignment_id end,
    case when d.status = 'cancelled' then null when d.reached = 'in_transit' or d.status = 'delivered'
      then d.dropoff_lat + (pg_temp.sd_u(d.k || ':elat') - 0.5) * 0.0004
      else d.pickup_lat + (d.dropoff_lat - d.pickup_lat) * 0.3 end,
    case when d.status = 'cancelled' then null when d.reached = 'in_transit' or d.status = 'delivered'
      then d.dropoff_lng + (pg_temp.sd_u(d.k || ':elng') - 0.5) * 0.0004
      else d.pickup_lng + (d.dropoff_lng - d.pickup_lng) * 0.3 end,
    case when d.status = 'delivered' and pg_temp.sd_u(d.k || ':dnote') < 0.25 then 'Delivered to ' ||
      (array['the front door', 'reception', 'the concierge', 'the loading dock'])[pg_temp.sd_pick(d.k || ':dnotetext', 4)] end,
    case when d.status in ('failed', 'returned', 'cancelled') then d.reason end
  from sd_d d where d.t_end is not null
  union all
  select d.tenant_id, d.id, 'status', 'returned', 'failed', d.t_return, d.dispatcher, d.driver_id, null, null, null,
    'Back at ' || d.depot, null
  from sd_d d where d.status = 'returned'
) e;

alter table public.deliveries enable trigger deliveries_broadcast, enable trigger audit_row_change;
alter table public.assignments enable trigger assignments_broadcast, enable trigger audit_row_change;
alter table public.delivery_events enable trigger delivery_events_broadcast;

-- New deliveries continue after the highest code.
insert into private.tenant_counters as c (tenant_id, name, value)
select d.tenant_id, 'deliveries', max(substring(d.code from '[0-9]+$')::bigint) from sd_d d group by d.tenant_id
on conflict (tenant_id, name) do update set value = greatest(c.value, excluded.value);

-- Drivers' duty status follows their accepted work (busy with it, available without it).
select private.refresh_driver_status(r.id) from public.drivers r join sd_tenants t on t.tenant_id = r.tenant_id;

-- A driver with work on the road is where that work is, so the board's map shows them on their
-- route: halfway along a delivery in transit, at the pickup of one picked up, short of the pickup of
-- one accepted (the most advanced one when they carry several). Their trail of the last minutes
-- (55_drivers) moves with them.
create temp table sd_here as
select distinct on (d.driver_id) d.driver_id,
  d.pickup_lat + (d.dropoff_lat - d.pickup_lat) * f.k as lat,
  d.pickup_lng + (d.dropoff_lng - d.pickup_lng) * f.k as lng
from public.deliveries d
join sd_tenants t on t.tenant_id = d.tenant_id
cross join lateral (select case d.status when 'in_transit' then 0.55 when 'picked_up' then 0.0 else -0.15 end as k) f
where d.status in ('accepted', 'picked_up', 'in_transit') and d.driver_id is not null
  and d.pickup_lat is not null and d.dropoff_lat is not null
order by d.driver_id, case d.status when 'in_transit' then 0 when 'picked_up' then 1 else 2 end, d.id;
update public.driver_positions p set lat = p.lat + h.lat - r.last_lat, lng = p.lng + h.lng - r.last_lng
from sd_here h join public.drivers r on r.id = h.driver_id
where p.driver_id = h.driver_id and r.last_lat is not null;
update public.drivers r set last_lat = h.lat, last_lng = h.lng from sd_here h where r.id = h.driver_id;
drop table sd_here;

drop table sd_proof_files, sd_d, sd_base, sd_service, sd_pair, sd_rejected, sd_who, sd_route, sd_packages, sd_catalog, sd_fit, sd_price,
  sd_customers, sd_sites, sd_addr, sd_tenants;
drop function pg_temp.sd_u(text), pg_temp.sd_pick(text, integer), pg_temp.sd_between(timestamptz, timestamptz, double precision);
