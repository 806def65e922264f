// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import type { WarehouseLocation } from '../schema';
import { LocationCreatePage, LocationEditPage } from './LocationFormPage';
import { LocationsListPage } from './LocationsListPage';
import { cleanupInEnglish, renderPageAt, submitEmpty } from '../../../test/render-page';

const location: WarehouseLocation = {
  id: 'l1',
  tenant_id: 't1',
  warehouse_id: 'w1',
  location_type: 'shelf',
  name: 'Estante frío',
  parent_id: 'l0',
  code: 'Z1-A1-S1',
  position: { height: 120, sequence: 2 },
  capacity: { max_weight: 500 },
  status: 'active',
  metadata: { security_level: 'high', special_handling: ['fragile'], access_restrictions: ['key-card'], notes: 'Cajas ligeras' },
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
};

vi.mock('../../../lib/tenant', async (original) => ({ ...(await original<object>()), useTenantId: () => 't1' }));
vi.mock('../../../data/warehouses', () => ({
  useWarehouseChoices: () => [{ id: 'w1', name: 'Almacén Norte', code: 'WH-N' }],
  warehouseLookup: () => ({ search: async () => [], resolveLabel: async () => 'Almacén Norte' }),
}));
vi.mock('../../../data/locations', () => ({
  locationLabel: vi.fn(async () => 'Z1-A1 · Pasillo 1'),
  lookupLocationsOfType: vi.fn(async () => []),
  locationTree: (tenantId: string, warehouseId: string) => ({
    loadKey: `${tenantId}/${warehouseId}`,
    load: async () => [{ id: 'l0', parent_id: null, location_type: 'aisle', name: 'Pasillo 1', code: 'Z1-A1', status: 'active' }],
    hrefOf: () => '/locations/l0/edit',
    statusOf: () => null,
  }),
}));
vi.mock('../labels', () => ({ renderBinLabels: vi.fn() }));
vi.mock('../api', () => ({
  listLocations: vi.fn(async () => ({ rows: [location], total: 1 })),
  listLocationsByIds: vi.fn(async () => [location]),
  getLocation: vi.fn(async () => location),
  createLocation: vi.fn(),
  updateLocation: vi.fn(),
}));

afterEach(cleanupInEnglish);

const renderList = () => renderPageAt('/locations', '/locations', <LocationsListPage />, () => screen.findByText('Z1-A1-S1', undefined, { timeout: 5000 }).then(() => screen.findAllByText('Pasillo 1', { exact: false }, { timeout: 5000 })));
const renderEdit = () => renderPageAt('/locations/l1/edit', '/locations/:id/edit', <LocationEditPage />, () => screen.findByDisplayValue('Cajas ligeras', undefined, { timeout: 5000 }));
const renderCreate = () => renderPageAt('/locations/create', '/locations/create', <LocationCreatePage />, () => screen.findByRole('form', undefined, { timeout: 5000 }));

/** English words of the screens that must not survive a translation (Code, Type, Position, Section, Notes, Fragile, Zone are French too). */
const ENGLISH = [
  'Locations',
  'Warehouse locations',
  'Dashboard',
  'Name',
  'Warehouse',
  'Status',
  'Last updated',
  'Shelf',
  'Aisle',
  'Active',
  'Select page',
  'Print labels',
  'Add location',
  'Search code',
  'Location tree',
  'Tree of',
  'Select',
  'Edit warehouse location',
  'Create warehouse location',
  'Create',
  'Edit',
  'Location code',
  'Location type',
  'Parent location',
  'The aisle this shelf is in',
  'Search',
  'Shelf height',
  'Sequence',
  'Capacity',
  'Max weight',
  'Max volume',
  'Item limit',
  'Length',
  'Width',
  'Height',
  'Handling',
  'Minimum temperature',
  'Maximum temperature',
  'Security level',
  'High',
  'Special handling',
  'Access restrictions',
  'Key card',
  'Choose a location type',
  'Save changes',
  'Create location',
  'Cancel',
  'is required',
];

describe('the warehouse locations’ screens', () => {
  it('keep the spec’s English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Locations' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print labels (0)' })).toBeInTheDocument();
    expect(screen.getByText('Shelf')).toBeInTheDocument();
    cleanup();
    await renderEdit();
    expect(screen.getByRole('heading', { name: 'Edit warehouse location' })).toBeInTheDocument();
    expect(screen.getByText('The aisle this shelf is in')).toBeInTheDocument();
    cleanup();
    await renderCreate();
    await submitEmpty(/!$/);
    for (const message of ['Warehouse is required!', 'Name is required!']) expect(screen.getByText(message)).toBeInTheDocument();
  });

  it.each([
    ['es', ['Ubicaciones', 'Imprimir etiquetas (0)', 'Estante', 'Árbol de', 'Editar ubicación de almacén', 'El pasillo en el que está este estante', 'Altura del estante', 'Tarjeta de acceso', 'Guardar cambios', '¡El almacén es obligatorio!']],
    ['fr', ['Emplacements', 'Imprimer les étiquettes (0)', 'Étagère', 'Arborescence de', 'Modifier l’emplacement d’entrepôt', 'L’allée où se trouve cette étagère', 'Hauteur de l’étagère', 'Badge d’accès', 'Enregistrer les modifications', 'L’entrepôt est obligatoire !']],
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
    await submitEmpty(/!$/);
    text += pageWords();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });
});
