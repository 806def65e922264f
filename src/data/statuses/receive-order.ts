import { defineStatuses } from '../../lib/status-vocabulary';
import { statusMessages } from './messages';

/** A receive order's status machine (receive_orders.status). */
export const RECEIVE_ORDER_STATUSES = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'] as const;
export type ReceiveOrderStatus = (typeof RECEIVE_ORDER_STATUSES)[number];

/** Not yet placed grey, on its way blue, partly in amber, all in green, cancelled red. */
export const receiveOrderStatus = defineStatuses(RECEIVE_ORDER_STATUSES, {
  words: { catalogue: statusMessages, prefix: 'receiveOrder' },
  tones: { draft: 'neutral', ordered: 'info', partially_received: 'warning', received: 'success', cancelled: 'error' },
});
