import { z } from 'zod';
import { RECEIVE_ORDER_STATUSES } from '../../data/statuses';
import { defineList, filterParam } from '../../lib/list-state';

/** ?q=&status=ordered&warehouse=<id>&sort=expected_date.asc */
export const receiveOrderList = defineList({
  filters: {
    status: filterParam.one(z.enum(RECEIVE_ORDER_STATUSES)),
    warehouse: filterParam.id(),
  },
  sortColumns: ['receive_code', 'supplier_name', 'expected_date', 'status', 'updated_at'],
  defaultSort: { column: 'updated_at', direction: 'desc' },
});
export type ReceiveOrderFilters = typeof receiveOrderList.emptyFilters;
