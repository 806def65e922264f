import { z } from 'zod';
import { PACKAGE_HANDOFF_FILTER_STATUSES } from '../../data/statuses/package-handoff';
import { defineList, filterParam } from '../../lib/list-state';

/** ?q=&status=pending&warehouse=<id>&sort=initiated_at.desc (the status filter offers the open and the done ones). */
export const packageHandoffList = defineList({
  filters: {
    status: filterParam.one(z.enum(PACKAGE_HANDOFF_FILTER_STATUSES)),
    warehouse: filterParam.id(),
  },
  sortColumns: ['staff_name', 'initiated_at', 'completed_at', 'status', 'warehouse_code', 'warehouse_name'],
  defaultSort: { column: 'initiated_at', direction: 'desc' },
});
export type PackageHandoffFilters = typeof packageHandoffList.emptyFilters;
