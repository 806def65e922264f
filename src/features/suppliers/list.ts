import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { PAYMENT_TERMS } from './schema';

export const supplierList = defineList({
  filters: { active: filterParam.boolean(), terms: filterParam.one(z.enum(PAYMENT_TERMS)) },
  sortColumns: ['name', 'code', 'lead_time_days', 'created_at'],
  defaultSort: { column: 'name', direction: 'asc' },
});
export type SupplierFilters = typeof supplierList.emptyFilters;
