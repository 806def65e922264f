import type { LiveSource } from '../../lib/realtime';
import { listAllDrivers } from './api';
import { driverSchema, type Driver } from './schema';

/** The tenant's drivers (status and last position), live on `tenant:<tenantId>:drivers`. */
export const driversSource: LiveSource<Driver> = {
  entity: 'drivers',
  fetch: (tenantId) => listAllDrivers(tenantId),
  parse: (record) => driverSchema.parse(record),
};
