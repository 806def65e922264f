-- The remit screen is live: a remittance recorded by another dispatcher is announced on
-- `tenant:<id>:remittances` (admins and dispatchers), so every open remit screen re-reads the drivers'
-- cash and the history. Cash collected arrives with the deliveries topic (a delivery delivered).
create trigger remittances_broadcast
  after insert or update or delete on public.remittances
  for each row execute function private.broadcast_tenant_change();
insert into private.tenant_topic_panels (entity, panel_types) values ('remittances', array['admin', 'dispatcher']);
