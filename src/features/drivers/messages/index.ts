import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The drivers' words: the list, the create and edit forms with their messages and toasts, the duty status and position panels. */
export type DriverKey = keyof typeof en;
export const driversMessages = defineCatalogue('drivers', en, { es: () => import('./es'), fr: () => import('./fr') });
