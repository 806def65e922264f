import { act, cleanup, render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { ToastProvider } from '../../../ui/toast';
import type { ExceptionRow } from '../schema';

/**
 * What the exceptions' page tests share: the row they show, the signed-in admin of tenant t1, and the
 * page rendered at a path. Each test file still declares its own `vi.mock`s (they are hoisted per file);
 * their factories take the modules from here:
 *
 *   vi.mock('../../../lib/session', async () => (await import('../test/fixtures')).sessionModule);
 */

/** An open, high-severity damaged exception on delivery ACME-D00001 of tenant t1; `overrides` changes what a test needs. */
export function exceptionRow(overrides: Partial<ExceptionRow> = {}): ExceptionRow {
  return {
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
    ...overrides,
  };
}

/** lib/session as the pages see it: an admin of tenant t1. */
export const sessionModule = { useSession: () => ({ user: { profile: { tenant_id: 't1' } } }) };

/** The page at `path`, inside the toasts, a router and Suspense (the catalogues load on demand). */
export async function renderPage(path: string, page: ReactNode): Promise<void> {
  const location = memoryLocation({ path });
  await act(async () => {
    render(
      <ToastProvider>
        <Router hook={location.hook}>
          <Suspense fallback="loading">{page}</Suspense>
        </Router>
      </ToastProvider>,
    );
  });
}

/** After each test: the DOM emptied and the page back in English. */
export async function resetPage(): Promise<void> {
  cleanup();
  await act(() => applyLanguage('en'));
}
