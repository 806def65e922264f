import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** Zone pricing's words: the list and its delete dialog, the form with the database's messages, the quote panel, and the toasts. */
export type PricingKey = keyof typeof en;
export const pricingMessages = defineCatalogue('pricing', en, { es: () => import('./es'), fr: () => import('./fr') });
