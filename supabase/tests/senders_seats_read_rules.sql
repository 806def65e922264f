-- Who may write to the admins, be assigned an exception or be seated in a conversation follows the
-- read rules (20261211100000), not the stored panel_type: a warehouse-only person of the dispatcher
-- panel (acme's picker Tyrone Jackson, globex's supervisor Priya Patel) reads no delivery, so is
-- refused each, with a key; dispatchers (Dana, Glen) and a dispatcher liaison of the warehouse
-- staff (acme's a51..006) are not; nobody reaches the other tenant. private.may_read_delivery
-- answers as the deliveries read policies do, for everyone of both tenants; the staff pickers'
-- computed field public.reads_deliveries offers exactly those the database accepts.
begin;
select plan(43);

\set acme 'a0000000-0000-4000-8000-000000000001'
\set globex 'b0000000-0000-4000-8000-000000000001'
\set tyrone 'a5100000-0000-4000-8000-000000000004'
\set liaison 'a5100000-0000-4000-8000-000000000006'
\set dana 'a1000000-0000-4000-8000-000000000002'
\set acme_admin 'a1000000-0000-4000-8000-000000000001'
\set derek 'a1000000-0000-4000-8000-000000000003'
\set luis 'a1000000-0000-4000-8000-000000000103'
\set glen 'b2000000-0000-4000-8000-000000000002'
\set priya 'b5100000-0000-4000-8000-000000000002'

-- What a statement's error says, read as the caller: SQLSTATE, message and DETAIL (jsonb).
create function pg_temp.refusal(statement text) returns jsonb
language plpgsql
as $$
declare
  state text;
  words text;
  detail text;
begin
  begin
    execute statement;
  exception when others then
    get stacked diagnostics state = returned_sqlstate, words = message_text, detail = pg_exception_detail;
    return jsonb_build_object('code', state, 'message', words, 'details', case when detail like '[%' then detail::jsonb end);
  end;
  return null;
end;
$$;
-- The refusal as "<sqlstate> <field>:<key>" (the first problem), or null when the statement passes.
create function pg_temp.refused(statement text) returns text
language sql
as $$
  select r ->> 'code' || ' ' || coalesce(r #>> '{details,0,field}', '-') || ':' || coalesce(r #>> '{details,0,key}', '-')
  from pg_temp.refusal(statement) r;
$$;
create function pg_temp.words(statement text) returns text
language sql
as $$ select coalesce(r #>> '{details,0,message}', r ->> 'message') from pg_temp.refusal(statement) r $$;
create function pg_temp.act(person uuid) returns void
language sql
as $$ select tests.act_as((select email from auth.users where id = person)) $$;

create temp table fx (name text primary key, id uuid);
grant all on fx to anon, authenticated;
create function pg_temp.fx(n text) returns uuid language sql as $$ select id from fx where name = n $$;
-- An exception reported on `delivery` for `assignee`, and people seated in a conversation, as statements.
create function pg_temp.report(delivery uuid, assignee uuid) returns text
language sql
as $$
  select format('insert into public.exceptions (delivery_id, type, severity, description, assigned_to) values (%L, ''damaged'', ''high'', ''Box crushed'', %L)',
    delivery, assignee);
$$;
create function pg_temp.seat(conversation uuid, people uuid[]) returns text
language sql
as $$ select format('select public.update_conversation_participants(%L, ''add'', %L::uuid[])', conversation, people) $$;
grant execute on all functions in schema pg_temp to anon, authenticated;

select is(array[private.panel_type_of(:'tyrone'), private.panel_type_of(:'priya'), private.panel_type_of(:'liaison'), private.panel_type_of(:'dana'), private.panel_type_of(:'glen')],
  array['warehouse', 'warehouse', 'dispatcher', 'dispatcher', 'dispatcher'], 'the people: two warehouse-only, a liaison and two dispatchers as the rules see them');
select is((select array_agg(panel_type order by id) from public.profiles where id in (:'tyrone', :'priya', :'liaison')), array['dispatcher', 'dispatcher', 'dispatcher'],
  'all of whom have the stored dispatcher panel');

-- private.may_read_delivery agrees with the deliveries read policies, for every person of both tenants.
create function pg_temp.delivery_disagreements() returns text[]
language plpgsql
as $$
declare
  people uuid[] := array(select x.id from public.profiles x where x.tenant_id in ('a0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001') order by x.id);
  person uuid;
  seen uuid[];
  told uuid[];
  found text[] := '{}';
begin
  foreach person in array people loop
    told := array(select d.id from public.deliveries d where private.may_read_delivery(person, d.id) order by d.id);
    perform tests.act_as((select u.email from auth.users u where u.id = person));
    seen := array(select d.id from public.deliveries d order by d.id);
    perform set_config('role', 'postgres', true);
    if seen is distinct from told then
      found := found || person::text;
    end if;
  end loop;
  perform set_config('request.jwt.claims', '', true);
  perform set_config('request.jwt.claim.sub', '', true);
  return found;
end;
$$;
select is(pg_temp.delivery_disagreements(), '{}'::text[], 'may_read_delivery agrees with RLS for every person of both tenants');
reset role;

-- Contacting the admins: dispatchers as the rules see them.
select pg_temp.act(:'tyrone');
select is(pg_temp.refused($$ select public.notify_admins('Forklift', 'The forklift is down') $$), '42501 -:support.contact_not_allowed',
  'acme''s warehouse-only picker may not contact the admins (keyed)');
select is(pg_temp.words($$ select public.notify_admins('Forklift', 'The forklift is down') $$), 'Only dispatchers can contact the admins here', 'in the words as before');
reset role;
select is((select count(*)::int from public.admin_messages where sender_id = :'tyrone'), 0, 'nothing was sent for him');
select is((select count(*)::int from public.notifications where body = 'The forklift is down'), 0, 'and no admin was told');
select pg_temp.act(:'dana');
select is((public.notify_admins('Van 3', 'Van 3 needs a service') ->> 'recipients')::int,
  (select count(*)::int from public.profiles where tenant_id = :'acme' and panel_type = 'admin' and status = 'active'), 'acme''s dispatcher contacts acme''s admins');
reset role;
select pg_temp.act(:'liaison');
select lives_ok($$ select public.notify_admins('Dock door', 'Dock door 2 sticks') $$, 'a dispatcher liaison of the warehouse staff keeps the right');
reset role;
select pg_temp.act(:'priya');
select is(pg_temp.refused($$ select public.notify_admins('Racking', 'Aisle 4 racking is bent') $$), '42501 -:support.contact_not_allowed',
  'globex''s warehouse-only supervisor may not');
reset role;
select pg_temp.act(:'glen');
select ok((public.notify_admins('Route', 'The bridge is closed') ->> 'recipients')::int > 0, 'globex''s dispatcher may');
reset role;
select is((select count(*)::int from public.notifications n join public.profiles p on p.id = n.user_id
  where n.body in ('Van 3 needs a service', 'The bridge is closed') and (p.tenant_id <> n.tenant_id or p.panel_type <> 'admin')), 0, 'each tenant''s admins only are told');
select is((select count(*)::int from public.notifications where tenant_id = :'globex' and body = 'Van 3 needs a service'), 0, 'nobody of globex hears of acme''s message');

-- Assigning an exception: staff who may read its delivery.
select tests.act_as('dispatcher@acme.test');
insert into fx values ('delivery', tests.acme_delivery());
select is(pg_temp.refused(pg_temp.report(pg_temp.fx('delivery'), :'tyrone')), '23514 assigned_to:exceptions.assignee_cannot_read',
  'acme''s dispatcher cannot assign an exception to the warehouse-only picker');
select is(pg_temp.words(pg_temp.report(pg_temp.fx('delivery'), :'tyrone')),
  'Tyrone Jackson works in the warehouse only and cannot read this delivery: assign it to an admin or dispatcher', 'saying why');
select is(pg_temp.refused(pg_temp.report(pg_temp.fx('delivery'), :'glen')), '23514 assigned_to:exceptions.assignee_not_staff', 'nor to globex''s dispatcher');
select is(pg_temp.refused(pg_temp.report(pg_temp.fx('delivery'), :'derek')), '23514 assigned_to:exceptions.assignee_not_staff', 'nor to a driver (as before)');
select is(pg_temp.refused(pg_temp.report(pg_temp.fx('delivery'), :'liaison')), null, 'a dispatcher liaison of the warehouse staff may be assigned');
select is(pg_temp.refused(pg_temp.report(pg_temp.fx('delivery'), :'dana')), null, 'and the dispatcher herself');
insert into fx select 'exception', id from public.exceptions where delivery_id = pg_temp.fx('delivery') and assigned_to = :'dana';
select is(pg_temp.refused(format('update public.exceptions set assigned_to = %L where id = %L', :'tyrone', pg_temp.fx('exception'))),
  '23514 assigned_to:exceptions.assignee_cannot_read', 'an edit cannot hand it to the warehouse-only picker either');
reset role;
select tests.act_as('admin@acme.test');
select is(pg_temp.refused(format('update public.exceptions set assigned_to = %L where id = %L', :'tyrone', pg_temp.fx('exception'))),
  '23514 assigned_to:exceptions.assignee_cannot_read', 'nor can acme''s admin');
select is(pg_temp.refused(format('update public.exceptions set assigned_to = %L where id = %L', :'acme_admin', pg_temp.fx('exception'))), null, 'the admin may take it');
reset role;
select is((select assigned_to from public.exceptions where id = pg_temp.fx('exception')), :'acme_admin'::uuid, 'and holds it');
insert into fx select 'globex_exception', id from public.exceptions where tenant_id = :'globex' and status in ('open', 'investigating') order by id limit 1;
select pg_temp.act(:'glen');
select is(pg_temp.refused(format('update public.exceptions set assigned_to = %L where id = %L', :'priya', pg_temp.fx('globex_exception'))),
  '23514 assigned_to:exceptions.assignee_cannot_read', 'globex''s dispatcher cannot assign the warehouse-only supervisor');
select is(pg_temp.refused(format('update public.exceptions set assigned_to = %L where id = %L', :'tyrone', pg_temp.fx('globex_exception'))),
  '23514 assigned_to:exceptions.assignee_not_staff', 'nor acme''s picker');
select is(pg_temp.refused(format('update public.exceptions set assigned_to = %L where id = %L', :'glen', pg_temp.fx('globex_exception'))), null, 'but himself');
reset role;
select is((select count(*)::int from public.exceptions e where private.panel_type_of(e.assigned_to) = 'warehouse'), 0,
  'no exception of the seed is assigned to a warehouse-only person');

-- Seating people in a conversation: who may read what it is about.
select tests.ready_acme_fleet();
select tests.act_as('dispatcher@acme.test');
insert into fx values ('chat_delivery', tests.acme_delivery());
insert into public.assignments (delivery_id, driver_id, vehicle_id)
  values (pg_temp.fx('chat_delivery'), :'derek', 'a3000000-0000-4000-8000-000000000001');
insert into fx select 'driver_chat', id from public.create_delivery_conversation(pg_temp.fx('chat_delivery'));
select is(pg_temp.refused(pg_temp.seat(pg_temp.fx('driver_chat'), array[:'tyrone'::uuid])), '23514 user_ids:chat.participant_cannot_read',
  'acme''s dispatcher cannot seat the warehouse-only picker in a driver conversation');
select is(pg_temp.words(pg_temp.seat(pg_temp.fx('driver_chat'), array[:'acme_admin'::uuid, :'tyrone'::uuid])),
  format('Tyrone Jackson cannot read %s, so cannot take part in its conversation', (select delivery_code from public.deliveries where id = pg_temp.fx('chat_delivery'))),
  'naming him and the delivery, and seating nobody of the list');
select is(pg_temp.refused(pg_temp.seat(pg_temp.fx('driver_chat'), array[:'luis'::uuid])), '23514 user_ids:chat.participant_cannot_read',
  'nor a driver who does not carry the delivery');
select is(pg_temp.refused(pg_temp.seat(pg_temp.fx('driver_chat'), array[:'glen'::uuid])), '23514 user_ids:chat.participant_not_active', 'nor globex''s dispatcher (not of this business, as before)');
select is(pg_temp.refused(pg_temp.seat(pg_temp.fx('driver_chat'), array[:'acme_admin'::uuid, :'liaison'::uuid])), null, 'an admin and a dispatcher liaison are seated');
reset role;
select is((select array_agg(user_id order by user_id) from public.conversation_participants where conversation_id = pg_temp.fx('driver_chat')),
  array[:'acme_admin', :'dana', :'derek', :'liaison']::uuid[], 'the conversation''s people: never the picker');
select tests.act_as('customer@acme.test');
insert into fx select 'order_chat', id from public.create_order_conversation(pg_temp.fx('chat_delivery'));
reset role;
select tests.act_as('dispatcher@acme.test');
select is(pg_temp.refused(pg_temp.seat(pg_temp.fx('order_chat'), array[:'tyrone'::uuid])), '23514 user_ids:chat.order_participant_not_allowed',
  'an order conversation: not the warehouse-only picker');
select is(pg_temp.refused(pg_temp.seat(pg_temp.fx('order_chat'), array[:'derek'::uuid])), '23514 user_ids:chat.order_participant_not_allowed',
  'nor its driver (who reads no order conversation)');
select is(pg_temp.refused(pg_temp.seat(pg_temp.fx('order_chat'), array[:'liaison'::uuid])), null, 'a dispatcher liaison is seated');
reset role;
insert into fx select 'globex_chat', id from public.conversations where tenant_id = :'globex' and type = 'driver' and not is_archived order by id limit 1;
select pg_temp.act(:'glen');
select is(pg_temp.refused(pg_temp.seat(pg_temp.fx('globex_chat'), array[:'priya'::uuid])), '23514 user_ids:chat.participant_cannot_read',
  'globex''s dispatcher cannot seat the warehouse-only supervisor');
reset role;

-- The pickers' computed field: staff who read deliveries, answered to staff of the same tenant only.
select tests.act_as('dispatcher@acme.test');
select is((select array_agg(p.id order by p.id) from public.profiles p where public.reads_deliveries(p) and p.id in (:'tyrone', :'liaison', :'dana', :'acme_admin', :'derek')),
  array[:'acme_admin', :'dana', :'liaison']::uuid[], 'a dispatcher''s staff picker offers the admin, dispatchers and the liaison, not the picker or a driver');
reset role;
select tests.act_as('customer@acme.test');
select is((select public.reads_deliveries(p) from public.profiles p where p.id = auth.uid()), null, 'it answers nothing to a customer');
reset role;

-- The seed follows the same rules: its deliveries are created and assigned, its failures handled and
-- its chats staffed by people who may read the delivery (never a warehouse-only person of the
-- dispatcher panel), so the demo shows nothing the product itself would refuse.
select is((select count(*) from public.deliveries d
           where d.created_by is not null and not private.may_read_delivery(d.created_by, d.id)), 0::bigint,
  'every seeded delivery was created by someone who may read it');
select is((select count(*) from public.assignments a
           where a.assigned_by is not null and not private.may_read_delivery(a.assigned_by, a.delivery_id)), 0::bigint,
  'every seeded assignment was made by someone who may read its delivery');
select is((select count(*) from public.support_acknowledgements s
           where not private.may_read_delivery(s.acknowledged_by, s.delivery_id)
              or (s.resolved_by is not null and not private.may_read_delivery(s.resolved_by, s.delivery_id))), 0::bigint,
  'every seeded failure was acknowledged and resolved by someone who may read its delivery');
select is((select count(*) from public.conversation_participants cp
           join public.conversations c on c.id = cp.conversation_id
           where c.delivery_id is not null and not private.may_read_delivery(cp.user_id, c.delivery_id)), 0::bigint,
  'everyone seated in a seeded delivery conversation may read its delivery');

select * from finish();
rollback;
