import { defineCatalogue } from '../../i18n/catalogue';
import { en } from './en';

export type { NavLabel } from './en';

/**
 * The navs' words: every screen's nav label and the sidebar's groups, in one small catalogue of
 * their own, since every screen shows the nav (a feature's page words load only with its pages).
 */
export const navMessages = defineCatalogue('nav', en, { es: () => import('./es'), fr: () => import('./fr') });
