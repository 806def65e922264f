// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { ToastProvider } from '../../../ui/toast';
import { lookupDrivers } from '../../../data/drivers';
import { checkFit, driverDefaultVehicle, type AssignmentRecord } from '../api';
import type { Fit } from '../schema';
import { deferred } from '../../../test/deferred';
import { AssignmentEditPage } from './AssignmentFormPage';

const pending: AssignmentRecord = {
  id: 'a1',
  tenant_id: 't1',
  delivery_id: 'd1',
  driver_id: 'dr1',
  vehicle_id: 'v1',
  assigned_by: null,
  assignment_time: '2026-11-21T10:00:00Z',
  status: 'pending',
  notes: 'x'.repeat(1001),
  responded_at: null,
  rejection_reason: null,
  completed_at: null,
  cancelled_at: null,
  cancel_reason: null,
  updated_at: '2026-11-21T10:00:00Z',
  delivery: { delivery_code: 'ACME-D00001', external_reference_id: null, status: 'assigned' },
};
const completed: AssignmentRecord = { ...pending, status: 'completed', notes: 'Gate 4', responded_at: '2026-11-21T10:05:00Z', completed_at: '2026-11-21T12:00:00Z' };
const loaded: { record: AssignmentRecord } = { record: pending };

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { profile: { tenant_id: 't1' } } }) }));
vi.mock('../../../data/deliveries', () => {
  const deliveryLabel = vi.fn(async () => 'ACME-D00001');
  return { deliveryLabel, assignableDeliveryLookup: () => ({ search: vi.fn(async () => []), resolveLabel: deliveryLabel }) };
});
vi.mock('../../../data/drivers', () => {
  const driverLabel = vi.fn(async () => 'Dana Driver');
  const lookupDrivers = vi.fn(async (): Promise<{ value: string; label: string }[]> => []);
  return { driverLabel, lookupDrivers, driverLookup: () => ({ search: () => lookupDrivers(), resolveLabel: driverLabel }) };
});
vi.mock('../../../data/vehicles', () => {
  const vehicleLabel = vi.fn(async () => 'Van 7');
  return { vehicleLabel, vehicleLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vehicleLabel }) };
});
vi.mock('../api', () => ({
  getAssignment: vi.fn(async () => loaded.record),
  checkFit: vi.fn(async () => ({ problems: [], weight_kg: 120, capacity_kg: 800 })),
  driverDefaultVehicle: vi.fn(async () => null),
  createAssignment: vi.fn(),
  updateAssignment: vi.fn(),
}));

afterEach(async () => {
  cleanup();
  loaded.record = pending;
  await act(() => applyLanguage('en'));
});

/** The edit page of assignment a1, as loaded.record holds it. */
async function renderEditPage() {
  const location = memoryLocation({ path: '/assignments/a1/edit' });
  await act(async () => {
    render(
      <ToastProvider>
        <Router hook={location.hook}>
          <Suspense fallback="loading">
            <Route path="/assignments/:id/edit">
              <AssignmentEditPage />
            </Route>
          </Suspense>
        </Router>
      </ToastProvider>,
    );
  });
}

async function renderAssignment(record: AssignmentRecord) {
  loaded.record = record;
  await renderEditPage();
  if (record.status === 'pending') {
    // The fit is asked once delivery, driver and vehicle are known; the notes are over their limit.
    await screen.findByText(/120/, undefined, { timeout: 5000 });
    await act(async () => {
      fireEvent.submit(screen.getByRole('form'));
    });
  } else {
    await screen.findByText('Dana Driver', undefined, { timeout: 5000 });
  }
}

/** Everything a user reads: the text, and the placeholders and accessible names of the controls. */
function visibleWords(): string {
  const attributes = [...document.querySelectorAll('[placeholder], [aria-label]')].map((element) => `${element.getAttribute('placeholder') ?? ''} ${element.getAttribute('aria-label') ?? ''}`);
  return `${document.body.textContent ?? ''} ${attributes.join(' ')}`;
}

/** The form's and the read-only view's English words (Notes is French too). */
const ENGLISH = [
  'Edit assignment',
  'Assignments',
  'Dashboard',
  'Delivery',
  'Driver',
  'Vehicle',
  'An assignment stays',
  'Available drivers',
  'Include drivers',
  'Active vehicles',
  'Search name',
  'Fit',
  'Load',
  'fit together',
  'For the driver',
  'Save changes',
  'Cancel',
  'Notes must be',
  'Status',
  'Assignment time',
  'Answered',
  'Completed',
  'Only pending',
  'read-only',
  'Back to assignments',
  'Nov',
  'Notes',
];

