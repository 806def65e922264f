-- pg_cron keeps a row in cron.job_run_details for every run and never deletes one; with the
-- webhook dispatcher running every 5 seconds that is 17,280 rows a day. Supabase's guidance is a
-- job that deletes old run details: each night, runs older than 7 days go (long enough to read
-- back a week of failures). pg_net's responses expire on their own (pg_net.ttl, 6 hours).
select cron.schedule(
  'cron-job-run-details-cleanup',
  '17 3 * * *',
  $$ delete from cron.job_run_details where end_time < now() - interval '7 days' $$
);
