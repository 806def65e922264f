// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { deferred } from '../../../test/deferred';
import { expectLiveListFollows, warehouseLive } from '../../../test/warehouse-live';
import { listPackageHandoffs, savePackageHandoff, signatureUrl } from '../api';
import { packageHandoffList } from '../list';
import { ToastProvider } from '../../../ui/toast';
import { EditHandoffDialog } from '../components/HandoffDialogs';
import type { PackageHandoffRow } from '../schema';
import { PackageHandoffCreatePage, PackageHandoffsListPage } from './PackageHandoffsListPage';

const rows: PackageHandoffRow[] = [
  {
    id: 'h1',
    warehouse_id: 'w1',
    delivery_id: 'd1',
    picking_order_id: 'p1',
    warehouse_staff_id: 's1',
    signature_url: 't1/w1/sig.png',
    notes: 'Dock 3',
    status: 'pending',
    initiated_at: '2026-11-21T10:00:00Z',
    completed_at: null,
    updated_at: '2026-11-21T10:00:00Z',
    warehouse_code: 'MAIN',
    warehouse_name: 'Main depot',
    staff_name: 'Pat Packer',
    staff_role: 'warehouse_staff',
    delivery_code: 'ACME-D00001',
    reference_number: 'ACME-PK00041',
  },
];

vi.mock('../../../lib/tenant', () => ({ useTenantId: () => 't1' }));
vi.mock('../../../data/warehouse-live', () => import('../../../test/warehouse-live'));
vi.mock('../../../data/warehouses', () => ({ warehouseLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));
vi.mock('../../../data/handoffs', () => ({ lookupAssignedDeliveries: vi.fn(async () => []), lookupCompletedPickOrders: vi.fn(async () => []), lookupWarehouseStaffRows: vi.fn(async () => []) }));
vi.mock('../api', () => ({
  listPackageHandoffs: vi.fn(async () => ({ rows, total: rows.length })),
  savePackageHandoff: vi.fn(),
  uploadSignature: vi.fn(),
  signatureUrl: vi.fn(async () => {
    throw new Error('offline');
  }),
}));

// jsdom draws nothing: the signature pads get a 2D context that accepts every call.
beforeEach(() => {
  const context = new Proxy({}, { get: () => () => undefined, set: () => true });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as CanvasRenderingContext2D);
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await act(() => applyLanguage('en'));
});

/** The list with its Add modal open (package-handoff/create), the modal's form submitted empty. */
async function renderCreate() {
  const location = memoryLocation({ path: '/package-handoff/create' });
  await act(async () => {
    render(
      <ToastProvider>
        <Router hook={location.hook}>
          <Suspense fallback="loading">
            <PackageHandoffCreatePage />
          </Suspense>
        </Router>
      </ToastProvider>,
    );
  });
  await screen.findByText('Pat Packer', undefined, { timeout: 5000 });
  const dialog = await screen.findByRole('dialog');
  await act(async () => {
    fireEvent.submit(within(dialog).getByRole('form'));
  });
  return dialog;
}

async function renderEdit() {
  await act(async () => {
    render(
      <ToastProvider>
        <Suspense fallback="loading">
          <EditHandoffDialog handoff={rows[0]!} tenantId="t1" onClose={() => undefined} onSaved={() => undefined} />
        </Suspense>
      </ToastProvider>,
    );
  });
  const dialog = await screen.findByRole('dialog', undefined, { timeout: 5000 });
  // The stored signature's link fails (offline): its words show once it has answered.
  await within(dialog).findByText(/could not be shown|No se pudo mostrar|n’a pas pu/);
  return dialog;
}

/** Everything a user reads: the text, and the placeholders, accessible names and alt texts. */
function visibleWords(): string {
  const attributes = [...document.querySelectorAll('[placeholder], [aria-label], [alt]')].map((element) =>
    ['placeholder', 'aria-label', 'alt'].map((name) => element.getAttribute(name) ?? '').join(' '),
  );
  return `${document.body.textContent ?? ''} ${attributes.join(' ')}`;
}

/** English words of the list and the modals that must not survive a translation (Notes, Signature and Actions are French too). */
const ENGLISH = [
  'Package Handoff',
  'Package handoffs',
  'Dashboard',
  'Warehousing',
  'Staff name',
  'Initiated at',
  'Completed at',
  'Status',
  'Warehouse code',
  'Warehouse',
  'Pending',
  'Add',
  'Search staff',
  'Add package handoff',
  'Delivery',
  'Picking order',
  'Warehouse staff',
  'Search warehouses',
  'Search assigned deliveries',
  'Choose a warehouse first',
  'The staff member signs',
  'Submit',
  'Cancel',
  'Clear',
  'is required',
  'Nov',
  'Notes',
  'Signature',
];
const FRENCH_TOO = ['Notes', 'Signature'];

function expectNoEnglish(language: 'es' | 'fr', words: readonly string[] = ENGLISH) {
  const text = visibleWords();
  const same = language === 'fr' ? FRENCH_TOO : [];
  for (const word of words.filter((english) => !same.includes(english))) expect(text).not.toMatch(new RegExp(`\\b${word}\\b`));
}

