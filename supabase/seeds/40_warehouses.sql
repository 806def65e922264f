-- Warehousing: each tenant's two warehouses at its site addresses (seeds/10_tenant_sites.sql), a
-- full location tree in each (2 zones x 4 aisles x 3 shelves x 4 bins), the people who work there
-- in every staff role, and five suppliers.
-- Acme (San Francisco): a5... ids; Globex (London): b5... ids.
--
-- Warehouse people sign in to the dispatcher panel with the warehouse_staff role; each tenant's
-- demo dispatcher is the liaison of its main warehouse. Like the people of seeds/20_people.sql they
-- have company addresses on .example, not .test: the start banner lists only the demo sign-ins.

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
  extensions.crypt('Waypost!2026', extensions.gen_salt('bf')), now() - interval '40 days',
  '{"provider":"email","providers":["email"]}'::jsonb,
  jsonb_build_object('first_name', u.first_name, 'last_name', u.last_name, 'tenant_slug', u.tenant_slug),
  now() - interval '40 days', now() - interval '40 days', '', '', '', ''
from (values
  ('a5100000-0000-4000-8000-000000000001'::uuid, 'maya.chen@acmelogistics.example',      'Maya',    'Chen',      'acme'),
  ('a5100000-0000-4000-8000-000000000002'::uuid, 'marcus.reyes@acmelogistics.example',    'Marcus',  'Reyes' ,    'acme'),
  ('a5100000-0000-4000-8000-000000000003'::uuid, 'grace.kim@acmelogistics.example',      'Grace',   'Kim',       'acme'),
  ('a5100000-0000-4000-8000-000000000004'::uuid, 'tyrone.jackson@acmelogistics.example', 'Tyrone',  'Jackson',   'acme'),
  ('a5100000-0000-4000-8000-000000000005'::uuid, 'sofia.rossi@acmelogistics.example',    'Sofia',   'Rossi',     'acme'),
  ('a5100000-0000-4000-8000-000000000006'::uuid, 'ben.okafor@acmelogistics.example',     'Ben',     'Okafor',    'acme'),
  ('b5100000-0000-4000-8000-000000000001'::uuid, 'oliver.bennett@globexfreight.example', 'Oliver', 'Bennett',  'globex'),
  ('b5100000-0000-4000-8000-000000000002'::uuid, 'priya.patel@globexfreight.example',    'Priya',  'Patel',    'globex'),
  ('b5100000-0000-4000-8000-000000000003'::uuid, 'callum.hughes@globexfreight.example',    'Callum', 'Hughes',   'globex'),
  ('b5100000-0000-4000-8000-000000000004'::uuid, 'amara.okoye@globexfreight.example',    'Amara',  'Okoye',    'globex'),
  ('b5100000-0000-4000-8000-000000000005'::uuid, 'kwame.mensah@globexfreight.example',   'Kwame',  'Mensah',   'globex'),
  ('b5100000-0000-4000-8000-000000000006'::uuid, 'emily.clarke@globexfreight.example',   'Emily',  'Clarke',   'globex')
) as u(id, email, first_name, last_name, tenant_slug);

