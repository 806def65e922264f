-- Demo data for a new database (`npm start` on an empty data dir, `npm run db:reset`,
-- `supabase db reset`). Fixed ids, so tests and later seeds can refer to them.
-- Every demo user signs in with the password Waypost!2026.

-- Users are inserted as GoTrue stores them, so they sign in on the local stack and on Supabase.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
  extensions.crypt('Waypost!2026', extensions.gen_salt('bf')), now(),
  '{"provider":"email","providers":["email"]}'::jsonb,
  jsonb_build_object('first_name', u.first_name, 'last_name', u.last_name, 'tenant_slug', u.tenant_slug),
  now(), now(), '', '', '', ''
from (values
  ('a1000000-0000-4000-8000-000000000001'::uuid, 'admin@acme.test',      'Ada',     'Admin',      'acme'),
  ('a1000000-0000-4000-8000-000000000002'::uuid, 'dispatcher@acme.test', 'Dana',    'Dispatcher', 'acme'),
  ('a1000000-0000-4000-8000-000000000003'::uuid, 'driver@acme.test',     'Derek',   'Driver',     'acme'),
  ('a1000000-0000-4000-8000-000000000004'::uuid, 'customer@acme.test',   'Carla',   'Customer',   'acme'),
  ('b2000000-0000-4000-8000-000000000001'::uuid, 'admin@globex.test',      'Gina',  'Admin',      'globex'),
  ('b2000000-0000-4000-8000-000000000002'::uuid, 'dispatcher@globex.test', 'Glen',  'Dispatcher', 'globex'),
  ('b2000000-0000-4000-8000-000000000003'::uuid, 'driver@globex.test',     'Gus',   'Driver',     'globex'),
  ('b2000000-0000-4000-8000-000000000004'::uuid, 'customer@globex.test',   'Greta', 'Customer',   'globex')
) as u(id, email, first_name, last_name, tenant_slug);

-- Each email user has its email identity, as GoTrue creates it at sign-up.
insert into auth.identities (id, user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
select
  u.id, u.id, u.id::text, 'email',
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  now(), now(), now()
from auth.users u
where u.email like '%@acme.test' or u.email like '%@globex.test';
