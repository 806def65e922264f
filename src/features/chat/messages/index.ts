import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The chat's words: the inbox button, the drawer's list, a conversation with its people and composer. */
export type ChatKey = keyof typeof en;
export const chatMessages = defineCatalogue('chat', en, { es: () => import('./es'), fr: () => import('./fr') });
