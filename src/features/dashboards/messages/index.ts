import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The dashboards' words (the role dashboards of the dispatcher, driver and customer; the admin's still writes English inline but for its greeting). */
export const dashboardMessages = defineCatalogue('dashboards', en, { es: () => import('./es'), fr: () => import('./fr') });
