// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Lookup } from '../../lib/lookup-option';
import { ToastProvider } from '../toast';
import { Form, LookupField, SubmitButton, useZodForm } from './index';

afterEach(cleanup);

const Schema = z.object({ warehouse_id: z.string().min(1, 'Warehouse is required') });
type Input = z.input<typeof Schema>;

function fakeLookup(): Lookup {
  return {
    search: vi.fn<Lookup['search']>(async (term) => [{ value: 'w1', label: 'Mumbai Central' }, { value: 'w2', label: 'Delhi North' }].filter((w) => w.label.toLowerCase().includes(term.toLowerCase()))),
    resolveLabel: vi.fn<Lookup['resolveLabel']>(async (id) => (id === 'w2' ? 'Delhi North' : null)),
  };
}

function WarehouseForm({ lookup, initial = '', onSubmit = () => {} }: { lookup: Lookup; initial?: string; onSubmit?: (values: Input) => void }) {
  const form = useZodForm(Schema, { defaultValues: { warehouse_id: initial } });
  return (
    <ToastProvider>
      <Form form={form} onSubmit={onSubmit}>
        <LookupField<Input, 'warehouse_id'> name="warehouse_id" label="Warehouse" required lookup={lookup} debounceMs={0} />
        <SubmitButton>Save</SubmitButton>
      </Form>
    </ToastProvider>
  );
}

describe('LookupField', () => {
  it("searches with the lookup's search and submits the chosen id", async () => {
    const lookup = fakeLookup();
    const onSubmit = vi.fn();
    render(<WarehouseForm lookup={lookup} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Warehouse'), 'mum');
    await userEvent.click(await screen.findByRole('option', { name: 'Mumbai Central' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ warehouse_id: 'w1' }));
    expect(lookup.search).toHaveBeenCalledWith('mum', expect.any(AbortSignal), 10);
  });

  it("shows a stored id by the label the lookup's resolveLabel reads", async () => {
    const lookup = fakeLookup();
    render(<WarehouseForm lookup={lookup} initial="w2" />);
    await waitFor(() => expect(screen.getByLabelText('Warehouse')).toHaveValue('Delhi North'));
    expect(lookup.resolveLabel).toHaveBeenCalledWith('w2');
  });
});
