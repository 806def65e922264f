// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import type { DeliveryService } from '../schema';
import { DeliveryServiceCreatePage, DeliveryServiceEditPage } from './DeliveryServiceFormPage';
import { DeliveryServicesListPage } from './DeliveryServicesListPage';
import { cleanupInEnglish, renderPageAt, submitEmpty } from '../../../test/render-page';

const service: DeliveryService = {
  id: 's1',
  tenant_id: 't1',
  name: 'Exprés',
  code: 'EXP',
  description: 'Entrega urgente',
  kind: 'same_day',
  min_transit_hours: 0.5,
  max_transit_hours: 1.5,
  required_vehicle_features: ['lift_gate', 'gps_tracking'],
  active: false,
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
};

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { profile: { tenant_id: 't1' } } }) }));
vi.mock('../api', () => ({
  listDeliveryServices: vi.fn(async () => ({ rows: [service], total: 1 })),
  getDeliveryService: vi.fn(async () => service),
  createDeliveryService: vi.fn(),
  updateDeliveryService: vi.fn(),
}));

afterEach(cleanupInEnglish);

const renderList = () => renderPageAt('/delivery-services', '/delivery-services', <DeliveryServicesListPage />, () => screen.findByText('EXP', undefined, { timeout: 5000 }));
const renderEdit = () => renderPageAt('/delivery-services/s1/edit', '/delivery-services/:id/edit', <DeliveryServiceEditPage />, () => screen.findByDisplayValue('Entrega urgente', undefined, { timeout: 5000 }));
const renderCreate = () => renderPageAt('/delivery-services/new', '/delivery-services/new', <DeliveryServiceCreatePage />, () => screen.findByRole('form', undefined, { timeout: 5000 }));

/** English words of the screens that must not survive a translation (Code, Description, Transit are French too). */
const ENGLISH = [
  'Delivery services',
  'Dashboard',
  'Name',
  'Kind',
  'Vehicle features',
  'Status',
  'Inactive',
  'Same day',
  'Lift gate',
  'GPS tracking',
  'Add service',
  'Search name',
  'Edit delivery service',
  'Create delivery service',
  'Create',
  'Edit',
  'Letters, digits',
  'Min transit hours',
  'Max transit hours',
  'Vehicle features required',
  'Only vehicles',
  'Active',
  'Save changes',
  'Create service',
  'Cancel',
  'is required',
];

describe('the delivery services’ screens', () => {
  it('keep the spec’s English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Delivery services' })).toBeInTheDocument();
    expect(screen.getByText('0.5–1.5 h')).toBeInTheDocument();
    expect(screen.getByText('Lift gate, GPS tracking')).toBeInTheDocument();
    cleanup();
    await renderEdit();
    expect(screen.getByRole('heading', { name: 'Edit delivery service' })).toBeInTheDocument();
    cleanup();
    await renderCreate();
    await submitEmpty(/is required|obligatori[ao]|obligatoire/);
    for (const message of ['Name is required', 'Code is required', 'Kind is required', 'Min transit hours is required']) expect(screen.getByText(message)).toBeInTheDocument();
  });

  it.each([
    ['es', ['Servicios de entrega', 'Añadir servicio', '0,5–1,5 h', 'Plataforma elevadora, Localización GPS', 'En el día', 'Editar servicio de entrega', 'Horas mínimas de tránsito', 'Guardar cambios', 'El nombre es obligatorio', 'El tipo es obligatorio']],
    ['fr', ['Services de livraison', 'Ajouter un service', '0,5–1,5 h', 'Hayon élévateur, Suivi GPS', 'Le jour même', 'Modifier le service de livraison', 'Heures de transit minimales', 'Enregistrer les modifications', 'Le nom est obligatoire', 'Le type est obligatoire']],
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
