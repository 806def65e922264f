import type { LiveSource } from '../../lib/realtime';
import { listAllVehicles } from './api';
import { vehicleSchema, type Vehicle } from './schema';

/** The tenant's vehicles, live on `tenant:<tenantId>:vehicles` (the table's broadcast trigger). */
export const vehiclesSource: LiveSource<Vehicle> = {
  entity: 'vehicles',
  fetch: (tenantId) => listAllVehicles(tenantId),
  parse: (record) => vehicleSchema.parse(record),
};
