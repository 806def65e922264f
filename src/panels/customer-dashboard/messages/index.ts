import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The customer's deliveries on their dashboard, and their return requests. */
export const customerMessages = defineCatalogue('customer-dashboard', en, { es: () => import('./es'), fr: () => import('./fr') });
