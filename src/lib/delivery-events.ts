import type { Translate } from './i18n/catalogue';
import { humanizeStatus } from './status-vocabulary';

/**
 * A delivery's timeline event in words (delivery_events.action, then the status it moved to): one
 * wording for every screen and document that shows the timeline, the driver's arrivals included
 * (arrived_pickup / arrived_dropoff, 20261125001080). These actions have words of their own; any
 * other event is a move of the status machine, said by its status (a move back to pending reopens).
 */
const WORDED_ACTIONS = ['created', 'assigned', 'reassigned', 'unassigned', 'rejected', 'arrived_pickup', 'arrived_dropoff', 'handed_over'] as const;
type WordedAction = (typeof WORDED_ACTIONS)[number];
const worded = (action: string): action is WordedAction => (WORDED_ACTIONS as readonly string[]).includes(action);

/** The keys an area's catalogue words a timeline under: `event.<action>`, and `event.reopened`. */
export type DeliveryEventKey = `event.${WordedAction}` | 'event.reopened';
export const DELIVERY_EVENT_KEYS: readonly DeliveryEventKey[] = [...WORDED_ACTIONS.map((action) => `event.${action}` as const), 'event.reopened'];

/** An event in an area's words (its catalogue must word every `DeliveryEventKey`); `statusWord` says a status. */
export function deliveryEventWords(t: Translate<DeliveryEventKey>, action: string, status: string, statusWord: (status: string) => string): string {
  if (worded(action)) return t(`event.${action}`);
  return status === 'pending' ? t('event.reopened') : statusWord(status);
}

/** The English of the events, for what is built before a language is known (lib/proof.ts). */
const EVENT_TITLES: Record<WordedAction, string> = {
  created: 'Created',
  assigned: 'Assigned',
  reassigned: 'Reassigned',
  unassigned: 'Unassigned',
  rejected: 'Rejected by the driver',
  arrived_pickup: 'Arrived at pickup',
  arrived_dropoff: 'Arrived at drop-off',
  handed_over: 'Packages handed over',
};

/** A status in plain words ('picked_up' reads 'Picked up'). */
export const statusWords = humanizeStatus;

/** What a delivery event was, in words (the status machine's moves by their status). */
export function deliveryEventTitle(action: string, status: string): string {
  return worded(action) ? EVENT_TITLES[action] : status === 'pending' ? 'Reopened' : statusWords(status);
}
