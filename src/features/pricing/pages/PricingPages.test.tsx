// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import type { PricingRow } from '../schema';
import { ZonePricingCreatePage, ZonePricingEditPage } from './ZonePricingFormPage';
import { ZonePricingListPage } from './ZonePricingListPage';
import { renderPageAt } from '../../../test/render-page';

const price: PricingRow = {
  id: 'p1',
  tenant_id: 't1',
  origin_zone_id: 'z1',
  origin_zone_name: 'Centro',
  origin_zone_code: 'CEN',
  destination_zone_id: 'z2',
  destination_zone_name: 'Norte',
  destination_zone_code: 'NOR',
  service_id: 's1',
  service_name: 'Express',
  service_code: 'EXP',
  active: true,
  base_price: 1250.5,
  per_unit_price: 0.75,
  min_transit_time: 2,
  max_transit_time: 4.5,
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
};

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { profile: { tenant_id: 't1' } } }) }));
vi.mock('../../../lib/tenant-settings', () => ({ useTenantCurrency: () => 'EUR', useTenantSettings: () => ({ status: 'loading' }) }));
vi.mock('../../../ui/map', () => ({ MapView: ({ label }: { label: string }) => <div role="img" aria-label={label} />, FitBounds: () => null, fromGeoJsonPolygon: () => ({ vertices: [] }) }));
vi.mock('../../../data/zones', () => ({ zoneLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
vi.mock('../../../data/delivery-services', () => ({ serviceLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
vi.mock('../api', () => ({
  listPricing: vi.fn(async () => ({ rows: [price], total: 1 })),
  getPricing: vi.fn(async () => price),
  createPricing: vi.fn(),
  updatePricing: vi.fn(),
  deletePricing: vi.fn(),
  requestQuote: vi.fn(),
  listActiveZoneOutlines: vi.fn(async () => []),
}));

afterEach(async () => {
  cleanup();
  await act(() => applyLanguage('en'));
});

const wait = { timeout: 5000 };
const renderList = () => renderPageAt('/zone-pricing', '/zone-pricing', <ZonePricingListPage />, () => screen.findByText('EXP', undefined, wait));
const renderEdit = () => renderPageAt('/zone-pricing/edit/p1', '/zone-pricing/edit/:id', <ZonePricingEditPage />, () => screen.findByDisplayValue('1250.5', undefined, wait));
const renderCreate = () => renderPageAt('/zone-pricing/create', '/zone-pricing/create', <ZonePricingCreatePage />, () => screen.findByRole('form', undefined, wait));

/** Submits each form on screen as it is, so their fields say their messages. */
async function submitAll(count: number) {
  for (const form of screen.getAllByRole('form')) {
    await act(async () => {
      fireEvent.submit(form);
    });
  }
  await waitFor(() => expect(document.querySelectorAll('[id$="-error"]').length).toBeGreaterThanOrEqual(count));
}

async function allScreensText(quote: RegExp): Promise<string> {
  let text = '';
  await renderList();
  fireEvent.click(screen.getByRole('button', { name: quote }));
  await screen.findByRole('img');
  await submitAll(5);
  text += pageWords();
  cleanup();
  await renderEdit();
  text += pageWords();
  cleanup();
  await renderCreate();
  fireEvent.change(screen.getByRole('spinbutton', { name: /^(Base|Precio base|Prix de base)/ }), { target: { value: '-1' } });
  await submitAll(5);
  text += pageWords();
  cleanup();
  return text;
}

/** English words of the screens that must not survive a translation (Service, Transit, Active, Route are French or Spanish too). */
const ENGLISH = [
  'Zone Pricing',
  'Dashboard',
  'Origin zone',
  'Destination zone',
  'Service code',
  'Status',
  'Base price',
  'Per unit price',
  'Min transit time',
  'Max transit time',
  'Search',
  'Try a quote',
  'Hide quote',
  'Add',
  'Pick on the map',
  'Pickup',
  'Drop-off',
  'Weight',
  'Get quote',
  'Quote map',
  'is required',
  'must be',
  'Edit zone price',
  'Create zone price',
  'One price per',
  'Only active prices',
  'Save changes',
  'Create price',
  'Cancel',
];

describe('the zone pricing screens', () => {
  it('keep the spec’s English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Zone Pricing' })).toBeInTheDocument();
    expect(screen.getByText('€1,250.50')).toBeInTheDocument();
    expect(screen.getByText('€0.75/kg')).toBeInTheDocument();
    expect(screen.getByText('4.5 h')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try a quote' }));
    expect(await screen.findByRole('img', { name: 'Quote map: click to place the pickup' })).toBeInTheDocument();
    cleanup();
    await renderCreate();
    await submitAll(3);
    expect(screen.getByText('Origin zone is required')).toBeInTheDocument();
    expect(screen.getByText('Service is required')).toBeInTheDocument();
  });

  it.each([
    ['es', /Probar un presupuesto/, ['Tarifas por zona', '1250,50 €', '0,75 €/kg', '4,5 h', 'Marcar en el mapa', 'La zona de origen es obligatoria', 'La latitud debe estar entre -90 y 90', 'El precio base debe ser 0 o más', 'Editar tarifa por zona']],
    ['fr', /Essayer un devis/, ['Tarifs par zone', '1 250,50 €', '0,75 €/kg', '4,5 h', 'Placer sur la carte', 'La zone d’origine est obligatoire', 'La latitude doit être comprise entre -90 et 90', 'Modifier le tarif par zone']],
  ] as const)('speak %s with no English left', async (language, quote, words) => {
    await act(() => applyLanguage(language));
    const text = (await allScreensText(quote)).replace(/\u202f|\u00a0/g, ' ');
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });
});
