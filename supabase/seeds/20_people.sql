-- People of each tenant, so the users list, pickers and dashboards have someone to show.
--
-- 1. The demo users of seed.sql get complete profiles: their avatars (public/avatars/, shipped with
--    the app) next to the names and phones seed.sql gives them.
-- 2. About twenty more people per tenant, in its own city (Acme in San Francisco, +1 415; Globex in
--    London, +44 20): admins (Acme has two, Globex one: the last-admin rule shows there), dispatchers,
--    drivers, customers and business customers; some inactive or suspended, some invited who have
--    not accepted yet. Their addresses are on the '.example' domain, never '.test': the demo users
--    of seed.sql are exactly the '@acme.test' and '@globex.test' accounts (tests/stack/lifecycle.test.ts
--    counts them, and `npm start` lists '.test' sign-ins).
-- Active and inactive people sign in with Waypost!2026 like the demo users (the inactive are banned,
-- as the admin-users function bans them); the invited have no password until they accept.

update public.profiles p set avatar_url = d.avatar_url
from (values
  ('a1000000-0000-4000-8000-000000000001'::uuid, '/avatars/ada-admin.svg'),
  ('a1000000-0000-4000-8000-000000000002'::uuid, '/avatars/dana-dispatcher.svg'),
  ('a1000000-0000-4000-8000-000000000003'::uuid, '/avatars/derek-driver.svg'),
  ('a1000000-0000-4000-8000-000000000004'::uuid, '/avatars/carla-customer.svg'),
  ('a1000000-0000-4000-8000-000000000005'::uuid, '/avatars/boris-business.svg'),
  ('b2000000-0000-4000-8000-000000000001'::uuid, '/avatars/gina-admin.svg'),
  ('b2000000-0000-4000-8000-000000000002'::uuid, '/avatars/glen-dispatcher.svg'),
  ('b2000000-0000-4000-8000-000000000003'::uuid, '/avatars/gus-driver.svg'),
  ('b2000000-0000-4000-8000-000000000004'::uuid, '/avatars/greta-customer.svg')
) as d(id, avatar_url)
where p.id = d.id;

create temporary table seed_people (
  id uuid, tenant_id uuid, email text, first_name text, last_name text, panel_type text,
  user_type text, status text, days_ago int, avatar_url text, phone text
);

