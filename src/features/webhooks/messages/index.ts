import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The webhooks' words: the card, its delivery log and the tab, with the spec's messages (English verbatim). */
export const webhookMessages = defineCatalogue('webhooks', en, { es: () => import('./es'), fr: () => import('./fr') });
