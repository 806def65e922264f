-- Webhook dispatch: the outbox's events reach each subscription that carries them, signed, retried
-- until the receiver takes them, and every try is logged.
--
-- Fan-out: each event of the outbox becomes one delivery per active subscription of its module
-- whose owner may read the event's row (active; the tenant's admins and dispatchers read all of
-- it, a customer only their own: a delivery or return request whose customer they are) and that
-- existed when the event happened. A delivery keeps its webhook-id (`message_id`) for every
-- attempt and every replay, so a receiver can tell a repeat from a new event.
--
-- Sending: the `webhook-dispatch` edge function claims due deliveries (for update skip locked,
-- and a lease: a claimed delivery is not due again until the lease ends, so two runs never send
-- one at the same time), sends them as Standard Webhooks with a 15 s timeout, and records each
-- answer. A 2xx ends the delivery; a 410 ends it and disables the subscription (the receiver
-- said it is gone); anything else is tried again after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and
-- 10 h, then given up. A subscription that has failed without a success in between for 5 days is
-- disabled and its owner (and the admin who set it up) notified.
--
-- A pg_cron job, every 5 seconds, fans out what is new and, when a delivery is due, calls the
-- function through pg_net with the project URL and service key read from Vault, as Supabase's
-- guide to scheduling edge functions does.

create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists pg_net with schema extensions;
create extension if not exists supabase_vault with schema vault;

-- An event is kept only when a subscription of its module is active in its tenant as the change
-- happens: a delivery goes only to subscriptions that existed when its event happened, so without
-- one the event could reach nobody (a tenant without webhooks, the seed) and would only be work for
-- the fan-out. Written out whole; the triggers of the event sources call it unchanged.
create or replace function private.write_webhook_event(
  p_tenant_id uuid, p_module_id text, p_event_type text, p_subject_id uuid, p_customer_id uuid, p_data jsonb
) returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.webhook_events (tenant_id, module_id, event_type, subject_id, customer_id, payload)
  select p_tenant_id, p_module_id, p_event_type, p_subject_id, p_customer_id,
    jsonb_build_object('type', p_event_type, 'timestamp', now(), 'data', p_data)
  where exists (
    select 1 from public.webhook_subscriptions s
    where s.module_id = p_module_id and s.tenant_id = p_tenant_id and s.is_active
  );
$$;
revoke all on function private.write_webhook_event(uuid, text, text, uuid, uuid, jsonb) from public;

-- Why a subscription stopped: set when the dispatcher disables it, cleared when it is turned on again.
alter table public.webhook_subscriptions
  add column failing_since timestamptz,
  add column disabled_reason text,
  add constraint webhook_subscriptions_disabled_reason_check check (disabled_reason is null or length(disabled_reason) <= 200);
grant select (failing_since, disabled_reason) on public.webhook_subscriptions to authenticated;

-- An admin turning a subscription on again starts it afresh.
create or replace function private.webhook_subscription_reenabled() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_active and not old.is_active then
    new.disabled_reason := null;
    new.failing_since := null;
  end if;
  return new;
end;
$$;
revoke all on function private.webhook_subscription_reenabled() from public;
create trigger webhook_subscription_reenabled before update of is_active on public.webhook_subscriptions
  for each row execute function private.webhook_subscription_reenabled();

-- no audit: webhook_deliveries (the dispatcher's state of one event for one subscription; its attempts are its history)
create table public.webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  subscription_id uuid not null references public.webhook_subscriptions (id) on delete cascade,
  event_id uuid not null references public.webhook_events (id),
  event_type text not null,
  -- webhook-id: the same on every attempt and replay of this event to this subscription.
  message_id text not null default 'msg_' || replace(gen_random_uuid()::text, '-', ''),
  status text not null default 'pending',
  attempt_count integer not null default 0,
  next_attempt_at timestamptz default now(),
  last_status_code integer,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint webhook_deliveries_subscription_id_event_id_key unique (subscription_id, event_id),
  constraint webhook_deliveries_message_id_key unique (message_id),
  constraint webhook_deliveries_status_check check (status in ('pending', 'succeeded', 'failed')),
  constraint webhook_deliveries_next_attempt_check check ((status = 'pending') = (next_attempt_at is not null)),
  constraint webhook_deliveries_last_error_check check (last_error is null or length(last_error) <= 500)
);
comment on table public.webhook_deliveries is
  'no audit: the dispatcher''s state of one event for one subscription, written only by the dispatcher; its attempts are its history';
create index webhook_deliveries_tenant_id_idx on public.webhook_deliveries (tenant_id);
-- A subscription's log, newest first.
create index webhook_deliveries_subscription_id_created_at_idx on public.webhook_deliveries (subscription_id, created_at desc);
create index webhook_deliveries_event_id_idx on public.webhook_deliveries (event_id);
-- What is due, soonest first.
create index webhook_deliveries_due_idx on public.webhook_deliveries (next_attempt_at) where status = 'pending';
alter table public.webhook_deliveries enable row level security;

create trigger set_updated_at before update on public.webhook_deliveries
  for each row execute function private.set_updated_at();

