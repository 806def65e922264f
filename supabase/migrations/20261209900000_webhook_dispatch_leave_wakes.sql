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
--
-- A burst no longer calls once per transaction. Between a call's request and its arrival (its
-- `webhook_dispatch_enter`) the slots still look free, so every transaction of a burst called, and
-- all but two answered busy (on a hosted project, each an edge function invocation). Now a call
-- requested and not arrived yet (`private.webhook_dispatch_wake`, for up to 2 seconds) stands for
-- everyone: what it claims on arrival includes their events, and what commits after its claims is
-- found by its leave. A transaction in the middle of requesting one (the wake row locked) stands
-- too: the others skip rather than wait. If a requested call never arrives (the function failing),
-- calls resume after 2 seconds, and the job's run sends meanwhile.

-- The call on its way: when the last call was requested that has not taken a slot yet.
create table private.webhook_dispatch_wake (
  singleton boolean primary key default true check (singleton),
  requested_at timestamptz not null default '-infinity'
);
insert into private.webhook_dispatch_wake default values;
revoke all on private.webhook_dispatch_wake from public, anon, authenticated;

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
-- transaction already did, the job is paused, a call is on its way (requested, not arrived: it
-- claims this event on arrival, or its leave finds it) or every slot is held (a holder leaving then
-- looks for it: the shared lock below makes that leave wait for this transaction's commit). Answers
-- the request's id, or null when it made no call. Never raises: the change that enqueued stands,
-- the job sends it later.
create or replace function private.webhook_dispatch_soon() returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  request bigint;
  waking timestamptz;
begin
  if coalesce(current_setting('waypost.webhook_dispatch_called', true), '') = 'on'
    or not exists (select 1 from cron.job j where j.jobname = 'webhook-dispatch' and j.active) then
    return null;
  end if;
  perform pg_advisory_xact_lock_shared(private.webhook_dispatch_lock_key());
  if not private.webhook_dispatch_slot_free() then
    return null;
  end if;
  -- Another transaction requesting a call right now holds the row: its call stands for this one.
  select w.requested_at into waking from private.webhook_dispatch_wake w for update skip locked;
  if not found or waking > now() - interval '2 seconds' then
    return null;
  end if;
  begin
    request := private.webhook_dispatch_call(jsonb_build_object('by', 'enqueue'));
  exception when others then
    raise log 'webhook dispatch: calling the dispatcher failed (the job sends at its next run): %', sqlerrm;
    return null;
  end;
  if request is not null then
    update private.webhook_dispatch_wake set requested_at = now();
    perform set_config('waypost.webhook_dispatch_called', 'on', true);
  end if;
  return request;
end;
$$;
revoke all on function private.webhook_dispatch_soon() from public;

-- Takes a free slot (none held, or its lease over) for `lease` and answers its token, or null when
-- every slot is held: the caller then returns without dispatching. A call taking a slot has
-- arrived: the call on its way (private.webhook_dispatch_wake) no longer stands for later events.
create or replace function public.webhook_dispatch_enter(lease interval default '90 seconds')
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  token uuid := gen_random_uuid();
begin
  if lease is null or lease <= interval '0' or lease > interval '10 minutes' then
    raise exception 'lease must be between 0 and 10 minutes' using errcode = '22023';
  end if;
  update private.webhook_dispatch_slots s
  set holder = token, held_until = now() + lease
  where s.slot = (
    select f.slot from private.webhook_dispatch_slots f
    where f.held_until <= now()
    order by f.slot
    limit 1
    for update skip locked
  );
  if not found then
    return null;
  end if;
  -- Skip locked: a transaction requesting a call now keeps its mark (its call is yet to come).
  update private.webhook_dispatch_wake w set requested_at = '-infinity'
  where w.singleton and w.requested_at > '-infinity'
    and w.singleton in (select x.singleton from private.webhook_dispatch_wake x for update skip locked);
  return token;
end;
$$;
revoke all on function public.webhook_dispatch_enter(interval) from public, anon, authenticated;
grant execute on function public.webhook_dispatch_enter(interval) to service_role;

-- Gives a slot back. A token whose lease already ended (and whose slot another call may hold by
-- now) frees nothing. A slot given back with work waiting (enqueued while every slot was held)
-- calls the dispatcher once this commits (a call on its way, as an enqueue's); never raises for
-- that call's sake.
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
      if private.webhook_dispatch_call(jsonb_build_object('by', 'leave')) is not null then
        update private.webhook_dispatch_wake set requested_at = now();
      end if;
    exception when others then
      raise log 'webhook dispatch: calling the dispatcher on leaving failed (the job sends at its next run): %', sqlerrm;
    end;
  end if;
end;
$$;
revoke all on function public.webhook_dispatch_leave(uuid) from public, anon, authenticated;
grant execute on function public.webhook_dispatch_leave(uuid) to service_role;
