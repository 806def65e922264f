-- driver_candidates is drivers/create's lookup: admins only. Customers and drivers may read the
-- tenant's staff profiles, so through the view they would have seen which driver-role people have
-- no driver record yet; now the view answers them nothing.
create or replace view public.driver_candidates with (security_invoker = true) as
  select p.id, p.tenant_id, p.full_name, p.email, p.phone, p.status, p.avatar_url
  from public.profiles p
  where p.panel_type = 'driver' and p.status in ('active', 'invited')
    and (select private.is_tenant_admin(p.tenant_id))
    and not exists (select 1 from public.drivers d where d.id = p.id);
