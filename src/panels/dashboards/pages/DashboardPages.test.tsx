// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import { countUsersByPanel } from '../api';
import AdminDashboardPage from './AdminDashboardPage';
import DispatcherDashboardPage from './DispatcherDashboardPage';

const user = {
  id: 'u1',
  email: 'ada@acme.test',
  profile: { tenant_id: 't1', panel_type: 'admin', full_name: 'Ada Admin', avatar_url: null },
  tenant: { id: 't1', slug: 'acme', name: { en: 'ACME' } },
};

vi.mock('../../../lib/session', () => ({ useSession: () => ({ status: 'authenticated', user }) }));
vi.mock('../api', () => ({ countUsersByPanel: vi.fn(async () => ({ admin: 1200, dispatcher: 3, driver: 12, customer: 40 })) }));

afterEach(async () => {
  cleanup();
  await act(() => applyLanguage('en'));
});

async function renderPage(page: ReactNode) {
  const location = memoryLocation({ path: '/' });
  await act(async () => {
    render(
      <Router hook={location.hook}>
        <Suspense fallback="loading">{page}</Suspense>
      </Router>,
    );
  });
}

async function allScreensText(): Promise<string> {
  let text = '';
  await renderPage(<AdminDashboardPage />);
  await screen.findByTestId('count-admin', undefined, { timeout: 5000 });
  text += pageWords() + '\n' + document.title;
  cleanup();
  vi.mocked(countUsersByPanel).mockRejectedValueOnce(new Error('down'));
  await renderPage(<AdminDashboardPage />);
  await screen.findByRole('alert', undefined, { timeout: 5000 });
  text += pageWords();
  cleanup();
  await renderPage(<DispatcherDashboardPage />);
  await screen.findByTestId('dashboard-role', undefined, { timeout: 5000 });
  text += pageWords() + '\n' + document.title;
  cleanup();
  return text;
}

/** English words of the dashboards that must not survive a translation. */
const ENGLISH = ['Dashboard', 'People', 'Admins', 'Dispatchers', 'Drivers', 'Customers', 'Could not load', 'Retry', 'Cash remittance', 'Cash on delivery', 'Open remit', 'Role', 'Business', 'Good', 'Admin'];

describe('the dashboards', () => {
  it('keep their English', async () => {
    await renderPage(<AdminDashboardPage />);
    expect(await screen.findByText('1,200', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'People' })).toBeInTheDocument();
    expect(screen.getByText('Dispatchers')).toBeInTheDocument();
    expect(document.title).toContain('Dashboard | ACME');
    cleanup();
    await renderPage(<DispatcherDashboardPage />);
    expect(screen.getByRole('heading', { name: 'Cash remittance' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open remit' })).toBeInTheDocument();
  });

  it.each([
    ['es', ['Personas', 'Despachadores', '1200', 'Rendición de efectivo', 'Reintentar']],
    ['fr', ['Personnes', 'Répartiteurs', 'Remise des espèces', 'Réessayer']],
  ] as const)('speak %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    const text = await allScreensText();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });
});
