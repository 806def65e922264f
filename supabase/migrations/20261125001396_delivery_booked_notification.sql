-- A customer hears when a delivery is booked for them (as they hear of its pickup, delivery or
-- failure, 20261125001010): "Your delivery ACME-001234 is booked", with the drop-off place. The
-- notice also tells their open dashboard, which follows their notifications topic, to show the new
-- delivery without a reload. As the other delivery notices, only API callers' inserts are news: the
-- seed's history notifies nobody.

create or replace function private.notify_delivery_booked() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.customer_id is null then
    return null;
  end if;
  -- No times in the words: the database does not know the customer's time zone; the dashboard shows the window.
  perform private.notify(new.customer_id, 'Your delivery ' || new.delivery_code || ' is booked',
    'To ' || private.short_place(new.dropoff_address) || '. Follow it from your dashboard.',
    new.id);
  return null;
end;
$$;
revoke all on function private.notify_delivery_booked() from public;

create trigger notify_delivery_booked after insert on public.deliveries
  for each row
  when (current_setting('role', true) in ('authenticated', 'anon', 'service_role'))
  execute function private.notify_delivery_booked();
