import { describe, expect, it } from 'vitest';
import { amountDiffers, emptyRemitForm, remitFormSchema, sumCod, type UnremittedDelivery } from './schema';

const delivery = (id: string, cod: number): UnremittedDelivery => ({ id, delivery_code: id.toUpperCase(), delivered_at: null, cod_amount: cod, currency: 'USD', dropoff_address: null });
const messages = (input: unknown) => {
  const result = remitFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const valid = { ...emptyRemitForm('driver-1'), delivery_ids: ['a'], amount: 10.1 };

describe('sumCod', () => {
  it('adds the chosen deliveries in cents', () => {
    const list = [delivery('a', 0.1), delivery('b', 0.2), delivery('c', 99.99)];
    expect(sumCod(list, ['a', 'b'])).toBe(0.3);
    expect(sumCod(list, [])).toBe(0);
    expect(sumCod(list, ['a', 'c', 'zz'])).toBe(100.09);
  });
});

describe('amountDiffers', () => {
  it('compares to the cent and ignores an empty amount', () => {
    expect(amountDiffers(0.3, 0.1 + 0.2)).toBe(false);
    expect(amountDiffers(10, 10.01)).toBe(true);
    expect(amountDiffers(null, 5)).toBe(false);
  });
});

describe('remitFormSchema', () => {
  it('takes a complete form, with or without a reason (the database decides that)', () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, amount: 3, discrepancy_reason: '' })).toEqual([]);
  });
  it('wants a driver, a delivery, an amount and a method', () => {
    expect(messages(emptyRemitForm())).toEqual(['driver_id: Choose a driver', 'delivery_ids: Choose at least one delivery', 'amount: Enter the amount']);
    expect(messages({ ...valid, method: 'cheque' })).toEqual(['method: Choose a method: cash, bank transfer, card or other']);
  });
  it('refuses a negative amount or one with fractions of a cent', () => {
    expect(messages({ ...valid, amount: -1 })).toEqual(['amount: The amount must be 0 or more']);
    expect(messages({ ...valid, amount: 1.005 })).toEqual(['amount: Enter the amount with at most 2 decimals']);
    expect(messages({ ...valid, amount: 0 })).toEqual([]);
  });
  it('limits the note and the reason', () => {
    expect(messages({ ...valid, note: 'x'.repeat(2001) })).toEqual(['note: The note must be at most 2000 characters']);
    expect(messages({ ...valid, discrepancy_reason: 'x'.repeat(501) })).toEqual(['discrepancy_reason: The reason must be at most 500 characters']);
  });
});
