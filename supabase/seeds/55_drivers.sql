-- Drivers: twelve per tenant, so the drivers list, dispatch and the maps have a fleet to show.
--
-- The active driver-panel people of seed.sql and 20_people.sql (the demo driver@acme.test and
-- driver@globex.test among them) plus seven new drivers per tenant (ids a5500000-… / b5500000-…,
-- '.example' addresses: the '.test' accounts stay exactly the demo users). One more new person per
-- tenant has the driver role but no driver record yet (hired this week, licence not on file): the
-- one drivers/create offers, with the inactive and invited driver-panel people of 20_people.sql.
-- Every status; licences of every class, two expiring within 30 days and one expired (relative to
-- the day the seed runs); default vehicles from seed.sql, home zones from 50_zones_pricing.sql;
-- positions inside each tenant's city: on-duty drivers reported in the last few minutes, with a
-- short trail thinned as record_driver_position thins it (one fix a minute, or 25 m apart), off-duty
-- drivers hours ago.

create temporary table seed_driver_people (
  id uuid, tenant_id uuid, email text, first_name text, last_name text, days_ago int, phone text
);

insert into seed_driver_people values
  ('a5500000-0000-4000-8000-000000000001'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'marco.rossi@acmelogistics.example', 'Marco', 'Rossi', 120, '+1 415 555 0301'),
  ('a5500000-0000-4000-8000-000000000002'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'grace.liu@acmelogistics.example', 'Grace', 'Liu', 96, '+1 415 555 0302'),
  ('a5500000-0000-4000-8000-000000000003'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'daniel.okafor@acmelogistics.example', 'Daniel', 'Okafor', 88, '+1 415 555 0303'),
  ('a5500000-0000-4000-8000-000000000004'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'hannah.schmidt@acmelogistics.example', 'Hannah', 'Schmidt', 71, '+1 415 555 0304'),
  ('a5500000-0000-4000-8000-000000000005'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'omar.haddad@acmelogistics.example', 'Omar', 'Haddad', 52, '+1 415 555 0305'),
  ('a5500000-0000-4000-8000-000000000006'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'elena.petrova@acmelogistics.example', 'Elena', 'Petrova', 33, '+1 415 555 0306'),
  ('a5500000-0000-4000-8000-000000000007'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'tyler.brooks@acmelogistics.example', 'Tyler', 'Brooks', 19, '+1 415 555 0307'),
  ('a5500000-0000-4000-8000-000000000008'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'maya.patel@acmelogistics.example', 'Maya', 'Patel', 3, '+1 415 555 0308'),
  ('b5500000-0000-4000-8000-000000000001'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'owen.hughes@globexfreight.example', 'Owen', 'Hughes', 130, '+44 20 7946 0301'),
  ('b5500000-0000-4000-8000-000000000002'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'imogen.clarke@globexfreight.example', 'Imogen', 'Clarke', 104, '+44 20 7946 0302'),
  ('b5500000-0000-4000-8000-000000000003'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'samuel.adeyemi@globexfreight.example', 'Samuel', 'Adeyemi', 90, '+44 20 7946 0303'),
  ('b5500000-0000-4000-8000-000000000004'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'niamh.obrien@globexfreight.example', 'Niamh', 'O''Brien', 66, '+44 20 7946 0304'),
  ('b5500000-0000-4000-8000-000000000005'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'tomasz.nowak@globexfreight.example', 'Tomasz', 'Nowak', 58, '+44 20 7946 0305'),
  ('b5500000-0000-4000-8000-000000000006'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'ella.robinson@globexfreight.example', 'Ella', 'Robinson', 27, '+44 20 7946 0306'),
  ('b5500000-0000-4000-8000-000000000007'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'callum.fraser@globexfreight.example', 'Callum', 'Fraser', 14, '+44 20 7946 0307'),
  ('b5500000-0000-4000-8000-000000000008'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'freya.marsh@globexfreight.example', 'Freya', 'Marsh', 2, '+44 20 7946 0308');

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, banned_until,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000', s.id, 'authenticated', 'authenticated', s.email,
  extensions.crypt('Waypost!2026', extensions.gen_salt('bf')),
  now() - make_interval(days => s.days_ago), null, null,
  '{"provider":"email","providers":["email"]}'::jsonb,
  jsonb_build_object('first_name', s.first_name, 'last_name', s.last_name),
  now() - make_interval(days => s.days_ago), now() - make_interval(days => s.days_ago),
  now() - make_interval(hours => (s.days_ago * 5) % 30),
  '', '', '', ''
