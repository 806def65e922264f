import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { INVENTORY_AUDIT_STATUSES } from '../../data/statuses';
import { AUDIT_TYPES } from './schema';

/** ?q=&audit_type=cycle_count&status=scheduled&warehouse=<id>&scheduled_date=2026-12-04&sort=scheduled_date.asc */
export const auditList = defineList({
  filters: {
    audit_type: filterParam.one(z.enum(AUDIT_TYPES)),
    status: filterParam.one(z.enum(INVENTORY_AUDIT_STATUSES)),
    warehouse: filterParam.id(),
    scheduled_date: filterParam.day(),
  },
  sortColumns: ['created_at', 'scheduled_date', 'status', 'audit_type'],
  defaultSort: { column: 'created_at', direction: 'desc' },
});
export type AuditFilters = typeof auditList.emptyFilters;
