import { defineStatuses } from '../../lib/status-vocabulary';
import { statusMessages } from './messages';

/** A driver's duty status (drivers.status). */
export const DRIVER_STATUSES = ['available', 'busy', 'on_break', 'offline'] as const;
export type DriverStatus = (typeof DRIVER_STATUSES)[number];

/**
 * One colour per duty status, for every screen that shows a driver (drivers, assignments,
 * dispatch, deliveries, performance): available green, busy blue, on a break amber, offline grey.
 */
export const driverStatus = defineStatuses(DRIVER_STATUSES, {
  words: { catalogue: statusMessages, prefix: 'driver' },
  tones: { available: 'success', busy: 'info', on_break: 'warning', offline: 'neutral' },
});
