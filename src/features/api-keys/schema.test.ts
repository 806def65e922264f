import { describe, expect, it } from 'vitest';
import { apiKeyFormSchema, toIsoExpiry, toLocalInput } from './schema';

const now = new Date('2026-12-01T12:00:00Z');
const schema = apiKeyFormSchema(() => now);
const valid = { name: ' Shop sync ', description: '', expires_at: '', is_active: true };

describe('apiKeyFormSchema', () => {
  it('trims the name and accepts a key that never expires', () => {
    expect(schema.parse(valid)).toEqual({ ...valid, name: 'Shop sync' });
  });

  it('refuses a name of spaces with the spec message', () => {
    const result = schema.safeParse({ ...valid, name: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['name'], message: 'Name is required' });
  });

  it('refuses an expiry earlier than now, accepts a later one', () => {
    const past = schema.safeParse({ ...valid, expires_at: toLocalInput('2026-12-01T11:00:00Z') });
    expect(past.error?.issues[0]).toMatchObject({ path: ['expires_at'], message: 'Expiry cannot be earlier than now' });
    expect(schema.safeParse({ ...valid, expires_at: toLocalInput('2026-12-02T12:00:00Z') }).success).toBe(true);
  });

  it('converts between the datetime-local text and ISO', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toIsoExpiry('')).toBeNull();
    expect(toIsoExpiry(toLocalInput('2027-01-01T10:30:00.000Z'))).toBe('2027-01-01T10:30:00.000Z');
  });
});