describe('the package handoffs’ list and modals', () => {
  it('the list stays live on its warehouses’ handoffs: the topics’ state shows, a change reads the page again, a deleted handoff leaves it', async () => {
    expect(warehouseLive.made).toContainEqual({ list: packageHandoffList, tables: ['package_handoffs'] });
    const renderList = async () => {
      await act(async () => {
        render(
          <ToastProvider>
            <Router hook={memoryLocation({ path: '/package-handoff' }).hook}>
              <Suspense fallback="loading">
                <PackageHandoffsListPage />
              </Suspense>
            </Router>
          </ToastProvider>,
        );
      });
      await screen.findByText('Pat Packer', undefined, { timeout: 5000 });
    };
    await expectLiveListFollows({ render: renderList, fetch: vi.mocked(listPackageHandoffs), deletedId: 'h1', goneText: 'Pat Packer' });
  });

  it('keep the spec’s English', async () => {
    const dialog = await renderCreate();
    expect(screen.getByRole('heading', { name: 'Package Handoff', level: 1, hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Initiated at/, hidden: true })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Add package handoff' })).toBeInTheDocument();
    expect(within(dialog).getByText('Warehouse is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Picking order is required')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    cleanup();
    const edit = await renderEdit();
    expect(within(edit).getByText('The stored signature could not be shown.')).toBeInTheDocument();
    expect(within(edit).getByText('Draw only to replace the stored signature.')).toBeInTheDocument();
  });

  it.each([
    ['es', ['Entrega de paquetes', 'Iniciada el', 'Código de almacén', 'Pendiente', 'Añadir entrega de paquetes', 'El almacén es obligatorio', 'La orden de preparación es obligatoria', 'La firma es obligatoria', 'Enviar', 'Elija primero un almacén', '21 nov 2026']],
    ['fr', ['Remise de colis', 'Commencée le', 'Code de l’entrepôt', 'En attente', 'Ajouter une remise de colis', 'L’entrepôt est obligatoire', 'L’ordre de préparation est obligatoire', 'La signature est obligatoire', 'Envoyer', 'Choisissez d’abord un entrepôt', '21 nov. 2026']],
  ] as const)('the list and the Add modal speak %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    await renderCreate();
    const text = visibleWords();
    for (const word of words) expect(text).toContain(word);
    expectNoEnglish(language);
  });

  it.each([
    ['es', ['Editar entrega de paquetes', 'Personal del almacén', 'Firma guardada', 'No se pudo mostrar la firma guardada.', 'Nueva firma', 'Dibuje solo para reemplazar', 'Pendiente']],
    ['fr', ['Modifier la remise de colis', 'Personnel de l’entrepôt', 'Signature enregistrée', 'La signature enregistrée n’a pas pu être affichée.', 'Nouvelle signature', 'Dessinez seulement', 'En attente']],
  ] as const)('the Edit modal speaks %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    await renderEdit();
    const text = visibleWords();
    for (const word of words) expect(text).toContain(word);
    expectNoEnglish(language, [...ENGLISH, 'Edit package handoff', 'Stored signature', 'New signature', 'Draw only', 'Choose a status']);
  });

  it('the Edit modal says a move the database refuses in the page’s language, by its key', async () => {
    // What save_package_handoff answers when the status machine refuses the move (20261213040200).
    const english = 'Only admins and the staff of this warehouse can cancel a handoff';
    vi.mocked(savePackageHandoff).mockRejectedValueOnce({
      code: '42501',
      message: english,
      details: JSON.stringify([{ key: 'handoffs.move_not_allowed', message: english, params: { action: 'cancelled' } }]),
    });
    await act(() => applyLanguage('es'));
    const dialog = await renderEdit();
    await act(async () => {
      fireEvent.submit(within(dialog).getByRole('form'));
    });
    expect(await screen.findByText('Solo los administradores y el personal de este almacén pueden cancelar una entrega')).toBeInTheDocument();
    expect(screen.getByText('No se pudo enviar la entrega de paquetes')).toBeInTheDocument();
    expect(screen.queryByText(english)).not.toBeInTheDocument();
  });

  it('the Edit modal shows the signature of the row it holds: a slower answer for a replaced signature is dropped', async () => {
    const slow = deferred<string>();
    const fast = deferred<string>();
    vi.mocked(signatureUrl).mockImplementationOnce(() => slow.promise).mockImplementationOnce(() => fast.promise);
    const dialog = (handoff: PackageHandoffRow) => (
      <ToastProvider>
        <Suspense fallback="loading">
          <EditHandoffDialog handoff={handoff} tenantId="t1" onClose={() => undefined} onSaved={() => undefined} />
        </Suspense>
      </ToastProvider>
    );
    const { rerender } = render(dialog(rows[0]!));
    expect(await screen.findByText('Loading the signature…', undefined, { timeout: 5000 })).toBeInTheDocument();
    // The row changed while the dialog is open (a live update): its new signature is read.
    rerender(dialog({ ...rows[0]!, signature_url: 't1/w1/sig-2.png' }));
    await act(async () => fast.resolve('https://files.example/sig-2.png'));
    expect(screen.getByRole('img', { name: 'Stored signature' })).toHaveAttribute('src', 'https://files.example/sig-2.png');
    await act(async () => slow.resolve('https://files.example/sig-1.png'));
    expect(screen.getByRole('img', { name: 'Stored signature' })).toHaveAttribute('src', 'https://files.example/sig-2.png');
  });
});
