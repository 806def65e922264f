import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { FUEL_TYPES, SPECIAL_FEATURES } from './schema';

/** The vehicles list's URL: ?q=&active=true&fuel=diesel&feature=gps_tracking&sort=name.asc&page=… */
export const vehicleList = defineList({
  filters: {
    active: filterParam.boolean(),
    fuel: filterParam.one(z.enum(FUEL_TYPES)),
    feature: filterParam.many(z.enum(SPECIAL_FEATURES)),
  },
  sortColumns: ['name', 'code', 'capacity_unit', 'created_at'],
  defaultSort: { column: 'created_at', direction: 'desc' },
});

export type VehicleFilters = typeof vehicleList.emptyFilters;
