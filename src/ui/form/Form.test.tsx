// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { applyLanguage } from '../../lib/i18n/catalogue';
import { ToastProvider } from '../toast';
import { optionalText, requiredText } from '../../lib/form-schema';
import { ArrayField, Form, NumberField, SelectField, SubmitButton, TextField, TimeField, timeSchema, useZodForm, type SchemaDetail } from './index';
import type { SchemaTranslate } from './Form';

afterEach(cleanup);

const VehicleSchema = z.object({
  name: z.string().min(1, 'Name is required!'),
  code: z.string().min(1, 'Code is required!'),
  capacity_unit: z.number({ error: 'Capacity unit must be a number and greater than 0!' }).min(1, 'Capacity unit must be a number and greater than 0!'),
  fuel_type: z.enum(['petrol', 'diesel'], { error: 'Fuel type is required!' }),
});
type VehicleInput = z.input<typeof VehicleSchema>;

function VehicleForm({ onSubmit, initial }: { onSubmit: (values: z.output<typeof VehicleSchema>) => unknown; initial?: Partial<VehicleInput> }) {
  const form = useZodForm(VehicleSchema, {
    defaultValues: { name: '', code: '', capacity_unit: null as unknown as number, fuel_type: '' as 'petrol', ...initial },
  });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Vehicle">
      <TextField<VehicleInput, 'name'> name="name" label="Name" required help="Printable characters only" />
      <TextField<VehicleInput, 'code'> name="code" label="Code" required />
      <NumberField<VehicleInput, 'capacity_unit'> name="capacity_unit" label="Capacity unit" required min={1} />
      <SelectField<VehicleInput, 'fuel_type'>
        name="fuel_type"
        label="Fuel type"
        required
        options={[
          { value: 'petrol', label: 'Petrol' },
          { value: 'diesel', label: 'Diesel' },
        ]}
      />
      <SubmitButton>Save</SubmitButton>
    </Form>
  );
}

const renderInApp = (ui: React.ReactElement) => render(<ToastProvider>{ui}</ToastProvider>);
const descriptionOf = (element: HTMLElement) => element.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent);

