import type { LiveSource } from '../../lib/realtime';
import { listOpenAssignments } from './api';
import { assignmentSchema, type Assignment } from './schema';

/**
 * The tenant's assignments, live on `tenant:<tenantId>:assignments` (the table's broadcast trigger).
 * The read holds the open ones (pending, accepted), the only ones that still change.
 */
export const assignmentsSource: LiveSource<Assignment> = {
  entity: 'assignments',
  fetch: (tenantId) => listOpenAssignments(tenantId),
  parse: (record) => assignmentSchema.parse(record),
};
