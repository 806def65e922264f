import { z } from 'zod';
import { WAREHOUSE_STATUSES } from '../../data/statuses';
import { defineList, filterParam } from '../../lib/list-state';
import { ACCESS_MODES } from './schema';

/** ?q=&status=active&access=select_users&sort=name.asc */
export const warehouseList = defineList({
  filters: {
    status: filterParam.one(z.enum(WAREHOUSE_STATUSES)),
    access: filterParam.one(z.enum(ACCESS_MODES)),
  },
  sortColumns: ['name', 'code', 'total_capacity', 'available_capacity', 'created_at'],
  defaultSort: { column: 'name', direction: 'asc' },
});
export type WarehouseFilters = typeof warehouseList.emptyFilters;