describe('the assignment’s form', () => {
  it('keeps the spec’s English', async () => {
    await renderAssignment(pending);
    expect(screen.getByRole('heading', { name: 'Edit assignment' })).toBeInTheDocument();
    expect(screen.getByText('Load 120 kg of 800 kg capacity (15%)')).toBeInTheDocument();
    expect(screen.getByText('Notes must be at most 1000 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    cleanup();
    await renderAssignment(completed);
    expect(screen.getByRole('note')).toHaveTextContent('Only pending assignments can be edited; this one is completed. It is shown read-only.');
    expect(screen.getByRole('button', { name: 'Back to assignments' })).toBeInTheDocument();
  });

  it.each([
    ['es', ['Editar asignación', 'Conductores disponibles', 'Compatibilidad', 'Carga de 120 kg', 'Las notas deben tener como máximo 1000 caracteres', 'Guardar cambios', 'Incluir conductores no disponibles']],
    ['fr', ['Modifier l’affectation', 'Chauffeurs disponibles', 'Adéquation', 'Les notes doivent comporter au plus 1000 caractères', 'Enregistrer les modifications', 'Inclure les chauffeurs non disponibles']],
  ] as const)('the form speaks %s with no English left, its validation too', async (language, words) => {
    await act(() => applyLanguage(language));
    await renderAssignment(pending);
    const text = visibleWords();
    for (const word of words) expect(text).toContain(word);
    const same = language === 'fr' ? ['Notes'] : [];
    for (const word of ENGLISH.filter((english) => !same.includes(english))) expect(text).not.toMatch(new RegExp(`\\b${word}\\b`));
  });

  it.each([
    ['es', ['Solo se pueden editar las asignaciones pendientes; esta está completada. Se muestra solo para lectura.', 'Hora de asignación', 'Respondida', 'Volver a las asignaciones', '21 nov 2026']],
    ['fr', ['Elle est affichée en lecture seule.', 'Heure d’affectation', 'Retour aux affectations', '21 nov. 2026']],
  ] as const)('the read-only view speaks %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    await renderAssignment(completed);
    const text = visibleWords();
    for (const word of words) expect(text).toContain(word);
    const same = language === 'fr' ? ['Notes'] : [];
    for (const word of ENGLISH.filter((english) => !same.includes(english))) expect(text).not.toMatch(new RegExp(`\\b${word}\\b`));
  });

  it('follows the driver chosen now: a slower fit for the choice before is dropped', async () => {
    const before = deferred<Fit>();
    const after = deferred<Fit>();
    vi.mocked(checkFit).mockImplementationOnce(() => before.promise).mockImplementationOnce(() => after.promise);
    vi.mocked(lookupDrivers).mockImplementation(async () => [{ value: 'dr2', label: 'Sam Second' }]);
    vi.mocked(driverDefaultVehicle).mockImplementationOnce(async () => ({ id: 'v2', name: 'Truck 9' }));
    loaded.record = pending;
    await renderEditPage();
    const driver = await screen.findByLabelText(/^Driver/, { selector: 'input' }, { timeout: 5000 });
    expect(vi.mocked(checkFit)).toHaveBeenLastCalledWith('d1', 'dr1', 'v1', expect.anything());
    await userEvent.clear(driver);
    await userEvent.type(driver, 'sam');
    await userEvent.click(await screen.findByRole('option', { name: 'Sam Second' }, { timeout: 5000 }));
    // The new driver's usual vehicle is asked, but the vehicle chosen by hand stays; the fit is asked for the new three.
    await vi.waitFor(() => expect(vi.mocked(checkFit)).toHaveBeenLastCalledWith('d1', 'dr2', 'v1', expect.anything()));
    expect(vi.mocked(driverDefaultVehicle)).toHaveBeenLastCalledWith('t1', 'dr2');
    await act(async () => after.resolve({ problems: [], weight_kg: 300, capacity_kg: 1000 }));
    expect(await screen.findByText('Load 300 kg of 1,000 kg capacity (30%)')).toBeInTheDocument();
    await act(async () => before.resolve({ problems: [], weight_kg: 120, capacity_kg: 800 }));
    expect(screen.queryByText(/Load 120 kg/)).not.toBeInTheDocument();
    expect(screen.getByText('Load 300 kg of 1,000 kg capacity (30%)')).toBeInTheDocument();
    vi.mocked(lookupDrivers).mockImplementation(async () => []);
  });
});
