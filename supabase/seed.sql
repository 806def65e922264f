-- Demo data for a new database (`npm start` on an empty data dir, `npm run db:reset`,
-- `supabase db reset`). Fixed ids, so tests and later seeds can refer to them.
-- Every demo user signs in with the password Waypost!2026.

-- System brand: the pages outside a tenant (sign-in, the business picker, errors).
insert into public.system_settings (key, value) values (
  'brand',
  '{
    "presets": [{"name": "Waypost", "palette": {"primary": "#0f766e", "secondary": "#f59e0b"}}],
    "colors": {"primary": "#0f766e", "secondary": "#f59e0b", "background": "#f8fafc", "cardBg": "#ffffff", "text": "#0f172a", "textLight": "#64748b"},
    "configurations": {"font": "Inter"},
    "assets": {"favicon": "/favicon.svg", "logo": "/logo.svg"}
  }'::jsonb
);

-- Two tenants whose brands differ at a glance: Acme is blue on white in Inter, Globex orange and
-- green on cream in Poppins. Tenants come first: the sign-up trigger resolves users' tenant_slug.
insert into public.tenants (id, slug, name, logo_url, contact_info, status, settings, brand_settings) values
(
  'a0000000-0000-4000-8000-000000000001', 'acme',
  '{"en": "Acme Logistics"}',
  '{"light": "/brands/acme-logo-light.svg", "dark": "/brands/acme-logo-dark.svg"}',
  '{"phone": "+1 415 555 0100", "email": "hello@acme.test", "address": "1 Market St, San Francisco, CA"}',
  'active',
  '{"general": {"default_location_cordinates": {"settings": {"latitude": 37.7749, "longitude": -122.4194}}}}',
  '{
    "presets": [{"name": "Acme Blue", "palette": {"primary": "#1d4ed8", "secondary": "#0ea5e9"}}],
    "colors": {"primary": "#1d4ed8", "secondary": "#0ea5e9", "background": "#ffffff", "cardBg": "#f1f5f9", "text": "#0f172a", "textLight": "#475569"},
    "configurations": {"font": "Inter"},
    "assets": {"favicon": "/brands/acme-favicon.svg", "logo": {"light": "/brands/acme-logo-light.svg", "dark": "/brands/acme-logo-dark.svg"}}
  }'
),
(
  'b0000000-0000-4000-8000-000000000001', 'globex',
  '{"en": "Globex Freight"}',
  '{"light": "/brands/globex-logo.svg", "dark": "/brands/globex-logo.svg"}',
  '{"phone": "+44 20 7946 0000", "email": "ops@globex.test", "address": "10 Canary Wharf, London"}',
  'active',
  '{"general": {"default_location_cordinates": {"settings": {"latitude": 51.5054, "longitude": -0.0235}}}}',
  '{
    "presets": [{"name": "Globex Sunset", "palette": {"primary": "#ea580c", "secondary": "#16a34a"}}],
    "colors": {"primary": "#ea580c", "secondary": "#16a34a", "background": "#fffbeb", "cardBg": "#fef3c7", "text": "#1c1917", "textLight": "#78716c"},
    "configurations": {"font": "Poppins"},
    "assets": {"favicon": "/brands/globex-favicon.svg", "logo": "/brands/globex-logo.svg"}
  }'
);

-- Users are inserted as GoTrue stores them, so they sign in on the local stack and on Supabase.
-- Those with a tenant_slug get a customer profile from the sign-up trigger, as a sign-up would;
-- the staff's panels are set below. orphan@acme.test belongs to no tenant (no profile).
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
  extensions.crypt('Waypost!2026', extensions.gen_salt('bf')), now(),
  '{"provider":"email","providers":["email"]}'::jsonb,
  jsonb_strip_nulls(jsonb_build_object('first_name', u.first_name, 'last_name', u.last_name, 'tenant_slug', u.tenant_slug)),
  now(), now(), '', '', '', ''
from (values
  ('a1000000-0000-4000-8000-000000000001'::uuid, 'admin@acme.test',      'Ada',     'Admin',      'acme'),
  ('a1000000-0000-4000-8000-000000000002'::uuid, 'dispatcher@acme.test', 'Dana',    'Dispatcher', 'acme'),
  ('a1000000-0000-4000-8000-000000000003'::uuid, 'driver@acme.test',     'Derek',   'Driver',     'acme'),
  ('a1000000-0000-4000-8000-000000000004'::uuid, 'customer@acme.test',   'Carla',   'Customer',   'acme'),
  ('b2000000-0000-4000-8000-000000000001'::uuid, 'admin@globex.test',      'Gina',  'Admin',      'globex'),
  ('b2000000-0000-4000-8000-000000000002'::uuid, 'dispatcher@globex.test', 'Glen',  'Dispatcher', 'globex'),
  ('b2000000-0000-4000-8000-000000000003'::uuid, 'driver@globex.test',     'Gus',   'Driver',     'globex'),
  ('b2000000-0000-4000-8000-000000000004'::uuid, 'customer@globex.test',   'Greta', 'Customer',   'globex'),
  ('a1000000-0000-4000-8000-000000000005'::uuid, 'business@acme.test',   'Boris',   'Business',   'acme'),
  ('a1000000-0000-4000-8000-0000000000ff'::uuid, 'orphan@acme.test',     'Olive',   'Orphan',     null)
) as u(id, email, first_name, last_name, tenant_slug);

