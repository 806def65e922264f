// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { applyLanguage } from '../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../test/page-words';
import { ChunkLoadErrorScreen } from './errors/ChunkLoadErrorScreen';
import { ConfigErrorPage } from './errors/ConfigErrorPage';
import { CrashPage } from './errors/CrashPage';
import { ForbiddenPage } from './errors/ForbiddenPage';
import { NotFoundPage } from './errors/NotFoundPage';
import { ServerErrorPage } from './errors/ServerErrorPage';
import { MainLayout } from './layouts/MainLayout';

vi.mock('../features/brand/BrandLogo', () => ({ BrandLogo: () => <span>Waypost</span> }));

afterEach(async () => {
  cleanup();
  await act(() => applyLanguage('en'));
});

async function show(node: ReactNode, path = '/about') {
  const location = memoryLocation({ path });
  await act(async () => {
    render(
      <Router hook={location.hook}>
        <Suspense fallback={<span data-testid="suspended" />}>{node}</Suspense>
      </Router>,
    );
  });
  // A language's catalogues load the first time a screen shows them.
  await waitFor(() => expect(screen.queryByTestId('suspended')).not.toBeInTheDocument(), { timeout: 5000 });
}

async function allScreensText(): Promise<string> {
  const screens: [ReactNode, string?][] = [
    [<MainLayout key="full">page</MainLayout>],
    [<MainLayout key="home">page</MainLayout>, '/'],
    [<NotFoundPage key="404" />],
    [<ForbiddenPage key="403" />],
    [<ServerErrorPage key="500" />],
    [<ChunkLoadErrorScreen key="chunk" chunkError onTryAgain={() => {}} />],
    [<ChunkLoadErrorScreen key="other" chunkError={false} onTryAgain={() => {}} />],
    [<CrashPage key="crash" />],
    [<ConfigErrorPage key="config" problems={['VITE_SUPABASE_URL is not a URL']} />],
  ];
  let text = '';
  for (const [node, path] of screens) {
    await show(node, path);
    text += pageWords() + '\n' + document.title + '\n';
    cleanup();
  }
  return text;
}

/** English words of the public layout and the error screens that must not survive a translation. */
const ENGLISH = [
  'Home',
  'Open menu',
  'Main navigation',
  'Sign in',
  'All rights reserved',
  'Deliveries, warehouses',
  'Legal',
  'Terms and condition',
  'Privacy policy',
  'Contact',
  'Contact us',
  'Social media',
  'Sorry',
  'page not found',
  'Go to home',
  'Permission denied',
  'You do not have permission',
  'Internal server error',
  'Try again',
  'Something went wrong',
  'Failed to load page resources',
  'An unexpected error',
  'Reload Page',
  'Try Again',
  'Reload the page',
  'is not configured correctly',
  'The app was built',
  'to your',
  'build the app',
];

describe('the public layout and the error screens', () => {
  it('keep their English', async () => {
    await show(<MainLayout>page</MainLayout>);
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Social media' })).toBeInTheDocument();
    cleanup();
    await show(<NotFoundPage />);
    expect(screen.getByRole('heading', { name: 'Sorry, page not found!' })).toBeInTheDocument();
    expect(document.title).toContain('404 page not found! | Error');
    cleanup();
    await show(<ConfigErrorPage problems={[]} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY to your Supabase project's API URL and anon key (or leave both unset to use the local stack that serves this page), then build the app again.",
    );
  });

  it.each([
    ['es', ['Iniciar sesión', 'Redes sociales', '¡Lo sentimos, página no encontrada!', 'Permiso denegado', 'Recargar la página', 'Define VITE_SUPABASE_URL y VITE_SUPABASE_ANON_KEY']],
    ['fr', ['Se connecter', 'Réseaux sociaux', 'Désolé, page introuvable !', 'Accès refusé', 'Recharger la page', 'Définissez VITE_SUPABASE_URL et VITE_SUPABASE_ANON_KEY']],
  ] as const)('speak %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    const text = await allScreensText();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });
});
