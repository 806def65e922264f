import { defineStatuses } from '../../lib/status-vocabulary';
import { statusMessages } from './messages';

/** A warehouse's status (warehouses.status): a full warehouse reads 'Full Capacity'. */
export const WAREHOUSE_STATUSES = ['active', 'inactive', 'maintenance', 'full'] as const;
export type WarehouseStatus = (typeof WAREHOUSE_STATUSES)[number];
export const warehouseStatus = defineStatuses(WAREHOUSE_STATUSES, {
  words: { catalogue: statusMessages, prefix: 'warehouse' },
  tones: { active: 'success', inactive: 'neutral', maintenance: 'warning', full: 'error' },
});
