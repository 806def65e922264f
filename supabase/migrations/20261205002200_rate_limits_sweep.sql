-- private.rate_limits (the fixed-window counters of tracking, the public API and the `public`
-- function) was never swept: one row per client address or key ever seen stayed forever, though a
-- window that has ended counts for nothing (the next hit starts a new one just as it would on an empty
-- row). An hourly pg_cron job, scheduled like the Idempotency-Key sweep, now deletes every row whose
-- window started more than an hour ago: every window in use is one minute, so those have all ended,
-- and the hour leaves room for a longer window later. No index on window_start: the counters'
-- upsert is the hot path (every public request) and would write it; the hourly delete reads a table
-- that holds at most the last hours' clients.

-- Deletes the counters whose window started more than an hour ago; answers how many went.
create or replace function private.sweep_rate_limits() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  swept integer;
begin
  delete from private.rate_limits where window_start <= now() - interval '1 hour';
  get diagnostics swept = row_count;
  return swept;
end;
$$;
revoke all on function private.sweep_rate_limits() from public, anon, authenticated;

select cron.schedule('rate-limits-sweep', '23 * * * *', $$ select private.sweep_rate_limits() $$);
