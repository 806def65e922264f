// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ToastProvider } from '../../../ui/toast';
import type { Address } from '../schema';

const api = vi.hoisted(() => ({ listAddresses: vi.fn(), deleteAddress: vi.fn() }));
vi.mock('../api', () => api);
// The dialog (map, geocoder) has its own browser tests; here it only has to open.
vi.mock('./AddressDialog', () => ({
  AddressDialog: ({ open, address }: { open: boolean; address: Address | null }) => (open ? <div role="dialog">{address ? 'Edit address' : 'Add address'}</div> : null),
}));

const { UserAddressTab } = await import('./UserAddressTab');

function address(n: number, patch: Partial<Address> = {}): Address {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    tenant_id: 't',
    user_id: 'u',
    title: { en: `Place ${n}` },
    address_type: n % 2 ? 'billing' : 'shipping',
    address_line1: `${n} Valencia St`,
    address_line2: null,
    building: 'Valencia Commons',
    street: 'Valencia St',
    city: 'San Francisco',
    state: 'CA',
    postal_code: '94110',
    country: 'United States',
    latitude: 37.75,
    longitude: -122.42,
    full_address: 'Valencia Commons, Valencia St, San Francisco, CA, United States',
    is_primary: n === 1,
    is_active: true,
    save_to_address_book: true,
    metadata: {},
    contact_info: { full_name: 'Emily Foster', phone: '+1 415 555 0209', email: 'emily@mail.example' },
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    ...patch,
  };
}

function renderTab(path = '/users/u/detail?tab=address') {
  const location = memoryLocation({ path, record: true });
  render(
    <ToastProvider>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <UserAddressTab userId="u" tenantId="t" />
      </Router>
    </ToastProvider>,
  );
  return location;
}

beforeEach(() => {
  api.listAddresses.mockReset();
  api.deleteAddress.mockReset();
});
afterEach(cleanup);

describe('UserAddressTab', () => {
  it('shows 3 skeletons while loading, then five addresses a page with the total', async () => {
    let resolve: (page: { rows: Address[]; total: number }) => void = () => {};
    api.listAddresses.mockReturnValue(new Promise((r) => (resolve = r)));
    renderTab();
    expect(screen.getAllByTestId('address-skeleton')).toHaveLength(3);
    resolve({ rows: [1, 2, 3, 4, 5].map((n) => address(n)), total: 7 });
    expect(await screen.findAllByRole('article')).toHaveLength(5);
    expect(screen.getByText('1–5 of 7')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Place 1' })).getByText('Default')).toBeInTheDocument();
    const [owner, state] = api.listAddresses.mock.calls[0] as [unknown, { pageSize: number; page: number }];
    expect(owner).toEqual({ tenantId: 't', userId: 'u' });
    expect(state).toMatchObject({ pageSize: 5, page: 0 });
  });

  it('filters by type and pages through the URL, keeping the tab', async () => {
    api.listAddresses.mockResolvedValue({ rows: [address(1)], total: 12 });
    const location = renderTab();
    await screen.findByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'Billing' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/users/u/detail?tab=address&type=billing'));
    expect(api.listAddresses.mock.calls.at(-1)?.[1]).toMatchObject({ filters: { type: 'billing' } });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/users/u/detail?tab=address&page=2&type=billing'));
  });

  it('says when there are none, and when a search finds none', async () => {
    api.listAddresses.mockResolvedValue({ rows: [], total: 0 });
    renderTab();
    expect(await screen.findByText('No addresses yet')).toBeInTheDocument();
    cleanup();
    renderTab('/users/u/detail?tab=address&q=nowhere');
    expect(await screen.findByText('No addresses match')).toBeInTheDocument();
  });

  it('deletes after a confirmation, and shows the server\'s message when it fails', async () => {
    api.listAddresses.mockResolvedValue({ rows: [address(1), address(2)], total: 2 });
    api.deleteAddress.mockResolvedValueOnce(undefined).mockRejectedValueOnce({ message: 'permission denied for table addresses', code: '42501' });
    renderTab();
    await screen.findAllByRole('article');

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Place 2' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Place 2 will be removed');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deleteAddress).toHaveBeenCalledWith('t', address(2).id));
    expect(await screen.findByText('Address deleted')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Place 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('permission denied for table addresses')).toBeInTheDocument();
  });

  it('opens the dialog to add, and to edit from the menu', async () => {
    api.listAddresses.mockResolvedValue({ rows: [address(1)], total: 1 });
    renderTab();
    await screen.findByRole('article');
    await userEvent.click(screen.getAllByRole('button', { name: 'Add address' })[0]!);
    expect(screen.getByRole('dialog')).toHaveTextContent('Add address');
    cleanup();
    renderTab();
    await screen.findByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Place 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Edit address');
  });
});
