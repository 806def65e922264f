import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The notifications' words: the header's bell, the dashboard's card and their list. */
export const notificationMessages = defineCatalogue('notifications', en, { es: () => import('./es'), fr: () => import('./fr') });
