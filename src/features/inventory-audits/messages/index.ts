import { defineCatalogue } from '../../../lib/i18n/catalogue';
import { en } from './en';

/** The inventory audits' words: the list, the create form with its messages, the count and review screen, and the toasts. */
export type AuditKey = keyof typeof en;
export const auditMessages = defineCatalogue('inventory-audits', en, { es: () => import('./es'), fr: () => import('./fr') });
