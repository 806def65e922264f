// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import { saveWarehouse } from '../api';
import type { Warehouse } from '../schema';
import { WarehouseDetailPage } from './WarehouseDetailPage';
import { WarehouseCreatePage, WarehouseEditPage } from './WarehouseFormPage';
import { WarehousesListPage } from './WarehousesListPage';
import { cleanupInEnglish, renderPageAt, submitEmpty } from '../../../test/render-page';

const address = { id: 'a1', title: { en: 'Depósito central' }, full_address: '1 Calle Mayor, Madrid', latitude: 40.4, longitude: -3.7 };
const warehouse: Warehouse = {
  id: 'w1',
  tenant_id: 't1',
  name: 'Almacén Norte',
  code: 'WH-N',
  address_id: 'a1',
  status: 'active',
  total_capacity: 1000,
  available_capacity: 250,
  access_mode: 'select_users',
  user_ids: ['u1'],
  features: { climate_control: true, security_level: 'high', dock_doors: 4, hazardous_materials: false, refrigeration: true, cross_docking: false },
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  address: address as Warehouse['address'],
};

vi.mock('../../../lib/tenant', async (original) => ({ ...(await original<object>()), useTenantId: () => 't1' }));
vi.mock('../../../data/addresses', () => ({ tenantAddressLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
vi.mock('../../../data/people', () => ({ personName: vi.fn(async () => 'Pablo Pérez') }));
vi.mock('../../../data/warehouse-staff', () => ({
  staffUserLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => 'Pablo Pérez') }),
  listWarehouseStaff: vi.fn(async () => [{ id: 'st1', tenant_id: 't1', warehouse_id: 'w1', user_id: 'u1', role: 'picker', active: false, user: { id: 'u1', full_name: 'Pablo Pérez', email: 'pablo@example.com' }, created_at: '2026-11-21T10:00:00Z', updated_at: '2026-11-21T10:00:00Z' }]),
}));
vi.mock('../../../data/locations', () => ({
  locationTree: (tenantId: string, warehouseId: string) => ({
    loadKey: `${tenantId}/${warehouseId}`,
    load: async () => [{ id: 'l1', parent_id: null, location_type: 'zone', name: 'Frío', code: 'Z-1', status: 'active' }],
    hrefOf: () => '/locations/l1/edit',
    statusOf: () => null,
  }),
}));
vi.mock('../api', () => ({
  listWarehouses: vi.fn(async () => ({ rows: [warehouse], total: 1 })),
  getWarehouse: vi.fn(async () => warehouse),
  saveWarehouse: vi.fn(),
}));

afterEach(cleanupInEnglish);

const renderList = () => renderPageAt('/warehouses', '/warehouses', <WarehousesListPage />, () => screen.findByText('WH-N', undefined, { timeout: 5000 }));
const renderEdit = () => renderPageAt('/warehouses/w1/edit', '/warehouses/:id/edit', <WarehouseEditPage />, () => screen.findByDisplayValue('WH-N', undefined, { timeout: 5000 }));
const renderCreate = () => renderPageAt('/warehouses/new', '/warehouses/new', <WarehouseCreatePage />, () => screen.findByRole('form', undefined, { timeout: 5000 }));
const renderDetail = () => renderPageAt('/warehouses/w1', '/warehouses/:id', <WarehouseDetailPage />, () => screen.findByText('Z-1', { exact: false }, { timeout: 5000 }));

/** English words of the screens that must not survive a translation (Code, Total, Stock, Zone and Access words shared with French are left out). */
const ENGLISH = [
  'Warehouses',
  'Warehouse',
  'Dashboard',
  'Name',
  'Address',
  'Status',
  'Active',
  'Inactive',
  'Total capacity',
  'Available',
  'Access',
  'Selected Users',
  'Add warehouse',
  'Search name',
  'Edit warehouse',
  'Create warehouse',
  'Create',
  'Edit',
  'Access mode',
  'Users with access',
  'Staff of',
  'Features',
  'Security level',
  'High',
  'Dock doors',
  'Climate control',
  'Refrigeration',
  'Hazardous materials',
  'No hazardous',
  'Cross docking',
  'Save changes',
  'Cancel',
  'is required',
  'Add location',
  'Locations',
  'Capacity',
  'Used',
  'used',
  'Staff',
  'Location tree',
  'Picker',
  'Map',
  'Map unavailable',
  'Centre',
];

