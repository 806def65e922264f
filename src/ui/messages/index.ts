import { defineCatalogue } from '../../lib/i18n/catalogue';
import { en } from './en';

/** The kit's own words: states, dialogs, pagination, list and field chrome. */
export type UiKey = keyof typeof en;
export const uiMessages = defineCatalogue('ui', en, { es: () => import('./es'), fr: () => import('./fr') });
