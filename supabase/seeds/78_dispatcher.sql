-- The dispatchers' own things: their board preferences, the support queue's handling of
-- the seeded failed attempts (70_deliveries.sql), and a few messages they sent their admins. Chosen by
-- what the rows are, never by id; a tenant without failures gets no acknowledgements.
--
-- Failures: everything older than three days was handled (resolved: returned ones "returned to the
-- sender", the others with what the dispatcher arranged); of the last three days the older half is
-- acknowledged, the rest (today's among them) waits in the queue.

-- Preferences: acme's Dana watches today's work with a sound and a tight late threshold; Sofia the
-- on-demand orders in silence; globex's Glen lets the solver propose a plan; Oliver one zone.
insert into public.dispatcher_settings (user_id, tenant_id, default_board_filters, sound_on_new_unassigned, late_threshold_minutes, auto_assign_mode)
select p.id, p.tenant_id, s.filters, s.sound, s.late, s.mode
from (values
  ('dispatcher@acme.test', '{"window": "today"}'::jsonb, true, 10, 'suggest'),
  ('sofia.ramirez@acmelogistics.example', '{"kind": "on_demand"}'::jsonb, false, 20, 'off'),
  ('dispatcher@globex.test', '{}'::jsonb, true, 15, 'auto')
) as s(email, filters, sound, late, mode)
join public.profiles p on p.email = s.email;

insert into public.dispatcher_settings (user_id, tenant_id, default_board_filters, sound_on_new_unassigned, late_threshold_minutes, auto_assign_mode)
select p.id, p.tenant_id, jsonb_build_object('zone_id', z.id, 'window', 'next_hour'), true, 30, 'suggest'
from public.profiles p
join lateral (select z.id from public.zones z where z.tenant_id = p.tenant_id and z.active order by z.name limit 1) z on true
where p.email = 'oliver.hughes@globexfreight.example';

do $seed$
declare
  t record;
  f record;
  team uuid[];
  who uuid;
  who_name text;
  n integer;
  recent integer;
begin
  for t in select id from public.tenants order by slug loop
    select array_agg(p.id order by p.email) into team
    from public.profiles p where p.tenant_id = t.id and private.panel_type_of(p.id) = 'dispatcher' and p.status = 'active';
    if team is null then
      continue;
    end if;
    select count(*) into recent from public.delivery_events e
    where e.tenant_id = t.id and e.action = 'status' and e.status = 'failed' and e.occurred_at >= now() - interval '3 days';
    n := 0;
    for f in
      select e.id, e.delivery_id, e.occurred_at, e.reason, d.status as delivery_status,
        row_number() over (order by e.occurred_at) as k,
        e.occurred_at >= now() - interval '3 days' as is_recent
      from public.delivery_events e join public.deliveries d on d.id = e.delivery_id
      where e.tenant_id = t.id and e.action = 'status' and e.status = 'failed'
      order by e.occurred_at
    loop
      who := team[1 + (f.k % array_length(team, 1))];
      select p.full_name into who_name from public.profiles p where p.id = who;
      if not f.is_recent then
        insert into public.support_acknowledgements (tenant_id, delivery_id, delivery_event_id, acknowledged_by, acknowledged_by_name,
          acknowledged_at, note, resolved_by, resolved_by_name, resolved_at, resolution_note, created_at, updated_at)
        values (t.id, f.delivery_id, f.id, who, who_name, f.occurred_at + interval '12 minutes',
          case when f.k % 3 = 0 then 'Calling the customer' end,
          who, who_name, f.occurred_at + interval '95 minutes',
          case
            when f.delivery_status = 'returned' then 'Parcels returned to the sender; the customer was told and refunded'
            when f.reason ilike '%not available%' then 'Customer reached by phone; they will rebook a delivery for when someone is home'
            when f.reason ilike '%address%' then 'Corrected address confirmed with the customer; a new delivery was booked'
            when f.reason ilike '%damaged%' then 'Damage reported to the sender; replacement on its way as a new delivery'
            when f.reason ilike '%breakdown%' then 'Vehicle towed; the sender agreed to a new delivery tomorrow'
            else 'Sender informed; they will book again once the goods are ready'
          end,
          f.occurred_at + interval '12 minutes', f.occurred_at + interval '95 minutes');
      else
        n := n + 1;
        if n <= recent / 2 then
          insert into public.support_acknowledgements (tenant_id, delivery_id, delivery_event_id, acknowledged_by, acknowledged_by_name,
            acknowledged_at, note, created_at, updated_at)
          values (t.id, f.delivery_id, f.id, who, who_name, f.occurred_at + interval '8 minutes',
            'Looking into it with the driver', f.occurred_at + interval '8 minutes', f.occurred_at + interval '8 minutes');
        end if;
      end if;
    end loop;
  end loop;
end;
$seed$;

-- What dispatchers wrote to their admins (their admins were notified at the time; the seed's
-- notifications are seed.sql's, so these stay history only).
insert into public.admin_messages (tenant_id, sender_id, sender_name, subject, body, recipients, created_at, updated_at)
select p.tenant_id, p.id, p.full_name, m.subject, m.body,
  (select count(*) from public.profiles a where a.tenant_id = p.tenant_id and a.panel_type = 'admin' and a.status = 'active'),
  now() - m.ago, now() - m.ago
from (values
  ('dispatcher@acme.test', 'Van 1 brakes squeal', 'City Van 1 squeals when braking downhill on Divisadero. Can we book it into the garage before Friday?', interval '6 days 3 hours'),
  ('dispatcher@acme.test', 'Extra driver for Saturday', 'Saturday''s on-demand volume is up a third on last week. Could we roster one more driver from 10:00 to 16:00?', interval '2 days 5 hours'),
  ('dispatcher@globex.test', 'Canary Wharf loading bay closed', 'Building management closes the loading bay on Thursday for resurfacing. Pickups there need to move to the Westferry Road entrance.', interval '4 days 1 hour')
) as m(email, subject, body, ago)
join public.profiles p on p.email = m.email;
