import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The users' words: the list and its filters, a person's page and actions, the invite and role dialogs, one's own profile, and the admin-users answers. */
export type UserKey = keyof typeof en;
export const userMessages = defineCatalogue('users', en, { es: () => import('./es'), fr: () => import('./fr') });
