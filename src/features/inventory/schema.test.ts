import { describe, expect, it } from 'vitest';
import { binsOf, emptyItemForm, emptyTransactionForm, ITEM_MESSAGES, ItemFormSchema, TRANSACTION_MESSAGES, TransactionFormSchema, truncateName } from './schema';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the item form', () => {
  it('says the spec\'s messages for what is missing or not positive', () => {
    const result = ItemFormSchema.safeParse({ ...emptyItemForm(), unit_size: null, weight: -1, dimensions: { length: 0, width: null, height: 2, unit: 'cm' } });
    expect(messages(result)).toEqual({
      name: ITEM_MESSAGES.nameRequired,
      sku: ITEM_MESSAGES.skuRequired,
      unit_size: ITEM_MESSAGES.positive,
      weight: ITEM_MESSAGES.positive,
      'dimensions.length': ITEM_MESSAGES.positive,
    });
  });

  it('sends empty optional fields as null and trims text', () => {
    const result = ItemFormSchema.parse({ ...emptyItemForm('in'), name: 'Desk Lamp', sku: ' LMP-1 ', brand: '  ' });
    expect(result).toMatchObject({ name: 'Desk Lamp', sku: ' LMP-1 ', brand: null, category: null, weight: null, unit_size: 1, dimensions: { unit: 'in', length: null } });
  });
});

describe('the ledger form', () => {
  it('asks for the bins the kind takes, and a reason for adjustments', () => {
    expect(binsOf('move', 'add')).toEqual({ from: true, to: true });
    expect(binsOf('adjust', 'remove')).toEqual({ from: true, to: false });
    const move = TransactionFormSchema.safeParse({ ...emptyTransactionForm('move'), item_id: 'i', warehouse_id: 'w', quantity: 2, from_bin_id: 'b', to_bin_id: 'b' });
    expect(messages(move)).toEqual({ to_bin_id: TRANSACTION_MESSAGES.sameBin });
    const adjust = TransactionFormSchema.safeParse({ ...emptyTransactionForm('adjust'), item_id: 'i', warehouse_id: 'w', quantity: 1.5 });
    expect(messages(adjust)).toEqual({ quantity: TRANSACTION_MESSAGES.quantity, to_bin_id: TRANSACTION_MESSAGES.bin, reason: TRANSACTION_MESSAGES.reason });
  });
});

describe('the items list', () => {
  it('shows at most 50 characters of a name', () => {
    expect(truncateName('x'.repeat(50))).toBe('x'.repeat(50));
    expect(truncateName('y'.repeat(51))).toBe(`${'y'.repeat(50)}…`);
  });
});
