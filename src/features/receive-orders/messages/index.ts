import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The receive orders' words: the list with its cancel dialog, the form with its messages, and the toasts. */
export type ReceiveOrderKey = keyof typeof en;
export const receiveOrderMessages = defineCatalogue('receive-orders', en, { es: () => import('./es'), fr: () => import('./fr') });
