// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import type { Vehicle } from '../schema';
import { VehicleCreatePage, VehicleEditPage } from './VehicleFormPage';
import { VehiclesListPage } from './VehiclesListPage';
import { cleanupInEnglish, renderPageAt, submitEmpty } from '../../../test/render-page';

const vehicle: Vehicle = {
  id: 'v1',
  tenant_id: 't1',
  name: 'Van 7',
  code: 'VAN-7',
  description: 'Box van',
  image_url: null,
  capacity_unit: 1200,
  vehicle_requirements: { license_requirements: ['commercial'], special_features: ['lift_gate', 'refrigeration'], fuel_type: 'diesel' },
  active: true,
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
};

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { profile: { tenant_id: 't1' } } }) }));
vi.mock('../../../lib/use-live-collection', () => ({ useLiveCollection: () => ({ state: undefined }) }));
vi.mock('../../../lib/use-server-list', async (original) => ({ ...(await original<object>()), useLiveChanges: () => undefined }));
vi.mock('../api', () => ({
  listVehicles: vi.fn(async () => ({ rows: [vehicle], total: 1 })),
  getVehicle: vi.fn(async () => vehicle),
  createVehicle: vi.fn(),
  updateVehicle: vi.fn(),
  uploadVehicleImage: vi.fn(),
}));

afterEach(cleanupInEnglish);

const renderList = () => renderPageAt('/vehicles', '/vehicles', <VehiclesListPage />, () => screen.findByText('VAN-7', undefined, { timeout: 5000 }));
const renderEdit = () => renderPageAt('/vehicles/v1/edit', '/vehicles/:id/edit', <VehicleEditPage />, () => screen.findByDisplayValue('Box van', undefined, { timeout: 5000 }));
const renderCreate = () => renderPageAt('/vehicles/new', '/vehicles/new', <VehicleCreatePage />, () => screen.findByRole('form', undefined, { timeout: 5000 }));

/** English words of the list and the form that must not survive a translation (Code, Description, Image, Standard, Diesel are French too). */
const ENGLISH = [
  'Vehicles',
  'Dashboard',
  'Name',
  'Fuel',
  'Capacity',
  'Features',
  'Status',
  'Active',
  'Add vehicle',
  'Search name or code',
  'No image',
  'Lift gate',
  'Refrigeration',
  'Edit',
  'Edit vehicle',
  'Create vehicle',
  'Create',
  'Capacity unit',
  'Fuel type',
  'License requirements',
  'Commercial',
  'Special features',
  'Save changes',
  'Cancel',
  'is required',
  'must be a number',
  'At least one',
  'up to 3 MB',
];

describe('the vehicles’ screens', () => {
  it('keep the spec’s English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Vehicles' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add vehicle' })).toBeInTheDocument();
    expect(screen.getByText('Lift gate, Refrigeration')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    cleanup();
    await renderEdit();
    expect(screen.getByRole('heading', { name: 'Edit vehicle' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    cleanup();
    await renderCreate();
    await submitEmpty(/!$/);
    for (const message of ['Name is required!', 'Code is required!', 'Description is required!', 'Capacity unit must be a number and greater than 0!', 'At least one license requirement is required!', 'Fuel type is required!']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
  });

  it.each([
    ['es', ['Vehículos', 'Añadir vehículo', 'Plataforma elevadora, Refrigeración', 'Activo', 'Editar vehículo', 'Tipo de combustible', 'Guardar cambios', '¡El nombre es obligatorio!', '¡Se requiere al menos un permiso de conducir!']],
    ['fr', ['Véhicules', 'Ajouter un véhicule', 'Hayon élévateur, Réfrigération', 'Actif', 'Modifier le véhicule', 'Type de carburant', 'Enregistrer les modifications', 'Le nom est obligatoire !', 'Au moins un permis requis est obligatoire !']],
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
