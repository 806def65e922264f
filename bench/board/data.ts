import type { Database } from '../../stack/db/database.ts';

/**
 * The board suite's data, on a stack of the app's own project (migrations and seed): Acme (the seeded
 * tenant) gets `drivers` more on-duty drivers (users, driver panel, each with their own vehicle and
 * a fresh position around the city) and `deliveries` more open deliveries created this morning, an
 * even fifth each pending, assigned (pending assignment), accepted, picked up and in transit, the
 * assigned ones spread over the bench drivers with their open assignments. Generated set-based from
 * the row number (the same data every run). Users go in with their triggers on (the sign-up trigger
 * makes their profiles); the rest is written as the owner with triggers off (`session_replication_role
 * = replica`: no events, audit or broadcasts for the load; CHECK constraints hold), then VACUUM ANALYZE.
 */

export const BOARD_TENANT = 'a0000000-0000-4000-8000-000000000001';
export const BOARD_SLUG = 'acme';
/** Every seeded person signs in with it (supabase/seed.sql); the bench drivers get it too. */
export const BOARD_PASSWORD = 'Waypost!2026';
export const DISPATCHER_EMAIL = 'dispatcher@acme.test';

/** The statuses the load spreads the open deliveries over, one fifth each. */
export const LOADED_STATUSES = ['pending', 'assigned', 'accepted', 'picked_up', 'in_transit'] as const;
export type LoadedStatus = (typeof LOADED_STATUSES)[number];

// The seed's customer Carla, the San Francisco depot and the same-day service: priced between them (as bench/field uses them).
const CUSTOMER = 'a1000000-0000-4000-8000-000000000004';
const DEPOT = 'a4000000-0000-4000-8000-000000000001';
const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';

/** What a new delivery of the stream is made of (a dispatcher's form: Carla's parcel from the depot). */
export interface NewDelivery {
  customerId: string;
  pickupAddressId: string;
  dropoffAddressId: string;
  serviceId: string;
}

export interface BoardData {
  newDelivery: NewDelivery;
  drivers: { id: string; vehicleId: string; lat: number; lng: number }[];
  deliveries: { id: string; status: LoadedStatus; driverId: string | null }[];
  /** The working set as the board reads it (open, and finished today; on-duty drivers), seed included. */
  workingSet: { deliveries: number; openDeliveries: number; drivers: number; assignments: number };
  loadMs: number;
}

const DELIVERIES_SQL = `
with places as (
  select array_agg(a.id order by a.id) as ids, array_agg(private.address_snapshot(a) order by a.id) as snaps,
    array_agg(a.latitude order by a.id) as lats, array_agg(a.longitude order by a.id) as lngs,
    array_agg((select z.id from private.zones_at(a.tenant_id, a.latitude, a.longitude) z limit 1) order by a.id) as zones
  from public.addresses a
  where a.tenant_id = $1 and a.latitude is not null and exists (select 1 from private.zones_at(a.tenant_id, a.latitude, a.longitude))
),
customers as (
  select array_agg(p.id order by p.id) as ids from public.profiles p where p.tenant_id = $1 and p.panel_type = 'customer' and p.status = 'active'
),
services as (
  select array_agg(s.id order by s.code) as ids from public.delivery_services s where s.tenant_id = $1 and s.active
),
crew as (
  select array_agg(r.id order by r.licence_number) as drivers, array_agg(r.default_vehicle_id order by r.licence_number) as vehicles
  from public.drivers r where r.tenant_id = $1 and r.licence_number like 'BOARD%'
),
staff as (select id from public.profiles where tenant_id = $1 and email = '${DISPATCHER_EMAIL}'),
g as (
  select i, (array['pending', 'assigned', 'accepted', 'picked_up', 'in_transit'])[1 + i % 5] as status,
    (array['delivery', 'delivery', 'pickup_delivery', 'pickup', 'on_demand'])[1 + (i * 7) % 5] as kind,
    now() - make_interval(secs => 60 + i * 3) as created_at,
    1 + (i * 13) % cardinality(places.ids) as p, 1 + (i * 29 + 3) % cardinality(places.ids) as q,
    customers.ids[1 + (i * 11) % cardinality(customers.ids)] as customer_id,
    services.ids[1 + (i * 17) % cardinality(services.ids)] as service_id,
    crew.drivers[1 + i % cardinality(crew.drivers)] as driver_id, crew.vehicles[1 + i % cardinality(crew.drivers)] as vehicle_id,
    places.ids as pids, places.snaps, places.lats, places.lngs, places.zones
  from generate_series(1, $2::int) i, places, customers, services, crew
)
insert into public.deliveries (id, tenant_id, delivery_code, barcode, tracking_token, kind, customer_id,
  pickup_address_id, pickup_address, pickup_lat, pickup_lng, dropoff_address_id, dropoff_address, dropoff_lat, dropoff_lng,
  pickup_window_start, pickup_window_end, dropoff_window_start, dropoff_window_end, packages, package_count, total_weight_kg,
  service_id, pickup_zone_id, dropoff_zone_id, price, currency, cod_amount, priority, notes, status,
  driver_id, vehicle_id, assigned_at, accepted_at, picked_up_at, in_transit_at, created_by, created_at, updated_at)
select md5('board-delivery:' || i)::uuid, $1, 'ACME-' || (900000 + i), 'ACME-' || (900000 + i),
  md5('board-token-a:' || i) || md5('board-token-b:' || i), kind, customer_id,
  pids[p], snaps[p], lats[p], lngs[p], pids[q], snaps[q], lats[q], lngs[q],
  created_at + interval '1 hour', created_at + interval '3 hours', created_at + interval '2 hours', created_at + interval '6 hours',
  jsonb_build_array(jsonb_build_object('description', 'Carton', 'quantity', 1 + i % 3, 'weight_kg', 2 + i % 9)),
  1 + i % 3, (1 + i % 3) * (2 + i % 9),
  service_id, zones[p], zones[q], 8 + (i % 4000) / 100.0, 'USD', 0,
  (array['normal', 'normal', 'normal', 'low', 'high', 'urgent'])[1 + i % 6], '', status,
  case when status <> 'pending' then driver_id end, case when status <> 'pending' then vehicle_id end,
  case when status <> 'pending' then created_at + interval '20 seconds' end,
  case when status in ('accepted', 'picked_up', 'in_transit') then created_at + interval '25 seconds' end,
  case when status in ('picked_up', 'in_transit') then created_at + interval '30 seconds' end,
  case when status = 'in_transit' then created_at + interval '35 seconds' end,
  (select id from staff), created_at, created_at
from g`;

