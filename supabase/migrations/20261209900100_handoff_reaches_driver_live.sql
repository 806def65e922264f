-- A completed package handoff reaches its driver's app live.
--
-- Completing a handoff records a `handed_over` event on the delivery's timeline and notifies the
-- driver (20261202001100), but it changes neither the delivery nor its assignment, so nothing was
-- broadcast on the driver's own topic and the task card said "Packages ready at <warehouse>" only
-- at the app's next read. The event itself is now broadcast on `tenant:<tenant>:driver_work:<driver>`
-- (realtime.broadcast_changes' payload, as the assignments and deliveries of that topic are): its
-- joiner is that driver, who may read the timeline of their own delivery, and the app reads its
-- work again on any change of the topic.
create trigger delivery_events_driver_work_broadcast
  after insert on public.delivery_events
  for each row when (new.action = 'handed_over' and new.driver_id is not null)
  execute function private.broadcast_driver_work();
