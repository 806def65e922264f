// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { ToastProvider } from '../../../ui/toast';
import type { PickOrderRecord } from '../schema';
import { transitionPickOrder } from '../api';
import { PickOrderEditPage } from './PickOrderFormPage';

/** An order being picked: the form with picked quantities (one above its quantity), its summary, its actions and history. */
const record: PickOrderRecord = {
  id: 'p1',
  order: {
    id: 'p1',
    warehouse_id: 'w1',
    reference_number: 'ACME-PK00041',
    external_reference: null,
    order_type: 'individual',
    priority: 3,
    status: 'in_progress',
    notes: null,
    assigned_to: null,
    due_date: '2026-12-24',
    updated_at: '2026-11-21T10:00:00Z',
    item_details: [{ id: 'l1', item_id: 'i1', bin_id: 'b1', quantity: 2, picked_quantity: 5, reserved_quantity: 2, status: 'partially_picked' }],
    picking_progress: { total_items: 2, picked_items: 0, start_time: '2026-11-21T10:00:00Z', end_time: null, picker_notes: null },
  },
  warehouse: { id: 'w1', code: 'MAIN', name: 'Main depot' },
  assigned_to_user: null,
  items: [{ item_id: 'i1', name: 'Boots', sku: 'BT-1', bin_id: 'b1', bin_name: 'A-01', quantity: 2, picked_quantity: 5, status: 'partially_picked', order_reference: null }],
  batch: null,
  members: [],
  actions: ['completed', 'cancelled'],
};

