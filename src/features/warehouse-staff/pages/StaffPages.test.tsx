// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import type { WarehouseStaff } from '../../../data/warehousing';
import { StaffCreatePage, StaffEditPage } from './StaffFormPage';
import { StaffListPage } from './StaffListPage';
import { cleanupInEnglish, renderPageAt, submitEmpty } from '../../../test/render-page';

const staff: WarehouseStaff = {
  id: 'st1',
  tenant_id: 't1',
  warehouse_id: 'w1',
  user_id: 'u1',
  role: 'dispatcher_liaison',
  active: false,
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  user: { id: 'u1', full_name: 'Pablo Pérez', email: 'pablo@example.com' },
  warehouse: { id: 'w1', name: 'Almacén Norte', code: 'WH-N' },
};

vi.mock('../../../lib/tenant', async (original) => ({ ...(await original<object>()), useTenantId: () => 't1' }));
vi.mock('../../../data/people', () => ({ tenantUserLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => 'Pablo Pérez') }) }));
vi.mock('../../../data/warehouses', () => ({
  useWarehouseChoices: () => [{ id: 'w1', name: 'Almacén Norte', code: 'WH-N' }],
  warehouseLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => 'Almacén Norte') }),
}));
vi.mock('../api', () => ({
  listStaff: vi.fn(async () => ({ rows: [staff], total: 1 })),
  getStaff: vi.fn(async () => staff),
  createStaff: vi.fn(),
  updateStaff: vi.fn(),
  removeStaff: vi.fn(),
}));

afterEach(cleanupInEnglish);

const renderList = () => renderPageAt('/staff', '/staff', <StaffListPage />, () => screen.findByText('pablo@example.com', undefined, { timeout: 5000 }));
const renderEdit = () => renderPageAt('/staff/st1/edit', '/staff/:id/edit', <StaffEditPage />, () => screen.findByRole('switch', undefined, { timeout: 5000 }));
const renderCreate = () => renderPageAt('/staff/create', '/staff/create', <StaffCreatePage />, () => screen.findByRole('form', undefined, { timeout: 5000 }));

/** English words of the screens that must not survive a translation. */
const ENGLISH = [
  'Staff',
  'Warehouse staff',
  'Dashboard',
  'Name',
  'Email',
  'Warehouse',
  'Role',
  'Status',
  'Since',
  'Inactive',
  'Dispatcher liaison',
  'Add staff',
  'Search by name',
  'Edit staff',
  'Create',
  'Edit',
  'Person',
  'Search warehouses',
  'people',
  'Active',
  'Inactive staff',
  'Save changes',
  'Cancel',
  'is required',
];

describe('the warehouse staff’s screens', () => {
  it('keep the spec’s English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Staff' })).toBeInTheDocument();
    expect(screen.getByText('Dispatcher liaison')).toBeInTheDocument();
    expect(screen.getByText('Nov 21, 2026')).toBeInTheDocument();
    cleanup();
    await renderEdit();
    expect(screen.getByRole('heading', { name: 'Edit staff' })).toBeInTheDocument();
    cleanup();
    await renderCreate();
    await submitEmpty(/is required|obligatori[ao]|obligatoire/);
    for (const message of ['Warehouse is required', 'User is required', 'Role is required']) expect(screen.getByText(message)).toBeInTheDocument();
  });

  it.each([
    ['es', ['Personal', 'Añadir personal', 'Enlace con despacho', '21 nov 2026', 'Editar personal', 'Persona', 'Guardar cambios', 'El almacén es obligatorio', 'El rol es obligatorio']],
    ['fr', ['Personnel', 'Ajouter du personnel', 'Liaison avec la répartition', '21 nov. 2026', 'Modifier le membre du personnel', 'Personne', 'Enregistrer les modifications', 'L’entrepôt est obligatoire', 'Le rôle est obligatoire']],
  ] as const)('speak %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    let text = '';
    await renderList();
    text += pageWords();
    cleanup();
    await renderEdit();
    text += pageWords();
    cleanup();
    await renderCreate();
    await submitEmpty(/is required|obligatori[ao]|obligatoire/);
    text += pageWords();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });
});
