import type { LiveSource } from '../../lib/realtime';
import { deliveryChangeSchema, type DeliveryChange } from './schema';

/**
 * Change feeds of `tenant:<tenantId>:deliveries` and `:delivery_events` (the tables' broadcast
 * triggers). Unlike vehicles, a tenant's deliveries are far too many to read whole on every join:
 * these sources start empty and collect only the rows changed while someone listens; each screen
 * reads its own page or record and lets a change patch it or trigger a re-read (and re-reads after
 * a reconnect, when changes may have been missed).
 */
export const deliveryFeed: LiveSource<DeliveryChange> = {
  entity: 'deliveries',
  fetch: () => Promise.resolve([]),
  parse: (record) => deliveryChangeSchema.parse(record),
};

export interface DeliveryEventChange {
  id: string;
  delivery_id: string;
  [key: string]: unknown;
}

export const deliveryEventFeed: LiveSource<DeliveryEventChange> = {
  entity: 'delivery_events',
  fetch: () => Promise.resolve([]),
  parse: (record) => {
    const row = record as Partial<DeliveryEventChange> | null;
    if (!row || typeof row.id !== 'string' || typeof row.delivery_id !== 'string') throw new Error('a delivery event without id or delivery');
    return row as DeliveryEventChange;
  },
};
