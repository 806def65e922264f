import { useMemo } from 'react';
import { conversationSupportState, exceptionSeverity, exceptionStatus, failureState } from '../../../data/statuses';
import { useT } from '../../../lib/i18n/catalogue';
import { relabelStatuses } from '../../../lib/status-vocabulary';
import { dispatcherMessages, type DispatcherKey } from '../messages';
import { SUPPORT_MESSAGES } from '../schema';

const FAILURE_STATE_KEYS = { open: 'failureState.open', acknowledged: 'failureState.acknowledged', resolved: 'failureState.resolved' } as const satisfies Record<
  (typeof failureState.values)[number],
  DispatcherKey
>;
const CONVERSATION_STATE_KEYS = {
  waiting: 'conversationState.waiting',
  acknowledged: 'conversationState.acknowledged',
  resolved: 'conversationState.resolved',
} as const satisfies Record<(typeof conversationSupportState.values)[number], DispatcherKey>;
const EXCEPTION_STATUS_KEYS = {
  open: 'exceptionStatus.open',
  investigating: 'exceptionStatus.investigating',
  resolved: 'exceptionStatus.resolved',
  closed: 'exceptionStatus.closed',
} as const satisfies Record<(typeof exceptionStatus.values)[number], DispatcherKey>;
const SEVERITY_KEYS = { low: 'severity.low', medium: 'severity.medium', high: 'severity.high', critical: 'severity.critical' } as const satisfies Record<
  (typeof exceptionSeverity.values)[number],
  DispatcherKey
>;
const EXCEPTION_TYPE_KEYS: Record<string, DispatcherKey> = {
  damaged: 'exceptionType.damaged',
  lost: 'exceptionType.lost',
  delayed: 'exceptionType.delayed',
  address_problem: 'exceptionType.address_problem',
  refused: 'exceptionType.refused',
  other: 'exceptionType.other',
};
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
 * vocabularies (tones kept), exception types, and the schema's English messages translated.
 */
export function useSupportWords() {
  const t = useT(dispatcherMessages);
  return useMemo(
    () => ({
      t,
      failureState: relabelStatuses(failureState, (value) => t(FAILURE_STATE_KEYS[value])),
      conversationState: relabelStatuses(conversationSupportState, (value) => t(CONVERSATION_STATE_KEYS[value])),
      exceptionStatus: relabelStatuses(exceptionStatus, (value) => t(EXCEPTION_STATUS_KEYS[value])),
      exceptionSeverity: relabelStatuses(exceptionSeverity, (value) => t(SEVERITY_KEYS[value])),
      /** A stored exception type's words; an unknown one as itself. */
      exceptionType: (type: string) => (EXCEPTION_TYPE_KEYS[type] ? t(EXCEPTION_TYPE_KEYS[type]) : type),
      /** A schema message in the page's language; any other text (the database's words) as it is. */
      translate: (message: string) => (VALIDATION_KEYS[message] ? t(VALIDATION_KEYS[message]) : message),
    }),
    [t],
  );
}

export type SupportWords = ReturnType<typeof useSupportWords>;
