-- The tenant's item catalogue, live on `tenant:<tenant_id>:inventory_items`: an item created,
-- edited (its label rendered) or deleted is announced there, so the items list shows it without a
-- reload (src/features/inventory: a change feed, each list reading its own page).
--
-- Who joins: exactly who reads the items. Their read policy (20261203002100) is every staff member of
-- the tenant, the warehouse floor included: `private.is_staff(true)`, that is the admin, dispatcher
-- and warehouse panels, each row of the caller's tenant (private.may_receive_tenant_topic checks the
-- membership of the topic's tenant). A catalogue row has no warehouse: every joiner may read every
-- item, so one tenant topic is no wider than what each of them reads (unlike stock, which goes on
-- the per-warehouse topics). Drivers, customers and other tenants' people are refused.
--
-- private.tenant_topic_panels lists panels as data (supabase/README.md: the staff-panel rule's
-- exception); its check knew only the four profile panels, not the warehouse floor's derived one
-- (private.current_panel_type()), so it learns it here.

alter table private.tenant_topic_panels drop constraint tenant_topic_panels_panel_types_check;
alter table private.tenant_topic_panels add constraint tenant_topic_panels_panel_types_check check (
  panel_types <@ array['admin', 'dispatcher', 'warehouse', 'driver', 'customer'] and cardinality(panel_types) >= 1
);

insert into private.tenant_topic_panels (entity, panel_types) values ('inventory_items', array['admin', 'dispatcher', 'warehouse']);

create trigger inventory_items_broadcast
  after insert or update or delete on public.inventory_items
  for each row execute function private.broadcast_tenant_change();
