-- Inventory: 60 items per tenant across the categories (a53... ids for acme, b53... for globex), and
-- five weeks of stock in both of each tenant's warehouses, all of it recorded through the ledger
-- function (public.record_inventory_transaction) as the warehouse's own people: opening receipts,
-- then weekly receipts, picks, moves between bins and count adjustments. Reorder points per item and
-- warehouse, with some items under theirs. Labels: pending (the renderer has not run) or failed.

create temp table seed_catalog (n integer, name text, category text, subcategory text, brand text, model text,
  weight numeric, dims numeric[], color text, connectivity text, battery_life text, serials boolean);
insert into seed_catalog values
  (1,  'ThinkPad X1 Carbon Gen 12 Laptop',                 'Electronics', 'Laptop',  'Lenovo',    'X1C-G12',   1.1, '{31,22,2}',  'Black',       'Wi-Fi 7, Bluetooth 5.3', '15 hours', true),
  (2,  'MacBook Air 13-inch M3 Laptop',                    'Electronics', 'Laptop',  'Apple',     'MBA13-M3',  1.2, '{30,21,1}',  'Midnight',    'Wi-Fi 6E, Bluetooth 5.3', '18 hours', true),
  (3,  'Latitude 5450 Business Laptop',                    'Electronics', 'Laptop',  'Dell',      'LAT5450',   1.5, '{32,21,2}',  'Grey',        'Wi-Fi 6E', '12 hours', true),
  (4,  'EliteBook 840 G11 Laptop',                         'Electronics', 'Laptop',  'HP',        'EB840G11',  1.4, '{31,22,2}',  'Silver',      'Wi-Fi 6E, 5G', '14 hours', true),
  (5,  'Zenbook 14 OLED Laptop',                           'Electronics', 'Laptop',  'ASUS',      'UX3405',    1.2, '{31,22,2}',  'Ponder Blue', 'Wi-Fi 6E', '15 hours', false),
  (6,  'Chromebook Plus 515 Student Laptop',               'Electronics', 'Laptop',  'Acer',      'CB515-2H',  1.7, '{36,24,2}',  'Iron',        'Wi-Fi 6', '10 hours', false),
  (7,  'OptiPlex 7020 Micro Desktop',                      'Electronics', 'Desktop', 'Dell',      'OP7020M',   1.2, '{18,18,4}',  'Black',       'Wi-Fi 6, Ethernet', null, true),
  (8,  'iMac 24-inch M3 All-in-One Desktop',               'Electronics', 'Desktop', 'Apple',     'IMAC24-M3', 4.4, '{55,15,46}', 'Blue',        'Wi-Fi 6E, Ethernet', null, true),
  (9,  'ThinkCentre M70q Tiny Desktop',                    'Electronics', 'Desktop', 'Lenovo',    'M70Q-G5',   1.3, '{18,18,4}',  'Black',       'Ethernet', null, false),
  (10, 'ProDesk 400 G9 Small Form Factor Desktop',         'Electronics', 'Desktop', 'HP',        'PD400G9',   4.9, '{30,27,10}', 'Black',       'Ethernet', null, false),
  (11, 'Mac mini M2 Desktop',                              'Electronics', 'Desktop', 'Apple',     'MINI-M2',   1.2, '{20,20,4}',  'Silver',      'Wi-Fi 6E, Ethernet', null, false),
  (12, 'iPad Air 11-inch M2 Tablet',                       'Electronics', 'Tablet',  'Apple',     'IPADAIR11', 0.5, '{25,18,1}',  'Starlight',   'Wi-Fi 6E', '10 hours', true),
  (13, 'Galaxy Tab S9 FE Tablet',                          'Electronics', 'Tablet',  'Samsung',   'SM-X510',   0.5, '{25,17,1}',  'Mint',        'Wi-Fi 6, Bluetooth 5.3', '12 hours', false),
  (14, 'Surface Pro 11 Tablet',                            'Electronics', 'Tablet',  'Microsoft', 'SP11',      0.9, '{29,21,1}',  'Platinum',    'Wi-Fi 7', '14 hours', true),
  (15, 'Fire HD 10 Tablet',                                'Electronics', 'Tablet',  'Amazon',    'FHD10-13',  0.4, '{25,16,1}',  'Black',       'Wi-Fi 5', '13 hours', false),
  (16, 'Rugged Tab Active5 Warehouse Tablet',              'Electronics', 'Tablet',  'Samsung',   'SM-X300',   0.4, '{21,13,1}',  'Black',       'Wi-Fi 6, 5G', '11 hours', false),
  (17, 'UltraSharp 27-inch 4K USB-C Monitor',              'Electronics', null,      'Dell',      'U2723QE',   6.6, '{61,18,54}', 'Silver',      'USB-C, HDMI', null, false),
  (18, '24-inch Full HD IPS Monitor',                      'Electronics', null,      'LG',        '24MP60G',   3.2, '{54,19,42}', 'Black',       'HDMI, DisplayPort', null, false),
  (19, 'MX Keys S Wireless Keyboard',                      'Electronics', null,      'Logitech',  'MXKEYS-S',  0.8, '{43,13,2}',  'Graphite',    'Bluetooth, Logi Bolt', '10 days', false),
  (20, 'MX Master 3S Wireless Mouse',                      'Electronics', null,      'Logitech',  'MXM3S',     0.1, '{12,8,5}',   'Pale Grey',   'Bluetooth, Logi Bolt', '70 days', false),
  (21, 'USB-C Dock with Dual 4K Output',                   'Electronics', null,      'Anker',     'A8396',     0.4, '{14,7,3}',   'Grey',        'USB-C, HDMI, Ethernet', null, false),
  (22, 'Noise-Cancelling Wireless Headset',                'Electronics', null,      'Jabra',     'EVOLVE2-65',0.2, '{18,16,6}',  'Black',       'Bluetooth 5.0', '37 hours', false),
  (23, 'Handheld Barcode Scanner, 2D Imager',              'Electronics', null,      'Zebra',     'DS2208',    0.2, '{17,7,10}',  'Twilight Black', 'USB', null, false),
  (24, 'Thermal Label Printer 4-inch',                     'Electronics', null,      'Zebra',     'ZD421',     2.0, '{22,18,15}', 'Dark Grey',   'USB, Ethernet, Bluetooth', null, false),
  (25, 'Mobile Computer with Scanner',                     'Electronics', null,      'Honeywell', 'CT40',      0.3, '{16,7,2}',   'Black',       'Wi-Fi 5, 4G LTE', '14 hours', true),
  (26, '65W GaN USB-C Charger',                            'Electronics', null,      'Anker',     'A2663',     0.1, '{5,4,3}',    'White',       'USB-C', null, false),
  (27, '1TB Portable SSD',                                 'Electronics', null,      'Samsung',   'T7-1TB',    0.1, '{9,6,1}',    'Titan Grey',  'USB 3.2', null, false),
  (28, 'Wi-Fi 6 Mesh Access Point',                        'Electronics', null,      'Ubiquiti',  'U6-LITE',   0.3, '{16,16,3}',  'White',       'Wi-Fi 6, PoE', null, false),
  (29, 'Conference Speakerphone',                          'Electronics', null,      'Jabra',     'SPEAK2-75', 0.4, '{14,14,4}',  'Dark Grey',   'Bluetooth, USB', '32 hours', false),
  (30, 'HD Webcam 1080p',                                  'Electronics', null,      'Logitech',  'C920S',     0.2, '{9,7,4}',    'Black',       'USB', null, false),
  (31, 'Height-Adjustable Standing Desk 160 x 80 cm',      'Furniture',   null,      'Flexispot', 'E7-160',   36.0, '{160,80,8}', 'Oak',         null, null, false),
  (32, 'Ergonomic Mesh Task Chair',                        'Furniture',   null,      'Herman Miller', 'SAYL',  15.0, '{67,62,98}', 'Graphite',    null, null, false),
  (33, 'Stackable Meeting Room Chair',                     'Furniture',   null,      'Steelcase', 'SERIES1',   8.0, '{58,52,82}', 'Black',       null, null, false),
  (34, '3-Drawer Mobile Pedestal',                         'Furniture',   null,      'Bisley',    'MP3',      18.0, '{42,56,60}', 'Chalk White', null, null, false),
  (35, 'Lockable Steel Filing Cabinet, 4 Drawers',         'Furniture',   null,      'Bisley',    'BS4E',     42.0, '{47,62,132}','Goose Grey',  null, null, false),
  (36, 'Rectangular Meeting Table 240 cm',                 'Furniture',   null,      'Steelcase', 'FLEX-240', 55.0, '{240,120,74}','White',      null, null, false),
  (37, 'Acoustic Desk Screen 140 cm',                      'Furniture',   null,      'BuzziSpace','BZ-DS140',  4.5, '{140,3,65}', 'Anthracite',  null, null, false),
  (38, 'Single Monitor Arm, Gas Spring',                   'Furniture',   null,      'Ergotron',  'LX-45-241', 3.0, '{64,12,45}', 'Matte Black', null, null, false),
  (39, 'Open Bookcase, 5 Shelves',                         'Furniture',   null,      'IKEA',      'BILLY',    30.0, '{80,28,202}','White',       null, null, false),
  (40, 'Reception Sofa, 3 Seats',                          'Furniture',   null,      'Hay',       'MAGS-3',   62.0, '{228,95,67}','Dark Grey',   null, null, false),
  (41, 'Heavy-Duty Steel Shelving Unit',                   'Furniture',   null,      'Bott',      'SR-1800',  48.0, '{120,50,180}','Light Grey', null, null, false),
  (42, 'Footrest with Tilt Adjustment',                    'Furniture',   null,      'Fellowes',  '8035001',   2.0, '{45,35,11}', 'Black',       null, null, false),
  (43, 'Whiteboard on Mobile Stand 180 x 90 cm',           'Furniture',   null,      'Nobo',      'MOVE-1890',22.0, '{180,60,190}','White',      null, null, false),
  (44, 'Packing Bench with Roll Holder',                   'Furniture',   null,      'Uline',     'H-2575',   68.0, '{183,76,91}','Grey',        null, null, false),
  (45, 'A4 Copier Paper, 80 gsm, Box of 5 Reams',          'Office Supplies', null,  'Navigator', 'NAV80-5',  12.5, '{30,22,26}', 'White',       null, null, false),
  (46, 'Gel Ink Pens, Black, Pack of 12',                  'Office Supplies', null,  'Pilot',     'G2-07',     0.1, '{16,8,2}',   'Black',       null, null, false),
  (47, 'Lever Arch Files, A4, Pack of 10',                 'Office Supplies', null,  'Leitz',     '1010',      4.6, '{32,29,30}', 'Blue',        null, null, false),
  (48, 'Heavy-Duty Stapler, 100 Sheets',                   'Office Supplies', null,  'Rapid',     'HD110',     1.6, '{28,8,16}',  'Black',       null, null, false),
  (49, 'Sticky Notes 76 x 76 mm, 12 Pads',                 'Office Supplies', null,  'Post-it',   '654-12',    0.5, '{8,8,9}',    'Canary Yellow', null, null, false),
  (50, 'Shipping Labels 4 x 6 in, Roll of 450',            'Office Supplies', null,  'Zebra',     '880026-152',0.8, '{12,12,11}', 'White',       null, null, false),
  (51, 'Packing Tape 48 mm x 66 m, 6 Rolls',               'Office Supplies', null,  'Scotch',    '371-6',     1.3, '{20,15,5}',  'Clear',       null, null, false),
  (52, 'Double-Wall Shipping Boxes 45 x 30 x 30 cm, 20',   'Office Supplies', null,  'Uline',     'S-4477',    9.0, '{46,31,8}',  'Kraft',       null, null, false),
  (53, 'Bubble Wrap Roll 50 cm x 100 m',                   'Office Supplies', null,  'Sealed Air','BW-50100',  3.2, '{50,50,50}', 'Clear',       null, null, false),
  (54, 'Desk Organiser, Mesh, 5 Compartments',             'Office Supplies', null,  'Fellowes',  '22201',     0.7, '{30,15,14}', 'Black',       null, null, false),
  (55, 'Whiteboard Markers, Assorted, Pack of 8',          'Office Supplies', null,  'Expo',      '1921063',   0.2, '{14,11,2}',  'Assorted',    null, null, false),
  (56, 'Laminating Pouches A4, 100',                       'Office Supplies', null,  'GBC',       '3740470',   1.4, '{31,22,2}',  'Clear',       null, null, false),
  (57, 'Label Maker with QWERTY Keyboard',                 'Office Supplies', null,  'Brother',   'PT-H110',   0.4, '{21,11,6}',  'Black',       null, null, false),
  (58, 'Cable Ties 300 mm, Pack of 100',                   'Office Supplies', null,  'Hellermann','T50L',      0.3, '{30,6,2}',   'Black',       null, null, false),
  (59, 'Nitrile Work Gloves, Size L, 12 Pairs',            'Office Supplies', null,  'Ansell',    'HYF11-800', 0.6, '{25,12,8}',  'Grey',        null, null, false),
  (60, 'Printer Toner Cartridge, High Yield',              'Office Supplies', null,  'HP',        '26X',       1.9, '{38,12,13}', 'Black',       null, null, false);

