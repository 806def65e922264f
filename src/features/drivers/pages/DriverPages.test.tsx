// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import { cleanupInEnglish, renderPageAt } from '../../../test/render-page';
import { updateDriver } from '../api';
import { isoDay, type DriverRow } from '../schema';
import { DriverCreatePage, DriverEditPage } from './DriverFormPage';
import { DriversListPage } from './DriversListPage';

const today = new Date();
const inDays = (days: number) => isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() + days));

const driver: DriverRow = {
  id: 'd1',
  tenant_id: 't1',
  licence_number: 'D7304815',
  licence_class: 'commercial',
  licence_expiry: inDays(-3),
  phone: '+1 415 555 0100',
  status: 'on_break',
  default_vehicle_id: null,
  home_zone_id: null,
  last_lat: 37.7749,
  last_lng: -122.4194,
  last_heading: null,
  last_speed: 10,
  last_accuracy: 12,
  last_position_at: new Date(today.getTime() - 5 * 60_000).toISOString(),
  status_changed_at: '2026-11-21T10:00:00Z',
  notes: '',
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  full_name: 'Rachel Kim',
  email: 'rachel@acme.test',
  avatar_url: null,
  person_status: 'invited',
  default_vehicle_name: null,
  default_vehicle_code: null,
  home_zone_name: null,
  home_zone_code: null,
};
const expiring: DriverRow = { ...driver, id: 'd2', full_name: 'Aisha Johnson', email: 'aisha@acme.test', licence_class: 'standard', licence_expiry: inDays(10), last_position_at: null };

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { profile: { tenant_id: 't1' } } }) }));
vi.mock('../../../lib/tenant-settings', () => ({ useTenantSettings: () => ({ status: 'loading' }) }));
vi.mock('../../../lib/use-live-collection', () => ({ useLiveCollection: () => ({ state: undefined, rows: new Map() }) }));
vi.mock('../../../lib/use-server-list', async (original) => ({ ...(await original<object>()), useLiveChanges: () => undefined }));
vi.mock('../../../data/zones', () => ({ zoneLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
vi.mock('../../../data/vehicles', () => ({ vehicleLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
vi.mock('../api', () => ({
  listDrivers: vi.fn(async () => ({ rows: [driver, expiring], total: 2 })),
  getDriver: vi.fn(async () => driver),
  createDriver: vi.fn(),
  updateDriver: vi.fn(),
  deleteDriver: vi.fn(),
  inviteDriver: vi.fn(),
  setDriverStatus: vi.fn(),
  listTrail: vi.fn(async () => [
    { lat: 37.77, lng: -122.41, at: '2026-11-21T10:00:00Z' },
    { lat: 37.78, lng: -122.42, at: '2026-11-21T10:05:00Z' },
  ]),
  lookupDriverCandidates: vi.fn(async () => []),
}));

afterEach(cleanupInEnglish);

const wait = { timeout: 5000 };
const renderList = () => renderPageAt('/drivers', '/drivers', <DriversListPage />, () => screen.findByText('Aisha Johnson', undefined, wait));
const renderEdit = () => renderPageAt('/drivers/d1/edit', '/drivers/:id/edit', <DriverEditPage />, () => screen.findByDisplayValue('D7304815', undefined, wait));
const renderCreate = () => renderPageAt('/drivers/create', '/drivers/create', <DriverCreatePage />, () => screen.findByRole('form', undefined, wait));

/** Submits the create form with a bad licence number and phone, so its fields say their messages. */
async function submitCreate(count: number) {
  fireEvent.change(screen.getByRole('textbox', { name: /^(Licence number|Número de permiso|Numéro de permis)/ }), { target: { value: '#!' } });
  fireEvent.change(screen.getByRole('textbox', { name: /^(Phone|Teléfono|Téléphone)/ }), { target: { value: '12345' } });
  await act(async () => {
    fireEvent.submit(screen.getByRole('form'));
  });
  await waitFor(() => expect(document.querySelectorAll('[id$="-error"]').length).toBeGreaterThanOrEqual(count));
}

async function allScreensText(): Promise<string> {
  let text = '';
  await renderList();
  text += pageWords();
  cleanup();
  await renderEdit();
  await screen.findByText(/· 2 /, undefined, wait);
  text += pageWords();
  cleanup();
  await renderCreate();
  await submitCreate(4);
  text += pageWords();
  fireEvent.click(screen.getAllByRole('radio')[1] as HTMLElement);
  await act(async () => {
    fireEvent.submit(screen.getByRole('form'));
  });
  await waitFor(() => expect(document.querySelectorAll('[id$="-error"]').length).toBeGreaterThanOrEqual(5));
  text += pageWords();
  cleanup();
  return text;
}

/** English words of the drivers' screens that must not survive a translation. */
const ENGLISH = [
  'Drivers',
  'Driver',
  'Dashboard',
  'Phone',
  'Licence',
  'Status',
  'Home zone',
  'Default vehicle',
  'Last seen',
  'Never',
  'Expired',
  'Expiring soon',
  'Commercial',
  'On break',
  'Add driver',
  'Search name',
  'Edit driver',
  'Create driver',
  'Who is the driver',
  'Existing driver user',
  'Invite a new driver',
  'Invite and create driver',
  'Driver user',
  'Email',
  'First name',
  'Last name',
  'Licence number',
  'Licence class',
  'Licence expiry',
  'Optional',
  'Notes',
  'Up to',
  'is required',
  'must be',
  'must have',
  'Licence expired',
  'Account',
  'Delete driver',
  'Removes',
  'Duty status',
  'Last known position',
  'Seen',
  'trail points',
  'minutes ago',
  'Save changes',
  'Cancel',
];

describe('the drivers’ screens', () => {
  it('keep their English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Drivers' })).toBeInTheDocument();
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.getByText('Expiring soon')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
    cleanup();
    await renderEdit();
    expect(screen.getByRole('heading', { name: 'Edit driver' })).toBeInTheDocument();
    expect(await screen.findByText(/at 37\.77490, -122\.41940 · 36 km\/h · ±12 m · 2 trail points in 24 h$/, undefined, wait)).toBeInTheDocument();
    expect(screen.getByText('Account invited')).toBeInTheDocument();
    cleanup();
    await renderCreate();
    await submitCreate(2);
    expect(screen.getByText('Licence number must be 3 to 32 letters, digits, spaces or dashes')).toBeInTheDocument();
    expect(screen.getByText('Phone must have at least 10 digits')).toBeInTheDocument();
  });

  it.each([
    ['es', ['Conductores', 'Caducado', 'Caduca pronto', 'Profesional', 'Nunca', 'hace 5 minutos', '37,77490', 'Cuenta invitada', 'El teléfono debe tener al menos 10 dígitos', 'El correo electrónico es obligatorio']],
    ['fr', ['Chauffeurs', 'Expiré', 'Expire bientôt', 'Professionnel', 'Jamais', 'il y a 5 minutes', 'Compte invité', 'Le téléphone doit compter au moins 10 chiffres', 'L’e-mail est obligatoire']],
  ] as const)('speak %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    const text = await allScreensText();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });

  it('show the database’s refusals by their key in Spanish, and the English of a key it does not know', async () => {
    // What PostgREST hands supabase-js for a refused update (private.driver_problems).
    vi.mocked(updateDriver).mockRejectedValueOnce(
      Object.assign(new Error('Validation failed'), {
        code: '23514',
        message: 'Validation failed',
        hint: null,
        details: JSON.stringify([
          { key: 'drivers.licence_number_taken', field: 'licence_number', message: 'Another driver has this licence number' },
          { key: 'drivers.rule_of_tomorrow', field: 'phone', message: 'A rule this build does not know' },
        ]),
      }),
    );
    await act(() => applyLanguage('es'));
    await renderEdit();
    const licence = screen.getByRole('textbox', { name: /^Número de permiso/ });
    await act(async () => {
      fireEvent.submit(screen.getByRole('form'));
    });
    expect(updateDriver).toHaveBeenCalledOnce();
    await waitFor(() => expect(licence).toHaveAccessibleDescription(expect.stringContaining('Otro conductor tiene este número de permiso')));
    expect(screen.getByRole('textbox', { name: /^Teléfono/ })).toHaveAccessibleDescription(expect.stringContaining('A rule this build does not know'));
    expect(screen.queryByText('Another driver has this licence number')).not.toBeInTheDocument();
  });
});
