import { useMemo } from 'react';
import { useT, type Translate } from '../../lib/i18n/catalogue';
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

/** The spec's audit toasts (verbatim in English) in the page's language. */
export function useAuditToasts() {
  const t = useT(auditMessages);
  return useMemo(
    () => ({
      created: t('toast.created'),
      createFailed: t('toast.createFailed'),
      updated: t('toast.updated'),
      updateFailed: t('toast.updateFailed'),
      validation: t('toast.validation'),
      unknown: t('toast.unknown'),
      notFound: t('toast.notFound'),
      fetchFailed: t('toast.fetchFailed'),
    }),
    [t],
  );
}
