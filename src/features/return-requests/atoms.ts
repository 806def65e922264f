import type { LiveSource } from '../../lib/realtime';
import { listAllReturns } from './api';
import { returnTableRowSchema, type ReturnTableRow } from './schema';

/** The tenant's return requests, live on `tenant:<tenantId>:return_requests` (the table's broadcast trigger). */
export const returnsSource: LiveSource<ReturnTableRow> = {
  entity: 'return_requests',
  fetch: (tenantId) => listAllReturns(tenantId),
  parse: (record) => returnTableRowSchema.parse(record),
};
