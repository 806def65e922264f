-- The delivery network of each tenant: zones drawn around its own city's neighbourhoods, four
-- services, and a price for every zone pair and service.
-- Prices are in each tenant's currency (25_settings.sql: acme USD, globex GBP).
-- Acme (San Francisco): zones a6000000-...-00N, services a6100000-...-00N.
-- Globex (London): zones b6000000-...-00N, services b6100000-...-00N.
-- Neighbouring zones share their edges, so a point on the line between two is priced the same way
-- every time (the smaller zone wins: private.zones_at). One zone per tenant is inactive (planned).

insert into public.zones (id, tenant_id, name, code, description, color, polygon, active) values
  ('a6000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Financial District & North Beach', 'SF-FIDI',
   'Downtown towers, Embarcadero and North Beach; loading zones only before 10:00.', '#2563eb',
   '{"type": "Polygon", "coordinates": [[[-122.415, 37.782], [-122.4, 37.782], [-122.385, 37.792], [-122.395, 37.808], [-122.42, 37.808], [-122.415, 37.79], [-122.415, 37.782]]]}', true),
  ('a6000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'SoMa & Mission Bay', 'SF-SOMA',
   'South of Market down to Mission Bay and the depot at Terry A Francois Blvd.', '#16a34a',
   '{"type": "Polygon", "coordinates": [[[-122.415, 37.772], [-122.405, 37.766], [-122.38, 37.766], [-122.383, 37.782], [-122.385, 37.792], [-122.4, 37.782], [-122.415, 37.782], [-122.415, 37.772]]]}', true),
  ('a6000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'Mission & Castro', 'SF-MISSION',
   'Mission, Castro and Noe Valley; narrow streets, bikes preferred.', '#d97706',
   '{"type": "Polygon", "coordinates": [[[-122.445, 37.772], [-122.415, 37.772], [-122.405, 37.766], [-122.405, 37.748], [-122.445, 37.748], [-122.445, 37.772]]]}', true),
  ('a6000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000001', 'Dogpatch & Bayview', 'SF-BAYVIEW',
   'Dogpatch, Potrero Point and Bayview, with the Oakdale Ave warehouse.', '#9333ea',
   '{"type": "Polygon", "coordinates": [[[-122.405, 37.766], [-122.38, 37.766], [-122.375, 37.745], [-122.365, 37.725], [-122.385, 37.708], [-122.405, 37.708], [-122.405, 37.748], [-122.405, 37.766]]]}', true),
  ('a6000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000001', 'Marina & Pacific Heights', 'SF-MARINA',
   'Marina, Cow Hollow and Pacific Heights; residential, evening windows popular.', '#0891b2',
   '{"type": "Polygon", "coordinates": [[[-122.445, 37.772], [-122.415, 37.772], [-122.415, 37.79], [-122.42, 37.808], [-122.44, 37.806], [-122.455, 37.806], [-122.445, 37.79], [-122.445, 37.772]]]}', true),
  ('a6000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000001', 'Richmond & Presidio', 'SF-RICHMOND',
   'Inner and Outer Richmond and the Presidio.', '#dc2626',
   '{"type": "Polygon", "coordinates": [[[-122.515, 37.772], [-122.445, 37.772], [-122.445, 37.79], [-122.455, 37.806], [-122.48, 37.811], [-122.515, 37.79], [-122.515, 37.772]]]}', true),
  ('a6000000-0000-4000-8000-000000000007', 'a0000000-0000-4000-8000-000000000001', 'Sunset & Twin Peaks', 'SF-SUNSET',
   'Inner and Outer Sunset up to Twin Peaks; fog, allow extra time.', '#65a30d',
   '{"type": "Polygon", "coordinates": [[[-122.512, 37.772], [-122.445, 37.772], [-122.445, 37.748], [-122.47, 37.735], [-122.505, 37.735], [-122.512, 37.772]]]}', true),
  ('a6000000-0000-4000-8000-000000000008', 'a0000000-0000-4000-8000-000000000001', 'Treasure Island', 'SF-TI',
   'Planned for the new residential blocks; not served yet.', '#64748b',
   '{"type": "Polygon", "coordinates": [[[-122.378, 37.816], [-122.366, 37.829], [-122.358, 37.826], [-122.365, 37.812], [-122.378, 37.816]]]}', false),

  ('b6000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', 'City & Shoreditch', 'LDN-CITY',
   'The Square Mile, Clerkenwell and Shoreditch; congestion charge applies.', '#2563eb',
   '{"type": "Polygon", "coordinates": [[[-0.115, 51.508], [-0.07, 51.505], [-0.065, 51.53], [-0.09, 51.535], [-0.115, 51.525], [-0.115, 51.508]]]}', true),
  ('b6000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', 'West End & Westminster', 'LDN-WEST',
   'Soho, Mayfair, Marylebone and Westminster; timed loading bays.', '#d97706',
   '{"type": "Polygon", "coordinates": [[[-0.19, 51.495], [-0.115, 51.495], [-0.115, 51.525], [-0.16, 51.528], [-0.19, 51.515], [-0.19, 51.495]]]}', true),
  ('b6000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000001', 'Canary Wharf & Docklands', 'LDN-DOCKS',
   'Canary Wharf, Isle of Dogs and the Royal Docks, with the depot below the DLR.', '#16a34a',
   '{"type": "Polygon", "coordinates": [[[-0.07, 51.505], [-0.045, 51.49], [0.005, 51.49], [0.01, 51.515], [-0.035, 51.52], [-0.065, 51.53], [-0.07, 51.505]]]}', true),
  ('b6000000-0000-4000-8000-000000000004', 'b0000000-0000-4000-8000-000000000001', 'Southwark & Bermondsey', 'LDN-SOUTH',
   'Bankside, Borough, Bermondsey and Rotherhithe.', '#9333ea',
   '{"type": "Polygon", "coordinates": [[[-0.115, 51.508], [-0.115, 51.47], [-0.045, 51.47], [-0.045, 51.49], [-0.07, 51.505], [-0.115, 51.508]]]}', true),
  ('b6000000-0000-4000-8000-000000000005', 'b0000000-0000-4000-8000-000000000001', 'Stratford & Barking', 'LDN-EAST',
   'Stratford, West Ham and Barking Riverside with its warehouse.', '#dc2626',
   '{"type": "Polygon", "coordinates": [[[-0.035, 51.52], [0.01, 51.515], [0.13, 51.51], [0.135, 51.545], [-0.02, 51.555], [-0.035, 51.52]]]}', true),
  ('b6000000-0000-4000-8000-000000000006', 'b0000000-0000-4000-8000-000000000001', 'Park Royal & Ealing', 'LDN-PARKROYAL',
   'Park Royal industrial estate, Acton and Ealing.', '#0891b2',
   '{"type": "Polygon", "coordinates": [[[-0.32, 51.5], [-0.23, 51.5], [-0.215, 51.525], [-0.23, 51.545], [-0.3, 51.55], [-0.32, 51.53], [-0.32, 51.5]]]}', true),
  ('b6000000-0000-4000-8000-000000000007', 'b0000000-0000-4000-8000-000000000001', 'Kensington & Chelsea', 'LDN-KENS',
   'Kensington, Chelsea and Notting Hill; concierge drop-offs common.', '#db2777',
   '{"type": "Polygon", "coordinates": [[[-0.23, 51.48], [-0.19, 51.48], [-0.19, 51.515], [-0.215, 51.525], [-0.23, 51.5], [-0.23, 51.48]]]}', true),
  ('b6000000-0000-4000-8000-000000000008', 'b0000000-0000-4000-8000-000000000001', 'Heathrow & Hounslow', 'LDN-HEATHROW',
   'Airport cargo area; paused until the bonded-goods permit is renewed.', '#64748b',
   '{"type": "Polygon", "coordinates": [[[-0.5, 51.46], [-0.41, 51.46], [-0.4, 51.49], [-0.49, 51.495], [-0.5, 51.46]]]}', false);

