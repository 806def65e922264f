import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { DRIVER_STATUSES, LICENCE_FILTERS } from './schema';

/** The drivers list's URL: ?q=&status=available&zone=<uuid>&licence=expiring&sort=full_name.asc&page=… (25 rows). */
export const driverList = defineList({
  filters: {
    status: filterParam.one(z.enum(DRIVER_STATUSES)),
    zone: filterParam.one(z.uuid()),
    licence: filterParam.one(z.enum(LICENCE_FILTERS)),
  },
  sortColumns: ['full_name', 'licence_expiry', 'status', 'last_position_at', 'created_at'],
  defaultSort: { column: 'full_name', direction: 'asc' },
});

export type DriverFilters = typeof driverList.emptyFilters;
