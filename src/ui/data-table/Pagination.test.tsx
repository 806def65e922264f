// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination';

afterEach(cleanup);

const props = { page: 0, pageSize: 25, pageSizes: [25, 50], onPageChange: vi.fn(), onPageSizeChange: vi.fn() };

describe('Pagination', () => {
  it('shows an exact total as it is', () => {
    render(<Pagination {...props} total={60} />);
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
  });

  it('says "about" for an estimated total, and still pages on', () => {
    render(<Pagination {...props} page={1} total={8260} approximate />);
    expect(screen.getByText('26–50 of about 8,260')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });
});
