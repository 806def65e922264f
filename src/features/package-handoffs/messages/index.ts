import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The package handoffs' words: the list, the Add and Edit modals, their validation and toasts. */
export type HandoffKey = keyof typeof en;
export const handoffMessages = defineCatalogue('package-handoffs', en, { es: () => import('./es'), fr: () => import('./fr') });
