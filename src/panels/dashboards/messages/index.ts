import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The dashboards' words: the admin's (its people per panel), the role dashboards of the dispatcher (with its cash card), driver and customer. */
export const dashboardMessages = defineCatalogue('dashboards', en, { es: () => import('./es'), fr: () => import('./fr') });
