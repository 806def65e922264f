import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The warehouse locations' words: the list with its labels and tree, the form with the spec's messages, and the toasts. */
export type LocationKey = keyof typeof en;
export const locationMessages = defineCatalogue('warehouse-locations', en, { es: () => import('./es'), fr: () => import('./fr') });
