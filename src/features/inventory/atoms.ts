import type { LiveSource } from '../../lib/realtime';
import { itemSchema, type InventoryItem } from './schema';

/**
 * The change feed of `tenant:<tenantId>:inventory_items` (the table's broadcast trigger,
 * 20261206000100): a tenant's catalogue may be thousands of items, so nothing is read on a join; the
 * items list reads its own page and lets a change patch it or read it again.
 */
export const inventoryItemFeed: LiveSource<InventoryItem> = {
  entity: 'inventory_items',
  fetch: () => Promise.resolve([]),
  parse: (record) => itemSchema.parse(record),
};
