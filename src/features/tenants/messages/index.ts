import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The business picker's words. */
export const tenantMessages = defineCatalogue('tenants', en, { es: () => import('./es'), fr: () => import('./fr') });
