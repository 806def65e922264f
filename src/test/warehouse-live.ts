import type { LiveWarehouseTarget, WarehouseTable } from '../data/warehouse-live';
import type { ListDefinition } from '../lib/list-state';
import type { ConnectionState } from '../lib/realtime';

/**
 * What a warehouse list's page asked of the live topics, for its tests: stands in for
 * `data/warehouse-live` (`vi.mock('…/data/warehouse-live', () => import('…/test/warehouse-live'))`),
 * so no topic is joined. `made` is each live hook a page made (its list and tables), `state` what
 * the hooks answer (the table's LiveIndicator), `handed` the last list and tenant a hook was given.
 */
export const warehouseLive = {
  made: [] as { list: unknown; tables: readonly WarehouseTable[] }[],
  state: undefined as ConnectionState | undefined,
  handed: null as { page: LiveWarehouseTarget; tenantId: string } | null,
};

export function warehouseListLive<F>(list: ListDefinition<F>, tables: readonly WarehouseTable[]) {
  warehouseLive.made.push({ list, tables });
  return function useWarehouseListLive(page: LiveWarehouseTarget, tenantId: string): ConnectionState | undefined {
    warehouseLive.handed = { page, tenantId };
    return warehouseLive.state;
  };
}
