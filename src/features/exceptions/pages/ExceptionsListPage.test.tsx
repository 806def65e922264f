// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import type { ExceptionRow } from '../schema';
import { exceptionRow, renderPage, resetPage } from '../test/fixtures';
import { ExceptionsListPage } from './ExceptionsListPage';

const rows: ExceptionRow[] = [exceptionRow()];

vi.mock('../../../lib/session', async () => (await import('../test/fixtures')).sessionModule);
vi.mock('../../../lib/use-live-collection', () => ({ useLiveCollection: () => ({ state: undefined }) }));
vi.mock('../../../lib/use-server-list', async (original) => ({ ...(await original<object>()), useLiveChanges: () => undefined }));
vi.mock('../api', () => ({ listExceptions: vi.fn(async () => ({ rows, total: rows.length })) }));

afterEach(resetPage);

async function renderList() {
  await renderPage('/exceptions', <ExceptionsListPage />);
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
