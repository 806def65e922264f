import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The pick orders' words for batch and wave picking (the list and form of the spec still write English inline). */
export const pickOrderMessages = defineCatalogue('pick-orders', en, { es: () => import('./es'), fr: () => import('./fr') });
