import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The dispatcher's live board's words (the planner's reasons and the timeline's events among them). */
export type BoardKey = keyof typeof en;
export const boardMessages = defineCatalogue('dispatch-board', en, { es: () => import('./es'), fr: () => import('./fr') });
