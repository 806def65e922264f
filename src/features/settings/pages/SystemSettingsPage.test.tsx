// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { readTenantSettings } from '../../../lib/tenant-settings';
import { englishLeft, pageWords } from '../../../test/page-words';
import { ToastProvider } from '../../../ui/toast';
import { savePickingSettings, saveSystemSettings } from '../api';
import { SystemSettingsPage } from './SystemSettingsPage';
import { cleanupInEnglish } from '../../../test/render-page';

vi.mock('../../../lib/tenant', async (original) => ({ ...(await original<object>()), useTenantId: () => 't1' }));
vi.mock('../../../ui/map', () => ({ MapView: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));
vi.mock('../api', () => ({
  getSystemSettings: vi.fn(async () => ({ profile: { name: 'Acme Logistics', contact: { phone: '', email: '', address: '' } }, settings: readTenantSettings({ general: { currency: 'EUR' } }) })),
  saveSystemSettings: vi.fn(),
  savePickingSettings: vi.fn(),
}));

afterEach(cleanupInEnglish);

/** The page, then both forms submitted with a bad value each, so their fields say their messages. */
async function renderAndBreak() {
  await act(async () => {
    render(
      <ToastProvider>
        <Suspense fallback="loading">
          <SystemSettingsPage />
        </Suspense>
      </ToastProvider>,
    );
  });
  await screen.findByDisplayValue('Acme Logistics', undefined, { timeout: 5000 });
  fireEvent.change(screen.getByDisplayValue('Acme Logistics'), { target: { value: '' } });
  fireEvent.change(screen.getByRole('spinbutton', { name: /^(Max orders|Máximo de órdenes|Ordres maximum)/ }), { target: { value: '0' } });
  for (const form of screen.getAllByRole('form')) {
    await act(async () => {
      fireEvent.submit(form);
    });
  }
  await waitFor(() => expect(document.querySelectorAll('[id$="-error"]').length).toBeGreaterThanOrEqual(2));
}

/** English words of the page that must not survive a translation (Latitude, Longitude, Volume, Celsius, Fahrenheit are French or Spanish too). */
const ENGLISH = [
  'System settings',
  'Dashboard',
  'Business',
  'Shown to everyone',
  'Contact email',
  'Contact phone',
  'Contact address',
  'Default map centre',
  'Regional',
  'Time zone',
  'Currency',
  'Language',
  'Units',
  'Weight',
  'Length',
  'Temperature',
  'Kilograms',
  'Euro',
  'Maps',
  'Mapbox access token',
  'Readable by',
  'Save settings',
  'Batch picking',
  'Max orders per batch',
  'Max lines per batch',
  'to',
  'Save picking defaults',
  'is required',
  'must be',
];

describe('the system settings page', () => {
  it('keeps the spec’s English', async () => {
    await renderAndBreak();
    expect(screen.getByRole('heading', { name: 'System settings' })).toBeInTheDocument();
    expect(screen.getByText('Business name is required!')).toBeInTheDocument();
    expect(pageWords()).toContain('1 to 200');
    expect(screen.getByRole('option', { name: 'EUR — Euro' })).toBeInTheDocument();
  });

  it.each([
    ['es', ['Ajustes del sistema', 'Centro del mapa por defecto', 'Kilogramos (kg)', 'EUR — euro', '¡El nombre de la empresa es obligatorio!', 'Guardar ajustes', 'De 1 a 20']],
    ['fr', ['Paramètres du système', 'Centre de carte par défaut', 'Kilogrammes (kg)', 'EUR — euro', 'Le nom de l’entreprise est obligatoire !', 'Enregistrer les paramètres', 'De 1 à 20']],
  ] as const)('speaks %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    await renderAndBreak();
    const text = pageWords();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });

  it('shows the database’s refusals by their key in Spanish, and the English of a key it does not know', async () => {
    // What PostgREST hands supabase-js: the details are the JSON text of the keyed problems.
    const refusal = (code: string, message: string, problems: object[]) => Object.assign(new Error(message), { code, message, details: JSON.stringify(problems), hint: null });
    vi.mocked(saveSystemSettings).mockRejectedValueOnce(
      refusal('23514', 'Validation failed', [{ key: 'settings.email_invalid', field: 'contact_info.email', message: 'Enter a valid email address' }]),
    );
    vi.mocked(savePickingSettings).mockRejectedValueOnce(
      refusal('23514', 'Validation failed', [
        { key: 'settings.picking_max_orders', field: 'picking.max_orders', message: 'Max orders must be a whole number from 2 to 50', params: { min: 2, max: 50 } },
        { key: 'settings.picking_rule_of_tomorrow', field: 'picking.max_lines', message: 'A rule this build does not know' },
      ]),
    );
    await act(() => applyLanguage('es'));
    await act(async () => {
      render(
        <ToastProvider>
          <Suspense fallback="loading">
            <SystemSettingsPage />
          </Suspense>
        </ToastProvider>,
      );
    });
    // A name longer than 64 characters before the @: the form's check lets it through, the database's does not.
    const email = await screen.findByRole('textbox', { name: /Correo de contacto/ }, { timeout: 5000 });
    fireEvent.change(email, { target: { value: `${'a'.repeat(65)}@acme.test` } });
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'Ajustes del sistema' }));
    });
    expect(saveSystemSettings).toHaveBeenCalledOnce();
    await waitFor(() => expect(email).toHaveAccessibleDescription(expect.stringContaining('Introduzca un correo electrónico válido')));
    expect(screen.queryByText('Enter a valid email address')).not.toBeInTheDocument();

    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'Valores por defecto de la preparación por lotes' }));
    });
    expect(savePickingSettings).toHaveBeenCalledOnce();
    expect(await screen.findByText('El máximo de órdenes debe ser un número entero de 2 a 50')).toBeInTheDocument();
    expect(screen.getByText('A rule this build does not know')).toBeInTheDocument();
  });
});