-- Items: acme in inches, globex in centimetres (their units). A few labels failed; the rest wait
-- for the renderer. Two discontinued lines are made inactive once their history is written.
insert into public.inventory_items (id, tenant_id, name, sku, barcode, description, category, subcategory, brand, model,
  unit_size, weight, dimensions, attributes, label_status, label_error, is_active, created_at, updated_at)
select
  (t.prefix || lpad(c.n::text, 12, '0'))::uuid, t.tenant_id, c.name,
  t.sku_prefix || '-' || upper(left(regexp_replace(c.brand, '[^A-Za-z]', '', 'g'), 3)) || '-' || lpad((1000 + c.n * 17)::text, 4, '0'),
  case when c.n % 9 = 0 then null else t.barcode_prefix || lpad((c.n * 7919)::text, 8, '0') end,
  c.brand || ' ' || c.model || ': ' || lower(c.name) || '.',
  c.category, c.subcategory, c.brand, c.model,
  case when c.category = 'Office Supplies' and c.n % 3 = 0 then 12 else 1 end,
  case when t.length_unit = 'in' then round(c.weight * 2.2046, 1) else c.weight end,
  jsonb_build_object(
    'length', case when t.length_unit = 'in' then round(c.dims[1] / 2.54, 1) else c.dims[1] end,
    'width',  case when t.length_unit = 'in' then round(c.dims[2] / 2.54, 1) else c.dims[2] end,
    'height', case when t.length_unit = 'in' then round(c.dims[3] / 2.54, 1) else c.dims[3] end,
    'unit', t.length_unit),
  jsonb_strip_nulls(jsonb_build_object('color', c.color, 'connectivity', c.connectivity, 'battery_life', c.battery_life)),
  case when c.n % 13 = 5 then 'failed' else 'pending' end,
  case when c.n % 13 = 5 then 'The barcode has characters Code 128 cannot print' end,
  true,
  now() - interval '62 days' + (c.n || ' hours')::interval,
  now() - ((c.n % 20) || ' days')::interval
