import { defineStatuses } from '../../lib/status-vocabulary';
import { statusMessages } from './messages';

/** An inventory audit's status machine (inventory_audits.status). */
export const INVENTORY_AUDIT_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type InventoryAuditStatus = (typeof INVENTORY_AUDIT_STATUSES)[number];

/** Planned amber, being counted blue, done green, cancelled grey. */
export const inventoryAuditStatus = defineStatuses(INVENTORY_AUDIT_STATUSES, {
  words: { catalogue: statusMessages, prefix: 'inventoryAudit' },
  tones: { scheduled: 'warning', in_progress: 'info', completed: 'success', cancelled: 'neutral' },
});
