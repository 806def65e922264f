import { defineCatalogue } from '../../lib/i18n/catalogue';
import { en } from './en';

/** The shell's words: layouts, navs, guards, error pages. */
export const appMessages = defineCatalogue('app', en, { es: () => import('./es'), fr: () => import('./fr') });
