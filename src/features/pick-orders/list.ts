import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { PICK_ORDER_STATUSES } from '../../data/statuses';
import { ORDER_TYPES } from './schema';

/** ?q=&status=pending&type=batch&warehouse=<id>&assignee=<id>&from=2026-12-01&to=2026-12-31&sort=due_date.asc (due dates from, to). */
export const pickOrderList = defineList({
  filters: {
    status: filterParam.one(z.enum(PICK_ORDER_STATUSES)),
    type: filterParam.one(z.enum(ORDER_TYPES)),
    warehouse: filterParam.id(),
    assignee: filterParam.id(),
    ...filterParam.dayRange(),
  },
  sortColumns: ['reference_number', 'priority', 'due_date', 'status', 'created_at'],
  defaultSort: { column: 'created_at', direction: 'desc' },
});
export type PickOrderFilters = typeof pickOrderList.emptyFilters;
