// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterCheckboxes } from './FilterCheckboxes';

afterEach(cleanup);

const OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'assigned', label: 'Assigned' },
  { value: 'delivered', label: 'Delivered' },
] as const;

describe('FilterCheckboxes', () => {
  it('checks the chosen values and adds a choice in the options\' order', () => {
    const onChange = vi.fn();
    render(<FilterCheckboxes label="Status" value={['delivered']} options={OPTIONS} onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Delivered' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pending' }));
    expect(onChange).toHaveBeenLastCalledWith(['pending', 'delivered']);
  });

  it('removes an unchecked value', () => {
    const onChange = vi.fn();
    render(<FilterCheckboxes label="Status" value={['pending', 'assigned']} options={OPTIONS} onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pending' }));
    expect(onChange).toHaveBeenLastCalledWith(['assigned']);
  });
});
