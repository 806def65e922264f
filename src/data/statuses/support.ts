import { defineStatuses } from '../../lib/status-vocabulary';
import { statusMessages } from './messages';

/**
 * Where a support item stands in the dispatcher's queues: a failed attempt (open) or a customer's
 * conversation (waiting) is red until someone acknowledges it (amber) and resolves it (green).
 */
export const FAILURE_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type FailureState = (typeof FAILURE_STATES)[number];
export const failureState = defineStatuses(FAILURE_STATES, {
  words: { catalogue: statusMessages, prefix: 'failure' },
  tones: { open: 'error', acknowledged: 'warning', resolved: 'success' },
});

export const CONVERSATION_SUPPORT_STATES = ['waiting', 'acknowledged', 'resolved'] as const;
export type ConversationSupportState = (typeof CONVERSATION_SUPPORT_STATES)[number];
export const conversationSupportState = defineStatuses(CONVERSATION_SUPPORT_STATES, {
  words: { catalogue: statusMessages, prefix: 'conversation' },
  tones: { waiting: 'error', acknowledged: 'warning', resolved: 'success' },
});
