import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The public tracking page's words. */
export const trackingMessages = defineCatalogue('tracking', en, { es: () => import('./es'), fr: () => import('./fr') });
export type TrackingKey = keyof typeof en;
