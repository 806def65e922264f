import { translator, type Translate } from '../i18n/catalogue';
import { humanizeStatus } from '../status-vocabulary';
import { deliveryEventMessages, type DeliveryEventKey } from './messages';

export { deliveryEventMessages, type DeliveryEventKey } from './messages';

/**
 * A delivery's timeline event in words (delivery_events.action, then the status it moved to): one
 * wording for every screen and document that shows the timeline, the driver's arrivals included
 * (arrived_pickup / arrived_dropoff, 20261125001080), from one catalogue (./messages). These actions
 * have words of their own; any other event is a move of the status machine, said by its status (a
 * move back to pending reopens).
 */
const WORDED_ACTIONS = ['created', 'assigned', 'reassigned', 'unassigned', 'rejected', 'arrived_pickup', 'arrived_dropoff', 'handed_over'] as const;
type WordedAction = (typeof WORDED_ACTIONS)[number];
const worded = (action: string): action is WordedAction => (WORDED_ACTIONS as readonly string[]).includes(action);

/** Every key the timeline reads: `event.<action>`, and `event.reopened` (the catalogue check counts them). */
export const DELIVERY_EVENT_KEYS: readonly DeliveryEventKey[] = [...WORDED_ACTIONS.map((action) => `event.${action}` as const), 'event.reopened'];

/** An event in the page's language (`t` of deliveryEventMessages); `statusWord` says a status in the screen's words. */
export function deliveryEventWords(t: Translate<DeliveryEventKey>, action: string, status: string, statusWord: (status: string) => string): string {
  if (worded(action)) return t(`event.${action}`);
  return status === 'pending' ? t('event.reopened') : statusWord(status);
}

/** A status in plain words ('picked_up' reads 'Picked up'). */
export const statusWords = humanizeStatus;

const english = translator(deliveryEventMessages, 'en', deliveryEventMessages.en);

/** What a delivery event was, in English, for what is built before a language is known (lib/proof.ts). */
export function deliveryEventTitle(action: string, status: string): string {
  return deliveryEventWords(english, action, status, statusWords);
}
