import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { PERFORMANCE_SORTS } from './schema';

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD&driver=&q=&sort=completed:desc: no dates means the last 30 days. */
export const performanceList = defineList({
  filters: {
    ...filterParam.dayRange(),
    /** Whose completed deliveries the chart draws; none: the whole team. */
    driver: filterParam.one(z.uuid()),
  },
  sortColumns: PERFORMANCE_SORTS,
  defaultSort: { column: 'completed', direction: 'desc' },
});

export type PerformanceFilters = typeof performanceList.emptyFilters;
