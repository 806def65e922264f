-- Package handoffs and inventory audits join the webhook catalogue, declared on their tables like
-- the other record events (20261202005000): staff's to read; a handoff's event carries its ids and
-- times, never the path of its signature.
insert into public.webhook_modules (id, name, event_types, sort_order) values
  ('package_handoffs', 'Package handoffs', array['package_handoff.created', 'package_handoff.status_changed'], 70),
  ('inventory_audits', 'Inventory audits', array['inventory_audit.created', 'inventory_audit.status_changed'], 80);

create trigger webhook_event_created after insert on public.package_handoffs
  for each row execute function private.webhook_record_event('package_handoffs', 'package_handoff', '',
    'id', 'warehouse_id', 'delivery_id', 'picking_order_id', 'warehouse_staff_id', 'status', 'notes',
    'initiated_at', 'completed_at', 'created_at', 'updated_at');
create trigger webhook_event_status_changed after update of status on public.package_handoffs
  for each row when (old.status is distinct from new.status) execute function private.webhook_record_event('package_handoffs', 'package_handoff', '',
    'id', 'warehouse_id', 'delivery_id', 'picking_order_id', 'warehouse_staff_id', 'status', 'notes',
    'initiated_at', 'completed_at', 'created_at', 'updated_at');

create trigger webhook_event_created after insert on public.inventory_audits
  for each row execute function private.webhook_record_event('inventory_audits', 'inventory_audit', '',
    'id', 'warehouse_id', 'audit_type', 'status', 'scheduled_date', 'notes', 'created_by', 'completed_by',
    'started_at', 'completed_at', 'cancelled_at', 'created_at', 'updated_at');
create trigger webhook_event_status_changed after update of status on public.inventory_audits
  for each row when (old.status is distinct from new.status) execute function private.webhook_record_event('inventory_audits', 'inventory_audit', '',
    'id', 'warehouse_id', 'audit_type', 'status', 'scheduled_date', 'notes', 'created_by', 'completed_by',
    'started_at', 'completed_at', 'cancelled_at', 'created_at', 'updated_at');
