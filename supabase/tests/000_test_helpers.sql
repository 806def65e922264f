-- Helpers the database tests share, installed once before the other files: pg_prove and
-- `supabase test db` run the files in name order. Committed on purpose (every other file runs
-- in a transaction it rolls back); tests run on a throwaway database, never the product's.
create schema if not exists tests;
grant usage on schema tests to public;

-- Acting as an API caller, as PostgREST does: role and request.jwt.claims for this transaction.
-- tests.act_as(null) is anon; tests.act_as('<email>') a signed-in user of the seed. Call it as
-- the test's own superuser (after `reset role`), since it reads auth.users.
create or replace function tests.act_as(who text) returns void
language plpgsql
as $$
declare
  uid uuid;
begin
  if who is null then
    perform set_config('request.jwt.claims', '{"role":"anon"}', true);
    perform set_config('request.jwt.claim.sub', '', true);
    perform set_config('role', 'anon', true);
    return;
  end if;
  select u.id into strict uid from auth.users u where u.email = who;
  perform set_config('request.jwt.claims', json_build_object('sub', uid, 'role', 'authenticated', 'aud', 'authenticated', 'email', who)::text, true);
  perform set_config('request.jwt.claim.sub', uid::text, true);
  perform set_config('role', 'authenticated', true);
end;
$$;

-- How many rows a statement changed, as whoever is acting.
create or replace function tests.affected(statement text) returns integer
language plpgsql
as $$
declare
  n integer;
begin
  execute statement;
  get diagnostics n = row_count;
  return n;
end;
$$;

-- Whether the caller may receive `topic`, decided as Realtime decides at join: a probe row of the
-- topic is written (by the owner), then read as the caller with realtime.topic() set.
create or replace function tests.probe(topic text) returns uuid
language sql
as $$
  insert into realtime.messages (topic, extension, private) values (topic, 'broadcast', true) returning id;
$$;

create or replace function tests.may_receive(who text, topic text) returns boolean
language plpgsql
as $$
declare
  probe uuid := tests.probe(topic);
  seen boolean;
begin
  perform tests.act_as(who);
  perform set_config('realtime.topic', topic, true);
  select exists (select 1 from realtime.messages m where m.id = probe) into seen;
  reset role;
  perform set_config('realtime.topic', '', true);
  return seen;
end;
$$;

-- The DETAIL of the error `statement` raises, as jsonb: a validation's [{field, message}] (null
-- when it raises none, or its detail is no JSON). Run as whoever is acting.
create or replace function tests.details(statement text) returns jsonb
language plpgsql
as $$
declare
  d text;
begin
  begin
    execute statement;
  exception when others then
    get stacked diagnostics d = pg_exception_detail;
    begin
      return d::jsonb;
    exception when others then
      return null;
    end;
  end;
  return null;
end;
$$;

-- What a statement's error says, read as whoever is acting: its SQLSTATE, message and DETAIL (jsonb;
-- a keyed refusal's [{key, field, message, params}]), null when it raises nothing.
create or replace function tests.refusal(statement text) returns jsonb
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
    return jsonb_build_object('code', state, 'message', words, 'details', nullif(detail, '')::jsonb);
  end;
  return null;
end;
$$;

