// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ProofModule from '../../../lib/proof';
import type { TrackingWatch } from '../../../lib/tracking-live';
import type { CustomerDelivery } from '../schema';

const listCustomerDeliveries = vi.fn();
const driverFirstNames = vi.fn();
const openReturns = vi.fn(async () => new Map<string, { code: string; status: string }>());
vi.mock('../api', () => ({
  listCustomerDeliveries: (...args: unknown[]) => listCustomerDeliveries(...args),
  driverFirstNames: (...args: unknown[]) => driverFirstNames(...args),
  openReturns: (...args: unknown[]) => openReturns(...(args as [])),
  requestReturn: vi.fn(),
}));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ status: 'ready', user: { id: 'carla', profile: { tenant_id: 'acme' } } }),
}));
const watches = new Map<string, TrackingWatch>();
vi.mock('../../../lib/tracking-live', () => ({
  watchTracking: (token: string, callbacks: TrackingWatch) => {
    watches.set(token, callbacks);
    return () => watches.delete(token);
  },
}));

const signProofImages = vi.fn();
vi.mock('../../../lib/proof', async (original) => ({
  ...(await original<typeof ProofModule>()),
  signProofImages: (...args: unknown[]) => signProofImages(...args),
}));

const { CustomerDeliveries } = await import('./CustomerDeliveries');

function delivery(id: string, patch: Partial<CustomerDelivery> = {}): CustomerDelivery {
  return {
    id,
    delivery_code: `ACME-00${id}`,
    tracking_token: `${id}`.padEnd(64, 'a'),
    kind: 'delivery',
    status: 'pending',
    status_reason: null,
    dropoff_address: { full_address: '500 Howard St, San Francisco' },
    dropoff_window_start: null,
    dropoff_window_end: null,
    package_count: 1,
    driver_id: null,
    delivered_at: null,
    failed_at: null,
    cancelled_at: null,
    returned_at: null,
    proof: null,
    created_at: '2026-11-25T09:00:00Z',
    updated_at: '2026-11-25T09:00:00Z',
    ...patch,
  };
}

function show(path = '/acme/customer') {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <CustomerDeliveries
        deliveryActions={(d) => (
          <button type="button" data-delivery={d.id}>
            {`Message us about ${d.delivery_code}`}
          </button>
        )}
      />
    </Router>,
  );
  return location;
}

beforeEach(() => {
  listCustomerDeliveries.mockReset();
  driverFirstNames.mockReset();
  driverFirstNames.mockResolvedValue(new Map([['derek', 'Derek']]));
  watches.clear();
});
afterEach(cleanup);

