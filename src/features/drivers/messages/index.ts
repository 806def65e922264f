import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The drivers' words (so far the duty status panel of the driver's page). */
export const driversMessages = defineCatalogue('drivers', en, { es: () => import('./es'), fr: () => import('./fr') });
