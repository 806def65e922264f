import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The return requests' words (the list and putting a return back into stock; the form still writes English inline). */
export type ReturnKey = keyof typeof en;
export const returnMessages = defineCatalogue('return-requests', en, { es: () => import('./es'), fr: () => import('./fr') });
