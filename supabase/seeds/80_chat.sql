-- Chat: for each tenant, conversations between dispatch and the drivers of four of today's
-- deliveries on the road (picked up or in transit, 70_deliveries.sql), as create_delivery_conversation
-- and send_message write them: the tenant's dispatcher (the demo one first) and the driver take part,
-- messages go both ways over the last hour, and the last message of three of the four is still
-- unread by whoever received it, so the header's badge and the drawer show something on first start.
-- Chosen by what the deliveries are (their code order, a driver's first before anyone's second), never by id; a tenant without such
-- deliveries gets none.

create temporary table sc_script (tenant_slug text, slot integer, seq integer, from_driver boolean, content text);
insert into sc_script values
  ('acme', 1, 1, false, 'Customer called: please use the loading bay on Natoma St, the front door is locked until 10.'),
  ('acme', 1, 2, true, 'Got it, heading to the loading bay. About 10 minutes out.'),
  ('acme', 1, 3, false, 'Thanks. Ask for Maria at receiving, she will sign.'),
  ('acme', 2, 1, true, 'Traffic on the Bay Bridge approach, running about 15 minutes behind.'),
  ('acme', 2, 2, false, 'Noted, I let the customer know. No rush, the window is open until 2.'),
  ('acme', 2, 3, true, 'Thanks, moving again now.'),
  ('acme', 3, 1, false, 'The recipient asked if you can leave it with the building concierge if nobody answers.'),
  ('acme', 3, 2, true, 'Will do. Should I take a photo of the concierge desk for the proof?'),
  ('acme', 3, 3, false, 'Yes please, and their name as the recipient.'),
  ('acme', 4, 1, true, 'One box has a crushed corner. Contents look fine, I will photograph it at the door.'),
  ('acme', 4, 2, false, 'OK, note it on the proof and carry on. I will tell the shipper.'),
  ('acme', 4, 3, true, 'Done, the customer accepted it.'),
  ('globex', 1, 1, false, 'Heads up: the Congestion Charge camera on Tower Bridge Road is down, take the Rotherhithe Tunnel.'),
  ('globex', 1, 2, true, 'Cheers, rerouting now.'),
  ('globex', 1, 3, false, 'Customer is at the back entrance on Leman Street.'),
  ('globex', 2, 1, true, 'Parking bay outside is suspended, I am round the corner on Commercial Road. 5 minutes on foot.'),
  ('globex', 2, 2, false, 'Fine. Keep the van locked, there were thefts on that road last week.'),
  ('globex', 2, 3, true, 'Will do.'),
  ('globex', 3, 1, false, 'Recipient has asked for a call 10 minutes before you arrive.'),
  ('globex', 3, 2, true, 'OK, I will ring from Aldgate.'),
  ('globex', 3, 3, false, 'Thanks, their number is on the delivery.'),
  ('globex', 4, 1, true, 'Nobody answering at the flat. Neighbour at number 12 offered to take it.'),
  ('globex', 4, 2, false, 'The customer allows a neighbour. Get their name and a signature.'),
  ('globex', 4, 3, true, 'Signed by Mrs Okoye at number 12.');

-- Four deliveries on the road per tenant, with the driver and the dispatcher who talk about them.
create temporary table sc_pick as
select gen_random_uuid() as conversation_id, x.*
from (
  select d.id as delivery_id, d.tenant_id, t.slug as tenant_slug, d.delivery_code, d.driver_id, p.full_name as driver_name,
    -- One conversation per driver before a second one with the same driver.
    (row_number() over (partition by d.tenant_id order by d.per_driver, d.delivery_code))::integer as slot,
    (select s.id from public.profiles s
     where s.tenant_id = d.tenant_id and private.panel_type_of(s.id) = 'dispatcher' and s.status = 'active'
     order by s.email like 'dispatcher@%' desc, s.created_at, s.id limit 1) as staff_id
  from (select x.*, row_number() over (partition by x.driver_id order by x.delivery_code) as per_driver
        from public.deliveries x where x.status in ('picked_up', 'in_transit') and x.driver_id is not null) d
  join public.tenants t on t.id = d.tenant_id
  join public.profiles p on p.id = d.driver_id
  where d.status in ('picked_up', 'in_transit') and d.driver_id is not null
    and not exists (select 1 from public.conversations c where c.delivery_id = d.id)
) x
where x.slot <= 4 and x.staff_id is not null;

insert into public.conversations (id, tenant_id, type, title, metadata, delivery_id, created_by, created_at, updated_at)
select k.conversation_id, k.tenant_id, 'driver', k.delivery_code || ' with ' || k.driver_name,
  jsonb_build_object('orderId', k.delivery_id, 'driverId', k.driver_id, 'source', 'dispatcher_panel'),
  k.delivery_id, k.staff_id, now() - make_interval(mins => 50 + k.slot * 7), now() - make_interval(mins => 50 + k.slot * 7)
from sc_pick k;

insert into public.conversation_participants (conversation_id, tenant_id, user_id, role, joined_at)
select k.conversation_id, k.tenant_id, k.staff_id, 'dispatcher', now() - make_interval(mins => 50 + k.slot * 7) from sc_pick k
union all
select k.conversation_id, k.tenant_id, k.driver_id, 'driver', now() - make_interval(mins => 50 + k.slot * 7) from sc_pick k;

-- The exchange: a few minutes apart, the last one some minutes ago.
insert into public.messages (tenant_id, conversation_id, sender_id, content, message_type, client_id, created_at, updated_at)
select k.tenant_id, k.conversation_id, case when s.from_driver then k.driver_id else k.staff_id end, s.content, 'text',
  'seed-' || k.conversation_id::text || '-' || s.seq,
  now() - make_interval(mins => 40 + k.slot * 7 - s.seq * 6), now() - make_interval(mins => 40 + k.slot * 7 - s.seq * 6)
from sc_pick k
join sc_script s on s.tenant_slug = k.tenant_slug and s.slot = k.slot;

update public.conversations c
set last_message_at = (select max(m.created_at) from public.messages m where m.conversation_id = c.id)
where c.id in (select conversation_id from sc_pick);

-- Each person has read up to what they last wrote; in the second conversation the last message is
-- read too, in the others its receiver has not read it yet (drivers' in the first and third,
-- the dispatcher's in the fourth).
update public.conversation_participants p
set last_read_at = case
  when k.slot <> 2 and exists (
    select 1 from public.messages m where m.conversation_id = p.conversation_id and m.sender_id is distinct from p.user_id
      and m.created_at = (select max(z.created_at) from public.messages z where z.conversation_id = p.conversation_id))
    then (select max(m.created_at) from public.messages m where m.conversation_id = p.conversation_id and m.sender_id = p.user_id)
  else (select max(m.created_at) from public.messages m where m.conversation_id = p.conversation_id)
end
from sc_pick k
where k.conversation_id = p.conversation_id;

drop table sc_pick;
drop table sc_script;
