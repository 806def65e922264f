import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The pick orders' words: the list, the order types, batch and wave picking (the form of the spec still writes English inline). */
export type PickOrderKey = keyof typeof en;
export const pickOrderMessages = defineCatalogue('pick-orders', en, { es: () => import('./es'), fr: () => import('./fr') });
