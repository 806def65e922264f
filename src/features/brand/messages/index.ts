import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The brand settings' words: colour roles, contrast pairs, fonts and assets, the preview, the messages and toasts. */
export type BrandKey = keyof typeof en;
export const brandMessages = defineCatalogue('brand', en, { es: () => import('./es'), fr: () => import('./fr') });
