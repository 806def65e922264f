import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The assignments' words: the list, and the schema's helpers (why one is not editable, the fit hint). The form still writes English inline. */
export type AssignmentKey = keyof typeof en;
export const assignmentMessages = defineCatalogue('assignments', en, { es: () => import('./es'), fr: () => import('./fr') });
