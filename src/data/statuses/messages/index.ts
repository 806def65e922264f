import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

export type { StatusKey } from './en';

/** The status vocabularies' words, shared by every screen that shows a status (chips, filters, selects, news). */
export const statusMessages = defineCatalogue('statuses', en, { es: () => import('./es'), fr: () => import('./fr') });
