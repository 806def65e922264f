// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { filterField } from './filter-field';
import { FilterSelect } from './FilterSelect';
import { FilterText } from './FilterText';
import { LabelledFilter } from './LabelledFilter';

afterEach(cleanup);

type Draft = { status?: 'open' | 'closed'; lot?: string };

function Drawer({ initial }: { initial: Draft }) {
  const [draft, setDraft] = useState<Draft>(initial);
  const field = filterField(draft, setDraft);
  return (
    <>
      <FilterSelect<'open' | 'closed'> label="Status" options={[{ value: 'open', label: 'Open' }, { value: 'closed', label: 'Closed' }]} {...field('status')} />
      <FilterText label="Lot" {...field('lot')} />
      <output>{JSON.stringify(draft)}</output>
    </>
  );
}

describe('filterField', () => {
  it('shows each filter of the draft in its control', () => {
    render(<Drawer initial={{ status: 'closed', lot: 'L-7' }} />);
    expect(screen.getByLabelText('Status')).toHaveValue('closed');
    expect(screen.getByLabelText('Lot')).toHaveValue('L-7');
  });

  it('sets only its own filter, keeping the others, and undefined for Any', () => {
    render(<Drawer initial={{ lot: 'L-7' }} />);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'open' } });
    expect(screen.getByRole('status')).toHaveTextContent('{"lot":"L-7","status":"open"}');
    fireEvent.change(screen.getByLabelText('Lot'), { target: { value: 'L-8' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({ lot: 'L-8' });
  });
});

describe('LabelledFilter', () => {
  it('names the control it frames by its label', () => {
    render(<LabelledFilter label="Brand">{(id) => <input id={id} />}</LabelledFilter>);
    expect(screen.getByRole('textbox', { name: 'Brand' })).toBeInTheDocument();
  });
});
