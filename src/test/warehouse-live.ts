import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { expect, type Mock } from 'vitest';
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

/**
 * The live check every warehouse list's test makes: with the topics live, `render` shows the page,
 * Live shows and the tenant is handed; a live re-read reads the page again (`fetch` called once more);
 * a deletion (`deletedId`) takes its row (`goneText`) out of the table.
 */
export async function expectLiveListFollows({ render, fetch, deletedId, goneText }: { render: () => Promise<unknown>; fetch: Mock; deletedId: string; goneText: string }) {
  warehouseLive.state = 'live';
  try {
    await render();
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(warehouseLive.handed?.tenantId).toBe('t1');
    const reads = fetch.mock.calls.length;
    await act(async () => warehouseLive.handed?.page.refetchLive());
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(reads + 1));
    await act(async () => warehouseLive.handed?.page.applyChanges([{ op: 'delete', id: deletedId, deleted: true }]));
    await waitFor(() => expect(screen.queryByText(goneText)).not.toBeInTheDocument());
  } finally {
    warehouseLive.state = undefined;
  }
}