describe('CustomerDeliveries', () => {
  it('lists active deliveries with the driver’s first name, then past ones with their proof, and follows the active ones live', async () => {
    const active = [delivery('0001', { status: 'in_transit', driver_id: 'derek' }), delivery('0002')];
    const past = [delivery('0003', { status: 'delivered', delivered_at: '2026-11-24T15:00:00Z', proof: { recipient_name: 'Carla', photo_urls: ['a', 'b'] } })];
    listCustomerDeliveries.mockImplementation((_t: string, _c: string, scope: string) => Promise.resolve(scope === 'active' ? { rows: active, total: 2 } : { rows: past, total: 1 }));
    signProofImages.mockImplementation(({ photos }: { photos: string[] }) =>
      Promise.resolve(photos.map((p, i) => ({ key: p, label: `Photo ${i + 1}`, url: `https://signed.test/${p}`, fileName: `${p}.jpg` }))),
    );
    show();

    const activeSection = await screen.findByRole('region', { name: 'Active deliveries (2)' });
    expect(listCustomerDeliveries).toHaveBeenCalledWith('acme', 'carla', 'active', 1, expect.any(AbortSignal));
    expect(within(activeSection).getByRole('article', { name: 'ACME-000001' })).toHaveTextContent('In transit');
    expect(within(activeSection).getByRole('article', { name: 'ACME-000001' })).toHaveTextContent('Derek');
    expect(screen.getByRole('link', { name: 'Track live ACME-000001' })).toHaveAttribute('href', `/tracking?token=${active[0]!.tracking_token}`);
    // Every card, active or past, carries the actions composed for its delivery (chat's 'Message us').
    expect(within(activeSection).getByRole('button', { name: 'Message us about ACME-000001' })).toHaveAttribute('data-delivery', '0001');
    const pastSection = await screen.findByRole('region', { name: 'Past deliveries (1)' });
    expect(within(pastSection).getByRole('article', { name: 'ACME-000003' })).toHaveTextContent('Received by Carla · 2 photos');
    // One read of the open returns per page of delivered deliveries, not one per card.
    expect(openReturns.mock.calls.filter((call) => (call as unknown[])[0] instanceof Array && ((call as unknown[])[0] as string[]).includes('0003'))).toHaveLength(1);
    expect(openReturns).toHaveBeenCalledWith(['0003'], expect.any(AbortSignal));
    // The proof's thumbnails, through signed URLs of the private bucket; a click opens the viewer.
    const gallery = await within(pastSection).findByRole('list', { name: 'Proof of delivery ACME-000003' });
    expect(signProofImages).toHaveBeenCalledWith({ signature: null, photos: ['a', 'b'] }, { signature: 'Signature', photo: 'Photo' });
    expect(within(gallery).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(['https://signed.test/a', 'https://signed.test/b']);
    expect(within(pastSection).getByRole('button', { name: 'Download proof of ACME-000003' })).toBeInTheDocument();
    expect(within(pastSection).getByRole('button', { name: 'Message us about ACME-000003' })).toHaveAttribute('data-delivery', '0003');
    // An expired link signs again, once.
    fireEvent.error(within(gallery).getAllByRole('img')[0]!);
    await waitFor(() => expect(signProofImages).toHaveBeenCalledTimes(2));
    await userEvent.click(await within(pastSection).findByRole('button', { name: 'Open photo 2' }));
    expect(await screen.findByRole('dialog', { name: 'b.jpg' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    // Only the active ones are followed.
    await waitFor(() => expect([...watches.keys()].sort()).toEqual([active[0]!.tracking_token, active[1]!.tracking_token].sort()));

    // The waiting one is assigned, live; then the one on the road is delivered: the lists are read again.
    act(() => watches.get(active[1]!.tracking_token)!.onUpdate({ status: 'assigned' }));
    expect(within(activeSection).getByRole('article', { name: 'ACME-000002' })).toHaveTextContent('Assigned');
    const reads = listCustomerDeliveries.mock.calls.length;
    act(() => watches.get(active[0]!.tracking_token)!.onUpdate({ status: 'delivered' }));
    expect(listCustomerDeliveries.mock.calls.length).toBe(reads + 2);
  });

  it('keeps the filter and pages in the URL', async () => {
    listCustomerDeliveries.mockImplementation((_t: string, _c: string, scope: string, page: number) =>
      Promise.resolve(scope === 'active' ? { rows: [], total: 0 } : { rows: [delivery(`1${page}00`, { status: 'cancelled', status_reason: 'Ordered twice' })], total: 15 }),
    );
    const location = show();
    await userEvent.click(await screen.findByRole('button', { name: 'Past' }));
    expect(location.history.at(-1)).toBe('/acme/customer?show=past');
    expect(screen.queryByRole('region', { name: /^Active deliveries/ })).not.toBeInTheDocument();
    const pager = await screen.findByRole('navigation', { name: 'Past deliveries pages' });
    expect(pager).toHaveTextContent('Page 1 of 2');
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(location.history.at(-1)).toBe('/acme/customer?show=past&page=2');
    expect(await screen.findByRole('article', { name: 'ACME-001200' })).toHaveTextContent('Ordered twice');
  });

  it('says when there is nothing at all, and offers Retry when a list cannot be read', async () => {
    listCustomerDeliveries.mockResolvedValue({ rows: [], total: 0 });
    show();
    expect(await screen.findByText('No deliveries yet')).toBeInTheDocument();
    cleanup();

    listCustomerDeliveries.mockImplementation((_t: string, _c: string, scope: string) => (scope === 'past' ? Promise.reject(new Error('down')) : Promise.resolve({ rows: [], total: 0 })));
    show();
    expect(await screen.findByText('Could not load past deliveries')).toBeInTheDocument();
    expect(screen.getByText('Nothing on its way')).toBeInTheDocument();
    listCustomerDeliveries.mockResolvedValue({ rows: [delivery('0009', { status: 'failed', status_reason: 'Nobody home', failed_at: '2026-11-25T10:00:00Z' })], total: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'ACME-000009' })).toHaveTextContent('Nobody home');
  });
});
