import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { CATEGORIES, STOCK_LIST_STATUSES, SUBCATEGORIES, TRANSACTION_TYPES } from './schema';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** ?q=&status=active&category=Electronics&subcategory=Laptop&brand=Dell&sort=name.asc */
export const itemList = defineList({
  filters: {
    status: filterParam.one(z.enum(['active', 'inactive'])),
    category: filterParam.one(z.enum(CATEGORIES)),
    subcategory: filterParam.one(z.enum(SUBCATEGORIES)),
    brand: filterParam.one(z.string().min(1).max(100)),
  },
  sortColumns: ['name', 'sku', 'category', 'brand', 'updated_at'],
  defaultSort: { column: 'updated_at', direction: 'desc' },
});
export type ItemFilters = typeof itemList.emptyFilters;

/** ?status=reserved&warehouse=<id>&bin=<id>&item=<id>&lot=&min=&max= */
export const stockList = defineList({
  filters: {
    status: filterParam.one(z.enum(STOCK_LIST_STATUSES)),
    warehouse: filterParam.id(),
    bin: filterParam.id(),
    item: filterParam.id(),
    lot: filterParam.one(z.string().min(1).max(64)),
    min: filterParam.one(z.coerce.number().int().min(0)),
    max: filterParam.one(z.coerce.number().int().min(0)),
  },
  sortColumns: ['item_name', 'warehouse_name', 'bin_code', 'quantity', 'updated_at'],
  defaultSort: { column: 'updated_at', direction: 'desc' },
});
export type StockFilters = typeof stockList.emptyFilters;

/** ?type=pick&from=2026-11-01&to=2026-11-30&warehouse=<id>&item=<id> */
export const transactionList = defineList({
  filters: {
    type: filterParam.one(z.enum(TRANSACTION_TYPES)),
    from: filterParam.one(isoDate),
    to: filterParam.one(isoDate),
    warehouse: filterParam.id(),
    item: filterParam.id(),
  },
  sortColumns: [],
  defaultSort: null,
});
export type TransactionFilters = typeof transactionList.emptyFilters;
