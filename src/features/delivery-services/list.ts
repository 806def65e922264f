import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { SERVICE_KINDS } from './schema';

/** ?q=&active=true&kind=same_day&sort=name.asc&page=… */
export const deliveryServiceList = defineList({
  filters: { active: filterParam.boolean(), kind: filterParam.one(z.enum(SERVICE_KINDS)) },
  sortColumns: ['name', 'code', 'min_transit_hours', 'created_at'],
  defaultSort: { column: 'name', direction: 'asc' },
});

export type DeliveryServiceFilters = typeof deliveryServiceList.emptyFilters;
