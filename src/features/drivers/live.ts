import type { ListChange } from '../../lib/use-server-list';
import type { Driver, DriverRow } from './schema';

/**
 * The drivers topic broadcasts drivers rows; the list shows driver_rows (with the person's,
 * vehicle's and zone's names). A change of status, position, licence or notes of a row on the page
 * is patched in place (the names stay); a new default vehicle or home zone, an insert or a delete
 * asks for a refresh, since the names to show are not in the broadcast.
 */
export function driverListChanges(changes: readonly ListChange<Driver>[], shown: readonly DriverRow[]): ListChange<DriverRow>[] {
  const byId = new Map(shown.map((row) => [row.id, row]));
  return changes.map((change): ListChange<DriverRow> => {
    if (change.op === 'delete') return change;
    const current = byId.get(change.row.id);
    const row: DriverRow = current
      ? { ...current, ...change.row }
      : { ...change.row, full_name: '', email: '', avatar_url: null, person_status: '', default_vehicle_name: null, default_vehicle_code: null, home_zone_name: null, home_zone_code: null };
    const renamed = current !== undefined && (current.default_vehicle_id !== change.row.default_vehicle_id || current.home_zone_id !== change.row.home_zone_id);
    return { op: change.op === 'update' && current && !renamed ? 'update' : 'insert', row };
  });
}
