import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The remit screen's words: the drivers' cash, the record form with its messages, the history and its CSV export. */
export type RemitKey = keyof typeof en;
export const remitMessages = defineCatalogue('remit', en, { es: () => import('./es'), fr: () => import('./fr') });
