import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The exceptions' words: the exception's page (form, summary, details, status actions, toasts). */
export type ExceptionKey = keyof typeof en;
export const exceptionMessages = defineCatalogue('exceptions', en, { es: () => import('./es'), fr: () => import('./fr') });
