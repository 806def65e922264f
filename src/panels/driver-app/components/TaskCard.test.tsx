// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DriverTask } from '../schema';
import { TaskCard } from './TaskCard';

afterEach(cleanup);

const task = {
  id: 'd1',
  delivery_code: 'ACME-000001',
  barcode: 'ACME-000001',
  kind: 'delivery',
  status: 'accepted',
  status_reason: null,
  priority: 'normal',
  pickup_address: { full_address: 'Depot' },
  dropoff_address: { full_address: 'Home' },
  pickup_lat: 0,
  pickup_lng: 0,
  dropoff_lat: 0,
  dropoff_lng: 0,
  pickup_window_start: null,
  pickup_window_end: null,
  dropoff_window_start: null,
  dropoff_window_end: null,
  packages: [],
  package_count: 1,
  total_weight_kg: 1,
  cod_amount: 0,
  currency: 'USD',
  notes: '',
  delivered_at: null,
  failed_at: null,
  updated_at: '2026-11-25T08:00:00Z',
  offer: null,
} as DriverTask;

const noop = () => {};

describe('TaskCard', () => {
  it('says where the packages are ready once a warehouse has handed them over, and nothing before', () => {
    const { rerender } = render(<TaskCard task={task} pending={undefined} onArrived={noop} onPickUp={noop} onInTransit={noop} onDeliver={noop} onFail={noop} />);
    expect(screen.queryByText(/Packages ready at/)).not.toBeInTheDocument();
    rerender(<TaskCard task={task} pending={undefined} onArrived={noop} onPickUp={noop} onInTransit={noop} onDeliver={noop} onFail={noop} packagesReadyAt="Bayview Distribution Center" />);
    expect(screen.getByText('Packages ready at Bayview Distribution Center')).toBeInTheDocument();
  });
});
