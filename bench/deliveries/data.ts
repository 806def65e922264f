import type { Database } from '../../stack/db/database.ts';

/**
 * The deliveries suite's data, on a stack of the app's own project (migrations and seed):
 *   - Acme (the seeded tenant) gets `total` more deliveries, generated set-based from the row
 *     number (same data every run), over the last 365 days, in every status and kind, with the
 *     seed's customers, addresses (snapshots and zones), services, drivers and vehicles;
 *   - `drivers` bench drivers (bench-driver-N@acme.bench, password BENCH_PASSWORD, commercial
 *     licence, busy), each with `perDriver` of those deliveries accepted and an accepted assignment:
 *     the work the transitions phase moves on.
 * The load runs as the owner with triggers off (session_replication_role = replica: no
 * derivation, no events, no audit, no broadcast, no FK triggers; CHECK constraints still hold),
 * the deliveries' secondary indexes dropped and rebuilt after it, then VACUUM ANALYZE, as
 * autovacuum would leave a table in use.
 */

export const BENCH_TENANT = 'a0000000-0000-4000-8000-000000000001';
export const BENCH_PASSWORD = 'Waypost!2026';
export const DISPATCHER_EMAIL = 'dispatcher@acme.test';

export interface LoadedData {
  deliveries: number;
  loadMs: number;
  indexMs: number;
  analyzeMs: number;
  drivers: Array<{ email: string; id: string; deliveryIds: string[] }>;
  /** Ids the filter shapes use: a service, a zone, a busy seeded driver, a code fragment, a reference. */
  probe: { serviceId: string; zoneId: string; driverId: string; codeTerm: string; referenceTerm: string };
}

const LOAD_SQL = `
with acme as (select '${BENCH_TENANT}'::uuid as id),
customers as (
  select array_agg(p.id order by p.id) as ids from public.profiles p, acme
  where p.tenant_id = acme.id and p.panel_type = 'customer' and p.status = 'active'
),
staff as (
  select array_agg(p.id order by p.id) as ids from public.profiles p, acme
  where p.tenant_id = acme.id and p.panel_type in ('dispatcher', 'admin') and p.status = 'active'
),
places as (
  select array_agg(a.id order by a.id) as ids, array_agg(private.address_snapshot(a) order by a.id) as snaps,
    array_agg(a.latitude order by a.id) as lats, array_agg(a.longitude order by a.id) as lngs,
    array_agg((select z.id from private.zones_at(a.tenant_id, a.latitude, a.longitude) z limit 1) order by a.id) as zones
  from public.addresses a, acme
  where a.tenant_id = acme.id and a.latitude is not null
    and exists (select 1 from private.zones_at(a.tenant_id, a.latitude, a.longitude))
),
services as (
  select array_agg(s.id order by s.code) as ids from public.delivery_services s, acme where s.tenant_id = acme.id and s.active
),
crew as (
  select array_agg(r.id order by r.id) as drivers, array_agg(coalesce(r.default_vehicle_id, v.id) order by r.id) as vehicles
  from public.drivers r, acme,
    lateral (select v.id from public.vehicles v where v.tenant_id = acme.id and v.active order by v.code limit 1) v
  where r.tenant_id = acme.id and r.id not in (select id from bench_driver_ids)
),
g as (
  select i,
    -- Work in hand is recent (the newest 3,000: about a day), as in a business: nothing stays
    -- pending for months. The rest is history.
    case when i <= 3000 and i % 10 < 6 then (array['pending', 'assigned', 'accepted', 'picked_up', 'in_transit', 'in_transit'])[1 + i % 10]
      when i % 100 < 84 then 'delivered' when i % 100 < 88 then 'failed' when i % 100 < 90 then 'returned'
      when i % 100 < 96 then 'cancelled' else 'delivered' end as status,
    (array['delivery', 'delivery', 'pickup_delivery', 'pickup', 'on_demand'])[1 + (i * 7) % 5] as kind,
    now() - make_interval(secs => i * 31.5) as created_at,
    1 + (i * 13) % cardinality(places.ids) as p, 1 + (i * 29 + 3) % cardinality(places.ids) as q,
    customers.ids[1 + (i * 11) % cardinality(customers.ids)] as customer_id,
    services.ids[1 + (i * 17) % cardinality(services.ids)] as service_id,
    1 + (i * 23) % cardinality(crew.drivers) as r,
    staff.ids[1 + (i * 3) % cardinality(staff.ids)] as created_by,
    places.ids as pids, places.snaps, places.lats, places.lngs, places.zones, crew.drivers, crew.vehicles
  from generate_series(1, $1::int) i, places, customers, services, crew, staff
)
insert into public.deliveries (id, tenant_id, delivery_code, barcode, tracking_token, external_reference_id, kind, customer_id,
  pickup_address_id, pickup_address, pickup_lat, pickup_lng, dropoff_address_id, dropoff_address, dropoff_lat, dropoff_lng,
  pickup_window_start, pickup_window_end, dropoff_window_start, dropoff_window_end, packages, package_count, total_weight_kg,
  service_id, pickup_zone_id, dropoff_zone_id, price, currency, quote, cod_amount, priority, notes, status, status_reason,
  driver_id, vehicle_id, assigned_at, accepted_at, picked_up_at, in_transit_at, delivered_at, failed_at, cancelled_at, returned_at,
  created_by, created_at, updated_at)
select md5('bench-delivery:' || i)::uuid, '${BENCH_TENANT}', 'ACME-' || (2000000 + i), 'ACME-' || (2000000 + i),
  md5('bench-token-a:' || i) || md5('bench-token-b:' || i),
  case when i % 5 < 2 then 'SHOP-' || (100000 + i) end,
  kind, customer_id,
  pids[p], snaps[p], lats[p], lngs[p], pids[q], snaps[q], lats[q], lngs[q],
  created_at + interval '1 hour', created_at + interval '3 hours', created_at + interval '2 hours', created_at + interval '6 hours',
  jsonb_build_array(jsonb_build_object('description', 'Carton', 'quantity', 1 + i % 3, 'weight_kg', 2 + i % 9)),
  1 + i % 3, (1 + i % 3) * (2 + i % 9),
  service_id, zones[p], zones[q], 8 + (i % 4000) / 100.0, 'USD', null, 0,
  (array['normal', 'normal', 'normal', 'low', 'high', 'urgent'])[1 + i % 6], '',
  status, case when status in ('failed', 'returned', 'cancelled') then 'Recipient not available' end,
  case when status in ('pending', 'cancelled') then null else drivers[r] end,
  case when status in ('pending', 'cancelled') then null else vehicles[r] end,
  case when status not in ('pending', 'cancelled') then created_at + interval '20 minutes' end,
  case when status not in ('pending', 'cancelled', 'assigned') then created_at + interval '25 minutes' end,
  case when status in ('picked_up', 'in_transit', 'delivered', 'failed', 'returned') then created_at + interval '70 minutes' end,
  case when status in ('in_transit', 'delivered', 'failed', 'returned') then created_at + interval '75 minutes' end,
  case when status = 'delivered' then created_at + interval '3 hours' end,
  case when status in ('failed', 'returned') then created_at + interval '3 hours' end,
  case when status = 'cancelled' then created_at + interval '10 minutes' end,
  case when status = 'returned' then created_at + interval '9 hours' end,
  created_by, created_at, created_at
from g`;

