-- The dispatcher now records several rounds at once (supabase/functions/webhook-dispatch: rounds in
-- flight side by side, and overlapping cron calls). Each round's record locks the subscriptions its
-- answers touch (failing_since, disabled) in the order the answers came, so two rounds answering
-- failures of subscriptions A and B in opposite orders deadlocked (seen in the webhooks bench: one
-- round's record refused, its deliveries sent again when their lease ended). The answers are now
-- recorded in subscription order, so every round takes those locks in one order; the rest is
-- unchanged, written out whole.

create or replace function public.webhook_dispatch_record(results jsonb) returns void
language plpgsql
set search_path = ''
as $$
declare
  r record;
  d public.webhook_deliveries;
  s public.webhook_subscriptions;
  failed_for_days boolean;
begin
  for r in
    select x.* from jsonb_to_recordset(coalesce(results, '[]'::jsonb))
      as x(delivery_id uuid, status_code integer, duration_ms integer, response_excerpt text, error text)
    left join public.webhook_deliveries w on w.id = x.delivery_id
    order by w.subscription_id, x.delivery_id
  loop
    select * into d from public.webhook_deliveries where id = r.delivery_id for update;
    continue when d.id is null or d.status <> 'pending';
    insert into public.webhook_attempts (tenant_id, delivery_id, attempt, duration_ms, status_code, response_excerpt, error)
    values (d.tenant_id, d.id, d.attempt_count, r.duration_ms, r.status_code, left(r.response_excerpt, 1000), left(r.error, 500));

    if r.status_code between 200 and 299 then
      update public.webhook_deliveries
      set status = 'succeeded', next_attempt_at = null, delivered_at = now(), last_status_code = r.status_code, last_error = null
      where id = d.id;
      update public.webhook_subscriptions set failing_since = null where id = d.subscription_id and failing_since is not null;
    elsif r.status_code = 410 then
      update public.webhook_deliveries
      set status = 'failed', next_attempt_at = null, last_status_code = r.status_code, last_error = 'The receiver answered 410 Gone'
      where id = d.id;
      update public.webhook_subscriptions set is_active = false, disabled_reason = 'The receiver answered 410 Gone'
      where id = d.subscription_id and is_active;
    else
      update public.webhook_deliveries
      set status = case when private.webhook_retry_delay(d.attempt_count) is null then 'failed' else 'pending' end,
        next_attempt_at = now() + private.webhook_retry_delay(d.attempt_count),
        last_status_code = r.status_code,
        last_error = coalesce(left(r.error, 500), format('The receiver answered %s', r.status_code))
      where id = d.id;
      update public.webhook_subscriptions set failing_since = coalesce(failing_since, now())
      where id = d.subscription_id
      returning * into s;
      failed_for_days := s.is_active and s.failing_since <= now() - interval '5 days';
      if failed_for_days then
        update public.webhook_subscriptions set is_active = false, disabled_reason = 'Failing for 5 days'
        where id = s.id;
        insert into public.notifications (tenant_id, user_id, title, body, link)
        select s.tenant_id, u.id, 'Webhook disabled',
          format('The %s webhook to %s has failed for 5 days and was turned off. Fix the receiver, then turn it on again.',
            (select m.name from public.webhook_modules m where m.id = s.module_id), left(s.webhook_url, 200)),
          case when p.panel_type = 'admin' then '/' || t.slug || '/admin/users/' || s.user_id::text || '/detail' end
        from (select s.user_id as id union select s.created_by) u
        join public.profiles p on p.id = u.id and p.tenant_id = s.tenant_id
        join public.tenants t on t.id = s.tenant_id;
      end if;
    end if;
  end loop;
end;
$$;
revoke all on function public.webhook_dispatch_record(jsonb) from public, anon, authenticated;
grant execute on function public.webhook_dispatch_record(jsonb) to service_role;
