// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import { expectLiveListFollows, warehouseLive } from '../../../test/warehouse-live';
import { listReceiveOrders } from '../api';
import { receiveOrderList } from '../list';
import type { ReceiveOrderRow } from '../schema';
import { ReceiveOrderCreatePage } from './ReceiveOrderFormPage';
import { ReceiveOrdersListPage } from './ReceiveOrdersListPage';
import { cleanupInEnglish, renderPageAt } from '../../../test/render-page';

const row: ReceiveOrderRow = {
  id: 'r1',
  receive_code: 'ACME-GR00041',
  supplier_id: 's1',
  supplier_name: 'Harinas Ruiz',
  warehouse_id: 'w1',
  warehouse_name: 'Main depot',
  reference: 'PO-7',
  expected_date: '2026-12-24',
  status: 'partially_received',
  line_count: 2,
  expected_total: 1500,
  received_total: 300,
  updated_at: '2026-11-21T10:00:00Z',
};

vi.mock('../../../lib/tenant', async (original) => ({ ...(await original<object>()), useTenantId: () => 't1' }));
vi.mock('../../../data/warehouse-live', () => import('../../../test/warehouse-live'));
vi.mock('../../../data/inventory', () => ({ inventoryItemLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }), binLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
vi.mock('../../../data/locations', () => ({ locationLabel: vi.fn(async () => null) }));
vi.mock('../../../data/suppliers', () => ({ supplierLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
vi.mock('../../../data/warehouses', () => ({ warehouseLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
vi.mock('../api', () => ({
  listReceiveOrders: vi.fn(async () => ({ rows: [row], total: 1 })),
  transitionReceiveOrder: vi.fn(),
  getReceiveOrder: vi.fn(async () => null),
  saveReceiveOrder: vi.fn(),
}));

afterEach(cleanupInEnglish);

const wait = { timeout: 5000 };
const renderList = () => renderPageAt('/receive-orders', '/receive-orders', <ReceiveOrdersListPage />, () => screen.findByText('ACME-GR00041', undefined, wait));
const renderCreate = () => renderPageAt('/receive-orders/create', '/receive-orders/create', <ReceiveOrderCreatePage />, () => screen.findByRole('form', undefined, wait));

async function submitBlank(count: number) {
  await act(async () => {
    fireEvent.submit(screen.getByRole('form'));
  });
  await waitFor(() => expect(document.querySelectorAll('[id$="-error"]').length).toBeGreaterThanOrEqual(count));
}

async function allScreensText(): Promise<string> {
  let text = '';
  await renderList();
  text += pageWords();
  cleanup();
  await renderCreate();
  fireEvent.change(screen.getByRole('textbox', { name: /^(Serial number|Número de serie|Numéro de série)/ }), { target: { value: 'SN1' } });
  fireEvent.change(screen.getByRole('spinbutton', { name: /^(Expected quantity|Cantidad prevista|Quantité prévue)/ }), { target: { value: '2' } });
  await submitBlank(4);
  text += pageWords();
  cleanup();
  return text;
}

/** English words of the screens that must not survive a translation (Code, Notes, Reference are French or Spanish too). */
const ENGLISH = [
  'Receive Orders',
  'Dashboard',
  'Warehousing',
  'Supplier',
  'Warehouse',
  'Expected',
  'Received',
  'Partially received',
  'Status',
  'Search',
  'Add Receive Order',
  'Dec',
  'Create receive order',
  'Expected date',
  'Lines',
  'Add line',
  'Remove line',
  'Item',
  'Expected quantity',
  'Lot number',
  'Serial number',
  'Target bin',
  'is required',
  'must be',
  'serial number is received',
  'Cancel',
];

describe('the receive orders’ screens', () => {
  it('stay live on their warehouses’ receive orders: the topics’ state shows, a change reads the page again, a deleted order leaves it', async () => {
    expect(warehouseLive.made).toContainEqual({ list: receiveOrderList, tables: ['receive_orders'] });
    await expectLiveListFollows({ render: renderList, fetch: vi.mocked(listReceiveOrders), deletedId: 'r1', goneText: 'ACME-GR00041' });
  });
  it('keep the spec’s English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Receive Orders' })).toBeInTheDocument();
    expect(screen.getByText('300 / 1,500')).toBeInTheDocument();
    expect(screen.getByText('Dec 24, 2026')).toBeInTheDocument();
    cleanup();
    await renderCreate();
    await submitBlank(3);
    expect(screen.getByText('Supplier is required')).toBeInTheDocument();
    expect(screen.getByText('Warehouse is required')).toBeInTheDocument();
  });

  it.each([
    ['es', ['Órdenes de recepción', 'Recibida en parte', '300 / 1500', '24 dic 2026', 'Añadir orden de recepción', 'El proveedor es obligatorio', 'Un número de serie se recibe de uno en uno: cantidad 1', 'Ubicación de destino']],
    ['fr', ['Ordres de réception', 'Reçu en partie', '24 déc. 2026', 'Ajouter un ordre de réception', 'Le fournisseur est obligatoire', 'Un numéro de série se reçoit à l’unité : quantité 1', 'Emplacement de destination']],
  ] as const)('speak %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    const text = await allScreensText();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });
});