insert into auth.identities (id, user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
select u.id, u.id, u.id::text, 'email',
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  now() - interval '2 days', now() - interval '40 days', now() - interval '40 days'
from auth.users u
where u.id::text like 'a5100000-%' or u.id::text like 'b5100000-%';

-- The sign-up trigger made them customers; they work in the warehouses.
update public.profiles p
set panel_type = 'dispatcher', roles = array['warehouse_staff'], phone = s.phone
from (values
  ('a5100000-0000-4000-8000-000000000001'::uuid, '+1 415 555 0401'),
  ('a5100000-0000-4000-8000-000000000002'::uuid, '+1 415 555 0402'),
  ('a5100000-0000-4000-8000-000000000003'::uuid, '+1 415 555 0403'),
  ('a5100000-0000-4000-8000-000000000004'::uuid, '+1 415 555 0404'),
  ('a5100000-0000-4000-8000-000000000005'::uuid, '+1 415 555 0405'),
  ('a5100000-0000-4000-8000-000000000006'::uuid, '+1 415 555 0406'),
  ('b5100000-0000-4000-8000-000000000001'::uuid, '+44 20 7946 0401'),
  ('b5100000-0000-4000-8000-000000000002'::uuid, '+44 20 7946 0402'),
  ('b5100000-0000-4000-8000-000000000003'::uuid, '+44 20 7946 0403'),
  ('b5100000-0000-4000-8000-000000000004'::uuid, '+44 20 7946 0404'),
  ('b5100000-0000-4000-8000-000000000005'::uuid, '+44 20 7946 0405'),
  ('b5100000-0000-4000-8000-000000000006'::uuid, '+44 20 7946 0406')
) as s(id, phone)
where p.id = s.id;

-- Acme: Bayview is open to all its staff; the Dogpatch cross-dock (full) only to its manager and
-- lead picker. Globex: Park Royal excludes a picker on leave; Barking Riverside is under maintenance.
insert into public.warehouses (id, tenant_id, name, code, address_id, status, total_capacity, available_capacity,
  access_mode, user_ids, features, created_at) values
  ('a5000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Bayview Distribution Center', 'SF-BAY',
   'a4000000-0000-4000-8000-000000000002', 'active', 12000, 4350, 'all_users', '{}',
   '{"climate_control": true, "security_level": "high", "dock_doors": 8, "hazardous_materials": false, "refrigeration": true, "cross_docking": false}',
   now() - interval '60 days'),
  ('a5000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'Dogpatch Cross-dock', 'SF-DOG',
   'a4000000-0000-4000-8000-000000000003', 'full', 3500, 0, 'select_users',
   array['a5100000-0000-4000-8000-000000000001', 'a5100000-0000-4000-8000-000000000004']::uuid[],
   '{"climate_control": false, "security_level": "medium", "dock_doors": 12, "hazardous_materials": false, "refrigeration": false, "cross_docking": true}',
   now() - interval '45 days'),
  ('b5000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', 'Park Royal Warehouse', 'LDN-PRK',
   'b4000000-0000-4000-8000-000000000002', 'active', 20000, 9100, 'exclude_users',
   array['b5100000-0000-4000-8000-000000000006']::uuid[],
   '{"climate_control": true, "security_level": "maximum", "dock_doors": 14, "hazardous_materials": true, "refrigeration": true, "cross_docking": true}',
   now() - interval '58 days'),
  ('b5000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', 'Barking Riverside Warehouse', 'LDN-BRK',
   'b4000000-0000-4000-8000-000000000003', 'maintenance', 8000, 8000, 'all_users', '{}',
   '{"climate_control": false, "security_level": "low", "dock_doors": 4, "hazardous_materials": false, "refrigeration": false, "cross_docking": false}',
   now() - interval '30 days');

insert into public.warehouse_staff (tenant_id, warehouse_id, user_id, role, active, created_at) values
  ('a0000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 'a5100000-0000-4000-8000-000000000001', 'manager', true, now() - interval '40 days'),
  ('a0000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 'a5100000-0000-4000-8000-000000000002', 'supervisor', true, now() - interval '39 days'),
  ('a0000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 'a5100000-0000-4000-8000-000000000003', 'receiver', true, now() - interval '38 days'),
  ('a0000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 'a5100000-0000-4000-8000-000000000004', 'picker', true, now() - interval '37 days'),
  ('a0000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 'a5100000-0000-4000-8000-000000000005', 'packer', true, now() - interval '30 days'),
  ('a0000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 'a5100000-0000-4000-8000-000000000006', 'dispatcher_liaison', true, now() - interval '21 days'),
  ('a0000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000002', 'dispatcher_liaison', true, now() - interval '19 days'),
  ('a0000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000002', 'a5100000-0000-4000-8000-000000000001', 'manager', true, now() - interval '35 days'),
  ('a0000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000002', 'a5100000-0000-4000-8000-000000000004', 'picker', true, now() - interval '35 days'),
  ('a0000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000002', 'a5100000-0000-4000-8000-000000000005', 'packer', false, now() - interval '20 days'),
  ('a0000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000002', 'a1000000-0000-4000-8000-000000000004', 'picker', true, now() - interval '14 days'),
  ('b0000000-0000-4000-8000-000000000001', 'b5000000-0000-4000-8000-000000000001', 'b5100000-0000-4000-8000-000000000001', 'manager', true, now() - interval '50 days'),
  ('b0000000-0000-4000-8000-000000000001', 'b5000000-0000-4000-8000-000000000001', 'b5100000-0000-4000-8000-000000000002', 'supervisor', true, now() - interval '44 days'),
  ('b0000000-0000-4000-8000-000000000001', 'b5000000-0000-4000-8000-000000000001', 'b5100000-0000-4000-8000-000000000003', 'receiver', true, now() - interval '41 days'),
  ('b0000000-0000-4000-8000-000000000001', 'b5000000-0000-4000-8000-000000000001', 'b5100000-0000-4000-8000-000000000004', 'picker', true, now() - interval '33 days'),
  ('b0000000-0000-4000-8000-000000000001', 'b5000000-0000-4000-8000-000000000001', 'b5100000-0000-4000-8000-000000000005', 'packer', true, now() - interval '28 days'),
  ('b0000000-0000-4000-8000-000000000001', 'b5000000-0000-4000-8000-000000000001', 'b5100000-0000-4000-8000-000000000006', 'picker', true, now() - interval '25 days'),
  ('b0000000-0000-4000-8000-000000000001', 'b5000000-0000-4000-8000-000000000001', 'b2000000-0000-4000-8000-000000000002', 'dispatcher_liaison', true, now() - interval '24 days'),
  ('b0000000-0000-4000-8000-000000000001', 'b5000000-0000-4000-8000-000000000002', 'b5100000-0000-4000-8000-000000000001', 'dispatcher_liaison', true, now() - interval '18 days'),
  ('b0000000-0000-4000-8000-000000000001', 'b5000000-0000-4000-8000-000000000002', 'b5100000-0000-4000-8000-000000000003', 'supervisor', true, now() - interval '16 days');

-- The location trees: zones, aisles, shelves and bins in that order, so each parent exists first
-- and gets its code (Z1, Z1-A01, Z1-A01-S1, Z1-A01-S1-B01 ...) before its children.
do $$
declare
  w record;
  z integer;
  a integer;
  s integer;
  b integer;
  zone_id uuid;
  aisle_id uuid;
  shelf_id uuid;
  bin_positions text[] := array['front', 'back', 'left', 'right'];
  zone_names text[] := array['Ambient Storage', 'Cold Chain'];
begin
  for w in select id, tenant_id, created_at from public.warehouses order by code loop
    for z in 1..2 loop
      insert into public.warehouse_locations (tenant_id, warehouse_id, location_type, name, position, capacity, status, metadata, created_at)
      values (w.tenant_id, w.id, 'zone', zone_names[z],
        jsonb_build_object('floor', 1, 'area', case z when 1 then 'North hall' else 'South hall' end),
        jsonb_build_object('max_weight', 50000, 'max_volume', 1800, 'item_limit', 20000,
          'dimensions', jsonb_build_object('length', 6000, 'width', 3000, 'height', 900)),
        'active',
        case z when 1 then '{"temperature_range": {"min": 15, "max": 25}, "special_handling": [], "security_level": "medium", "access_restrictions": [], "notes": "Fast movers near the dock doors"}'::jsonb
          else '{"temperature_range": {"min": 2, "max": 8}, "special_handling": ["temperature-controlled", "fragile"], "security_level": "high", "access_restrictions": ["key-card"], "notes": "Keep the curtain closed"}'::jsonb end,
        w.created_at)
      returning id into zone_id;
      for a in 1..4 loop
        insert into public.warehouse_locations (tenant_id, warehouse_id, location_type, name, parent_id, position, capacity, status, metadata, created_at)
        values (w.tenant_id, w.id, 'aisle', 'Aisle ' || chr(64 + z) || a, zone_id,
          jsonb_build_object('number', a, 'section', case when a <= 2 then 'Front' else 'Back' end),
          jsonb_build_object('max_weight', 8000, 'item_limit', 2400),
          case when z = 2 and a = 4 then 'maintenance' else 'active' end,
          '{"temperature_range": {"min": 15, "max": 25}, "special_handling": [], "security_level": "medium", "access_restrictions": [], "notes": ""}'::jsonb,
          w.created_at)
        returning id into aisle_id;
        for s in 1..3 loop
          insert into public.warehouse_locations (tenant_id, warehouse_id, location_type, name, parent_id, position, capacity, status, metadata, created_at)
          values (w.tenant_id, w.id, 'shelf', 'Shelf ' || s, aisle_id,
            jsonb_build_object('height', s * 60, 'sequence', s),
            jsonb_build_object('max_weight', 1200, 'dimensions', jsonb_build_object('length', 240, 'width', 80, 'height', 55)),
            'active',
            '{"temperature_range": {"min": 15, "max": 25}, "special_handling": [], "security_level": "medium", "access_restrictions": [], "notes": ""}'::jsonb,
            w.created_at)
          returning id into shelf_id;
          for b in 1..4 loop
            insert into public.warehouse_locations (tenant_id, warehouse_id, location_type, name, parent_id, position, capacity, status, metadata, created_at)
            values (w.tenant_id, w.id, 'bin', 'Bin ' || b, shelf_id,
              jsonb_build_object('position', bin_positions[b], 'sequence', b),
              jsonb_build_object('max_weight', 250, 'max_volume', 0.4, 'item_limit', 60,
                'dimensions', jsonb_build_object('length', 60, 'width', 40, 'height', 40)),
              case when a = 1 and s = 1 and b = 4 then 'reserved'
                   when a = 3 and s = 3 and b = 2 then 'inactive'
                   when z = 2 and a = 4 then 'maintenance'
                   else 'active' end,
              case when s = 3 then '{"temperature_range": {"min": 15, "max": 25}, "special_handling": ["fragile"], "security_level": "medium", "access_restrictions": ["supervisor"], "notes": "Top shelf: use the step ladder"}'::jsonb
                   else '{"temperature_range": {"min": 15, "max": 25}, "special_handling": [], "security_level": "medium", "access_restrictions": [], "notes": ""}'::jsonb end,
              w.created_at);
          end loop;
        end loop;
      end loop;
    end loop;
  end loop;
end;
$$;

insert into public.suppliers (id, tenant_id, name, code, contact_name, contact_email, contact_phone, address_id,
  lead_time_days, payment_terms, notes, active, created_at) values
  ('a5200000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Golden Gate Packaging Co.', 'SUP-GGP',
   'Rachel Nguyen', 'orders@ggpackaging.example', '+1 415 555 0301', null, 5, 'net_30', 'Corrugated boxes and void fill; delivers Tuesdays and Fridays.', true, now() - interval '55 days'),
  ('a5200000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'Pacific Electronics Distribution', 'SUP-PED',
   'Kevin Alvarez', 'supply@pacificed.example', '+1 510 555 0302', null, 14, 'net_60', 'Laptops and tablets; serial numbers on the packing list.', true, now() - interval '50 days'),
  ('a5200000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'Bay Area Office Supply', 'SUP-BAO',
   'Linda Park', 'sales@bayofficesupply.example', '+1 650 555 0303', null, 3, 'net_15', null, true, now() - interval '42 days'),
  ('a5200000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000001', 'Sierra Cold Storage Foods', 'SUP-SCS',
   'Daniel Brooks', 'dispatch@sierracold.example', '+1 916 555 0304', null, 2, 'cod', 'Refrigerated goods: receive straight into the Cold Chain zone.', true, now() - interval '30 days'),
  ('a5200000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000001', 'Mission Furniture Works', 'SUP-MFW',
   'Teresa Lopez', 'hello@missionfurniture.example', '+1 415 555 0305', null, 21, 'prepaid', 'Paused after repeated damaged deliveries.', false, now() - interval '25 days'),
  ('b5200000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', 'Thames Valley Packaging Ltd', 'SUP-TVP',
   'George Harris', 'orders@tvpackaging.example', '+44 118 496 0301', null, 4, 'net_30', 'Pallet wrap and cartons.', true, now() - interval '52 days'),
  ('b5200000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', 'Midlands Components', 'SUP-MDC',
   'Sarah Wilson', 'trade@midlandscomponents.example', '+44 121 496 0302', null, 10, 'net_60', null, true, now() - interval '47 days'),
  ('b5200000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000001', 'Kentish Fresh Produce', 'SUP-KFP',
   'Harry Thompson', 'depot@kentishfresh.example', '+44 1622 496030', null, 1, 'cod', 'Chilled; arrives before 07:00.', true, now() - interval '36 days'),
  ('b5200000-0000-4000-8000-000000000004', 'b0000000-0000-4000-8000-000000000001', 'Northern Office Direct', 'SUP-NOD',
   'Amelia Wright', 'accounts@northernoffice.example', '+44 161 496 0304', null, 6, 'net_15', null, true, now() - interval '22 days'),
  ('b5200000-0000-4000-8000-000000000005', 'b0000000-0000-4000-8000-000000000001', 'Docklands Hardware', 'SUP-DKH',
   'Samuel Green', 'sales@docklandshardware.example', '+44 20 7946 0305', null, 9, 'net_90', 'Contract under review.', false, now() - interval '12 days');
