import type { LiveSource } from '../lib/realtime';

/** A row of `delivery_events` as its broadcast carries it: the fields a screen keys on, the rest as sent. */
export interface DeliveryEventChange {
  id: string;
  delivery_id: string;
  [key: string]: unknown;
}

/**
 * The change feed of `tenant:<tenantId>:delivery_events` (the table's broadcast trigger; joined by the
 * admin and dispatcher panels): a delivery's timeline grows there, including by events that change no
 * delivery row (a package handoff completed records `handed_over` and moves no status). A tenant's
 * events are far too many to read whole on a join, so the feed starts empty and collects only the
 * events written while someone listens; a screen showing a timeline reads it again when an event of
 * its delivery arrives, and after a reconnect. Shared by the delivery page and the board's panel.
 */
export const deliveryEventFeed: LiveSource<DeliveryEventChange> = {
  entity: 'delivery_events',
  fetch: () => Promise.resolve([]),
  parse: (record) => {
    const row = record as Partial<DeliveryEventChange> | null;
    if (!row || typeof row.id !== 'string' || typeof row.delivery_id !== 'string') throw new Error('a delivery event without id or delivery');
    return row as DeliveryEventChange;
  },
};
