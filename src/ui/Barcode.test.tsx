// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Barcode } from './Barcode';

afterEach(cleanup);

describe('Barcode', () => {
  it('draws the Code 128 bars as an image named by its text, with the text under it', () => {
    render(<Barcode text="ACME-000123" />);
    const image = screen.getByRole('img', { name: 'Barcode ACME-000123' });
    expect(image.querySelector('svg path')).not.toBeNull();
    expect(screen.getByText('ACME-000123')).toBeInTheDocument();
  });

  it('shows the text alone when it cannot be encoded', () => {
    const { container } = render(<Barcode text="" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('figcaption')).toBeInTheDocument();
  });
});
