import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The warehouse staff's words: the roster with its removal, the form with the spec's messages, and the toasts. */
export type StaffKey = keyof typeof en;
export const staffMessages = defineCatalogue('warehouse-staff', en, { es: () => import('./es'), fr: () => import('./fr') });
