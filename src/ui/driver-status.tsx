import { StatusChip, type ChipTone } from './Chip';

/** A driver's duty status (supabase/migrations/20261125000600_drivers.sql). */
export const DRIVER_STATUSES = ['available', 'busy', 'on_break', 'offline'] as const;
export type DriverStatus = (typeof DRIVER_STATUSES)[number];

/**
 * One colour per duty status, for every screen that shows a driver (drivers, assignments,
 * dispatch, deliveries): available green, busy blue, on a break amber, offline grey.
 */
export const DRIVER_STATUS_TONES: Record<DriverStatus, ChipTone> = { available: 'success', busy: 'info', on_break: 'warning', offline: 'neutral' };

export const DRIVER_STATUS_LABELS: Record<DriverStatus, string> = { available: 'Available', busy: 'Busy', on_break: 'On break', offline: 'Offline' };

export const DRIVER_STATUS_OPTIONS = DRIVER_STATUSES.map((value) => ({ value, label: DRIVER_STATUS_LABELS[value] }));

export function DriverStatusChip({ status }: { status: DriverStatus }) {
  return <StatusChip status={status} tones={DRIVER_STATUS_TONES} labels={DRIVER_STATUS_LABELS} />;
}