-- The acme fleet the status machine tests move deliveries with: drivers Derek (a1..003,
-- driver@acme.test) and Luis (a1..103) on duty with a valid standard licence, and `vehicle_ids` active
-- (City Van 1, a3..01, unless the test names others). Run as the owner (before any act_as).
create or replace function tests.ready_acme_fleet(vehicle_ids uuid[] default array['a3000000-0000-4000-8000-000000000001'::uuid]) returns void
language plpgsql
as $$
begin
  insert into public.drivers (id, tenant_id, licence_number, licence_class, licence_expiry)
  values ('a1000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'TEST-DEREK-1', 'standard', current_date + 365),
         ('a1000000-0000-4000-8000-000000000103', 'a0000000-0000-4000-8000-000000000001', 'TEST-LUIS-1', 'standard', current_date + 365)
  on conflict (id) do nothing;
  update public.drivers set licence_class = 'standard', licence_expiry = current_date + 365, status = 'available'
  where id in ('a1000000-0000-4000-8000-000000000003', 'a1000000-0000-4000-8000-000000000103');
  update public.vehicles set active = true where id = any(vehicle_ids);
end;
$$;

-- A new pending acme delivery for customer Carla (a1..004), from a point in SF-FIDI to one in
-- SF-SOMA, one package of `weight` kg on `service` (SAMEDAY, a61..02, unless named), as whoever is acting.
create or replace function tests.acme_delivery(weight numeric default 3.5, service uuid default 'a6100000-0000-4000-8000-000000000002') returns uuid
language plpgsql
as $$
declare
  id uuid;
begin
  insert into public.deliveries (customer_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng,
    packages, service_id, cod_amount)
  values ('a1000000-0000-4000-8000-000000000004', '{"full_address": "1 Market St, San Francisco"}', 37.794, -122.395,
    '{"full_address": "600 Mission St, San Francisco"}', 37.775, -122.41,
    jsonb_build_array(jsonb_build_object('quantity', 1, 'weight_kg', weight)), service, 12.5)
  returning deliveries.id into id;
  return id;
end;
$$;

-- An acme delivery of Carla's brought to `state` through the machine itself, as the people who would
-- move it: the dispatcher creates (and cancels) it and assigns Derek with City Van 1; Derek accepts,
-- picks up, carries, delivers or fails it; the dispatcher marks a failed one returned.
create or replace function tests.acme_delivery_in(state text) returns uuid
language plpgsql
as $$
declare
  id uuid;
  assignment uuid;
begin
  execute 'reset role';
  perform tests.act_as('dispatcher@acme.test');
  id := tests.acme_delivery();
  if state = 'cancelled' then
    perform public.transition_delivery(id, 'cancelled', 'Customer called it off');
  elsif state <> 'pending' then
    insert into public.assignments (delivery_id, driver_id, vehicle_id)
    values (id, 'a1000000-0000-4000-8000-000000000003', 'a3000000-0000-4000-8000-000000000001')
    returning assignments.id into assignment;
    if state <> 'assigned' then
      execute 'reset role';
      perform tests.act_as('driver@acme.test');
      perform public.respond_to_assignment(assignment, true);
      if state in ('picked_up', 'in_transit', 'delivered') then
        perform public.transition_delivery(id, 'picked_up');
      end if;
      if state in ('in_transit', 'delivered') then
        perform public.transition_delivery(id, 'in_transit');
      end if;
      if state = 'delivered' then
        perform public.transition_delivery(id, 'delivered', proof => '{"recipient_name": "Carla"}');
      end if;
      if state in ('failed', 'returned') then
        perform public.transition_delivery(id, 'failed', 'Nobody at the address');
      end if;
      if state = 'returned' then
        execute 'reset role';
        perform tests.act_as('dispatcher@acme.test');
        perform public.transition_delivery(id, 'returned');
      end if;
    end if;
  end if;
  execute 'reset role';
  return id;
end;
$$;

-- Concurrency on PostgreSQL: whether this database can open real concurrent sessions of itself
-- (dblink, installed here when available). PGlite serves one connection at a time and has no
-- dblink, so a concurrency file skips its tests when this is false. Notices (the installation's,
-- the refusals the sessions are expected to meet) are kept quiet for the rest of the transaction.
create or replace function tests.sessions_available() returns boolean
language plpgsql
as $$
begin
  if not exists (select 1 from pg_available_extensions where name = 'dblink') then
    return false;
  end if;
  set local client_min_messages = warning;
  create extension if not exists dblink with schema extensions;
  return true;
end;
$$;

-- Opens dblink connection `name`: a new backend of this database, as the test's owner, with `sub` as
-- auth.uid() when given and, when `api_role` is given, switched to that role as PostgREST does (an
-- API caller's session: RLS and grants apply). With api_role null the session stays the owner, for
-- committed set-up done on someone's behalf. Call it as the owner.
create or replace function tests.open_session(name text, sub uuid default null, api_role text default 'authenticated') returns void
language plpgsql
as $$
declare
  options text := concat_ws(' ',
    case when api_role is not null then format('-c role=%s', api_role) end,
    case when sub is not null then format('-c request.jwt.claims={"sub":"%s","role":"authenticated"}', sub) end);
begin
  perform extensions.dblink_connect(name,
    format('host=127.0.0.1 port=%s dbname=%s user=%s', current_setting('port'), current_database(), current_user)
    || case when options <> '' then format(' options=''%s''', options) else '' end);
end;
$$;

-- Warehousing fixtures: the seed's bins by code, and the rows a test makes remembered by a name of its
-- own. Both answer whoever is acting (a test reads and writes as many roles), so they run as the owner.

-- A seed bin's id by its code, in Bayview (a5..01) unless `warehouse` is named.
create or replace function tests.bin(code text, warehouse uuid default 'a5000000-0000-4000-8000-000000000001') returns uuid
language sql stable security definer set search_path = ''
as $$ select id from public.warehouse_locations where warehouse_id = $2 and code = $1 $$;

-- What tests.remember holds: each test backend's names (rows vanish with the file's transaction; the
-- backend keeps files run at once on PostgreSQL apart).
create table if not exists tests.names (
  backend integer not null default pg_backend_pid(),
  name text not null,
  id uuid not null,
  primary key (backend, name)
);

-- Remembers `id` under `name` for this test (tests.id reads it back), and answers the id.
create or replace function tests.remember(name text, id uuid) returns uuid
language sql security definer set search_path = ''
as $$ insert into tests.names (name, id) values ($1, $2) returning id $$;

create or replace function tests.id(name text) returns uuid
language sql stable security definer set search_path = ''
as $$ select id from tests.names where backend = pg_backend_pid() and name = $1 $$;

-- Every id this test remembered under a name starting with `prefix` (a fixture of several rows
-- remembered as 'open_1', 'open_2', ...), in name order; empty when there are none.
create or replace function tests.ids(prefix text) returns uuid[]
language sql stable security definer set search_path = ''
as $$ select coalesce(array_agg(id order by name), '{}') from tests.names where backend = pg_backend_pid() and starts_with(name, $1) $$;

-- The message a validation gave `field`, from the [{field, message}] in the DETAIL of the error
-- `statement` raises (null when it raises none, or names another field). Runs as whoever is acting.
create or replace function tests.message_of(statement text, field text) returns text
language sql
as $$
  select e ->> 'message' from jsonb_array_elements(coalesce(tests.details(statement), '[]'::jsonb)) e where e ->> 'field' = field limit 1;
$$;

-- An item's available stock in a Bayview bin as 'quantity/reserved', read as the owner.
create or replace function tests.stock(item uuid, bin_code text) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce(sum(quantity), 0)::text || '/' || coalesce(sum(reserved), 0)::text from public.inventory_stock s
  where s.item_id = $1 and s.bin_id = tests.bin($2) and s.status = 'available'
$$;

-- A pick order's row, read as the owner (what the database did, whoever may read it).
create or replace function tests.pick_order(id uuid) returns public.pick_orders
language sql stable security definer set search_path = ''
as $$ select * from public.pick_orders where id = $1 $$;

-- A line of a pick order's item_details: `item` from the bin `bin_code` (Bayview's unless named).
create or replace function tests.pick_line(item uuid, bin_code text, qty integer default null, picked integer default null,
  warehouse uuid default 'a5000000-0000-4000-8000-000000000001') returns jsonb
