import { defineStatuses } from '../../lib/status-vocabulary';
import { statusMessages } from './messages';

/** A return request's status machine (return_requests.status). */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'pickup_scheduled', 'picked_up', 'received', 'closed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Waiting for a decision amber, on its way back blue, done green, refused red. */
export const returnStatus = defineStatuses(RETURN_STATUSES, {
  words: { catalogue: statusMessages, prefix: 'return' },
  tones: { requested: 'warning', approved: 'info', rejected: 'error', pickup_scheduled: 'info', picked_up: 'info', received: 'success', closed: 'neutral' },
});
