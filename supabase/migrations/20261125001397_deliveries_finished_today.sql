-- The dispatcher board's "Done today" lane reads the tenant's deliveries delivered or failed since
-- midnight (src/panels/dispatch-board/api.ts: status in (delivered, failed) and delivered_at or
-- failed_at since the day's start). Without an index on those times it read every finished delivery
-- of the tenant's history; these two partial indexes answer it with a bitmap OR of today's entries.
create index deliveries_tenant_id_delivered_at_idx on public.deliveries (tenant_id, delivered_at) where delivered_at is not null;
create index deliveries_tenant_id_failed_at_idx on public.deliveries (tenant_id, failed_at) where failed_at is not null;
