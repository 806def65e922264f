import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { AUDIT_ACTIONS } from './schema';

/** The activity screen's URL: ?table=vehicles&actor=<uuid>&action=update&from=2026-11-01&to=2026-11-20&page=… */
export const activityList = defineList({
  filters: {
    table: filterParam.one(z.string().regex(/^[a-z_][a-z0-9_]*$/)),
    actor: filterParam.one(z.uuid()),
    action: filterParam.one(z.enum(AUDIT_ACTIONS)),
    ...filterParam.dayRange(),
  },
  sortColumns: ['created_at'],
  defaultSort: { column: 'created_at', direction: 'desc' },
});

export type ActivityFilters = typeof activityList.emptyFilters;