-- no audit: webhook_attempts (append-only log of each try, written only by the dispatcher; it is itself the history)
create table public.webhook_attempts (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  delivery_id uuid not null references public.webhook_deliveries (id) on delete cascade,
  attempt integer not null,
  attempted_at timestamptz not null default now(),
  duration_ms integer,
  status_code integer,
  response_excerpt text,
  error text,
  constraint webhook_attempts_response_excerpt_check check (response_excerpt is null or length(response_excerpt) <= 1000),
  constraint webhook_attempts_error_check check (error is null or length(error) <= 500)
);
comment on table public.webhook_attempts is
  'no audit: the append-only log of each try, written only by the dispatcher; it is itself the history';
create index webhook_attempts_tenant_id_idx on public.webhook_attempts (tenant_id);
create index webhook_attempts_delivery_id_attempted_at_idx on public.webhook_attempts (delivery_id, attempted_at desc);
alter table public.webhook_attempts enable row level security;

-- The log is the tenant admins' to read (they manage the subscriptions); only the dispatcher writes.
revoke all on public.webhook_deliveries, public.webhook_attempts from anon, authenticated;
grant select on public.webhook_deliveries, public.webhook_attempts to authenticated;
create policy "webhook_deliveries: admins of the tenant read" on public.webhook_deliveries for select to authenticated
  using ((select private.is_tenant_admin(tenant_id)));
create policy "webhook_attempts: admins of the tenant read" on public.webhook_attempts for select to authenticated
  using ((select private.is_tenant_admin(tenant_id)));

-- Makes the deliveries of the events not fanned out yet (oldest first, `batch` at most) and
-- answers how many deliveries are due now. Security definer: the cron job and the dispatcher call it.
create or replace function private.webhook_fan_out(batch integer default 500) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  due integer;
begin
  with events as (
    select e.id, e.tenant_id, e.module_id, e.event_type, e.customer_id, e.occurred_at
    from public.webhook_events e
    where e.fanned_out_at is null
    order by e.seq
    limit batch
    for update skip locked
  ), made as (
    insert into public.webhook_deliveries (tenant_id, subscription_id, event_id, event_type)
    select e.tenant_id, s.id, e.id, e.event_type
    from events e
    join public.webhook_subscriptions s on s.tenant_id = e.tenant_id and s.module_id = e.module_id and s.is_active
      and s.created_at <= e.occurred_at
    join public.profiles p on p.id = s.user_id and p.tenant_id = s.tenant_id
    where p.status = 'active'
      and (p.panel_type in ('admin', 'dispatcher') or (p.panel_type = 'customer' and e.customer_id = p.id))
    on conflict (subscription_id, event_id) do nothing
  )
  update public.webhook_events e set fanned_out_at = now() from events where e.id = events.id;

  select count(*)::integer into due from public.webhook_deliveries d
  where d.status = 'pending' and d.next_attempt_at <= now();
  return due;
end;
$$;
revoke all on function private.webhook_fan_out(integer) from public;
grant execute on function private.webhook_fan_out(integer) to service_role;

-- The dispatcher's claim: fans out, then takes up to `batch` due deliveries of active
-- subscriptions for `lease` (longer than a send may take) and answers what to send.
create or replace function public.webhook_dispatch_claim(batch integer default 50, lease interval default '2 minutes')
returns table (
  delivery_id uuid, message_id text, attempt integer, event_type text, webhook_url text,
  secret_header_key text, secret_header_value text, signing_secret text, payload jsonb
)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.webhook_fan_out();
  return query
  with due as (
    select d.id from public.webhook_deliveries d
    join public.webhook_subscriptions s on s.id = d.subscription_id and s.is_active
    where d.status = 'pending' and d.next_attempt_at <= now()
    order by d.next_attempt_at
    limit least(greatest(batch, 1), 200)
    for update of d skip locked
  ), claimed as (
    update public.webhook_deliveries d
    set next_attempt_at = now() + lease, attempt_count = d.attempt_count + 1
    from due where d.id = due.id
    returning d.id, d.message_id, d.attempt_count, d.event_type, d.subscription_id, d.event_id
  )
  select c.id, c.message_id, c.attempt_count, c.event_type, s.webhook_url, s.secret_header_key, s.secret_header_value,
    s.signing_secret, e.payload
  from claimed c
  join public.webhook_subscriptions s on s.id = c.subscription_id
  join public.webhook_events e on e.id = c.event_id;
end;
$$;
revoke all on function public.webhook_dispatch_claim(integer, interval) from public, anon, authenticated;
grant execute on function public.webhook_dispatch_claim(integer, interval) to service_role;

-- When a failed attempt's delivery is tried again: after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
create or replace function private.webhook_retry_delay(attempt integer) returns interval
language sql
immutable
set search_path = ''
as $$
  select (array['5 seconds', '5 minutes', '30 minutes', '2 hours', '5 hours', '10 hours', '10 hours']::interval[])[attempt];
$$;
revoke all on function private.webhook_retry_delay(integer) from public;
grant execute on function private.webhook_retry_delay(integer) to service_role;

-- The dispatcher's answers: [{delivery_id, status_code, duration_ms, response_excerpt, error}],
-- status_code null when no answer came (refused address, timeout, connection error).
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
    select * from jsonb_to_recordset(coalesce(results, '[]'::jsonb))
      as x(delivery_id uuid, status_code integer, duration_ms integer, response_excerpt text, error text)
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

-- Every 5 seconds: fan out, and when something is due call the dispatcher.
select cron.schedule(
  'webhook-dispatch',
  '5 seconds',
  $$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/webhook-dispatch',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
      ),
      body := jsonb_build_object('due', due),
      timeout_milliseconds := 60000
    )
    from private.webhook_fan_out() as due
    where due > 0
  $$
);