insert into seed_people values
  ('a1000000-0000-4000-8000-000000000100'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'marcus.chen@acmelogistics.example', 'Marcus', 'Chen', 'admin', 'individual', 'active', 62, '/avatars/marcus-chen.svg', '+1 415 555 0200'),
  ('a1000000-0000-4000-8000-000000000101'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'sofia.ramirez@acmelogistics.example', 'Sofia', 'Ramirez', 'dispatcher', 'individual', 'active', 55, '/avatars/sofia-ramirez.svg', '+1 415 555 0201'),
  ('a1000000-0000-4000-8000-000000000102'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'tom.becker@acmelogistics.example', 'Tom', 'Becker', 'dispatcher', 'individual', 'inactive', 48, '/avatars/tom-becker.svg', '+1 415 555 0202'),
  ('a1000000-0000-4000-8000-000000000103'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'luis.ortega@acmelogistics.example', 'Luis', 'Ortega', 'driver', 'individual', 'active', 45, '/avatars/luis-ortega.svg', '+1 415 555 0203'),
  ('a1000000-0000-4000-8000-000000000104'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'aisha.johnson@acmelogistics.example', 'Aisha', 'Johnson', 'driver', 'individual', 'active', 41, '/avatars/aisha-johnson.svg', '+1 415 555 0204'),
  ('a1000000-0000-4000-8000-000000000105'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'kevin.nguyen@acmelogistics.example', 'Kevin', 'Nguyen', 'driver', 'individual', 'active', 37, '/avatars/kevin-nguyen.svg', '+1 415 555 0205'),
  ('a1000000-0000-4000-8000-000000000106'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'rachel.kim@acmelogistics.example', 'Rachel', 'Kim', 'driver', 'individual', 'active', 30, '/avatars/rachel-kim.svg', '+1 415 555 0206'),
  ('a1000000-0000-4000-8000-000000000107'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'jamal.wright@acmelogistics.example', 'Jamal', 'Wright', 'driver', 'individual', 'inactive', 26, '/avatars/jamal-wright.svg', '+1 415 555 0207'),
  ('a1000000-0000-4000-8000-000000000108'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'priya.shah@acmelogistics.example', 'Priya', 'Shah', 'driver', 'individual', 'invited', 2, null, '+1 415 555 0208'),
  ('a1000000-0000-4000-8000-000000000109'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'emily.foster@mail.example', 'Emily', 'Foster', 'customer', 'individual', 'active', 40, '/avatars/emily-foster.svg', '+1 415 555 0209'),
  ('a1000000-0000-4000-8000-00000000010a'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'daniel.park@mail.example', 'Daniel', 'Park', 'customer', 'individual', 'active', 33, '/avatars/daniel-park.svg', '+1 415 555 0210'),
  ('a1000000-0000-4000-8000-00000000010b'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'olivia.martinez@mail.example', 'Olivia', 'Martinez', 'customer', 'individual', 'active', 21, '/avatars/olivia-martinez.svg', '+1 415 555 0211'),
  ('a1000000-0000-4000-8000-00000000010c'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'noah.williams@mail.example', 'Noah', 'Williams', 'customer', 'individual', 'active', 14, '/avatars/noah-williams.svg', '+1 415 555 0212'),
  ('a1000000-0000-4000-8000-00000000010d'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'grace.liu@mail.example', 'Grace', 'Liu', 'customer', 'individual', 'suspended', 19, '/avatars/grace-liu.svg', '+1 415 555 0213'),
  ('a1000000-0000-4000-8000-00000000010e'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'henry.adams@mail.example', 'Henry', 'Adams', 'customer', 'individual', 'invited', 1, null, '+1 415 555 0214'),
  ('a1000000-0000-4000-8000-00000000010f'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'mei.tanaka@missionbakery.example', 'Mei', 'Tanaka', 'customer', 'business', 'active', 52, '/avatars/mei-tanaka.svg', '+1 415 555 0215'),
  ('a1000000-0000-4000-8000-000000000110'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'carlos.alvarez@ggatehardware.example', 'Carlos', 'Alvarez', 'customer', 'business', 'active', 44, '/avatars/carlos-alvarez.svg', '+1 415 555 0216'),
  ('a1000000-0000-4000-8000-000000000111'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'hannah.brooks@presidioflorists.example', 'Hannah', 'Brooks', 'customer', 'business', 'active', 28, '/avatars/hannah-brooks.svg', '+1 415 555 0217'),
  ('a1000000-0000-4000-8000-000000000112'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'victor.ivanov@bayviewautoparts.example', 'Victor', 'Ivanov', 'customer', 'business', 'inactive', 35, '/avatars/victor-ivanov.svg', '+1 415 555 0218'),
  ('a1000000-0000-4000-8000-000000000113'::uuid, 'a0000000-0000-4000-8000-000000000001'::uuid, 'sam.okafor@noevalleycoffee.example', 'Sam', 'Okafor', 'customer', 'business', 'invited', 3, null, '+1 415 555 0219'),
  ('b2000000-0000-4000-8000-000000000100'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'oliver.hughes@globexfreight.example', 'Oliver', 'Hughes', 'dispatcher', 'individual', 'active', 58, '/avatars/oliver-hughes.svg', '+44 20 7946 0200'),
  ('b2000000-0000-4000-8000-000000000101'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'amelia.clarke@globexfreight.example', 'Amelia', 'Clarke', 'dispatcher', 'individual', 'active', 50, '/avatars/amelia-clarke.svg', '+44 20 7946 0201'),
  ('b2000000-0000-4000-8000-000000000102'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'harry.patel@globexfreight.example', 'Harry', 'Patel', 'driver', 'individual', 'active', 46, '/avatars/harry-patel.svg', '+44 20 7946 0202'),
  ('b2000000-0000-4000-8000-000000000103'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'chloe.evans@globexfreight.example', 'Chloe', 'Evans', 'driver', 'individual', 'active', 42, '/avatars/chloe-evans.svg', '+44 20 7946 0203'),
  ('b2000000-0000-4000-8000-000000000104'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'jack.murphy@globexfreight.example', 'Jack', 'Murphy', 'driver', 'individual', 'active', 36, '/avatars/jack-murphy.svg', '+44 20 7946 0204'),
  ('b2000000-0000-4000-8000-000000000105'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'fatima.begum@globexfreight.example', 'Fatima', 'Begum', 'driver', 'individual', 'active', 31, '/avatars/fatima-begum.svg', '+44 20 7946 0205'),
  ('b2000000-0000-4000-8000-000000000106'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'george.walsh@globexfreight.example', 'George', 'Walsh', 'driver', 'individual', 'inactive', 27, '/avatars/george-walsh.svg', '+44 20 7946 0206'),
  ('b2000000-0000-4000-8000-000000000107'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'ryan.doyle@globexfreight.example', 'Ryan', 'Doyle', 'driver', 'individual', 'invited', 2, null, '+44 20 7946 0207'),
  ('b2000000-0000-4000-8000-000000000108'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'isla.morgan@post.example', 'Isla', 'Morgan', 'customer', 'individual', 'active', 39, '/avatars/isla-morgan.svg', '+44 20 7946 0208'),
  ('b2000000-0000-4000-8000-000000000109'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'thomas.wright@post.example', 'Thomas', 'Wright', 'customer', 'individual', 'active', 32, '/avatars/thomas-wright.svg', '+44 20 7946 0209'),
  ('b2000000-0000-4000-8000-00000000010a'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'poppy.green@post.example', 'Poppy', 'Green', 'customer', 'individual', 'active', 24, '/avatars/poppy-green.svg', '+44 20 7946 0210'),
  ('b2000000-0000-4000-8000-00000000010b'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'arjun.mehta@post.example', 'Arjun', 'Mehta', 'customer', 'individual', 'active', 16, '/avatars/arjun-mehta.svg', '+44 20 7946 0211'),
  ('b2000000-0000-4000-8000-00000000010c'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'lily.cooper@post.example', 'Lily', 'Cooper', 'customer', 'individual', 'inactive', 20, '/avatars/lily-cooper.svg', '+44 20 7946 0212'),
  ('b2000000-0000-4000-8000-00000000010d'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'ethan.reid@post.example', 'Ethan', 'Reid', 'customer', 'individual', 'invited', 1, null, '+44 20 7946 0213'),
  ('b2000000-0000-4000-8000-00000000010e'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'zara.ahmed@shoreditchroasters.example', 'Zara', 'Ahmed', 'customer', 'business', 'active', 54, '/avatars/zara-ahmed.svg', '+44 20 7946 0214'),
  ('b2000000-0000-4000-8000-00000000010f'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'william.turner@thamesprint.example', 'William', 'Turner', 'customer', 'business', 'active', 47, '/avatars/william-turner.svg', '+44 20 7946 0215'),
  ('b2000000-0000-4000-8000-000000000110'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'sophie.bennett@camdenbooks.example', 'Sophie', 'Bennett', 'customer', 'business', 'active', 29, '/avatars/sophie-bennett.svg', '+44 20 7946 0216'),
  ('b2000000-0000-4000-8000-000000000111'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'leo.fraser@brixtoncycles.example', 'Leo', 'Fraser', 'customer', 'business', 'suspended', 34, '/avatars/leo-fraser.svg', '+44 20 7946 0217'),
  ('b2000000-0000-4000-8000-000000000112'::uuid, 'b0000000-0000-4000-8000-000000000001'::uuid, 'nadia.kowalski@greenwichdeli.example', 'Nadia', 'Kowalski', 'customer', 'business', 'invited', 4, null, '+44 20 7946 0218');

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, banned_until,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000', s.id, 'authenticated', 'authenticated', s.email,
  case when s.status = 'invited' then '' else extensions.crypt('Waypost!2026', extensions.gen_salt('bf')) end,
  case when s.status = 'invited' then null else now() - make_interval(days => s.days_ago) end,
  case when s.status = 'invited' then now() - make_interval(days => s.days_ago) end,
  case when s.status = 'inactive' then now() + interval '10 years' end,
  '{"provider":"email","providers":["email"]}'::jsonb,
  jsonb_build_object('first_name', s.first_name, 'last_name', s.last_name),
  now() - make_interval(days => s.days_ago), now() - make_interval(days => s.days_ago),
  case when s.status = 'invited' then null else now() - make_interval(hours => (s.days_ago * 7) % 72) end,
  '', '', '', ''
from seed_people s;

insert into auth.identities (id, user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
select
  s.id, s.id, s.id::text, 'email',
  jsonb_build_object('sub', s.id::text, 'email', s.email, 'email_verified', s.status <> 'invited', 'phone_verified', false),
  now(), now() - make_interval(days => s.days_ago), now()
from seed_people s;

insert into public.profiles (id, tenant_id, panel_type, roles, first_name, last_name, phone, user_type, status, avatar_url, created_at, updated_at)
select s.id, s.tenant_id, s.panel_type, array[s.panel_type], s.first_name, s.last_name, s.phone, s.user_type, s.status, s.avatar_url,
       now() - make_interval(days => s.days_ago), now() - make_interval(days => s.days_ago)
from seed_people s;

drop table seed_people;
