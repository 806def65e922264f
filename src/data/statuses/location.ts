import { defineStatuses } from '../../lib/status-vocabulary';
import { statusMessages } from './messages';

/** A storage location's status (warehouse_locations.status): one under maintenance reads 'Under Maintenance'. */
export const LOCATION_STATUSES = ['active', 'inactive', 'maintenance', 'reserved'] as const;
export type LocationStatus = (typeof LOCATION_STATUSES)[number];
export const locationStatus = defineStatuses(LOCATION_STATUSES, {
  words: { catalogue: statusMessages, prefix: 'location' },
  tones: { active: 'success', inactive: 'neutral', maintenance: 'warning', reserved: 'info' },
});
