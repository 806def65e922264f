// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ListState } from '../../../lib/list-state';
import { FakeRealtimeClient } from '../../../lib/realtime.fake';
import type { PickOrderRow } from '../schema';
import type * as Warehouses from '../../../data/warehouses';

// The list kept live by the warehouses' topics (src/data/warehouse-live.ts), as every warehouse
// list is: the database and the realtime socket are fakes, the rest is the page as it runs.
const fake = vi.hoisted(() => ({ client: null as unknown, stored: [] as PickOrderRow[] }));
const TENANT = '00000000-0000-4000-8000-000000000001';
const WAREHOUSE = '00000000-0000-4000-8000-0000000000a1';
vi.mock('../../../lib/supabase', () => ({
  get supabase() {
    return fake.client;
  },
}));
vi.mock('../../../lib/tenant', () => ({ useTenantId: () => TENANT }));
vi.mock('../../../data/warehouses', async (importOriginal) => ({
  ...(await importOriginal<typeof Warehouses>()),
  useWarehouseChoices: () => [{ id: WAREHOUSE, name: 'Main depot', code: 'MAIN' }],
}));
const listPickOrders = vi.hoisted(() =>
  vi.fn(async (_tenantId: string, state: ListState<unknown>) => {
    const start = state.page * state.pageSize;
    return { rows: fake.stored.slice(start, start + state.pageSize), total: fake.stored.length };
  }),
);
vi.mock('../api', () => ({ listPickOrders }));
vi.mock('../components/BuildBatchDialog', () => ({ BuildBatchDialog: () => null }));

const { PickOrdersListPage } = await import('./PickOrdersListPage');

afterEach(cleanup);

const order = (n: number): PickOrderRow => ({
  id: `o${n}`,
  warehouse_id: WAREHOUSE,
  reference_number: `ACME-PK${String(n).padStart(5, '0')}`,
  external_reference: null,
  order_type: 'individual',
  priority: 3,
  status: 'pending',
  assigned_to: null,
  assigned_to_name: null,
  due_date: null,
  warehouse_name: 'Main depot',
  warehouse_code: 'MAIN',
  line_count: 1,
  total_items: 1,
  picked_items: 0,
  created_at: '2026-11-21T10:00:00Z',
  batch_reference: null,
});

async function renderAt(path: string, count: number) {
  fake.stored = Array.from({ length: count }, (_, index) => order(index + 1));
  const client = new FakeRealtimeClient();
  fake.client = client;
  const location = memoryLocation({ path, record: true });
  render(
    <Provider store={createStore()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Suspense fallback="loading">
          <PickOrdersListPage />
        </Suspense>
      </Router>
    </Provider>,
  );
  await waitFor(() => expect(client.channels).toHaveLength(1));
  const channel = client.live(`tenant:${TENANT}:warehouse:${WAREHOUSE}`);
  act(() => channel.status('SUBSCRIBED'));
  return { channel, location };
}

/** The database deletes an order: gone from its rows, then its warehouse's topic says so (a DELETE names only the id). */
function deleteOrder(channel: ReturnType<FakeRealtimeClient['live']>, id: string) {
  fake.stored = fake.stored.filter((row) => row.id !== id);
  act(() => channel.change('DELETE', null, { id }));
}

describe('the pick orders’ list, live on its warehouses’ topics', () => {
  it('corrects its total when the database deletes an order it does not show (its page is read again)', async () => {
    const { channel } = await renderAt('/pick-orders', 30);
    await screen.findByText('1–25 of 30', undefined, { timeout: 5000 });
    const reads = listPickOrders.mock.calls.length;
    // o28 is on the second page: this page's rows stay, its total is one less.
    deleteOrder(channel, 'o28');
    await screen.findByText('1–25 of 29');
    expect(listPickOrders.mock.calls.length).toBe(reads + 1);
    expect(screen.getByText('ACME-PK00025')).toBeInTheDocument();
    expect(screen.queryByText('New changes')).not.toBeInTheDocument();
  });

  it('takes an order it shows out in place, and moves back when a deletion elsewhere empties its last page', async () => {
    const { channel, location } = await renderAt('/pick-orders?page=2', 27);
    await screen.findByText('26–27 of 27', undefined, { timeout: 5000 });
    deleteOrder(channel, 'o27');
    await screen.findByText('26–26 of 26');
    expect(screen.queryByText('ACME-PK00027')).not.toBeInTheDocument();
    // An order of the first page: the last one moves up onto it, the second page is empty and the list moves back.
    deleteOrder(channel, 'o3');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/pick-orders'));
    await screen.findByText('1–25 of 25');
    expect(screen.getByText('ACME-PK00026')).toBeInTheDocument();
  });
});
