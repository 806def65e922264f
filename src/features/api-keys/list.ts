import { defineList } from '../../lib/list-state';

/** The API key table: 10 rows by default (5, 10 or 25), newest first, searched on name and description. */
export const apiKeyList = defineList({
  filters: {},
  sortColumns: ['name', 'description', 'created_at', 'expires_at'],
  defaultSort: { column: 'created_at', direction: 'desc' },
  pageSizes: [5, 10, 25],
  defaultPageSize: 10,
});
