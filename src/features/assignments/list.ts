import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { ASSIGNMENT_STATUSES } from './schema';

/** The assignments list's URL: ?q=&status=&driver_id=&vehicle_id=&assigned_by=&delivery_id=&sort=&page=… (25 rows). */
export const assignmentList = defineList({
  filters: {
    status: filterParam.one(z.enum(ASSIGNMENT_STATUSES)),
    driver_id: filterParam.one(z.uuid()),
    vehicle_id: filterParam.one(z.uuid()),
    assigned_by: filterParam.one(z.uuid()),
    delivery_id: filterParam.one(z.uuid()),
  },
  sortColumns: ['assignment_time', 'status', 'driver', 'vehicle', 'delivery', 'assigned_by'],
  defaultSort: { column: 'assignment_time', direction: 'desc' },
});

export type AssignmentFilters = typeof assignmentList.emptyFilters;
