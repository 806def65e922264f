// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import { ToastProvider } from '../../../ui/toast';
import { saveBrandSettings } from '../api';
import { BrandSettingsPage } from './BrandSettingsPage';

/** A stored brand whose light text is too pale to read: the contrast warning shows. */
const stored = {
  colors: { primary: '#0f766e', secondary: '#b45309', background: '#f8fafc', cardBg: '#ffffff', text: '#0f172a', textLight: '#cbd5e1' },
  configurations: { font: 'system-ui' },
};

vi.mock('../../../lib/tenant', async (original) => ({ ...(await original<object>()), useTenantId: () => 't1' }));
vi.mock('../BrandProvider', () => ({ useBrand: () => ({ name: 'Globex', reload: vi.fn() }) }));
vi.mock('../../../lib/edge-functions', () => ({ uploadFile: vi.fn() }));
vi.mock('../api', () => ({
  fetchBrandSettings: vi.fn(async () => ({ settings: stored, logoUrl: null })),
  saveBrandSettings: vi.fn(async () => Promise.reject({ code: '42501', message: "Only the tenant's admins may change its brand" })),
}));

afterEach(async () => {
  cleanup();
  await act(() => applyLanguage('en'));
});

const wait = { timeout: 5000 };

async function renderPage() {
  const location = memoryLocation({ path: '/brand-settings' });
  await act(async () => {
    render(
      <ToastProvider>
        <Router hook={location.hook}>
          <Suspense fallback="loading">
            <BrandSettingsPage />
          </Suspense>
        </Router>
      </ToastProvider>,
    );
  });
  await screen.findByTestId('brand-preview', undefined, wait);
}

/** A colour that is no hex, submitted: the schema's message under the field. */
async function submitBadColour() {
  fireEvent.change(screen.getAllByPlaceholderText('#1d4ed8')[0]!, { target: { value: 'teal' } });
  await act(async () => {
    fireEvent.submit(screen.getByRole('form'));
  });
  await waitFor(() => expect(document.querySelectorAll('[id$="-error"]').length).toBeGreaterThanOrEqual(1), wait);
}

/** English words of the screen that must not survive a translation (Logo and Favicon are French too). */
const ENGLISH = [
  'Brand settings',
  'Dashboard',
  'Colours',
  'Preset',
  'Reset to preset',
  'Primary',
  'Secondary',
  'Background',
  'Card background',
  'Light text',
  'picker',
  'fall below',
  'needs',
  'on cards',
  'on background',
  'Typography',
  'Font',
  'System default',
  'light theme',
  'dark theme',
  'Shown on dark',
  'square png',
  'Save brand',
  'Preview',
  'Vehicles',
  'Warehouses',
  "Today's deliveries",
  'Route',
  'stops',
  'In progress',
  'Create delivery',
  'Enter a hex',
  'up to',
];

describe('the brand settings screen', () => {
  it('keeps its English', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Brand settings' })).toBeInTheDocument();
    expect(screen.getByText(/^Light text on background: \d\.\d\d:1 \(needs 4\.5:1\)$/)).toBeInTheDocument();
    expect(screen.getByText('12 stops, first at 08:30')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Card background/ })).toBeInTheDocument();
    await submitBadColour();
    expect(screen.getByText('Enter a hex colour such as #1d4ed8')).toBeInTheDocument();
  });

  it.each([
    ['es', ['Ajustes de marca', 'Texto claro sobre el fondo', '(necesita 4.5:1)', 'Fondo de las tarjetas', 'Predeterminada del sistema', '12 paradas, la primera a las 08:30', 'Introduce un color hexadecimal como #1d4ed8']],
    ['fr', ['Paramètres de marque', 'Texte clair sur le fond', 'Fond des cartes', 'Police du système', '12 arrêts, le premier à 08:30', 'Saisissez une couleur hexadécimale comme #1d4ed8']],
  ] as const)('speaks %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    await renderPage();
    await submitBadColour();
    const text = pageWords().replace(/\s+/g, ' ');
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });

  it('shows the database’s refusals by their key in Spanish', async () => {
    // What PostgREST hands supabase-js: the details are the JSON text of the keyed problems.
    vi.mocked(saveBrandSettings).mockRejectedValueOnce({
      code: '23514',
      message: 'Validation failed',
      details: JSON.stringify([
        { key: 'brand.color_invalid', field: 'colors.primary', message: 'Enter a hex colour such as #1d4ed8' },
        { key: 'brand.preset_invalid', field: 'presets', message: 'Each preset needs a name and hex colours' },
      ]),
      hint: null,
    });
    vi.mocked(saveBrandSettings).mockRejectedValueOnce({
      code: '42501',
      message: "Only the tenant's admins may change its brand",
      details: JSON.stringify([{ key: 'brand.not_admin', message: "Only the tenant's admins may change its brand" }]),
      hint: null,
    });
    await act(() => applyLanguage('es'));
    await renderPage();
    await act(async () => {
      fireEvent.submit(screen.getByRole('form'));
    });
    // Under its field, and what no field shows (the presets) in a toast, both in Spanish.
    expect(await screen.findByText('Introduce un color hexadecimal como #1d4ed8', undefined, wait)).toBeInTheDocument();
    expect(screen.getByText('Cada paleta necesita un nombre y colores hexadecimales')).toBeInTheDocument();
    expect(screen.getByText('La validación falló')).toBeInTheDocument();
    await act(async () => {
      fireEvent.submit(screen.getByRole('form'));
    });
    expect(await screen.findByText('Solo los administradores de la empresa pueden cambiar su marca', undefined, wait)).toBeInTheDocument();
    expect(pageWords()).not.toMatch(/Enter a hex|Each preset|Only the tenant/);
  });
});
