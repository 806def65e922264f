import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The return requests' words (putting a return back into stock so far; the list and the form still write English inline). */
export const returnMessages = defineCatalogue('return-requests', en, { es: () => import('./es'), fr: () => import('./fr') });
