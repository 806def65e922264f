// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import { warehouseLive } from '../../../test/warehouse-live';
import { listStock, listTransactions, regenerateLabel } from '../api';
import { stockList, transactionList } from '../list';
import type { InventoryItem, StockRow, TransactionRow } from '../schema';
import { InventoryItemCreatePage, InventoryItemEditPage } from './InventoryItemFormPage';
import { InventoryItemsListPage } from './InventoryItemsListPage';
import { InventoryStockListPage } from './InventoryStockListPage';
import { InventoryTransactionsListPage } from './InventoryTransactionsListPage';
import { StockCreatePage, TransactionCreatePage } from './StockFormPages';
import { cleanupInEnglish, renderPageAt } from '../../../test/render-page';

const item: InventoryItem = {
  id: 'i1',
  tenant_id: 't1',
  name: 'Zenbook 14',
  sku: 'ZB-14',
  barcode: null,
  description: 'Thin and light',
  category: 'Electronics',
  subcategory: 'Laptop',
  brand: 'ASUS',
  model: 'UX3405',
  unit_size: 1,
  weight: 1.2,
  dimensions: { length: 31, width: 22, height: 1.5, unit: 'in' },
  attributes: { color: 'Blue', connectivity: null, battery_life: null },
  label_status: 'pending',
  label_url: null,
  label_error: null,
  is_active: true,
  updated_at: '2026-11-21T10:00:00Z',
};
const failed: InventoryItem = { ...item, id: 'i2', name: 'Sofa', sku: 'SF-1', category: 'Furniture', subcategory: null, label_status: 'failed', label_error: null, is_active: false };

const stock: StockRow = {
  id: 's1',
  item_id: 'i1',
  warehouse_id: 'w1',
  bin_id: 'b1',
  item_name: 'Zenbook 14',
  item_sku: 'ZB-14',
  warehouse_name: 'Main depot',
  bin_code: 'A-01-01',
  quantity: 1200,
  reserved: 0,
  lot_number: null,
  serial_number: null,
  status: 'reserved',
  updated_at: '2026-11-21T10:00:00Z',
};

const transaction: TransactionRow = {
  id: 't1',
  transaction_type: 'move',
  reference_type: 'manual',
  quantity: 1500,
  lot_number: null,
  serial_number: null,
  stock_status: 'available',
  reason: null,
  created_at: '2026-11-21T10:00:00Z',
  performed_by: { id: 'u1', full_name: 'Marta Ruiz' },
  item: { id: 'i1', sku: 'ZB-14', name: 'Zenbook 14' },
  warehouse: { id: 'w1', name: 'Main depot' },
  from_bin: { id: 'b1', code: 'A-01-01' },
  to_bin: { id: 'b2', code: 'A-01-02' },
};

