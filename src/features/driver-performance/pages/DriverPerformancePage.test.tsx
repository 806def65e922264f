// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { deferred, type Deferred } from '../../../test/deferred';
import { allPerformance } from '../api';
import type { PerformanceRow } from '../schema';
import { DriverPerformancePage } from './DriverPerformancePage';
import { cleanupInEnglish } from '../../../test/render-page';

const rows: PerformanceRow[] = [
  {
    id: 'dr1',
    driver_id: 'dr1',
    full_name: 'Dana Driver',
    avatar_url: null,
    driver_status: 'busy',
    assigned: 12,
    accepted: 10,
    rejected: 2,
    acceptance_rate: 0.8333,
    completed: 9,
    failed: 1,
    on_time: 8,
    with_deadline: 9,
    on_time_rate: 0.8889,
    avg_assignment_to_delivered_minutes: 200,
    cod_collected: 120.5,
    currency: 'USD',
  },
];

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { profile: { tenant_id: 't1' } } }) }));
vi.mock('../api', () => ({
  listPerformance: vi.fn(async () => ({ rows, total: rows.length })),
  allPerformance: vi.fn(async () => rows),
  completedPerDay: vi.fn(async () => [
    { day: '2026-11-01', completed: 4 },
    { day: '2026-11-02', completed: 5 },
  ]),
}));

afterEach(cleanupInEnglish);

async function renderPage(ready = true) {
  const location = memoryLocation({ path: '/driver-performance?from=2026-11-01&to=2026-11-02' });
  await act(async () => {
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Suspense fallback="loading">
          <DriverPerformancePage />
        </Suspense>
      </Router>,
    );
  });
  if (!ready) return;
  await screen.findAllByText('Dana Driver', undefined, { timeout: 5000 });
  await screen.findByRole('img', undefined, { timeout: 5000 });
}

/** The page's English words (a few are French too: Description). */
const ENGLISH = ['Driver performance', 'Dashboard', 'Date range', 'Last 7 days', 'Assigned', 'Accepted', 'Rejected', 'Acceptance rate', 'Completed', 'Failed', 'On-time rate', 'Cash collected', 'Chart', 'All drivers', 'completed deliveries', 'Busy', 'Search driver', 'Day', 'from'];

describe('the driver performance page', () => {
  it('keeps its English', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Driver performance' })).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAccessibleName('Completed deliveries per day 9 completed deliveries from Nov 1 to Nov 2; at most 5 on one day');
    expect(screen.getByText('3 h 20 min')).toBeInTheDocument();
    expect(screen.getAllByText('83.3%').length).toBeGreaterThan(0);
  });

  it.each([
    ['es', ['Rendimiento de los conductores', 'Tasa de aceptación', 'Entregas completadas por día', '83,3', 'Ocupado', 'Últimos 7 días']],
    ['fr', ['Performance des chauffeurs', 'Taux d’acceptation', 'Livraisons effectuées par jour', '83,3', '2 nov.', 'Espèces encaissées']],
  ] as const)('speaks %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    await renderPage();
    const described = [...document.querySelectorAll('desc, title')].map((node) => node.textContent).join(' ');
    const text = `${document.body.textContent ?? ''} ${described} ${[...document.querySelectorAll('input')].map((input) => input.placeholder).join(' ')}`;
    for (const word of words) expect(text).toContain(word);
    for (const word of ENGLISH) expect(text).not.toMatch(new RegExp(`\\b${word}\\b`));
  });

  it('shows the overview of the period chosen last when the period before it answers later', async () => {
    const answers = new Map<string, Deferred<PerformanceRow[]>>();
    const signals = new Map<string, AbortSignal>();
    vi.mocked(allPerformance).mockImplementation((from, _to, signal) => {
      const answer = deferred<PerformanceRow[]>();
      answers.set(from, answer);
      signals.set(from, signal);
      return answer.promise;
    });
    try {
      await renderPage(false);
      await vi.waitFor(() => expect(answers.has('2026-11-01')).toBe(true));
      await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
      await vi.waitFor(() => expect(answers.size).toBe(2));
      expect(signals.get('2026-11-01')?.aborted).toBe(true);
      const [, week] = [...answers.keys()];
      await act(async () => answers.get(week!)!.resolve([{ ...rows[0]!, assigned: 7 }]));
      await act(async () => answers.get('2026-11-01')!.resolve([{ ...rows[0]!, assigned: 99 }]));
      const overview = screen.getByRole('region', { name: 'Overview' });
      await vi.waitFor(() => expect(within(overview).getByText('Assigned').nextElementSibling).toHaveTextContent('7'));
      expect(within(overview).queryByText('99')).not.toBeInTheDocument();
    } finally {
      vi.mocked(allPerformance).mockImplementation(async () => rows);
    }
  });
});
