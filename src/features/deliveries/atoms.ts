import type { LiveSource } from '../../lib/realtime';
import { deliveryChangeSchema, type DeliveryChange } from './schema';

/**
 * The change feed of `tenant:<tenantId>:deliveries` (the table's broadcast trigger; the timeline's
 * feed, `:delivery_events`, is in src/data/delivery-events.ts, as the board's panel reads it too).
 * Unlike vehicles, a tenant's deliveries are far too many to read whole on every join: the feed
 * starts empty and collects only the rows changed while someone listens; each screen reads its own
 * page or record and lets a change patch it or trigger a re-read (and re-reads after a reconnect,
 * when changes may have been missed).
 */
export const deliveryFeed: LiveSource<DeliveryChange> = {
  entity: 'deliveries',
  fetch: () => Promise.resolve([]),
  parse: (record) => deliveryChangeSchema.parse(record),
};