vi.mock('../../../lib/tenant', async (original) => ({ ...(await original<object>()), useTenantId: () => 't1' }));
vi.mock('../../../lib/tenant-settings', () => ({ useTenantSettings: () => ({ status: 'ready', settings: { units: { length: 'cm', weight: 'kg' } } }) }));
vi.mock('../../../lib/use-feed-changes', () => ({ useFeedChanges: () => ({ state: undefined }) }));
vi.mock('../../../data/warehouse-live', () => import('../../../test/warehouse-live'));
vi.mock('../../../data/inventory', () => ({ inventoryItemLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }), binLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
vi.mock('../../../data/locations', () => ({ locationLabel: vi.fn(async () => null) }));
vi.mock('../../../data/warehouses', () => ({ warehouseLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
vi.mock('../api', () => ({
  listItems: vi.fn(async () => ({ rows: [item, failed], total: 2 })),
  getItem: vi.fn(async () => item),
  createItem: vi.fn(),
  updateItem: vi.fn(),
  renderLabel: vi.fn(),
  regenerateLabel: vi.fn(),
  labelUrl: vi.fn(),
  listStock: vi.fn(async () => ({ rows: [stock], total: 1 })),
  listTransactions: vi.fn(async () => ({ rows: [transaction], total: 1 })),
  recordTransaction: vi.fn(),
}));

afterEach(cleanupInEnglish);

const wait = { timeout: 5000 };
const renderItems = () => renderPageAt('/inventory-items', '/inventory-items', <InventoryItemsListPage />, () => screen.findByText('ZB-14', undefined, wait));
const renderStock = () => renderPageAt('/inventory-stock', '/inventory-stock', <InventoryStockListPage />, () => screen.findByText('A-01-01', undefined, wait));
const renderTransactions = () => renderPageAt('/inventory-transactions', '/inventory-transactions', <InventoryTransactionsListPage />, () => screen.findByText('A-01-02', undefined, wait));
const renderEdit = () => renderPageAt('/inventory-items/i1/edit', '/inventory-items/:id/edit', <InventoryItemEditPage />, () => screen.findByDisplayValue('Thin and light', undefined, wait));
const renderCreate = () => renderPageAt('/inventory-items/new', '/inventory-items/new', <InventoryItemCreatePage />, () => screen.findByRole('form', undefined, wait));
const renderAddStock = () => renderPageAt('/inventory-stock/new', '/inventory-stock/new', <StockCreatePage />, () => screen.findByRole('form', undefined, wait));
const renderTransaction = () => renderPageAt('/inventory-transactions/new', '/inventory-transactions/new', <TransactionCreatePage />, () => screen.findByRole('form', undefined, wait));

/** Submits a form as it opened, so its required fields say their messages. */
async function submitBlank(count: number) {
  await act(async () => {
    fireEvent.submit(screen.getByRole('form'));
  });
  await waitFor(() => expect(document.querySelectorAll('[id$="-error"]').length).toBeGreaterThanOrEqual(count));
}

/** Every inventory screen's words, the forms' messages included. */
async function allScreensText(): Promise<string> {
  let text = '';
  for (const open of [renderItems, renderStock, renderTransactions, renderEdit]) {
    await open();
    text += pageWords();
    cleanup();
  }
  await renderCreate();
  fireEvent.change(screen.getByRole('spinbutton', { name: /Unit size|Tamaño|Taille/ }), { target: { value: '' } });
  await submitBlank(3);
  text += pageWords();
  cleanup();
  await renderAddStock();
  await submitBlank(3);
  text += pageWords();
  cleanup();
  await renderTransaction();
  fireEvent.change(screen.getByRole('combobox', { name: /^(Type|Tipo)/ }), { target: { value: 'adjust' } });
  await submitBlank(4);
  text += pageWords();
  cleanup();
  return text;
}

/** English words of the screens that must not survive a translation (Description, Dimensions, Type, Date, Stock, Manual, Color are French or Spanish too). */
const ENGLISH = [
  'Inventory Items',
  'Inventory Stock',
  'Inventory Transactions',
  'Dashboard',
  'Warehousing',
  'Name',
  'Barcode',
  'Category',
  'Subcategory',
  'Brand',
  'Label',
  'Status',
  'Last updated',
  'Pending',
  'Failed',
  'Active',
  'Inactive',
  'Electronics',
  'Furniture',
  'Laptop',
  'Add Item',
  'Search',
  'Item',
  'Warehouse',
  'Bin',
  'Quantity',
  'Lot number',
  'Serial number',
  'Reserved',
  'Add Stock',
  'Performed by',
  'Transaction type',
  'Reference type',
  'From bin',
  'To bin',
  'When',
  'Move',
  'Add Transaction',
  'Nov',
  'Edit inventory item',
  'Create inventory item',
  'Save changes',
  'Unit size',
  'Model',
  'Weight',
  'Length',
  'Width',
  'Height',
  'Unit',
  'Attributes',
  'Connectivity',
  'Battery life',
  'in',
  'is required',
  'Must be',
  'Opening receipt',
  'Adjustment',
  'Condition',
  'Available',
  'Reason',
  'Record',
  'Create',
  'Cancel',
];

describe('the inventory screens', () => {
  it.each([
    ['stock', stockList, listStock, renderStock],
    ['transactions', transactionList, listTransactions, renderTransactions],
  ] as const)('the %s list stays live on its warehouses’ stock: the topics’ state shows, a change reads the page again', async (_name, list, read, open) => {
    expect(warehouseLive.made).toContainEqual({ list, tables: ['inventory_stock'] });
    warehouseLive.state = 'live';
    try {
      await open();
      expect(screen.getByText('Live')).toBeInTheDocument();
      expect(warehouseLive.handed?.tenantId).toBe('t1');
      const reads = vi.mocked(read).mock.calls.length;
      await act(async () => warehouseLive.handed?.page.refetchLive());
      await waitFor(() => expect(vi.mocked(read)).toHaveBeenCalledTimes(reads + 1));
    } finally {
      warehouseLive.state = undefined;
    }
  });

  it('keep the spec’s English', async () => {
    await renderItems();
    expect(screen.getByRole('heading', { name: 'Inventory Items' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Item' })).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    cleanup();
    await renderStock();
    expect(screen.getByText('1,200')).toBeInTheDocument();
    expect(screen.getByText('Reserved')).toBeInTheDocument();
    cleanup();
    await renderCreate();
    await submitBlank(2);
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('SKU is required')).toBeInTheDocument();
    cleanup();
    await renderTransaction();
    fireEvent.change(screen.getByRole('combobox', { name: /^Type/ }), { target: { value: 'adjust' } });
    await submitBlank(4);
    for (const message of ['Item is required', 'Warehouse is required', 'Quantity must be a whole number above 0', 'A reason is required for adjustments']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
  });

  it.each([
    ['es', ['Artículos de inventario', 'Existencias', 'Movimientos de inventario', 'Añadir artículo', 'Electrónica', 'Portátil', 'Pendiente', 'Reservado', '1200', 'Traslado', 'pulg.', 'El nombre es obligatorio', 'Entrada inicial', 'Los ajustes requieren un motivo', '21 nov 2026']],
    ['fr', ['Articles en stock', 'Mouvements de stock', 'Ajouter un article', 'Électronique', 'Ordinateur portable', 'En attente', 'Réservé', 'Transfert', 'po', 'Le nom est obligatoire', 'Réception initiale', 'Un motif est obligatoire pour les ajustements', '21 nov. 2026']],
  ] as const)('speak %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    const text = await allScreensText();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });
});

describe('regenerating a label', () => {
  it('says the database’s refusal by its key in the page’s language, and its English when the key is unknown', async () => {
    const refusal = (key: string) => ({
      code: '42501',
      message: 'Only administrators can regenerate labels',
      details: JSON.stringify([{ key, message: 'Only administrators can regenerate labels' }]),
      hint: null,
    });
    vi.mocked(regenerateLabel).mockRejectedValueOnce(refusal('inventory.label_regenerate_not_allowed')).mockRejectedValueOnce(refusal('inventory.newer_refusal'));
    await act(() => applyLanguage('fr'));
    await renderItems();
    for (const said of ['Seuls les administrateurs peuvent régénérer les étiquettes', 'Only administrators can regenerate labels']) {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Actions pour Zenbook 14' }));
      });
      const regenerate = await screen.findByRole('menuitem', { name: 'Régénérer l’étiquette' }, wait);
      await act(async () => {
        fireEvent.click(regenerate);
      });
      expect(await screen.findByText(said, undefined, wait)).toBeInTheDocument();
    }
  });

  it('says its own words when the call fails without a refusal', async () => {
    vi.mocked(regenerateLabel).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await renderItems();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Actions for Zenbook 14' }));
    });
    const regenerate = await screen.findByRole('menuitem', { name: 'Regenerate label' }, wait);
    await act(async () => {
      fireEvent.click(regenerate);
    });
    expect(await screen.findByText('The label could not be regenerated', undefined, wait)).toBeInTheDocument();
  });
});
