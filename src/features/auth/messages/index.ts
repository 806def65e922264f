import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The auth pages' words. */
export const authMessages = defineCatalogue('auth', en, { es: () => import('./es'), fr: () => import('./fr') });
