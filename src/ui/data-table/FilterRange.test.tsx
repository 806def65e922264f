// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterDateRange } from './FilterDateRange';
import { FilterNumberRange } from './FilterNumberRange';

afterEach(cleanup);

describe('FilterDateRange', () => {
  it('is a group named by its label holding From and To date inputs, each bounding the other', () => {
    render(<FilterDateRange label="Requested" from="2026-01-02" to="2026-01-31" onChange={() => {}} />);
    expect(screen.getByRole('group', { name: 'Requested' })).toBeInTheDocument();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveAttribute('type', 'date');
    expect(from).toHaveValue('2026-01-02');
    expect(from).toHaveAttribute('max', '2026-01-31');
    expect(from).not.toHaveAttribute('min');
    expect(to).toHaveValue('2026-01-31');
    expect(to).toHaveAttribute('min', '2026-01-02');
    expect(to).not.toHaveAttribute('max');
  });

  it('answers the changed end and keeps the other; a cleared end is open (undefined)', () => {
    const onChange = vi.fn();
    render(<FilterDateRange label="Date" from="2026-01-02" to={undefined} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    expect(onChange.mock.calls.map(([range]) => range as unknown)).toEqual([
      { from: '2026-01-02', to: '2026-02-01' },
      { from: undefined, to: undefined },
    ]);
  });
});

describe('FilterNumberRange', () => {
  it('is a group named by its label holding Min and Max number inputs, neither below 0', () => {
    render(<FilterNumberRange label="Quantity" min={3} max={10} onChange={() => {}} />);
    expect(screen.getByRole('group', { name: 'Quantity' })).toBeInTheDocument();
    const min = screen.getByLabelText('Min');
    const max = screen.getByLabelText('Max');
    expect(min).toHaveAttribute('type', 'number');
    expect(min).toHaveValue(3);
    expect(min).toHaveAttribute('min', '0');
    expect(min).toHaveAttribute('max', '10');
    expect(max).toHaveValue(10);
    expect(max).toHaveAttribute('min', '3');
    expect(max).not.toHaveAttribute('max');
  });

  it('answers whole numbers of 0 or more, undefined when blank', () => {
    const onChange = vi.fn();
    render(<FilterNumberRange label="Quantity" min={undefined} max={5} onChange={onChange} />);
    expect(screen.getByLabelText('Max')).toHaveAttribute('min', '0');
    fireEvent.change(screen.getByLabelText('Min'), { target: { value: '4.7' } });
    fireEvent.change(screen.getByLabelText('Max'), { target: { value: '-2' } });
    fireEvent.change(screen.getByLabelText('Max'), { target: { value: '' } });
    expect(onChange.mock.calls.map(([range]) => range as unknown)).toEqual([
      { min: 4, max: 5 },
      { min: undefined, max: 0 },
      { min: undefined, max: undefined },
    ]);
  });
});
