import { describe, expect, it } from 'vitest';
import { itemsFor, PUT_BACK_MESSAGES, putBackSchema, refundLimit, ReturnFormSchema, toReturnFormValues, toReturnWrite, type ReturnFormInput, type ReturnRow } from './schema';

const packages = [
  { description: 'Running shoes', quantity: 2, weight_kg: 1.5 },
  { description: null, quantity: 1, weight_kg: 3 },
];

const valid = (): ReturnFormInput => ({
  delivery_id: '7b4a4c8e-3c56-4f0e-9d59-0d9b7b0e2a11',
  reason: 'damaged',
  reason_text: '',
  items: itemsFor(packages).map((item, index) => ({ ...item, selected: index === 0, quantity: 1 })),
  photos: [],
  refund_amount: 10,
  refund_limit: 32.5,
  currency: 'USD',
  notes: '',
});

function messages(input: ReturnFormInput): Record<string, string> {
  const result = ReturnFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('ReturnFormSchema (the words of private.return_request_problems)', () => {
  it('accepts a valid request', () => {
    expect(messages(valid())).toEqual({});
  });

  it('requires a delivery and a reason', () => {
    expect(messages({ ...valid(), delivery_id: '', reason: '' })).toEqual({ delivery_id: 'Delivery is required', reason: 'Reason is required' });
  });

  it('asks for the text of an other reason, at most 1000 characters', () => {
    expect(messages({ ...valid(), reason: 'other' })).toEqual({ reason_text: 'Describe the reason for the return' });
    expect(messages({ ...valid(), reason: 'other', reason_text: '   ' })).toEqual({ reason_text: 'Describe the reason for the return' });
    expect(messages({ ...valid(), reason_text: 'x'.repeat(1001) })).toEqual({ reason_text: 'The reason must be at most 1000 characters' });
  });

  it('needs at least one chosen line, each with a whole quantity up to what was delivered', () => {
    const none = valid();
    none.items = none.items.map((item) => ({ ...item, selected: false }));
    expect(messages(none)).toEqual({ items: 'Choose at least one item to return' });
    const tooMany = valid();
    tooMany.items[0] = { ...tooMany.items[0]!, quantity: 3 };
    expect(messages(tooMany)).toEqual({ 'items.0.quantity': 'Quantity cannot be more than the 2 delivered' });
    const fraction = valid();
    fraction.items[0] = { ...fraction.items[0]!, quantity: 1.5 };
    expect(messages(fraction)).toEqual({ 'items.0.quantity': 'Quantity must be a whole number of at least 1' });
    const empty = valid();
    empty.items[0] = { ...empty.items[0]!, quantity: null };
    expect(messages(empty)).toEqual({ 'items.0.quantity': 'Quantity must be a whole number of at least 1' });
    // A line not chosen is not checked.
    const unchosen = valid();
    unchosen.items[1] = { ...unchosen.items[1]!, quantity: 99 };
    expect(messages(unchosen)).toEqual({});
  });

  it('keeps the refund between 0 and the price plus cash on delivery', () => {
    expect(messages({ ...valid(), refund_amount: -1 })).toEqual({ refund_amount: 'Refund amount must be 0 or more' });
    expect(messages({ ...valid(), refund_amount: null })).toEqual({ refund_amount: 'Refund amount must be 0 or more' });
    expect(messages({ ...valid(), refund_amount: 32.51 })).toEqual({
      refund_amount: "Refund amount cannot be more than the delivery's price and cash on delivery (32.50 USD)",
    });
    expect(messages({ ...valid(), refund_amount: 32.5 })).toEqual({});
  });
});

describe('lines and writes', () => {
  it('one line per package, named by its description or its position', () => {
    expect(itemsFor(packages)).toEqual([
      { package_index: 0, description: 'Running shoes', selected: false, quantity: 2, max_quantity: 2 },
      { package_index: 1, description: 'Package 2', selected: false, quantity: 1, max_quantity: 1 },
    ]);
    expect(itemsFor(packages, [{ package_index: 1, description: 'Lamp', quantity: 1 }])[1]).toEqual({
      package_index: 1,
      description: 'Lamp',
      selected: true,
      quantity: 1,
      max_quantity: 1,
    });
  });

  it('writes the chosen lines only, and the reason text only when there is one', () => {
    const output = ReturnFormSchema.parse(valid());
    expect(toReturnWrite(output, ['a/b.png'])).toEqual({
      reason: 'damaged',
      reason_text: null,
      items: [{ package_index: 0, description: 'Running shoes', quantity: 1 }],
      photos: ['a/b.png'],
      refund_amount: 10,
      notes: '',
    });
  });

  it('a stored request fills the form with its lines and its delivery\'s limit', () => {
    const row = {
      delivery_id: 'd',
      reason: 'other',
      reason_text: 'Too small',
      items: [{ package_index: 0, description: 'Running shoes', quantity: 2 }],
      photos: ['t/p.png'],
      refund_amount: 5,
      currency: 'GBP',
      notes: 'n',
      delivery_packages: packages,
      delivery_price: 20,
      delivery_cod_amount: 12.5,
    } as unknown as ReturnRow;
    const values = toReturnFormValues(row, (ref) => `https://files/${ref}`);
    expect(values.items[0]).toMatchObject({ selected: true, quantity: 2 });
    expect(values.items[1]).toMatchObject({ selected: false });
    expect(values.photos).toEqual(['https://files/t/p.png']);
    expect(values.refund_limit).toBe(32.5);
    expect(refundLimit({ price: 0.1, cod_amount: 0.2 })).toBe(0.3);
  });
});

describe('putting a return back into stock', () => {
  it('takes an item, a bin, a whole quantity above 0 and available or damaged', () => {
    expect(putBackSchema.safeParse({ item_id: 'i', bin_id: 'b', quantity: 2, condition: 'damaged' }).success).toBe(true);
  });

  it("says what is missing in the form's words", () => {
    const result = putBackSchema.safeParse({ item_id: '', bin_id: '', quantity: 1.5, condition: 'expired' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      PUT_BACK_MESSAGES.item,
      PUT_BACK_MESSAGES.bin,
      PUT_BACK_MESSAGES.quantity,
      PUT_BACK_MESSAGES.condition,
    ]);
  });
});

describe('the put-back dialog’s words', () => {
  it('say the spec’s messages in English, so only the translations differ', async () => {
    const { en } = await import('./messages/en');
    expect([en['validation.item'], en['validation.bin'], en['validation.quantity'], en['validation.condition']]).toEqual([
      PUT_BACK_MESSAGES.item,
      PUT_BACK_MESSAGES.bin,
      PUT_BACK_MESSAGES.quantity,
      PUT_BACK_MESSAGES.condition,
    ]);
  });

  it('count what went back into stock in each language', async () => {
    const { translator } = await import('../../lib/i18n/catalogue');
    const { returnMessages } = await import('./messages');
    const { default: es } = await import('./messages/es');
    const { default: fr } = await import('./messages/fr');
    expect(translator(returnMessages, 'en', returnMessages.en)('putBack.done', { units: 1, code: 'RR-1' })).toBe('1 put back into stock from RR-1');
    expect(translator(returnMessages, 'es', es)('putBack.done', { units: 2, code: 'RR-1' })).toBe('2 unidades reintegradas al inventario desde RR-1');
    expect(translator(returnMessages, 'fr', fr)('putBack.done', { units: 1, code: 'RR-1' })).toBe('1 unité remise en stock depuis RR-1');
  });
});
