-- The public API's Idempotency-Key answers are kept 24 hours (Stripe's window) and then forgotten.
-- Until now an expired answer was deleted only when its own API key claimed another Idempotency-Key
-- (begin_api_idempotency), so the answers of a key that stopped sending them stayed forever. A
-- pg_cron job, scheduled like the webhook dispatcher's, now deletes every answer past its 24 hours
-- once an hour (by api_idempotency_keys_expires_at_idx), a request still running that long included.

-- Deletes the answers older than 24 hours; answers how many went.
create or replace function private.sweep_api_idempotency() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  swept integer;
begin
  delete from public.api_idempotency_keys where expires_at <= now();
  get diagnostics swept = row_count;
  return swept;
end;
$$;
revoke all on function private.sweep_api_idempotency() from public, anon, authenticated;

select cron.schedule('api-idempotency-sweep', '41 * * * *', $$ select private.sweep_api_idempotency() $$);