/** The bench drivers' own accepted deliveries and their accepted assignments, newest first. */
const BENCH_WORK_SQL = `
with d as (
  select x.id, x.created_at, b.id as driver_id, b.vehicle_id
  from (select id, vehicle_id, row_number() over (order by id) - 1 as k from bench_driver_ids) b
  cross join lateral (
    select d.id, d.created_at from public.deliveries d
    where d.tenant_id = '${BENCH_TENANT}' and d.status = 'delivered'
      and d.delivery_code > 'ACME-2' and right(d.delivery_code, 7)::int % $1::int = b.k
    order by d.created_at desc limit $2::int
  ) x
)
, moved as (
  update public.deliveries x set status = 'accepted', driver_id = d.driver_id, vehicle_id = d.vehicle_id,
    accepted_at = now() - interval '48 minutes', picked_up_at = null, in_transit_at = null, delivered_at = null,
    created_at = now() - interval '1 hour', assigned_at = now() - interval '50 minutes'
  from d where x.id = d.id
  returning x.id, x.driver_id, x.vehicle_id
)
insert into public.assignments (tenant_id, delivery_id, driver_id, vehicle_id, assigned_by, assignment_time, status, responded_at)
select '${BENCH_TENANT}', m.id, m.driver_id, m.vehicle_id, null, now() - interval '50 minutes', 'accepted', now() - interval '48 minutes'
from moved m`;

