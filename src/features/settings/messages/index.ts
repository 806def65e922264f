import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The system settings' words: the sections, fields, units, the spec's messages and the toasts. */
export type SettingsKey = keyof typeof en;
export const settingsMessages = defineCatalogue('settings', en, { es: () => import('./es'), fr: () => import('./fr') });
