import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The warehouse floor's words (the receiver's screen so far; the home and the picker still write English inline). */
export const floorMessages = defineCatalogue('warehouse-floor', en, { es: () => import('./es'), fr: () => import('./fr') });
