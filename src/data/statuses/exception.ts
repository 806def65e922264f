import { defineStatuses } from '../../lib/status-vocabulary';
import { statusMessages } from './messages';

/** An exception's status machine (exceptions.status): open red, under investigation amber, resolved green, closed grey. */
export const EXCEPTION_STATUSES = ['open', 'investigating', 'resolved', 'closed'] as const;
export type ExceptionStatus = (typeof EXCEPTION_STATUSES)[number];
export const exceptionStatus = defineStatuses(EXCEPTION_STATUSES, {
  words: { catalogue: statusMessages, prefix: 'exception' },
  tones: { open: 'error', investigating: 'warning', resolved: 'success', closed: 'neutral' },
});

/** How bad an exception is (exceptions.severity): critical red down to low grey. */
export const EXCEPTION_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ExceptionSeverity = (typeof EXCEPTION_SEVERITIES)[number];
export const exceptionSeverity = defineStatuses(EXCEPTION_SEVERITIES, {
  words: { catalogue: statusMessages, prefix: 'severity' },
  tones: { low: 'neutral', medium: 'info', high: 'warning', critical: 'error' },
});

/** What went wrong (exceptions.type): words only, it is never a chip. */
export const EXCEPTION_TYPES = ['damaged', 'lost', 'delayed', 'address_problem', 'refused', 'other'] as const;
export type ExceptionType = (typeof EXCEPTION_TYPES)[number];
/** The types' words (in any language through `useStatuses`); the tones are unused. */
export const exceptionType = defineStatuses(EXCEPTION_TYPES, {
  words: { catalogue: statusMessages, prefix: 'exceptionType' },
  tones: { damaged: 'neutral', lost: 'neutral', delayed: 'neutral', address_problem: 'neutral', refused: 'neutral', other: 'neutral' },
});
export const EXCEPTION_TYPE_LABELS: Readonly<Record<ExceptionType, string>> = exceptionType.labels;
export const EXCEPTION_TYPE_OPTIONS = exceptionType.options;
/** The words of a stored type in a vocabulary (the English one by default); an unknown one as itself. */
export const exceptionTypeLabel = (type: string, words: Pick<typeof exceptionType, 'labels'> = exceptionType): string => words.labels[type as ExceptionType] ?? type;
