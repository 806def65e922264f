import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The dispatcher panel's own screens' words (converted so far: settings). */
export const dispatcherMessages = defineCatalogue('dispatcher', en, { es: () => import('./es'), fr: () => import('./fr') });
/** A key of the dispatcher catalogue. */
export type DispatcherKey = keyof typeof en;