describe('Form', () => {
  it('shows the schema messages under their fields, marked invalid and described', async () => {
    const onSubmit = vi.fn();
    renderInApp(<VehicleForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(descriptionOf(name)).toEqual(['Printable characters only', 'Name is required!']);
    expect(descriptionOf(screen.getByLabelText('Code'))).toEqual(['Code is required!']);
    expect(screen.getByText('Capacity unit must be a number and greater than 0!')).toBeInTheDocument();
    expect(screen.getByText('Fuel type is required!')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits parsed values (a number for the number field)', async () => {
    const onSubmit = vi.fn();
    renderInApp(<VehicleForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Truck');
    await userEvent.type(screen.getByLabelText('Code'), 'TRK-1');
    await userEvent.type(screen.getByLabelText('Capacity unit'), '12');
    await userEvent.selectOptions(screen.getByLabelText('Fuel type'), 'diesel');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Truck', code: 'TRK-1', capacity_unit: 12, fuel_type: 'diesel' }));
  });

  it('puts server details on the matching fields and the rest in one toast', async () => {
    const onSubmit = vi.fn().mockRejectedValue({
      code: 'P0001',
      message: 'Validation failed',
      details: JSON.stringify([
        { field: 'code', message: 'Code already exists' },
        { field: 'tenant_id', message: 'Tenant ID is required' },
      ]),
      hint: null,
    });
    renderInApp(<VehicleForm onSubmit={onSubmit} initial={{ name: 'Truck', code: 'TRK-1', capacity_unit: 3, fuel_type: 'petrol' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const code = screen.getByLabelText('Code');
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(descriptionOf(code)).toEqual(['Code already exists']);
    expect(code).toHaveFocus();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('toast')).toHaveTextContent('Tenant ID is required');
  });

  it('shows an error with no field details as a toast only', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new Error('Failed to update vehicle'));
    renderInApp(<VehicleForm onSubmit={onSubmit} initial={{ name: 'Truck', code: 'TRK-1', capacity_unit: 3, fuel_type: 'petrol' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to update vehicle');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });
});

describe('useZodForm translate', () => {
  const NoteSchema = z.object({ title: requiredText('Title is required', 5), note: optionalText(3) });
  function NoteForm({ translate }: { translate: SchemaTranslate }) {
    const form = useZodForm(NoteSchema, { defaultValues: { title: 'x'.repeat(6), note: 'long' } }, translate);
    return (
      <Form form={form} onSubmit={() => {}} aria-label="Note">
        <TextField<z.input<typeof NoteSchema>, 'title'> name="title" label="Title" />
        <TextField<z.input<typeof NoteSchema>, 'note'> name="note" label="Note" />
        <SubmitButton>Save</SubmitButton>
      </Form>
    );
  }

  it('hands each message its rule’s length limit, so no translator reads the number back from the English', async () => {
    const translate = vi.fn((message: string, detail?: SchemaDetail) => (typeof detail?.maxLength === 'number' ? `max ${detail.maxLength}` : message));
    renderInApp(<NoteForm translate={translate} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('max 5')).toBeInTheDocument();
    expect(screen.getByText('max 3')).toBeInTheDocument();
    expect(translate).toHaveBeenCalledWith('Must be at most 5 characters', { maxLength: 5 });
    expect(translate).toHaveBeenCalledWith('Must be at most 3 characters', { maxLength: 3 });
  });
});

describe('TimeField', () => {
  const Schema = z.object({ start: timeSchema('Start time is required', 'Invalid time format (HH:mm)') });
  function TimeForm({ onSubmit }: { onSubmit: (values: { start: string }) => void }) {
    const form = useZodForm(Schema, { defaultValues: { start: '' } });
    return (
      <Form form={form} onSubmit={onSubmit}>
        <TimeField name="start" label="Start time" required />
        <SubmitButton>Save</SubmitButton>
      </Form>
    );
  }

  it('refuses what is not HH:mm 24-hour and pads what it can read', async () => {
    const onSubmit = vi.fn();
    renderInApp(<TimeForm onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Start time');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Start time is required')).toBeInTheDocument();

    await userEvent.type(input, '25:00');
    await userEvent.tab();
    expect(await screen.findByText('Invalid time format (HH:mm)')).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, '930');
    await userEvent.tab();
    expect(input).toHaveValue('09:30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ start: '09:30' }));
    expect(screen.queryByText('Invalid time format (HH:mm)')).not.toBeInTheDocument();
  });
});

describe('ArrayField', () => {
  const Schema = z.object({
    items: z.array(z.object({ item_id: z.string().min(1, 'Item is required'), bin_id: z.string().min(1, 'Bin is required') })).min(1),
  });
  type Input = z.input<typeof Schema>;
  function ItemsForm({ onSubmit }: { onSubmit: (values: Input) => void }) {
    const form = useZodForm(Schema, { defaultValues: { items: [{ item_id: '', bin_id: '' }] } });
    return (
      <Form form={form} onSubmit={onSubmit}>
        <ArrayField<Input, 'items'> name="items" label="Items" min={1} newRow={() => ({ item_id: '', bin_id: '' })} addLabel="Add Item" removeLabel="Remove Item">
          {(index) => (
            <>
              <TextField<Input, `items.${number}.item_id`> name={`items.${index}.item_id`} label="Item" required />
              <TextField<Input, `items.${number}.bin_id`> name={`items.${index}.bin_id`} label="Bin" required />
            </>
          )}
        </ArrayField>
        <SubmitButton>Save</SubmitButton>
      </Form>
    );
  }

  it('adds and removes rows, hiding Remove at the minimum', async () => {
    const onSubmit = vi.fn();
    renderInApp(<ItemsForm onSubmit={onSubmit} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Remove Item/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getAllByRole('button', { name: /Remove Item/ })).toHaveLength(3);

    const rows = screen.getAllByRole('listitem');
    await userEvent.type(within(rows[0]!).getByLabelText('Item'), 'first');
    await userEvent.type(within(rows[1]!).getByLabelText('Item'), 'second');
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Remove Item 1' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(within(screen.getAllByRole('listitem')[0]!).getByLabelText('Item')).toHaveValue('second');

    await userEvent.click(screen.getByRole('button', { name: 'Remove Item 2' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Remove Item/ })).not.toBeInTheDocument();
  });

  it('shows row errors under the row fields and applies server errors on row paths', async () => {
    const onSubmit = vi.fn().mockRejectedValue([{ field: 'items[0].bin_id', message: 'Bin is full' }]);
    renderInApp(<ItemsForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Item is required')).toBeInTheDocument();
    expect(screen.getByText('Bin is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Item'), 'i1');
    await userEvent.type(screen.getByLabelText('Bin'), 'b1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bin is full')).toBeInTheDocument();
    expect(screen.getByLabelText('Bin')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});

describe('Form with keyed server refusals', () => {
  afterEach(async () => {
    await act(() => applyLanguage('en'));
  });

  it.each([
    ['es', 'El servicio Bike Rush no está activo', 'No hay un precio activo para Same Day de SoMa a Mission'],
    ['fr', 'Le service Bike Rush n’est pas actif', 'Aucun prix actif pour Same Day de SoMa à Mission'],
  ] as const)('shows them in the page’s language (%s): under a field it renders, and the rest in one toast', async (language, underName, toast) => {
    await act(() => applyLanguage(language));
    const onSubmit = vi.fn().mockRejectedValue({
      code: '23514',
      message: 'Validation failed',
      details: JSON.stringify([
        { field: 'name', key: 'quote.service_inactive', message: 'Service Bike Rush is not active', params: { service: 'Bike Rush' } },
        { field: 'route', key: 'quote.no_price', message: 'No active price for Same Day from SoMa to Mission', params: { service: 'Same Day', origin: 'SoMa', destination: 'Mission' } },
        { field: 'code', key: 'vehicle.some_newer_rule', message: 'A newer rule' },
      ]),
    });
    await act(async () => {
      renderInApp(
        <Suspense fallback="loading">
          <VehicleForm onSubmit={onSubmit} initial={{ name: 'Truck', code: 'TRK-1', capacity_unit: 12, fuel_type: 'diesel' }} />
        </Suspense>,
      );
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(underName)).toBeInTheDocument();
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(screen.getByText('A newer rule')).toBeInTheDocument();
    expect(screen.queryByText('Service Bike Rush is not active')).toBeNull();
  });
});
