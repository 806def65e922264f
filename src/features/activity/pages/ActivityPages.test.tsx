// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import { ToastProvider } from '../../../ui/toast';
import { RecordHistory } from '../components/RecordHistory';
import type { AuditEntry } from '../schema';
import { ActivityPage } from './ActivityPage';
import { cleanupInEnglish } from '../../../test/render-page';

const entries: AuditEntry[] = [
  {
    id: 'a1',
    tenant_id: 't1',
    actor_id: 'u1',
    actor_name: 'Ada Admin',
    table_name: 'vehicles',
    row_id: 'v1',
    action: 'update',
    changed_columns: ['capacity_unit', 'active'],
    old_values: { capacity_unit: 40, active: true },
    new_values: { capacity_unit: 45, active: false },
    record_label: 'Furgo 7',
    created_at: '2026-11-20T10:00:00Z',
  },
  {
    id: 'a2',
    tenant_id: 't1',
    actor_id: null,
    actor_name: null,
    table_name: 'warehouses',
    row_id: 'w1',
    action: 'insert',
    changed_columns: ['name'],
    old_values: null,
    new_values: { name: 'Almacén Norte' },
    record_label: null,
    created_at: '2026-11-19T10:00:00Z',
  },
  {
    id: 'a3',
    tenant_id: 't1',
    actor_id: 'u9',
    actor_name: null,
    table_name: 'addresses',
    row_id: 'ad1',
    action: 'delete',
    changed_columns: [],
    old_values: null,
    new_values: null,
    record_label: 'Casa',
    created_at: '2026-11-18T10:00:00Z',
  },
  // Tables and columns beyond the five with screens of their own: every generated one has its words (table-words.ts).
  {
    id: 'a4',
    tenant_id: 't1',
    actor_id: 'u1',
    actor_name: 'Ada Admin',
    table_name: 'pick_orders',
    row_id: 'po1',
    action: 'update',
    changed_columns: ['status', 'completed_at', 'picker_notes'],
    old_values: { status: 'picking', completed_at: null, picker_notes: null },
    new_values: { status: 'completed', completed_at: '2026-11-17T10:00:00Z', picker_notes: 'Caja 2' },
    record_label: 'PO-0042',
    created_at: '2026-11-17T10:00:00Z',
  },
  {
    id: 'a5',
    tenant_id: 't1',
    actor_id: 'u1',
    actor_name: 'Ada Admin',
    table_name: 'package_handoffs',
    row_id: 'ph1',
    action: 'insert',
    changed_columns: ['warehouse_staff_id'],
    old_values: null,
    new_values: { warehouse_staff_id: 'u1' },
    record_label: 'PH-7',
    created_at: '2026-11-16T10:00:00Z',
  },
];

vi.mock('../../../lib/tenant', () => ({ useTenantId: () => 't1' }));
vi.mock('../api', () => ({
  listActivity: vi.fn(async () => ({ rows: entries, total: entries.length })),
  listAuditActors: vi.fn(async () => [{ id: 'u1', name: 'Ada Admin' }]),
  listAuditTables: vi.fn(async () => ['vehicles', 'warehouses', 'addresses', 'pick_orders', 'package_handoffs']),
  listRecordHistory: vi.fn(async () => ({ entries, more: true })),
}));

afterEach(cleanupInEnglish);

async function renderIn(node: ReactNode, ready: () => Promise<unknown>) {
  const location = memoryLocation({ path: '/activity' });
  await act(async () => {
    render(
      <ToastProvider>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <Suspense fallback="loading">{node}</Suspense>
        </Router>
      </ToastProvider>,
    );
  });
  await ready();
}

/** The log, with the first entry's changes open in the dialog. */
async function renderLog() {
  await renderIn(<ActivityPage />, () => screen.findAllByText('Furgo 7', undefined, { timeout: 5000 }));
  const view = screen.getAllByRole('button').find((button) => /Furgo 7/.test(button.getAttribute('aria-label') ?? ''))!;
  await act(async () => {
    fireEvent.click(view);
  });
  await screen.findByRole('dialog', undefined, { timeout: 5000 });
}

const renderHistory = () => renderIn(<RecordHistory tableName="vehicles" rowId="v1" />, () => screen.findAllByText('Furgo 7', undefined, { timeout: 5000 }).catch(() => screen.findByText('45', undefined, { timeout: 5000 })));

/** English words of the activity screens that must not survive a translation (Action, Table, Date are French too). */
const ENGLISH = [
  'Activity',
  'Dashboard',
  'Every change',
  'When',
  'User',
  'Record',
  'Changes',
  'Details',
  'View',
  'View changes',
  'Created',
  'Updated',
  'Deleted',
  'Vehicles',
  'Warehouses',
  'Addresses',
  'record',
  'System',
  'Former user',
  'History',
  'Show older changes',
  'Changed fields',
  'Field',
  'Before',
  'After',
  'No field values recorded',
  'Capacity unit',
  'Pick orders',
  'Status',
  'Completed at',
  'Picker notes',
  'Package handoffs',
  'Warehouse staff member',
  'true',
  'false',
  'Yes',
];

describe('the activity screens', () => {
  it('keep the spec’s English', { timeout: 60_000 }, async () => {
    await renderLog();
    expect(screen.getByText('Created warehouses record')).toBeInTheDocument();
    expect(screen.getByText('Former user')).toBeInTheDocument();
    expect(screen.getAllByText('Capacity unit').length).toBeGreaterThan(0);
    expect(screen.getByText('Pick orders:', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Status, Completed at, Picker notes')).toBeInTheDocument();
    expect(screen.getByText('Created package handoffs record')).toBeInTheDocument();
    const active = within(screen.getByRole('dialog')).getByRole('row', { name: /Active/ });
    expect(active).toHaveTextContent('Yes');
    expect(active).toHaveTextContent('No');
    expect(screen.getByRole('dialog', { name: 'Updated: Vehicles Furgo 7' })).toBeInTheDocument();
    cleanup();
    await renderHistory();
    expect(screen.getByRole('button', { name: 'Show older changes' })).toBeInTheDocument();
  });

  it.each([
    ['es', ['Actividad', 'Cuándo', 'Actualizado', 'Se creó un almacén', 'Sistema', 'Antiguo usuario', 'Actualizado: Vehículos Furgo 7', 'Antes', 'Después', 'Historial', 'Mostrar cambios anteriores', 'Unidad de capacidad', 'Órdenes de preparación: ', 'Estado, Completado el, Notas del preparador', 'Se creó una entrega de paquetes', 'Miembro del personal del almacén', 'Sí']],
    ['fr', ['Activité', 'Quand', 'Modifié', 'Un entrepôt a été créé', 'Système', 'Ancien utilisateur', 'Modifié : Véhicules Furgo 7', 'Avant', 'Après', 'Historique', 'Afficher les modifications précédentes', 'Unité de capacité', 'Ordres de préparation : ', 'Statut, Terminé le, Notes du préparateur', 'Une remise de colis a été créée', 'Membre du personnel de l’entrepôt', 'Oui', 'Non']],
  ] as const)('speak %s with no English left', { timeout: 60_000 }, async (language, words) => {
    await act(() => applyLanguage(language));
    let text = '';
    await renderLog();
    text += pageWords();
    cleanup();
    await renderHistory();
    text += pageWords();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });
});
