import { defineStatuses } from '../../lib/status-vocabulary';
import { statusMessages } from './messages';

/** An assignment's status (assignments.status): offered, then accepted or rejected, then completed; cancelled when staff take the delivery back. */
export const ASSIGNMENT_STATUSES = ['pending', 'accepted', 'rejected', 'completed', 'cancelled'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

/** Green for completed, red for rejected, the warning colour for every other status. */
export const assignmentStatus = defineStatuses(ASSIGNMENT_STATUSES, {
  words: { catalogue: statusMessages, prefix: 'assignment' },
  tones: { pending: 'warning', accepted: 'warning', rejected: 'error', completed: 'success', cancelled: 'warning' },
});
