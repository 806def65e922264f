// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import type { Supplier } from '../schema';
import { SupplierCreatePage, SupplierEditPage } from './SupplierFormPage';
import { SuppliersListPage } from './SuppliersListPage';
import { cleanupInEnglish, renderPageAt } from '../../../test/render-page';

const supplier: Supplier = {
  id: 's1',
  tenant_id: 't1',
  name: 'Harinas Ruiz',
  code: 'HR-01',
  contact_name: 'Marta Ruiz',
  contact_email: 'marta@example.com',
  contact_phone: '+34 600 000 000',
  address_id: null,
  lead_time_days: 1,
  payment_terms: 'cod',
  notes: 'Mornings only',
  active: true,
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
};

vi.mock('../../../lib/tenant', async (original) => ({ ...(await original<object>()), useTenantId: () => 't1' }));
vi.mock('../../../data/addresses', () => ({ tenantAddressLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
vi.mock('../api', () => ({
  listSuppliers: vi.fn(async () => ({ rows: [supplier], total: 1 })),
  getSupplier: vi.fn(async () => supplier),
  createSupplier: vi.fn(),
  updateSupplier: vi.fn(),
}));

afterEach(cleanupInEnglish);

const renderList = () => renderPageAt('/suppliers', '/suppliers', <SuppliersListPage />, () => screen.findByText('HR-01', undefined, { timeout: 5000 }));
const renderEdit = () => renderPageAt('/suppliers/s1/edit', '/suppliers/:id/edit', <SupplierEditPage />, () => screen.findByDisplayValue('Mornings only', undefined, { timeout: 5000 }));
const renderCreate = () => renderPageAt('/suppliers/new', '/suppliers/new', <SupplierCreatePage />, () => screen.findByRole('form', undefined, { timeout: 5000 }));

/** Submits the create form blank but for a bad email and phone, so the fields say their messages. */
async function submitBad() {
  fireEvent.change(screen.getByRole('textbox', { name: /Email|Correo|E-mail/ }), { target: { value: 'nope' } });
  fireEvent.change(screen.getByRole('textbox', { name: /Phone|Teléfono|Téléphone/ }), { target: { value: '12' } });
  await act(async () => {
    fireEvent.submit(screen.getByRole('form'));
  });
  await screen.findAllByText(/@|10/);
}

/** English words of the list and the form that must not survive a translation (Code, Contact, Notes, Active are French too). */
const ENGLISH = [
  'Suppliers',
  'Dashboard',
  'Name',
  'Email',
  'Phone',
  'Lead time',
  'Payment terms',
  'Status',
  'day',
  'days',
  'Cash on delivery',
  'Add supplier',
  'Search name',
  'Edit',
  'Edit supplier',
  'Create supplier',
  'Create',
  'Contact name',
  'Address',
  'addresses',
  'Save changes',
  'Cancel',
  'is required',
  'valid',
  'Please enter',
];

describe('the suppliers’ screens', () => {
  it('keep the spec’s English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Suppliers' })).toBeInTheDocument();
    expect(screen.getByText('1 day')).toBeInTheDocument();
    expect(screen.getByText('Cash on delivery')).toBeInTheDocument();
    cleanup();
    await renderEdit();
    expect(screen.getByRole('heading', { name: 'Edit supplier' })).toBeInTheDocument();
    cleanup();
    await renderCreate();
    await submitBad();
    for (const message of ['Name is required', 'Code is required', 'Valid email is required', 'Please enter a valid phone number with at least 10 digits']) expect(screen.getByText(message)).toBeInTheDocument();
  });

  it.each([
    ['es', ['Proveedores', 'Añadir proveedor', '1 día', 'Contra reembolso', 'Editar proveedor', 'Plazo de entrega', 'días', 'Guardar cambios', 'El nombre es obligatorio', 'Se requiere un correo electrónico válido']],
    ['fr', ['Fournisseurs', 'Ajouter un fournisseur', '1 jour', 'Paiement à la livraison', 'Modifier le fournisseur', 'Délai de livraison', 'jours', 'Enregistrer les modifications', 'Le nom est obligatoire', 'Une adresse e-mail valide est obligatoire']],
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
    await submitBad();
    text += pageWords();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });
});
