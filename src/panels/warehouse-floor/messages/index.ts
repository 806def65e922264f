import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The warehouse floor's words: its home, the picker's and the receiver's screens. */
export const floorMessages = defineCatalogue('warehouse-floor', en, { es: () => import('./es'), fr: () => import('./fr') });
