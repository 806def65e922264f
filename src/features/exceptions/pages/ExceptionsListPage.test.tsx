// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import type { ExceptionRow } from '../schema';
import { ExceptionsListPage } from './ExceptionsListPage';

const rows: ExceptionRow[] = [
  {
    id: 'x1',
    tenant_id: 't1',
    exception_code: 'ACME-X00001',
    delivery_id: 'd1',
    delivery_code: 'ACME-D00001',
    delivery_status: 'in_transit',
    customer_id: 'c1',
    customer_name: 'Carla Cliente',
    type: 'damaged',
    severity: 'high',
    description: 'Carton crushed',
    photos: [],
    reported_by: 'u1',
    reported_by_name: 'Ada Admin',
    assigned_to: null,
    assigned_to_name: null,
    status: 'open',
    resolution_notes: null,
    resolved_at: null,
    created_at: '2026-11-21T10:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
  },
];

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { profile: { tenant_id: 't1' } } }) }));
vi.mock('../../../lib/use-live-collection', () => ({ useLiveCollection: () => ({ state: undefined }) }));
vi.mock('../../../lib/use-server-list', async (original) => ({ ...(await original<object>()), useLiveChanges: () => undefined }));
vi.mock('../api', () => ({ listExceptions: vi.fn(async () => ({ rows, total: rows.length })) }));

afterEach(async () => {
  cleanup();
  await act(() => applyLanguage('en'));
});

async function renderList() {
  const location = memoryLocation({ path: '/exceptions' });
  await act(async () => {
    render(
      <Router hook={location.hook}>
        <Suspense fallback="loading">
          <ExceptionsListPage />
        </Suspense>
      </Router>,
    );
  });
  await screen.findByText('ACME-X00001', undefined, { timeout: 5000 });
}

/** The list's English words (Type is French too). */
const ENGLISH = ['Exceptions', 'Exception', 'Dashboard', 'Delivery', 'Severity', 'Status', 'Assigned to', 'Unassigned', 'Reported by', 'Reported', 'Damaged', 'High', 'Open', 'Report exception', 'Search exception'];

describe('the exceptions’ list', () => {
  it('keeps its English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Exceptions' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Reported by/ })).toBeInTheDocument();
    expect(screen.getByText('Damaged')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report exception' })).toBeInTheDocument();
  });

  it.each([
    ['es', ['Incidencias', 'Notificada por', 'Dañado', 'Sin asignar', 'Notificar incidencia']],
    ['fr', ['Incidents', 'Signalé par', 'Endommagé', 'Non attribué', 'Signaler un incident']],
  ] as const)('speaks %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    await renderList();
    const text = `${document.body.textContent ?? ''} ${[...document.querySelectorAll('input')].map((input) => input.placeholder).join(' ')}`;
    for (const word of words) expect(text).toContain(word);
    for (const word of ENGLISH) expect(text).not.toMatch(new RegExp(`\\b${word}\\b`));
  });
});
