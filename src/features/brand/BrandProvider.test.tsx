// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrandRecord } from './schema';

/** Each slug's brand read waits for the test to answer it. */
const answers = new Map<string, { resolve: (record: BrandRecord | null) => void; reject: (error: unknown) => void }>();
const asked: string[] = [];

vi.mock('./api', () => ({
  fetchTenantBrand: (slug: string) =>
    new Promise<BrandRecord | null>((resolve, reject) => {
      asked.push(slug);
      answers.set(slug, { resolve, reject });
    }),
  fetchSystemBrand: () => new Promise(() => undefined),
}));
vi.mock('./live', () => ({ watchTenantBrand: () => () => undefined }));
vi.mock('../../lib/tenant', () => ({ useTenantId: () => null }));
vi.mock('../../lib/env', () => ({ requireEnv: () => ({ supabaseUrl: 'http://127.0.0.1:54321' }) }));

const { BrandProvider, useBrand } = await import('./BrandProvider');
const { readCachedBrand } = await import('./cache');

const brand = (slug: string, name: string): BrandRecord => ({ tenantId: `${slug}-id`, slug, name, logoUrl: null, settings: null });

function Shown() {
  const { status, name, reload } = useBrand();
  return (
    <p data-testid="brand" onClick={reload}>
      {status}: {name}
    </p>
  );
}

afterEach(() => {
  cleanup();
  answers.clear();
  asked.length = 0;
  localStorage.clear();
});

describe('BrandProvider', () => {
  it('shows the brand of the slug in the URL, not a slower answer for the slug before it', async () => {
    const { rerender } = render(
      <BrandProvider tenantSlug="acme">
        <Shown />
      </BrandProvider>,
    );
    expect(screen.getByTestId('brand')).toHaveTextContent('loading: Waypost');
    rerender(
      <BrandProvider tenantSlug="globex">
        <Shown />
      </BrandProvider>,
    );
    await act(async () => answers.get('globex')!.resolve(brand('globex', 'Globex')));
    await act(async () => answers.get('acme')!.resolve(brand('acme', 'Acme')));
    expect(screen.getByTestId('brand')).toHaveTextContent('ready: Globex');
    // Only the answer taken is cached for the next visit.
    expect(readCachedBrand('globex')?.name).toBe('Globex');
    expect(readCachedBrand('acme')).toBeNull();
  });

  it('keeps the brand while a reload is on its way, and the system brand when the read fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <BrandProvider tenantSlug="acme">
        <Shown />
      </BrandProvider>,
    );
    await act(async () => answers.get('acme')!.resolve(brand('acme', 'Acme')));
    expect(screen.getByTestId('brand')).toHaveTextContent('ready: Acme');
    act(() => screen.getByTestId('brand').click());
    expect(asked).toEqual(['acme', 'acme']);
    expect(screen.getByTestId('brand')).toHaveTextContent('ready: Acme');
    await act(async () => answers.get('acme')!.reject(new Error('offline')));
    // The cached brand (written by the first answer) stands in for the failed read.
    expect(screen.getByTestId('brand')).toHaveTextContent('error: Acme');
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('says not found for an unknown slug', async () => {
    render(
      <BrandProvider tenantSlug="nobody">
        <Shown />
      </BrandProvider>,
    );
    await act(async () => answers.get('nobody')!.resolve(null));
    expect(screen.getByTestId('brand')).toHaveTextContent('not-found: Waypost');
  });
});
