// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { deferred, type Deferred } from '../../test/deferred';
import { ToastProvider } from '../toast';
import { ComboboxField, Form, SubmitButton, useZodForm, type LookupOption, type LookupSearch } from './index';

afterEach(cleanup);

const Schema = z.object({ warehouse_id: z.string({ error: 'Warehouse is required' }).min(1, 'Warehouse is required') });
type Input = z.input<typeof Schema>;

const warehouses: LookupOption[] = [
  { value: 'w1', label: 'Mumbai Central' },
  { value: 'w2', label: 'Mumbai Port' },
  { value: 'w3', label: 'Delhi North' },
];

function WarehouseForm({ search, initial, resolveLabel, onSubmit = () => {} }: { search: LookupSearch; initial?: string; resolveLabel?: (value: string) => Promise<string | null>; onSubmit?: (values: Input) => void }) {
  const form = useZodForm(Schema, { defaultValues: { warehouse_id: initial ?? (null as unknown as string) } });
  return (
    <ToastProvider>
      <Form form={form} onSubmit={onSubmit}>
        <ComboboxField<Input, 'warehouse_id'> name="warehouse_id" label="Warehouse" required search={search} resolveLabel={resolveLabel} debounceMs={300} />
        <SubmitButton>Save</SubmitButton>
      </Form>
    </ToastProvider>
  );
}

/** A form whose stored value the test replaces, as a record read again does. */
function SwitchingForm({ resolveLabel }: { resolveLabel: (value: string) => Promise<string | null> }) {
  const form = useZodForm(Schema, { defaultValues: { warehouse_id: 'w1' } });
  return (
    <ToastProvider>
      <Form form={form} onSubmit={() => {}}>
        <ComboboxField<Input, 'warehouse_id'> name="warehouse_id" label="Warehouse" required search={fakeSearch()} resolveLabel={resolveLabel} debounceMs={300} />
        <button type="button" onClick={() => form.setValue('warehouse_id', 'w2')}>Show w2</button>
        <button type="button" onClick={() => form.setValue('warehouse_id', 'w1')}>Show w1</button>
      </Form>
    </ToastProvider>
  );
}

const fakeSearch = () =>
  vi.fn<LookupSearch>(async (term, _signal, limit) => warehouses.filter((w) => w.label.toLowerCase().includes(term.toLowerCase())).slice(0, limit));

describe('ComboboxField', () => {
  it('searches once after typing pauses, with the term, an abort signal and limit 10', async () => {
    const search = fakeSearch();
    render(<WarehouseForm search={search} />);
    await userEvent.type(screen.getByLabelText('Warehouse'), 'mum');
    expect(await screen.findByRole('option', { name: 'Mumbai Central' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Mumbai Port' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Delhi North' })).not.toBeInTheDocument();
    // Focus opened it with '' and each keystroke restarted the pause: one request, for the whole term.
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('mum', expect.any(AbortSignal), 10);
  });

  it('leaves the rest of the form usable when a failed submit focuses it and its list opens', async () => {
    render(<WarehouseForm search={fakeSearch()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Warehouse is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Warehouse')).toHaveFocus());
    expect(await screen.findByRole('option', { name: 'Mumbai Central' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' }).closest('[inert]')).toBeNull();
  });

  it('keeps the typed term and the form unsubmitted when Enter is pressed while the lookup is still searching', async () => {
    const onSubmit = vi.fn();
    render(<WarehouseForm search={fakeSearch()} onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Warehouse');
    await userEvent.type(input, 'mum{Enter}');
    expect(input).toHaveValue('mum');
    expect(input).toHaveFocus();
    await userEvent.click(await screen.findByRole('option', { name: 'Mumbai Port' }));
    expect(input).toHaveValue('Mumbai Port');
    expect(screen.queryByText('Warehouse is required')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('holds the chosen id and shows its label', async () => {
    const onSubmit = vi.fn();
    render(<WarehouseForm search={fakeSearch()} onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Warehouse');
    await userEvent.type(input, 'delhi');
    await userEvent.click(await screen.findByRole('option', { name: 'Delhi North' }));
    expect(input).toHaveValue('Delhi North');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ warehouse_id: 'w3' }));
  });

  it('on edit shows the stored value by its label', async () => {
    const resolveLabel = vi.fn(async (value: string) => warehouses.find((w) => w.value === value)?.label ?? null);
    render(<WarehouseForm search={fakeSearch()} initial="w2" resolveLabel={resolveLabel} />);
    await waitFor(() => expect(screen.getByLabelText('Warehouse')).toHaveValue('Mumbai Port'));
    expect(resolveLabel).toHaveBeenCalledWith('w2');
  });

  it('drops the label answer for a value the field no longer holds', async () => {
    const answers: Deferred<string | null>[] = [];
    const resolveLabel = vi.fn(() => {
      const answer = deferred<string | null>();
      answers.push(answer);
      return answer.promise;
    });
    render(<SwitchingForm resolveLabel={resolveLabel} />);
    expect(resolveLabel).toHaveBeenLastCalledWith('w1');
    await userEvent.click(screen.getByRole('button', { name: 'Show w2' }));
    expect(resolveLabel).toHaveBeenLastCalledWith('w2');
    await act(async () => answers[1]!.resolve('Mumbai Port'));
    expect(screen.getByLabelText('Warehouse')).toHaveValue('Mumbai Port');
    await act(async () => answers[0]!.resolve('Stale Central'));
    // The late answer for w1 was not kept: holding w1 again looks its label up anew.
    await userEvent.click(screen.getByRole('button', { name: 'Show w1' }));
    expect(screen.getByLabelText('Warehouse')).not.toHaveValue('Stale Central');
    expect(resolveLabel).toHaveBeenCalledTimes(3);
    await act(async () => answers[2]!.resolve('Mumbai Central'));
    expect(screen.getByLabelText('Warehouse')).toHaveValue('Mumbai Central');
  });

  it('shows No results for a failed lookup, silently, and Retry searches again', async () => {
    const search = vi.fn<LookupSearch>().mockRejectedValueOnce(new Error('network down')).mockResolvedValue([warehouses[0]!]);
    render(<WarehouseForm search={search} />);
    await userEvent.type(screen.getByLabelText('Warehouse'), 'mum');
    expect(await screen.findByText('No results')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('option', { name: 'Mumbai Central' })).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('describes the input by its help and, once there is one, its error', async () => {
    function Described() {
      const form = useZodForm(Schema, { defaultValues: { warehouse_id: null as unknown as string } });
      return (
        <ToastProvider>
          <Form form={form} onSubmit={() => {}}>
            <ComboboxField<Input, 'warehouse_id'> name="warehouse_id" label="Warehouse" required help="Where the stock is kept" search={fakeSearch()} />
            <SubmitButton>Save</SubmitButton>
          </Form>
        </ToastProvider>
      );
    }
    render(<Described />);
    expect(screen.getByLabelText('Warehouse')).toHaveAccessibleDescription('Where the stock is kept');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Warehouse is required');
    await waitFor(() => expect(screen.getByLabelText('Warehouse')).toHaveAccessibleDescription(/Warehouse is required/));
  });

  it('says No results for an empty answer and shows the schema message under the field', async () => {
    const search = vi.fn<LookupSearch>().mockResolvedValue([]);
    render(<WarehouseForm search={search} />);
    await userEvent.type(screen.getByLabelText('Warehouse'), 'zzz');
    expect(await screen.findByText('No results')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Warehouse is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Warehouse')).toHaveAttribute('aria-invalid', 'true');
  });
});
