-- The public tracking page's proof thumbnails. The `proofs` bucket is private and anon can read
-- none of it, so the page asks the `tracking-proof` edge function, which signs short-lived URLs
-- with the service role. This function is what that edge function may know: given a tracking
-- token, the storage paths of the delivery's PHOTOS after delivery (never the signature, never a
-- file outside the delivery's own folder), under the same rate limit and the same neutral
-- not-found as track_delivery (the edge function forwards the visitor's x-forwarded-for, so both
-- count in one bucket per address). Callable by the service role only.

create or replace function public.tracking_proof_photos(token text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  d public.deliveries;
  folder text;
begin
  if not private.take_rate_limit('tracking', 60, interval '1 minute') then
    raise exception using errcode = 'PT429', message = 'Too many tracking lookups; try again in a minute';
  end if;
  if token is not null and token ~ '^[0-9a-f]{32,128}$' then
    select x.* into d from public.deliveries x where x.tracking_token = token;
  end if;
  if d.id is null then
    -- As track_delivery: answered, not raised, so the lookup stays counted.
    perform set_config('response.status', '404', true);
    return jsonb_build_object('code', 'PT404', 'message', 'No delivery matches this tracking link', 'details', null, 'hint', null);
  end if;
  folder := d.tenant_id::text || '/' || d.id::text || '/';
  return jsonb_build_object(
    'status', d.status,
    'photos', case when d.status = 'delivered' then coalesce((
      select jsonb_agg(u #>> '{}' order by n)
      from jsonb_array_elements(case when jsonb_typeof(d.proof -> 'photo_urls') = 'array' then d.proof -> 'photo_urls' else '[]'::jsonb end)
        with ordinality as p(u, n)
      where jsonb_typeof(u) = 'string' and starts_with(u #>> '{}', folder)
        and substr(u #>> '{}', length(folder) + 1) ~ '^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$'
    ), '[]'::jsonb) else '[]'::jsonb end);
end;
$$;
revoke all on function public.tracking_proof_photos(text) from public, anon, authenticated;
grant execute on function public.tracking_proof_photos(text) to service_role;
