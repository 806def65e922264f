import type { Translate } from '../../lib/i18n/catalogue';
import { useRecordToasts } from '../../ui/form';
import { auditMessages, type AuditKey } from './messages';
import { AUDIT_MESSAGES } from './schema';

/** The schema's messages (English, as the database answers) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, AuditKey> = {
  [AUDIT_MESSAGES.warehouseRequired]: 'validation.warehouseRequired',
  [AUDIT_MESSAGES.typeRequired]: 'validation.typeRequired',
  [AUDIT_MESSAGES.scheduledPast]: 'validation.scheduledPast',
  [AUDIT_MESSAGES.cycleScope]: 'validation.cycleScope',
  [AUDIT_MESSAGES.spotScope]: 'validation.spotScope',
  [AUDIT_MESSAGES.fullScope]: 'validation.fullScope',
  [AUDIT_MESSAGES.notesLength]: 'validation.notesLength',
};

export function translateAuditMessage(t: Translate<AuditKey>, message: string): string {
  const key = VALIDATION_KEYS[message];
  return key ? t(key) : message;
}

/** The spec's save and load toasts in the page's language. */
export function useAuditToasts() {
  return useRecordToasts(auditMessages);
}

