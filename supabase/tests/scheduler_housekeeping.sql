-- The scheduler's own history is kept a week: a nightly job deletes runs that ended more than 7
-- days ago and keeps the rest.
begin;
select plan(3);

select is((select schedule from cron.job where jobname = 'cron-job-run-details-cleanup'), '17 3 * * *',
  'a nightly job cleans the scheduler''s history');

insert into cron.job_run_details (jobid, command, status, return_message, start_time, end_time) values
  (null, 'select 1', 'succeeded', '1 row', now() - interval '8 days', now() - interval '8 days'),
  (null, 'select 2', 'succeeded', '1 row', now() - interval '6 days', now() - interval '6 days');

do $$ begin execute (select command from cron.job where jobname = 'cron-job-run-details-cleanup'); end $$;

select is((select count(*)::int from cron.job_run_details where command = 'select 1'), 0, 'a run older than a week is deleted');
select is((select count(*)::int from cron.job_run_details where command = 'select 2'), 1, 'a run of this week is kept');

select * from finish();
rollback;
