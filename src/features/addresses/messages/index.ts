import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The addresses' words: the card, the user page's tab and Default card, the dialog (its map notices and the database's validation messages) and the toasts. */
export type AddressKey = keyof typeof en;
export const addressMessages = defineCatalogue('addresses', en, { es: () => import('./es'), fr: () => import('./fr') });
