// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DetailCell } from './DetailCell';

afterEach(cleanup);

describe('DetailCell', () => {
  it('draws what the row is over its muted detail, cut to one line when asked', () => {
    render(<DetailCell main="Damaged" detail="Box crushed at the corner" strong truncate />);
    expect(screen.getByText('Damaged')).toHaveClass('block', 'font-medium');
    expect(screen.getByText('Box crushed at the corner')).toHaveClass('block', 'max-w-xs', 'truncate', 'text-xs');
  });

  it('draws no detail line for an empty detail, and a plain main line unless strong', () => {
    const { container } = render(<DetailCell main="Ana Ruiz" detail={null} />);
    expect(screen.getByText('Ana Ruiz')).toHaveClass('block');
    expect(screen.getByText('Ana Ruiz')).not.toHaveClass('font-medium');
    expect(container.querySelectorAll('span span')).toHaveLength(1);
  });
});
