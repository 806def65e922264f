import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The API keys' words: the keys page and table, the generate/edit, revoke and new-key dialogs, the api-keys function's answers, and the API reference's chrome. */
export type ApiKeyKey = keyof typeof en;
export const apiKeyMessages = defineCatalogue('api-keys', en, { es: () => import('./es'), fr: () => import('./fr') });
