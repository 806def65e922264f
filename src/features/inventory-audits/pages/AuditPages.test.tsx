// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import type { AuditRow, CountSheet, ReviewLine } from '../schema';
import { InventoryAuditCountPage } from './InventoryAuditCountPage';
import { InventoryAuditCreatePage } from './InventoryAuditCreatePage';
import { InventoryAuditsListPage } from './InventoryAuditsListPage';
import { cleanupInEnglish, renderPageAt } from '../../../test/render-page';

const row: AuditRow = {
  id: 'a1',
  warehouse_id: 'w1',
  audit_type: 'cycle_count',
  status: 'scheduled',
  scheduled_date: '2026-12-24',
  notes: 'Aisle A',
  created_at: '2026-11-21T10:00:00Z',
  created_by_name: null,
  completed_by_name: null,
  warehouse_name: 'Main depot',
  warehouse_code: 'MAIN',
  line_count: 2,
  counted_count: 0,
};

const line = { item_id: 'i1', barcode: null, bin_id: 'b1', recount_round: 1 };
const sheet: CountSheet = {
  id: 'a1',
  audit: { id: 'a1', warehouse_id: 'w1', audit_type: 'spot_check', status: 'in_progress', scheduled_date: '2026-12-24', notes: null, created_at: '2026-11-21T10:00:00Z', created_by_name: 'Marta Ruiz', completed_by_name: null },
  warehouse: { id: 'w1', code: 'MAIN', name: 'Main depot' },
  lines: [
    { ...line, id: 'l1', position: 1, item_name: 'Zenbook 14', sku: 'ZB-14', bin_code: 'A-01-01', lot_number: 'L7', serial_number: null, counted_quantity: 1500, recount_round: 2 },
    { ...line, id: 'l2', position: 2, item_name: 'Sofa', sku: 'SF-1', bin_code: 'A-01-02', lot_number: null, serial_number: 'SN9', counted_quantity: null },
  ],
  actions: ['count', 'review', 'recount', 'completed', 'cancelled'],
};
const review: ReviewLine[] = [
  { id: 'l1', position: 1, item_name: 'Zenbook 14', sku: 'ZB-14', bin_code: 'A-01-01', lot_number: null, serial_number: null, expected_quantity: 1200, counted_quantity: 1500, variance: 300, reason: null, recount_round: 2, moved_while_open: true },
];

vi.mock('../../../lib/tenant', async (original) => ({ ...(await original<object>()), useTenantId: () => 't1' }));
vi.mock('../../../data/inventory', () => ({ inventoryItemLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }), binLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
vi.mock('../../../data/warehouses', () => ({ warehouseLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
vi.mock('../api', () => ({
  listAudits: vi.fn(async () => ({ rows: [row], total: 1 })),
  createAudit: vi.fn(),
  getCountSheet: vi.fn(async () => sheet),
  getReview: vi.fn(async () => review),
  moveAudit: vi.fn(),
  requestRecount: vi.fn(),
  saveCount: vi.fn(),
}));

afterEach(cleanupInEnglish);

const wait = { timeout: 5000 };
const renderList = () => renderPageAt('/inventory-audits', '/inventory-audits', <InventoryAuditsListPage />, () => screen.findByText('Aisle A', undefined, wait));
const renderCreate = () => renderPageAt('/inventory-audits/create', '/inventory-audits/create', <InventoryAuditCreatePage />, () => screen.findByRole('form', undefined, wait));
const renderCount = () => renderPageAt('/inventory-audits/a1', '/inventory-audits/:id', <InventoryAuditCountPage />, () => screen.findByText('+300', undefined, wait));

async function submitBlank(count: number) {
  await act(async () => {
    fireEvent.submit(screen.getAllByRole('form')[0]);
  });
  await waitFor(() => expect(document.querySelectorAll('[id$="-error"]').length).toBeGreaterThanOrEqual(count));
}

async function allScreensText(cancel: RegExp): Promise<string> {
  let text = '';
  await renderList();
  text += pageWords();
  cleanup();
  await renderCreate();
  await submitBlank(2);
  text += pageWords();
  cleanup();
  await renderCount();
  await submitBlank(3);
  fireEvent.click(screen.getByRole('button', { name: cancel }));
  await screen.findByRole('alertdialog');
  text += pageWords();
  cleanup();
  return text;
}

/** English words of the screens that must not survive a translation (Notes, Audit, Type, Lot are French or Spanish too). */
const ENGLISH = [
  'Inventory Audits',
  'Dashboard',
  'Created by',
  'Completed by',
  'Warehouse',
  'Audit type',
  'Status',
  'Created at',
  'Scheduled date',
  'Unknown',
  'Cycle count',
  'Spot check',
  'Scheduled',
  'Add Audit',
  'Search',
  'Create audit',
  'What it covers',
  'A full count',
  'Bin',
  'Item',
  'is required',
  'Inventory audit',
  'Created',
  'Counted',
  'Cancel audit',
  'Count a line',
  'Next',
  'Scan or type',
  'Counted quantity',
  'Save line',
  'Lines',
  'Serial',
  'Not counted',
  'Round',
  'Review of variances',
  'Expected',
  'Variance',
  'Reason',
  'Stock moved',
  'Recount lines',
  'Request recount',
  'Complete audit',
  'Cancel this audit',
  'Keep audit',
  'Dec',
  'Nov',
];

describe('the inventory audits’ screens', () => {
  it('keep the spec’s English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Inventory Audits' })).toBeInTheDocument();
    expect(screen.getByText('Cycle count')).toBeInTheDocument();
    expect(screen.getByText('Dec 24, 2026')).toBeInTheDocument();
    cleanup();
    await renderCreate();
    await submitBlank(2);
    expect(screen.getByText('Warehouse is required')).toBeInTheDocument();
    expect(screen.getByText('Audit type is required')).toBeInTheDocument();
    cleanup();
    await renderCount();
    expect(screen.getByText('Spot check · Main depot')).toBeInTheDocument();
    expect(screen.getByText('Counted 1,500')).toBeInTheDocument();
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    await submitBlank(3);
    expect(screen.getByText('Scan or type the bin')).toBeInTheDocument();
    expect(screen.getByText('Counted quantity must be a whole number, 0 or more')).toBeInTheDocument();
  });

  it.each([
    ['es', /Cancelar la auditoría/, ['Auditorías de inventario', 'Recuento cíclico', '24 dic 2026', 'El almacén es obligatorio', 'Control puntual · Main depot', 'Contado: 1500', 'Escanee o escriba la ubicación', '¿Cancelar esta auditoría?', 'Revisión de diferencias']],
    ['fr', /Annuler l’inventaire/, ['Inventaires', 'Inventaire tournant', '24 déc. 2026', 'L’entrepôt est obligatoire', 'Contrôle ponctuel · Main depot', 'Scannez ou saisissez l’emplacement', 'Annuler cet inventaire ?', 'Revue des écarts']],
  ] as const)('speak %s with no English left', async (language, cancel, words) => {
    await act(() => applyLanguage(language));
    const text = await allScreensText(cancel);
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });
});
