// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../lib/i18n/catalogue';
import { Barcode } from './Barcode';

afterEach(async () => {
  cleanup();
  await act(() => applyLanguage('en'));
});

describe('Barcode', () => {
  it('draws the Code 128 bars as an image named by its text, with the text under it', () => {
    render(<Barcode text="ACME-000123" />);
    const image = screen.getByRole('img', { name: 'Barcode ACME-000123' });
    expect(image.querySelector('svg path')).not.toBeNull();
    expect(screen.getByText('ACME-000123')).toBeInTheDocument();
  });

  it.each([
    ['es', 'Código de barras ACME-000123'],
    ['fr', 'Code-barres ACME-000123'],
  ] as const)('is named in %s', async (language, name) => {
    await act(() => applyLanguage(language));
    await act(async () => {
      render(
        <Suspense fallback="loading">
          <Barcode text="ACME-000123" />
        </Suspense>,
      );
    });
    expect(await screen.findByRole('img', { name })).toBeInTheDocument();
  });

  it('shows the text alone when it cannot be encoded', () => {
    const { container } = render(<Barcode text="" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('figcaption')).toBeInTheDocument();
  });
});
