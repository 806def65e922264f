import { defineCatalogue, keepLoaded } from '../../i18n/catalogue';
import { en } from './en';

export type { ServerKey } from './en';

/**
 * The server's refusals by key, below every feature: the same refusal reaches several screens (a
 * quote refused on the pricing page and in the delivery form; a user refusal in three dialogs), and
 * the kit's Form translates what it places under fields, so the words live once, where the kit and
 * every feature may read them (src/lib; src/data is out of the kit's reach).
 */
export const serverMessages = defineCatalogue('server', en, { es: () => import('./es'), fr: () => import('./fr') });

// Every form reads these words, often in a dialog opened later: loaded with the page's language, not when a form first shows.
keepLoaded(serverMessages);
