import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The inventory's words: the items, stock and ledger lists, the item and ledger forms with the spec's messages, and the toasts. */
export type InventoryKey = keyof typeof en;
export const inventoryMessages = defineCatalogue('inventory', en, { es: () => import('./es'), fr: () => import('./fr') });
