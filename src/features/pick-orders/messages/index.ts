import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The pick orders' words: the list, the order types, the order's page (form, lines, summary, status actions, validation and toasts), batch and wave picking. */
export type PickOrderKey = keyof typeof en;
export const pickOrderMessages = defineCatalogue('pick-orders', en, { es: () => import('./es'), fr: () => import('./fr') });
