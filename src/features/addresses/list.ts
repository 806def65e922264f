import { z } from 'zod';
import { defineList, filterParam, type ListState } from '../../lib/list-state';
import { ADDRESS_PAGE_SIZE, ADDRESS_TYPE_FILTERS } from './schema';

/** The address tab's list: `?type=billing|shipping`, search `?q=`, five per page. */
export const addressList = defineList({
  filters: { type: filterParam.one(z.enum(ADDRESS_TYPE_FILTERS)) },
  pageSizes: [ADDRESS_PAGE_SIZE],
  defaultPageSize: ADDRESS_PAGE_SIZE,
});

export type AddressFilters = typeof addressList extends { emptyFilters: infer F } ? F : never;
export type AddressListState = ListState<AddressFilters>;
