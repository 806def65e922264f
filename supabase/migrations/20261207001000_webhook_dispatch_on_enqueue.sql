-- Webhook dispatch at once: an event enqueued calls the dispatcher then, not at the job's next run.
--
-- Until now only the `webhook-dispatch` pg_cron job (every 5 seconds) called the dispatcher, so a lone
-- event waited up to 5 s for its run. As Supabase's database webhooks do, a statement-level trigger
-- now calls the `webhook-dispatch` function through pg_net as soon as something is enqueued: an
-- event written into the outbox (`webhook_events`, fanned out by the dispatcher's own claim), or a
-- delivery that becomes due by other hands than the dispatcher's (a replay, an operator moving a
-- retry forward). The job stays as the safety net: retries falling due, a call that failed, an event
-- enqueued while every slot was held by calls that had already finished claiming.
--
-- The call goes out after the transaction commits, never before: pg_net queues the request in
-- net.http_request_queue, a table its worker reads only once the row is committed (the stack's
-- worker is woken by a notification, which Postgres delivers at COMMIT, stack/db/bootstrap/
-- 51_pg_net.sql), so the dispatcher's claim sees the event; a transaction that rolls back sends
-- nothing. At most one call per transaction (so per statement too): a transaction-local setting
-- remembers the call. A call is made only when it can do something: a dispatcher slot is free
-- (20261206003000; with both leased it would answer busy at once, and the calls holding them are
-- draining the same queue) and the job is active (pausing the job pauses dispatch: the webhooks
-- bench pauses it to move the dispatcher's clock with no call in flight). Calling never makes the
-- change fail: without the Vault's secrets, or on any error, the change commits and the job sends
-- the event at its next run.
--
-- The job itself now checks the slots first too: with both leased it makes no call (each would only
-- answer busy), and it fans out and calls through the same functions as the trigger.

-- A dispatcher call now would find a slot: one not held, or whose lease has ended.
create or replace function private.webhook_dispatch_slot_free() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from private.webhook_dispatch_slots s where s.held_until <= now());
$$;
revoke all on function private.webhook_dispatch_slot_free() from public;

-- Calls the dispatcher through pg_net with the project URL and service key from Vault, as Supabase's
-- guide to scheduling edge functions does; answers the request's id, or null when the Vault has no
-- project URL. The request is sent once the calling transaction commits.
create or replace function private.webhook_dispatch_call(body jsonb) returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text := (select s.decrypted_secret from vault.decrypted_secrets s where s.name = 'project_url');
begin
  if project_url is null then
    return null;
  end if;
  return net.http_post(
    url := project_url || '/functions/v1/webhook-dispatch',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || (select s.decrypted_secret from vault.decrypted_secrets s where s.name = 'service_role_key')
    ),
    body := body,
    timeout_milliseconds := 60000
  );
end;
$$;
revoke all on function private.webhook_dispatch_call(jsonb) from public;

-- The job's run: fans out what is new and, when a delivery is due and a slot is free, calls the
-- dispatcher; answers the request's id, or null when it made no call.
create or replace function private.webhook_dispatch_tick() returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  due integer := private.webhook_fan_out();
begin
  if due = 0 or not private.webhook_dispatch_slot_free() then
    return null;
  end if;
  return private.webhook_dispatch_call(jsonb_build_object('due', due, 'by', 'schedule'));
end;
$$;
revoke all on function private.webhook_dispatch_tick() from public;

-- Something was enqueued: calls the dispatcher once this transaction commits, unless this
-- transaction already did, the job is paused or every slot is held. Answers the request's id, or
-- null when it made no call. Never raises: the change that enqueued stands, the job sends it later.
create or replace function private.webhook_dispatch_soon() returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  request bigint;
begin
  if coalesce(current_setting('waypost.webhook_dispatch_called', true), '') = 'on'
    or not exists (select 1 from cron.job j where j.jobname = 'webhook-dispatch' and j.active)
    or not private.webhook_dispatch_slot_free() then
    return null;
  end if;
  begin
    request := private.webhook_dispatch_call(jsonb_build_object('by', 'enqueue'));
  exception when others then
    raise log 'webhook dispatch: calling the dispatcher failed (the job sends at its next run): %', sqlerrm;
    return null;
  end;
  if request is not null then
    perform set_config('waypost.webhook_dispatch_called', 'on', true);
  end if;
  return request;
end;
$$;
revoke all on function private.webhook_dispatch_soon() from public;

-- Events written into the outbox by a statement (none when no subscription of the module is active:
-- private.write_webhook_event inserts nothing then, and the statement's trigger finds no row).
create or replace function private.webhook_events_enqueued() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from enqueued) then
    perform private.webhook_dispatch_soon();
  end if;
  return null;
end;
$$;
revoke all on function private.webhook_events_enqueued() from public;

create trigger webhook_events_dispatch after insert on public.webhook_events
  referencing new table as enqueued
  for each statement execute function private.webhook_events_enqueued();

-- Deliveries a statement made due that were not (a replay, an operator moving a retry forward). The
-- dispatcher's own writes never do: a claim leases (due later), a record finishes or retries later.
-- The fan-out's new deliveries are made by the dispatcher's claim or the job, which send them.
create or replace function private.webhook_deliveries_due() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (
    select 1 from now_rows n join then_rows o on o.id = n.id
    where n.status = 'pending' and n.next_attempt_at <= now()
      and not (o.status = 'pending' and o.next_attempt_at <= now())
  ) then
    perform private.webhook_dispatch_soon();
  end if;
  return null;
end;
$$;
revoke all on function private.webhook_deliveries_due() from public;

create trigger webhook_deliveries_dispatch after update on public.webhook_deliveries
  referencing old table as then_rows new table as now_rows
  for each statement execute function private.webhook_deliveries_due();

-- Every 5 seconds, the safety net: fan out, and call the dispatcher when something is due and a slot is free.
select cron.schedule('webhook-dispatch', '5 seconds', $$ select private.webhook_dispatch_tick() $$);
