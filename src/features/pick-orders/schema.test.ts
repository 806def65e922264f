import { describe, expect, it } from 'vitest';
import { emptyPickOrderForm, PICK_ORDER_MESSAGES, pickOrderFormSchema, toPickOrderWrite } from './schema';

const schema = pickOrderFormSchema(() => '2026-12-01');

function messages(values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const valid = {
  ...emptyPickOrderForm('ACME-PK00042'),
  warehouse_id: 'a5000000-0000-4000-8000-000000000001',
  item_details: [{ item_id: 'c2000000-0000-4000-8000-000000000001', bin_id: 'b1', quantity: 2, picked_quantity: 0 }],
};

describe('the pick order form', () => {
  it('says each required field in the spec words', () => {
    expect(messages({ ...emptyPickOrderForm(''), reference_number: '  ' })).toMatchObject({
      warehouse_id: PICK_ORDER_MESSAGES.warehouseRequired,
      reference_number: 'Reference number is required',
      'item_details.0.item_id': 'Item is required',
      'item_details.0.bin_id': 'Bin is required',
    });
    expect(PICK_ORDER_MESSAGES.warehouseRequired).toBe('Warehouse is required');
  });

  it('takes a due date from today on, not before', () => {
    expect(messages({ ...valid, due_date: '2026-11-30' })).toEqual({ due_date: 'Due date cannot be before today' });
    expect(messages({ ...valid, due_date: '2026-12-01' })).toEqual({});
    expect(messages({ ...valid, due_date: '' })).toEqual({});
  });

  it('defaults to an individual order of priority 1 with one line of quantity 1, nothing picked', () => {
    const empty = emptyPickOrderForm('ACME-PK00001');
    expect(empty).toMatchObject({ order_type: 'individual', priority: 1, reference_number: 'ACME-PK00001' });
    expect(empty.item_details).toEqual([{ item_id: '', bin_id: '', quantity: 1, picked_quantity: 0 }]);
  });

  it('refuses a quantity below 1 and a pick above the quantity', () => {
    expect(messages({ ...valid, item_details: [{ ...valid.item_details[0], quantity: 0 }] })).toEqual({
      'item_details.0.quantity': 'Quantity must be a whole number above 0',
    });
    expect(messages({ ...valid, item_details: [{ ...valid.item_details[0], picked_quantity: 3 }] })).toEqual({
      'item_details.0.picked_quantity': 'Picked quantity cannot be more than the quantity',
    });
  });

  it('sends the spec shape: item_details, picking_progress, empty texts as null', () => {
    const parsed = schema.parse({ ...valid, notes: '  ', picker_notes: 'Short on B01' });
    expect(toPickOrderWrite(parsed)).toEqual({
      warehouse_id: valid.warehouse_id,
      reference_number: 'ACME-PK00042',
      external_reference: null,
      order_type: 'individual',
      priority: 1,
      assigned_to: null,
      due_date: null,
      notes: null,
      picking_progress: { picker_notes: 'Short on B01' },
      item_details: [{ item_id: 'c2000000-0000-4000-8000-000000000001', bin_id: 'b1', quantity: 2, picked_quantity: 0 }],
    });
  });
});

describe('the moved toast', () => {
  it('says where the order landed, in each language', async () => {
    const { translator } = await import('../../lib/i18n/catalogue');
    const { pickOrderMessages } = await import('./messages');
    const en = translator(pickOrderMessages, 'en', pickOrderMessages.en);
    const es = translator(pickOrderMessages, 'es', (await import('./messages/es')).default);
    expect(['in_progress', 'completed', 'cancelled'].map((status) => en('toast.moved', { status }))).toEqual(['Pick order in progress', 'Pick order completed', 'Pick order cancelled']);
    expect(es('toast.moved', { status: 'cancelled' })).toBe('Orden de preparación cancelada');
  });
});
