import { defineStatuses } from '../../lib/status-vocabulary';
import { statusMessages } from './messages';

/** A webhook delivery's state in its log (webhook_deliveries.status). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Still trying blue, delivered green, given up red. */
export const webhookDeliveryStatus = defineStatuses(WEBHOOK_DELIVERY_STATUSES, {
  words: { catalogue: statusMessages, prefix: 'webhookDelivery' },
  tones: { pending: 'info', succeeded: 'success', failed: 'error' },
});
