import { z } from 'zod';
import { LOCATION_TYPES } from '../../data/warehousing';
import { LOCATION_STATUSES } from '../../data/statuses';
import { defineList, filterParam } from '../../lib/list-state';

/** ?warehouse=<id>&type=bin&status=reserved: the tree beside the table shows the chosen warehouse. */
export const locationList = defineList({
  filters: { warehouse: filterParam.id(), type: filterParam.one(z.enum(LOCATION_TYPES)), status: filterParam.one(z.enum(LOCATION_STATUSES)) },
  sortColumns: ['code', 'name', 'location_type', 'updated_at'],
  defaultSort: { column: 'code', direction: 'asc' },
});
export type LocationFilters = typeof locationList.emptyFilters;