from seed_driver_people s;

insert into auth.identities (id, user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
select
  s.id, s.id, s.id::text, 'email',
  jsonb_build_object('sub', s.id::text, 'email', s.email, 'email_verified', true, 'phone_verified', false),
  now(), now() - make_interval(days => s.days_ago), now()
from seed_driver_people s;

insert into public.profiles (id, tenant_id, panel_type, roles, first_name, last_name, phone, user_type, status, avatar_url, created_at, updated_at)
select s.id, s.tenant_id, 'driver', array['driver'], s.first_name, s.last_name, s.phone, 'individual', 'active', null,
       now() - make_interval(days => s.days_ago), now() - make_interval(days => s.days_ago)
from seed_driver_people s;

drop table seed_driver_people;

-- The drivers. `fix_ago` is how long ago the last fix was reported (seconds), `heading` the
-- direction the on-duty ones are moving in (their trail runs back along it), `expiry_days` the
-- licence's expiry relative to today, `days_ago` when the driver record was made.
create temporary table seed_drivers (
  id uuid, tenant_id uuid, licence_number text, licence_class text, expiry_days int, phone text, status text,
  vehicle_id uuid, zone_id uuid, lat double precision, lng double precision, heading double precision,
  speed double precision, fix_ago int, status_minutes int, days_ago int, notes text
);

insert into seed_drivers values
  -- acme, San Francisco
  ('a1000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'D5839201', 'standard', 410, '+1 415 555 0103', 'available',
   'a3000000-0000-4000-8000-000000000001', 'a6000000-0000-4000-8000-000000000002', 37.7771, -122.3952, 45, 6.5, 20, 95, 58, 'Demo driver. Prefers morning shifts.'),
  ('a1000000-0000-4000-8000-000000000103', 'a0000000-0000-4000-8000-000000000001', 'D6120498', 'commercial', 780, '+1 415 555 0203', 'busy',
   'a3000000-0000-4000-8000-000000000002', 'a6000000-0000-4000-8000-000000000004', 37.7352, -122.3905, 350, 9.8, 35, 42, 44, 'Tail-lift certified.'),
  ('a1000000-0000-4000-8000-000000000104', 'a0000000-0000-4000-8000-000000000001', 'D7304815', 'special', 22, '+1 415 555 0204', 'busy',
   'a3000000-0000-4000-8000-000000000003', 'a6000000-0000-4000-8000-000000000001', 37.7951, -122.4021, 200, 4.2, 12, 25, 40, 'Cold-chain trained; licence renewal booked at the DMV.'),
  ('a1000000-0000-4000-8000-000000000105', 'a0000000-0000-4000-8000-000000000001', 'D8452210', 'standard', 1020, '+1 415 555 0205', 'on_break',
   'a3000000-0000-4000-8000-000000000001', 'a6000000-0000-4000-8000-000000000003', 37.7601, -122.4248, 0, 0, 150, 18, 36, ''),
  ('a1000000-0000-4000-8000-000000000106', 'a0000000-0000-4000-8000-000000000001', 'D9015537', 'standard', -9, '+1 415 555 0206', 'offline',
   null, 'a6000000-0000-4000-8000-000000000005', 37.7948, -122.4352, 0, 0, 9 * 3600, 560, 29, 'Licence expired: off the rota until the renewal arrives.'),
  ('a5500000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'D1046623', 'commercial', 1350, '+1 415 555 0301', 'available',
   'a3000000-0000-4000-8000-000000000002', 'a6000000-0000-4000-8000-000000000004', 37.7301, -122.3852, 120, 7.1, 45, 130, 118, 'Night-shift lead.'),
  ('a5500000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'D2281764', 'standard', 640, '+1 415 555 0302', 'available',
   'a3000000-0000-4000-8000-000000000001', 'a6000000-0000-4000-8000-000000000006', 37.7802, -122.4801, 270, 5.3, 8, 64, 95, ''),
  ('a5500000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'D3397015', 'special', 890, '+1 415 555 0303', 'busy',
   'a3000000-0000-4000-8000-000000000003', 'a6000000-0000-4000-8000-000000000002', 37.7702, -122.3901, 30, 11.2, 25, 37, 87, 'Hazmat endorsement.'),
  ('a5500000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000001', 'D4518842', 'standard', 13, '+1 415 555 0304', 'on_break',
   null, 'a6000000-0000-4000-8000-000000000007', 37.7551, -122.4802, 0, 0, 200, 11, 70, 'Licence renewal due this month.'),
  ('a5500000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000001', 'D5673309', 'commercial', 1180, '+1 415 555 0305', 'offline',
   'a3000000-0000-4000-8000-000000000002', 'a6000000-0000-4000-8000-000000000001', 37.7932, -122.3995, 0, 0, 14 * 3600, 860, 51, ''),
  ('a5500000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000001', 'D6790184', 'standard', 730, '+1 415 555 0306', 'available',
   'a3000000-0000-4000-8000-000000000001', 'a6000000-0000-4000-8000-000000000005', 37.7962, -122.4371, 90, 3.9, 50, 210, 32, 'Weekday evenings only.'),
  ('a5500000-0000-4000-8000-000000000007', 'a0000000-0000-4000-8000-000000000001', 'D7825561', 'standard', 1500, '+1 415 555 0307', 'offline',
   null, 'a6000000-0000-4000-8000-000000000003', 37.7615, -122.4302, 0, 0, 30 * 3600, 1800, 18, 'New starter: shadowing Luis this week.'),
  -- globex, London
  ('b2000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000001', 'DRIVE702153GD9AB', 'standard', 520, '+44 20 7946 0003', 'available',
   'b3000000-0000-4000-8000-000000000001', 'b6000000-0000-4000-8000-000000000001', 51.5181, -0.0902, 90, 5.8, 15, 80, 57, 'Demo driver.'),
  ('b2000000-0000-4000-8000-000000000102', 'b0000000-0000-4000-8000-000000000001', 'PATEL805204HP3CD', 'commercial', 960, '+44 20 7946 0202', 'busy',
   'b3000000-0000-4000-8000-000000000002', 'b6000000-0000-4000-8000-000000000006', 51.5252, -0.2701, 60, 12.4, 30, 55, 45, 'Trunking runs to Barking.'),
  ('b2000000-0000-4000-8000-000000000103', 'b0000000-0000-4000-8000-000000000001', 'EVANS856117CE5EF', 'standard', 18, '+44 20 7946 0203', 'busy',
   'b3000000-0000-4000-8000-000000000001', 'b6000000-0000-4000-8000-000000000002', 51.5102, -0.1501, 180, 3.6, 10, 33, 41, 'Licence renewal sent to the DVLA.'),
  ('b2000000-0000-4000-8000-000000000104', 'b0000000-0000-4000-8000-000000000001', 'MURPH710098JM7GH', 'special', 1240, '+44 20 7946 0204', 'on_break',
   'b3000000-0000-4000-8000-000000000002', 'b6000000-0000-4000-8000-000000000003', 51.5052, -0.0201, 0, 0, 240, 22, 35, 'ADR certified.'),
  ('b2000000-0000-4000-8000-000000000105', 'b0000000-0000-4000-8000-000000000001', 'BEGUM862301FB1IJ', 'standard', 700, '+44 20 7946 0205', 'offline',
   null, 'b6000000-0000-4000-8000-000000000004', 51.4902, -0.0801, 0, 0, 11 * 3600, 700, 30, ''),
  ('b5500000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', 'HUGHE801129OH2KL', 'commercial', 1410, '+44 20 7946 0301', 'available',
   'b3000000-0000-4000-8000-000000000002', 'b6000000-0000-4000-8000-000000000005', 51.5351, 0.0302, 270, 8.9, 40, 150, 128, 'Knows the Barking yard.'),
  ('b5500000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', 'CLARK757214AC4MN', 'standard', 380, '+44 20 7946 0302', 'available',
   'b3000000-0000-4000-8000-000000000001', 'b6000000-0000-4000-8000-000000000007', 51.4951, -0.2052, 10, 4.4, 25, 45, 100, ''),
  ('b5500000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000001', 'ADEYE903071SA6OP', 'special', 820, '+44 20 7946 0303', 'busy',
   'b3000000-0000-4000-8000-000000000002', 'b6000000-0000-4000-8000-000000000003', 51.5012, -0.0152, 300, 10.7, 20, 28, 88, ''),
  ('b5500000-0000-4000-8000-000000000004', 'b0000000-0000-4000-8000-000000000001', 'OBRIE756028NO8QR', 'standard', -40, '+44 20 7946 0304', 'offline',
   null, 'b6000000-0000-4000-8000-000000000002', 51.5121, -0.1453, 0, 0, 20 * 3600, 2900, 64, 'Photocard expired: renewal pending.'),
  ('b5500000-0000-4000-8000-000000000005', 'b0000000-0000-4000-8000-000000000001', 'NOWAK804150TN9ST', 'commercial', 27, '+44 20 7946 0305', 'on_break',
   'b3000000-0000-4000-8000-000000000002', 'b6000000-0000-4000-8000-000000000004', 51.4852, -0.0751, 0, 0, 180, 14, 56, 'Licence renewal due this month.'),
  ('b5500000-0000-4000-8000-000000000006', 'b0000000-0000-4000-8000-000000000001', 'ROBIN858312ER1UV', 'standard', 610, '+44 20 7946 0306', 'available',
   'b3000000-0000-4000-8000-000000000001', 'b6000000-0000-4000-8000-000000000001', 51.5232, -0.0802, 135, 6.1, 55, 190, 25, 'Cargo-bike trained.'),
  ('b5500000-0000-4000-8000-000000000007', 'b0000000-0000-4000-8000-000000000001', 'FRASE902245CF3WX', 'standard', 1600, '+44 20 7946 0307', 'offline',
   null, 'b6000000-0000-4000-8000-000000000007', 51.4921, -0.2101, 0, 0, 26 * 3600, 1600, 13, 'New starter.');

insert into public.drivers (
  id, tenant_id, licence_number, licence_class, licence_expiry, phone, status, default_vehicle_id, home_zone_id,
  last_lat, last_lng, last_heading, last_speed, last_accuracy, last_position_at, status_changed_at, notes, created_at, updated_at
)
select s.id, s.tenant_id, s.licence_number, s.licence_class, current_date + s.expiry_days, s.phone, s.status, s.vehicle_id, s.zone_id,
       s.lat, s.lng, case when s.speed > 0 then s.heading end, s.speed, 5 + (s.fix_ago % 11), now() - make_interval(secs => s.fix_ago),
       now() - make_interval(mins => s.status_minutes), s.notes,
       now() - make_interval(days => s.days_ago), now() - make_interval(mins => least(s.status_minutes, s.days_ago * 1440))
from seed_drivers s;

-- The trail: the last fix, and before it one fix a minute back along the heading (about 60 to 300 m
-- apart while moving; in place while on a break) for the past 10 minutes (on duty) or the last
-- 5 minutes of the shift (off duty).
insert into public.driver_positions (tenant_id, driver_id, lat, lng, heading, speed, accuracy, recorded_at, created_at)
select s.tenant_id, s.id,
       s.lat - k * s.speed * 60 * cos(radians(s.heading)) / 111320.0,
       s.lng - k * s.speed * 60 * sin(radians(s.heading)) / (111320.0 * cos(radians(s.lat))),
       case when s.speed > 0 then s.heading end, s.speed, 5 + ((s.fix_ago + k) % 11),
       now() - make_interval(secs => s.fix_ago + k * 60), now() - make_interval(secs => s.fix_ago + k * 60)
from seed_drivers s
cross join lateral generate_series(0, case when s.status = 'offline' then 4 else 10 end) k;

drop table seed_drivers;
