import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The warehouses' words: the list, the form with the spec's messages, the warehouse's page and the toasts. */
export type WarehouseKey = keyof typeof en;
export const warehouseMessages = defineCatalogue('warehouses', en, { es: () => import('./es'), fr: () => import('./fr') });
