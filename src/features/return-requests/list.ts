import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { RETURN_REASONS, RETURN_STATUSES } from './schema';

/** The return requests list's URL: ?q=&status=requested&reason=damaged&from=2026-11-01&to=2026-11-20&sort=created_at.desc&page=… (25 rows). */
export const returnList = defineList({
  filters: {
    status: filterParam.one(z.enum(RETURN_STATUSES)),
    reason: filterParam.one(z.enum(RETURN_REASONS)),
    ...filterParam.dayRange(),
  },
  sortColumns: ['created_at', 'return_code', 'refund_amount', 'customer_name', 'status'],
  defaultSort: { column: 'created_at', direction: 'desc' },
});

export type ReturnFilters = typeof returnList.emptyFilters;
