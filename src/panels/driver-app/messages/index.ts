import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The driver app's words. */
export type DriverKey = keyof typeof en;
export const driverMessages = defineCatalogue('driver-app', en, { es: () => import('./es'), fr: () => import('./fr') });
