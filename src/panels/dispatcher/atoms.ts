import { parseRow, type LiveSource, type Row } from '../../lib/realtime';

/**
 * Change feeds of the support queue's topics (admins and dispatchers hear them): the deliveries (a
 * delivery that just failed), the exceptions, the acknowledgements of failures, and the support
 * state of customers' conversations (a customer's new message moves it). They start empty
 * and collect what changes while the queue is open; the queue re-reads its page on a change.
 */
export interface ChangedRow extends Row {
  status?: unknown;
  [key: string]: unknown;
}

const feed = (entity: string): LiveSource<ChangedRow> => ({
  entity,
  fetch: () => Promise.resolve([]),
  parse: (record) => parseRow<ChangedRow>(record),
});

export const supportDeliveryFeed = feed('deliveries');
export const supportExceptionFeed = feed('exceptions');
export const supportAcknowledgementFeed = feed('support_acknowledgements');
export const supportConversationFeed = feed('conversation_support');