-- Each email user has its email identity, as GoTrue creates it at sign-up.
insert into auth.identities (id, user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
select
  u.id, u.id, u.id::text, 'email',
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  now(), now(), now()
from auth.users u
where u.email like '%@acme.test' or u.email like '%@globex.test';

-- Staff panels (the sign-up trigger made everyone a customer) and the business customer.
update public.profiles p
set panel_type = s.panel_type, roles = s.roles, phone = s.phone, user_type = s.user_type
from (values
  ('a1000000-0000-4000-8000-000000000001'::uuid, 'admin',      array['admin'],                       '+1 415 555 0101', 'individual'),
  ('a1000000-0000-4000-8000-000000000002'::uuid, 'dispatcher', array['dispatcher'],                  '+1 415 555 0102', 'individual'),
  ('a1000000-0000-4000-8000-000000000003'::uuid, 'driver',     array['driver'],                      '+1 415 555 0103', 'individual'),
  ('a1000000-0000-4000-8000-000000000004'::uuid, 'customer',   array['customer', 'warehouse_staff'], '+1 415 555 0104', 'individual'),
  ('a1000000-0000-4000-8000-000000000005'::uuid, 'customer',   array['customer'],                    '+1 415 555 0105', 'business'),
  ('b2000000-0000-4000-8000-000000000001'::uuid, 'admin',      array['admin'],                       '+44 20 7946 0001', 'individual'),
  ('b2000000-0000-4000-8000-000000000002'::uuid, 'dispatcher', array['dispatcher'],                  '+44 20 7946 0002', 'individual'),
  ('b2000000-0000-4000-8000-000000000003'::uuid, 'driver',     array['driver'],                      '+44 20 7946 0003', 'individual'),
  ('b2000000-0000-4000-8000-000000000004'::uuid, 'customer',   array['customer'],                    '+44 20 7946 0004', 'individual')
) as s(id, panel_type, roles, phone, user_type)
where p.id = s.id;

-- Notifications: a few per user, the older ones read.
insert into public.notifications (tenant_id, user_id, title, body, link, read_at, created_at)
select p.tenant_id, p.id, replace(n.title, '{name}', coalesce(p.first_name, 'there')), n.body, n.link,
       case when n.read then now() - n.age + interval '5 minutes' end,
       now() - n.age
from public.profiles p
cross join (values
  ('Welcome to Waypost, {name}', 'Your account is ready. Set up your profile to get started.', null, true, interval '3 days'),
  ('Settings updated', 'Your notification preferences were saved.', null, true, interval '1 day'),
  ('Your profile is incomplete', 'Add a phone number so that drivers can reach you.', '/dashboard', false, interval '2 hours'),
  ('System maintenance tonight', 'The console will be read-only from 02:00 to 02:30 UTC.', null, false, interval '10 minutes')
) as n(title, body, link, read, age);

-- Vehicles: a small fleet per tenant, one of them retired. Images are uploaded by the app, so
-- none is set here.
insert into public.vehicles (id, tenant_id, name, code, description, capacity_unit, vehicle_requirements, active)
values
  ('a3000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'City Van 1', 'ACME-VAN-01',
   'Electric city van for same-day parcels', 40,
   '{"license_requirements": ["standard"], "special_features": ["gps_tracking"], "fuel_type": "electric"}', true),
  ('a3000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'Box Truck 7t', 'ACME-TRK-07',
   '7-tonne box truck with tail lift', 300,
   '{"license_requirements": ["commercial"], "special_features": ["lift_gate", "gps_tracking"], "fuel_type": "diesel"}', true),
  ('a3000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'Reefer 12t', 'ACME-REF-12',
   'Refrigerated truck for chilled goods (2-8 C)', 500,
   '{"license_requirements": ["commercial", "special"], "special_features": ["refrigeration", "temperature_control", "gps_tracking"], "fuel_type": "diesel"}', true),
  ('a3000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000001', 'Old Cargo Bike', 'ACME-BIKE-01',
   'Retired cargo bike, kept for the records', 1,
   '{"license_requirements": ["standard"], "special_features": [], "fuel_type": "hybrid"}', false),
  ('b3000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', 'Sprinter', 'GLX-SPR-01',
   'Long-wheelbase van for London rounds', 60,
   '{"license_requirements": ["standard"], "special_features": ["security_system"], "fuel_type": "petrol"}', true),
  ('b3000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', 'Artic 44t', 'GLX-ART-44',
   'Articulated lorry for trunking between hubs', 1200,
   '{"license_requirements": ["commercial", "special"], "special_features": ["gps_tracking", "security_system"], "fuel_type": "cng"}', true);
