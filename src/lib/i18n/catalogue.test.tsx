// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, defineCatalogue, keepLoaded, useT, type Translation } from './catalogue';
import { browserLanguage, resolveLanguage } from './languages';

const en = { greeting: 'Hello {name}', parcels: '{count, plural, one {# parcel} other {# parcels}}' } as const;
const es = { greeting: 'Hola {name}', parcels: '{count, plural, one {# paquete} other {# paquetes}}' } satisfies Translation<typeof en>;
const fr = { greeting: 'Bonjour {name}', parcels: '{count, plural, one {# colis} other {# colis}}' } satisfies Translation<typeof en>;
const catalogue = defineCatalogue('test', en, { es: async () => ({ default: es }), fr: async () => ({ default: fr }) });

function Greeting() {
  const t = useT(catalogue);
  return (
    <p>
      {t('greeting', { name: 'Ana' })}, {t('parcels', { count: 3 })}
    </p>
  );
}

describe('useT', () => {
  it('speaks English, then switches every mounted screen to a loaded language at once', async () => {
    await act(() => applyLanguage('en'));
    render(
      <Suspense fallback="loading">
        <Greeting />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ana, 3 parcels')).toBeInTheDocument();
    await act(() => applyLanguage('fr'));
    expect(screen.getByText('Bonjour Ana, 3 colis')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    await act(() => applyLanguage('es'));
    expect(screen.getByText('Hola Ana, 3 paquetes')).toBeInTheDocument();
    await act(() => applyLanguage('en'));
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('which language', () => {
  it('takes the user’s own choice, else the tenant’s, else the browser’s, else English', () => {
    expect(resolveLanguage({ own: 'fr', tenant: 'es', browser: 'en' })).toBe('fr');
    expect(resolveLanguage({ own: null, tenant: 'es', browser: 'fr' })).toBe('es');
    expect(resolveLanguage({ browser: 'fr' })).toBe('fr');
    expect(resolveLanguage({})).toBe('en');
    expect(resolveLanguage({ own: null, reader: 'fr', tenant: 'es', browser: 'en' })).toBe('fr');
    expect(resolveLanguage({ own: 'es', reader: 'fr' })).toBe('es');
  });

  it('reads the browser’s first language the app speaks', () => {
    expect(browserLanguage(['de-DE', 'es-MX', 'en'])).toBe('es');
    expect(browserLanguage(['de'])).toBeNull();
  });
});

describe('useT while a catalogue loads', () => {
  afterEach(cleanup);

  it('suspends the first screen shown in a language without React’s warning about a conditional use()', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const fresh = defineCatalogue('test-fresh', en, { es: async () => ({ default: es }), fr: async () => ({ default: fr }) });
      function FreshGreeting() {
        const t = useT(fresh);
        return <p>{t('greeting', { name: 'Ana' })}</p>;
      }
      await act(() => applyLanguage('es'));
      await act(async () => {
        render(
          <Suspense fallback="loading">
            <FreshGreeting />
          </Suspense>,
        );
      });
      expect(screen.getByText('Hola Ana')).toBeInTheDocument();
      // Switching to a language not loaded yet, and back to one loaded, renders without a fallback frame in between.
      await act(() => applyLanguage('fr'));
      expect(screen.getByText('Bonjour Ana')).toBeInTheDocument();
      await act(() => applyLanguage('en'));
      expect(screen.getByText('Hello Ana')).toBeInTheDocument();
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      await act(() => applyLanguage('en'));
    }
  });
});

describe('keepLoaded', () => {
  it('loads a catalogue with each language switch, so the screen that first shows it later never shows the fallback', async () => {
    const loads: string[] = [];
    const kept = defineCatalogue('test-kept', en, {
      es: async () => (loads.push('es'), { default: es }),
      fr: async () => (loads.push('fr'), { default: fr }),
    });
    function KeptGreeting() {
      const t = useT(kept);
      return <p>{t('greeting', { name: 'Ana' })}</p>;
    }
    try {
      await act(() => applyLanguage('en'));
      keepLoaded(kept);
      await act(() => applyLanguage('fr'));
      expect(loads).toEqual(['fr']);
      // Mounted after the switch, in a fresh tree: its words are there at the first frame.
      await act(async () => {
        render(
          <Suspense fallback="loading">
            <KeptGreeting />
          </Suspense>,
        );
      });
      expect(screen.queryByText('loading')).not.toBeInTheDocument();
      expect(screen.getByText('Bonjour Ana')).toBeInTheDocument();
    } finally {
      cleanup();
      await act(() => applyLanguage('en'));
    }
  });
});

describe('the pseudo-locale switch', () => {
  afterEach(() => {
    cleanup();
    window.localStorage.removeItem('waypost:pseudo-locale');
    vi.resetModules();
  });

  it('is read once at start from localStorage, shows every message pseudo-accented and ignores language choices', async () => {
    window.localStorage.setItem('waypost:pseudo-locale', 'on');
    vi.resetModules();
    const fresh = await import('./catalogue');
    const area = fresh.defineCatalogue('test-pseudo', en, { es: async () => ({ default: es }), fr: async () => ({ default: fr }) });
    function PseudoGreeting() {
      const t = fresh.useT(area);
      return <p>{t('greeting', { name: 'Ana' })}</p>;
    }
    await act(async () => {
      render(
        <Suspense fallback="loading">
          <PseudoGreeting />
        </Suspense>,
      );
    });
    expect(await screen.findByText('⟦Ĥéļļö Ana··⟧')).toBeInTheDocument();
    await act(() => fresh.applyLanguage('fr'));
    expect(screen.getByText('⟦Ĥéļļö Ana··⟧')).toBeInTheDocument();
    expect(fresh.getLanguage()).toBe('en');
  });

  it('is off for any other value', async () => {
    window.localStorage.setItem('waypost:pseudo-locale', 'true');
    vi.resetModules();
    const fresh = await import('./catalogue');
    const area = fresh.defineCatalogue('test-plain', en, { es: async () => ({ default: es }), fr: async () => ({ default: fr }) });
    function PlainGreeting() {
      const t = fresh.useT(area);
      return <p>{t('greeting', { name: 'Ana' })}</p>;
    }
    render(<PlainGreeting />);
    expect(screen.getByText('Hello Ana')).toBeInTheDocument();
  });
});
