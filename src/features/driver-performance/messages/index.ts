import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** Driver performance's words: the page, its range, overview, chart and table, and the durations. */
export type PerformanceKey = keyof typeof en;
export const performanceMessages = defineCatalogue('driver-performance', en, { es: () => import('./es'), fr: () => import('./fr') });
