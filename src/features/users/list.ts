import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { ROLES, STATUSES, USER_TYPES } from './schema';

/** The users list's URL: ?q=&role=driver&type=business&status=invited&sort=full_name.asc&page=… */
export const userList = defineList({
  filters: {
    role: filterParam.one(z.enum(ROLES)),
    type: filterParam.one(z.enum(USER_TYPES)),
    status: filterParam.one(z.enum(STATUSES)),
  },
  sortColumns: ['full_name', 'email', 'created_at'],
  defaultSort: { column: 'created_at', direction: 'desc' },
});

export type UserFilters = typeof userList.emptyFilters;