export async function loadDeliveries(db: Database, opts: { total: number; drivers: number; perDriver: number }): Promise<LoadedData> {
  // The bench drivers: users as GoTrue stores them (the sign-up trigger makes their profiles), then
  // the driver panel and a driver record that the Box Truck (commercial licence) fits.
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
       select '00000000-0000-0000-0000-000000000000', md5('bench-driver:' || n)::uuid, 'authenticated', 'authenticated',
         'bench-driver-' || n || '@acme.bench', extensions.crypt($2, extensions.gen_salt('bf', 4)), now(),
         '{"provider":"email","providers":["email"]}', jsonb_build_object('first_name', 'Bench', 'last_name', 'Driver ' || n, 'tenant_slug', 'acme'),
         now(), now(), '', '', '', ''
       from generate_series(1, $1::int) n`,
      [opts.drivers, BENCH_PASSWORD],
    );
    await tx.query(
      `insert into auth.identities (id, user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
       select u.id, u.id, u.id::text, 'email', jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), now(), now(), now()
       from auth.users u where u.email like 'bench-driver-%@acme.bench'`,
    );
    await tx.query(`update public.profiles set panel_type = 'driver', roles = array['driver'] where email like 'bench-driver-%@acme.bench'`);
    await tx.query(
      `insert into public.drivers (id, tenant_id, licence_number, licence_class, licence_expiry, status)
       select p.id, p.tenant_id, 'BENCH' || lpad(row_number() over (order by p.id)::text, 4, '0'), 'commercial', current_date + 400, 'busy'
       from public.profiles p where p.email like 'bench-driver-%@acme.bench'`,
    );
  });

  let loadMs = 0;
  let indexMs = 0;
  const t0 = performance.now();
  const indexes = await db.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def from pg_index i
     where i.indrelid = 'public.deliveries'::regclass and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  await db.transaction(async (tx) => {
    await tx.exec(`set local session_replication_role = replica`);
    await tx.exec(
      `create temporary table bench_driver_ids on commit drop as
       select r.id, (select v.id from public.vehicles v where v.tenant_id = r.tenant_id and v.active
         and v.vehicle_requirements -> 'license_requirements' ? r.licence_class order by v.code limit 1) as vehicle_id
       from public.drivers r join public.profiles p on p.id = r.id where p.email like 'bench-driver-%@acme.bench'`,
    );
    for (const ix of indexes.rows) await tx.exec(`drop index ${ix.name}`);
    await tx.query(LOAD_SQL, [opts.total]);
    loadMs = performance.now() - t0;
    const t1 = performance.now();
    await tx.exec(`set local maintenance_work_mem = '256MB'`);
    for (const ix of indexes.rows) await tx.exec(ix.def);
    indexMs = performance.now() - t1;
    await tx.query(BENCH_WORK_SQL, [opts.drivers, opts.perDriver]);
    await tx.exec(
      `update private.tenant_counters set value = greatest(value, 2000000 + ${Number(opts.total)})
       where tenant_id = '${BENCH_TENANT}' and name = 'deliveries'`,
    );
  });
  const t2 = performance.now();
  await db.exec('vacuum analyze public.deliveries');
  await db.exec('vacuum analyze public.assignments');
  await db.exec('analyze public.profiles');
  const analyzeMs = performance.now() - t2;

  const drivers = await db.query<{ email: string; id: string; ids: string[] }>(
    `select p.email, p.id, array_agg(a.delivery_id order by a.delivery_id) as ids
     from public.profiles p join public.assignments a on a.driver_id = p.id and a.status = 'accepted'
     where p.email like 'bench-driver-%@acme.bench' group by p.email, p.id order by p.email`,
  );
  const count = await db.query<{ n: number }>(`select count(*)::int as n from public.deliveries where tenant_id = $1`, [BENCH_TENANT]);
  const probe = await db.query<{ service_id: string; zone_id: string; driver_id: string }>(
    `select (select service_id from public.deliveries where tenant_id = $1 group by 1 order by count(*) limit 1) as service_id,
       (select pickup_zone_id from public.deliveries where tenant_id = $1 and pickup_zone_id is not null group by 1 order by count(*) limit 1) as zone_id,
       (select driver_id from public.deliveries where tenant_id = $1 and driver_id is not null and delivery_code > 'ACME-2'
          group by 1 order by count(*) desc limit 1) as driver_id`,
    [BENCH_TENANT],
  );
  return {
    deliveries: count.rows[0].n,
    loadMs,
    indexMs,
    analyzeMs,
    drivers: drivers.rows.map((r) => ({ email: r.email, id: r.id, deliveryIds: r.ids })),
    probe: {
      serviceId: probe.rows[0].service_id,
      zoneId: probe.rows[0].zone_id,
      driverId: probe.rows[0].driver_id,
      // A code a user types from a label (one delivery), and a shop's order number prefix (a few).
      codeTerm: `ACME-${2000000 + Math.floor(opts.total * 0.7)}`,
      referenceTerm: `SHOP-${100000 + Math.floor(opts.total * 0.5)}`.slice(0, -1),
    },
  };
}
