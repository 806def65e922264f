import { defineStatuses } from '../../lib/status-vocabulary';
import { statusMessages } from './messages';

/** A package handoff's status machine (package_handoffs.status). */
export const PACKAGE_HANDOFF_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type PackageHandoffStatus = (typeof PACKAGE_HANDOFF_STATUSES)[number];

/** Waiting amber, being handed over blue, handed over green, cancelled grey. */
export const packageHandoffStatus = defineStatuses(PACKAGE_HANDOFF_STATUSES, {
  words: { catalogue: statusMessages, prefix: 'packageHandoff' },
  tones: { pending: 'warning', in_progress: 'info', completed: 'success', cancelled: 'neutral' },
});

/** The handoff list's status filter offers the open and the done ones, not cancelled. */
export const PACKAGE_HANDOFF_FILTER_STATUSES = ['pending', 'in_progress', 'completed'] as const satisfies readonly PackageHandoffStatus[];