insert into public.delivery_services (id, tenant_id, name, code, description, kind, min_transit_hours, max_transit_hours, required_vehicle_features, active) values
  ('a6100000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Express 90', 'EXPRESS',
   'Picked up within 30 minutes, delivered within 90; tracked live.', 'on_demand', 0.5, 1.5, '{gps_tracking}', true),
  ('a6100000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'Same Day', 'SAMEDAY',
   'Ordered before 14:00, delivered by 21:00 the same day.', 'same_day', 3, 8, '{}', true),
  ('a6100000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'Next Day', 'NEXTDAY',
   'Delivered the next working day between 08:00 and 18:00.', 'next_day', 16, 30, '{}', true),
  ('a6100000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000001', 'Cold Chain Scheduled', 'COLD',
   'Refrigerated delivery in a booked two-hour window.', 'scheduled', 4, 48, '{refrigeration,temperature_control}', true),
  ('b6100000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', 'Courier Now', 'NOW',
   'A courier at the door within 20 minutes, delivered within the hour.', 'on_demand', 0.5, 1, '{gps_tracking}', true),
  ('b6100000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', 'Same Day Evening', 'EVENING',
   'Booked by noon, delivered between 18:00 and 22:00.', 'same_day', 4, 10, '{}', true),
  ('b6100000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000001', 'Next Day Pallet', 'PALLET',
   'Palletised goods with a tail-lift vehicle, next working day.', 'next_day', 18, 30, '{lift_gate}', true),
  ('b6100000-0000-4000-8000-000000000004', 'b0000000-0000-4000-8000-000000000001', 'Secure Scheduled', 'SECURE',
   'High-value goods in a booked window, signature and tracked vehicle.', 'scheduled', 6, 72, '{security_system,gps_tracking}', true);