vi.mock('../../../lib/tenant', () => ({ useTenantId: () => 't1' }));
vi.mock('../../../data/people', () => ({ personName: vi.fn(async () => null) }));
vi.mock('../../../data/warehouses', () => ({ warehouseLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => 'Main depot') }) }));
vi.mock('../../../data/inventory', () => ({ binLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }), inventoryItemLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
vi.mock('../../../data/warehouse-staff', () => ({ staffUserLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
const loaded: { record: PickOrderRecord } = { record };

vi.mock('../api', () => ({
  getPickOrder: vi.fn(async () => loaded.record),
  listPickOrderEvents: vi.fn(async () => [{ id: 'e1', from_status: null, status: 'pending', note: null, actor_name: 'Ada Admin', occurred_at: '2026-11-21T09:00:00Z' }]),
  savePickOrder: vi.fn(),
  assignPickOrder: vi.fn(),
  nextPickOrderReference: vi.fn(async () => 'ACME-PK00042'),
  takeOutOfPickBatch: vi.fn(),
  transitionPickOrder: vi.fn(),
}));

afterEach(async () => {
  cleanup();
  loaded.record = record;
  await act(() => applyLanguage('en'));
});

async function renderOrder() {
  const location = memoryLocation({ path: '/picking-orders/p1/edit' });
  await act(async () => {
    render(
      <ToastProvider>
        <Router hook={location.hook}>
          <Suspense fallback="loading">
            <Route path="/picking-orders/:id/edit">
              <PickOrderEditPage />
            </Route>
          </Suspense>
        </Router>
      </ToastProvider>,
    );
  });
  await screen.findByText(/Ada Admin/, undefined, { timeout: 5000 });
}

/** Everything a user reads: the text, and the placeholders and accessible names of the controls. */
function visibleWords(): string {
  const attributes = [...document.querySelectorAll('[placeholder], [aria-label]')].map((element) => `${element.getAttribute('placeholder') ?? ''} ${element.getAttribute('aria-label') ?? ''}`);
  return `${document.body.textContent ?? ''} ${attributes.join(' ')}`;
}

/** The page's English words that must not survive a translation (Notes, Actions, Type and Individual are French too). */
const ENGLISH = [
  'Pick order',
  'Picking Orders',
  'Dashboard',
  'Status',
  'Warehouse',
  'Picked',
  'Assigned To',
  'Assigned to',
  'Started / ended',
  'Reference number',
  'External reference',
  'Order type',
  'Priority',
  'Due date',
  'Items',
  'Add Item',
  'Remove Item',
  'Item',
  'Bin',
  'Quantity',
  'Picked quantity',
  'Picker notes',
  'Search staff',
  'Search items',
  'Search bins',
  'Save changes',
  'Cancel',
  'Complete',
  'Cancel pick order',
  'History',
  'Created',
  'Partially picked',
  'In progress',
  'Picked quantity cannot be more than the quantity',
  'Notes',
  'Actions',
  'Individual',
  'Type',
];
const FRENCH_TOO = ['Notes', 'Actions', 'Individual', 'Type'];

async function submitWithTooManyPicked() {
  await act(async () => {
    fireEvent.submit(screen.getByRole('form'));
  });
}

describe('the pick order’s page', () => {
  it('keeps the spec’s English', async () => {
    await renderOrder();
    expect(screen.getByRole('heading', { name: 'Pick order ACME-PK00041' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Reference number/ })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Picked quantity' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel pick order' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(screen.getByText('0 of 2')).toBeInTheDocument();
    await submitWithTooManyPicked();
    expect(await screen.findByText('Picked quantity cannot be more than the quantity')).toBeInTheDocument();
  });

  it.each([
    ['es', ['Orden de preparación ACME-PK00041', 'Número de referencia', 'Cantidad preparada', 'Completar', 'Cancelar la orden de preparación', 'Guardar cambios', '0 de 2', 'Inicio / fin', 'Buscar personal'], 'La cantidad preparada no puede superar la cantidad'],
    ['fr', ['Ordre de préparation ACME-PK00041', 'Numéro de référence', 'Quantité préparée', 'Terminer', 'Annuler l’ordre de préparation', 'Enregistrer les modifications', '0 sur 2', 'Début / fin', 'Rechercher du personnel'], 'La quantité préparée ne peut pas dépasser la quantité'],
  ] as const)('speaks %s with no English left, its validation too', async (language, words, invalid) => {
    await act(() => applyLanguage(language));
    await renderOrder();
    await submitWithTooManyPicked();
    expect(await screen.findByText(invalid)).toBeInTheDocument();
    const text = visibleWords();
    for (const word of words) expect(text).toContain(word);
    const same = language === 'fr' ? FRENCH_TOO : [];
    for (const word of ENGLISH.filter((english) => !same.includes(english))) expect(text).not.toMatch(new RegExp(`\\b${word}\\b`));
  });

  it('shows a finished order’s lines in Spanish', async () => {
    loaded.record = {
      ...record,
      order: { ...record.order, status: 'completed', notes: 'Fragile', picking_progress: { ...record.order.picking_progress, end_time: '2026-11-21T11:00:00Z', picker_notes: 'Box 2 dented' } },
      items: [{ ...record.items[0]!, picked_quantity: 2, status: 'picked' }],
      actions: [],
    };
    await act(() => applyLanguage('es'));
    await renderOrder();
    const text = visibleWords();
    for (const word of ['Ubicación A-01', '2 de 2', 'Preparado', 'Notas: Fragile', 'Notas del preparador: Box 2 dented', 'Esta orden de preparación está terminada.']) expect(text).toContain(word);
    for (const word of ['Bin', 'Notes', 'Picker notes', 'Picked', 'finished', 'of']) expect(text).not.toMatch(new RegExp(`\\b${word}\\b`));
  });

  it('says a refused move by its key in Spanish, and in the server’s English when the key is unknown', async () => {
    const english = 'Only admins, supervisors and managers of this warehouse can cancel a pick order';
    vi.mocked(transitionPickOrder).mockRejectedValueOnce(Object.assign(new Error(english), { key: 'pick.cancel_not_allowed' }));
    await act(() => applyLanguage('es'));
    await renderOrder();
    const cancel = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancelar la orden de preparación' }));
      const buttons = await screen.findAllByRole('button', { name: 'Cancelar la orden de preparación' });
      await act(async () => fireEvent.click(buttons[buttons.length - 1]!));
    };
    await cancel();
    expect(await screen.findByText('Solo los administradores, supervisores y gerentes de este almacén pueden cancelar una orden de preparación')).toBeInTheDocument();
    expect(screen.queryByText(english)).not.toBeInTheDocument();
    cleanup();
    vi.mocked(transitionPickOrder).mockRejectedValueOnce(Object.assign(new Error(english), { key: 'pick.some_newer_refusal' }));
    await renderOrder();
    await cancel();
    expect(await screen.findByText(english)).toBeInTheDocument();
  });
});
