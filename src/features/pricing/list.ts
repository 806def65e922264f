import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';

/** The zone pricing list's URL: ?q=&status=active&origin_zone_id=…&destination_zone_id=…&service_id=…&page=… (25 rows). */
export const pricingList = defineList({
  filters: {
    status: filterParam.one(z.enum(['active', 'inactive'])),
    origin_zone_id: filterParam.one(z.uuid()),
    destination_zone_id: filterParam.one(z.uuid()),
    service_id: filterParam.one(z.uuid()),
  },
  sortColumns: ['origin_zone_name', 'destination_zone_name', 'service_name', 'service_code', 'base_price', 'per_unit_price', 'min_transit_time', 'max_transit_time'],
  defaultSort: { column: 'origin_zone_name', direction: 'asc' },
});

export type PricingFilters = typeof pricingList.emptyFilters;
