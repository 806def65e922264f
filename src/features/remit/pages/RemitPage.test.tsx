// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import { ToastProvider } from '../../../ui/toast';
import type { CashSummary, RemittanceRow, UnremittedDelivery } from '../schema';
import { RemitPage } from './RemitPage';

const drivers: CashSummary[] = [
  {
    driver_id: 'd1',
    full_name: 'Daniel Okafor',
    avatar_url: null,
    driver_status: 'active',
    collected: 1234.5,
    remitted: 1000,
    outstanding: 234.5,
    shortfall: 4.5,
    outstanding_count: 2,
    last_remitted_at: '2026-11-20T17:05:00Z',
    currency: 'EUR',
  },
  {
    driver_id: 'd2',
    full_name: 'Marta Ruiz',
    avatar_url: null,
    driver_status: 'active',
    collected: 50,
    remitted: 52,
    outstanding: 0,
    shortfall: -2,
    outstanding_count: 0,
    last_remitted_at: null,
    currency: 'EUR',
  },
];

const history: RemittanceRow = {
  id: 'r1',
  reference_number: 'ACME-R00001',
  driver_id: 'd1',
  driver_name: 'Daniel Okafor',
  recorded_by_name: 'Dana',
  amount: 40,
  expected_amount: 44.5,
  currency: 'EUR',
  method: 'bank_transfer',
  note: '',
  discrepancy_reason: 'Fuel',
  recorded_at: '2026-11-20T17:05:00Z',
  delivery_codes: ['ACME-001010'],
};

const unremitted: UnremittedDelivery[] = [
  { id: 'x1', delivery_code: 'ACME-001022', delivered_at: '2026-11-21T09:00:00Z', cod_amount: 200, currency: 'EUR', dropoff_address: null },
  { id: 'x2', delivery_code: 'ACME-001023', delivered_at: '2026-11-21T10:00:00Z', cod_amount: 34.5, currency: 'EUR', dropoff_address: null },
];

/** What record_remittance answers for a remitted delivery and a different amount without a reason. */
const refusal = {
  code: '23514',
  message: 'Validation failed',
  details: JSON.stringify([
    { key: 'remit.already_remitted', field: 'delivery_ids', message: 'ACME-001022 is already remitted', params: { code: 'ACME-001022' } },
    { key: 'remit.deliveries_not_found', field: 'delivery_ids', message: 'A delivery was not found', params: { count: 1 } },
    {
      key: 'remit.amount_mismatch',
      field: 'amount',
      message: 'The amount must equal the cash of the chosen deliveries (200.00) unless a discrepancy reason is given',
      params: { total: '200.00' },
    },
    { key: 'remit.reason_required', field: 'discrepancy_reason', message: "Give the reason the amount differs from the deliveries' cash" },
  ]),
};

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { id: 'u1', profile: { tenant_id: 't1' } } }) }));
vi.mock('../../../lib/tenant', async (original) => ({ ...(await original<object>()), tenantIdOf: () => 't1' }));
vi.mock('../../../lib/use-feed-changes', () => ({ useFeedChanges: () => ({ state: 'live' }) }));
vi.mock('../api', () => ({
  EXPORT_LIMIT: 5000,
  cashSummary: vi.fn(async () => drivers),
  unremittedDeliveries: vi.fn(async () => unremitted),
  listRemittances: vi.fn(async () => ({ rows: [history], total: 1 })),
  allRemittances: vi.fn(async () => []),
  recordRemittance: vi.fn(async () => Promise.reject(refusal)),
}));

// jsdom lays nothing out: the Record button's scroll to the form has nowhere to go.
Element.prototype.scrollIntoView = vi.fn();

afterEach(async () => {
  cleanup();
  await act(() => applyLanguage('en'));
});

const wait = { timeout: 5000 };

async function renderPage() {
  const location = memoryLocation({ path: '/remit' });
  await act(async () => {
    render(
      <ToastProvider>
        <Router hook={location.hook}>
          <Suspense fallback="loading">
            <RemitPage />
          </Suspense>
        </Router>
      </ToastProvider>,
    );
  });
  await screen.findByText('ACME-R00001', undefined, wait);
  await screen.findAllByText('Daniel Okafor', undefined, wait);
}

/** Record for the first driver, tick a delivery, type another amount and submit: the database refuses. */
async function recordRefused() {
  const table = screen.getByRole('table', { name: /^(Drivers' cash|Efectivo de los conductores|Espèces des chauffeurs)$/ });
  fireEvent.click(within(table).getAllByRole('button')[0]!);
  const box = await screen.findByRole('checkbox', { name: /^ACME-001022, / }, wait);
  fireEvent.click(box);
  fireEvent.change(screen.getByRole('spinbutton'), { target: { value: '150' } });
  await act(async () => {
    fireEvent.submit(screen.getByRole('form'));
  });
  await waitFor(() => expect(document.querySelectorAll('[id$="-error"]').length).toBeGreaterThanOrEqual(3), wait);
}

/** English words of the screen that must not survive a translation. */
const ENGLISH = [
  'Cash remittance',
  'Dashboard',
  "Drivers' cash",
  'Collected',
  'Remitted',
  'Outstanding',
  'Driver',
  'Last remittance',
  'short',
  'over',
  'deliveries',
  'Record',
  'History',
  'Remittances',
  'Search',
  'Export CSV',
  'expected',
  'Reference',
  'Recorded',
  'Amount',
  'Method',
  'Bank transfer',
  'Deliveries',
  'Recorded by',
  'Choose',
  'Select all',
  'Clear',
  'Delivered',
  'Nov',
  'Discrepancy reason',
  'Note',
  'Cash of the chosen deliveries',
  'differs',
  'already remitted',
  'was not found',
  'must equal',
  'Give the reason',
  'was not recorded',
];

describe('the remit screen', () => {
  it('keeps its English, and shows the database’s refusals', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Cash remittance' })).toBeInTheDocument();
    expect(screen.getByText('€4.50 short')).toBeInTheDocument();
    expect(screen.getByText('2 deliveries')).toBeInTheDocument();
    expect(screen.getByText('expected €44.50')).toBeInTheDocument();
    expect(screen.getAllByText('Bank transfer').length).toBeGreaterThan(0);
    await recordRefused();
    expect(screen.getByText('ACME-001022 is already remitted; A delivery was not found')).toBeInTheDocument();
    expect(screen.getByText("Give the reason the amount differs from the deliveries' cash")).toBeInTheDocument();
    expect(await screen.findByText('The remittance was not recorded: see the highlighted fields')).toBeInTheDocument();
  });

  it.each([
    ['es', ['Liquidación de efectivo', 'Faltan 4,50', '2 entregas', 'Transferencia bancaria', '1234,50', 'ACME-001022 ya está liquidada; No se encontró una entrega', 'Indica por qué el importe difiere', 'nov 2026']],
    ['fr', ['Remise des espèces', '4,50', '2 livraisons', 'Virement bancaire', '1 234,50', 'ACME-001022 est déjà remise; Une livraison est introuvable', 'Indiquez pourquoi le montant diffère', 'nov. 2026']],
  ] as const)('speaks %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    await renderPage();
    await recordRefused();
    await screen.findByText(/liquidación no se registró|remise n’a pas été enregistrée/, undefined, wait);
    const text = pageWords().replace(/\s+/g, ' ');
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });
});
