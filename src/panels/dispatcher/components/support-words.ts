import { useMemo } from 'react';
import { conversationSupportState, exceptionSeverity, exceptionStatus, exceptionType, exceptionTypeLabel, failureState } from '../../../data/statuses';
import { useT } from '../../../lib/i18n/catalogue';
import { useStatuses } from '../../../lib/status-vocabulary';
import { dispatcherMessages, type DispatcherKey } from '../messages';
import { SUPPORT_MESSAGES } from '../schema';

/** The schema's messages (the spec's English) and their keys, so a refused note or form shows in the page's language. */
const VALIDATION_KEYS: Record<string, DispatcherKey> = {
  [SUPPORT_MESSAGES.resolutionRequired]: 'validation.resolutionRequired',
  [SUPPORT_MESSAGES.resolutionLength]: 'validation.resolutionLength',
  [SUPPORT_MESSAGES.noteLength]: 'validation.noteLength',
  [SUPPORT_MESSAGES.subject]: 'validation.subject',
  [SUPPORT_MESSAGES.subjectLength]: 'validation.subjectLength',
  [SUPPORT_MESSAGES.body]: 'validation.body',
  [SUPPORT_MESSAGES.bodyLength]: 'validation.bodyLength',
};

/**
 * The support screen's words in the page's language: the catalogue's `t`, the queues' status
 * vocabularies (shared, src/data/statuses), exception types, and the schema's English messages translated.
 */
export function useSupportWords() {
  const t = useT(dispatcherMessages);
  const failure = useStatuses(failureState);
  const conversation = useStatuses(conversationSupportState);
  const status = useStatuses(exceptionStatus);
  const severity = useStatuses(exceptionSeverity);
  const types = useStatuses(exceptionType);
  return useMemo(
    () => ({
      t,
      failureState: failure,
      conversationState: conversation,
      exceptionStatus: status,
      exceptionSeverity: severity,
      /** A stored exception type's words; an unknown one as itself. */
      exceptionType: (type: string) => exceptionTypeLabel(type, types),
      /** A schema message in the page's language; any other text (the database's words) as it is. */
      translate: (message: string) => (VALIDATION_KEYS[message] ? t(VALIDATION_KEYS[message]) : message),
    }),
    [t, failure, conversation, status, severity, types],
  );
}

export type SupportWords = ReturnType<typeof useSupportWords>;
