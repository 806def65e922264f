-- One permissive policy per table, role and action. Where two or more permissive policies
-- applied to the same role and action (Supabase's advisor 'multiple_permissive_policies'), each
-- is one more expression in every check, and the rule for who reads or writes a row was split
-- across policies, some in other files. Each pair or triple below becomes one policy whose
-- expression is the OR of the ones it replaces, term for term, so each role sees and writes
-- exactly the rows it did:
--   - where every replaced policy had `tenant_id = (select private.current_tenant_id())`, it is
--     written once around the OR; Postgres factors a term common to every arm of an OR out in the
--     same way (canonicalize_qual), so the plans are the ones the separate policies gave;
--   - each arm keeps its terms as they were, in particular the deliveries staff arm's
--     `not in ('driver', 'customer')` of 20261125001395 (the planner's estimate of the list).

-- admin_messages (20261125001180): senders read their own; the tenant's admins read all of it.
drop policy "admin_messages: senders read their own" on public.admin_messages;
drop policy "admin_messages: admins read the tenant's" on public.admin_messages;
create policy "admin_messages: senders read theirs, admins the tenant's" on public.admin_messages
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      sender_id = (select auth.uid())
      or (select private.is_tenant_admin(admin_messages.tenant_id))
    )
  );

-- assignments (20261125000720): admins and dispatchers read the tenant's; drivers their own.
drop policy "assignments: admins and dispatchers read the tenant's" on public.assignments;
drop policy "assignments: drivers read their own" on public.assignments;
create policy "assignments: staff read the tenant's, drivers their own" on public.assignments
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.current_panel_type()) in ('admin', 'dispatcher')
      or driver_id = (select auth.uid())
    )
  );

-- deliveries (20261125000700, 20261125000720, 20261125001395): admins and dispatchers read the
-- tenant's; customers their own; drivers those they carry now (the delivery's driver) and those
-- they carried (their accepted or completed assignments).
drop policy "deliveries: admins and dispatchers read the tenant's" on public.deliveries;
drop policy "deliveries: customers read their own" on public.deliveries;
drop policy "deliveries: drivers read those they carry or carried" on public.deliveries;
create policy "deliveries: staff read the tenant's; customers, drivers theirs" on public.deliveries
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.current_panel_type()) not in ('driver', 'customer')
      or customer_id = (select auth.uid())
      or (
        (select private.current_panel_type()) = 'driver'
        and (
          driver_id = (select auth.uid())
          or exists (
            select 1 from public.assignments a
            where a.delivery_id = deliveries.id and a.driver_id = (select auth.uid()) and a.status in ('accepted', 'completed')
          )
        )
      )
    )
  );

-- exceptions (20261125001360): admins and dispatchers read and add the tenant's; drivers read
-- those they raised and raise them for deliveries they carry.
drop policy "exceptions: admins and dispatchers read the tenant's" on public.exceptions;
drop policy "exceptions: drivers read those they raised" on public.exceptions;
create policy "exceptions: staff read the tenant's, drivers those they raised" on public.exceptions
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.current_panel_type()) in ('admin', 'dispatcher')
      or (reported_by = (select auth.uid()) and (select private.current_panel_type()) = 'driver')
    )
  );
drop policy "exceptions: admins and dispatchers add" on public.exceptions;
drop policy "exceptions: drivers raise for deliveries they carry" on public.exceptions;
create policy "exceptions: staff add, drivers for deliveries they carry" on public.exceptions
  for insert to authenticated
  with check (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.current_panel_type()) in ('admin', 'dispatcher')
      or ((select private.current_panel_type()) = 'driver' and private.driver_carries(delivery_id))
    )
  );

-- profiles (20261125000100, 20261125000720): everyone their own profile; the tenant's people as
-- the caller's panel allows (staff everyone, drivers and customers the staff only); drivers also
-- the customers of the deliveries they carry.
drop policy "profiles: read own; the tenant's people as the caller's panel allows" on public.profiles;
drop policy "profiles: drivers read customers of deliveries they carry" on public.profiles;
create policy "profiles: own; the tenant's people as the caller's panel allows" on public.profiles
  for select to authenticated
  using (
    id = (select auth.uid())
    or (
      tenant_id = (select private.current_tenant_id())
      and (
        panel_type <> 'customer'
        or (select private.current_panel_type()) in ('admin', 'dispatcher')
        or (
          panel_type = 'customer'
          and (select private.current_panel_type()) = 'driver'
          and private.is_customer_of_my_deliveries(id)
        )
      )
    )
  );

-- return_requests (20261125001350): admins and dispatchers read and add the tenant's; customers
-- read their own and request returns of their own.
drop policy "return_requests: admins and dispatchers read the tenant's" on public.return_requests;
drop policy "return_requests: customers read their own" on public.return_requests;
create policy "return_requests: staff read the tenant's, customers their own" on public.return_requests
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.current_panel_type()) in ('admin', 'dispatcher')
      or (customer_id = (select auth.uid()) and (select private.current_panel_type()) = 'customer')
    )
  );
drop policy "return_requests: admins and dispatchers add" on public.return_requests;
drop policy "return_requests: customers request their own" on public.return_requests;
create policy "return_requests: staff add, customers request their own" on public.return_requests
  for insert to authenticated
  with check (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.current_panel_type()) in ('admin', 'dispatcher')
      or ((select private.current_panel_type()) = 'customer' and customer_id = (select auth.uid()))
    )
  );
