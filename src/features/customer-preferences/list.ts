import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { DAY_VALUES } from './schema';

/** The preferences list's URL: ?q=&customer_id=…&day=2&active=true&sort=name.asc&page=… (25 rows). */
export const preferenceList = defineList({
  filters: {
    customer_id: filterParam.one(z.uuid()),
    day: filterParam.one(z.enum(DAY_VALUES)),
    active: filterParam.boolean(),
  },
  sortColumns: ['name', 'customer_name', 'preferred_day_of_week', 'preferred_time_start', 'created_at'],
  defaultSort: { column: 'created_at', direction: 'desc' },
});

export type PreferenceFilters = typeof preferenceList.emptyFilters;
