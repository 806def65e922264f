-- Webhook dispatch: an event enqueued while both dispatcher slots are held is sent when a holder
-- leaves, not at the job's next run.
--
-- An event's trigger calls the dispatcher only when a slot is free (20261207001000): with both held,
-- the calls holding them drain the queue. But a holder whose last claim came back empty is already
-- on its way out: an event committed just after that claim was seen by no one until the job's next
-- run (up to 5 s). Now a call leaving its slot looks for work once more and, when something can be
-- claimed (an event not yet fanned out, or a delivery due to an active subscription: exactly what a
-- claim takes, so a delivery it could never claim makes no call again and again), calls the
-- dispatcher through pg_net after it commits.
--
-- Looking at the moment of leaving is not enough on its own: an enqueueing transaction may have seen
-- the slot held before the leave freed it, and commit after the leave looked. So the two take one
-- advisory lock (transaction-scoped): the trigger's decision shares it until its transaction
-- commits, the leave takes it exclusively after freeing its slot. A leave therefore waits for the
-- enqueueing transactions in flight (short: a delivery change) and then sees their events; an
-- enqueue that comes after the leave sees the slot free and calls itself. A slot's taking
-- (`webhook_dispatch_enter`) does not touch the lock, so enqueueing never makes a call answer busy.

-- The lock's key: a hash of its name, so no other advisory lock of the app meets it.
create or replace function private.webhook_dispatch_lock_key() returns bigint
language sql
immutable
set search_path = ''
as $$ select hashtextextended('waypost.webhook_dispatch', 0) $$;
revoke all on function private.webhook_dispatch_lock_key() from public;

-- Something a dispatcher call would claim now: an event not fanned out yet, or a delivery due to an
-- active subscription (public.webhook_dispatch_claim's own conditions).
create or replace function private.webhook_dispatch_work_waiting() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.webhook_events e where e.fanned_out_at is null)
    or exists (
      select 1 from public.webhook_deliveries d
      join public.webhook_subscriptions s on s.id = d.subscription_id and s.is_active
      where d.status = 'pending' and d.next_attempt_at <= now()
    );
$$;
revoke all on function private.webhook_dispatch_work_waiting() from public;

-- Something was enqueued: calls the dispatcher once this transaction commits, unless this
-- transaction already did, the job is paused or every slot is held (a holder leaving then looks
-- for it: the shared lock below makes that leave wait for this transaction's commit). Answers the
-- request's id, or null when it made no call. Never raises: the change that enqueued stands, the
-- job sends it later.
create or replace function private.webhook_dispatch_soon() returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  request bigint;
begin
  if coalesce(current_setting('waypost.webhook_dispatch_called', true), '') = 'on'
    or not exists (select 1 from cron.job j where j.jobname = 'webhook-dispatch' and j.active) then
    return null;
  end if;
  perform pg_advisory_xact_lock_shared(private.webhook_dispatch_lock_key());
  if not private.webhook_dispatch_slot_free() then
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

-- Gives a slot back. A token whose lease already ended (and whose slot another call may hold by
-- now) frees nothing. A slot given back with work waiting (enqueued while every slot was held)
-- calls the dispatcher once this commits; never raises for that call's sake.
create or replace function public.webhook_dispatch_leave(token uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.webhook_dispatch_slots
  set holder = null, held_until = '-infinity'
  where holder = token and held_until > now();
  if not found or not exists (select 1 from cron.job j where j.jobname = 'webhook-dispatch' and j.active) then
    return;
  end if;
  -- Waits for the enqueueing transactions that saw this slot held; their events are visible after.
  perform pg_advisory_xact_lock(private.webhook_dispatch_lock_key());
  if private.webhook_dispatch_work_waiting() then
    begin
      perform private.webhook_dispatch_call(jsonb_build_object('by', 'leave'));
    exception when others then
      raise log 'webhook dispatch: calling the dispatcher on leaving failed (the job sends at its next run): %', sqlerrm;
    end;
  end if;
end;
$$;
revoke all on function public.webhook_dispatch_leave(uuid) from public, anon, authenticated;
grant execute on function public.webhook_dispatch_leave(uuid) to service_role;
