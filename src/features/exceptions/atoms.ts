import type { LiveSource } from '../../lib/realtime';
import { listAllExceptions } from './api';
import { exceptionTableRowSchema, type ExceptionTableRow } from './schema';

/** The tenant's exceptions, live on `tenant:<tenantId>:exceptions` (the table's broadcast trigger). */
export const exceptionsSource: LiveSource<ExceptionTableRow> = {
  entity: 'exceptions',
  fetch: (tenantId) => listAllExceptions(tenantId),
  parse: (record) => exceptionTableRowSchema.parse(record),
};
