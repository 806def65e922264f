import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The customer preferences' words: the list with its filters and delete dialog, the form with the spec's messages, and the toasts. */
export type PreferenceKey = keyof typeof en;
export const preferenceMessages = defineCatalogue('customer-preferences', en, { es: () => import('./es'), fr: () => import('./fr') });
