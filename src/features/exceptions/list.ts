import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { EXCEPTION_SEVERITIES, EXCEPTION_STATUSES, EXCEPTION_TYPES } from './schema';

/** The exceptions list's URL: ?q=&type=damaged&severity=high&status=open&assigned_to=<uuid>&sort=created_at.desc&page=… (25 rows). */
export const exceptionList = defineList({
  filters: {
    type: filterParam.one(z.enum(EXCEPTION_TYPES)),
    severity: filterParam.one(z.enum(EXCEPTION_SEVERITIES)),
    status: filterParam.one(z.enum(EXCEPTION_STATUSES)),
    assigned_to: filterParam.one(z.uuid()),
  },
  sortColumns: ['created_at', 'exception_code', 'status'],
  defaultSort: { column: 'created_at', direction: 'desc' },
});

export type ExceptionFilters = typeof exceptionList.emptyFilters;
