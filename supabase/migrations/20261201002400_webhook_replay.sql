-- Replay: a tenant admin sends an event of a subscription's log again. The delivery is queued
-- afresh (due now, its retry schedule from the start) and keeps its webhook-id, so a receiver that
-- already took it recognises the repeat. Security definer, since only the dispatcher writes the
-- log: it checks itself that the caller is an active admin of the delivery's tenant.
create or replace function public.replay_webhook_delivery(delivery_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.webhook_deliveries;
begin
  select * into d from public.webhook_deliveries w where w.id = replay_webhook_delivery.delivery_id for update;
  if d.id is null or not private.is_tenant_admin(d.tenant_id) then
    raise exception using errcode = 'PT404', message = 'Webhook delivery not found';
  end if;
  update public.webhook_deliveries
  set status = 'pending', next_attempt_at = now(), attempt_count = 0, delivered_at = null
  where id = d.id;
end;
$$;
revoke all on function public.replay_webhook_delivery(uuid) from public, anon;
grant execute on function public.replay_webhook_delivery(uuid) to authenticated;
