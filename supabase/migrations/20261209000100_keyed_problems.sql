-- Refusals carry a stable key beside their English words, so the app shows them in the user's
-- language (the server's English stays the fallback for a key the app does not know).
--
-- The contract (supabase/README.md, "Refusals and their keys"): a refusal's DETAIL is a JSON array
-- of problems, each {key, field?, message, params?}:
--   key      a stable identifier, dotted lower snake ('quote.no_pickup_zone'); never built from the
--            English words, never reused for another meaning
--   field    the input it is about, when there is one (a form shows it under that field); a refusal of
--            the whole request (not found, not allowed) has none
--   message  the English words, as before (API clients and the fallback read them)
--   params   the values the words name ({"service": "Bike Rush"}), for the translated text
-- PostgREST hands DETAIL to the client as the error's `details`, beside `code` and `message`, which
-- keep their SQLSTATE and English message.
--
-- private.problem builds one problem; private.raise_problems raises a list of them (nothing when the
-- list is empty, so a function collects its problems, then raises them all at once);
-- private.raise_problem raises one (23514 'Validation failed', the validation_error of a key).
-- The quote and chat's send_message are the first raised through them; other functions move as
-- they are touched (private.validation_error stays for them: its details carry no key).

create or replace function private.problem(key text, field text, message text, params jsonb default null) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
begin
  if key is null or key !~ '^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$' then
    raise exception 'A problem''s key is dotted lower snake case, not %', coalesce(key, 'null') using errcode = '22023';
  end if;
  return jsonb_strip_nulls(jsonb_build_object('field', field, 'key', key, 'message', message, 'params', params));
end;
$$;
revoke all on function private.problem(text, text, text, jsonb) from public;
grant execute on function private.problem(text, text, text, jsonb) to authenticated, service_role;

create or replace function private.raise_problems(
  problems jsonb, sqlstate text default '23514', message text default 'Validation failed'
) returns void
language plpgsql
set search_path = ''
as $$
begin
  if problems is null or jsonb_typeof(problems) <> 'array' or jsonb_array_length(problems) = 0 then
    return;
  end if;
  raise exception using errcode = coalesce(sqlstate, '23514'), message = coalesce(message, 'Validation failed'),
    detail = problems::text, hint = 'details is a JSON array of {key, field, message, params}';
end;
$$;
revoke all on function private.raise_problems(jsonb, text, text) from public;
grant execute on function private.raise_problems(jsonb, text, text) to authenticated, service_role;

create or replace function private.raise_problem(key text, field text, message text, params jsonb default null) returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.raise_problems(jsonb_build_array(private.problem(key, field, message, params)));
end;
$$;
revoke all on function private.raise_problem(text, text, text, jsonb) from public;
grant execute on function private.raise_problem(text, text, text, jsonb) to authenticated, service_role;

-- The quote (first in 20261125000530_quote.sql): each refusal keyed, the not-allowed one too.
create or replace function private.quote_for(
  tenant uuid,
  pickup_lat double precision,
  pickup_lng double precision,
  dropoff_lat double precision,
  dropoff_lng double precision,
  service_id uuid,
  weight_kg numeric,
  ready_at timestamptz default now()
) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  origin public.zones;
  destination public.zones;
  service public.delivery_services;
  price public.zone_pricing;
  amount numeric(12, 2);
begin
  if pickup_lat is null or pickup_lng is null or pickup_lat not between -90 and 90 or pickup_lng not between -180 and 180 then
    problems := problems || private.problem('quote.pickup_range', 'pickup',
      'Pickup point must have a latitude from -90 to 90 and a longitude from -180 to 180');
  else
    select z.* into origin from private.zones_at(tenant, pickup_lat, pickup_lng) z limit 1;
    if origin.id is null then
      problems := problems || private.problem('quote.no_pickup_zone', 'pickup', 'No active zone covers the pickup point');
    end if;
  end if;

  if dropoff_lat is null or dropoff_lng is null or dropoff_lat not between -90 and 90 or dropoff_lng not between -180 and 180 then
    problems := problems || private.problem('quote.dropoff_range', 'dropoff',
      'Drop-off point must have a latitude from -90 to 90 and a longitude from -180 to 180');
  else
    select z.* into destination from private.zones_at(tenant, dropoff_lat, dropoff_lng) z limit 1;
    if destination.id is null then
      problems := problems || private.problem('quote.no_dropoff_zone', 'dropoff', 'No active zone covers the drop-off point');
    end if;
  end if;

  if quote_for.service_id is null then
    problems := problems || private.problem('quote.service_required', 'service_id', 'Service is required');
  else
    select s.* into service from public.delivery_services s where s.id = quote_for.service_id and s.tenant_id = tenant;
    if service.id is null then
      problems := problems || private.problem('quote.service_not_found', 'service_id', 'Service not found');
    elsif not service.active then
      problems := problems || private.problem('quote.service_inactive', 'service_id', 'Service ' || service.name || ' is not active',
        jsonb_build_object('service', service.name));
    end if;
  end if;

  if weight_kg is null then
    problems := problems || private.problem('quote.weight_required', 'weight_kg', 'Weight is required');
  elsif weight_kg < 0 or weight_kg > 100000 or weight_kg = 'NaN'::numeric then
    problems := problems || private.problem('quote.weight_range', 'weight_kg', 'Weight must be from 0 to 100000 kg');
  end if;

  if jsonb_array_length(problems) = 0 then
    select p.* into price from public.zone_pricing p
    where p.tenant_id = tenant and p.origin_zone_id = origin.id and p.destination_zone_id = destination.id
      and p.service_id = service.id and p.active;
    if price.id is null then
      problems := problems || private.problem('quote.no_price', 'route',
        format('No active price for %s from %s to %s', service.name, origin.name, destination.name),
        jsonb_build_object('service', service.name, 'origin', origin.name, 'destination', destination.name));
    end if;
  end if;

  perform private.raise_problems(problems);

  amount := round(price.base_price + price.per_unit_price * weight_kg, 2);
  return jsonb_build_object(
    'price', amount,
    'currency', private.tenant_currency(tenant),
    'base_price', price.base_price,
    'per_unit_price', price.per_unit_price,
    'weight_kg', weight_kg,
    'pricing_id', price.id,
    'service', jsonb_build_object('id', service.id, 'code', service.code, 'name', service.name, 'kind', service.kind),
    'pickup_zone', jsonb_build_object('id', origin.id, 'code', origin.code, 'name', origin.name, 'color', origin.color),
    'dropoff_zone', jsonb_build_object('id', destination.id, 'code', destination.code, 'name', destination.name, 'color', destination.color),
    'min_transit_hours', price.min_transit_time,
    'max_transit_hours', price.max_transit_time,
    'earliest_at', coalesce(ready_at, now()) + make_interval(secs => price.min_transit_time * 3600),
    'latest_at', coalesce(ready_at, now()) + make_interval(secs => price.max_transit_time * 3600)
  );
end;
$$;
revoke all on function private.quote_for(uuid, double precision, double precision, double precision, double precision, uuid, numeric, timestamptz)
  from public, anon, authenticated;
grant execute on function private.quote_for(uuid, double precision, double precision, double precision, double precision, uuid, numeric, timestamptz)
  to service_role;

-- The API's quote: the caller's tenant, for its admins and dispatchers (who read prices).
-- Security definer, so that it may call private.quote_for, which API roles may not: the tenant is the
-- caller's own (never a parameter) and the panel check is explicit.
create or replace function public.quote(
  pickup_lat double precision,
  pickup_lng double precision,
  dropoff_lat double precision,
  dropoff_lng double precision,
  service_id uuid,
  weight_kg numeric,
  ready_at timestamptz default null
) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or not private.is_staff() then
    perform private.raise_problems(
      jsonb_build_array(private.problem('quote.not_allowed', null, 'You do not have permission to quote deliveries')),
      '42501', 'You do not have permission to quote deliveries');
  end if;
  return private.quote_for(tenant, pickup_lat, pickup_lng, dropoff_lat, dropoff_lng, service_id, weight_kg, coalesce(ready_at, now()));
end;
$$;
revoke all on function public.quote(double precision, double precision, double precision, double precision, uuid, numeric, timestamptz)
  from public, anon;
grant execute on function public.quote(double precision, double precision, double precision, double precision, uuid, numeric, timestamptz)
  to authenticated, service_role;

-- Chat: sending a message (first in 20261125001030_chat.sql), each refusal keyed.
create or replace function public.send_message(
  conversation_id uuid, content text, message_type text default 'text', client_id text default null
) returns public.messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  c public.conversations;
  m public.messages;
  panel text := private.current_panel_type();
  body text := btrim(send_message.content);
begin
  select x.* into c from public.conversations x where x.id = send_message.conversation_id;
  if c.id is null or not private.may_read_conversation(c.id) then
    perform private.raise_problems(
      jsonb_build_array(private.problem('chat.conversation_not_found', null, 'Conversation not found')), 'PT404', 'Conversation not found');
  end if;
  if c.is_archived then
    perform private.raise_problem('chat.conversation_archived', 'conversation_id', 'This conversation is archived');
  end if;
  if body is null or body = '' then
    perform private.raise_problem('chat.message_empty', 'content', 'Write a message');
  end if;
  if length(body) > 4000 then
    perform private.raise_problem('chat.message_too_long', 'content', 'A message can be at most 4000 characters', jsonb_build_object('max', 4000));
  end if;
  if coalesce(send_message.message_type, 'text') <> 'text' then
    perform private.raise_problem('chat.text_only', 'message_type', 'Only text messages can be sent');
  end if;
  if send_message.client_id is not null then
    if send_message.client_id !~ '^[A-Za-z0-9_.:-]{8,100}$' then
      perform private.raise_problem('chat.client_id_invalid', 'client_id', 'The client id must be 8 to 100 letters, digits or _.:-');
    end if;
    select x.* into m from public.messages x where x.conversation_id = c.id and x.client_id = send_message.client_id;
    if m.id is not null then
      return m;
    end if;
  end if;
  -- Staff who write into a conversation take part in it from then on.
  insert into public.conversation_participants (conversation_id, tenant_id, user_id, role)
  values (c.id, c.tenant_id, auth.uid(), case when panel in ('admin', 'dispatcher', 'driver', 'customer') then panel else 'member' end)
  on conflict on constraint conversation_participants_conversation_user_key do nothing;
  insert into public.messages (tenant_id, conversation_id, sender_id, content, message_type, client_id)
  values (c.tenant_id, c.id, auth.uid(), body, 'text', send_message.client_id)
  returning * into m;
  update public.conversations x set last_message_at = m.created_at where x.id = c.id;
  update public.conversation_participants p set last_read_at = m.created_at
  where p.conversation_id = c.id and p.user_id = auth.uid();
  return m;
end;
$$;
revoke all on function public.send_message(uuid, text, text, text) from public, anon;
grant execute on function public.send_message(uuid, text, text, text) to authenticated, service_role;
