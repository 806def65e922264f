import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The suppliers' words: the list with its filters, the form with the spec's messages, and the toasts. */
export type SupplierKey = keyof typeof en;
export const supplierMessages = defineCatalogue('suppliers', en, { es: () => import('./es'), fr: () => import('./fr') });
