import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The activity's words: the tenant's change log with its filters and change dialog, a record's history, and the before/after table. */
export type ActivityKey = keyof typeof en;
export const activityMessages = defineCatalogue('activity', en, { es: () => import('./es'), fr: () => import('./fr') });
