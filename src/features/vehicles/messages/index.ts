import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The vehicles' words: the list with its filters, the form with the spec's messages, and the toasts. */
export type VehicleKey = keyof typeof en;
export const vehicleMessages = defineCatalogue('vehicles', en, { es: () => import('./es'), fr: () => import('./fr') });
