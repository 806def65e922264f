-- The public API's rate limit, counted in the database so every edge worker shares it. Until now
-- each worker kept its own count in memory (supabase/functions/_shared/rate_limit.ts): N warm
-- workers let a key through N times its limit. The count now lives in private.rate_limits (the
-- fixed-window counters tracking already uses, made for "the public API later"), bucket 'api', one
-- row per key, taken in the same call that resolves the key: one round trip per request.

-- Counts one hit of `key` in `bucket` and answers the decision with what the headers need:
-- {allowed, limit, remaining, retry_after} (whole seconds until the window resets, at least 1).
-- Atomic under concurrency: the insert's ON CONFLICT locks the key's row, so concurrent hits
-- queue on it and each sees the count of the ones before. Refused hits count too, as the
-- in-memory limiter counted them; the count stops at max_hits + 1 (never overflows).
create or replace function private.take_key_rate_limit(p_bucket text, p_key text, p_max_hits integer, p_per interval)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  counted integer;
  started timestamptz;
begin
  if p_max_hits is null or p_max_hits < 1 or p_per is null or p_per <= interval '0' then
    raise exception 'a rate limit needs a positive number of hits and window' using errcode = '22023';
  end if;
  insert into private.rate_limits as r (bucket, key, window_start, hits)
  values (p_bucket, left(p_key, 100), now(), 1)
  on conflict on constraint rate_limits_pkey do update
    set hits = case when r.window_start <= now() - p_per then 1 else least(r.hits + 1, p_max_hits + 1) end,
        window_start = case when r.window_start <= now() - p_per then now() else r.window_start end
  returning r.hits, r.window_start into counted, started;
  return jsonb_build_object(
    'allowed', counted <= p_max_hits,
    'limit', p_max_hits,
    'remaining', greatest(0, p_max_hits - counted),
    'retry_after', greatest(1, least(ceil(extract(epoch from p_per))::integer,
      ceil(extract(epoch from started + p_per - now()))::integer)));
end;
$$;
revoke all on function private.take_key_rate_limit(text, text, integer, interval) from public, anon, authenticated;

-- What the `api` function calls for every request: the key resolved as authenticate_api_key does
-- ({ok: false, reason} for a key that may not be used: nothing is counted then), and for a usable
-- key its hit counted against `p_limit` requests per `p_window_seconds`, answered as `rate_limit`.
-- The platform only (service role), like authenticate_api_key.
create or replace function public.authenticate_api_request(p_key_hash text, p_limit integer, p_window_seconds integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  answer jsonb := public.authenticate_api_key(p_key_hash);
begin
  if not (answer ->> 'ok')::boolean then
    return answer;
  end if;
  return answer || jsonb_build_object('rate_limit',
    private.take_key_rate_limit('api', answer ->> 'key_id', p_limit, make_interval(secs => p_window_seconds)));
end;
$$;
revoke all on function public.authenticate_api_request(text, integer, integer) from public, anon, authenticated;
grant execute on function public.authenticate_api_request(text, integer, integer) to service_role;
