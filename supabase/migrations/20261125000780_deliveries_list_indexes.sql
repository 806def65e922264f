-- Indexes the deliveries list needs at scale (found by `npm run bench -- --suite deliveries`, a
-- million deliveries of one tenant): the list is newest first (created_at desc, id desc), 25 rows.
--
-- - Filtered by driver: the existing (driver_id, status) index finds a driver's deliveries, but then
--   every one of them is sorted to return the newest 25 (tens of thousands for a busy driver after a
--   year). In created_at order the page is the first 25 entries of the index.
-- - The dispatcher's working list (status among the open ones, any subset): the existing
--   (tenant_id, status, created_at) index answers one status in order, but several (status in (...))
--   come back status by status and are all sorted; this partial index holds the open work in
--   created_at order, so the page is its first entries (a subset of the statuses filters them).
-- Each index is paid on every status change, so only those the plans showed missing: kind, service,
-- zone and dates already find their page by walking (tenant_id, created_at) or their own indexes.
-- No table, no policy, no audit: indexes only.

create index deliveries_driver_id_created_at_idx on public.deliveries (driver_id, created_at desc, id desc)
  where driver_id is not null;
create index deliveries_open_created_at_idx on public.deliveries (tenant_id, created_at desc, id desc)
  where status in ('pending', 'assigned', 'accepted', 'picked_up', 'in_transit');