export async function loadBoardData(db: Database, opts: { deliveries: number; drivers: number }): Promise<BoardData> {
  const t0 = performance.now();
  // The drivers as GoTrue stores users (the sign-up trigger makes their profiles), with the seed's password.
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
       select '00000000-0000-0000-0000-000000000000', md5('board-driver:' || n)::uuid, 'authenticated', 'authenticated',
         'board-driver-' || n || '@acme.bench', extensions.crypt($2, extensions.gen_salt('bf', 4)), now(),
         '{"provider":"email","providers":["email"]}', jsonb_build_object('first_name', 'Board', 'last_name', 'Driver ' || lpad(n::text, 3, '0'), 'tenant_slug', 'acme'),
         now(), now(), '', '', '', ''
       from generate_series(1, $1::int) n`,
      [opts.drivers, BOARD_PASSWORD],
    );
    await tx.query(`update public.profiles set panel_type = 'driver', roles = array['driver'] where email like 'board-driver-%@acme.bench'`);
  });
  await db.transaction(async (tx) => {
    await tx.exec(`set local session_replication_role = replica`);
    // One vehicle each, fit for every licence, service feature and load the deliveries have.
    await tx.query(
      `insert into public.vehicles (id, tenant_id, name, code, description, capacity_unit, vehicle_requirements)
       select md5('board-vehicle:' || n)::uuid, $1, 'Board van ' || lpad(n::text, 3, '0'), 'BOARD-VAN-' || lpad(n::text, 3, '0'), 'Bench van', 2000,
         '{"license_requirements": ["standard", "commercial", "special"], "special_features": ["lift_gate", "refrigeration", "temperature_control", "security_system", "gps_tracking"], "fuel_type": "diesel"}'
       from generate_series(1, $2::int) n`,
      [BOARD_TENANT, opts.drivers],
    );
    // On duty with a fix a few seconds old, spread around the tenant's addresses.
    await tx.query(
      `with centre as (select avg(latitude) as lat, avg(longitude) as lng from public.addresses where tenant_id = $1 and latitude is not null)
       insert into public.drivers (id, tenant_id, licence_number, licence_class, licence_expiry, status, default_vehicle_id, last_lat, last_lng, last_heading, last_position_at)
       select p.id, p.tenant_id, 'BOARD' || lpad(n::text, 4, '0'), 'commercial', current_date + 400, 'available',
         md5('board-vehicle:' || n)::uuid, centre.lat + ((n * 37) % 100 - 50) / 1000.0, centre.lng + ((n * 53) % 100 - 50) / 1000.0, (n * 17) % 360, now() - interval '3 seconds'
       from centre, public.profiles p
       join lateral (select substring(p.email from 'board-driver-(\\d+)@')::int as n) k on true
       where p.email like 'board-driver-%@acme.bench'`,
      [BOARD_TENANT],
    );
    await tx.query(DELIVERIES_SQL, [BOARD_TENANT, opts.deliveries]);
    await tx.query(
      `insert into public.assignments (tenant_id, delivery_id, driver_id, vehicle_id, assigned_by, assignment_time, status, responded_at)
       select d.tenant_id, d.id, d.driver_id, d.vehicle_id, d.created_by, d.assigned_at,
         case when d.status = 'assigned' then 'pending' else 'accepted' end, d.accepted_at
       from public.deliveries d where d.tenant_id = $1 and d.delivery_code like 'ACME-9%' and d.driver_id is not null`,
      [BOARD_TENANT],
    );
    // The seed gives this dispatcher "Due today" as their board's default filter, which made what
    // the board shows depend on the hour (near midnight almost nothing is due today): the bench's
    // dispatcher opens the board on the whole working set.
    await tx.query(`update public.dispatcher_settings set default_board_filters = '{}' where user_id = (select id from public.profiles where email = $1)`, [DISPATCHER_EMAIL]);
    await tx.query(`update public.drivers set status = 'busy' where tenant_id = $1 and licence_number like 'BOARD%' and id in (select driver_id from public.deliveries where status in ('accepted', 'picked_up', 'in_transit'))`, [BOARD_TENANT]);
    // New deliveries of the stream number after the loaded ones and the seed's (the seed writes its codes itself, with no counter row).
    await tx.query(
      `insert into private.tenant_counters as c (tenant_id, name, value) values ($1, 'deliveries', 900000 + $2::int)
       on conflict (tenant_id, name) do update set value = greatest(c.value, excluded.value)`,
      [BOARD_TENANT, opts.deliveries],
    );
  });
  for (const table of ['deliveries', 'assignments', 'drivers', 'vehicles', 'profiles']) await db.exec(`vacuum analyze public.${table}`);
  const loadMs = performance.now() - t0;

  const drivers = await db.query<{ id: string; vehicle_id: string; lat: number; lng: number }>(
    `select id, default_vehicle_id as vehicle_id, last_lat as lat, last_lng as lng from public.drivers where tenant_id = $1 and licence_number like 'BOARD%' order by licence_number`,
    [BOARD_TENANT],
  );
  const deliveries = await db.query<{ id: string; status: LoadedStatus; driver_id: string | null }>(
    `select id, status, driver_id from public.deliveries where tenant_id = $1 and delivery_code like 'ACME-9%' order by delivery_code`,
    [BOARD_TENANT],
  );
  const ws = await db.query<{ deliveries: number; open: number; drivers: number; assignments: number }>(
    `select (select count(*)::int from public.deliveries where tenant_id = $1 and (status in ('pending', 'assigned', 'accepted', 'picked_up', 'in_transit')
              or (status in ('delivered', 'failed') and greatest(delivered_at, failed_at) >= date_trunc('day', now())))) as deliveries,
       (select count(*)::int from public.deliveries where tenant_id = $1 and status in ('pending', 'assigned', 'accepted', 'picked_up', 'in_transit')) as open,
       (select count(*)::int from public.drivers where tenant_id = $1 and status <> 'offline') as drivers,
       (select count(*)::int from public.assignments where tenant_id = $1 and status in ('pending', 'accepted')) as assignments`,
    [BOARD_TENANT],
  );
  const w = ws.rows[0]!;
  const home = await db.query<{ id: string }>(
    `select id from public.addresses where tenant_id = $1 and user_id = $2 and is_active and latitude is not null order by is_primary desc, id limit 1`,
    [BOARD_TENANT, CUSTOMER],
  );
  if (!home.rows[0]) throw new Error("the seed's customer Carla has no address with a position");
  return {
    newDelivery: { customerId: CUSTOMER, pickupAddressId: DEPOT, dropoffAddressId: home.rows[0].id, serviceId: SAME_DAY },
    drivers: drivers.rows.map((r) => ({ id: r.id, vehicleId: r.vehicle_id, lat: Number(r.lat), lng: Number(r.lng) })),
    deliveries: deliveries.rows.map((r) => ({ id: r.id, status: r.status, driverId: r.driver_id })),
    workingSet: { deliveries: w.deliveries, openDeliveries: w.open, drivers: w.drivers, assignments: w.assignments },
    loadMs,
  };
}
