// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import type { ExceptionRow } from '../schema';
import { exceptionRow, renderPage, resetPage } from '../test/fixtures';
import { ExceptionEditPage } from './ExceptionFormPage';

const open = exceptionRow({ reported_by_name: null });
const resolved: ExceptionRow = { ...open, status: 'resolved', photos: ['t1/a.jpg'], resolution_notes: 'Replaced the carton', resolved_at: '2026-11-22T10:00:00Z' };
let row = open;

vi.mock('../../../lib/session', async () => (await import('../test/fixtures')).sessionModule);
vi.mock('../api', () => ({
  getException: vi.fn(async () => row),
  exceptionActions: vi.fn(async () => (row.status === 'open' ? ['investigating', 'resolved', 'closed'] : [])),
  listExceptionEvents: vi.fn(async () => [{ id: 'e1', from_status: null, status: 'open', note: null, actor_name: 'Ada Admin', occurred_at: '2026-11-21T10:00:00Z' }]),
  createException: vi.fn(),
  updateException: vi.fn(),
  transitionException: vi.fn(),
  uploadExceptionPhoto: vi.fn(),
}));

afterEach(async () => {
  row = open;
  await resetPage();
});

async function renderException(which: ExceptionRow) {
  row = which;
  await renderPage(
    '/exceptions/x1/edit',
    <Route path="/exceptions/:id/edit">
      <ExceptionEditPage />
    </Route>,
  );
  await screen.findByRole('region', { name: /History|Historial|Historique/ }, { timeout: 5000 });
}

/** English words of the page that must not survive a translation (a few are French too: Photos, Description, Type, Actions). */
const ENGLISH = [
  'Exception',
  'Dashboard',
  'Status',
  'Delivery',
  'Reported',
  'a former user',
  'Assigned to',
  'Unassigned',
  'Severity',
  'Description',
  'Type',
  'Photos',
  'Up to',
  'Save changes',
  'Cancel',
  'Actions',
  'Start investigating',
  'Resolve',
  'Close',
  'History',
  'Damaged',
  'High',
  'Resolution notes',
  'This exception',
  'Photo 1',
];

describe('the exception’s page', () => {
  it('keeps the English', async () => {
    await renderException(open);
    expect(screen.getByRole('heading', { name: 'Exception ACME-X00001' })).toBeInTheDocument();
    expect(screen.getByText('by a former user')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Description/ })).toHaveValue('Carton crushed');
    expect(screen.getByRole('button', { name: 'Start investigating' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent('Reported by Ada Admin');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    cleanup();
    await renderException(resolved);
    expect(screen.getByText('Resolution notes')).toBeInTheDocument();
    expect(await screen.findByText('This exception is resolved.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
  });

  it.each([
    ['es', ['Incidencia ACME-X00001', 'por un antiguo usuario', 'Sin asignar', 'Empezar a investigar', 'Notificada por Ada Admin', 'Guardar cambios', 'Gravedad'], ['Notas de resolución', 'Esta incidencia está resuelta.', 'Foto 1']],
    ['fr', ['Incident ACME-X00001', 'par un ancien utilisateur', 'Non attribué', 'Commencer l’analyse', 'Signalé par Ada Admin', 'Enregistrer les modifications', 'Gravité'], ['Notes de résolution', 'Cet incident est résolu.', 'Photo 1']],
  ] as const)('speaks %s with no English left', async (language, words, resolvedWords) => {
    await act(() => applyLanguage(language));
    const same = language === 'fr' ? ['Photos', 'Description', 'Type', 'Actions', 'Photo 1'] : [];
    const noEnglish = () => {
      const text = document.body.textContent ?? '';
      const alts = [...document.querySelectorAll('img')].map((img) => img.alt).join(' ');
      for (const word of ENGLISH.filter((english) => !same.includes(english))) expect(`${text} ${alts}`).not.toMatch(new RegExp(`\\b${word}\\b`));
      return `${text} ${alts}`;
    };
    await renderException(open);
    await screen.findByRole('button', { name: words[3] });
    const text = noEnglish();
    for (const word of words) expect(text).toContain(word);
    cleanup();
    await renderException(resolved);
    await screen.findByText(resolvedWords[1]);
    const after = noEnglish();
    for (const word of resolvedWords) expect(after).toContain(word);
  });
});
