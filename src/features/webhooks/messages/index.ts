import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The webhooks' words (why a subscription was turned off so far; the card's spec messages stay the spec's English). */
export const webhookMessages = defineCatalogue('webhooks', en, { es: () => import('./es'), fr: () => import('./fr') });
