import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The warehousing domain's shared words: security levels, location types and staff roles. */
export type WarehousingKey = keyof typeof en;
export const warehousingMessages = defineCatalogue('warehousing', en, { es: () => import('./es'), fr: () => import('./fr') });
