-- Weeks of the tenants' history, so the activity screen and the record histories have something to
-- show on first start.
--
-- The seed's own rows were written by the seed (no user: 'System') the moment it ran: they stand for
-- each business's initial import, five weeks back, before the history below. The log is append-only,
-- so its guard steps aside for this one statement of the table's owner.
alter table public.audit_log disable trigger audit_log_append_only;
update public.audit_log set created_at = created_at - interval '37 days', updated_at = updated_at - interval '37 days'
where actor_id is null and created_at > now() - interval '1 day';
alter table public.audit_log enable trigger audit_log_append_only;

-- Then the admins fine-tuning their fleets, sites and settings, dispatchers and customers keeping
-- their own profiles current, a rental van added for a peak and removed after it. Written as the
-- audit trigger writes (the changed columns with their values before and after, the record's name
-- from the row as it is now, else from the values, or given for a row since deleted), in each tenant's working hours, backdated.
insert into public.audit_log (tenant_id, actor_id, actor_name, table_name, row_id, action, changed_columns, old_values, new_values, record_label, created_at, updated_at)
select e.tenant_id, e.actor_id, e.actor_name, e.table_name, e.row_id, e.action, e.changed_columns, e.old_values, e.new_values,
       coalesce(e.label, private.audit_record_label(coalesce(
         (select to_jsonb(v) from public.vehicles v where e.table_name = 'vehicles' and v.id = e.row_id),
         (select to_jsonb(p) from public.profiles p where e.table_name = 'profiles' and p.id = e.row_id),
         (select to_jsonb(a) from public.addresses a where e.table_name = 'addresses' and a.id = e.row_id),
         (select jsonb_build_object('name', t.name) from public.tenants t where e.table_name = 'tenants' and t.id = e.row_id),
         coalesce(e.new_values, '{}'::jsonb) || coalesce(e.old_values, '{}'::jsonb)))),
       date_trunc('day', now()) - make_interval(days => e.days_ago) + e.at_utc, date_trunc('day', now()) - make_interval(days => e.days_ago) + e.at_utc