from seed_catalog c
cross join (values
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a5300000-0000-4000-8000-', 'ACM', '0840001', 'in'),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b5300000-0000-4000-8000-', 'GLX', '5012345', 'cm')
) as t(tenant_id, prefix, sku_prefix, barcode_prefix, length_unit);

-- Stock through the ledger, as each warehouse's people (the function reads who from the claims).
create or replace function pg_temp.seed_as(person uuid) returns void
language sql
as $$ select set_config('request.jwt.claim.sub', coalesce(person::text, ''), false) $$;

create or replace function pg_temp.seed_record(person uuid, kind text, item uuid, warehouse uuid, qty integer,
  from_bin uuid, to_bin uuid, at timestamptz, reason text default null, serial text default null, lot text default null,
  condition text default 'available') returns void
language plpgsql
as $$
begin
  perform pg_temp.seed_as(person);
  perform public.record_inventory_transaction(transaction_type => kind, item_id => item, warehouse_id => warehouse,
    quantity => qty, from_bin_id => from_bin, to_bin_id => to_bin, lot_number => lot, serial_number => serial,
    stock_status => condition, reason => reason, occurred_at => at);
exception when others then
  declare
    d text;
  begin
    get stacked diagnostics d = pg_exception_detail;
    raise exception 'seeding a % of % failed: % %', kind, item, sqlerrm, d;
  end;
