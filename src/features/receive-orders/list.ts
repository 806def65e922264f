import { z } from 'zod';
import { RECEIVE_ORDER_STATUSES } from '../../data/statuses';
import { defineList, filterParam } from '../../lib/list-state';

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

/** ?q=&status=ordered&warehouse=<id>&sort=expected_date.asc */
export const receiveOrderList = defineList({
  filters: {
    status: filterParam.one(z.enum(RECEIVE_ORDER_STATUSES)),
    warehouse: filterParam.one(uuid),
  },
  sortColumns: ['receive_code', 'supplier_name', 'expected_date', 'status', 'updated_at'],
  defaultSort: { column: 'updated_at', direction: 'desc' },
});
export type ReceiveOrderFilters = typeof receiveOrderList.emptyFilters;