from (values
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'addresses', 'a4000000-0000-4000-8000-000000000001'::uuid, 'update', array['address_line2']::text[],
   '{"address_line2": "Loading bay 1"}'::jsonb, '{"address_line2": "Loading bay 2"}'::jsonb, null, 34, '17:02'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'tenants', 'a0000000-0000-4000-8000-000000000001'::uuid, 'update', array['contact_info']::text[],
   '{"contact_info": {"phone": "+1 415 555 0111", "email": "hello@acme.test", "address": "1 Market St, San Francisco, CA"}}'::jsonb, '{"contact_info": {"phone": "+1 415 555 0100", "email": "hello@acme.test", "address": "1 Market St, Floor 12, San Francisco, CA 94105"}}'::jsonb, null, 33, '18:40'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'vehicles', 'a3000000-0000-4000-8000-000000000002'::uuid, 'update', array['capacity_unit', 'description']::text[],
   '{"capacity_unit": 280, "description": "7-tonne box truck"}'::jsonb, '{"capacity_unit": 300, "description": "7-tonne box truck with tail lift"}'::jsonb, null, 30, '19:05'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000002'::uuid, 'Dana Dispatcher', 'profiles', 'a1000000-0000-4000-8000-000000000002'::uuid, 'update', array['phone']::text[],
   '{"phone": "+1 415 555 0199"}'::jsonb, '{"phone": "+1 415 555 0102"}'::jsonb, null, 28, '15:47'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'vehicles', 'a3000000-0000-4000-8000-000000000003'::uuid, 'update', array['vehicle_requirements']::text[],
   '{"vehicle_requirements": {"license_requirements": ["commercial", "special"], "special_features": ["refrigeration", "gps_tracking"], "fuel_type": "diesel"}}'::jsonb, '{"vehicle_requirements": {"license_requirements": ["commercial", "special"], "special_features": ["refrigeration", "temperature_control", "gps_tracking"], "fuel_type": "diesel"}}'::jsonb, null, 27, '20:30'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'addresses', 'a4000000-0000-4000-8000-000000000002'::uuid, 'update', array['metadata']::text[],
   '{"metadata": {"is_verified": false, "landmark": "Near the rail yard"}}'::jsonb, '{"metadata": {"is_verified": true, "verification_date": "2026-10-01", "landmark": "Next to the Caltrain yard"}}'::jsonb, null, 21, '22:12'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000004'::uuid, 'Carla Customer', 'profiles', 'a1000000-0000-4000-8000-000000000004'::uuid, 'update', array['phone']::text[],
   '{"phone": "+1 415 555 0177"}'::jsonb, '{"phone": "+1 415 555 0104"}'::jsonb, null, 20, '02:18'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'vehicles', 'a3000000-0000-4000-8000-000000000001'::uuid, 'update', array['description']::text[],
   '{"description": "Electric city van for parcels"}'::jsonb, '{"description": "Electric city van for same-day parcels"}'::jsonb, null, 18, '16:44'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'vehicles', 'a3000000-0000-4000-8000-0000000000a1'::uuid, 'insert', array['active', 'capacity_unit', 'code', 'description', 'id', 'image_url', 'name', 'tenant_id', 'vehicle_requirements']::text[],
   null, '{"id": "a3000000-0000-4000-8000-0000000000a1", "tenant_id": "a0000000-0000-4000-8000-000000000001", "name": "Rental Van (peak season)", "code": "ACME-RNT-01", "description": "Short-term rental for the Thanksgiving peak", "image_url": null, "capacity_unit": 35, "vehicle_requirements": {"license_requirements": ["standard"], "special_features": [], "fuel_type": "petrol"}, "active": true}'::jsonb, null, 16, '17:20'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'vehicles', 'a3000000-0000-4000-8000-000000000004'::uuid, 'update', array['active', 'description']::text[],
   '{"active": true, "description": "Cargo bike for downtown drops"}'::jsonb, '{"active": false, "description": "Retired cargo bike, kept for the records"}'::jsonb, null, 14, '18:03'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'tenants', 'a0000000-0000-4000-8000-000000000001'::uuid, 'update', array['brand_settings']::text[],
   '{"brand_settings": {"colors": {"primary": "#2563eb"}}}'::jsonb, '{"brand_settings": {"colors": {"primary": "#1d4ed8"}}}'::jsonb, null, 12, '21:36'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'profiles', 'a1000000-0000-4000-8000-000000000003'::uuid, 'update', array['phone']::text[],
   '{"phone": "+1 415 555 0130"}'::jsonb, '{"phone": "+1 415 555 0103"}'::jsonb, null, 10, '16:58'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'profiles', 'a1000000-0000-4000-8000-000000000005'::uuid, 'update', array['user_type']::text[],
   '{"user_type": "individual"}'::jsonb, '{"user_type": "business"}'::jsonb, null, 9, '23:11'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'addresses', 'a4000000-0000-4000-8000-000000000003'::uuid, 'update', array['address_line2']::text[],
   '{"address_line2": null}'::jsonb, '{"address_line2": "Unit 4"}'::jsonb, null, 7, '18:25'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'vehicles', 'a3000000-0000-4000-8000-0000000000a1'::uuid, 'delete', array['active', 'capacity_unit', 'code', 'description', 'id', 'image_url', 'name', 'tenant_id', 'vehicle_requirements']::text[],
   '{"id": "a3000000-0000-4000-8000-0000000000a1", "tenant_id": "a0000000-0000-4000-8000-000000000001", "name": "Rental Van (peak season)", "code": "ACME-RNT-01", "description": "Short-term rental for the Thanksgiving peak", "image_url": null, "capacity_unit": 35, "vehicle_requirements": {"license_requirements": ["standard"], "special_features": [], "fuel_type": "petrol"}, "active": true}'::jsonb, null, null, 6, '17:02'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'vehicles', 'a3000000-0000-4000-8000-000000000002'::uuid, 'update', array['vehicle_requirements']::text[],
   '{"vehicle_requirements": {"license_requirements": ["commercial"], "special_features": ["gps_tracking"], "fuel_type": "diesel"}}'::jsonb, '{"vehicle_requirements": {"license_requirements": ["commercial"], "special_features": ["lift_gate", "gps_tracking"], "fuel_type": "diesel"}}'::jsonb, null, 5, '19:40'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000002'::uuid, 'Dana Dispatcher', 'profiles', 'a1000000-0000-4000-8000-000000000002'::uuid, 'update', array['first_name']::text[],
   '{"first_name": "Danielle"}'::jsonb, '{"first_name": "Dana"}'::jsonb, null, 3, '16:05'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'tenants', 'a0000000-0000-4000-8000-000000000001'::uuid, 'update', array['settings']::text[],
   '{"settings": {"general": {"units": {"weight": "kg", "volume": "m3", "length": "cm", "temperature": "C"}}}}'::jsonb, '{"settings": {"general": {"units": {"weight": "lb", "volume": "ft3", "length": "in", "temperature": "F"}}}}'::jsonb, null, 2, '17:30'::interval),
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid, 'Ada Admin', 'vehicles', 'a3000000-0000-4000-8000-000000000003'::uuid, 'update', array['capacity_unit']::text[],
   '{"capacity_unit": 480}'::jsonb, '{"capacity_unit": 500}'::jsonb, null, 1, '18:15'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000001'::uuid, 'Gina Admin', 'addresses', 'b4000000-0000-4000-8000-000000000001'::uuid, 'update', array['address_line2']::text[],
   '{"address_line2": null}'::jsonb, '{"address_line2": "Service road entrance"}'::jsonb, null, 34, '10:05'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000001'::uuid, 'Gina Admin', 'tenants', 'b0000000-0000-4000-8000-000000000001'::uuid, 'update', array['name']::text[],
   '{"name": {"en": "Globex"}}'::jsonb, '{"name": {"en": "Globex Freight"}}'::jsonb, null, 32, '11:40'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000002'::uuid, 'Glen Dispatcher', 'profiles', 'b2000000-0000-4000-8000-000000000002'::uuid, 'update', array['phone']::text[],
   '{"phone": "+44 20 7946 0099"}'::jsonb, '{"phone": "+44 20 7946 0002"}'::jsonb, null, 29, '08:31'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000001'::uuid, 'Gina Admin', 'vehicles', 'b3000000-0000-4000-8000-000000000001'::uuid, 'update', array['capacity_unit', 'description']::text[],
   '{"capacity_unit": 55, "description": "Long-wheelbase van"}'::jsonb, '{"capacity_unit": 60, "description": "Long-wheelbase van for London rounds"}'::jsonb, null, 26, '14:22'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000001'::uuid, 'Gina Admin', 'vehicles', 'b3000000-0000-4000-8000-0000000000a1'::uuid, 'insert', array['active', 'capacity_unit', 'code', 'description', 'id', 'image_url', 'name', 'tenant_id', 'vehicle_requirements']::text[],
   null, '{"id": "b3000000-0000-4000-8000-0000000000a1", "tenant_id": "b0000000-0000-4000-8000-000000000001", "name": "E-Cargo Trike", "code": "GLX-TRK-03", "description": "Trial electric trike for the City of London", "image_url": null, "capacity_unit": 2, "vehicle_requirements": {"license_requirements": ["standard"], "special_features": [], "fuel_type": "electric"}, "active": true}'::jsonb, null, 24, '10:48'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000001'::uuid, 'Gina Admin', 'addresses', 'b4000000-0000-4000-8000-000000000003'::uuid, 'update', array['metadata']::text[],
   '{"metadata": {"is_verified": false}}'::jsonb, '{"metadata": {"is_verified": true, "verification_date": "2026-10-02", "landmark": "Opposite the Tesla service centre"}}'::jsonb, null, 22, '15:10'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000004'::uuid, 'Greta Customer', 'profiles', 'b2000000-0000-4000-8000-000000000004'::uuid, 'update', array['phone']::text[],
   '{"phone": "+44 20 7946 0444"}'::jsonb, '{"phone": "+44 20 7946 0004"}'::jsonb, null, 19, '19:45'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000001'::uuid, 'Gina Admin', 'vehicles', 'b3000000-0000-4000-8000-000000000002'::uuid, 'update', array['vehicle_requirements']::text[],
   '{"vehicle_requirements": {"license_requirements": ["commercial", "special"], "special_features": ["gps_tracking"], "fuel_type": "diesel"}}'::jsonb, '{"vehicle_requirements": {"license_requirements": ["commercial", "special"], "special_features": ["gps_tracking", "security_system"], "fuel_type": "cng"}}'::jsonb, null, 17, '09:55'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000001'::uuid, 'Gina Admin', 'tenants', 'b0000000-0000-4000-8000-000000000001'::uuid, 'update', array['settings']::text[],
   '{"settings": {"general": {"currency": "EUR"}}}'::jsonb, '{"settings": {"general": {"currency": "GBP"}}}'::jsonb, null, 15, '16:30'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000001'::uuid, 'Gina Admin', 'profiles', 'b2000000-0000-4000-8000-000000000003'::uuid, 'update', array['phone']::text[],
   '{"phone": "+44 20 7946 0333"}'::jsonb, '{"phone": "+44 20 7946 0003"}'::jsonb, null, 13, '08:05'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000001'::uuid, 'Gina Admin', 'vehicles', 'b3000000-0000-4000-8000-0000000000a1'::uuid, 'update', array['active']::text[],
   '{"active": true}'::jsonb, '{"active": false}'::jsonb, 'E-Cargo Trike', 11, '12:14'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000001'::uuid, 'Gina Admin', 'vehicles', 'b3000000-0000-4000-8000-000000000001'::uuid, 'update', array['vehicle_requirements']::text[],
   '{"vehicle_requirements": {"license_requirements": ["standard"], "special_features": [], "fuel_type": "petrol"}}'::jsonb, '{"vehicle_requirements": {"license_requirements": ["standard"], "special_features": ["security_system"], "fuel_type": "petrol"}}'::jsonb, null, 8, '13:37'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000002'::uuid, 'Glen Dispatcher', 'profiles', 'b2000000-0000-4000-8000-000000000002'::uuid, 'update', array['last_name']::text[],
   '{"last_name": "Dispatch"}'::jsonb, '{"last_name": "Dispatcher"}'::jsonb, null, 6, '07:58'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000001'::uuid, 'Gina Admin', 'vehicles', 'b3000000-0000-4000-8000-0000000000a1'::uuid, 'delete', array['active', 'capacity_unit', 'code', 'description', 'id', 'image_url', 'name', 'tenant_id', 'vehicle_requirements']::text[],
   '{"id": "b3000000-0000-4000-8000-0000000000a1", "tenant_id": "b0000000-0000-4000-8000-000000000001", "name": "E-Cargo Trike", "code": "GLX-TRK-03", "description": "Trial electric trike for the City of London", "image_url": null, "capacity_unit": 2, "vehicle_requirements": {"license_requirements": ["standard"], "special_features": [], "fuel_type": "electric"}, "active": false}'::jsonb, null, null, 4, '10:20'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000001'::uuid, 'Gina Admin', 'tenants', 'b0000000-0000-4000-8000-000000000001'::uuid, 'update', array['brand_settings']::text[],
   '{"brand_settings": {"configurations": {"font": "Inter"}}}'::jsonb, '{"brand_settings": {"configurations": {"font": "Poppins"}}}'::jsonb, null, 2, '11:02'::interval),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'b2000000-0000-4000-8000-000000000001'::uuid, 'Gina Admin', 'addresses', 'b4000000-0000-4000-8000-000000000002'::uuid, 'update', array['address_line2']::text[],
   '{"address_line2": "Unit 9"}'::jsonb, '{"address_line2": null}'::jsonb, null, 1, '09:44'::interval)
) as e(tenant_id, actor_id, actor_name, table_name, row_id, action, changed_columns, old_values, new_values, label, days_ago, at_utc);
