import type { LiveSource } from '../../lib/realtime';
import { fetchOnDutyDrivers, fetchOpenAssignments, fetchWorkingSetDeliveries } from './api';
import { startOfDay } from 'date-fns';
import { inWorkingSet, isOnDuty } from './board';
import { boardAssignmentSchema, boardDeliverySchema, boardDriverSchema, OPEN_ASSIGNMENT_STATUSES, type BoardAssignment, type BoardDelivery, type BoardDriver } from './model';

/**
 * The board's live working set: filtered reads of `tenant:<id>:deliveries|drivers|assignments` (the
 * registry shares each topic's channel with the other screens' sources). `keep` drops a broadcast
 * row that has left the set (a delivery finished yesterday, a driver gone off duty, a closed assignment).
 */
export const boardDeliveriesSource: LiveSource<BoardDelivery> = {
  entity: 'deliveries',
  fetch: (tenantId) => fetchWorkingSetDeliveries(tenantId),
  parse: (record) => boardDeliverySchema.parse(record),
  keep: (row) => inWorkingSet(row, startOfDay(new Date())),
};

export const boardDriversSource: LiveSource<BoardDriver> = {
  entity: 'drivers',
  fetch: (tenantId) => fetchOnDutyDrivers(tenantId),
  parse: (record) => boardDriverSchema.parse(record),
  keep: (row) => isOnDuty(row),
};

export const boardAssignmentsSource: LiveSource<BoardAssignment> = {
  entity: 'assignments',
  fetch: (tenantId) => fetchOpenAssignments(tenantId),
  parse: (record) => boardAssignmentSchema.parse(record),
  keep: (row) => (OPEN_ASSIGNMENT_STATUSES as readonly string[]).includes(row.status),
};
