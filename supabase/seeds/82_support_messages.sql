-- Customers' messages to dispatch (20261128000200): for each tenant, five customers' conversations
-- about one of their deliveries (their newest), written as create_order_conversation and
-- send_message write them, so the messages trigger sets each one's support state, in every state of
-- the dispatcher's support queue:
--   1, 2  waiting for dispatch (nobody answered yet);
--   3     acknowledged: the tenant's demo dispatcher answered (the customer has the answer unread);
--   4     acknowledged with a note, not answered yet;
--   5     resolved with a note after an exchange.
-- Customers are the tenant's active individual and business customers other than the demo sign-ins
-- (and Daniel Park, whom the customer-messages browser test uses), by name; a tenant with fewer
-- gets fewer. The seed's messages notify nobody (only API callers' messages are news).

create temporary table sm_script (slot integer, seq integer, from_customer boolean, minutes_ago integer, content text);
insert into sm_script values
  (1, 1, true, 95, 'Hi, I will be out between 2 and 4 today. Can the driver come after 4 instead?'),
  (1, 2, true, 12, 'Just checking you saw this: nobody will be in to sign before 4.'),
  (2, 1, true, 26, 'The tracking page says delivered but there is nothing at my door or with the concierge.'),
  (3, 1, true, 180, 'Can I add a second box to this delivery? It is going to the same address.'),
  (3, 2, false, 150, 'Not on this booking, sorry: it is already packed. We can book the second box on the same route tomorrow morning if you like.'),
  (4, 1, true, 70, 'One of the items arrived with a cracked lid. Photos are on the way by email.'),
  (5, 1, true, 300, 'The gate code changed to 4471, please pass it on to the driver.'),
  (5, 2, false, 285, 'Thanks, the driver has the new code on the delivery.'),
  (5, 3, true, 280, 'Perfect, thank you!');

create temporary table sm_pick as
select gen_random_uuid() as conversation_id, x.*
from (
  select d.id as delivery_id, d.tenant_id, d.delivery_code, d.customer_id,
    (row_number() over (partition by d.tenant_id order by c.full_name, c.id))::integer as slot,
    (select s.id from public.profiles s
     where s.tenant_id = d.tenant_id and private.panel_type_of(s.id) = 'dispatcher' and s.status = 'active'
     order by s.email like 'dispatcher@%' desc, s.created_at, s.id limit 1) as staff_id
  from public.profiles c
  join lateral (
    select x.* from public.deliveries x where x.customer_id = c.id order by x.created_at desc, x.id limit 1
  ) d on true
  where c.panel_type = 'customer' and c.status = 'active'
    and c.email not like 'customer@%' and c.email not like 'business@%' and c.email <> 'daniel.park@mail.example'
    and not exists (select 1 from public.conversations o where o.delivery_id = d.id and o.type = 'order')
) x
where x.slot <= 5 and x.staff_id is not null;

insert into public.conversations (id, tenant_id, type, title, metadata, delivery_id, created_by, created_at, updated_at)
select k.conversation_id, k.tenant_id, 'order', 'Order ' || k.delivery_code,
  jsonb_build_object('orderId', k.delivery_id, 'source', 'customer_dashboard'),
  k.delivery_id, k.customer_id, now() - make_interval(mins => first.minutes_ago + 1), now() - make_interval(mins => first.minutes_ago + 1)
from sm_pick k
join sm_script first on first.slot = k.slot and first.seq = 1;

-- The customer takes part from the start, the dispatcher from their first answer.
insert into public.conversation_participants (conversation_id, tenant_id, user_id, role, joined_at)
select k.conversation_id, k.tenant_id, k.customer_id, 'customer', now() - make_interval(mins => s.minutes_ago + 1)
from sm_pick k join sm_script s on s.slot = k.slot and s.seq = 1
union all
select k.conversation_id, k.tenant_id, k.staff_id, 'dispatcher', now() - make_interval(mins => min(s.minutes_ago))
from sm_pick k join sm_script s on s.slot = k.slot and not s.from_customer
group by k.conversation_id, k.tenant_id, k.staff_id;

-- Oldest first, so the messages trigger opens each conversation's support state with the customer's
-- first message and the dispatcher's answer acknowledges it.
insert into public.messages (tenant_id, conversation_id, sender_id, content, message_type, client_id, created_at, updated_at)
select k.tenant_id, k.conversation_id, case when s.from_customer then k.customer_id else k.staff_id end, s.content, 'text',
  'seed-' || k.conversation_id::text || '-' || s.seq,
  now() - make_interval(mins => s.minutes_ago), now() - make_interval(mins => s.minutes_ago)
from sm_pick k
join sm_script s on s.slot = k.slot
order by s.minutes_ago desc, k.conversation_id;

update public.conversations c
set last_message_at = (select max(m.created_at) from public.messages m where m.conversation_id = c.id)
where c.id in (select conversation_id from sm_pick);

-- Everyone has read up to what they last wrote; the dispatcher read everything of the conversations
-- they take part in.
update public.conversation_participants p
set last_read_at = case when p.role = 'customer'
    then (select max(m.created_at) from public.messages m where m.conversation_id = p.conversation_id and m.sender_id = p.user_id)
    else (select max(m.created_at) from public.messages m where m.conversation_id = p.conversation_id) end
where p.conversation_id in (select conversation_id from sm_pick);

-- 4: acknowledged with a note, not answered yet.
update public.conversation_support s
set state = 'acknowledged', acknowledged_by = k.staff_id, acknowledged_at = now() - interval '60 minutes',
  acknowledged_by_name = (select p.full_name from public.profiles p where p.id = k.staff_id),
  note = 'Asked the warehouse whether a replacement lid is in stock'
from sm_pick k
where k.conversation_id = s.conversation_id and k.slot = 4;

-- 5: resolved with a note after the exchange.
update public.conversation_support s
set state = 'resolved', resolved_by = k.staff_id, resolved_at = now() - interval '270 minutes',
  resolved_by_name = (select p.full_name from public.profiles p where p.id = k.staff_id),
  resolution_note = 'Driver given the new gate code 4471'
from sm_pick k
where k.conversation_id = s.conversation_id and k.slot = 5;

drop table sm_pick;
drop table sm_script;
