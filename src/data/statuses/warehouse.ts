import { defineStatuses } from '../../lib/status-vocabulary';

/** A warehouse's status (warehouses.status): a full warehouse reads 'Full Capacity'. */
export const WAREHOUSE_STATUSES = ['active', 'inactive', 'maintenance', 'full'] as const;
export type WarehouseStatus = (typeof WAREHOUSE_STATUSES)[number];
export const warehouseStatus = defineStatuses(WAREHOUSE_STATUSES, {
  labels: { active: 'Active', inactive: 'Inactive', maintenance: 'Maintenance', full: 'Full Capacity' },
  tones: { active: 'success', inactive: 'neutral', maintenance: 'warning', full: 'error' },
});

/** A storage location's status (warehouse_locations.status): one under maintenance reads 'Under Maintenance'. */
export const LOCATION_STATUSES = ['active', 'inactive', 'maintenance', 'reserved'] as const;
export type LocationStatus = (typeof LOCATION_STATUSES)[number];
export const locationStatus = defineStatuses(LOCATION_STATUSES, {
  labels: { active: 'Active', inactive: 'Inactive', maintenance: 'Under Maintenance', reserved: 'Reserved' },
  tones: { active: 'success', inactive: 'neutral', maintenance: 'warning', reserved: 'info' },
});
