import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { DELIVERY_KINDS, DELIVERY_STATUSES } from './schema';

/**
 * The deliveries list's URL: ?q=&status=pending&status=assigned&kind=…&service_id=…&zone_id=…
 * &driver_id=…&created_from=YYYY-MM-DD&created_to=YYYY-MM-DD&sort=…&page=… (25 rows).
 */
export const deliveryList = defineList({
  filters: {
    status: filterParam.many(z.enum(DELIVERY_STATUSES)),
    kind: filterParam.one(z.enum(DELIVERY_KINDS)),
    service_id: filterParam.one(z.uuid()),
    zone_id: filterParam.one(z.uuid()),
    driver_id: filterParam.one(z.uuid()),
    created_from: filterParam.day(),
    created_to: filterParam.day(),
  },
  sortColumns: ['delivery_code', 'created_at', 'price', 'status'],
  defaultSort: { column: 'created_at', direction: 'desc' },
});

export type DeliveryFilters = typeof deliveryList.emptyFilters;
