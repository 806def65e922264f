import { describe, expect, it } from 'vitest';
import { emptyLine, RECEIVE_ORDER_MESSAGES, ReceiveOrderFormSchema, toWrite } from './schema';

const ID = 'a5000000-0000-4000-8000-000000000001';
const messages = (value: unknown) => {
  const parsed = ReceiveOrderFormSchema.safeParse(value);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the receive order form', () => {
  it("says what is missing in the database's words", () => {
    expect(messages({ supplier_id: '', warehouse_id: '', reference: '', expected_date: '', notes: '', lines: [] })).toEqual({
      supplier_id: RECEIVE_ORDER_MESSAGES.supplier,
      warehouse_id: RECEIVE_ORDER_MESSAGES.warehouse,
      lines: RECEIVE_ORDER_MESSAGES.lines,
    });
    expect(messages({ supplier_id: ID, warehouse_id: ID, reference: '', expected_date: '', notes: '', lines: [{ ...emptyLine(), expected_quantity: 1.5 }] })).toEqual({
      'lines.0.item_id': RECEIVE_ORDER_MESSAGES.item,
      'lines.0.expected_quantity': RECEIVE_ORDER_MESSAGES.quantity,
    });
    expect(messages({ supplier_id: ID, warehouse_id: ID, reference: '', expected_date: '', notes: '', lines: [{ ...emptyLine(), item_id: ID, expected_quantity: 2, serial_number: 'SN1' }] })).toEqual({
      'lines.0.serial_number': RECEIVE_ORDER_MESSAGES.serial,
    });
  });

  it('sends blanks as absent', () => {
    const values = ReceiveOrderFormSchema.parse({ supplier_id: ID, warehouse_id: ID, reference: ' ', expected_date: '', notes: '', lines: [{ ...emptyLine(), item_id: ID, expected_quantity: 3, lot_number: ' L1 ' }] });
    expect(toWrite(values)).toEqual({
      supplier_id: ID,
      warehouse_id: ID,
      reference: null,
      expected_date: null,
      notes: null,
      lines: [{ item_id: ID, expected_quantity: 3, lot_number: 'L1', serial_number: null, target_bin_id: null }],
    });
  });
});