describe('the warehouses’ screens', () => {
  it('keep the spec’s English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Warehouses' })).toBeInTheDocument();
    expect(screen.getByText('1,000')).toBeInTheDocument();
    expect(screen.getByText('Selected Users')).toBeInTheDocument();
    cleanup();
    await renderEdit();
    expect(screen.getByRole('heading', { name: 'Edit warehouse' })).toBeInTheDocument();
    cleanup();
    await renderDetail();
    expect(screen.getByRole('meter', { name: 'Capacity used' })).toHaveAttribute('aria-valuetext', '75% used');
    expect(screen.getByText('No hazardous materials')).toBeInTheDocument();
    expect(screen.getByText('Selected Users', { exact: false })).toHaveTextContent('Selected Users (1)');
    cleanup();
    await renderCreate();
    await submitEmpty(/!$/);
    for (const message of ['Warehouse name is required!', 'Warehouse code is required!', 'Address is required!']) expect(screen.getByText(message)).toBeInTheDocument();
  });

  it.each([
    ['es', ['Almacenes', 'Añadir almacén', 'Usuarios seleccionados', 'Editar almacén', 'Nivel de seguridad', 'Alto', 'Sin materiales peligrosos', 'Árbol de ubicaciones', 'Zona', 'Guardar cambios', '¡El nombre del almacén es obligatorio!']],
    ['fr', ['Entrepôts', 'Ajouter un entrepôt', 'Utilisateurs sélectionnés', 'Modifier l’entrepôt', 'Niveau de sécurité', 'Élevé', 'Sans matières dangereuses', 'Arborescence des emplacements', 'Zone', 'Enregistrer les modifications', 'Le nom de l’entrepôt est obligatoire !']],
  ] as const)('speak %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    let text = '';
    await renderList();
    text += pageWords();
    cleanup();
    await renderEdit();
    text += pageWords();
    cleanup();
    await renderDetail();
    text += pageWords();
    cleanup();
    await renderCreate();
    await submitEmpty(/!$/);
    text += pageWords();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });

  it('show the database’s refusals and the save’s notice by their keys in Spanish', async () => {
    // What PostgREST hands supabase-js: the details are the JSON text of the keyed problems.
    const refusal = (code: string, message: string, problems: object[]) => Object.assign(new Error(message), { code, message, details: JSON.stringify(problems), hint: null });
    vi.mocked(saveWarehouse)
      .mockRejectedValueOnce(refusal('23514', 'Validation failed', [{ key: 'warehouses.code_taken', field: 'code', message: 'Warehouse code already exists' }]))
      .mockRejectedValueOnce(refusal('PT404', 'Warehouse not found', [{ key: 'warehouses.not_found', message: 'Warehouse not found' }]))
      .mockResolvedValueOnce({ message: 'Warehouse updated successfully', key: 'warehouses.updated', record: warehouse });
    await act(() => applyLanguage('es'));
    await renderEdit();
    const submit = async () => {
      await act(async () => {
        fireEvent.submit(screen.getByRole('form'));
      });
    };
    await submit();
    await waitFor(() => expect(screen.getByDisplayValue('WH-N')).toHaveAccessibleDescription(expect.stringContaining('El código del almacén ya existe')));
    await submit();
    expect(await screen.findByText('No se encontró el almacén')).toBeInTheDocument();
    await submit();
    expect(await screen.findByText('Almacén actualizado correctamente')).toBeInTheDocument();
    expect(screen.queryByText(/Warehouse code already exists|Warehouse not found|Warehouse updated successfully/)).not.toBeInTheDocument();
  });
});