language sql stable
as $$ select jsonb_strip_nulls(jsonb_build_object('item_id', item, 'bin_id', tests.bin(bin_code, warehouse), 'quantity', qty, 'picked_quantity', picked)) $$;

-- Saves a new pick order of `vals` as whoever is acting, remembered under `name`.
create or replace function tests.save_pick_order_as(name text, vals jsonb) returns uuid
language sql
as $$ select tests.remember(name, (public.save_pick_order(null, vals) #>> '{pick_order,order,id}')::uuid) $$;

-- Concurrency on PostgreSQL, the parts every such file repeats: a concurrency file's `run()` opens
-- its sessions, sends them their statements at once, counts what they answered, closes them and
-- removes what its sessions committed; `tests.if_sessions` runs it only where sessions exist.

-- Sessions c1..c<clients> as API callers: the odd ones signed in as `odd_sub`, the even ones as `even_sub`.
create or replace function tests.open_sessions(clients integer, odd_sub uuid, even_sub uuid) returns void
language plpgsql
as $$
begin
  for i in 1..clients loop
    perform tests.open_session('c' || i, case when i % 2 = 1 then odd_sub else even_sub end);
  end loop;
end;
$$;

create or replace function tests.close_sessions(clients integer) returns void
language plpgsql
as $$
begin
  for i in 1..clients loop
    perform extensions.dblink_disconnect('c' || i);
  end loop;
end;
$$;

-- Sends statements[i] to session c<i>, all at once (a null: that session sits this round out), then
-- each session's answer: the first column of its first row as text, or, when it raised, the error.
create or replace function tests.run_at_once(statements text[]) returns table (client integer, answer text, refusal text)
language plpgsql
as $$
declare
  got text;
begin
  for i in 1..coalesce(array_length(statements, 1), 0) loop
    if statements[i] is not null then
      perform extensions.dblink_send_query('c' || i, statements[i]);
    end if;
  end loop;
  for i in 1..coalesce(array_length(statements, 1), 0) loop
    continue when statements[i] is null;
    got := null;
    select x.r into got from extensions.dblink_get_result('c' || i, false) as x(r text);
    client := i;
    answer := got;
    refusal := case when got is null then extensions.dblink_error_message('c' || i) end;
    -- The end of the query's results.
    perform * from extensions.dblink_get_result('c' || i, false) as x(r text);
    return next;
  end loop;
end;
$$;

-- Pending pick orders committed in session `session` (a warehouse manager's, say), one a bin of
-- `bin_codes` in `warehouse` (Bayview unless named), each of one unit of acme's first active item,
-- their reference numbers `prefix` 1, 2, ...; their ids, in id order (the order builders lock them).
create or replace function tests.committed_pick_orders(session text, prefix text, bin_codes text[],
  warehouse uuid default 'a5000000-0000-4000-8000-000000000001') returns uuid[]
language plpgsql
as $$
declare
  ids uuid[];
begin
  select array_agg(x.id order by x.id) into ids from extensions.dblink(session, format($s$
    select (public.save_pick_order(null, jsonb_build_object('warehouse_id', %1$L, 'reference_number', %2$L || n,
      'item_details', jsonb_build_array(jsonb_build_object(
        'item_id', (select id from public.inventory_items where tenant_id = 'a0000000-0000-4000-8000-000000000001' and is_active order by sku limit 1),
        'bin_id', (select id from public.warehouse_locations where warehouse_id = %1$L and code = (%3$L::text[])[n])))))
      #>> '{pick_order,order,id}')::uuid
    from generate_series(1, %4$s) n
  $s$, warehouse, prefix, bin_codes, coalesce(array_length(bin_codes, 1), 0))) as x(id uuid);
  return ids;
end;
$$;

-- Runs `statements` in the owner's session `session` with triggers off (replica role): removing what a
-- concurrency file's sessions committed, append-only ledgers and histories included.
create or replace function tests.remove_committed(session text, statements text) returns void
language plpgsql
as $$
begin
  perform extensions.dblink_exec(session, 'set session_replication_role = replica; ' || statements || '; reset session_replication_role;');
end;
$$;

-- A concurrency file's tests: `run` (a query answering TAP lines) where this database can open
-- sessions, else `planned` skips saying why.
create or replace function tests.if_sessions(planned integer, run text) returns setof text
language plpgsql
as $$
begin
  if not tests.sessions_available() then
    return next skip('PGlite serves one connection at a time: concurrency is proven on PostgreSQL', planned);
    return;
  end if;
  return query execute run;
end;
$$;

-- Batch and wave building, read back. Pick orders of a test carry a reference prefix of the file's
-- own ('BT-', 'WS-'), so their readings stay short.

-- The statement `public.build_pick_batch` of the orders remembered under `names` (tests.id), Bayview's unless named.
create or replace function tests.pick_batch_build(names text[], group_by text default 'zone', max_orders integer default 5, max_lines integer default 10,
  dry_run boolean default true, order_type text default 'batch', warehouse uuid default 'a5000000-0000-4000-8000-000000000001') returns text
language sql stable
as $$
  select format('select public.build_pick_batch(%L, %L, %L, %s, %s, %L::uuid[], %L)', warehouse, order_type, group_by,
    coalesce(max_orders::text, 'null'), coalesce(max_lines::text, 'null'),
    case when names is null then null else (select array_agg(tests.id(n) order by n) from unnest(names) n) end, dry_run)
$$;

-- A build's plan read back: each batch as 'label: ref ref' (references without `prefix`), batches joined with ' | '.
create or replace function tests.pick_plan(result jsonb, prefix text) returns text
language sql stable
as $$
  select string_agg(split_part(b ->> 'group_label', ' (', 1) || ': ' ||
    (select string_agg(replace(o ->> 'reference_number', prefix, ''), ' ' order by n) from jsonb_array_elements(b -> 'orders') with ordinality as y(o, n)),
    ' | ' order by m)
  from jsonb_array_elements(result -> 'batches') with ordinality as x(b, m)
$$;

-- A pick order's lines as 'picked/reserved', in position order, read as the owner.
create or replace function tests.pick_lines(id uuid) returns text
language sql stable security definer set search_path = ''
as $$ select string_agg(picked_quantity || '/' || reserved_quantity, ', ' order by position) from public.pick_order_lines where pick_order_id = $1 $$;

-- A batch's member orders as 'ref status' (references without `prefix`), read as the owner.
create or replace function tests.batch_members(id uuid, prefix text) returns text
language sql stable security definer set search_path = ''
as $$ select string_agg(replace(reference_number, prefix, '') || ' ' || status, ', ' order by reference_number) from public.pick_orders where batch_id = $1 $$;

-- The jsonb answer of `statement`, run as whoever is acting.
create or replace function tests.run(statement text) returns jsonb
language plpgsql
as $$
declare
  r jsonb;
begin
  execute statement into r;
  return r;
end;
$$;

-- Webhook dispatch at once: what the dispatcher was asked, with no earlier work in the way.

-- A quiet start for a dispatch test: the Vault as the stack fills it on start (its root key is set on
-- the stack's own sessions only), no call queued, every slot free, no event or delivery waiting.
create or replace function tests.quiet_webhook_dispatch() returns void
language plpgsql
as $$
begin
  perform set_config('stack.vault_key', '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', true);
  delete from vault.secrets where name in ('project_url', 'service_role_key');
  perform vault.create_secret('http://127.0.0.1:54321', 'project_url');
  perform vault.create_secret('test-service-key', 'service_role_key');
  delete from net.http_request_queue;
  update private.webhook_dispatch_slots set holder = null, held_until = '-infinity';
  update public.webhook_events set fanned_out_at = now() where fanned_out_at is null;
  update public.webhook_deliveries set status = 'failed', next_attempt_at = null where status = 'pending';
end;
$$;

-- The dispatcher calls queued since the last look (and forgets them, with the transaction's call and
-- the call on its way: each assertion after it starts with no call on its way, as if they had arrived).
create or replace function tests.dispatch_calls() returns jsonb[]
language plpgsql
as $$
declare
  sent jsonb[];
begin
  select coalesce(array_agg(convert_from(q.body, 'UTF8')::jsonb order by q.id), '{}') into sent
  from net.http_request_queue q where q.url = 'http://127.0.0.1:54321/functions/v1/webhook-dispatch';
  delete from net.http_request_queue;
  perform set_config('waypost.webhook_dispatch_called', '', true);
  update private.webhook_dispatch_wake set requested_at = '-infinity';
  return sent;
end;
$$;

-- Enqueues one acme delivery.created webhook event.
create or replace function tests.enqueue_webhook_event() returns void
language plpgsql
as $$
begin
  insert into public.webhook_events (tenant_id, module_id, event_type, subject_id, payload)
  values ('a0000000-0000-4000-8000-000000000001', 'deliveries', 'delivery.created', gen_random_uuid(), '{"type": "delivery.created", "data": {}}');
end;
$$;

grant execute on all functions in schema tests to public;

select plan(33);
select has_function('tests', 'act_as', array['text'], 'tests.act_as is installed');
select has_function('tests', 'affected', array['text'], 'tests.affected is installed');
select has_function('tests', 'probe', array['text'], 'tests.probe is installed');
select has_function('tests', 'may_receive', array['text', 'text'], 'tests.may_receive is installed');
select has_function('tests', 'details', array['text'], 'tests.details is installed');
select has_function('tests', 'ready_acme_fleet', array['uuid[]'], 'tests.ready_acme_fleet is installed');
select has_function('tests', 'acme_delivery', array['numeric', 'uuid'], 'tests.acme_delivery is installed');
select has_function('tests', 'acme_delivery_in', array['text'], 'tests.acme_delivery_in is installed');
select has_function('tests', 'sessions_available', array[]::text[], 'tests.sessions_available is installed');
select has_function('tests', 'open_session', array['text', 'uuid', 'text'], 'tests.open_session is installed');
select has_function('tests', 'bin', array['text', 'uuid'], 'tests.bin is installed');
select has_function('tests', 'remember', array['text', 'uuid'], 'tests.remember is installed');
select has_function('tests', 'id', array['text'], 'tests.id is installed');
select has_function('tests', 'message_of', array['text', 'text'], 'tests.message_of is installed');
select has_function('tests', 'stock', array['uuid', 'text'], 'tests.stock is installed');
select has_function('tests', 'pick_order', array['uuid'], 'tests.pick_order is installed');
select has_function('tests', 'pick_line', array['uuid', 'text', 'integer', 'integer', 'uuid'], 'tests.pick_line is installed');
select has_function('tests', 'save_pick_order_as', array['text', 'jsonb'], 'tests.save_pick_order_as is installed');
select has_function('tests', 'open_sessions', array['integer', 'uuid', 'uuid'], 'tests.open_sessions is installed');
select has_function('tests', 'close_sessions', array['integer'], 'tests.close_sessions is installed');
select has_function('tests', 'run_at_once', array['text[]'], 'tests.run_at_once is installed');
select has_function('tests', 'committed_pick_orders', array['text', 'text', 'text[]', 'uuid'], 'tests.committed_pick_orders is installed');
select has_function('tests', 'remove_committed', array['text', 'text'], 'tests.remove_committed is installed');
select has_function('tests', 'if_sessions', array['integer', 'text'], 'tests.if_sessions is installed');
select has_function('tests', 'pick_batch_build', array['text[]', 'text', 'integer', 'integer', 'boolean', 'text', 'uuid'], 'tests.pick_batch_build is installed');
select has_function('tests', 'pick_plan', array['jsonb', 'text'], 'tests.pick_plan is installed');
select has_function('tests', 'pick_lines', array['uuid'], 'tests.pick_lines is installed');
select has_function('tests', 'batch_members', array['uuid', 'text'], 'tests.batch_members is installed');
select has_function('tests', 'run', array['text'], 'tests.run is installed');
select has_function('tests', 'ids', array['text'], 'tests.ids is installed');
select has_function('tests', 'quiet_webhook_dispatch', array[]::text[], 'tests.quiet_webhook_dispatch is installed');
select has_function('tests', 'dispatch_calls', array[]::text[], 'tests.dispatch_calls is installed');
select has_function('tests', 'enqueue_webhook_event', array[]::text[], 'tests.enqueue_webhook_event is installed');
select * from finish();
