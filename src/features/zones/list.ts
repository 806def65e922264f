import { defineList, filterParam } from '../../lib/list-state';

/** ?q=&active=true&sort=name.asc&page=… */
export const zoneList = defineList({
  filters: { active: filterParam.boolean() },
  sortColumns: ['name', 'code', 'updated_at'],
  defaultSort: { column: 'name', direction: 'asc' },
});

export type ZoneFilters = typeof zoneList.emptyFilters;
