import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { REMIT_METHODS } from './schema';

/** The history: ?driver=<uuid>&from=YYYY-MM-DD&to=YYYY-MM-DD&method=cash&sort=recorded_at:desc */
export const remittanceList = defineList({
  filters: {
    driver: filterParam.one(z.uuid()),
    ...filterParam.dayRange(),
    method: filterParam.one(z.enum(REMIT_METHODS)),
  },
  sortColumns: ['recorded_at', 'amount'],
  defaultSort: { column: 'recorded_at', direction: 'desc' },
});

export type RemittanceFilters = typeof remittanceList.emptyFilters;
