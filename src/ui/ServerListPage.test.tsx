// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineList } from '../lib/list-state';
import type { ConnectionState } from '../lib/realtime';
import type { ServerList } from '../lib/use-server-list';
import { cleanupInEnglish, renderPageAt } from '../test/render-page';
import { ServerListPage } from './ServerListPage';

vi.mock('../lib/tenant', async (original) => ({ ...(await original<object>()), useTenantId: () => 't1' }));

type Thing = { id: string; name: string };
const thingList = defineList({ filters: {}, sortColumns: ['name'], defaultSort: { column: 'name', direction: 'asc' } });
const columns = [{ id: 'name', header: 'Name', cell: (row: Thing) => row.name }];

afterEach(cleanupInEnglish);

describe('ServerListPage', () => {
  it("reads the signed-in user's tenant's page and shows it under its title and breadcrumbs", async () => {
    const fetchPage = vi.fn(async () => ({ rows: [{ id: 'a', name: 'Alpha' }], total: 1 }));
    await renderPageAt('/things', '/things', <ServerListPage title="Things" section="Stock" list={thingList} resource="things" fetchPage={fetchPage} columns={columns} />, () =>
      screen.findByText('Alpha'),
    );
    expect(fetchPage).toHaveBeenCalledWith('t1', expect.objectContaining({ page: 0 }), expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(screen.getByRole('heading', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: /breadcrumb/i })).toHaveTextContent(/Dashboard.*Stock.*Things/);
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
  });

  it('runs the live hook with the list and the tenant, and shows the state it answers', async () => {
    const seen: [string[], string][] = [];
    function useLive(list: ServerList<Thing>, tenantId: string): ConnectionState {
      seen.push([list.rows.map((row) => row.id), tenantId]);
      return 'offline';
    }
    await renderPageAt(
      '/things',
      '/things',
      <ServerListPage title="Things" dashboard="Home" list={thingList} resource="things" fetchPage={async () => ({ rows: [{ id: 'b', name: 'Beta' }], total: 1 })} useLive={useLive} columns={columns} />,
      () => screen.findByText('Beta'),
    );
    expect(seen.at(-1)).toEqual([['b'], 't1']);
    expect(screen.getByRole('navigation', { name: /breadcrumb/i })).toHaveTextContent(/Home.*Things/);
    expect(screen.getByText(/offline/i)).toBeInTheDocument();
  });
});
