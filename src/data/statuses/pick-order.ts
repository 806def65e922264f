import { defineStatuses } from '../../lib/status-vocabulary';
import { statusMessages } from './messages';

/** A pick order's status machine (pick_orders.status). */
export const PICK_ORDER_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type PickOrderStatus = (typeof PICK_ORDER_STATUSES)[number];

/** Waiting amber, being picked blue, done green, cancelled grey. */
export const pickOrderStatus = defineStatuses(PICK_ORDER_STATUSES, {
  words: { catalogue: statusMessages, prefix: 'pickOrder' },
  tones: { pending: 'warning', in_progress: 'info', completed: 'success', cancelled: 'neutral' },
});
