import { z } from 'zod';
import { STAFF_ROLES } from '../../data/warehousing';
import { defineList, filterParam } from '../../lib/list-state';

export const staffList = defineList({
  filters: {
    warehouse: filterParam.id(),
    role: filterParam.one(z.enum(STAFF_ROLES)),
    active: filterParam.boolean(),
  },
  sortColumns: ['role', 'created_at'],
  defaultSort: { column: 'created_at', direction: 'desc' },
});
export type StaffFilters = typeof staffList.emptyFilters;
