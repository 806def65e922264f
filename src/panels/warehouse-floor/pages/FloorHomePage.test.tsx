// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { listFloorCounts } from '../api';
import { FloorHomePage } from './FloorHomePage';

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { id: 'u1', profile: { tenant_id: 't1' } } }) }));
vi.mock('../../../lib/tenant', () => ({ useTenantId: () => 't1' }));
vi.mock('../../../data/warehouse-staff', () => ({ listOwnStaffRows: vi.fn(async () => []) }));
vi.mock('../api', () => ({
  listFloorPickOrders: vi.fn(async () => []),
  listFloorReceiveOrders: vi.fn(async () => []),
  listFloorCounts: vi.fn(async () => [
    { id: 'a1', audit_type: 'spot_check', status: 'in_progress', scheduled_date: '2026-12-02', warehouse_code: 'SF-01', line_count: 4, counted_count: 1 },
    { id: 'a2', audit_type: 'cycle_count', status: 'scheduled', scheduled_date: null, warehouse_code: 'SF-02', line_count: null, counted_count: null },
  ]),
}));

afterEach(cleanup);

describe('the floor home', () => {
  it('lists today\'s counts, each linking to its count screen', async () => {
    const location = memoryLocation({ path: '/acme/dispatcher/floor' });
    await act(async () => {
      render(
        <Router hook={location.hook} base="/acme/dispatcher">
          <Suspense fallback="loading">
            <FloorHomePage />
          </Suspense>
        </Router>,
      );
    });
    const counts = await screen.findByRole('region', { name: /Counts today/ });
    expect(listFloorCounts).toHaveBeenCalledWith('t1', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    expect(within(counts).getByRole('link', { name: 'Spot check' })).toHaveAttribute('href', '/acme/dispatcher/inventory-audits/a1');
    expect(within(counts).getByRole('link', { name: 'Cycle count' })).toHaveAttribute('href', '/acme/dispatcher/inventory-audits/a2');
    expect(counts).toHaveTextContent('SF-01 · 1/4 lines counted · 2026-12-02');
  });
});
