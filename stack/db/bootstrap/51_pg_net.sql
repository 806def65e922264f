-- pg_net 0.19 (the version Supabase's image ships) as its script creates it: requests are queued in
-- net.http_request_queue by net.http_get / http_post / http_delete, which answer the request id at
-- once; the worker sends them after the transaction commits and stores each answer in
-- net._http_response. pg_net's worker is a background process woken by net.wake(); here the stack is
-- the worker (stack/platform/net-worker.ts), woken by a notification, which Postgres delivers only
-- when the transaction commits: a rolled-back request is neither queued nor announced.
create schema if not exists net;

create domain net.http_method as text
check (value ilike 'get' or value ilike 'post' or value ilike 'delete');

create unlogged table net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds int not null
);

create unlogged table net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out bool,
  error_msg text,
  created timestamptz not null default now()
);
create index on net._http_response (created);

create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');
create type net.http_response as (status_code integer, headers jsonb, body text);
create type net.http_response_result as (status net.request_status, message text, response net.http_response);

-- Percent-encoding of everything but RFC 3986's unreserved characters, as pg_net's curl_easy_escape.
create function net._urlencode_string(string varchar) returns text
language plpgsql immutable set search_path = '' as $$
declare
  bytes bytea := convert_to(string, 'UTF8');
  out text := '';
  b int;
begin
  if string is null then
    return null;
  end if;
  for i in 0 .. length(bytes) - 1 loop
    b := get_byte(bytes, i);
    if (b between 48 and 57) or (b between 65 and 90) or (b between 97 and 122) or b in (45, 46, 95, 126) then
      out := out || chr(b);
    else
      out := out || '%' || upper(lpad(to_hex(b), 2, '0'));
    end if;
  end loop;
  return out;
end
$$;

create function net._encode_url_with_params_array(url text, params_array text[]) returns text
language sql immutable set search_path = '' as $$
  select case when cardinality(params_array) = 0 then url
    else url || case when position('?' in url) > 0 then '&' else '?' end || array_to_string(params_array, '&') end
$$;

-- The worker is the stack itself: it is up whenever the stack runs.
create function net.check_worker_is_up() returns void language plpgsql as $$ begin end $$;
comment on function net.check_worker_is_up() is 'raises an exception if the pg_net background worker is not up, otherwise it doesn''t return anything';
create function net.wait_until_running() returns void language plpgsql as $$ begin end $$;
comment on function net.wait_until_running() is 'waits until the worker is running';

-- pg_net's wake() signals its worker; a notification is held back until COMMIT, so the stack's
-- worker never looks for a request before it is visible.
create function net.wake() returns void language sql as $$ select pg_notify('stack_net_wake', '') $$;
create function net.worker_restart() returns bool language sql as $$ select pg_notify('stack_net_wake', '') is null $$;

create function net._await_response(request_id bigint) returns bool
language plpgsql as $$
declare
  rec net._http_response;
begin
  while rec is null loop
    select * into rec from net._http_response where id = request_id;
    if rec is null then
      perform pg_sleep(0.05);
    end if;
  end loop;
  return true;
end;
$$;

create function net.http_get(url text, params jsonb default '{}'::jsonb, headers jsonb default '{}'::jsonb, timeout_milliseconds int default 5000)
returns bigint
language plpgsql as $$
declare
  request_id bigint;
  params_array text[];
begin
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into params_array from jsonb_each_text(params);
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('GET', net._encode_url_with_params_array(url, params_array), headers, timeout_milliseconds)
  returning id into request_id;
  perform net.wake();
  return request_id;
end
$$;

create function net.http_post(url text, body jsonb default '{}'::jsonb, params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb, timeout_milliseconds int default 5000)
returns bigint
language plpgsql as $$
declare
  request_id bigint;
  params_array text[];
  content_type text;
begin
  select header_value into content_type
  from jsonb_each_text(coalesce(headers, '{}'::jsonb)) r(header_name, header_value)
  where lower(header_name) = 'content-type'
  limit 1;
  if content_type is null then
    select headers || '{"Content-Type": "application/json"}'::jsonb into headers;
  end if;
  if content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into params_array from jsonb_each_text(params);
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', net._encode_url_with_params_array(url, params_array), headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  perform net.wake();
  return request_id;
end
$$;

create function net.http_delete(url text, params jsonb default '{}'::jsonb, headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000, body jsonb default null)
returns bigint
language plpgsql as $$
declare
  request_id bigint;
  params_array text[];
begin
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into params_array from jsonb_each_text(params);
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('DELETE', net._encode_url_with_params_array(url, params_array), headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  perform net.wake();
  return request_id;
end
$$;

create function net._http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result
language plpgsql as $$
declare
  rec net._http_response;
begin
  if not async then
    perform net._await_response(request_id);
  end if;
  select * into rec from net._http_response where id = request_id;
  if rec is null or rec.error_msg is not null then
    return ('ERROR', coalesce(rec.error_msg, 'request matching request_id not found'), null)::net.http_response_result;
  end if;
  return ('SUCCESS', 'ok', (rec.status_code, rec.headers, rec.content)::net.http_response)::net.http_response_result;
end;
$$;

create function net.http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result
language plpgsql as $$
begin
  raise notice 'The net.http_collect_response function is deprecated.';
  return net._http_collect_response(request_id, async);
end;
$$;

-- Supabase's grants after creating pg_net: the request functions run as their owner (so a trigger
-- firing for an API role can queue a request) and only the platform and API roles may call them.
-- The queue and the answers (which hold request headers: keys) stay with postgres and service_role.
alter function net.http_get(text, jsonb, jsonb, int) security definer set search_path = net;
alter function net.http_post(text, jsonb, jsonb, jsonb, int) security definer set search_path = net;
alter function net.http_delete(text, jsonb, jsonb, int, jsonb) security definer set search_path = net;
revoke all on schema net from public;
revoke all on all tables in schema net from public;
revoke all on all sequences in schema net from public;
revoke all on all functions in schema net from public;
grant usage on schema net to postgres, anon, authenticated, service_role;
grant execute on function net.http_get(text, jsonb, jsonb, int) to postgres, anon, authenticated, service_role;
grant execute on function net.http_post(text, jsonb, jsonb, jsonb, int) to postgres, anon, authenticated, service_role;
grant execute on function net.http_delete(text, jsonb, jsonb, int, jsonb) to postgres, anon, authenticated, service_role;
grant all on all tables in schema net to postgres, service_role;
grant all on all sequences in schema net to postgres, service_role;
grant execute on all functions in schema net to postgres, service_role;

select supabase_migrations.stack_adopt_extension('pg_net', 'extensions', '0.19.5', 'net');
