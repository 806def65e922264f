-- Domain events notify the right people (public.notifications, live on each person's topic):
--   - a driver, of a new assignment (and of one taken back from them);
--   - whoever assigned it, of the driver's acceptance or rejection;
--   - the tenant's active dispatchers (and the assigner), of a failed delivery;
--   - the customer, when their delivery is picked up, delivered, or fails.
-- Only changes made by API callers are news: the seed's history (written as the owner) notifies
-- nobody. The status machine's functions run as the owner, so the triggers ask the session's role.
-- Links are absolute app paths: admins open the delivery's page, dispatchers their board with the
-- delivery selected (`?delivery=<id>`), drivers and customers their dashboard.

create or replace function private.delivery_link(person uuid, delivery uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select '/' || t.slug || '/' || p.panel_type || case p.panel_type
    when 'admin' then '/deliveries/' || delivery::text
    when 'dispatcher' then '?delivery=' || delivery::text
    else '' end
  from public.profiles p join public.tenants t on t.id = p.tenant_id
  where p.id = person;
$$;
revoke all on function private.delivery_link(uuid, uuid) from public, anon, authenticated;

create or replace function private.notify(person uuid, title text, body text, delivery uuid) returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.notifications (tenant_id, user_id, title, body, link)
  select p.tenant_id, p.id, left(title, 200), left(body, 4000), private.delivery_link(p.id, delivery)
  from public.profiles p
  where p.id = person and p.status = 'active';
$$;
revoke all on function private.notify(uuid, text, text, uuid) from public, anon, authenticated;

create or replace function private.short_place(snapshot jsonb) returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(nullif(snapshot ->> 'address_line1', ''), snapshot ->> 'full_address')
    || coalesce(', ' || nullif(snapshot ->> 'city', ''), '');
$$;
revoke all on function private.short_place(jsonb) from public;

create or replace function private.notify_assignment_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.deliveries;
  driver_name text;
begin
  select x.* into d from public.deliveries x where x.id = new.delivery_id;
  select p.full_name into driver_name from public.profiles p where p.id = new.driver_id;
  if tg_op = 'INSERT' and new.status = 'pending' then
    perform private.notify(new.driver_id, 'New delivery ' || d.delivery_code,
      format('Pick up at %s, deliver to %s.', private.short_place(d.pickup_address), private.short_place(d.dropoff_address)), d.id);
  elsif tg_op = 'UPDATE' and new.status = 'pending' and new.driver_id is distinct from old.driver_id then
    perform private.notify(old.driver_id, d.delivery_code || ' was given to another driver', null, d.id);
    perform private.notify(new.driver_id, 'New delivery ' || d.delivery_code,
      format('Pick up at %s, deliver to %s.', private.short_place(d.pickup_address), private.short_place(d.dropoff_address)), d.id);
  elsif tg_op = 'UPDATE' and old.status = 'pending' and new.status = 'accepted' then
    perform private.notify(new.assigned_by, driver_name || ' accepted ' || d.delivery_code, null, d.id);
  elsif tg_op = 'UPDATE' and old.status = 'pending' and new.status = 'rejected' then
    perform private.notify(new.assigned_by, driver_name || ' rejected ' || d.delivery_code,
      'Reason: ' || new.rejection_reason || '. The delivery is waiting for a driver again.', d.id);
  elsif tg_op = 'UPDATE' and old.status in ('pending', 'accepted') and new.status = 'cancelled' and d.status <> 'cancelled' then
    perform private.notify(new.driver_id, d.delivery_code || ' was taken off your list',
      coalesce('Reason: ' || new.cancel_reason, null), d.id);
  end if;
  return null;
end;
$$;
revoke all on function private.notify_assignment_change() from public;

create trigger notify_assignment_change after insert or update on public.assignments
  for each row
  when (current_setting('role', true) in ('authenticated', 'anon', 'service_role'))
  execute function private.notify_assignment_change();

create or replace function private.notify_delivery_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  assigner uuid;
  dispatcher record;
begin
  if new.status = old.status then
    return null;
  end if;
  if new.status = 'picked_up' then
    perform private.notify(new.customer_id, 'Your delivery ' || new.delivery_code || ' is on its way',
      'Picked up and heading to ' || private.short_place(new.dropoff_address) || '.', new.id);
  elsif new.status = 'delivered' then
    perform private.notify(new.customer_id, 'Your delivery ' || new.delivery_code || ' was delivered',
      coalesce('Received by ' || nullif(new.proof ->> 'recipient_name', '') || '.', null), new.id);
  elsif new.status = 'failed' then
    perform private.notify(new.customer_id, 'We could not deliver ' || new.delivery_code,
      coalesce('Reason: ' || new.status_reason || '. We will be in touch to arrange another attempt.', null), new.id);
    select a.assigned_by into assigner from public.assignments a
    where a.delivery_id = new.id order by a.assignment_time desc limit 1;
    for dispatcher in
      select p.id from public.profiles p
      where p.tenant_id = new.tenant_id and p.status = 'active'
        and (p.panel_type = 'dispatcher' or p.id = assigner)
    loop
      perform private.notify(dispatcher.id, new.delivery_code || ' failed',
        coalesce('Reason: ' || new.status_reason || '.', null), new.id);
    end loop;
  end if;
  return null;
end;
$$;
revoke all on function private.notify_delivery_change() from public;

create trigger notify_delivery_change after update of status on public.deliveries
  for each row
  when (current_setting('role', true) in ('authenticated', 'anon', 'service_role'))
  execute function private.notify_delivery_change();