end;
$$;

do $$
declare
  w record;
  it record;
  bins uuid[];
  nbins integer;
  home uuid;
  overflow uuid;
  receiver uuid;
  picker uuid;
  lead uuid;
  admin_id uuid;
  opening integer;
  on_hand integer;
  qty integer;
  week integer;
  k integer;
  lot text;
  day timestamptz;
  wi integer := 0;
begin
  for w in select x.id, x.tenant_id, x.code from public.warehouses x order by x.code loop
    select array_agg(l.id order by l.code) into bins from public.warehouse_locations l
    where l.warehouse_id = w.id and l.location_type = 'bin' and l.status = 'active';
    nbins := cardinality(bins);
    wi := wi + 1;
    select p.id into admin_id from public.profiles p where p.tenant_id = w.tenant_id and p.panel_type = 'admin' order by p.created_at limit 1;
    select coalesce((select s.user_id from public.warehouse_staff s where s.warehouse_id = w.id and s.active and s.role = 'receiver' limit 1),
      (select s.user_id from public.warehouse_staff s where s.warehouse_id = w.id and s.active and s.role in ('manager', 'supervisor') order by s.role limit 1), admin_id)
      into receiver;
    select coalesce((select s.user_id from public.warehouse_staff s where s.warehouse_id = w.id and s.active and s.role = 'picker' order by s.created_at limit 1), receiver)
      into picker;
    select coalesce((select s.user_id from public.warehouse_staff s where s.warehouse_id = w.id and s.active and s.role in ('supervisor', 'manager') order by s.role desc limit 1), admin_id)
      into lead;

    for it in
      select i.id, i.sku, i.subcategory, c.n not in (15, 40) as is_active, c.n, c.serials
      from public.inventory_items i
      join seed_catalog c on c.n = right(i.id::text, 12)::integer
      -- The main warehouses carry the whole range; the second ones two thirds of it.
      where i.tenant_id = w.tenant_id and (w.code in ('SF-BAY', 'LDN-PRK') or c.n % 3 <> 0)
      order by c.n
    loop
      home := bins[(it.n * 7 + length(w.code)) % nbins + 1];
      overflow := bins[(it.n * 7 + length(w.code) + 37) % nbins + 1];
      lot := 'L' || to_char(now() - interval '35 days', 'YYMM') || '-' || lpad(it.n::text, 3, '0');
      day := now() - interval '35 days' + ((it.n % 8) || ' hours')::interval;

      -- Opening stock: serial-tracked machines one by one; the rest by lot.
      if it.serials then
        for k in 1..(3 + it.n % 4) loop
          perform pg_temp.seed_record(receiver, 'receive', it.id, w.id, 1, null, home, day,
            serial => upper(left(it.sku, 3)) || to_char(it.n, 'FM00') || 'SN' || to_char(k + 100 * wi, 'FM00000'));
        end loop;
      else
        opening := case when it.n % 11 = 0 then 6 else 24 + (it.n * 13) % 90 end;
        perform pg_temp.seed_record(receiver, 'receive', it.id, w.id, opening, null, home, day, lot => lot);
      end if;

      continue when it.serials;

      -- Four weeks of work: picks most weeks, a receipt every other week, a move to an overflow bin,
      -- and now and then a count that finds a difference.
      for week in reverse 4..1 loop
        day := now() - (week * 7 || ' days')::interval + ((it.n % 5) || ' hours')::interval;
        select coalesce(sum(s.quantity - s.reserved), 0) into on_hand from public.inventory_stock s
        where s.item_id = it.id and s.bin_id = home and s.lot_number is not distinct from lot and s.status = 'available';
        qty := least(on_hand, 2 + (it.n * week) % 9);
        if qty > 0 and (it.n + week) % 4 <> 0 then
          perform pg_temp.seed_record(picker, 'pick', it.id, w.id, qty, home, null, day + interval '2 hours', lot => lot);
        end if;
        if it.is_active and (it.n + week) % 2 = 0 and it.n % 11 <> 0 then
          perform pg_temp.seed_record(receiver, 'receive', it.id, w.id, 10 + (it.n * week) % 25, null, home, day + interval '1 day', lot => lot);
        end if;
        if week = 3 and it.n % 5 = 0 then
          select coalesce(sum(s.quantity - s.reserved), 0) into on_hand from public.inventory_stock s
          where s.item_id = it.id and s.bin_id = home and s.lot_number is not distinct from lot and s.status = 'available';
          if on_hand > 4 and overflow <> home then
            perform pg_temp.seed_record(lead, 'move', it.id, w.id, on_hand / 3, home, overflow, day + interval '3 hours', lot => lot);
          end if;
        end if;
        select coalesce(sum(s.quantity - s.reserved), 0) into on_hand from public.inventory_stock s
        where s.item_id = it.id and s.bin_id = home and s.lot_number is not distinct from lot and s.status = 'available';
        if week = 2 and it.n % 6 = 1 and on_hand > 0 then
          perform pg_temp.seed_record(lead, 'adjust', it.id, w.id, 1, home, null, day + interval '5 hours',
            reason => 'Cycle count: one unit short', lot => lot);
        elsif week = 2 and it.n % 6 = 4 and on_hand > 0 then
          perform pg_temp.seed_record(lead, 'adjust', it.id, w.id, 1, home, null, day + interval '5 hours',
            reason => 'Damaged in handling, written off', lot => lot);
          perform pg_temp.seed_record(lead, 'adjust', it.id, w.id, 1, null, home, day + interval '5 hours',
            reason => 'Damaged in handling, kept for the supplier claim', lot => lot, condition => 'damaged');
        elsif week = 1 and it.n % 10 = 3 then
          perform pg_temp.seed_record(lead, 'adjust', it.id, w.id, 2, null, home, day + interval '5 hours',
            reason => 'Cycle count: found behind the pallet', lot => lot);
        end if;
      end loop;

      -- Last week's returns came back into stock; some were damaged.
      if it.n % 8 = 2 then
        perform pg_temp.seed_record(receiver, 'return', it.id, w.id, 1, null, home, now() - interval '3 days',
          lot => lot, condition => case when it.n % 16 = 2 then 'damaged' else 'available' end);
      end if;
    end loop;

    -- Reorder points: about a third of on-hand, and some items already under theirs (set up by
    -- nobody in particular: the audit trail names no one for them).
    perform pg_temp.seed_as(null);
    insert into public.inventory_reorder_points (tenant_id, item_id, warehouse_id, reorder_point)
    select w.tenant_id, s.item_id, w.id,
      case when c.n % 7 = 0 then sum(s.quantity)::int + 10 else greatest(5, sum(s.quantity)::int / 3) end
    from public.inventory_stock s
    join public.inventory_items i on i.id = s.item_id
    join seed_catalog c on c.n = right(i.id::text, 12)::integer
    where s.warehouse_id = w.id and s.status = 'available'
    group by s.item_id, c.n;
  end loop;
  perform pg_temp.seed_as(null);
end;
$$;

update public.inventory_items set is_active = false
where tenant_id in ('a0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001')
  and right(id::text, 12)::integer in (15, 40);

drop table seed_catalog;
