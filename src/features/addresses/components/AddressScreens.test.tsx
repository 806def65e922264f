// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import { ToastProvider } from '../../../ui/toast';
import type { Address } from '../schema';
import { AddressDialog } from './AddressDialog';
import { DefaultAddressCard } from './DefaultAddressCard';
import { UserAddressTab } from './UserAddressTab';
import { cleanupInEnglish } from '../../../test/render-page';

const address: Address = {
  id: '00000000-0000-4000-8000-000000000001',
  tenant_id: 't',
  user_id: 'u',
  title: { en: 'Casa' },
  address_type: 'billing',
  address_line1: 'Calle Mayor 1',
  address_line2: null,
  building: 'Edificio Sol',
  street: 'Calle Mayor',
  city: 'Madrid',
  state: 'Madrid',
  postal_code: '28013',
  country: 'España',
  latitude: 40.4,
  longitude: -3.7,
  full_address: 'Edificio Sol, Calle Mayor 1, Madrid',
  is_primary: true,
  is_active: false,
  save_to_address_book: true,
  metadata: { delivery_instructions: 'Timbre 2B' },
  contact_info: { full_name: 'Inés Ruiz', phone: '+34 600 000 000', email: 'ines@mail.example' },
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};

vi.mock('../api', () => ({
  listAddresses: vi.fn(async () => ({ rows: [address], total: 1 })),
  getDefaultAddress: vi.fn(async () => null),
  deleteAddress: vi.fn(),
  createAddress: vi.fn(),
  updateAddress: vi.fn(),
}));
vi.mock('../../../lib/tenant-settings', () => ({ useTenantSettings: () => ({ status: 'loading' }) }));
// The map draws nothing in jsdom; its own words are the kit's (tested there).
vi.mock('../../../ui/map', async (original) => ({ ...(await original<object>()), MapView: () => <div /> }));

afterEach(cleanupInEnglish);

async function renderIn(node: ReactNode, ready: () => Promise<unknown>) {
  const location = memoryLocation({ path: '/users/u/detail?tab=address' });
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

const renderTab = () => renderIn(<UserAddressTab userId="u" tenantId="t" />, () => screen.findByRole('article', undefined, { timeout: 5000 }));
const renderDefault = () => renderIn(<DefaultAddressCard userId="u" tenantId="t" />, () => screen.findByRole('button', undefined, { timeout: 5000 }));
const owner = { tenantId: 't', userId: 'u' };

/** The add dialog, submitted empty so each required field says its message. */
async function renderAddDialog() {
  await renderIn(<AddressDialog open onClose={() => undefined} owner={owner} address={null} onSaved={() => undefined} mapboxToken={null} />, () =>
    waitFor(() => expect(document.getElementById('address-form')).not.toBeNull(), { timeout: 10000 }),
  );
  await act(async () => {
    fireEvent.submit(document.getElementById('address-form')!);
  });
  await screen.findAllByText(/required|obligatori|obligatoire/);
}

const renderEditDialog = () =>
  renderIn(<AddressDialog open onClose={() => undefined} owner={owner} address={address} onSaved={() => undefined} mapboxToken={null} />, () =>
    screen.findByDisplayValue('Timbre 2B', undefined, { timeout: 10000 }),
  );

/** English words of the addresses' screens that must not survive a translation (Default, Latitude, Longitude are French too). */
const ENGLISH = [
  'Addresses',
  'All',
  'Billing',
  'Shipping',
  'Inactive',
  'Delivery instructions',
  'Search addresses',
  'Add address',
  'Actions for',
  'Default address',
  'No address yet',
  'Add Default Address',
  'Edit address',
  'Address title',
  'e.g. Home',
  'Address type',
  'Full name',
  'Email',
  'Phone country code',
  'Phone number',
  'Building name',
  'Address line 1',
  'Address line 2',
  'Street',
  'City',
  'State',
  'Postal code',
  'Country',
  'Find the address',
  'Landmark',
  'Save to address book',
  'Save changes',
  'Cancel',
  'is required',
  'Search for a place',
  'City, state or country',
  'Spain',
  'United States',
];

describe('the addresses’ screens', () => {
  it('keep the spec’s English', { timeout: 60_000 }, async () => {
    await renderTab();
    expect(screen.getByRole('button', { name: 'Billing' })).toBeInTheDocument();
    expect(screen.getByText('Delivery instructions: Timbre 2B')).toBeInTheDocument();
    cleanup();
    await renderAddDialog();
    for (const message of ['Full name is required', 'Phone number is required', 'Building name is required', 'Postal code is required']) expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Search for a place')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'United States (+1)' })).toBeInTheDocument();
  });

  it.each([
    ['es', ['Direcciones', 'Facturación', 'Predeterminada', 'Inactivo', 'Instrucciones de entrega: Timbre 2B', 'Añadir dirección predeterminada', 'Nombre del edificio', 'El nombre completo es obligatorio', 'Buscar un lugar', 'España (+34)', 'Editar dirección']],
    ['fr', ['Adresses', 'Facturation', 'Par défaut', 'Inactif', 'Instructions de livraison : Timbre 2B', 'Ajouter l’adresse par défaut', 'Nom du bâtiment', 'Le nom complet est obligatoire', 'Rechercher un lieu', 'Espagne (+34)', 'Modifier l’adresse']],
  ] as const)('speak %s with no English left', { timeout: 60_000 }, async (language, words) => {
    await act(() => applyLanguage(language));
    let text = '';
    await renderTab();
    text += pageWords();
    cleanup();
    await renderDefault();
    text += pageWords();
    cleanup();
    await renderAddDialog();
    text += pageWords();
    cleanup();
    await renderEditDialog();
    text += pageWords();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });
});
