import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The deliveries' words: the list and its filters, the form and its quote, the detail with its dialogs, and the spec's toasts. */
export type DeliveryKey = keyof typeof en;
export const deliveryMessages = defineCatalogue('deliveries', en, { es: () => import('./es'), fr: () => import('./fr') });
