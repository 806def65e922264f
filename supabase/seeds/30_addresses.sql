-- Customers' address books: every customer of every tenant (the demo users of seed.sql and the
-- people of 20_people.sql alike, read from profiles, so no id is assumed) gets 3 to 6 addresses in
-- the tenant's own city, shipping and billing, the first one their Default. Streets, postcodes and
-- coordinates are real places: Acme's customers in San Francisco, Globex's in London (postcodes
-- written without the space, as the form's 6 characters allow). Ids derive from the person and the
-- address's position, so a re-run of the seed yields the same rows; anyone who already has an
-- address is left alone.

create temporary table seed_streets (city text, n int, building text, address_line1 text, street text,
  postal_code text, latitude double precision, longitude double precision, landmark text);

insert into seed_streets values
  ('San Francisco', 0,  'Mission Lofts',            '2180 Mission St',        'Mission St',        '94110', 37.7627, -122.4194, 'Next to the 16th St BART plaza'),
  ('San Francisco', 1,  'Market Square',            '1455 Market St',         'Market St',         '94103', 37.7753, -122.4177, null),
  ('San Francisco', 2,  '20th Street Flats',        '3251 20th St',           '20th St',           '94110', 37.7587, -122.4155, null),
  ('San Francisco', 3,  'Valencia Commons',         '845 Valencia St',        'Valencia St',       '94110', 37.7593, -122.4215, 'Blue door beside the bookshop'),
  ('San Francisco', 4,  'Haight Ashbury House',     '1600 Haight St',         'Haight St',         '94117', 37.7699, -122.4483, null),
  ('San Francisco', 5,  'Fillmore Heights',         '2001 Fillmore St',       'Fillmore St',       '94115', 37.7884, -122.4335, null),
  ('San Francisco', 6,  'Divisadero Court',         '550 Divisadero St',      'Divisadero St',     '94117', 37.7746, -122.4375, null),
  ('San Francisco', 7,  'Sunset Terrace',           '3701 Noriega St',        'Noriega St',        '94122', 37.7535, -122.5010, 'Corner of 44th Ave'),
  ('San Francisco', 8,  'Noe Valley Residences',    '4045 24th St',           '24th St',           '94114', 37.7516, -122.4313, null),
  ('San Francisco', 9,  'Polk Gulch Apartments',    '1201 Polk St',           'Polk St',           '94109', 37.7873, -122.4199, null),
  ('San Francisco', 10, 'Marina Plaza',             '2300 Chestnut St',       'Chestnut St',       '94123', 37.8005, -122.4402, null),
  ('San Francisco', 11, 'Clement Street Studios',   '699 Clement St',         'Clement St',        '94118', 37.7828, -122.4650, 'Above the dumpling shop'),
  ('San Francisco', 12, 'Inner Sunset Lofts',       '1800 Irving St',         'Irving St',         '94122', 37.7637, -122.4777, null),
  ('San Francisco', 13, 'Castro Commons',           '400 Castro St',          'Castro St',         '94114', 37.7616, -122.4350, null),
  ('San Francisco', 14, 'North Beach Building',     '1100 Grant Ave',         'Grant Ave',         '94133', 37.7966, -122.4070, null),
  ('San Francisco', 15, 'Wharf View',               '2801 Leavenworth St',    'Leavenworth St',    '94133', 37.8075, -122.4185, 'Opposite the cable car turnaround'),
  ('San Francisco', 16, 'SoMa Works',               '135 4th St',             '4th St',            '94103', 37.7847, -122.4034, null),
  ('San Francisco', 17, '18th Street Commons',      '3150 18th St',           '18th St',           '94110', 37.7622, -122.4150, null),
  ('San Francisco', 18, 'Bernal Heights Cottage',   '501 Cortland Ave',       'Cortland Ave',      '94110', 37.7390, -122.4165, null),
  ('San Francisco', 19, 'Church Street Flats',      '1700 Church St',         'Church St',         '94131', 37.7437, -122.4270, null),
  ('San Francisco', 20, 'North Point Center',       '900 North Point St',     'North Point St',    '94109', 37.8057, -122.4229, null),
  ('San Francisco', 21, 'Ocean Avenue Place',       '2600 Ocean Ave',         'Ocean Ave',         '94132', 37.7315, -122.4750, null),
  ('San Francisco', 22, 'Mission Bay Tower',        '88 King St',             'King St',           '94107', 37.7786, -122.3894, 'Concierge desk in the lobby'),
  ('San Francisco', 23, 'Nob Hill Apartments',      '1250 Jones St',          'Jones St',          '94109', 37.7936, -122.4156, null),
  ('London', 0,  'Camden Lock House',        '221 Camden High Street',    'Camden High Street',    'NW17BU', 51.5390, -0.1426, 'Opposite the lock market'),
  ('London', 1,  'Upper Street Mansions',    '45 Upper Street',           'Upper Street',          'N11RG',  51.5362, -0.1033, null),
  ('London', 2,  'Truman Yard',              '12 Brick Lane',             'Brick Lane',            'E16RF',  51.5205, -0.0717, null),
  ('London', 3,  'Mare Street Studios',      '80 Mare Street',            'Mare Street',           'E84RU',  51.5436, -0.0554, null),
  ('London', 4,  'Holloway Court',           '150 Holloway Road',         'Holloway Road',         'N78DD',  51.5530, -0.1130, null),
  ('London', 5,  'Portobello Mews',          '33 Portobello Road',        'Portobello Road',       'W113DA', 51.5139, -0.2040, 'Blue door by the antiques arcade'),
  ('London', 6,  'Denmark Hill House',       '52 Denmark Hill',           'Denmark Hill',          'SE58RS', 51.4700, -0.0920, null),
  ('London', 7,  'Clapham Parade',           '9 Clapham High Street',     'Clapham High Street',   'SW47TS', 51.4636, -0.1323, null),
  ('London', 8,  'Brixton Works',            '210 Brixton Road',          'Brixton Road',          'SW96AP', 51.4700, -0.1130, null),
  ('London', 9,  'Kentish Town Flats',       '77 Kentish Town Road',      'Kentish Town Road',     'NW18NY', 51.5420, -0.1420, null),
  ('London', 10, 'Bermondsey Yard',          '120 Bermondsey Street',     'Bermondsey Street',     'SE13TX', 51.4990, -0.0810, null),
  ('London', 11, 'Kilburn Court',            '64 Kilburn High Road',      'Kilburn High Road',     'NW64HJ', 51.5380, -0.1930, null),
  ('London', 12, 'Chiswick House Flats',     '25 Chiswick High Road',     'Chiswick High Road',    'W41TX',  51.4935, -0.2470, null),
  ('London', 13, 'Hampstead Cottage',        '3 Hampstead High Street',   'Hampstead High Street', 'NW31QE', 51.5565, -0.1780, 'Up the steps beside the bakery'),
  ('London', 14, 'Seven Sisters Lofts',      '250 Seven Sisters Road',    'Seven Sisters Road',    'N42HY',  51.5650, -0.1060, null),
  ('London', 15, 'Whitechapel Chambers',     '17 Whitechapel Road',       'Whitechapel Road',      'E11DU',  51.5175, -0.0660, null),
  ('London', 16, 'Roman Road Studios',       '90 Roman Road',             'Roman Road',            'E20QN',  51.5290, -0.0470, null),
  ('London', 17, 'Brook Green House',        '55 Shepherd''s Bush Road',  'Shepherd''s Bush Road', 'W67LS',  51.4990, -0.2240, null),
  ('London', 18, 'Acre Lane Apartments',     '30 Acre Lane',              'Acre Lane',             'SW25SG', 51.4620, -0.1210, null),
  ('London', 19, 'Kensington Court',         '130 Kensington High Street','Kensington High Street','W87RL',  51.5010, -0.1920, null),
  ('London', 20, 'Lower Marsh Works',        '48 Lower Marsh',            'Lower Marsh',           'SE17RG', 51.5005, -0.1135, 'Behind Waterloo station'),
  ('London', 21, 'Mile End Place',           '70 Mile End Road',          'Mile End Road',         'E14UJ',  51.5215, -0.0480, null),
  ('London', 22, 'Hoxton Square Studios',    '19 Hoxton Square',          'Hoxton Square',         'N16NT',  51.5280, -0.0810, null),
  ('London', 23, 'Tooley Street Chambers',   '9 Tooley Street',           'Tooley Street',         'SE12QN', 51.5055, -0.0870, null);

-- Each tenant's city, as its depot (10_tenant_sites.sql) names it; its state and country with it.
create temporary table seed_cities as
select distinct on (a.tenant_id) a.tenant_id, a.city, a.state, a.country
from public.addresses a
where a.user_id is null and a.is_primary;

create temporary table seed_customers as
select p.id, p.tenant_id, p.full_name, p.email, p.user_type, p.created_at,
  coalesce(nullif(btrim(p.phone), ''), case c.country when 'United Kingdom' then '+44 20 7946 0999' else '+1 415 555 0999' end) as phone,
  c.city, c.state, c.country,
  (row_number() over (partition by p.tenant_id order by p.created_at, p.id) - 1)::int as n
from public.profiles p
join seed_cities c on c.tenant_id = p.tenant_id
where p.panel_type = 'customer'
  and not exists (select 1 from public.addresses a where a.user_id = p.id);

insert into public.addresses (
  id, tenant_id, user_id, title, address_type, address_line1, address_line2, building, street, city, state,
  postal_code, country, latitude, longitude, is_primary, is_active, save_to_address_book, metadata, contact_info, created_at
)
select
  md5(c.id::text || ':address:' || k)::uuid,
  c.tenant_id,
  c.id,
  jsonb_build_object('en', case when c.user_type = 'business'
    then (array['Head office', 'Accounts', 'Warehouse', 'Storefront', 'Loading dock', 'Second store'])[k + 1]
    else (array['Home', 'Billing', 'Work', 'Parents', 'Studio', 'Weekend place'])[k + 1] end),
  case when k = 0 then 'shipping' when k = 1 then 'billing' when k % 2 = 0 then 'shipping' else 'billing' end,
  s.address_line1,
  case when (c.n + k) % 3 = 0 then 'Apt ' || (2 + (c.n + k) % 9) || chr(65 + (c.n + k) % 4) when (c.n + k) % 3 = 1 then 'Floor ' || (1 + (c.n * 3 + k) % 6) end,
  s.building,
  s.street,
  c.city,
  c.state,
  s.postal_code,
  c.country,
  s.latitude,
  s.longitude,
  k = 0,
  not (k = 5),
  true,
  jsonb_strip_nulls(jsonb_build_object(
    'is_verified', k < 2,
    'verification_date', case when k < 2 then to_char(c.created_at + interval '1 day', 'YYYY-MM-DD') end,
    'landmark', s.landmark,
    'delivery_instructions', case k
      when 0 then (array['Leave with the concierge', 'Ring twice, the bell is faint', 'Side gate is unlocked 8am-6pm', 'Call on arrival'])[1 + c.n % 4]
      when 2 then 'Deliveries before noon please' end,
    'location', jsonb_build_object('lat', s.latitude, 'lng', s.longitude))),
  jsonb_build_object('full_name', c.full_name, 'phone', c.phone, 'email', c.email),
  least(now() - interval '1 hour', c.created_at + make_interval(days => k * 3, hours => 2 + k))
from seed_customers c
cross join lateral generate_series(0, 2 + c.n % 4) as k
join seed_streets s on s.city = c.city and s.n = (c.n * 7 + k * 5) % 24
order by c.tenant_id, c.id, k;

drop table seed_streets, seed_cities, seed_customers;
