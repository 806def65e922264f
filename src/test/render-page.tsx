import { act, render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ToastProvider } from '../ui/toast';

/**
 * Renders `page` as the app would at `path` (its route pattern `route`, toasts, a Suspense boundary
 * for a language's catalogue) and waits for `ready` (the screen's data shown): the page tests'
 * common start.
 */
export async function renderPageAt(path: string, route: string, page: ReactNode, ready: () => Promise<unknown>): Promise<void> {
  const location = memoryLocation({ path });
  await act(async () => {
    render(
      <ToastProvider>
        <Router hook={location.hook}>
          <Suspense fallback="loading">
            <Route path={route}>{page}</Route>
          </Suspense>
        </Router>
      </ToastProvider>,
    );
  });
  await ready();
}
