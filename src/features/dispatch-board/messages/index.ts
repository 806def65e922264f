import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The dispatcher's live board's words. */
export const boardMessages = defineCatalogue('dispatch-board', en, { es: () => import('./es'), fr: () => import('./fr') });
