-- The tracking page's language: the whitelisted view of a delivery carries the recipient's language
-- from their delivery preference (the one at the drop-off first, else their latest active one), and
-- none when they have no active preference. Read as anon, as the public page reads it.
begin;
select plan(5);

create temp table fx (delivery uuid, token text);
grant all on fx to anon, authenticated, service_role;

select tests.act_as('dispatcher@acme.test');
insert into fx (delivery) select tests.acme_delivery();
reset role;
update fx set token = d.tracking_token from public.deliveries d where d.id = fx.delivery;

create function pg_temp.language_seen() returns jsonb
language plpgsql
as $$
declare
  seen jsonb;
begin
  perform tests.act_as(null);
  seen := public.track_delivery((select token from fx)) -> 'language';
  reset role;
  return seen;
end;
$$;

-- Carla (a1..004) prefers English at both of her addresses.
select is(pg_temp.language_seen(), '"en"'::jsonb, 'the recipient''s preference: English');

-- Her office preference (address 2) now says French, and it is her latest.
update public.customer_preferences set contact_preferences = jsonb_set(contact_preferences, '{language}', '"fr"')
where customer_id = 'a1000000-0000-4000-8000-000000000004' and location_id = md5('a1000000-0000-4000-8000-000000000004:address:2')::uuid;
select is(pg_temp.language_seen(), '"fr"'::jsonb, 'no preference at the drop-off: the latest active one');

-- Delivered to her home (address 0), the preference there wins over the newer one.
update public.deliveries set dropoff_address_id = md5('a1000000-0000-4000-8000-000000000004:address:0')::uuid where id = (select delivery from fx);
select is(pg_temp.language_seen(), '"en"'::jsonb, 'the preference at the drop-off comes first');

-- Retired preferences say nothing.
update public.customer_preferences set is_active = false where customer_id = 'a1000000-0000-4000-8000-000000000004';
select is(pg_temp.language_seen(), null, 'no active preference: no language');
select ok(public.track_delivery((select token from fx)) ? 'code', 'the rest of the view is unchanged');

select * from finish();
rollback;
