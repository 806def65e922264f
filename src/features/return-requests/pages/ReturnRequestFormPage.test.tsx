// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { ToastProvider } from '../../../ui/toast';
import type { ReturnRow } from '../schema';
import { ReturnRequestEditPage } from './ReturnRequestFormPage';
import { cleanupInEnglish } from '../../../test/render-page';

const row: ReturnRow = {
  id: 'r1',
  tenant_id: 't1',
  return_code: 'ACME-R00001',
  delivery_id: 'd1',
  delivery_code: 'ACME-D00001',
  delivery_status: 'delivered',
  delivery_price: 10,
  delivery_cod_amount: 2.5,
  delivery_packages: [{ description: 'Boots', quantity: 2 }, { quantity: 1 }],
  delivered_at: '2026-11-20T10:00:00Z',
  dropoff_full_address: '1 Main St',
  order_id: null,
  customer_id: 'c1',
  customer_name: 'Carla Cliente',
  customer_email: 'carla@example.com',
  reason: 'wrong_item',
  reason_text: null,
  items: [
    { package_index: 0, description: 'Boots', quantity: 1 },
    { package_index: 1, description: 'Package 2', quantity: 1 },
  ],
  photos: [],
  refund_amount: 5,
  currency: 'USD',
  notes: '',
  status: 'requested',
  refunded: null,
  pickup_delivery_id: null,
  pickup_delivery_code: null,
  pickup_delivery_status: null,
  warehouse_id: null,
  warehouse_name: null,
  received_at: null,
  closed_at: null,
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
};

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { profile: { tenant_id: 't1' } } }) }));
vi.mock('../api', () => ({
  getReturn: vi.fn(async () => row),
  returnActions: vi.fn(async () => ['approved', 'rejected']),
  listReturnEvents: vi.fn(async () => [{ id: 'e1', from_status: null, status: 'requested', note: null, actor_name: 'Ada Admin', occurred_at: '2026-11-21T10:00:00Z' }]),
  listReturnWarehouses: vi.fn(async () => []),
  lookupDeliveredDeliveries: vi.fn(async () => []),
  getReturnableDelivery: vi.fn(async () => null),
  createReturn: vi.fn(),
  updateReturn: vi.fn(),
  transitionReturn: vi.fn(),
  uploadReturnPhoto: vi.fn(),
  putBackIntoStock: vi.fn(),
}));

afterEach(cleanupInEnglish);

async function renderRequest() {
  const location = memoryLocation({ path: '/return-requests/r1/edit' });
  await act(async () => {
    render(
      <ToastProvider>
        <Router hook={location.hook}>
          <Suspense fallback="loading">
            <Route path="/return-requests/:id/edit">
              <ReturnRequestEditPage />
            </Route>
          </Suspense>
        </Router>
      </ToastProvider>,
    );
  });
  await screen.findByRole('button', { name: /Approve|Aprobar|Approuver/ }, { timeout: 5000 });
}

/** English words of the page that must not survive a translation (a few are French too: Photos, Notes, Actions). */
const ENGLISH = ['Return request', 'Dashboard', 'Status', 'Delivery', 'Customer', 'Collect from', 'Pickup delivery', 'Not scheduled', 'Items to return', 'delivered', 'Reason', 'Refund amount', 'At most', 'Photos', 'Notes', 'Save changes', 'Cancel', 'Actions', 'Approve', 'Reject', 'History', 'Requested by', 'Wrong item', 'Package 2'];

describe('the return request’s page', () => {
  it('keeps the spec’s English', async () => {
    await renderRequest();
    expect(screen.getByRole('heading', { name: 'Return request ACME-R00001' })).toBeInTheDocument();
    expect(screen.getByText('Items to return')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Package 2 (1 delivered)' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Refund amount' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent('Requested by Ada Admin');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });

  it.each([
    ['es', ['Solicitud de devolución ACME-R00001', 'Artículos que se devuelven', 'Importe del reembolso', 'Solicitada por Ada Admin', 'Aprobar', 'Guardar cambios', 'Sin programar', 'Paquete 2']],
    ['fr', ['Demande de retour ACME-R00001', 'Articles à retourner', 'Montant du remboursement', 'Demandée par Ada Admin', 'Approuver', 'Enregistrer les modifications', 'Non planifié', 'Colis 2']],
  ] as const)('speaks %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    await renderRequest();
    const text = document.body.textContent ?? '';
    for (const word of words) expect(text).toContain(word);
    const same = language === 'fr' ? ['Photos', 'Notes', 'Actions'] : [];
    for (const word of ENGLISH.filter((english) => !same.includes(english))) expect(text).not.toMatch(new RegExp(`\\b${word}\\b`));
  });
});
