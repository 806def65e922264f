// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import type { AssignmentHistoryRow, DeliveryDetail } from '../api';
import type { Delivery, DeliveryEvent, DeliveryRow } from '../schema';
import { DeliveriesListPage } from './DeliveriesListPage';
import { DeliveryDetailPage } from './DeliveryDetailPage';
import { DeliveryCreatePage } from './DeliveryFormPage';
import { cleanupInEnglish, renderPageAt, submitEmpty } from '../../../test/render-page';

// Names chosen to be no English word, so whatever English is left on screen is the page's own.
const row: DeliveryRow = {
  id: 'd1',
  tenant_id: 't1',
  delivery_code: 'ACME-D00001',
  external_reference_id: 'PO-77',
  kind: 'delivery',
  status: 'assigned',
  priority: 'high',
  customer_id: 'c1',
  customer_name: 'Ana Pérez',
  driver_id: 'dr1',
  driver_name: 'Luc Moreau',
  service_id: 's1',
  service_name: 'Rápido',
  pickup_zone_name: 'Centro',
  dropoff_zone_name: 'Norte',
  pickup_full_address: 'Calle Mayor 1, Madrid',
  pickup_city: 'Madrid',
  dropoff_full_address: 'Rue Haute 2, Lyon',
  dropoff_city: 'Lyon',
  pickup_window_start: null,
  pickup_window_end: null,
  dropoff_window_start: null,
  dropoff_window_end: '2026-11-26T17:00:00Z',
  price: 1234.5,
  currency: 'EUR',
  created_at: '2026-11-21T10:00:00Z',
};

const delivery: Delivery = {
  id: 'd1',
  tenant_id: 't1',
  delivery_code: 'ACME-D00001',
  barcode: 'ACME-D00001',
  tracking_token: 'tok',
  external_reference_id: 'PO-77',
  kind: 'pickup_delivery',
  customer_id: 'c1',
  pickup_address_id: 'a1',
  pickup_address: { full_address: 'Calle Mayor 1, Madrid' },
  pickup_lat: 40.4,
  pickup_lng: -3.7,
  dropoff_address_id: 'a2',
  dropoff_address: { full_address: 'Rue Haute 2, Lyon' },
  dropoff_lat: 45.7,
  dropoff_lng: 4.8,
  pickup_window_start: null,
  pickup_window_end: null,
  dropoff_window_start: '2026-11-26T09:00:00Z',
  dropoff_window_end: null,
  packages: [{ description: 'Caja', quantity: 2, weight_kg: 1.5, length_cm: 40, width_cm: 30, height_cm: 20, fragile: true, temperature_sensitive: true }],
  package_count: 2,
  total_weight_kg: 3,
  service_id: 's1',
  pickup_zone_id: null,
  dropoff_zone_id: null,
  price: 1234.5,
  currency: 'EUR',
  price_override_reason: 'Promo',
  cod_amount: 20,
  priority: 'urgent',
  notes: '',
  status: 'assigned',
  status_reason: null,
  driver_id: 'dr1',
  vehicle_id: 'v1',
  proof: {},
  delivered_at: null,
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
};

const detail: DeliveryDetail = {
  delivery,
  names: { customer_name: 'Ana Pérez', driver_name: null, service_name: 'Rápido', service_code: 'R1', pickup_zone_name: null, dropoff_zone_name: 'Norte' },
  driverPosition: { lat: 41, lng: 2, at: '2026-11-21T11:00:00Z' } as DeliveryDetail['driverPosition'],
  vehicleName: null,
};

const events: DeliveryEvent[] = [
  { id: 'e1', delivery_id: 'd1', action: 'created', status: 'pending', from_status: null, occurred_at: '2026-11-21T10:00:00Z', actor_name: null, note: null, reason: null },
  { id: 'e2', delivery_id: 'd1', action: 'assigned', status: 'assigned', from_status: 'pending', occurred_at: '2026-11-21T10:05:00Z', actor_name: 'Ana Pérez', note: null, reason: 'Ruta' },
];

