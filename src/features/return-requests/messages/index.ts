import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The return requests' words: the list, the request's page (form, summary, status actions) and putting a return back into stock. */
export type ReturnKey = keyof typeof en;
export const returnMessages = defineCatalogue('return-requests', en, { es: () => import('./es'), fr: () => import('./fr') });
