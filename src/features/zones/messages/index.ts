import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The zones' words: the list with its map and delete confirmation, the form with the schema's messages, and the toasts. */
export type ZoneKey = keyof typeof en;
export const zoneMessages = defineCatalogue('zones', en, { es: () => import('./es'), fr: () => import('./fr') });