const assignments: AssignmentHistoryRow[] = [
  {
    id: 'as1',
    driver_id: 'dr1',
    vehicle_id: 'v1',
    status: 'accepted',
    assignment_time: '2026-11-21T10:05:00Z',
    responded_at: '2026-11-21T10:06:00Z',
    completed_at: null,
    cancelled_at: null,
    rejection_reason: null,
    cancel_reason: null,
    notes: '',
    driver_name: null,
    vehicle_name: null,
  },
];

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { profile: { tenant_id: 't1' } } }) }));
vi.mock('../../../lib/use-feed-changes', () => ({ useFeedChanges: () => ({ state: 'live' }) }));
vi.mock('../../../lib/tenant-settings', () => ({ useTenantSettings: () => ({ status: 'loading' }) }));
vi.mock('../../../ui/map', () => ({ MapView: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));
vi.mock('../api', () => ({
  listDeliveries: vi.fn(async () => ({ rows: [row], total: 1 })),
  getDeliveryDetail: vi.fn(async () => detail),
  listDeliveryEvents: vi.fn(async () => events),
  listDeliveryAssignments: vi.fn(async () => assignments),
  getDeliveryActions: vi.fn(async () => ['edit', 'unassign', 'failed', 'cancelled']),
  transitionDelivery: vi.fn(),
  unassignDelivery: vi.fn(),
  getDelivery: vi.fn(async () => delivery),
  createDelivery: vi.fn(),
  updateDelivery: vi.fn(),
  quoteDelivery: vi.fn(),
  addressPoint: vi.fn(async () => null),
  lookupDeliveryAddresses: vi.fn(async () => []),
  addressLabel: vi.fn(async () => null),
  customerPreferenceFor: vi.fn(async () => null),
}));

afterEach(cleanupInEnglish);

const renderList = () => renderPageAt('/deliveries', '/deliveries', <DeliveriesListPage />, () => screen.findByText('ACME-D00001', undefined, { timeout: 5000 }));
const renderDetail = () => renderPageAt('/deliveries/d1', '/deliveries/:id', <DeliveryDetailPage />, () => screen.findByText('Calle Mayor 1, Madrid', undefined, { timeout: 5000 }));
const renderCreate = () => renderPageAt('/deliveries/create', '/deliveries/create', <DeliveryCreatePage />, () => screen.findByRole('form', undefined, { timeout: 5000 }));

/** Opens the unassign dialog, with its optional reason. */
async function openUnassign(label: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: label }));
  });
  await screen.findByRole('alertdialog');
}

/** English words of the list, the detail and the form that must not survive a translation (Service, Transit, Fragile, Normal are Spanish or French too). */
const ENGLISH = [
  'Deliveries',
  'Dashboard',
  'Customer',
  'Driver',
  'Price',
  'Created',
  'Window',
  'Status',
  'Kind',
  'Add delivery',
  'View',
  'Edit',
  'Search code',
  'Pickup',
  'Drop-off',
  'Any time',
  'By',
  'From',
  'Delivery',
  'Summary',
  'Tracking link',
  'Copy',
  'Priority',
  'Urgent',
  'Overridden',
  'Cash on delivery',
  'External reference',
  'Not assigned',
  'No zone',
  'Map',
  'Packages',
  'Quantity',
  'Weight',
  'Handling',
  'Temperature sensitive',
  'in all',
  'Timeline',
  'System',
  'Reason',
  'Assignments',
  'Assigned',
  'Accepted',
  'answered',
  'Vehicle',
  'Unassign',
  'Mark failed',
  'Cancel delivery',
  'optional',
  'Create delivery',
  'Create',
  'Cancel',
  'Add package',
  'Length',
  'Width',
  'Height',
  'Notes',
  'Override the quoted price',
  'is required',
  'must be',
  'Quote',
  'Choose',
  'to see the price',
];

describe('the deliveries’ screens', () => {
  it('keep the spec’s English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Deliveries' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add delivery' })).toBeInTheDocument();
    expect(screen.getByText('€1,234.50')).toBeInTheDocument();
    cleanup();
    await renderDetail();
    expect(screen.getByRole('heading', { name: 'Delivery ACME-D00001' })).toBeInTheDocument();
    expect(screen.getByText('Pickup and delivery')).toBeInTheDocument();
    expect(screen.getByText('Urgent')).toBeInTheDocument();
    expect(screen.getByText('2 packages, 3 kg in all')).toBeInTheDocument();
    expect(screen.getAllByText('Created')).toHaveLength(2);
    await openUnassign('Unassign');
    expect(screen.getByText('ACME-D00001 goes back to pending and the driver is freed.')).toBeInTheDocument();
    cleanup();
    await renderCreate();
    expect(screen.getByText('Choose a pickup address to see the price.')).toBeInTheDocument();
    await submitEmpty('Customer is required', { timeout: 5000 });
    for (const message of ['Customer is required', 'Pickup address is required', 'Drop-off address is required', 'Service is required', 'Description is required']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
  });

  it.each([
    ['es', 'Desasignar', 'El cliente es obligatorio', ['Entregas', 'Añadir entrega', 'Entrega ACME-D00001', 'Recogida y entrega', 'Urgente', '2 paquetes, 3 kg en total', '¿Desasignar esta entrega?', 'El cliente es obligatorio', 'Elija una dirección de recogida para ver el precio.']],
    ['fr', 'Désattribuer', 'Le client est obligatoire', ['Livraisons', 'Ajouter une livraison', 'Livraison ACME-D00001', 'Enlèvement et livraison', 'Urgente', '2 colis, 3 kg au total', 'Désattribuer cette livraison ?', 'Le client est obligatoire', 'Choisissez une adresse d’enlèvement pour voir le prix.']],
  ] as const)('speak %s with no English left', async (language, unassign, customerRequired, words) => {
    await act(() => applyLanguage(language));
    let text = '';
    await renderList();
    text += pageWords();
    cleanup();
    await renderDetail();
    await openUnassign(unassign);
    text += pageWords();
    cleanup();
    await renderCreate();
    await submitEmpty(customerRequired, { timeout: 5000 });
    text += pageWords();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });
});
