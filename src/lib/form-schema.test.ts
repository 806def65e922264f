import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromLocalInput, notBelow, numberFrom, requiredId, toLocalInput, today } from './form-schema';

const messagesOf = (schema: z.ZodType, value: unknown) => (schema.safeParse(value).error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('requiredId', () => {
  const id = requiredId('Warehouse is required');

  it('says its message for nothing chosen, null as well as blank', () => {
    expect(messagesOf(id, '')).toEqual([': Warehouse is required']);
    expect(messagesOf(id, null)).toEqual([': Warehouse is required']);
    expect(id.parse('w1')).toBe('w1');
  });
});

describe('numberFrom', () => {
  const hours = numberFrom(0, 720, 'Hours are required', 'Hours must be from 0 to 720');

  it('says required for no number (an emptied input: null or NaN) and the range outside it, bounds included', () => {
    expect(messagesOf(hours, null)).toEqual([': Hours are required']);
    expect(messagesOf(hours, -1)).toEqual([': Hours must be from 0 to 720']);
    expect(messagesOf(hours, 721)).toEqual([': Hours must be from 0 to 720']);
    expect(messagesOf(hours, Number.NaN)).toEqual([': Hours are required']);
    expect(hours.parse(0)).toBe(0);
    expect(hours.parse(720)).toBe(720);
  });
});

describe('notBelow', () => {
  const schema = z
    .object({ name: z.string().min(1, 'Name is required'), min: z.number(), max: z.number() })
    .refine(...notBelow('min', 'max', 'Max must not be less than min'));

  it('says its message on the max when it is below the min, an equal max passing', () => {
    expect(messagesOf(schema, { name: 'a', min: 5, max: 2 })).toEqual(['max: Max must not be less than min']);
    expect(schema.safeParse({ name: 'a', min: 5, max: 5 }).success).toBe(true);
  });

  it('is checked while another field is still wrong, but not before both are numbers', () => {
    expect(messagesOf(schema, { name: '', min: 5, max: 2 })).toEqual(['name: Name is required', 'max: Max must not be less than min']);
    expect(messagesOf(schema, { name: '', min: 5, max: null })).toEqual(['name: Name is required', 'max: Invalid input: expected number, received null']);
  });
});

describe('today', () => {
  it('is the local calendar day, as a date input holds it', () => {
    const lateEvening = new Date(2026, 11, 31, 23, 30);
    expect(today(lateEvening)).toBe('2026-12-31');
    expect(today(new Date(2027, 0, 1, 0, 5))).toBe('2027-01-01');
  });
});

describe('datetime-local values', () => {
  it('go to ISO and back in the browser zone, empty or unreadable as none', () => {
    const iso = fromLocalInput('2026-11-25T09:30');
    expect(iso).toBe(new Date(2026, 10, 25, 9, 30).toISOString());
    expect(toLocalInput(iso)).toBe('2026-11-25T09:30');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('soon')).toBeNull();
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a time')).toBe('');
  });
});
