/**
 * Why a delivery comes back (return_requests.reason): the one list the staff's return screens and
 * the customer's request share.
 */
export const RETURN_REASONS = ['damaged', 'wrong_item', 'not_as_described', 'no_longer_needed', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
  not_as_described: 'Not as described',
  no_longer_needed: 'No longer needed',
  other: 'Other',
};
export const RETURN_REASON_OPTIONS = RETURN_REASONS.map((value) => ({ value, label: RETURN_REASON_LABELS[value] }));
export const reasonLabel = (reason: string): string => RETURN_REASON_LABELS[reason as ReturnReason] ?? reason;