-- A price for every zone pair and service: each service's base and per-kg rate, plus a distance
-- step between the zones' centres (about 1 unit per km); a handful of routes are paused (inactive).
with centres as (
  select z.id, z.tenant_id, z.code,
    (select avg((e ->> 0)::numeric) from jsonb_array_elements(z.polygon -> 'coordinates' -> 0) e) as lng,
    (select avg((e ->> 1)::numeric) from jsonb_array_elements(z.polygon -> 'coordinates' -> 0) e) as lat
  from public.zones z
  where z.tenant_id in ('a0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001')
),
rates (code, base, per_kg) as (
  values ('EXPRESS', 14.00, 0.90), ('SAMEDAY', 8.50, 0.45), ('NEXTDAY', 5.50, 0.30), ('COLD', 18.00, 1.10),
         ('NOW', 11.00, 0.80), ('EVENING', 7.00, 0.40), ('PALLET', 35.00, 0.12), ('SECURE', 22.00, 0.95)
)
insert into public.zone_pricing (id, tenant_id, origin_zone_id, destination_zone_id, service_id, base_price, per_unit_price,
  min_transit_time, max_transit_time, active)
select
  md5('zone_pricing:' || o.id || ':' || d.id || ':' || s.id)::uuid,
  o.tenant_id, o.id, d.id, s.id,
  round(r.base + 1.0 * sqrt(power((o.lng - d.lng) * 79, 2) + power((o.lat - d.lat) * 111, 2)) * (case when o.tenant_id = 'b0000000-0000-4000-8000-000000000001' then 0.8 else 1 end), 2),
  r.per_kg,
  s.min_transit_hours,
  s.max_transit_hours + case when o.id = d.id then 0 else round(sqrt(power((o.lng - d.lng) * 79, 2) + power((o.lat - d.lat) * 111, 2)) / 20, 1) end,
  abs(hashtext(o.code || d.code || s.code)) % 23 <> 0
from centres o
join centres d on d.tenant_id = o.tenant_id
join public.delivery_services s on s.tenant_id = o.tenant_id
join rates r on r.code = s.code;
