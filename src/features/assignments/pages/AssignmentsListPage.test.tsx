// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import type { AssignmentRow } from '../schema';
import { AssignmentsListPage } from './AssignmentsListPage';
import { cleanupInEnglish } from '../../../test/render-page';

const rows = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    tenant_id: 't1',
    delivery_id: 'd1',
    driver_id: 'dr1',
    vehicle_id: 'v1',
    assigned_by_id: 'u1',
    assignment_time: '2026-11-25T10:00:00+00:00',
    status: 'accepted',
    notes: '',
    responded_at: null,
    rejection_reason: null,
    completed_at: null,
    cancelled_at: null,
    cancel_reason: null,
    updated_at: '2026-11-25T10:00:00+00:00',
    assigned_by: { id: 'u1', full_name: 'Dana Díaz' },
    drivers: { id: 'dr1', user: { full_name: 'Derek Díaz', avatar_url: null } },
    vehicles: { id: 'v1', name: 'City Van 1', code: 'ACME-VAN-01', image_url: null },
    delivery: { id: 'd1', delivery_code: 'ACME-000123', external_reference_id: 'PO-1', status: 'assigned' },
  },
] as unknown as AssignmentRow[];

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { profile: { tenant_id: 't1' } } }) }));
vi.mock('../../../lib/use-live-collection', () => ({ useLiveCollection: () => ({ state: undefined, subscribe: () => () => undefined }) }));
vi.mock('../../../lib/use-server-list', async (original) => ({ ...(await original<object>()), useLiveChanges: () => undefined }));
vi.mock('../api', () => ({
  listAssignments: vi.fn(async () => ({ rows, total: rows.length })),
}));

afterEach(cleanupInEnglish);

async function renderList() {
  const location = memoryLocation({ path: '/assignments' });
  await act(async () => {
    render(
      <Router hook={location.hook}>
        <Suspense fallback="loading">
          <AssignmentsListPage />
        </Suspense>
      </Router>,
    );
  });
  await screen.findByText('Derek Díaz', undefined, { timeout: 5000 });
}

/** The list's English words. */
const ENGLISH = ['Assignments', 'Dashboard', 'Assigned by', 'Driver', 'Vehicle', 'Assignment time', 'Delivery', 'Status', 'Accepted', 'No image', 'Add assignment', 'Search delivery'];

describe('the assignments’ list', () => {
  it('keeps its English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Assignments' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Assignment time/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add assignment' })).toBeInTheDocument();
  });

  it.each([
    ['es', ['Asignaciones', 'Hora de asignación', 'Aceptada', 'Sin imagen', 'Añadir asignación']],
    ['fr', ['Affectations', 'Heure d’affectation', 'Acceptée', 'Aucune image', 'Ajouter une affectation']],
  ] as const)('speaks %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    await renderList();
    const labels = [...document.querySelectorAll('[aria-label]')].map((node) => node.getAttribute('aria-label')).join(' ');
    const text = `${document.body.textContent ?? ''} ${labels} ${[...document.querySelectorAll('input')].map((input) => input.placeholder).join(' ')}`;
    for (const word of words) expect(text).toContain(word);
    for (const word of ENGLISH) expect(text).not.toMatch(new RegExp(`\\b${word}\\b`));
  });
});
