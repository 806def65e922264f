// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterActive } from './FilterActive';

afterEach(cleanup);

describe('FilterActive', () => {
  it('offers Any, Active and Inactive under Status, showing the value it holds', () => {
    render(<FilterActive value={false} onChange={() => {}} />);
    const select = screen.getByLabelText('Status');
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.text)).toEqual(['Any', 'Active', 'Inactive']);
    expect(select).toHaveValue('false');
  });

  it('answers true, false, or undefined for Any', () => {
    const onChange = vi.fn();
    render(<FilterActive value={undefined} onChange={onChange} />);
    const select = screen.getByLabelText('Status');
    fireEvent.change(select, { target: { value: 'true' } });
    fireEvent.change(select, { target: { value: 'false' } });
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange.mock.calls.map(([v]) => v as unknown)).toEqual([true, false, undefined]);
  });
});
