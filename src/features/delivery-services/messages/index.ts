import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The delivery services' words: the list, the form with the database's messages, and the toasts. */
export type ServiceKey = keyof typeof en;
export const serviceMessages = defineCatalogue('delivery-services', en, { es: () => import('./es'), fr: () => import('./fr') });
