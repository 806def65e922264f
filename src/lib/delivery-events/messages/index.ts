import { defineCatalogue, keepLoaded } from '../../i18n/catalogue';
import { en } from './en';

export type { DeliveryEventKey } from './en';

/**
 * The timeline's event words: one catalogue below every feature, since the delivery page, the
 * dispatch board's panel and the proof-of-delivery PDF (the kit's "Download proof") all say them.
 */
export const deliveryEventMessages = defineCatalogue('deliveryEvents', en, { es: () => import('./es'), fr: () => import('./fr') });

// Loaded with every language switch, as the PDF's words are: the kit's "Download proof" reads them when it mounts.
keepLoaded(deliveryEventMessages);
