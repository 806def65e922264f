import { act, cleanup, fireEvent, render, screen, type Matcher, type waitForOptions } from '@testing-library/react';
import { applyLanguage } from '../lib/i18n/catalogue';
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

/**
 * Unmounts what the test rendered and puts the catalogue back to English, so the next test of the
 * worker starts in the source language: the translation page tests' `afterEach`.
 */
export async function cleanupInEnglish(): Promise<void> {
  cleanup();
  await act(() => applyLanguage('en'));
}

/**
 * Submits the page's one form as it is (empty) and waits for the validation to show: with no
 * `shown`, an alert; with a text, that text exactly once; with a pattern, at least one match.
 */
export async function submitEmpty(shown?: Matcher, options?: waitForOptions): Promise<void> {
  await act(async () => {
    fireEvent.submit(screen.getByRole('form'));
  });
  if (shown === undefined) await screen.findAllByRole('alert', undefined, options);
  else if (typeof shown === 'string') await screen.findByText(shown, undefined, options);
  else await screen.findAllByText(shown, undefined, options);
}
