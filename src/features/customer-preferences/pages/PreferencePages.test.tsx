// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import { updatePreference } from '../api';
import { preferenceRowSchema } from '../schema';
import { CustomerPreferenceCreatePage, CustomerPreferenceEditPage } from './CustomerPreferenceFormPage';
import { CustomerPreferencesListPage } from './CustomerPreferencesListPage';
import { cleanupInEnglish, renderPageAt, submitEmpty } from '../../../test/render-page';

// Names chosen to be no English word, so whatever English is left on screen is the page's own.
const row = preferenceRowSchema.parse({
  id: 'p1',
  tenant_id: 't1',
  customer_id: 'c1',
  customer_name: 'Ana Pérez',
  customer_email: 'ana@example.com',
  location_id: 'l1',
  location_title: null,
  location_address: null,
  name: 'Tardes',
  description: '',
  preferred_day_of_week: 3,
  preferred_time_start: '18:00',
  preferred_time_end: '20:30',
  delivery_instructions: 'Portal 2',
  delivery_options: {
    signature_required: true,
    leave_with_neighbor: false,
    leave_at_door: false,
    requires_appointment: false,
    package_handling: { fragile: true, temperature_sensitive: false },
    authorized_receivers: [{ name: 'Luc Moreau', relationship: 'Voisin', contact: '+33 1 23 45 67 89' }],
  },
  contact_preferences: {
    notification_methods: [{ type: 'email', enabled: true, contact: 'ana@example.com' }],
    notification_events: {},
    language: 'fr',
  },
  is_active: true,
  notification_preferences: {},
  delivery_preferences: { preferred_delivery_time: null, preferred_delivery_days: [1, 5], delivery_instructions: null, signature_required: false },
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
});

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { profile: { tenant_id: 't1' } } }) }));
vi.mock('../../../data/people', () => ({ customerLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => 'Ana Pérez') }) }));
vi.mock('../api', () => ({
  listPreferences: vi.fn(async () => ({ rows: [row], total: 1 })),
  getPreference: vi.fn(async () => row),
  createPreference: vi.fn(),
  updatePreference: vi.fn(),
  deletePreference: vi.fn(),
  listCustomerLocations: vi.fn(async () => [{ value: 'l1', label: 'Calle Mayor 1, Madrid', primary: true, active: false }]),
}));

afterEach(cleanupInEnglish);

const shown = { timeout: 5000 };
const renderList = () => renderPageAt('/customer-preferences', '/customer-preferences', <CustomerPreferencesListPage />, () => screen.findByText('Tardes', undefined, shown));
const renderEdit = () => renderPageAt('/customer-preferences/p1/edit', '/customer-preferences/:id/edit', <CustomerPreferenceEditPage />, () => screen.findByDisplayValue('Portal 2', undefined, shown));
const renderCreate = () => renderPageAt('/customer-preferences/create', '/customer-preferences/create', <CustomerPreferenceCreatePage />, () => screen.findByRole('form', undefined, shown));

/** Opens the delete dialog from the row's actions. */
async function openDelete(actions: RegExp, remove: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: actions }));
  });
  const item = await screen.findByRole('menuitem', { name: remove }, shown);
  await act(async () => {
    fireEvent.click(item);
  });
  await screen.findByRole('alertdialog', undefined, shown);
}

/** English words of the list and the form that must not survive a translation (Description, SMS, Active, inactive and Contact are French or Spanish too). */
const ENGLISH = [
  'Customer preferences',
  'Dashboard',
  'Name',
  'Customer',
  'Location',
  'Day',
  'Window',
  'Language',
  'Status',
  'Add preference',
  'Search name',
  'Wednesday',
  'French',
  'Edit',
  'Delete',
  'Delete this customer preference',
  'will be removed',
  'Edit customer preference',
  'Create customer preference',
  'Choose a customer first',
  'Default',
  'Delivery window',
  'Day of week',
  'Start time',
  'End time',
  'Delivery instructions',
  'Delivery options',
  'Signature required',
  'Requires appointment',
  'Leave with neighbour',
  'Leave at door',
  'Fragile packages',
  'Authorized receivers',
  'Add receiver',
  'Relationship',
  'Contact preferences',
  'Notification methods',
  'Notification type',
  'Email',
  'Enabled',
  'Notify the customer',
  'When dispatched',
  'The day before',
  'On arrival',
  'Notification preferences',
  'Email notifications',
  'Push notifications',
  'General delivery preferences',
  'Preferred delivery days',
  'Monday',
  'Friday',
  'Save changes',
  'Create preference',
  'Cancel',
  'is required',
];

describe('the customer preferences’ screens', () => {
  it('keep the spec’s English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Customer preferences' })).toBeInTheDocument();
    expect(screen.getByText('Wednesday')).toBeInTheDocument();
    expect(screen.getByText('French')).toBeInTheDocument();
    await openDelete(/Tardes/, 'Delete');
    expect(screen.getByText(/Tardes for Ana Pérez will be removed/)).toBeInTheDocument();
    cleanup();
    await renderEdit();
    expect(await screen.findByRole('option', { name: 'Calle Mayor 1, Madrid (Default) (inactive)' }, shown)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit customer preference' })).toBeInTheDocument();
    cleanup();
    await renderCreate();
    await submitEmpty('Customer is required', shown);
    for (const message of ['Name is required', 'Day of week is required', 'Start time is required', 'End time is required']) expect(screen.getByText(message)).toBeInTheDocument();
  });

  it.each([
    ['es', 'Eliminar', 'El cliente es obligatorio', ['Preferencias de clientes', 'Miércoles', 'Francés', '¿Eliminar esta preferencia de cliente?', 'Calle Mayor 1, Madrid (Predeterminada) (inactiva)', 'Editar preferencia de cliente', 'Receptores autorizados', 'El nombre es obligatorio']],
    ['fr', 'Supprimer', 'Le client est obligatoire', ['Préférences des clients', 'Mercredi', 'Français', 'Supprimer cette préférence client ?', 'Calle Mayor 1, Madrid (Par défaut) (inactive)', 'Modifier la préférence client', 'Réceptionnaires autorisés', 'Le nom est obligatoire']],
  ] as const)('speak %s with no English left', async (language, remove, customerRequired, words) => {
    await act(() => applyLanguage(language));
    let text = '';
    await renderList();
    await openDelete(/Tardes/, remove);
    text += pageWords();
    cleanup();
    await renderEdit();
    await screen.findByRole('option', { name: /Calle Mayor/ }, shown);
    text += pageWords();
    cleanup();
    await renderCreate();
    await submitEmpty(customerRequired, shown);
    text += pageWords();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });

  it('show a rule only the database knows by its key, in Spanish, under its field', async () => {
    // One active preference per customer and location: the form cannot know the others.
    vi.mocked(updatePreference).mockRejectedValueOnce({
      code: '23514',
      message: 'Validation failed',
      details: JSON.stringify([
        { key: 'preferences.location_taken', field: 'location_id', message: 'This customer already has an active preference for this location' },
      ]),
      hint: null,
    });
    await act(() => applyLanguage('es'));
    await renderEdit();
    await screen.findByRole('option', { name: /Calle Mayor/ }, shown);
    await act(async () => {
      fireEvent.submit(screen.getByRole('form'));
    });
    expect(updatePreference).toHaveBeenCalledOnce();
    expect(await screen.findByText('Este cliente ya tiene una preferencia activa para esta ubicación', undefined, shown)).toBeInTheDocument();
    expect(pageWords()).not.toContain('already has an active preference');
  });
});
