-- The `public` function's per-client rate limit (verify-domain and the business picker, no sign-in),
-- counted in the database so every edge worker shares it, as the API's per-key limit is
-- (20261204003000_api_rate_limit_shared.sql). Until now each worker counted in its own memory: N
-- warm workers let a client through N times its limit, and a restart forgot. Same helper, bucket
-- 'public', one row per client address; the headers and the 429 body are unchanged.

-- Counts one request of a client (its address as the function reads it) against `p_limit` requests
-- per `p_window_seconds`: {allowed, limit, remaining, retry_after}. The platform only (service role).
create or replace function public.take_public_rate_limit(p_client text, p_limit integer, p_window_seconds integer)
returns jsonb
language sql
security definer
set search_path = ''
as $$
  select private.take_key_rate_limit('public', coalesce(nullif(btrim(p_client), ''), 'unknown'), p_limit, make_interval(secs => p_window_seconds));
$$;
revoke all on function public.take_public_rate_limit(text, integer, integer) from public, anon, authenticated;
grant execute on function public.take_public_rate_limit(text, integer, integer) to service_role;
