import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { ACCESS_MODES, LOCATION_STATUSES, LOCATION_TYPES, PAYMENT_TERMS, STAFF_ROLES, WAREHOUSE_STATUSES } from './schema';

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

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

/** ?warehouse=<id>&type=bin&status=reserved: the tree beside the table shows the chosen warehouse. */
export const locationList = defineList({
  filters: {
    warehouse: filterParam.one(uuid),
    type: filterParam.one(z.enum(LOCATION_TYPES)),
    status: filterParam.one(z.enum(LOCATION_STATUSES)),
  },
  sortColumns: ['code', 'name', 'location_type', 'updated_at'],
  defaultSort: { column: 'code', direction: 'asc' },
});
export type LocationFilters = typeof locationList.emptyFilters;

export const staffList = defineList({
  filters: {
    warehouse: filterParam.one(uuid),
    role: filterParam.one(z.enum(STAFF_ROLES)),
    active: filterParam.boolean(),
  },
  sortColumns: ['role', 'created_at'],
  defaultSort: { column: 'created_at', direction: 'desc' },
});
export type StaffFilters = typeof staffList.emptyFilters;

export const supplierList = defineList({
  filters: {
    active: filterParam.boolean(),
    terms: filterParam.one(z.enum(PAYMENT_TERMS)),
  },
  sortColumns: ['name', 'code', 'lead_time_days', 'created_at'],
  defaultSort: { column: 'name', direction: 'asc' },
});
export type SupplierFilters = typeof supplierList.emptyFilters;
