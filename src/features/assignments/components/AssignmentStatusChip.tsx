import { StatusChip } from '../../../ui/Chip';
import { ASSIGNMENT_STATUS_FALLBACK_TONE, ASSIGNMENT_STATUS_TONES, type AssignmentStatus } from '../schema';

/** Spec 2 'Assignments': green for completed, red for rejected, the warning colour otherwise. */
export function AssignmentStatusChip({ status }: { status: AssignmentStatus }) {
  return <StatusChip status={status} tones={ASSIGNMENT_STATUS_TONES} fallback={ASSIGNMENT_STATUS_FALLBACK_TONE} />;
}
