-- Webhook dispatch: at most a few dispatcher calls at once.
--
-- The `webhook-dispatch` cron job calls the edge function every 5 seconds while deliveries are due,
-- and a call drains for up to 40 s: through a long backlog the calls overlapped, up to eight at once
-- (each with its lanes of sends), all claiming from the same queue. A call now first takes one of
-- a fixed number of dispatcher slots; when none is free it returns at once (the calls holding the
-- slots are draining the same queue). A slot is held under a lease, so a call that dies without
-- giving its slot back (a crash, a timeout) blocks it only until the lease ends.
--
-- Not tenant data: the slots belong to the platform, live in `private` (no API reaches them) and
-- are only read and written through the two functions below, which only the service role may call.

create table private.webhook_dispatch_slots (
  slot smallint primary key,
  holder uuid,
  held_until timestamptz not null default '-infinity'
);

-- Two calls at most: each sends up to 4 rounds of 50 side by side (handler.ts's LANES and BATCH).
insert into private.webhook_dispatch_slots (slot) select generate_series(1, 2);

revoke all on private.webhook_dispatch_slots from public, anon, authenticated;

-- Takes a free slot (none held, or its lease over) for `lease` and answers its token, or null when
-- every slot is held: the caller then returns without dispatching.
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
  return case when found then token end;
end;
$$;
revoke all on function public.webhook_dispatch_enter(interval) from public, anon, authenticated;
grant execute on function public.webhook_dispatch_enter(interval) to service_role;

-- Gives a slot back. A token whose lease already ended (and whose slot another call may hold by
-- now) frees nothing.
create or replace function public.webhook_dispatch_leave(token uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.webhook_dispatch_slots
  set holder = null, held_until = '-infinity'
  where holder = token and held_until > now();
$$;
revoke all on function public.webhook_dispatch_leave(uuid) from public, anon, authenticated;
grant execute on function public.webhook_dispatch_leave(uuid) to service_role;
