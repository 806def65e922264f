import { defineStatuses } from '../../lib/status-vocabulary';

/** An exception's status machine (exceptions.status): open red, under investigation amber, resolved green, closed grey. */
export const EXCEPTION_STATUSES = ['open', 'investigating', 'resolved', 'closed'] as const;
export type ExceptionStatus = (typeof EXCEPTION_STATUSES)[number];
export const exceptionStatus = defineStatuses(EXCEPTION_STATUSES, {
  labels: { open: 'Open', investigating: 'Investigating', resolved: 'Resolved', closed: 'Closed' },
  tones: { open: 'error', investigating: 'warning', resolved: 'success', closed: 'neutral' },
});

/** How bad an exception is (exceptions.severity): critical red down to low grey. */
export const EXCEPTION_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ExceptionSeverity = (typeof EXCEPTION_SEVERITIES)[number];
export const exceptionSeverity = defineStatuses(EXCEPTION_SEVERITIES, {
  labels: { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' },
  tones: { low: 'neutral', medium: 'info', high: 'warning', critical: 'error' },
});

/** What went wrong (exceptions.type): words only, it is never a chip. */
export const EXCEPTION_TYPES = ['damaged', 'lost', 'delayed', 'address_problem', 'refused', 'other'] as const;
export type ExceptionType = (typeof EXCEPTION_TYPES)[number];
export const EXCEPTION_TYPE_LABELS: Record<ExceptionType, string> = {
  damaged: 'Damaged',
  lost: 'Lost',
  delayed: 'Delayed',
  address_problem: 'Address problem',
  refused: 'Refused',
  other: 'Other',
};
export const EXCEPTION_TYPE_OPTIONS = EXCEPTION_TYPES.map((value) => ({ value, label: EXCEPTION_TYPE_LABELS[value] }));
/** The words of a stored type; an unknown one as itself. */
export const exceptionTypeLabel = (type: string): string => EXCEPTION_TYPE_LABELS[type as ExceptionType] ?? type;
