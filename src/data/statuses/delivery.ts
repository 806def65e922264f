import { defineStatuses } from '../../lib/status-vocabulary';
import { statusMessages } from './messages';

/** The delivery status machine's states (deliveries.status; private.delivery_transition decides the moves). */
export const DELIVERY_STATUSES = ['pending', 'assigned', 'accepted', 'picked_up', 'in_transit', 'delivered', 'failed', 'cancelled', 'returned'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One colour per delivery status, for every screen that shows one (lists, detail, dispatch, the
 * driver's and the customer's views): waiting grey, on its way blue, done green, failed red,
 * back with the sender amber, cancelled grey.
 */
export const deliveryStatus = defineStatuses(DELIVERY_STATUSES, {
  words: { catalogue: statusMessages, prefix: 'delivery' },
  tones: { pending: 'neutral', assigned: 'info', accepted: 'info', picked_up: 'info', in_transit: 'info', delivered: 'success', failed: 'error', cancelled: 'neutral', returned: 'warning' },
});
